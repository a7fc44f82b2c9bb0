//! A per-thread time limit for one logical solve, checked cooperatively.
//!
//! Owns one thread-local deadline. The pipeline sets it (from `Options::time_limit`) for the
//! duration of a solve with [`Guard`] (a [`crate::budget::Budget`] for a whole call); every
//! search that can run for more than a fraction of a millisecond calls [`expired`] in its
//! outer loops and gives up, finding nothing, once it has passed: the general fish per base
//! set, the ALS collections, graphs and searches, HoDoKu's chains per start, aligned
//! exclusions, wings, Sue de Coq and unique loops per outer cell or unit, and SE's chaining
//! rules per cell, per inner search and wherever a nested closure turns to its inner rules
//! (the other finders, singles to coloring, take microseconds on any grid and never check).
//! On the forum's hardest states a 1 ms deadline stops every finder within a few hundred
//! microseconds of it (`tests/finder_deadlines.rs`). Expiry is monotonic: a search that gave
//! up is always followed by a pipeline check that sees the deadline passed too, so a cut search
//! can never pass as "found nothing" (a wrong stuck or a different step); and no finder memory
//! keeps what a search left after the deadline. Without a deadline set, [`expired`] is always
//! false.

use std::cell::{Cell, RefCell};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

thread_local! {
    static DEADLINE: Cell<Option<Instant>> = const { Cell::new(None) };
    /// A flag another thread may raise to end this thread's call as if its deadline had
    /// passed (a server whose client went away).
    static CANCEL: RefCell<Option<Arc<AtomicBool>>> = const { RefCell::new(None) };
    /// Whether `CANCEL` holds a flag: the one read on the common path, where none is set.
    static HAS_CANCEL: Cell<bool> = const { Cell::new(false) };
}

/// Whether this thread's deadline has passed (false when none is set), or its call was
/// cancelled.
pub fn expired() -> bool {
    DEADLINE.with(|d| d.get().is_some_and(|at| Instant::now() >= at)) || cancelled()
}

/// Whether this thread's call was cancelled (its deadline aside).
pub fn cancelled() -> bool {
    HAS_CANCEL.with(Cell::get)
        && CANCEL.with(|c| {
            c.borrow()
                .as_ref()
                .is_some_and(|flag| flag.load(Ordering::Relaxed))
        })
}

/// The cancel flag in force on this thread, for threads a call starts on its behalf.
pub fn current_cancel() -> Option<Arc<AtomicBool>> {
    CANCEL.with(|c| c.borrow().clone())
}

/// Puts a cancel flag in force on this thread until dropped, restoring the previous one.
pub struct CancelGuard {
    previous: Option<Arc<AtomicBool>>,
}

impl CancelGuard {
    pub fn new(flag: Arc<AtomicBool>) -> CancelGuard {
        let previous = CANCEL.with(|c| c.borrow_mut().replace(flag));
        HAS_CANCEL.with(|h| h.set(true));
        CancelGuard { previous }
    }
}

impl Drop for CancelGuard {
    fn drop(&mut self) {
        let previous = self.previous.take();
        HAS_CANCEL.with(|h| h.set(previous.is_some()));
        CANCEL.with(|c| *c.borrow_mut() = previous);
    }
}

/// Sets this thread's deadline `limit` from now until dropped, restoring the previous one.
/// `None` leaves the current deadline in place, so a nested solve never extends its caller's.
pub struct Guard {
    previous: Option<Instant>,
}

impl Guard {
    pub fn new(limit: Option<Duration>) -> Guard {
        let previous = DEADLINE.with(|d| d.get());
        if let Some(limit) = limit {
            let at = Instant::now().checked_add(limit);
            // The earlier of the two deadlines wins; an overflowing limit means none.
            let chosen = match (previous, at) {
                (Some(p), Some(a)) => Some(p.min(a)),
                (p, a) => p.or(a),
            };
            DEADLINE.with(|d| d.set(chosen));
        }
        Guard { previous }
    }
}

impl Drop for Guard {
    fn drop(&mut self) {
        DEADLINE.with(|d| d.set(self.previous));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn no_deadline_never_expires() {
        assert!(!expired());
        let _guard = Guard::new(None);
        assert!(!expired());
    }

    #[test]
    fn a_deadline_expires_and_is_cleared_on_drop() {
        {
            let _guard = Guard::new(Some(Duration::ZERO));
            assert!(expired());
        }
        assert!(!expired());
        let _guard = Guard::new(Some(Duration::from_secs(3600)));
        assert!(!expired());
    }

    #[test]
    fn an_inner_limit_never_extends_the_outer_one() {
        let _outer = Guard::new(Some(Duration::ZERO));
        {
            let _inner = Guard::new(Some(Duration::from_secs(3600)));
            assert!(expired());
        }
        assert!(expired());
    }

    #[test]
    fn a_raised_cancel_flag_expires_the_call_until_its_guard_goes() {
        let flag = Arc::new(AtomicBool::new(false));
        {
            let _guard = CancelGuard::new(Arc::clone(&flag));
            assert!(!expired());
            flag.store(true, Ordering::Relaxed);
            assert!(expired());
            assert!(current_cancel().is_some());
        }
        assert!(!expired());
        assert!(current_cancel().is_none());
    }

    #[test]
    fn deadlines_are_per_thread() {
        let _guard = Guard::new(Some(Duration::ZERO));
        assert!(expired());
        assert!(!std::thread::spawn(expired).join().unwrap());
    }
}
