//! Arguments: what overload resolution sees of each (its type, a lambda's shape, a method group's
//! signatures, an `int` constant's value), and, once a call is bound, lambdas, `out var`s and
//! conversions typed against the chosen parameters.

use super::{
    Access, Ctx, Val, known,
    overload::{ArgInfo, ArgTy, LambdaReturn, unify},
};
use crate::{
    body::{Arg, ArgModifier, Expr},
    generics::type_param_bounds,
    item_tree::ParamModifier,
    library::KnownType,
    ty::Ty,
};

impl Ctx<'_> {
    pub(super) fn arg_infos(&mut self, args: &[Arg]) -> Vec<ArgInfo> {
        args.iter()
            .map(|arg| {
                let ty = match &self.body.exprs[arg.expr] {
                    Expr::Lambda {
                        params,
                        body,
                        is_async,
                    } => {
                        let returns = match (*is_async, self.lambda_return(*body)) {
                            (false, returns) => returns,
                            // `async () => { ...; }` is a void or `Task` delegate, `async () => {
                            // return x; }` a `Task<T>` one.
                            (true, LambdaReturn::Void) if self.is_block(*body) => {
                                LambdaReturn::AsyncVoid
                            }
                            (true, LambdaReturn::BlockValue) => LambdaReturn::AsyncValue,
                            (true, _) => LambdaReturn::ExpressionValue,
                        };
                        let explicit: Option<Vec<Ty>> = params
                            .iter()
                            .map(|&p| {
                                self.body.locals[p]
                                    .ty
                                    .as_ref()
                                    .map(|t| self.resolver.resolve(t))
                            })
                            .collect();
                        ArgTy::Lambda(params.len(), returns, explicit.filter(|e| !e.is_empty()))
                    }
                    Expr::Declaration(local) if self.body.locals[*local].ty.is_none() => {
                        ArgTy::Unknown
                    }
                    Expr::Local(local) if self.local_fn_groups.get(*local).is_some() => {
                        ArgTy::MethodGroup(vec![self.local_fn_groups[*local].clone()])
                    }
                    _ => match self.infer_val(arg.expr, Access::Read, None) {
                        Val::Value(Ty::Unknown) | Val::Type(_) | Val::Unknown => ArgTy::Unknown,
                        Val::Value(ty) => ArgTy::Known(ty),
                        // Bound once the call's parameter (a delegate type) is known.
                        Val::Group(group) => {
                            let signatures = self.group_signatures(&group);
                            self.pending_groups.push((arg.expr, group));
                            ArgTy::MethodGroup(signatures)
                        }
                    },
                };
                let modifier = match arg.modifier {
                    ArgModifier::None => ParamModifier::None,
                    ArgModifier::Ref => ParamModifier::Ref,
                    ArgModifier::Out => ParamModifier::Out,
                    ArgModifier::In => ParamModifier::In,
                };
                let bounds = match &ty {
                    ArgTy::Known(ty) => self.arg_bounds(ty),
                    _ => Vec::new(),
                };
                ArgInfo {
                    expr: Some(arg.expr),
                    name: arg.name.clone(),
                    ty,
                    modifier,
                    int_constant: self.integral_constant(arg.expr),
                    bounds,
                }
            })
            .collect()
    }

    /// The constraint types of an argument whose type is a type parameter, for its conversions,
    /// with those of the type parameters it depends on (C# §10.1.5): `T : U, U : IComparable`
    /// converts to `U` and to `IComparable`.
    pub(super) fn arg_bounds(&self, ty: &Ty) -> Vec<Ty> {
        let Ty::TypeParam(param) = ty else {
            return Vec::new();
        };
        let mut bounds = type_param_bounds(self.db, self.member, param);
        let mut next = 0;
        while let Some(bound) = bounds.get(next).cloned() {
            next += 1;
            if let Ty::TypeParam(depended) = bound {
                // The compiler rejects circular constraints (CS0454); the check keeps them finite.
                for b in type_param_bounds(self.db, self.member, &depended) {
                    if b != *ty && !bounds.contains(&b) {
                        bounds.push(b);
                    }
                }
            }
        }
        bounds
    }

    /// After binding: lambdas get their parameter types from the parameter's delegate type, `out var`s
    /// their types, and arguments their user-defined conversions.
    pub(super) fn finish_args(
        &mut self,
        args: &[Arg],
        infos: &[ArgInfo],
        param_tys: &[Ty],
        method_args: &mut [Ty],
    ) {
        for (i, arg) in args.iter().enumerate() {
            let param = param_tys
                .get(i)
                .map(|p| p.substitute_method(method_args))
                .unwrap_or(Ty::Unknown);
            match &self.body.exprs[arg.expr] {
                Expr::Lambda { .. } => {
                    let (params, ret) = known::delegate_shape(&self.sdb, &param)
                        .map_or((Vec::new(), None), |(p, r)| (p, Some(r)));
                    let params: Vec<Ty> = params
                        .iter()
                        .map(|p| p.forget_unfixed(method_args))
                        .collect();
                    let result = self.infer_lambda(arg.expr, &params, ret.clone());
                    if let (Some(ret), Some(result)) = (
                        param_tys
                            .get(i)
                            .and_then(|p| known::delegate_shape(&self.sdb, p))
                            .map(|s| s.1),
                        result.filter(|r| !r.is_known(self.db, KnownType::Void)),
                    ) {
                        unify(&self.sdb, &ret, &result, method_args);
                    }
                }
                Expr::Declaration(local) if self.body.locals[*local].ty.is_none() => {
                    self.local_tys.insert(*local, param);
                }
                _ => {
                    if let Some(ArgInfo {
                        ty: ArgTy::Known(from),
                        ..
                    }) = infos.get(i)
                    {
                        let from = from.clone();
                        self.coerce(arg.expr, &from, &param);
                    }
                    self.finish_group_arg(arg.expr, Some(&param));
                }
            }
        }
    }

    /// Binds lambdas and `out var`s of a call that bound nothing.
    pub(super) fn infer_args_unbound(&mut self, args: &[Arg]) {
        for arg in args {
            match &self.body.exprs[arg.expr] {
                Expr::Lambda { .. } => {
                    self.infer_lambda(arg.expr, &[], None);
                }
                Expr::Declaration(_) => {}
                _ => {
                    self.infer_expr(arg.expr, None);
                }
            }
        }
    }

    /// Like [`Ctx::infer_args_unbound`] for arguments whose non-lambda parts were already inferred.
    pub(super) fn infer_args_unbound_after(&mut self, args: &[Arg]) {
        for arg in args {
            if matches!(self.body.exprs[arg.expr], Expr::Lambda { .. }) {
                self.infer_lambda(arg.expr, &[], None);
            }
            self.finish_group_arg(arg.expr, None);
        }
    }
}
