//! What the binder knows about framework types without reading their assemblies: numeric conversions,
//! delegate shapes, element types of collections, and the result types of the framework members code
//! chains calls through most (LINQ, `List<T>`, `Dictionary<K, V>`, `Task<T>`).
//!
//! Only types flow from here: a framework member is never a source member, so nothing here can make
//! the call graph claim a call that is not there; it only lets a chain continue to a source member.

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
            if let Some(shape) = crate::library::library_delegate_shape(db, ty) {
                return Some(shape);
            }
            let void = || Ty::external("System.Void");
            match name.as_str() {
                "System.Func" => {
                    let (ret, params) = args.split_last()?;
                    Some((params.to_vec(), ret.clone()))
                }
                "System.Action" => Some((args.clone(), void())),
                "System.Predicate" => Some((args.clone(), Ty::external("System.Boolean"))),
                "System.Comparison" => {
                    let t = args.first()?;
                    Some((vec![t.clone(), t.clone()], Ty::external("System.Int32")))
                }
                "System.Converter" => Some((
                    args.first().into_iter().cloned().collect(),
                    args.get(1)?.clone(),
                )),
                "System.EventHandler" => {
                    let e = args
                        .first()
                        .cloned()
                        .unwrap_or_else(|| Ty::external("System.EventArgs"));
                    Some((vec![Ty::object(), e], void()))
                }
                "System.Linq.Expressions.Expression" => delegate_shape(db, args.first()?),
                _ => None,
            }
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
    match ty {
        // Collection types outside the table of well-known types: dictionaries enumerate pairs, other
        // generic collections their one type argument.
        Ty::External(name, args) if is_collection_namespace(name) => match args.as_slice() {
            [t] => t.clone(),
            [k, v] if name.ends_with("Dictionary") => Ty::External(
                "System.Collections.Generic.KeyValuePair".into(),
                vec![k.clone(), v.clone()],
            ),
            _ => Ty::Unknown,
        },
        _ => Ty::Unknown,
    }
}

fn is_collection_namespace(name: &str) -> bool {
    [
        "System.Collections.Generic.",
        "System.Collections.ObjectModel.",
        "System.Collections.Concurrent.",
        "System.Linq.",
    ]
    .iter()
    .any(|ns| name.starts_with(ns))
        || name == "System.Collections.Immutable.ImmutableArray"
}

/// How a framework member types: its result, and the parameter types of a lambda passed to it.
pub(crate) struct ExternalMember {
    pub(crate) ret: Ty,
    /// The types given to the parameters of lambda arguments (LINQ's element type).
    pub(crate) lambda_params: Vec<Ty>,
    /// The result depends on the lambda's result (`Select`, `Sum`, `ToDictionary`).
    pub(crate) from_lambda: Option<LambdaResult>,
}

#[derive(Clone, Copy)]
pub(crate) enum LambdaResult {
    /// `IEnumerable<R>`
    Sequence,
    /// `IEnumerable<element of R>` (`SelectMany`)
    Flatten,
    /// `R` (`Sum`, `Max` with a selector, `Aggregate`)
    Value,
    /// `IEnumerable<IGrouping<R, T>>`
    Grouping,
    /// `Dictionary<R, T>` (or with a second lambda, `Dictionary<R, R2>`)
    Dictionary,
}

fn generic(name: &str, args: Vec<Ty>) -> Ty {
    Ty::External(SmolStr::new(name), args)
}

pub(crate) fn enumerable_of(t: Ty) -> Ty {
    generic("System.Collections.Generic.IEnumerable", vec![t])
}

/// Methods and properties of framework types that code chains through. `arg_count` excludes the
/// receiver of an extension method.
pub(crate) fn external_member(
    db: &dyn Db,
    receiver: &Ty,
    name: &str,
    arg_count: usize,
    invoked: bool,
) -> Option<ExternalMember> {
    framework_instance_member(receiver, name, invoked)
        .or_else(|| sequence_member(db, receiver, name, arg_count, invoked))
}

