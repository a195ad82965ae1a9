//! Whole-workspace passes on every rayon thread, each thread with its own analysis snapshot (a salsa
//! database handle is moved to a thread, never shared between threads), as the server primes.

use std::sync::atomic::{AtomicUsize, Ordering};

use ide::{Analysis, Cancellable};
use rayon::prelude::*;

/// Items a worker claims at a time, at most: small enough that uneven costs (one huge file) balance,
/// large enough that the counter is not contended.
const MAX_CHUNK: usize = 16;

/// Claims per worker a pass aims at: with one claim each (a 32-file slice, as the bodies pass once
/// took, in chunks of 16 on two threads), a worker whose chunk was cheap waited for the other.
const CLAIMS_PER_WORKER: usize = 8;

/// `f` of every item, in item order; `snapshot` is called once per worker.
pub(crate) fn each<T: Sync, R: Send>(
    snapshot: impl Fn() -> Analysis,
    items: &[T],
    f: impl Fn(&Analysis, &T) -> Cancellable<R> + Sync,
) -> Cancellable<Vec<R>> {
    let order: Vec<usize> = (0..items.len()).collect();
    each_in_order(snapshot, items, &order, f)
}

/// [`each`] with the items taken heaviest first by `weights` (one per item: a file's length): the pass then ends
/// about when its work divided by the workers does, not when the worker that took the one large
/// file last is done with it (ZipFile.cs is an eighth of SharpZipLib's text).
pub(crate) fn each_heaviest_first<T: Sync, R: Send>(
    snapshot: impl Fn() -> Analysis,
    items: &[T],
    weights: &[usize],
    f: impl Fn(&Analysis, &T) -> Cancellable<R> + Sync,
) -> Cancellable<Vec<R>> {
    each_in_order(snapshot, items, &heaviest_first(items.len(), weights), f)
}

/// [`each_heaviest_first`] until `stop` holds: no worker takes another item from then on, and the
/// items not taken are `None`. One item a claim, so that `stop` is seen between any two, and an
/// item that takes long keeps no others waiting behind it.
pub(crate) fn each_heaviest_first_until<T: Sync, R: Send>(
    snapshot: impl Fn() -> Analysis,
    items: &[T],
    weights: &[usize],
    stop: impl Fn() -> bool + Sync,
    f: impl Fn(&Analysis, &T) -> Cancellable<R> + Sync,
) -> Cancellable<Vec<Option<R>>> {
    let order = heaviest_first(items.len(), weights);
    let mut all: Vec<Option<R>> = (0..items.len()).map(|_| None).collect();
    for (i, r) in claim_in_order(snapshot, items, &order, 1, stop, f)? {
        all[i] = Some(r);
    }
    Ok(all)
}

/// The indices of `len` items, heaviest first by `weights` (a missing weight is none).
fn heaviest_first(len: usize, weights: &[usize]) -> Vec<usize> {
    let mut order: Vec<usize> = (0..len).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(weights.get(i).copied().unwrap_or(0)));
    order
}

/// `f` of every item, the workers claiming them in `order` (a permutation of the indices); the
/// results in item order.
fn each_in_order<T: Sync, R: Send>(
    snapshot: impl Fn() -> Analysis,
    items: &[T],
    order: &[usize],
    f: impl Fn(&Analysis, &T) -> Cancellable<R> + Sync,
) -> Cancellable<Vec<R>> {
    let chunk = (items.len() / (workers(items).max(1) * CLAIMS_PER_WORKER)).clamp(1, MAX_CHUNK);
    let mut all = claim_in_order(snapshot, items, order, chunk, || false, f)?;
    all.sort_unstable_by_key(|&(i, _)| i);
    Ok(all.into_iter().map(|(_, r)| r).collect())
}

/// How many workers a pass over `items` takes: one per thread, no more than there are items.
fn workers<T>(items: &[T]) -> usize {
    rayon::current_num_threads().min(items.len().max(1))
}

/// `f` of the items the workers take in `order`, `chunk` at a claim, until `stop` holds (seen
/// before each item), with their indices.
fn claim_in_order<T: Sync, R: Send>(
    snapshot: impl Fn() -> Analysis,
    items: &[T],
    order: &[usize],
    chunk: usize,
    stop: impl Fn() -> bool + Sync,
    f: impl Fn(&Analysis, &T) -> Cancellable<R> + Sync,
) -> Cancellable<Vec<(usize, R)>> {
    let snapshots: Vec<Analysis> = (0..workers(items)).map(|_| snapshot()).collect();
    let next = AtomicUsize::new(0);
    let parts: Vec<Cancellable<Vec<(usize, R)>>> = snapshots
        .into_par_iter()
        .map(|analysis| {
            let mut out = Vec::new();
            loop {
                let start = next.fetch_add(chunk, Ordering::Relaxed);
                if start >= items.len() {
                    return Ok(out);
                }
                for &i in order.iter().skip(start).take(chunk) {
                    if stop() {
                        return Ok(out);
                    }
                    out.push((i, f(&analysis, &items[i])?));
                }
            }
        })
        .collect();
    let mut all = Vec::with_capacity(items.len());
    for part in parts {
        all.extend(part?);
    }
    Ok(all)
}

/// Each file's length in bytes, in file order: what the passes weigh files by.
pub(crate) fn file_sizes(analysis: &Analysis, files: &[ide::FileId]) -> Cancellable<Vec<usize>> {
    files
        .iter()
        .map(|&f| Ok(analysis.file_text(f)?.len()))
        .collect()
}
