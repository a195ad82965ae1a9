//! The reverse call index: from the name a call site carries to the sites so named, workspace-wide.
//!
//! Built from per-file parts so that an edit costs its own file: each file's call sites are grouped by
//! callee name once (`file_sites_by_name`, memoized beside `file_call_sites`), and the sites of one
//! name across the workspace are one memoized bucket (`sites_named`). A warm reference search reads
//! its bucket; after an edit salsa re-checks a bucket against each file's word index and per-file
//! part, re-gathering the edited file's sites only, and rebuilds the bucket only if those changed.
//! That re-check walks every mentioning file's inference; `fingerprint` is what lets a plain index
//! outside salsa (`ide`'s `call_index`) skip it after a body edit.

mod fingerprint;

use std::sync::Arc;

use rustc_hash::FxHashMap;
use smol_str::SmolStr;

pub use self::fingerprint::{BindingFingerprint, binding_fingerprint};
use crate::{
    base_db::{Db, FileId, SourceFile, word_index},
    call_graph::{CallSiteInfo, CallSites, UnresolvedCallSite, file_call_sites},
    def_map::def_map,
    infer::Callee,
    item_tree::MemberKind,
    library::{LibMember, library_index, library_member_kind, library_member_metadata_name},
    symbols::{SymbolKind, member_ref},
};

/// The name the call sites of `callee` carry: a constructor's is its type's, an external member's
/// the last part of its full name.
pub fn callee_site_name(db: &dyn Db, callee: &Callee) -> Option<SmolStr> {
    match callee {
        Callee::Member(m) => {
            let data = member_ref(db, *m)?;
            Some(match data.kind {
                MemberKind::Constructor => def_map(db, m.ty.project).type_def(m.ty).name.clone(),
                _ => data.name.clone(),
            })
        }
        Callee::Library(m) => Some(library_site_name(db, *m)),
        Callee::External(name) => Some(name.rsplit('.').next().unwrap_or(name).into()),
    }
}

/// The name call sites of a library member carry: a constructor's is its type's.
pub fn library_site_name(db: &dyn Db, member: LibMember) -> SmolStr {
    if library_member_kind(db, member) == SymbolKind::Constructor {
        return library_index(db).type_def(member.owner()).name.clone();
    }
    library_member_metadata_name(db, member).into()
}

/// One file's call sites and unresolved sites by the name they carry (indexes into
/// [`file_call_sites`], in site order).
///
/// Kept for every file as long as its sites (the call index shares it), so laid out flat: the
/// names sorted, each with where its indexes end, and the indexes of all names in two slices
/// (a hash map with two vectors a name cost over three times as much).
#[derive(Debug, Default, PartialEq, Eq)]
pub struct FileSitesByName {
    /// Sorted, distinct; each with the ends of its part of `sites` and of `unresolved` (a part
    /// starts where the previous name's ends).
    names: Box<[(SmolStr, [u32; 2])]>,
    sites: Box<[u32]>,
    unresolved: Box<[u32]>,
}

impl FileSitesByName {
    /// Groups the file's sites (`(name, index)` in site order) and unresolved sites by name.
    fn new(
        sites: impl Iterator<Item = (SmolStr, u32)>,
        unresolved: impl Iterator<Item = (SmolStr, u32)>,
    ) -> FileSitesByName {
        let mut by_name: FxHashMap<SmolStr, [Vec<u32>; 2]> = FxHashMap::default();
        for (name, i) in sites {
            by_name.entry(name).or_default()[0].push(i);
        }
        for (name, i) in unresolved {
            by_name.entry(name).or_default()[1].push(i);
        }
        let mut grouped: Vec<(SmolStr, [Vec<u32>; 2])> = by_name.into_iter().collect();
        grouped.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let mut all: [Vec<u32>; 2] = Default::default();
        let names = grouped
            .into_iter()
            .map(|(name, parts)| {
                let ends = std::array::from_fn(|k| {
                    all[k].extend(&parts[k]);
                    all[k].len() as u32
                });
                (name, ends)
            })
            .collect();
        let [sites, unresolved] = all;
        FileSitesByName {
            names,
            sites: sites.into_boxed_slice(),
            unresolved: unresolved.into_boxed_slice(),
        }
    }

    /// The names the file's sites carry, in no order.
    pub fn names(&self) -> impl Iterator<Item = &SmolStr> {
        self.names.iter().map(|(name, _)| name)
    }

    pub fn contains(&self, name: &str) -> bool {
        self.position(name).is_some()
    }

    fn position(&self, name: &str) -> Option<usize> {
        self.names
            .binary_search_by(|(n, _)| n.as_str().cmp(name))
            .ok()
    }

    /// The indexes of the sites and of the unresolved sites named `name`, in site order.
    fn parts(&self, name: &str) -> Option<[&[u32]; 2]> {
        let at = self.position(name)?;
        let starts = match at {
            0 => [0; 2],
            _ => self.names[at - 1].1,
        };
        let ends = self.names[at].1;
        Some([
            &self.sites[starts[0] as usize..ends[0] as usize],
            &self.unresolved[starts[1] as usize..ends[1] as usize],
        ])
    }

