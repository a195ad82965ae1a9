//! How the workspace's call sites bound, every body bound in parallel: shared by `csnav load --calls`
//! and `csnav stats`.

use std::{collections::HashMap, fmt};

use ide::{BindingCounts, Cancellable};
use serde_json::{Value, json};

use crate::{tools::reason_name, workers, workspace::LiveWorkspace};

/// Source bound between two evictions (see [`Coverage::of_files`]): the memos of 8 MB of C# are a few
/// hundred MB (about 9x the text on /work/libs, 25x on the call-dense synthetic solution).
const SLICE_BYTES: usize = 8 << 20;

/// Where the slice ending with the last of `sizes` starts: as many files back as make
/// [`SLICE_BYTES`], at least one.
fn slice_start(sizes: &[usize]) -> usize {
    let mut bytes = 0;
    let mut start = sizes.len();
    while start > 0 && (bytes < SLICE_BYTES || start == sizes.len()) {
        start -= 1;
        bytes += sizes[start];
    }
    start
}

/// The most frequent unresolved names kept, by reason and name.
pub(crate) const TOP_UNRESOLVED: usize = 20;

pub(crate) struct Coverage {
    pub(crate) counts: BindingCounts,
    /// What is unresolved most: where a missing assembly or a binder rule costs most. Most frequent
    /// first, ties by reason and name, so the order is stable.
    pub(crate) top: Vec<Unresolved>,
}

pub(crate) struct Unresolved {
    pub(crate) reason: &'static str,
    pub(crate) name: String,
    pub(crate) count: usize,
}

impl Coverage {
    /// Binds every body of the workspace, in slices of files: what a slice memoized beyond its call
    /// sites (bodies, inference, syntax trees) is freed before the next, as the server primes, so
    /// the peak is not every body of a large workspace at once.
    ///
    /// A slice holds [`SLICE_BYTES`] of source: each slice ends in a barrier (the workers wait for
    /// the last file) and an eviction on this thread alone, so with slices of 32 files both cores
    /// were idle a fifth of the phase on /work/libs. Nothing is evicted after the last slice: the
    /// caller is done with the bodies, and dropping the workspace frees them anyway.
    ///
    /// The slices go from the last file to the first: a pass over every file in order (the parse
    /// pass before this one) leaves the syntax trees of the last files in the `parse` query's LRU,
    /// and taken first they are bound before an eviction drops them. In file order, each eviction
    /// dropped the trees the next slices needed, and almost every file was parsed a second time.
    pub(crate) fn of_files(workspace: &mut LiveWorkspace) -> Cancellable<Coverage> {
        let files = workspace.files().to_vec();
        let sizes = workers::file_sizes(&workspace.snapshot().analysis, &files)?;
        let mut counts = BindingCounts::default();
        let mut end = files.len();
        while end > 0 {
            let start = slice_start(&sizes[..end]);
            let snapshot = || workspace.snapshot().analysis;
            let (slice, slice_sizes) = (&files[start..end], &sizes[start..end]);
            for file in
                workers::each_heaviest_first(snapshot, slice, slice_sizes, |analysis, &file| {
                    analysis.binding_counts(file)
                })?
            {
                counts += file;
            }
            if start > 0 {
                workspace.evict_unused();
            }
            end = start;
        }
        Ok(Coverage::new(counts))
    }

    fn new(mut counts: BindingCounts) -> Coverage {
        let mut by_name: HashMap<(&'static str, String), usize> = HashMap::new();
        for (reason, name) in std::mem::take(&mut counts.unresolved_names) {
            *by_name
                .entry((reason_name(reason), name.to_string()))
                .or_default() += 1;
        }
        let mut top: Vec<Unresolved> = by_name
            .into_iter()
            .map(|((reason, name), count)| Unresolved {
                reason,
                name,
                count,
            })
            .collect();
        top.sort_by(|a, b| {
            b.count
                .cmp(&a.count)
                .then_with(|| (a.reason, &a.name).cmp(&(b.reason, &b.name)))
        });
        top.truncate(TOP_UNRESOLVED);
        Coverage { counts, top }
    }

    pub(crate) fn bound(&self) -> usize {
        let c = &self.counts;
        c.source + c.library + c.external
    }

    pub(crate) fn unresolved(&self) -> usize {
        let c = &self.counts;
        c.unknown_receiver
            + c.not_found
            + c.ambiguous
            + c.missing_metadata
            + c.dynamic_receiver
            + c.misread_syntax
            + c.late_bound
    }

    pub(crate) fn sites(&self) -> usize {
        self.bound() + self.unresolved()
    }

    /// The `binding` object of `csnav stats --json` (see docs/stats.md).
    pub(crate) fn to_json(&self) -> Value {
        let c = &self.counts;
        json!({
            "callSites": self.sites(),
            "bound": {
                "total": self.bound(),
                "source": c.source,
                "library": c.library,
                "external": c.external,
            },
            "unresolved": {
                "total": self.unresolved(),
                "unknownReceiver": c.unknown_receiver,
                "notFound": c.not_found,
                "ambiguous": c.ambiguous,
                "missingMetadata": c.missing_metadata,
                "dynamicReceiver": c.dynamic_receiver,
                "misreadSyntax": c.misread_syntax,
                "lateBound": c.late_bound,
            },
            "topUnresolved": self.top.iter().map(|u| json!({
                "name": u.name,
                "reason": u.reason,
                "count": u.count,
            })).collect::<Vec<_>>(),
        })
    }
}

/// The summary line, then the top unresolved names, one a line.
impl fmt::Display for Coverage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let c = &self.counts;
        let pct = |n: usize| 100.0 * n as f64 / self.sites().max(1) as f64;
        writeln!(
            f,
            "call sites: {} ({:.1} % bound: {} to source members, {} to library members, {} to external names; \
             {:.1} % unresolved: {} unknown receiver, {} not found, {} ambiguous, {} missing metadata, \
             {} dynamic receiver, {} misread syntax, {} late-bound)",
            self.sites(),
            pct(self.bound()),
            c.source,
            c.library,
            c.external,
            pct(self.unresolved()),
            c.unknown_receiver,
            c.not_found,
            c.ambiguous,
            c.missing_metadata,
            c.dynamic_receiver,
            c.misread_syntax,
            c.late_bound,
        )?;
        for u in &self.top {
            writeln!(f, "  unresolved {:>6} {} ({})", u.count, u.name, u.reason)?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::{SLICE_BYTES, slice_start};

    #[test]
    fn slices_hold_slice_bytes_of_source_and_at_least_one_file() {
        let half = SLICE_BYTES / 2;
        // Files are taken from the end until the slice holds SLICE_BYTES.
        assert_eq!(slice_start(&[half, half, half, half]), 2);
        assert_eq!(slice_start(&[1, 2, 3]), 0);
        // A file larger than a slice is a slice of its own.
        assert_eq!(slice_start(&[1, SLICE_BYTES * 3]), 1);
        assert_eq!(slice_start(&[SLICE_BYTES * 3]), 0);
        assert_eq!(slice_start(&[]), 0);
    }
}
