//! The bound on the memories finders keep on one thread, and the way to empty them.
//!
//! Owns the thread's cache bound: [`thread_limit`] is what the finders' memories may hold
//! together on this thread, set for one call by a [`crate::budget::Budget`] ([`LimitGuard`])
//! and otherwise [`DEFAULT_THREAD_BYTES`]. Each memory gets a fixed share of it (`Memory`,
//! `bound`) and measures itself in bytes: what its entries own on the heap (arena nodes times
//! a node's size, parent lists, hint records, map slots and keys), counted from capacities, not
//! lengths. A memory never changes what is found, only how fast, so any bound is safe; a
//! smaller one only costs speed. [`crate::clear_caches`] empties this thread's
//! memories (`stepwise::clear_caches`, the front door's).
//!
//! The memories and their shares, in sixty-fourths of the bound:
//!
//! | memory | share | what it holds |
//! |---|---|---|
//! | `InnerHints` | 39 | every hint of the plain chaining rules inside nested chains, per reduced grid, kept across steps and puzzles (two generations of half each) |
//! | `LevelResults` | 15 | one nested search's inner results per reduced grid, shared between its levels; dropped when the search ends |
//! | `SpareBuffers` | 4 | buffers of finished chaining searches (arenas, link lists, screen closures), for the next search to reuse |
//! | `AlsGraph` | 1 | the last grid's almost locked sets and their restricted commons, for the four ALS finders that search one state in turn |
//! | `LinkGraphs` | 1 | the last grids' link graphs (plain, grouped, with ALS nodes), for HoDoKu's chain finders |
//! | `NiceLoops` | 1 | the last graphs' continuous nice loops and AICs, found by one search for two finders |
//! | `Fishless` | 1 | digits whose general fish search found nothing, per technique |
//! | `BarrenTriples` | 1 | the cell triples Aligned Triple Exclusion last found to remove nothing, with the candidates they had (two bits a triple of cells, 130 KiB, and the words in use, 65 KiB at most) |
//! | `BarrenIntersections` | 1 | per box-line intersection, its line's and box's candidates when Sue de Coq last found nothing there (5 KiB) |
//!
//! Outside the bound, as they are fixed in size: the X-Chain searches' chainless digits (per
//! search and digit, the digit's cells when it last gave no chain: 288 bytes a thread, no
//! heap), the fish searches' last template union per digit (its rows' allowed columns and
//! the union: 9 entries of 64 bytes a thread, no heap) and the single-digit searches' barren
//! digits (basic fish, the single-digit patterns, HoDoKu's coloring and Locked Candidates: per
//! search and digit, its candidate and placed cells, 3.1 KiB a thread, no heap) and the subset
//! searches' barren houses (per search,
//! size and house, its cells: 8 KiB a thread, no heap), which [`crate::clear_caches`] empties
//! too.
//!
//! **The bound per thread and in total.** A thread's finder memories hold at most
//! [`thread_limit`] bytes, by default [`DEFAULT_THREAD_BYTES`] (32 MiB). What is not a cache
//! comes on top: the working memory of the search running (a nested search's arena of
//! potentials, its closures and inner searches, the steps and trace of the solve), at most
//! 28 MB of heap at the worst step of `rated/se-hardest-1106.tsv` and 15 MB on a sample of
//! the forum's 11+ list, and the binary's few MB; the allocator's slack adds some 10-15% to the
//! resident size (the binary has mimalloc give freed memory back after 10 ms, see
//! `src/purge_delay.rs`). A process of `n` worker threads therefore holds under
//! `n × (bound + 30 MB) + 10 MB` of heap: a server with 16 workers at the default bound, under
//! 1 GB at the very worst, every worker at the hardest step of the hardest puzzles at once; of
//! that, the caches are at most 16 × 32 MiB = 512 MiB whatever the puzzles. `stepwise rate
//! --jobs 1` peaks at 51 MB resident over the whole of `rated/se-hardest-1106.tsv`
//! (se profile; 108 MB with the former 64 MiB and one-second purge delay).
//!
//! **Why 32 MiB.** Measured with `examples/cache_curve.rs` (`stepwise rate --jobs 1`, both
//! paths) over every 10th puzzle of `rated/se-hardest-1106.tsv`: CPU seconds of the sample,
//! peak sizes in MB, the nested chains' keys packed nine bits a cell and the 10 ms purge
//! delay:
//!
//! | bound (`--cache-mb`) | 0 | 16 | 24 | **32** | 48 | 64 | unbounded |
//! |---|---|---|---|---|---|---|---|
//! | CPU seconds | 49.0 | 35.3 | 32.8 | **31.8** | 30.5 | 29.0 | 30.9 |
//! | peak live heap | 25 | 27 | 28 | **31** | 41 | 52 | 666 |
//! | peak resident | 34 | 39 | 41 | **44** | 56 | 69 | 717 |
//!
//! (One run each on a shared machine, where CPU times vary by some 10%. Before the packed
//! keys, 32 MiB cost 40.2 s against 31.4 s at 64 MiB; with a one-second purge delay the
//! sample peaked at 78 MB resident at 64 MiB.) The time falls steeply up to about 24 MiB,
//! where the memories hold the inner hints of the last steps, and slowly beyond. 32 MiB is the
//! largest bound that keeps a one-job rating of every shared set under 64 MB resident, at
//! some 10% more CPU than 64 MiB on the hardest puzzles (`--cache-mb 64` buys it back).