    /// Appends the sites of `calls` (the file's [`file_call_sites`]) named `name`, in site order.
    pub fn collect(&self, calls: &CallSites, name: &str, out: &mut NamedCallSites) {
        let Some([sites, unresolved]) = self.parts(name) else {
            return;
        };
        out.sites
            .extend(sites.iter().map(|&i| calls.sites[i as usize].clone()));
        out.unresolved.extend(
            unresolved
                .iter()
                .map(|&i| calls.unresolved[i as usize].clone()),
        );
    }
}

/// A file's sites grouped by the name they carry (memoized beside [`file_call_sites`]).
pub fn file_sites_by_name(db: &dyn Db, file: FileId) -> Arc<FileSitesByName> {
    match db.source_file(file) {
        Some(source) => file_sites_by_name_query(db, source),
        None => Arc::default(),
    }
}

#[salsa::tracked(returns(clone))]
fn file_sites_by_name_query(db: &dyn Db, file: SourceFile) -> Arc<FileSitesByName> {
    Arc::new(FileSitesByName::of(db, &file_call_sites(db, file.id(db))))
}

impl FileSitesByName {
    /// `calls` grouped by the name each site carries.
    pub fn of(db: &dyn Db, calls: &CallSites) -> FileSitesByName {
        let sites = calls
            .sites
            .iter()
            .enumerate()
            .filter_map(|(i, site)| Some((callee_site_name(db, &site.callee)?, i as u32)));
        let unresolved = calls
            .unresolved
            .iter()
            .enumerate()
            .map(|(i, site)| (site.name.clone(), i as u32));
        FileSitesByName::new(sites, unresolved)
    }
}

/// The call sites of the workspace carrying one name, in file order, then site order.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct NamedCallSites {
    pub sites: Vec<CallSiteInfo>,
    pub unresolved: Vec<UnresolvedCallSite>,
}

#[salsa::interned(revisions = usize::MAX)]
struct SiteNameKey<'db> {
    #[returns(ref)]
    name: SmolStr,
    #[returns(copy)]
    narrow: bool,
}

/// The call sites named `name` in every file of the workspace, or, when `narrow_files`, in the files
/// whose words include `name` (a call that must name its callee can only be there).
pub fn sites_named(db: &dyn Db, name: &str, narrow_files: bool) -> Arc<NamedCallSites> {
    sites_named_query(db, SiteNameKey::new(db, SmolStr::new(name), narrow_files))
}

#[salsa::tracked(returns(clone))]
fn sites_named_query<'db>(db: &'db dyn Db, key: SiteNameKey<'db>) -> Arc<NamedCallSites> {
    let name = key.name(db);
    let mut out = NamedCallSites::default();
    for file in site_candidate_files(db, name, key.narrow(db)) {
        let Some(source) = db.source_file(file) else {
            continue;
        };
        file_sites_by_name_query(db, source).collect(&file_call_sites(db, file), name, &mut out);
    }
    Arc::new(out)
}

/// The files [`sites_named`] reads, in id order: every source file of the workspace, or, when
/// `narrow_files`, those whose words include `name`.
pub fn site_candidate_files(db: &dyn Db, name: &str, narrow_files: bool) -> Vec<FileId> {
    workspace_files(db)
        .into_iter()
        .filter(|&file| {
            db.unwind_if_revision_cancelled();
            db.source_file(file)
                .is_some_and(|source| !narrow_files || word_index(db, source).contains(name))
        })
        .collect()
}

/// Every source file of the workspace once, in id order.
pub fn workspace_files(db: &dyn Db) -> Vec<FileId> {
    let graph = db.workspace().graph(db);
    let mut files: Vec<FileId> = graph
        .projects
        .iter()
        .flat_map(|p| p.files.iter().copied())
        .collect();
    files.sort();
    files.dedup();
    files
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sites_by_name_keep_site_order_within_each_name() {
        let named = |pairs: &[(&str, u32)]| {
            pairs
                .iter()
                .map(|&(n, i)| (SmolStr::new(n), i))
                .collect::<Vec<_>>()
                .into_iter()
        };
        let grouped = FileSitesByName::new(
            named(&[("Run", 0), ("Add", 1), ("Run", 2), ("Zed", 3)]),
            named(&[("Add", 0), ("Bar", 1), ("Add", 2)]),
        );
        let mut names: Vec<&str> = grouped.names().map(|n| n.as_str()).collect();
        names.sort();
        assert_eq!(names, ["Add", "Bar", "Run", "Zed"]);
        assert_eq!(grouped.parts("Add"), Some([&[1][..], &[0, 2][..]]));
        assert_eq!(grouped.parts("Bar"), Some([&[][..], &[1][..]]));
        assert_eq!(grouped.parts("Run"), Some([&[0, 2][..], &[][..]]));
        assert_eq!(grouped.parts("Zed"), Some([&[3][..], &[][..]]));
        assert_eq!(grouped.parts("Other"), None);
        assert!(grouped.contains("Bar") && !grouped.contains("Ba"));
    }
}
