//! Patterns (C# §11) and the expressions that test them (`is`, `switch`): each part of a pattern
//! applies to the value it tests, held in `Ctx::implicit_receivers` while its parts are inferred;
//! designations take the tested type.

use super::{Ctx, conversion::best_common_type};
use crate::{
    body::{ExprId, LocalId, Part, Stmt, Subpattern},
    library::KnownType,
    ty::Ty,
    type_ref::TypeRef,
};

impl Ctx<'_> {
    /// `T { P: pattern, .. }`: each member is read on the tested value (of type `T` when written)
    /// and its pattern applies to what it holds.
    pub(super) fn infer_property_pattern(
        &mut self,
        ty: Option<&TypeRef>,
        subpatterns: &[Subpattern],
    ) {
        let tested = match ty {
            Some(t) => self.resolver.resolve(t),
            None => self.implicit_receiver(),
        };
        self.implicit_receivers.push(tested);
        for sub in subpatterns {
            let value = self.infer_expr(sub.member, None);
            self.implicit_receivers.push(value);
            self.infer_parts(&sub.pattern);
            self.implicit_receivers.pop();
        }
        self.implicit_receivers.pop();
    }

    /// `T(p1, p2)`: the tested value is deconstructed and each element's pattern applies to its part.
    pub(super) fn infer_positional_pattern(
        &mut self,
        expr: ExprId,
        ty: Option<&TypeRef>,
        elements: &[Vec<Part>],
    ) {
        let tested = match ty {
            Some(t) => self.resolver.resolve(t),
            None => self.implicit_receiver(),
        };
        let tys = self.deconstructed(expr, &tested, elements.len());
        for (parts, ty) in elements.iter().zip(tys) {
            self.implicit_receivers.push(ty);
            self.infer_parts(parts);
            self.implicit_receivers.pop();
        }
    }

    /// A designation in a pattern (`var x`, `T x`): the tested type, without its `?`.
    pub(super) fn infer_pattern_var(&mut self, local: LocalId) -> Ty {
        let tested = self.implicit_receiver();
        let tested = match tested {
            Ty::Nullable(inner) => *inner,
            t => t,
        };
        self.local_tys.insert(local, tested.clone());
        tested
    }

    /// `[p1, .., pn]`: the element patterns apply to the elements the list pattern's calls give.
    pub(super) fn infer_list_pattern(&mut self, expr: ExprId, elements: &[Part]) {
        let tested = self.implicit_receiver();
        let element = self.list_pattern_calls(expr, &tested);
        self.implicit_receivers.push(element);
        self.infer_parts(elements);
        self.implicit_receivers.pop();
    }

    /// A switch expression: its arms' patterns test the scrutinee.
    pub(super) fn infer_switch(
        &mut self,
        scrutinee: ExprId,
        arms: &[Part],
        expected: Option<&Ty>,
    ) -> Ty {
        let tested = self.infer_expr(scrutinee, None);
        self.implicit_receivers.push(tested);
        // A switch expression's arm ends with its value (a statement's section with a
        // statement): the expression's type is the arms' best common type (C# §12.11).
        let mut values = Vec::new();
        for arm in arms {
            match arm {
                Part::Stmt(s) => match &self.body.stmts[*s] {
                    Stmt::Compound(parts) => match parts.split_last() {
                        Some((Part::Expr(value), rest)) => {
                            self.infer_parts(rest);
                            values.push(self.infer_expr(*value, expected));
                        }
                        _ => self.infer_parts(parts),
                    },
                    _ => self.infer_stmt(*s),
                },
                Part::Expr(e) => {
                    self.infer_expr(*e, None);
                }
            }
        }
        self.implicit_receivers.pop();
        best_common_type(&self.sdb, &values)
    }

    /// `e is pattern`: the pattern's parts test `e`'s value; a `bool`.
    pub(super) fn infer_is(
        &mut self,
        inner: ExprId,
        binding: Option<LocalId>,
        rest: &[ExprId],
    ) -> Ty {
        let tested = match self.infer_expr(inner, None) {
            Ty::Nullable(inner) => *inner,
            t => t,
        };
        // `x is { } y` and `x is var y` give `y` the tested expression's type.
        if let Some(local) = binding
            && self.body.locals[local].ty.is_none()
            && tested != Ty::Unknown
        {
            self.local_tys.insert(local, tested.clone());
        }
        self.implicit_receivers.push(tested);
        for &e in rest {
            self.infer_expr(e, None);
        }
        self.implicit_receivers.pop();
        Ty::known(self.db, KnownType::Boolean)
    }
}