use std::cell::Cell;

/// The default bound on one thread's finder caches, in bytes (see the module doc for why).
pub const DEFAULT_THREAD_BYTES: usize = 32 << 20;

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(DEFAULT_THREAD_BYTES) };
}

/// The most bytes this thread's finder caches may hold now.
pub fn thread_limit() -> usize {
    LIMIT.with(Cell::get)
}

/// One of the finders' memories, each bounded by its share of [`thread_limit`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Memory {
    /// Every hint of the plain inner chaining rules per reduced grid, across steps.
    InnerHints,
    /// One nested search's inner results, shared between its levels.
    LevelResults,
    /// Buffers of finished chaining searches, reused by the next.
    SpareBuffers,
    /// The last grid's ALS graph.
    AlsGraph,
    /// The last grids' link graphs.
    LinkGraphs,
    /// The last graphs' nice loops and AICs.
    NiceLoops,
    /// Digits without a fish, per technique.
    Fishless,
    /// Cell triples without an Aligned Triple Exclusion.
    BarrenTriples,
    /// Box-line intersections without a Sue de Coq.
    BarrenIntersections,
}

impl Memory {
    /// The memory's share of the bound, in sixty-fourths (the shares add up to 64).
    const fn sixty_fourths(self) -> usize {
        match self {
            Memory::InnerHints => 39,
            Memory::LevelResults => 15,
            Memory::SpareBuffers => 4,
            Memory::AlsGraph | Memory::LinkGraphs | Memory::NiceLoops => 1,
            Memory::Fishless | Memory::BarrenTriples | Memory::BarrenIntersections => 1,
        }
    }
}

/// The most bytes `memory` may hold on this thread now.
pub(crate) fn bound(memory: Memory) -> usize {
    thread_limit() / 64 * memory.sixty_fourths()
}

/// The bytes a hash map's table takes for `capacity` entries of this key and value (one
/// control byte per slot, slots at most seven eighths full), not counting what the entries
/// own elsewhere.
pub(crate) fn map_bytes<K, V>(capacity: usize) -> usize {
    capacity * 8 / 7 * (std::mem::size_of::<(K, V)>() + 1)
}

/// Sets this thread's cache bound until dropped, restoring the previous one; `None` leaves the
/// bound in place.
pub struct LimitGuard {
    previous: usize,
}

impl LimitGuard {
    /// Sets the bound to `limit` bytes (`None`: keeps the current one) until the guard drops.
    pub fn new(limit: Option<usize>) -> LimitGuard {
        let previous = thread_limit();
        if let Some(limit) = limit {
            LIMIT.with(|l| l.set(limit));
        }
        LimitGuard { previous }
    }
}

impl Drop for LimitGuard {
    fn drop(&mut self) {
        LIMIT.with(|l| l.set(self.previous));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_limit_holds_for_its_guard_only() {
        assert_eq!(thread_limit(), DEFAULT_THREAD_BYTES);
        {
            let _guard = LimitGuard::new(Some(1 << 20));
            assert_eq!(thread_limit(), 1 << 20);
            let _inner = LimitGuard::new(None);
            assert_eq!(thread_limit(), 1 << 20);
        }
        assert_eq!(thread_limit(), DEFAULT_THREAD_BYTES);
    }

    #[test]
    fn the_shares_add_up_to_the_bound() {
        let memories = [
            Memory::InnerHints,
            Memory::LevelResults,
            Memory::SpareBuffers,
            Memory::AlsGraph,
            Memory::LinkGraphs,
            Memory::NiceLoops,
            Memory::Fishless,
            Memory::BarrenTriples,
            Memory::BarrenIntersections,
        ];
        let _guard = LimitGuard::new(Some(64 << 20));
        let total: usize = memories.iter().map(|&m| bound(m)).sum();
        assert_eq!(total, 64 << 20);
        let _unbounded = LimitGuard::new(Some(usize::MAX));
        assert!(bound(Memory::InnerHints) > 1 << 40, "no overflow");
    }
}
