//! Object creation: `new T(..)` and constructor initializers bound to a constructor (of the
//! sources or an assembly), delegate creation, object and collection initializers.

use smol_str::SmolStr;

use super::{
    Access, CallKind, Callee, Ctx, UnresolvedReason, Val,
    conversion::best_common_type,
    known,
    overload::{CandMember, Resolution, resolve_overloads},
};
use crate::lookup::{CTOR, own_members, type_kind};
use crate::{
    body::{Arg, Expr, ExprId},
    def_map::type_name,
    hierarchy::base_class_of,
    item_tree::TypeKind,
    symbols::{MemberId, member_ref},
    ty::Ty,
    type_ref::TypeRef,
};

impl Ctx<'_> {
    /// A constructor of a type outside the sources no assembly binds (or a delegate's), by name.
    pub(super) fn external_ctor_site(&mut self, site: ExprId, ty: &Ty) {
        if let Some((name, _)) = ty.written_name(self.db) {
            let callee = Callee::External(SmolStr::new(format!("{name}.#ctor")));
            self.site(site, callee, CallKind::Ctor);
        }
    }

    pub(super) fn bind_ctor(&mut self, site: ExprId, ty: &Ty, args: &[Arg]) {
        let db = self.db;
        // `new Func<Ctx, object>(ctx => ctx.Instance)`: a delegate creation converts its one
        // argument, a lambda or method group, to the delegate type (§12.8.17.6); no constructor
        // of the delegate's takes it as written.
        if let [arg] = args
            && known::delegate_shape(&self.sdb, ty).is_some()
        {
            self.infer_expr(arg.expr, Some(ty));
            self.external_ctor_site(site, ty);
            return;
        }
        let Ty::Source(id, _) = ty else {
            let infos = self.arg_infos(args);
            if self.bind_library_ctor(site, ty, args, &infos) {
                return;
            }
            self.finish_args(args, &infos, &[], &mut []);
            self.external_ctor_site(site, ty);
            return;
        };
        let ctors = own_members(db, *id, CTOR);
        let kind = type_kind(db, *id);
        let infos = self.arg_infos(args);
        // Every class has a constructor (an implied default one when it declares none), so none here
        // means a static class: nothing to bind.
        if ctors.is_empty() {
            self.finish_args(args, &infos, &[], &mut []);
            return;
        }
        let is_struct = matches!(kind, TypeKind::Struct | TypeKind::RecordStruct);
        let ctors = if is_struct && args.is_empty() {
            // `new S()` zero-initializes, unless the struct declares a parameterless constructor
            // (C# 10); one whose parameters are all optional is not called.
            let parameterless: Vec<MemberId> = ctors
                .into_iter()
                .filter(|&c| member_ref(db, c).is_some_and(|d| d.params.is_empty()))
                .collect();
            if parameterless.is_empty() {
                return;
            }
            parameterless
        } else {
            ctors
        };
        let ctors = self.accessible(&ctors);
        let candidates = self.candidates(ty, &ctors, false);
        if self.late_bound_members(site, &candidates, args, &infos) {
            return;
        }
        match resolve_overloads(&self.sdb, &candidates, &infos, &[]) {
            Resolution::Bound(applied) => {
                let CandMember::Source(member) = candidates[applied.index].member else {
                    return;
                };
                self.site(site, Callee::Member(member), CallKind::Ctor);
                let params = applied.arg_params.clone();
                self.finish_args(args, &infos, &params, &mut []);
            }
            Resolution::Ambiguous => {
                self.infer_args_unbound_after(args);
                self.unresolved(site, type_name(db, *id), UnresolvedReason::Ambiguous);
            }
            Resolution::NoneApplicable => {
                self.infer_args_unbound_after(args);
                self.unresolved(site, type_name(db, *id), UnresolvedReason::NotFound);
            }
        }
    }

    pub(super) fn infer_new(
        &mut self,
        expr: ExprId,
        ty: &Ty,
        args: &[Arg],
        initializer: &[ExprId],
    ) {
        let db = self.db;
        match ty {
            Ty::Source(id, _) if type_kind(db, *id) == TypeKind::Delegate => {
                // `new Handler(Method)`: a method-group reference.
                let expected = ty.clone();
                for arg in args {
                    self.infer_expr(arg.expr, Some(&expected));
                }
            }
            Ty::Unknown | Ty::TypeParam(_) => self.infer_args_unbound(args),
            _ => self.bind_ctor(expr, ty, args),
        }
        self.infer_initializer(ty, initializer);
    }

    /// The items of an object or collection initializer, applied to an object of type `ty`.
    pub(super) fn infer_initializer(&mut self, ty: &Ty, items: &[ExprId]) {
        self.implicit_receivers.push(ty.clone());
        for &item in items {
            match &self.body.exprs[item] {
                Expr::InitMember { name, value } => {
                    let nested = match &self.body.exprs[*value] {
                        Expr::NestedInitializer(inner) => Some(inner),
                        _ => None,
                    };
                    // A nested initializer reads the member and fills what it holds.
                    let access = if nested.is_some() {
                        Access::Read
                    } else {
                        Access::Write
                    };
                    let member_ty = match self.member_of(
                        item,
                        Val::Value(ty.clone()),
                        name,
                        Vec::new(),
                        access,
                    ) {
                        Val::Value(t) => Some(t),
                        _ => None,
                    };
                    if let Some(inner) = nested {
                        self.infer_initializer(&member_ty.unwrap_or(Ty::Unknown), inner);
                        continue;
                    }
                    let value_ty = self.infer_expr(*value, member_ty.as_ref());
                    if let Some(member_ty) = member_ty {
                        self.coerce(*value, &value_ty, &member_ty);
                    }
                }
                _ => {
                    self.infer_expr(item, None);
                }
            }
        }
        self.implicit_receivers.pop();
    }
}

