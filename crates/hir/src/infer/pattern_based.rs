//! The members the compiler calls by pattern, with no invocation written: `foreach`'s
//! `GetEnumerator`/`MoveNext`/`Current` (C# §13.9.5), `await`'s `GetAwaiter`/`GetResult`
//! (§12.9.8), a list pattern's `Length`/`Count` and indexer (§11.2.11), and deconstruction's
//! `Deconstruct` (§12.21.2).

use smol_str::SmolStr;

use super::{
    Access, CallKind, Callee, Ctx, Val,
    conversion::{self},
    known,
    overload::{ArgInfo, ArgTy, CandMember, Resolution, resolve_overloads},
};
use crate::lookup::{declared_type, lookup_members, type_kind};
use crate::{
    body::{Enumeration, Expr, ExprId},
    generics::type_param_bounds,
    item_tree::{MemberKind, Modifiers, ParamModifier, TypeKind},
    library::{KnownType, ScopedDb},
    symbols::{MemberId, member_ref},
    ty::Ty,
};

impl Ctx<'_> {
    /// The calls `foreach` makes on a collection of a source type (C# §13.9.5): a public instance
    /// `GetEnumerator()` found by member lookup, then `MoveNext()` and `Current` on what it returns;
    /// without one, those of the `IEnumerable<T>` interface the type implements. Returns the element
    /// type when the calls tell it.
    pub(super) fn bind_enumeration(
        &mut self,
        source: ExprId,
        ty: &Ty,
        sites: Enumeration,
    ) -> Option<Ty> {
        let db = self.db;
        let ty = match ty {
            Ty::TypeParam(p) => type_param_bounds(db, self.member, p)
                .into_iter()
                .find(|b| matches!(b, Ty::Source(..)))?,
            Ty::Nullable(inner) if !conversion::is_value_type(&self.sdb, inner) => {
                (**inner).clone()
            }
            other => other.clone(),
        };
        if !matches!(ty, Ty::Source(..)) {
            return None;
        }
        let (get_enumerator, move_next) = if sites.is_await {
            ("GetAsyncEnumerator", "MoveNextAsync")
        } else {
            ("GetEnumerator", "MoveNext")
        };
        let Some((decl_ty, method)) = self.pattern_method(&ty, get_enumerator) else {
            // The interface the type implements, whose members are the framework's.
            // The enumerable interface and its enumerator.
            let (generic, plain) = if sites.is_await {
                (
                    (
                        KnownType::IAsyncEnumerableOfT,
                        KnownType::IAsyncEnumeratorOfT,
                    ),
                    None,
                )
            } else {
                (
                    (KnownType::IEnumerableOfT, KnownType::IEnumeratorOfT),
                    Some((KnownType::IEnumerable, KnownType::IEnumerator)),
                )
            };
            let supertypes = &conversion::supertypes(&self.sdb, &ty).0;
            let (interface, enumerator) = supertypes
                .iter()
                .find_map(|t| Some((t, generic.1.ty(db, t.known_args(db, generic.0)?.to_vec()))))
                .or_else(|| {
                    let (enumerable, enumerator) = plain?;
                    let found = supertypes
                        .iter()
                        .find(|t| **t == Ty::known(db, enumerable))?;
                    Some((found, Ty::known(db, enumerator)))
                })?;
            for (expr, owner, name, kind) in [
                (source, interface, get_enumerator, CallKind::Call),
                (sites.move_next, &enumerator, move_next, CallKind::Call),
                (sites.current, &enumerator, "Current", CallKind::Get),
            ] {
                let callee = Callee::External(known::external_name(db, owner, name));
                self.site(expr, callee, kind);
            }
            return None;
        };
        self.site(source, Callee::Member(method), CallKind::Call);
        let enumerator = declared_type(db, method, &decl_ty);
        if !matches!(enumerator, Ty::Source(..)) {
            for (expr, name, kind) in [
                (sites.move_next, move_next, CallKind::Call),
                (sites.current, "Current", CallKind::Get),
            ] {
                let callee = Callee::External(known::external_name(db, &enumerator, name));
                self.site(expr, callee, kind);
            }
            return enumerator
                .known_args(db, KnownType::IEnumeratorOfT)
                .and_then(|a| a.first().cloned());
        }
        if let Some((_, step)) = self.pattern_method(&enumerator, move_next) {
            self.site(sites.move_next, Callee::Member(step), CallKind::Call);
        }
        let found = lookup_members(&self.sdb, &enumerator, "Current");
        let (current_ty, current) = found.groups.first()?;
        let current = *current.first()?;
        self.site(sites.current, Callee::Member(current), CallKind::Get);
        Some(declared_type(db, current, current_ty))
    }

    /// The calls a list pattern makes on a value of a source type (C# §11.2.11): its `Length` (else
    /// `Count`) property and its `int` indexer, whose type is the elements'.
    pub(super) fn list_pattern_calls(&mut self, expr: ExprId, tested: &Ty) -> Ty {
        let db = self.db;
        if !matches!(tested, Ty::Source(..)) {
            return element_type(&self.sdb, tested);
        }
        for name in ["Length", "Count"] {
            let found = lookup_members(&self.sdb, tested, name);
            let property = found.groups.first().and_then(|(_, members)| {
                members
                    .iter()
                    .copied()
                    .find(|&m| member_ref(db, m).is_some_and(|d| d.kind == MemberKind::Property))
            });
            if let Some(property) = property {
                self.site(expr, Callee::Member(property), CallKind::Get);
                break;
            }
        }
        let index = [ArgInfo::implicit(
            ArgTy::Known(Ty::known(db, KnownType::Int32)),
            ParamModifier::None,
        )];
        for (decl_ty, members) in lookup_members(&self.sdb, tested, "this").groups {
            let members = self.accessible(&members);
            let candidates = self.candidates(&decl_ty, &members, false);
            if let Resolution::Bound(applied) =
                resolve_overloads(&self.sdb, &candidates, &index, &[])
                && let CandMember::Source(indexer) = candidates[applied.index].member
            {
                self.site(expr, Callee::Member(indexer), CallKind::Get);
                return declared_type(db, indexer, &decl_ty);
            }
        }
        Ty::Unknown
    }

    /// The public instance method `name` a pattern-based statement calls without arguments, and the
    /// constructed type that declares it.
    pub(super) fn pattern_method(&self, ty: &Ty, name: &str) -> Option<(Ty, MemberId)> {
        let db = self.db;
        for (decl_ty, members) in lookup_members(&self.sdb, ty, name).groups {
            let in_interface = decl_ty
                .as_source()
                .is_some_and(|id| type_kind(db, id) == TypeKind::Interface);
            let eligible: Vec<MemberId> = members
                .into_iter()
                .filter(|&m| {
                    member_ref(db, m).is_some_and(|d| {
                        d.kind == MemberKind::Method
                            && !d.modifiers.contains(Modifiers::STATIC)
                            && (in_interface || d.modifiers.contains(Modifiers::PUBLIC))
                    })
                })
                .collect();
            let candidates = self.candidates(&decl_ty, &eligible, false);
            if let Resolution::Bound(applied) = resolve_overloads(&self.sdb, &candidates, &[], &[])
                && let CandMember::Source(member) = candidates[applied.index].member
            {
                return Some((decl_ty, member));
            }
        }
        None
    }

    /// The type of `await e` (C# §12.9.8.3): what `e.GetAwaiter().GetResult()` returns, so
    /// `await task.ConfigureAwait(false)` is the task's result too.
    pub(super) fn awaited(&self, ty: &Ty) -> Ty {
        let direct = known::unwrap_task(self.db, ty);
        if direct != *ty {
            return direct;
        }
        match self
            .awaiter_step(ty, "GetAwaiter")
            .and_then(|awaiter| self.awaiter_step(&awaiter, "GetResult"))
        {
            Some(result) => result,
            None => direct,
        }
    }

    /// The result type of the parameterless instance method `name` of `ty`, a source or library
    /// type.
    pub(super) fn awaiter_step(&self, ty: &Ty, name: &str) -> Option<Ty> {
        let db = self.db;
        if let Some((decl_ty, method)) = self.pattern_method(ty, name) {
            return Some(declared_type(db, method, &decl_ty));
        }
        crate::library::library_members(db, &self.libraries(), ty, name)
            .into_iter()
            .find_map(|(decl, members)| {
                members.into_iter().find_map(|m| {
                    let sig = crate::library::library_signature(db, &decl, m);
                    (m.kind == crate::library::LibMemberKind::Method
                        && sig.params.is_empty()
                        && sig.method_type_params == 0)
                        .then_some(sig.ret)
                })
            })
    }

    /// Assigns a value of type `value` to the elements of a deconstruction (C# §12.21.2): each
    /// declared variable takes its element's type, each assigned expression is written (a
    /// property's setter, a user-defined conversion), nested deconstructions recurse.
    pub(super) fn deconstruct(&mut self, target: ExprId, value: &Ty) {
        let Expr::Deconstruction(elements) = &self.body.exprs[target] else {
            return;
        };
        let tys = self.deconstructed(target, value, elements.len());
        for (&element, ty) in elements.iter().zip(tys) {
            match &self.body.exprs[element] {
                Expr::Deconstruction(_) => self.deconstruct(element, &ty),
                Expr::Missing => {}
                Expr::Declaration(local) if self.body.locals[*local].ty.is_none() => {
                    self.local_tys.insert(*local, ty);
                }
                _ => {
                    let to = match self.infer_val(element, Access::Write, None) {
                        Val::Value(t) => t,
                        _ => Ty::Unknown,
                    };
                    self.coerce(element, &ty, &to);
                }
            }
        }
    }

    /// The element types a value is deconstructed into, `arity` of them: a tuple's elements, else
    /// the `out` parameters of the `Deconstruct` method (instance, else extension, from the sources
    /// or an assembly) that overload resolution picks for `arity` untyped `out` arguments, its call
    /// reported at `site`. Unknown when no such method is found (the site is unresolved).
    pub(super) fn deconstructed(&mut self, site: ExprId, value: &Ty, arity: usize) -> Vec<Ty> {
        if let Ty::Tuple(elements) = value
            && elements.len() == arity
        {
            return elements.clone();
        }
        let unknown = vec![Ty::Unknown; arity];
        let name = SmolStr::new_static("Deconstruct");
        let receiver = match value {
            Ty::Nullable(inner) if !conversion::is_value_type(&self.sdb, inner) => {
                (**inner).clone()
            }
            other => other.clone(),
        };
        let Val::Group(group) = self.member_of(
            site,
            Val::Value(receiver),
            &name,
            Vec::new(),
            Access::Invoke,
        ) else {
            return unknown;
        };
        let outs = vec![ArgInfo::implicit(ArgTy::Unknown, ParamModifier::Out); arity];
        self.implicit_call_params = None;
        self.invoke_group(site, &group, &[], &outs);
        self.implicit_call_params.take().unwrap_or(unknown)
    }
}

