//! Tuple element names (C# §8.3.11). They are not part of a tuple's type — `(int Count, string
//! Name)` and `(int, string)` are the same type, and documentation ids write `System.ValueTuple{..}`
//! without them — so [`Ty::Tuple`] has none and they travel with values instead: from a declared
//! type (a local's or parameter's, a source member's return or property type, also as an array's
//! element, a nullable's `Value` or the `Task<..>` an `await` unwraps), from a tuple literal's
//! written or inferred names, through `var`, and from a library member's signature (its
//! `[TupleElementNames]`, for a tuple it returns or is typed with). `t.Name` reads the element of
//! that name, `t.Item2` the second; an element that is a tuple itself has the names its declaration
//! nests (`t.At.X` of `(bool Ok, (int X, int Y) At)`, written or in a signature). Names that only
//! generic inference carries (a lambda's tuple through `Select`) are not followed.

use std::sync::Arc;

use smol_str::SmolStr;

use super::{Callee, Ctx};
use metadata::TypeSig;

use crate::{
    body::Expr, body::ExprId, library::LibMemberKind, symbols::member_ref, ty::Ty,
    type_ref::TypeRef,
};

/// The element names of a tuple value, by position (`None` for an unnamed element).
pub(super) type TupleNames = Arc<[Option<SmolStr>]>;

/// The names a tuple type as written gives its elements.
pub(super) fn names_of_type_ref(ty: &TypeRef) -> Option<TupleNames> {
    match ty {
        TypeRef::Tuple(elements) if elements.iter().any(|e| e.name.is_some()) => {
            Some(elements.iter().map(|e| e.name.clone()).collect())
        }
        _ => None,
    }
}