impl Ctx<'_> {
    /// `: base(..)` or `: this(..)`: a call of a constructor of the base class or of this one.
    pub(super) fn infer_ctor_initializer(&mut self, expr: ExprId, is_base: bool, args: &[Arg]) {
        let target = if is_base {
            base_class_of(&self.sdb, &self.self_ty)
        } else {
            Some(self.self_ty.clone())
        };
        match target {
            Some(target) => self.bind_ctor(expr, &target, args),
            None => self.infer_args_unbound(args),
        }
    }

    /// The `base()` call of a class's constructor without an initializer (§15.11.2): a source base
    /// class's or a library one's (`Exception()`), but `System.Object()`, every class's, is no
    /// call worth reporting; a struct's constructor calls none.
    pub(super) fn infer_implicit_base_ctor(&mut self, expr: ExprId) {
        let db = self.db;
        let is_class = matches!(&self.self_ty, Ty::Source(id, _)
            if matches!(type_kind(db, *id), TypeKind::Class | TypeKind::RecordClass));
        match base_class_of(&self.sdb, &self.self_ty) {
            Some(base @ Ty::Source(..)) => self.bind_ctor(expr, &base, &[]),
            Some(base @ Ty::Library(..)) if is_class && !crate::lookup::is_object(db, &base) => {
                self.bind_ctor(expr, &base, &[])
            }
            _ => {}
        }
    }

    /// `new T[n] { .. }` or `new[] { .. }`: an array of `T`, else of the elements' best common type.
    pub(super) fn infer_array_new(
        &mut self,
        elem: Option<&TypeRef>,
        sizes: &[ExprId],
        elements: &[ExprId],
    ) -> Ty {
        for &size in sizes {
            self.infer_expr(size, None);
        }
        let elem = elem.map(|t| self.resolver.resolve(t));
        let tys: Vec<Ty> = elements
            .iter()
            .map(|&e| self.infer_expr(e, elem.as_ref()))
            .collect();
        let elem = elem.unwrap_or_else(|| best_common_type(&self.sdb, &tys));
        // Each element converts to the element type (§12.8.17.5), by a user-defined conversion
        // where it takes one (`new JsValue[] { count }`).
        for (&e, ty) in elements.iter().zip(&tys) {
            self.coerce(e, ty, &elem);
        }
        Ty::Array(Box::new(elem), 1)
    }

    /// `new T(..) { .. }`, or target-typed `new(..)` creating what the context expects.
    pub(super) fn infer_new_expr(
        &mut self,
        expr: ExprId,
        ty: Option<&TypeRef>,
        args: &[Arg],
        initializer: &[ExprId],
        expected: Option<&Ty>,
    ) -> Ty {
        let resolved = match ty {
            Some(tr) => self.resolver.resolve(tr),
            None => expected.cloned().unwrap_or(Ty::Unknown),
        };
        // A type name that denotes no type (one two using directives import, CS0104) leaves its
        // constructor unknown: said so, never bound to one of them.
        if let (Ty::Unknown, Some(TypeRef::Path(path))) = (&resolved, ty)
            && let Some(last) = path.segments.last()
        {
            self.unresolved(expr, last.name.clone(), UnresolvedReason::UnknownReceiver);
        }
        let ty = resolved;
        self.infer_new(expr, &ty, args, initializer);
        ty
    }
}
