//! Item trees: what lowering keeps of a file's declarations (usings, namespaces, types, members as
//! written), and what it leaves out (bodies, positions).

use expect_test::{Expect, expect};

use crate::{
    Db, FileId, ItemRef, ItemTree, Modifiers, ParamModifier, PathQualifier, Predefined, TypeRef,
    UsingKind, file_item_tree,
    item_tree::{Accessors, MemberOrigin, Param, UsingIdx, Variance},
};

fn check(fixture: &str, expect: Expect) {
    let (db, _) = super::load(fixture);
    let file = db.source_file(FileId(0)).expect("a file");
    let mut out = String::new();
    render_tree(&file_item_tree(&db, file), &mut out);
    expect.assert_eq(&out);
}

fn render_tree(tree: &ItemTree, out: &mut String) {
    render_usings(tree, &tree.top_usings, 0, out);
    for &item in &tree.top_items {
        render_item(tree, item, 0, out);
    }
    if tree.has_top_level_statements {
        out.push_str("top-level statements\n");
    }
}

fn render_usings(tree: &ItemTree, usings: &[UsingIdx], depth: usize, out: &mut String) {
    for &idx in usings {
        let using = &tree.usings[idx];
        let global = if using.is_global { "global " } else { "" };
        let what = match &using.kind {
            UsingKind::Namespace(path) => type_ref(&TypeRef::Path(path.clone())),
            UsingKind::Static(ty) => format!("static {}", type_ref(ty)),
            UsingKind::Alias(alias, ty) => format!("{alias} = {}", type_ref(ty)),
        };
        line(out, depth, &format!("{global}using {what}"));
    }
}

fn render_item(tree: &ItemTree, item: ItemRef, depth: usize, out: &mut String) {
    match item {
        ItemRef::Namespace(idx) => {
            let ns = &tree.namespaces[idx];
            let scoped = if ns.file_scoped { " (file-scoped)" } else { "" };
            line(
                out,
                depth,
                &format!("namespace {}{scoped}", ns.name.join(".")),
            );
            render_usings(tree, &ns.usings, depth + 1, out);
            for &item in &ns.items {
                render_item(tree, item, depth + 1, out);
            }
        }
        ItemRef::Type(idx) => {
            let ty = &tree.types[idx];
            let mut head = format!(
                "{}{:?} {}{}",
                modifiers(ty.modifiers),
                ty.kind,
                ty.name,
                variant_params(&ty.type_params, &ty.variances)
            );
            if let Some(params) = &ty.primary_ctor {
                head.push_str(&format!("({})", self::params(params)));
            }
            if let Some(ret) = &ty.delegate_return {
                head.push_str(&format!(
                    "({}) -> {}",
                    self::params(&ty.delegate_params),
                    type_ref(ret)
                ));
            }
            if !ty.bases.is_empty() {
                let bases: Vec<String> = ty.bases.iter().map(type_ref).collect();
                head.push_str(&format!(" : {}", bases.join(", ")));
            }
            for bound in &ty.bounds {
                let types: Vec<String> = bound.types.iter().map(type_ref).collect();
                let value = if bound.value_type { "struct " } else { "" };
                head.push_str(&format!(
                    " where {} : {value}{}",
                    bound.param,
                    types.join(", ")
                ));
            }
            line(out, depth, &head);
            for &idx in &ty.members {
                let member = &tree.members[idx];
                let mut text = format!(
                    "{}{:?} {}{}",
                    modifiers(member.modifiers),
                    member.kind,
                    member.name,
                    type_params(&member.type_params)
                );
                if !member.params.is_empty() {
                    text.push_str(&format!("({})", params(&member.params)));
                }
                if let Some(ty) = &member.ty {
                    text.push_str(&format!(": {}", type_ref(ty)));
                }
                text.push_str(&accessors(member.accessors));
                if member.origin != MemberOrigin::Declared {
                    text.push_str(&format!(" [{:?}]", member.origin));
                }
                if member.has_body {
                    text.push_str(" {..}");
                }
                line(out, depth + 1, &text);
            }
            for &nested in &ty.nested {
                render_item(tree, ItemRef::Type(nested), depth + 1, out);
            }
        }
    }
}

fn line(out: &mut String, depth: usize, text: &str) {
    out.push_str(&"  ".repeat(depth));
    out.push_str(text);
    out.push('\n');
}

/// ` { get; set; }` for a property, indexer or event that declares accessors.
fn accessors(a: Accessors) -> String {
    let written: Vec<&str> = [
        (a.get, "get"),
        (a.set, "set"),
        (a.init, "init"),
        (a.add, "add"),
        (a.remove, "remove"),
    ]
    .into_iter()
    .filter_map(|(has, name)| has.then_some(name))
    .collect();
    if written.is_empty() {
        return String::new();
    }
    format!(" {{ {}; }}", written.join("; "))
}

