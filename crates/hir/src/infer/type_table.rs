//! The types inference gives a body's expressions and locals, stored compactly: an
//! `InferenceResult` is memoized for every body of the workspace, so only the known types are kept,
//! as sorted `(id, slot)` pairs of 8 bytes into one table of the body's distinct types (a body
//! names few types many times).

use la_arena::ArenaMap;
use rustc_hash::FxHashMap;

use super::conversion::is_null;
use crate::{
    body::{ExprId, LocalId},
    ty::Ty,
};

/// Expression and local types of one body; see the module doc.
#[derive(Debug, Default, PartialEq, Eq)]
pub(crate) struct TypeTable {
    tys: Box<[Ty]>,
    exprs: Box<[(ExprId, u32)]>,
    locals: Box<[(LocalId, u32)]>,
}

impl TypeTable {
    /// The table of `exprs`, the types in the order inference found them (an expression inferred
    /// again keeps its last type), and of the locals' types. Unknown types and the `null` literal's
    /// are left out.
    pub(crate) fn new(mut exprs: Vec<(ExprId, Ty)>, locals: &ArenaMap<LocalId, Ty>) -> TypeTable {
        let mut tys = Vec::new();
        let mut slots: FxHashMap<Ty, u32> = FxHashMap::default();
        let mut slot = |ty: Ty| -> u32 {
            *slots.entry(ty).or_insert_with_key(|ty| {
                tys.push(ty.clone());
                (tys.len() - 1) as u32
            })
        };
        // Latest first, so the stable sort keeps it first among an expression's entries.
        exprs.reverse();
        exprs.sort_by_key(|(e, _)| *e);
        exprs.dedup_by_key(|(e, _)| *e);
        let exprs: Box<[(ExprId, u32)]> = exprs
            .into_iter()
            .filter(|(_, ty)| is_known(ty))
            .map(|(e, ty)| (e, slot(ty)))
            .collect();
        let locals: Box<[(LocalId, u32)]> = locals
            .iter()
            .filter(|(_, ty)| is_known(ty))
            .map(|(l, ty)| (l, slot(ty.clone())))
            .collect();
        TypeTable {
            tys: tys.into_boxed_slice(),
            exprs,
            locals,
        }
    }

    pub(crate) fn expr(&self, expr: ExprId) -> Option<&Ty> {
        lookup(&self.exprs, expr).map(|slot| &self.tys[slot as usize])
    }

    pub(crate) fn local(&self, local: LocalId) -> Option<&Ty> {
        lookup(&self.locals, local).map(|slot| &self.tys[slot as usize])
    }
}

fn is_known(ty: &Ty) -> bool {
    *ty != Ty::Unknown && !is_null(ty)
}

fn lookup<K: Ord + Copy>(pairs: &[(K, u32)], key: K) -> Option<u32> {
    pairs
        .binary_search_by_key(&key, |&(k, _)| k)
        .ok()
        .map(|i| pairs[i].1)
}
