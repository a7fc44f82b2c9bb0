//! The binary's global allocator: mimalloc, asked the plain way for what needs no more than a
//! word's alignment.
//!
//! The `mimalloc` crate asks mimalloc for every block through `mi_malloc_aligned`, whose
//! alignment handling costs about fifteen instructions a call on top of the allocation. Steps
//! are built from many small vectors and strings, so that was 3% of the instructions of
//! rating 20 easy puzzles. mimalloc's blocks are at least word aligned whatever their size, as Rust's
//! own allocator on the system `malloc` also relies on for alignments up to a word; larger
//! alignments (a `u128` cell set's sixteen bytes) still go the aligned way.

use std::alloc::{GlobalAlloc, Layout};
use std::ffi::c_void;

extern "C" {
    // mimalloc's plain entry points (`mimalloc.h`), linked in with the `mimalloc` crate.
    fn mi_malloc(size: usize) -> *mut c_void;
    fn mi_zalloc(size: usize) -> *mut c_void;
    fn mi_realloc(p: *mut c_void, newsize: usize) -> *mut c_void;
}

/// The alignment every mimalloc block has.
const WORD: usize = std::mem::size_of::<usize>();

/// mimalloc, plain calls for word-aligned layouts.
pub struct Allocator;

// SAFETY: every block comes from mimalloc and goes back to it (`MiMalloc::dealloc` is
// `mi_free`, which takes blocks from any of mimalloc's entry points); word-aligned layouts get
// blocks mimalloc aligns to a word at least, the others mimalloc's aligned calls.
unsafe impl GlobalAlloc for Allocator {
    #[inline]
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            mi_malloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc(layout)
        }
    }

    #[inline]
    unsafe fn alloc_zeroed(&self, layout: Layout) -> *mut u8 {
        if layout.align() <= WORD {
            mi_zalloc(layout.size()).cast()
        } else {
            mimalloc::MiMalloc.alloc_zeroed(layout)
        }
    }

    #[inline]
    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout)
    }

    #[inline]
    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        if layout.align() <= WORD {
            mi_realloc(ptr.cast(), new_size).cast()
        } else {
            mimalloc::MiMalloc.realloc(ptr, layout, new_size)
        }
    }
}