/// A member the framework type itself declares (not an extension method such as LINQ's).
pub(crate) fn framework_instance_member(
    receiver: &Ty,
    name: &str,
    invoked: bool,
) -> Option<ExternalMember> {
    let simple = |ret: Ty| {
        Some(ExternalMember {
            ret,
            lambda_params: Vec::new(),
            from_lambda: None,
        })
    };
    let bool_ = || Ty::external("System.Boolean");
    let int = || Ty::external("System.Int32");
    let string = || Ty::external("System.String");
    // Members every object has.
    match (name, invoked) {
        ("ToString", true) => return simple(string()),
        ("GetHashCode", true) => return simple(int()),
        ("Equals" | "ReferenceEquals", true) => return simple(bool_()),
        ("GetType", true) => return simple(Ty::external("System.Type")),
        _ => {}
    }
    if let Ty::External(full, args) = receiver {
        match (full.as_str(), args.as_slice(), name) {
            (
                "System.Threading.Tasks.Task" | "System.Threading.Tasks.ValueTask" | "System.Lazy",
                [t],
                "Result" | "Value",
            ) => {
                return simple(t.clone());
            }
            ("System.Nullable", [t], "Value" | "GetValueOrDefault") => return simple(t.clone()),
            ("System.Nullable", [_], "HasValue") => return simple(bool_()),
            ("System.Collections.Generic.KeyValuePair", [k, _], "Key") => return simple(k.clone()),
            ("System.Collections.Generic.KeyValuePair", [_, v], "Value") => {
                return simple(v.clone());
            }
            ("System.Linq.IGrouping", [k, _], "Key") => return simple(k.clone()),
            ("System.Console", [], "Out" | "Error") => {
                return simple(Ty::external("System.IO.TextWriter"));
            }
            (d, [k, v], _) if d.ends_with("Dictionary") => match name {
                "Keys" => return simple(enumerable_of(k.clone())),
                "Values" => return simple(enumerable_of(v.clone())),
                "TryGetValue" | "ContainsKey" | "ContainsValue" | "Remove" | "TryAdd" => {
                    return simple(bool_());
                }
                "Count" => return simple(int()),
                "GetValueOrDefault" => return simple(v.clone()),
                _ => {}
            },
            (
                "System.Collections.Generic.Queue"
                | "System.Collections.Generic.Stack"
                | "System.Collections.Concurrent.ConcurrentQueue"
                | "System.Collections.Concurrent.ConcurrentStack",
                [t],
                "Dequeue" | "Peek" | "Pop",
            ) => return simple(t.clone()),
            ("System.Tuple" | "System.ValueTuple", items, item) if item.starts_with("Item") => {
                let index: usize = item["Item".len()..].parse().ok()?;
                return simple(items.get(index.checked_sub(1)?)?.clone());
            }
            (
                "System.DateTime" | "System.DateTimeOffset",
                [],
                "Now" | "UtcNow" | "Today" | "Date",
            ) => {
                return simple(receiver.clone());
            }
            (
                "System.DateTime" | "System.DateTimeOffset",
                [],
                "Year" | "Month" | "Day" | "Hour" | "Minute" | "Second" | "Millisecond"
                | "DayOfYear",
            ) => return simple(int()),
            ("System.TimeSpan", [], total) if total.starts_with("Total") => {
                return simple(Ty::external("System.Double"));
            }
            ("System.String", [], "Empty") => return simple(string()),
            (
                "System.Type"
                | "System.Reflection.TypeInfo"
                | "System.Reflection.PropertyInfo"
                | "System.Reflection.MethodInfo"
                | "System.Reflection.FieldInfo"
                | "System.Reflection.ParameterInfo"
                | "System.Reflection.ConstructorInfo"
                | "System.Reflection.MemberInfo",
                [],
                _,
            ) => {
                if let Some(ret) = reflection_member(name) {
                    return simple(ret);
                }
            }
            ("System.String", [], _) => match name {
                "Length" | "IndexOf" | "LastIndexOf" | "CompareTo" | "Compare" => {
                    return simple(int());
                }
                "Contains" | "StartsWith" | "EndsWith" | "IsNullOrEmpty" | "IsNullOrWhiteSpace" => {
                    return simple(bool_());
                }
                "Split" => return simple(Ty::Array(Box::new(string()), 1)),
                "Substring" | "Trim" | "TrimStart" | "TrimEnd" | "ToUpper" | "ToLower"
                | "ToUpperInvariant" | "ToLowerInvariant" | "Replace" | "PadLeft" | "PadRight"
                | "Format" | "Join" | "Concat" | "Insert" | "Remove" => return simple(string()),
                _ => {}
            },
            (
                "System.Text.StringBuilder",
                [],
                "Append" | "AppendLine" | "AppendFormat" | "Insert" | "Replace" | "Clear",
            ) => {
                return simple(receiver.clone());
            }
            _ => {}
        }
    }
    None
}

