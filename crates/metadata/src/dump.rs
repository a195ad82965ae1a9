//! A compact, readable text rendering of an assembly model, one line per type and member, for
//! snapshot tests and debugging. Types are written C#-like (`int`, `List`1<T>`); references to
//! other assemblies carry their scope (`[mscorlib]System.Object`), value types a `valuetype` mark.

use crate::model::*;
use smol_str::SmolStr;
use std::fmt::Write;

pub fn dump(asm: &Assembly) -> String {
    let mut out = String::new();
    let v = |v: [u16; 4]| format!("{}.{}.{}.{}", v[0], v[1], v[2], v[3]);
    let _ = writeln!(out, "assembly {} {}", asm.name, v(asm.version));
    for r in &asm.references {
        let _ = writeln!(out, "reference {} {}", r.name, v(r.version));
    }
    for f in &asm.forwarders {
        let dot = if f.namespace.is_empty() { "" } else { "." };
        let _ = writeln!(
            out,
            "forwarder {}{dot}{} -> {}",
            f.namespace, f.name, f.target
        );
    }
    for (i, ty) in asm.types.iter().enumerate() {
        type_def(&mut out, asm, i, ty);
    }
    out
}

fn type_def(out: &mut String, asm: &Assembly, index: usize, ty: &TypeDef) {
    let cx = Cx {
        type_params: &ty.generic_params,
        method_params: &[],
    };
    let mut head = format!("type {index} {}", visibility(ty.visibility));
    for (on, word) in [
        (ty.is_static, "static"),
        (
            ty.is_abstract && !ty.is_static && ty.kind == TypeKind::Class,
            "abstract",
        ),
        (
            ty.is_sealed && !ty.is_static && ty.kind == TypeKind::Class,
            "sealed",
        ),
    ] {
        if on {
            head += " ";
            head += word;
        }
    }
    let kind = match ty.kind {
        TypeKind::Class => "class",
        TypeKind::Struct => "struct",
        TypeKind::Interface => "interface",
        TypeKind::Enum => "enum",
        TypeKind::Delegate => "delegate",
    };
    let _ = write!(out, "{head} {kind} {}", ty.full_name(asm));
    let own = ty.generic_params.len() - ty.arity as usize;
    generic_list(out, &ty.generic_params[own.min(ty.generic_params.len())..]);
    if let Some(d) = ty.declaring {
        let _ = write!(out, " in {d}");
    }
    if ty.namespace.is_empty() && ty.declaring.is_none() {
        out.push_str(" (global namespace)");
    }
    out.push('\n');
    let bases: Vec<String> = ty
        .base
        .iter()
        .chain(&ty.interfaces)
        .map(|b| cx.sig(b))
        .collect();
    if !bases.is_empty() {
        let _ = writeln!(out, "  : {}", bases.join(", "));
    }
    constraints(out, &cx, &ty.generic_params);
    if let Some(m) = &ty.default_member {
        let _ = writeln!(out, "  [DefaultMember({m})]");
    }
    if ty.is_extension_container {
        out.push_str("  [Extension]\n");
    }
    for f in ty.fields() {
        let mut line = format!("  field {}", visibility(f.visibility));
        for (on, word) in [
            (f.is_static && !f.is_literal, "static"),
            (f.is_literal, "const"),
            (f.is_init_only, "readonly"),
        ] {
            if on {
                line += " ";
                line += word;
            }
        }
        let _ = write!(
            out,
            "{line} {}{} {}",
            cx.sig(&f.ty),
            tuple_names(&f.tuple_names),
            f.name
        );
        if let Some(c) = &f.constant {
            let _ = write!(out, " = {}", constant(c));
        }
        out.push('\n');
    }
    for (i, m) in ty.methods().iter().enumerate() {
        method(out, &cx, i, m);
    }
    for p in ty.properties() {
        let stat = if p.is_static { "static " } else { "" };
        let _ = write!(
            out,
            "  property {stat}{}{} {}",
            cx.sig(&p.ty),
            tuple_names(&p.tuple_names),
            p.name
        );
        if !p.params.is_empty() {
            let _ = write!(out, "[{}]", params(&cx, &p.params));
        }
        accessor(out, "get", p.getter);
        accessor(out, "set", p.setter);
        out.push('\n');
    }
    for e in ty.events() {
        let stat = if e.is_static { "static " } else { "" };
        let _ = write!(out, "  event {stat}{} {}", cx.sig(&e.ty), e.name);
        accessor(out, "add", e.adder);
        accessor(out, "remove", e.remover);
        out.push('\n');
    }
}

fn method(out: &mut String, type_cx: &Cx<'_>, index: usize, m: &Method) {
    let cx = Cx {
        type_params: type_cx.type_params,
        method_params: &m.generic_params,
    };
    let _ = write!(out, "  method {index} {}", visibility(m.visibility));
    for (on, word) in [
        (m.is_static, "static"),
        (m.is_abstract, "abstract"),
        (m.is_virtual && !m.is_abstract, "virtual"),
        (m.is_final, "final"),
        (m.is_new_slot, "newslot"),
        (m.is_special_name, "specialname"),
        (m.is_extension, "[Extension]"),
    ] {
        if on {
            out.push(' ');
            out.push_str(word);
        }
    }
    if !m.conditions.is_empty() {
        let _ = write!(out, " [Conditional({})]", m.conditions.join(", "));
    }
    let _ = write!(
        out,
        " {}{}{} {}",
        ref_kind(m.ret_ref),
        cx.sig(&m.ret),
        tuple_names(&m.ret_tuple_names),
        m.name
    );
    generic_list(out, &m.generic_params);
    let _ = writeln!(out, "({})", params(&cx, &m.params));
    constraints(out, &cx, &m.generic_params);
}