fn modifiers(m: Modifiers) -> String {
    const WORDS: [&str; 23] = [
        "public",
        "private",
        "protected",
        "internal",
        "file",
        "static",
        "abstract",
        "sealed",
        "virtual",
        "override",
        "new",
        "partial",
        "readonly",
        "const",
        "extern",
        "async",
        "unsafe",
        "volatile",
        "required",
        "ref",
        "fixed",
        "implicit",
        "explicit",
    ];
    WORDS
        .iter()
        .filter(|w| Modifiers::from_keyword(w).is_some_and(|bit| m.contains(bit)))
        .map(|w| format!("{w} "))
        .collect()
}

/// `<out T, in U>`: type parameters with the variance written on them.
fn variant_params(params: &[smol_str::SmolStr], variances: &[Variance]) -> String {
    let written: Vec<String> = params
        .iter()
        .zip(variances.iter().chain(std::iter::repeat(&Variance::None)))
        .map(|(p, v)| match v {
            Variance::None => p.to_string(),
            Variance::Covariant => format!("out {p}"),
            Variance::Contravariant => format!("in {p}"),
        })
        .collect();
    type_params(&written)
}

fn type_params(params: &[impl AsRef<str>]) -> String {
    if params.is_empty() {
        return String::new();
    }
    let params: Vec<&str> = params.iter().map(AsRef::as_ref).collect();
    format!("<{}>", params.join(", "))
}

fn params(params: &[Param]) -> String {
    let rendered: Vec<String> = params
        .iter()
        .map(|p| {
            let modifier = match p.modifier {
                ParamModifier::None => "",
                ParamModifier::Ref => "ref ",
                ParamModifier::Out => "out ",
                ParamModifier::In => "in ",
                ParamModifier::RefReadonly => "ref readonly ",
                ParamModifier::Params => "params ",
                ParamModifier::This => "this ",
            };
            let default = if p.has_default { " = .." } else { "" };
            format!("{modifier}{} {}{default}", type_ref(&p.ty), p.name)
        })
        .collect();
    rendered.join(", ")
}

/// A type reference as C# writes it.
fn type_ref(ty: &TypeRef) -> String {
    match ty {
        TypeRef::Path(path) => {
            let qualifier = match &path.qualifier {
                PathQualifier::None => String::new(),
                PathQualifier::Global => "global::".to_owned(),
                PathQualifier::Alias(alias) => format!("{alias}::"),
            };
            let segments: Vec<String> = path
                .segments
                .iter()
                .map(|s| match &s.args[..] {
                    [] => s.name.to_string(),
                    args => {
                        let args: Vec<String> = args.iter().map(type_ref).collect();
                        format!("{}<{}>", s.name, args.join(", "))
                    }
                })
                .collect();
            qualifier + &segments.join(".")
        }
        TypeRef::Predefined(p) => predefined(*p).to_owned(),
        TypeRef::Array { element, rank } => {
            format!("{}[{}]", type_ref(element), ",".repeat(*rank as usize - 1))
        }
        TypeRef::Nullable(inner) => format!("{}?", type_ref(inner)),
        TypeRef::Pointer(inner) => format!("{}*", type_ref(inner)),
        TypeRef::Ref(inner) => format!("ref {}", type_ref(inner)),
        TypeRef::Tuple(elements) => {
            let elements: Vec<String> = elements
                .iter()
                .map(|e| match &e.name {
                    Some(name) => format!("{} {name}", type_ref(&e.ty)),
                    None => type_ref(&e.ty),
                })
                .collect();
            format!("({})", elements.join(", "))
        }
        TypeRef::FunctionPointer => "delegate*".to_owned(),
        TypeRef::Implicit => "var".to_owned(),
        TypeRef::Error => "<error>".to_owned(),
    }
}

fn predefined(p: Predefined) -> &'static str {
    [
        "bool", "byte", "sbyte", "char", "decimal", "double", "float", "int", "uint", "nint",
        "nuint", "long", "ulong", "short", "ushort", "object", "string", "void", "dynamic",
    ]
    .into_iter()
    .find(|k| Predefined::from_keyword(k) == Some(p))
    .expect("every predefined type has a keyword")
}

