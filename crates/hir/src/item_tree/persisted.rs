//! An item tree and its source map read through the persisted index (`persist.rs`): decoded when
//! stored and well formed, else computed and kept for writing.

use std::sync::Arc;

use la_arena::Idx;

use crate::{
    item_tree::{ItemParent, ItemRef, ItemSourceMap, ItemTree, ItemTreeWithSourceMap},
    persist::{ArtifactCache, ContentHash, Encode, Used, raw},
};

/// The halves stored under `key`, else `compute()`'s.
pub(super) fn read_through(
    cache: &ArtifactCache,
    key: ContentHash,
    compute: impl FnOnce() -> ItemTreeWithSourceMap,
) -> ItemTreeWithSourceMap {
    cache.read_through(
        key,
        |bytes| {
            let (tree, source_map) =
                postcard::from_bytes::<(ItemTree, ItemSourceMap)>(bytes).ok()?;
            well_formed(&tree, &source_map).then(|| ItemTreeWithSourceMap {
                tree: Arc::new(tree),
                source_map: Arc::new(source_map),
            })
        },
        compute,
        |computed| {
            Some(Used::Computed(Box::new(Computed(
                computed.tree.clone(),
                computed.source_map.clone(),
            ))))
        },
    )
}

/// A computed tree, encoded only when written, off the query's path.
struct Computed(Arc<ItemTree>, Arc<ItemSourceMap>);

impl Encode for Computed {
    fn encode(&self) -> Option<Vec<u8>> {
        postcard::to_allocvec(&(&*self.0, &*self.1)).ok()
    }
}

/// Whether every index of a decoded tree is in its arena and the source map has a range for each
/// item: what the lowering guarantees and the queries index by without checking. A store checks its
/// file's checksum; this keeps a damaged entry from ever making a query panic.
fn well_formed(tree: &ItemTree, map: &ItemSourceMap) -> bool {
    let ns = |i: Idx<_>| (raw(i) as usize) < tree.namespaces.len();
    let ty = |i: Idx<_>| (raw(i) as usize) < tree.types.len();
    let member = |i: Idx<_>| (raw(i) as usize) < tree.members.len();
    let using = |i: Idx<_>| (raw(i) as usize) < tree.usings.len();
    let item = |r: &ItemRef| match *r {
        ItemRef::Namespace(i) => ns(i),
        ItemRef::Type(i) => ty(i),
    };
    map.namespaces.len() == tree.namespaces.len()
        && map.types.len() == tree.types.len()
        && map.members.len() == tree.members.len()
        && tree.top_usings.iter().all(|&u| using(u))
        && tree.top_items.iter().all(item)
        && tree.namespaces.values().all(|n| {
            n.parent.is_none_or(ns)
                && n.usings.iter().all(|&u| using(u))
                && n.items.iter().all(item)
        })
        && tree.types.values().all(|t| {
            (match t.parent {
                ItemParent::TopLevel => true,
                ItemParent::Namespace(i) => ns(i),
                ItemParent::Type(i) => ty(i),
            }) && t.members.iter().all(|&m| member(m))
                && t.nested.iter().all(|&n| ty(n))
        })
        && tree.member_owners.len() == tree.members.len()
        && tree.member_owners.iter().all(|&owner| ty(owner))
}