fn params(cx: &Cx<'_>, params: &[Param]) -> String {
    let rendered: Vec<String> = params
        .iter()
        .map(|p| {
            let mut s = String::new();
            if p.is_params {
                s += "params ";
            }
            s += ref_kind(p.ref_kind);
            s += &cx.sig(&p.ty);
            s += &tuple_names(&p.tuple_names);
            if !p.name.is_empty() {
                s += " ";
                s += &p.name;
            }
            if p.is_optional {
                s += " [opt]";
            }
            if let Some(c) = &p.default {
                s += " = ";
                s += &constant(c);
            }
            s
        })
        .collect();
    rendered.join(", ")
}

/// `[TupleElementNames]` after the type it names, `_` for an unnamed element; nothing when absent.
fn tuple_names(names: &[Option<SmolStr>]) -> String {
    if names.is_empty() {
        return String::new();
    }
    let names: Vec<&str> = names.iter().map(|n| n.as_deref().unwrap_or("_")).collect();
    format!(" [TupleElementNames({})]", names.join(", "))
}

fn accessor(out: &mut String, word: &str, index: Option<u32>) {
    if let Some(i) = index {
        let _ = write!(out, " {word}={i}");
    }
}

fn generic_list(out: &mut String, params: &[GenericParam]) {
    if params.is_empty() {
        return;
    }
    let names: Vec<String> = params
        .iter()
        .map(|p| {
            let variance = match p.variance {
                Variance::None => "",
                Variance::Covariant => "out ",
                Variance::Contravariant => "in ",
            };
            format!("{variance}{}", p.name)
        })
        .collect();
    let _ = write!(out, "<{}>", names.join(", "));
}

fn constraints(out: &mut String, cx: &Cx<'_>, params: &[GenericParam]) {
    for p in params {
        let mut parts = Vec::new();
        if p.reference_type {
            parts.push("class".to_owned());
        }
        if p.value_type {
            parts.push("struct".to_owned());
        }
        parts.extend(p.constraints.iter().map(|c| cx.sig(c)));
        if p.default_ctor {
            parts.push("new()".to_owned());
        }
        if !parts.is_empty() {
            let _ = writeln!(out, "    where {} : {}", p.name, parts.join(", "));
        }
    }
}

fn visibility(v: Visibility) -> &'static str {
    match v {
        Visibility::Public => "public",
        Visibility::Protected => "protected",
        Visibility::ProtectedInternal => "protected internal",
        Visibility::Internal => "internal",
        Visibility::PrivateProtected => "private protected",
        Visibility::Private => "private",
    }
}

fn ref_kind(r: RefKind) -> &'static str {
    match r {
        RefKind::None => "",
        RefKind::Ref => "ref ",
        RefKind::RefReadonly => "ref readonly ",
        RefKind::Out => "out ",
        RefKind::In => "in ",
    }
}

fn constant(c: &Constant) -> String {
    match c {
        Constant::Bool(b) => b.to_string(),
        Constant::Char(u) => format!("'\\u{u:04X}'"),
        Constant::I64(i) => i.to_string(),
        Constant::U64(u) => format!("{u}u"),
        Constant::F32(bits) => format!("{:?}f", f32::from_bits(*bits)),
        Constant::F64(bits) => format!("{:?}d", f64::from_bits(*bits)),
        Constant::String(s) => format!("{s:?}"),
        Constant::Null => "null".to_owned(),
    }
}

/// Names for `!n` and `!!n` from the generic parameters in scope.
struct Cx<'a> {
    type_params: &'a [GenericParam],
    method_params: &'a [GenericParam],
}

impl Cx<'_> {
    fn sig(&self, ty: &TypeSig) -> String {
        let param = |params: &[GenericParam], n: u32, bangs: &str| match params.get(n as usize) {
            Some(p) => p.name.to_string(),
            None => format!("{bangs}{n}"),
        };
        match ty {
            TypeSig::Primitive(p) => primitive(*p).to_owned(),
            TypeSig::Named(n) => {
                let mut s = String::new();
                if n.is_value_type {
                    s += "valuetype ";
                }
                if let Some(scope) = &n.scope {
                    let _ = write!(s, "[{scope}]");
                }
                s += &n.full_name;
                if !n.args.is_empty() {
                    let args: Vec<String> = n.args.iter().map(|a| self.sig(a)).collect();
                    let _ = write!(s, "<{}>", args.join(", "));
                }
                s
            }
            TypeSig::TypeParam(n) => param(self.type_params, *n, "!"),
            TypeSig::MethodParam(n) => param(self.method_params, *n, "!!"),
            TypeSig::SzArray(e) => format!("{}[]", self.sig(e)),
            TypeSig::Array(e, rank) => {
                format!(
                    "{}[{}]",
                    self.sig(e),
                    ",".repeat((*rank as usize).saturating_sub(1))
                )
            }
            TypeSig::Pointer(e) => format!("{}*", self.sig(e)),
            TypeSig::ByRef(e) => format!("{}&", self.sig(e)),
            TypeSig::FnPtr => "fnptr".to_owned(),
        }
    }
}

fn primitive(p: Primitive) -> &'static str {
    use Primitive::*;
    match p {
        Void => "void",
        Boolean => "bool",
        Char => "char",
        SByte => "sbyte",
        Byte => "byte",
        Int16 => "short",
        UInt16 => "ushort",
        Int32 => "int",
        UInt32 => "uint",
        Int64 => "long",
        UInt64 => "ulong",
        Single => "float",
        Double => "double",
        String => "string",
        Object => "object",
        IntPtr => "nint",
        UIntPtr => "nuint",
        TypedReference => "TypedReference",
    }
}
