//! Calls the compiler omits (§22.5.3): a call of a method with `[Conditional("X")]` attributes, none
//! of whose symbols is defined where the call is (the project's symbols with the file's `#define`s
//! and `#undef`s), is not compiled, and neither is the evaluation of its receiver and arguments. Like
//! code in an inactive `#if` region, such a call makes no edges: its sites, and every site inside it,
//! leave the result and its whole range is listed in [`InferenceResult::omitted`], so that coverage
//! audits count it as accounted for.

use smol_str::SmolStr;

use crate::{
    base_db::file_defines,
    body::{Expr, body_source_map},
    infer::{CallKind, Callee, Ctx},
    library::LibMemberKind,
    symbols::{member_file, member_ref},
};

impl Ctx<'_> {
    /// Moves the sites of omitted conditional calls out of the result (run once the body is bound).
    pub(super) fn omit_conditional_calls(&mut self) {
        let conditional: Vec<_> = self
            .result
            .sites
            .iter()
            .filter(|s| s.kind == CallKind::Call)
            .filter_map(|s| {
                let symbols = self.conditions(&s.callee);
                (!symbols.is_empty()).then_some((s.expr, symbols))
            })
            .collect();
        if conditional.is_empty() {
            return;
        }
        let Some(file) = member_file(self.db, self.member).and_then(|f| self.db.source_file(f))
        else {
            return;
        };
        let defines = syntax::preprocess(file.text(self.db), file_defines(self.db, file)).defines;
        let map = body_source_map(self.db, self.member);
        let mut omitted = Vec::new();
        for (name, symbols) in conditional {
            if symbols.iter().any(|s| defines.contains(s)) {
                continue;
            }
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

    /// The `[Conditional]` symbols of a callee, empty when it is not conditional.
    fn conditions(&self, callee: &Callee) -> Vec<SmolStr> {
        match callee {
            Callee::Library(m) if m.kind == LibMemberKind::Method => {
                self.libraries.method(m.ty, m.idx).conditions.clone()
            }
            Callee::Member(m) => member_ref(self.db, *m)
                .map(|d| d.conditions.clone())
                .unwrap_or_default(),
            Callee::Library(_) | Callee::External(_) => Vec::new(),
        }
    }
}
