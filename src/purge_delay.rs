//! How soon mimalloc gives freed memory back to the system, set by the binary (and by the
//! examples that measure its memory) before any work.
//!
//! mimalloc 3 keeps freed pages for a second (`purge_delay`, 1000 ms) in case they are wanted
//! again. Nested chains free and allocate tens of MB within a second (searches' arenas, kept
//! hints rotated out), so the resident size was their sum: 94 MB peak resident against 53 MB
//! of live heap on every 10th puzzle of `rated/se-hardest-1106.tsv` (se profile). At 10 ms
//! (mimalloc 2's default) the same run peaks at 47 MB resident with a 32 MiB cache bound, at
//! the same CPU time (23.3 s against 23.3 s at 1000 ms).

use std::ffi::{c_int, c_long};

extern "C" {
    /// mimalloc's option setter (`mimalloc.h`), linked in with the `mimalloc` crate.
    fn mi_option_set(option: c_int, value: c_long);
    #[allow(dead_code)] // (read by the tests and `examples/cache_curve.rs`, not the binary)
    fn mi_option_get(option: c_int) -> c_long;
}

/// `mi_option_purge_delay` in `mimalloc.h`'s `mi_option_e` (the sixteenth option; the crate
/// exports no constant for it).
const PURGE_DELAY: c_int = 15;

/// The delay used, in milliseconds.
pub const PURGE_DELAY_MS: c_long = 10;

/// Gives freed memory back after [`PURGE_DELAY_MS`] instead of a second.
pub fn give_memory_back_sooner() {
    // SAFETY: setting an option is a plain store into mimalloc's option table, allowed at any
    // time; `PURGE_DELAY` names an option of the linked mimalloc.
    unsafe { mi_option_set(PURGE_DELAY, PURGE_DELAY_MS) }
}

/// mimalloc's purge delay now, in milliseconds.
#[allow(dead_code)] // (read by the tests and `examples/cache_curve.rs`, not the binary)
pub fn purge_delay_ms() -> c_long {
    // SAFETY: reading an option is a plain load from mimalloc's option table.
    unsafe { mi_option_get(PURGE_DELAY) }
}

#[cfg(test)]
mod tests {
    // (paths, not a `use`: the examples and benchmarks that include this file build it
    // without its tests)
    #[test]
    fn the_option_set_is_the_purge_delay() {
        // mimalloc 3's purge delay is the only option whose default is 1000 (ms): the index
        // names it. (Unless the environment sets it.)
        if std::env::var_os("MIMALLOC_PURGE_DELAY").is_none() {
            assert_eq!(super::purge_delay_ms(), 1000);
        }
        super::give_memory_back_sooner();
        assert_eq!(super::purge_delay_ms(), super::PURGE_DELAY_MS);
    }
}
