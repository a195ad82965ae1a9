//! Calls the compiler omits (§22.5.3): a call of a method with `[Conditional("X")]` attributes, none
//! of whose symbols is defined where the call is (the project's symbols with the file's `#define`s
//! and `#undef`s), is not compiled, and neither is the evaluation of its receiver and arguments. Like
//! code in an inactive `#if` region, such a call makes no edges: its sites, and every site inside it,
//! leave the result and its whole range is listed in [`InferenceResult::omitted`], so that coverage
//! audits count it as accounted for.
//!
//! An override cannot be marked itself (CS0243) but inherits what it overrides (§22.5.3.2): a call
//! of an override is omitted unless a symbol of some method along its chain of overridden methods,
//! in the sources or in an assembly, is defined, as Roslyn's `CallsAreOmitted` walks
//! `OverriddenMethod`.
//!
//! A call of a partial method that has no implementing declaration is removed the same way
//! (§15.6.9): its defining declaration is all there is, and the compiler drops the call with the
//! evaluation of its arguments.

use smol_str::SmolStr;

use crate::{
    base_db::file_defines,
    body::{Expr, body_source_map},
    infer::{CallKind, Callee, Ctx},
    item_tree::{MemberKind, Modifiers},
    library::{LibMember, LibMemberKind},
    overrides::{library_member_bases, library_members_filled_by, overrides},
    symbols::{MemberId, member_file, member_ref},
};

impl Ctx<'_> {
    /// Moves the sites of omitted calls out of the result (run once the body is bound): of
    /// conditional methods none of whose symbols is defined, and of unimplemented partial methods.
    pub(super) fn omit_conditional_calls(&mut self) {
        let calls = || {
            self.result
                .sites
                .iter()
                .filter(|s| s.kind == CallKind::Call)
        };
        let mut omitted_names: Vec<_> = calls()
            .filter(|s| self.is_unimplemented_partial(&s.callee))
            .map(|s| s.expr)
            .collect();
        let conditional: Vec<_> = calls()
            .filter_map(|s| {
                let symbols = self.conditions(&s.callee);
                (!symbols.is_empty()).then_some((s.expr, symbols))
            })
            .collect();
        if !conditional.is_empty() {
            let Some(file) = member_file(self.db, self.member).and_then(|f| self.db.source_file(f))
            else {
                return;
            };
            let defines =
                syntax::preprocess(file.text(self.db), file_defines(self.db, file)).defines;
            omitted_names.extend(
                conditional
                    .into_iter()
                    .filter(|(_, symbols)| !symbols.iter().any(|s| defines.contains(s)))
                    .map(|(name, _)| name),
            );
        }
        if omitted_names.is_empty() {
            return;
        }
        let map = body_source_map(self.db, self.member);
        let mut omitted = Vec::new();
        for name in omitted_names {
            // The site is the invoked name; the call is the invocation whose callee it is.
            let call = self.body.exprs.iter().find_map(|(id, e)| match e {
                Expr::Invoke { callee, .. } if *callee == name => Some(id),
                _ => None,
            });
            if let Some(range) = call.and_then(|c| map.expr_range(c)) {
                omitted.push(range.full);
                self.result.omitted.push(call.unwrap_or(name));
            }
        }
        let inside = |expr| {
            map.expr_range(expr)
                .is_some_and(|r| omitted.iter().any(|o| o.contains_range(r.full)))
        };
        self.result.sites.retain(|s| !inside(s.expr));
        self.result.unresolved.retain(|u| !inside(u.expr));
        self.result.synthesized.retain(|&e| !inside(e));
    }

    /// Whether the callee is the defining declaration of a partial method with no implementing
    /// one (the implementing declaration, when there is one, stands for both).
    fn is_unimplemented_partial(&self, callee: &Callee) -> bool {
        let Callee::Member(m) = callee else {
            return false;
        };
        member_ref(self.db, *m).is_some_and(|d| {
            d.kind == MemberKind::Method && d.modifiers.contains(Modifiers::PARTIAL) && !d.has_body
        })
    }

    /// The `[Conditional]` symbols of a callee and of the methods it overrides, empty when it is
    /// not conditional.
    fn conditions(&self, callee: &Callee) -> Vec<SmolStr> {
        match callee {
            Callee::Library(m) if m.kind == LibMemberKind::Method => {
                let method = self.libraries.method(m.ty, m.idx);
                let mut symbols = method.conditions.clone();
                // Metadata marks an override as a virtual method reusing its base's slot.
                if method.is_virtual && !method.is_new_slot {
                    for base in library_member_bases(self.db, *m) {
                        symbols.extend(self.library_conditions(base));
                    }
                }
                symbols
            }
            Callee::Member(m) => {
                let (mut symbols, is_override) = self.source_conditions(*m);
                if is_override {
                    for &base in &overrides(self.db, *m).overridden {
                        symbols.extend(self.source_conditions(base).0);
                    }
                    for base in library_members_filled_by(self.db, *m) {
                        symbols.extend(self.library_conditions(base));
                    }
                }
                symbols
            }
            Callee::Library(_) | Callee::External(_) => Vec::new(),
        }
    }

    /// A source method's own symbols and whether it is an override.
    fn source_conditions(&self, m: MemberId) -> (Vec<SmolStr>, bool) {
        member_ref(self.db, m)
            .map(|d| {
                let is_override = d.modifiers.contains(Modifiers::OVERRIDE);
                (d.conditions.clone(), is_override)
            })
            .unwrap_or_default()
    }

    /// A library method's own symbols (an interface member it implements has none: CS0582).
    fn library_conditions(&self, m: LibMember) -> Vec<SmolStr> {
        match m.kind {
            LibMemberKind::Method => self.libraries.method(m.ty, m.idx).conditions.clone(),
            _ => Vec::new(),
        }
    }
}