/// The element type `foreach` sees.
pub(super) fn element_type(sdb: &ScopedDb<'_>, ty: &Ty) -> Ty {
    let db = sdb.db();
    match ty {
        Ty::Array(elem, _) => return (**elem).clone(),
        _ if ty.is_known(db, KnownType::String) => return Ty::known(db, KnownType::Char),
        Ty::Unknown => return Ty::Unknown,
        _ => {}
    }
    if let Ty::Library(..) = ty
        && let Some(element) = library_enumerated(sdb, ty)
    {
        return element;
    }
    for sup in &conversion::supertypes(sdb, ty).0 {
        for generic in [KnownType::IEnumerableOfT, KnownType::IAsyncEnumerableOfT] {
            if let Some([element]) = sup.known_args(db, generic) {
                return element.clone();
            }
        }
    }
    Ty::Unknown
}

/// What `foreach` over a library type enumerates (C# §13.9.5): the `Current` of what its public
/// instance `GetEnumerator()` returns, found as member lookup finds it (an `IList` reaches
/// `IEnumerable.GetEnumerator()`, whose `Current` is `object`; a `StringCollection`'s enumerator
/// gives `string`).
fn library_enumerated(sdb: &ScopedDb<'_>, ty: &Ty) -> Option<Ty> {
    let db = sdb.db();
    use crate::library::{LibMemberKind, library_members, library_return};
    let defs = sdb.libs();
    let is_parameterless_instance = |m: &crate::library::LibMember| {
        m.kind == LibMemberKind::Method && {
            let method = defs.method(m.ty, m.idx);
            !method.is_static && method.params.is_empty()
        }
    };
    let (decl, get_enumerator) = library_members(db, defs, ty, "GetEnumerator")
        .into_iter()
        .find_map(|(decl, members)| {
            let m = members.into_iter().find(is_parameterless_instance)?;
            Some((decl, m))
        })?;
    let enumerator = library_return(db, &decl, get_enumerator);
    if let Some([element]) = enumerator.known_args(db, KnownType::IEnumeratorOfT) {
        return Some(element.clone());
    }
    let (decl, current) = library_members(db, defs, &enumerator, "Current")
        .into_iter()
        .find_map(|(decl, members)| {
            let m = members
                .into_iter()
                .find(|m| m.kind == LibMemberKind::Property)?;
            Some((decl, m))
        })?;
    Some(library_return(db, &decl, current)).filter(|t| *t != Ty::Unknown)
}
