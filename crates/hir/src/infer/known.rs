//! What the language itself says of types outside the sources (the special types C# names: its
//! predefined types and their numeric conversions, delegates and `Expression<T>`, `IEnumerable<T>`
//! for `foreach` and query expressions), as rust-analyzer's lang items. Everything else about
//! framework types comes from their assemblies (`crate::library`).

use smol_str::SmolStr;

use crate::{
    base_db::Db,
    def_map::TypeDecl,
    infer::overload::{Conv, supertypes},
    item_tree::TypeKind,
    resolve::Resolver,
    ty::Ty,
};

const PREDEFINED: &[&str] = &[
    "System.Boolean",
    "System.Byte",
    "System.SByte",
    "System.Char",
    "System.Decimal",
    "System.Double",
    "System.Single",
    "System.Int32",
    "System.UInt32",
    "System.Int64",
    "System.UInt64",
    "System.Int16",
    "System.UInt16",
    "System.Object",
    "System.String",
    "System.Void",
];

pub(crate) fn is_predefined(name: &str) -> bool {
    PREDEFINED.contains(&name)
}

/// Implicit numeric conversions (C# §10.2.3), `None` when either side is not numeric.
pub(crate) fn numeric_conv(from: &str, to: &str) -> Option<Conv> {
    const NUMERIC: &[&str] = &[
        "System.SByte",
        "System.Byte",
        "System.Int16",
        "System.UInt16",
        "System.Int32",
        "System.UInt32",
        "System.Int64",
        "System.UInt64",
        "System.Char",
        "System.Single",
        "System.Double",
        "System.Decimal",
    ];
    if !NUMERIC.contains(&from) || !NUMERIC.contains(&to) {
        return None;
    }
    let targets: &[&str] = match from {
        "System.SByte" => &[
            "System.Int16",
            "System.Int32",
            "System.Int64",
            "System.Single",
            "System.Double",
            "System.Decimal",
        ],
        "System.Byte" => &[
            "System.Int16",
            "System.UInt16",
            "System.Int32",
            "System.UInt32",
            "System.Int64",
            "System.UInt64",
            "System.Single",
            "System.Double",
            "System.Decimal",
        ],
        "System.Int16" => &[
            "System.Int32",
            "System.Int64",
            "System.Single",
            "System.Double",
            "System.Decimal",
        ],
        "System.UInt16" | "System.Char" => &[
            "System.UInt16",
            "System.Int32",
            "System.UInt32",
            "System.Int64",
            "System.UInt64",
            "System.Single",
            "System.Double",
            "System.Decimal",
        ],
        "System.Int32" => &[
            "System.Int64",
            "System.Single",
            "System.Double",
            "System.Decimal",
        ],
        "System.UInt32" => &[
            "System.Int64",
            "System.UInt64",
            "System.Single",
            "System.Double",
            "System.Decimal",
        ],
        "System.Int64" | "System.UInt64" => &["System.Single", "System.Double", "System.Decimal"],
        "System.Single" => &["System.Double"],
        _ => &[],
    };
    Some(if targets.contains(&to) {
        Conv::Implicit
    } else {
        Conv::No
    })
}

/// The parameter types and return type of a delegate type.
pub(crate) fn delegate_shape(db: &dyn Db, ty: &Ty) -> Option<(Vec<Ty>, Ty)> {
    match ty {
        // `event EventHandler<T>? Changed`: the annotation does not change the shape.
        Ty::Nullable(inner) => delegate_shape(db, inner),
        Ty::Source(id, args) => {
            let map = crate::def_map::def_map(db, id.project);
            let def = map.type_def(id.idx);
            if def.kind != TypeKind::Delegate {
                return None;
            }
            let decl: TypeDecl = *def.decls.first()?;
            let file = db.source_file(decl.file)?;
            let tree = crate::item_tree::file_item_tree(db, file);
            let item = &tree.types[decl.item];
            let resolver = Resolver::for_type_decl(db, *id, decl)?;
            let params = item
                .delegate_params
                .iter()
                .map(|p| resolver.resolve(&p.ty).substitute(args))
                .collect();
            let ret = item
                .delegate_return
                .as_ref()
                .map_or(Ty::Unknown, |r| resolver.resolve(r).substitute(args));
            Some((params, ret))
        }
        Ty::External(name, args) => {
            // `Expression<Func<..>>` converts from a lambda as its delegate does (a language rule).
            if name == "System.Linq.Expressions.Expression" && args.len() == 1 {
                return delegate_shape(db, &args[0]);
            }
            crate::library::library_delegate_shape(db, ty)
        }
        _ => None,
    }
}

/// The element type `foreach` sees.
pub(crate) fn element_type(db: &dyn Db, ty: &Ty) -> Ty {
    match ty {
        Ty::Array(elem, _) => return (**elem).clone(),
        Ty::External(name, _) if name == "System.String" => return Ty::external("System.Char"),
        Ty::Unknown => return Ty::Unknown,
        _ => {}
    }
    for sup in supertypes(db, ty).0 {
        if let Ty::External(name, args) = &sup
            && args.len() == 1
            && matches!(
                name.as_str(),
                "System.Collections.Generic.IEnumerable"
                    | "System.Collections.Generic.IAsyncEnumerable"
            )
        {
            return args[0].clone();
        }
    }
    Ty::Unknown
}

/// `IEnumerable<T>`: what a query expression gives.
pub(crate) fn enumerable_of(t: Ty) -> Ty {
    Ty::External(
        SmolStr::new_static("System.Collections.Generic.IEnumerable"),
        vec![t],
    )
}

/// A framework method's full name for the call graph: the declaring type as far as it is known.
pub(crate) fn external_name(db: &dyn Db, receiver: &Ty, name: &str) -> SmolStr {
    let ty = match receiver {
        Ty::Unknown => return SmolStr::new(name),
        Ty::External(n, _) => n.to_string(),
        other => other.full_name(db),
    };
    SmolStr::new(format!("{ty}.{name}"))
}