impl Ctx<'_> {
    /// The element names of the tuple value `expr`, where they can be told.
    pub(super) fn tuple_names(&self, expr: ExprId) -> Option<TupleNames> {
        match &self.body.exprs[expr] {
            Expr::Tuple { names, .. } if names.iter().any(Option::is_some) => {
                Some(names.as_slice().into())
            }
            Expr::Local(local) | Expr::Declaration(local)
                if self.local_tuple_names.get(*local).is_some() =>
            {
                self.local_tuple_names.get(*local).cloned()
            }
            Expr::Conditional { then, else_, .. } => {
                self.tuple_names(*then).or_else(|| self.tuple_names(*else_))
            }
            Expr::Invoke { callee, .. } if let Some(names) = self.library_tuple_names(*callee) => {
                Some(names)
            }
            Expr::Member { .. } if let Some(names) = self.library_tuple_names(expr) => Some(names),
            _ => names_of_type_ref(&self.written_type(expr)?),
        }
    }

    /// Which element of a tuple value the member access `expr` reads (`t.Item2`, or a name the
    /// tuple's value carries), with the tuple.
    fn element_read(&self, expr: ExprId) -> Option<(ExprId, usize)> {
        let Expr::Member { receiver, name, .. } = &self.body.exprs[expr] else {
            return None;
        };
        let position = name
            .strip_prefix("Item")
            .and_then(|n| n.parse::<usize>().ok())
            .filter(|&n| n >= 1)
            .map(|n| n - 1);
        match position {
            Some(i) => Some((*receiver, i)),
            None => {
                let names = self.tuple_names(*receiver)?;
                let i = names
                    .iter()
                    .position(|n| n.as_deref() == Some(name.as_str()))?;
                Some((*receiver, i))
            }
        }
    }

    /// The type of `expr` as the sources write it, where a declaration says: a local's or
    /// parameter's, a source method's result or property's type (once bound), an array's element,
    /// a nullable's `Value`, what an `await` of a `Task<..>` gives, a cast's.
    fn written_type(&self, expr: ExprId) -> Option<TypeRef> {
        match &self.body.exprs[expr] {
            Expr::Local(local) | Expr::Declaration(local) => self.body.locals[*local].ty.clone(),
            Expr::Invoke { callee, .. } => self.bound_member_type(*callee),
            Expr::Member { receiver, name, .. } => match self.bound_member_type(expr) {
                Some(ty) => Some(ty),
                None if name == "Value" => match self.written_type(*receiver)? {
                    TypeRef::Nullable(inner) => Some(*inner),
                    _ => None,
                },
                // An element of a tuple declared with its type.
                None => {
                    let (tuple, i) = self.element_read(expr)?;
                    match self.written_type(tuple)? {
                        TypeRef::Tuple(elements) => Some(elements.get(i)?.ty.clone()),
                        _ => None,
                    }
                }
            },
            Expr::Index { receiver, .. } => match self.written_type(*receiver)? {
                TypeRef::Array { element, .. } => Some(*element),
                _ => None,
            },
            Expr::Await(inner) => match self.written_type(*inner)? {
                TypeRef::Path(path) => match path.segments.last()?.args.as_slice() {
                    [result] => Some(result.clone()),
                    _ => None,
                },
                _ => None,
            },
            Expr::Cast { ty, .. } => Some(ty.clone()),
            _ => None,
        }
    }

    /// The declared type, as written, of the source method or property a site already bound.
    fn bound_member_type(&self, expr: ExprId) -> Option<TypeRef> {
        let site = self.result.sites.iter().rev().find(|s| s.expr == expr)?;
        match site.callee {
            Callee::Member(member) => member_ref(self.db, member)?.ty.clone(),
            Callee::Library(_) | Callee::External(_) => None,
        }
    }

    /// The names a library method's result, property's or field's signature gives the tuple it is
    /// typed with, for the member a site (or, for a field, the access) at `expr` already bound, or
    /// for an element read of such a tuple.
    fn library_tuple_names(&self, expr: ExprId) -> Option<TupleNames> {
        let (sig, names) = self.library_tuple_sig(expr)?;
        // Pre-order: the outermost tuple's elements come first.
        let names = names.get(..tuple_arity(&sig)?)?;
        names.iter().any(Option::is_some).then(|| names.into())
    }

    /// The signature type of the value `expr` and the `[TupleElementNames]` slots from its own on,
    /// where a library member's signature types it: the member a site at `expr` bound, or an
    /// element of a tuple so typed (its slots follow the tuple's own and those of the elements
    /// before it, as the attribute lists them depth first).
    fn library_tuple_sig(&self, expr: ExprId) -> Option<(TypeSig, Vec<Option<SmolStr>>)> {
        match &self.body.exprs[expr] {
            // A call's site is its invoked name's.
            Expr::Invoke { callee, .. } => return self.library_tuple_sig(*callee),
            Expr::Local(local) => return self.library_tuple_sig(*self.tuple_inits.get(*local)?),
            _ => {}
        }
        let site = self.result.sites.iter().rev().find(|s| s.expr == expr);
        let member = match site.map(|s| &s.callee) {
            Some(Callee::Library(member)) => *member,
            Some(_) => return None,
            None => match self.library_fields.get(&expr) {
                Some(field) => *field,
                None => {
                    let (tuple, i) = self.element_read(expr)?;
                    let (sig, names) = self.library_tuple_sig(tuple)?;
                    let TypeSig::Named(named) = &sig else {
                        return None;
                    };
                    let arity = tuple_arity(&sig)?;
                    let elements = named.args.get(..arity.min(7))?;
                    let offset = arity
                        + elements[..i.min(elements.len())]
                            .iter()
                            .map(name_slots)
                            .sum::<usize>();
                    let element = elements.get(i)?.clone();
                    return Some((element, names.get(offset..)?.to_vec()));
                }
            },
        };
        let ty = self.libraries.type_def(member.ty);
        let (sig, names) = match member.kind {
            LibMemberKind::Method => {
                let m = ty.methods().get(member.idx as usize)?;
                (&m.ret, &m.ret_tuple_names)
            }
            LibMemberKind::Property => {
                let p = ty.properties().get(member.idx as usize)?;
                (&p.ty, &p.tuple_names)
            }
            LibMemberKind::Field => {
                let f = ty.fields().get(member.idx as usize)?;
                (&f.ty, &f.tuple_names)
            }
            LibMemberKind::Event => return None,
        };
        Some((sig.clone(), names.clone()))
    }

    /// The type of the element `name` (`Item2`, or a name the tuple's value carries) of a tuple
    /// read through the member access `access`.
    pub(super) fn tuple_element(&self, access: ExprId, elements: &[Ty], name: &str) -> Option<Ty> {
        if let Some(n) = name
            .strip_prefix("Item")
            .and_then(|n| n.parse::<usize>().ok())
            && (1..=elements.len()).contains(&n)
        {
            return Some(elements[n - 1].clone());
        }
        let Expr::Member { receiver, .. } = &self.body.exprs[access] else {
            return None;
        };
        let names = self.tuple_names(*receiver)?;
        let i = names.iter().position(|n| n.as_deref() == Some(name))?;
        elements.get(i).cloned()
    }
}

/// How many `[TupleElementNames]` slots a signature type takes: one per element of every tuple in
/// it, however deep.
fn name_slots(sig: &TypeSig) -> usize {
    match sig {
        TypeSig::Named(named) => {
            let own = match tuple_arity(sig) {
                Some(arity) if !named.full_name.ends_with("`8") => arity,
                // `ValueTuple<.., TRest>` is one tuple: its `Rest` names are the outer one's.
                Some(_) => 7,
                None => 0,
            };
            own + named.args.iter().map(name_slots).sum::<usize>()
        }
        TypeSig::SzArray(elem)
        | TypeSig::Array(elem, _)
        | TypeSig::Pointer(elem)
        | TypeSig::ByRef(elem) => name_slots(elem),
        _ => 0,
    }
}

/// The element count of the C# tuple a `System.ValueTuple` signature is: an eighth argument (`Rest`)
/// continues the tuple.
fn tuple_arity(sig: &TypeSig) -> Option<usize> {
    let TypeSig::Named(named) = sig else {
        return None;
    };
    let arity: usize = named
        .full_name
        .strip_prefix("System.ValueTuple`")?
        .parse()
        .ok()?;
    match arity {
        8 => Some(7 + tuple_arity(named.args.get(7)?)?),
        _ => Some(arity),
    }
}