#[test]
fn usings_namespaces_and_types_as_written() {
    check(
        r#"
using System;
global using static System.Math;
using Strings = System.Collections.Generic.List<string>;
namespace Shop.Orders
{
    using System.Linq;
    public interface IOrder<out T> { T First { get; } }
    public interface IItem { }
    public abstract class Base<T> { }
    public abstract partial class Order<T> : Base<T>, IOrder<T> where T : IItem, new()
    {
        private readonly int count = 1;
        public Order(int count) { this.count = count; }
        public T this[int i] => default;
        public T First { get { return default; } }
        public int Count { get; private set; }
        public event System.EventHandler Changed;
        public static Order<T> operator +(Order<T> a, Order<T> b) => a;
        public void Add(ref T item, params object[] rest) { }
        protected abstract U Map<U>(System.Func<T, U> f);
        public class Line { public (int Id, string Name) Key; }
    }
    public enum State : byte { Open, Closed = 2 }
    public delegate void Handler(object sender, out int result);
}
"#,
        expect![[r#"
            using System
            global using static System.Math
            using Strings = System.Collections.Generic.List<string>
            namespace Shop.Orders
              using System.Linq
              public Interface IOrder<out T>
                Property First: T { get; }
              public Interface IItem
              public abstract Class Base<T>
                protected Constructor Base [DefaultConstructor]
              public abstract partial Class Order<T> : Base<T>, IOrder<T> where T : IItem
                private readonly Field count: int
                public Constructor Order(int count) {..}
                public Indexer this(int i): T { get; } {..}
                public Property First: T { get; } {..}
                public Property Count: int { get; set; }
                public Event Changed: System.EventHandler { add; remove; }
                public static Operator op_Addition(Order<T> a, Order<T> b): Order<T> {..}
                public Method Add(ref T item, params object[] rest): void {..}
                protected abstract Method Map<U>(System.Func<T, U> f): U
                public Class Line
                  public Field Key: (int Id, string Name)
                  public Constructor Line [DefaultConstructor]
              public Enum State : byte
                public static const EnumMember Open
                public static const EnumMember Closed
              public Delegate Handler(object sender, out int result) -> void
                public Method Invoke(object sender, out int result): void [DelegateInvoke]
                public Method BeginInvoke(object sender, out int result, global::System.AsyncCallback callback, object object): global::System.IAsyncResult [DelegateAsync]
                public Method EndInvoke(out int result, global::System.IAsyncResult result): void [DelegateAsync]
        "#]],
    );
}

#[test]
fn a_file_scoped_namespace_and_records_with_their_implied_members() {
    check(
        r#"
namespace Shop.Billing;

public record Invoice(string Number, decimal Total)
{
    public bool IsPaid { get; init; }
}
public record struct Money(decimal Amount);
public class Ledger(Invoice first)
{
    public Invoice First => first;
}
"#,
        expect![[r#"
            namespace Shop.Billing (file-scoped)
              public RecordClass Invoice(string Number, decimal Total)
                public Property IsPaid: bool { get; init; }
                public Constructor Invoice(string Number, decimal Total) [PrimaryConstructor]
                public Property Number: string { get; init; } [RecordProperty]
                public Property Total: decimal { get; init; } [RecordProperty]
              public RecordStruct Money(decimal Amount)
                public Constructor Money(decimal Amount) [PrimaryConstructor]
                public Property Amount: decimal { get; set; } [RecordProperty]
              public Class Ledger(Invoice first)
                public Property First: Invoice { get; } {..}
                public Constructor Ledger(Invoice first) [PrimaryConstructor]
        "#]],
    );
}

#[test]
fn top_level_statements_are_recorded_and_their_locals_are_not_items() {
    check(
        r#"
using System;

var total = Add(1, 2);
Console.WriteLine(total);
static int Add(int a, int b) => a + b;

class Helper { }
"#,
        expect![[r#"
            using System
            Class Helper
              public Constructor Helper [DefaultConstructor]
            internal partial Class Program
              private static Method <Main>$(string[] args) [TopLevelStatements] {..}
            top-level statements
        "#]],
    );
}

/// Priming's first pass lowers item trees from `syntax::parse_declarations`, whose bodies are one
/// token each: the item tree and its source map must be those of the full tree, on every input.
#[test]
fn declarations_only_trees_lower_as_full_trees() {
    fn check_same(data: &[u8]) {
        let text = String::from_utf8_lossy(data);
        let defines = syntax::Defines::default();
        let full = crate::item_tree::lower::lower_file(&syntax::parse(&text, &defines).tree());
        let declarations =
            crate::item_tree::lower::lower_file(&syntax::parse_declarations(&text, &defines));
        assert!(full == declarations, "item trees differ for {text:?}");
    }
    syntax::fuzz::replay_corpus("analysis", check_same);
    let corpus =
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../tests/fixtures/corpus");
    let mut pending = vec![corpus];
    let mut files = 0;
    while let Some(dir) = pending.pop() {
        for entry in std::fs::read_dir(&dir)
            .expect("the corpus folder")
            .flatten()
        {
            let path = entry.path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "cs") {
                check_same(&std::fs::read(&path).expect("a corpus file"));
                files += 1;
            }
        }
    }
    assert!(files > 0, "no corpus files");
}