/// The reflection members libraries chain through (`type.GetTypeInfo().GetGenericArguments()[0]`).
fn reflection_member(name: &str) -> Option<Ty> {
    let ty = || Ty::external("System.Type");
    let array = |t: &str| Ty::Array(Box::new(Ty::external(t)), 1);
    Some(match name {
        "GetTypeInfo" => Ty::external("System.Reflection.TypeInfo"),
        "GetGenericArguments" | "GenericTypeArguments" | "GetInterfaces" | "GetNestedTypes" => {
            array("System.Type")
        }
        "GetGenericTypeDefinition"
        | "BaseType"
        | "DeclaringType"
        | "ReflectedType"
        | "GetElementType"
        | "UnderlyingSystemType"
        | "PropertyType"
        | "FieldType"
        | "ParameterType"
        | "ReturnType"
        | "AsType" => ty(),
        "GetProperties" => array("System.Reflection.PropertyInfo"),
        "GetProperty" => Ty::external("System.Reflection.PropertyInfo"),
        "GetMethods" => array("System.Reflection.MethodInfo"),
        "GetMethod" | "GetGetMethod" | "GetSetMethod" => {
            Ty::external("System.Reflection.MethodInfo")
        }
        "GetFields" => array("System.Reflection.FieldInfo"),
        "GetField" => Ty::external("System.Reflection.FieldInfo"),
        "GetConstructors" => array("System.Reflection.ConstructorInfo"),
        "GetConstructor" => Ty::external("System.Reflection.ConstructorInfo"),
        "GetParameters" => array("System.Reflection.ParameterInfo"),
        "Assembly" => Ty::external("System.Reflection.Assembly"),
        "Name" | "FullName" | "Namespace" | "AssemblyQualifiedName" => {
            Ty::external("System.String")
        }
        "IsGenericType"
        | "IsGenericTypeDefinition"
        | "IsInterface"
        | "IsClass"
        | "IsValueType"
        | "IsEnum"
        | "IsArray"
        | "IsAbstract"
        | "IsSealed"
        | "IsPrimitive"
        | "IsPublic"
        | "IsStatic"
        | "CanRead"
        | "CanWrite"
        | "IsAssignableFrom"
        | "IsInstanceOfType"
        | "IsSubclassOf"
        | "IsDefined" => Ty::external("System.Boolean"),
        "GetValue" | "Invoke" => Ty::object(),
        _ => return None,
    })
}

/// What a sequence offers through LINQ and the collection types: typed by the element type.
fn sequence_member(
    db: &dyn Db,
    receiver: &Ty,
    name: &str,
    arg_count: usize,
    invoked: bool,
) -> Option<ExternalMember> {
    let bool_ = || Ty::external("System.Boolean");
    let int = || Ty::external("System.Int32");
    let elem = element_type(db, receiver);
    if elem == Ty::Unknown {
        return None;
    }
    let seq = || {
        Some(ExternalMember {
            ret: enumerable_of(elem.clone()),
            lambda_params: vec![elem.clone()],
            from_lambda: None,
        })
    };
    let one = || {
        Some(ExternalMember {
            ret: elem.clone(),
            lambda_params: vec![elem.clone()],
            from_lambda: None,
        })
    };
    let with = |ret: Ty| {
        Some(ExternalMember {
            ret,
            lambda_params: vec![elem.clone()],
            from_lambda: None,
        })
    };
    let lambda = |kind: LambdaResult, ret: Ty| {
        Some(ExternalMember {
            ret,
            lambda_params: vec![elem.clone()],
            from_lambda: Some(kind),
        })
    };
    match name {
        "Where" | "OrderBy" | "OrderByDescending" | "ThenBy" | "ThenByDescending" | "Skip"
        | "Take" | "SkipWhile" | "TakeWhile" | "Distinct" | "Reverse" | "Concat" | "Union"
        | "Intersect" | "Except" | "AsEnumerable" | "DefaultIfEmpty" | "DistinctBy"
        | "OrderDescending" | "Order" => seq(),
        "First" | "FirstOrDefault" | "Last" | "LastOrDefault" | "Single" | "SingleOrDefault"
        | "ElementAt" | "ElementAtOrDefault" | "Find" | "FindLast"
            if invoked =>
        {
            one()
        }
        "Min" | "Max" if arg_count == 0 => one(),
        "MinBy" | "MaxBy" => one(),
        "Any" | "All" | "Contains" | "Exists" | "TrueForAll" => with(bool_()),
        "Count" | "LongCount" | "FindIndex" | "IndexOf" | "RemoveAll" => with(int()),
        "Sum" | "Average" | "Min" | "Max" | "Aggregate" => lambda(LambdaResult::Value, Ty::Unknown),
        "Select" | "ConvertAll" => lambda(LambdaResult::Sequence, Ty::Unknown),
        "SelectMany" => lambda(LambdaResult::Flatten, Ty::Unknown),
        "GroupBy" => lambda(LambdaResult::Grouping, Ty::Unknown),
        "ToDictionary" | "ToLookup" => lambda(LambdaResult::Dictionary, Ty::Unknown),
        "ToList" | "FindAll" | "GetRange" => with(generic(
            "System.Collections.Generic.List",
            vec![elem.clone()],
        )),
        "ToArray" => with(Ty::Array(Box::new(elem.clone()), 1)),
        "ToHashSet" => with(generic(
            "System.Collections.Generic.HashSet",
            vec![elem.clone()],
        )),
        "ForEach" | "Add" | "Remove" | "Insert" | "Sort" | "Clear" | "AddRange" => {
            with(Ty::external(if name == "Remove" {
                "System.Boolean"
            } else {
                "System.Void"
            }))
        }
        "Cast" | "OfType" => None,
        _ => None,
    }
}

/// The type a framework indexer returns.
pub(crate) fn external_indexer(db: &dyn Db, receiver: &Ty) -> Ty {
    match receiver {
        Ty::External(name, args) if name.ends_with("Dictionary") && args.len() == 2 => {
            args[1].clone()
        }
        Ty::External(name, _) if name == "System.String" => Ty::external("System.Char"),
        Ty::External(..) => element_type(db, receiver),
        _ => Ty::Unknown,
    }
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
