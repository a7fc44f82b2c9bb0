//! What one call into the library may spend: wall time and cache memory.
//!
//! Owns [`Budget`]. Every front door (`explain`, `analyze`, `rate_puzzle`, `next_hint_with`,
//! `pipeline::solve` through [`crate::pipeline::Options::time_limit`]) runs under one: the time
//! is the thread's deadline (`deadline`, internal) for the whole call, however many paths or
//! searches it makes, and an expired budget is its own outcome (`timeout`), never "stuck" and
//! never a step a cut search happened to leave. The cache bound is the most the thread-local
//! memories of the finders may hold for this thread during the call ([`crate::cache`]);
//! entering a budget empties the memories that a larger bound had let grow past it.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

/// The time and cache memory one call may use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Budget {
    /// Wall time for the whole call; `None`: no limit.
    pub time: Option<Duration>,
    /// Most bytes this thread's finder caches may hold during the call; `None`: the
    /// library's default ([`crate::cache::DEFAULT_THREAD_BYTES`]).
    pub cache_bytes: Option<usize>,
}

impl Budget {
    /// No time limit, the default cache bound.
    pub const UNLIMITED: Budget = Budget {
        time: None,
        cache_bytes: None,
    };

    /// A time limit, the default cache bound.
    pub const fn time(limit: Duration) -> Budget {
        Budget {
            time: Some(limit),
            cache_bytes: None,
        }
    }

    /// Puts the budget in force on this thread until the guard is dropped: the deadline (an
    /// outer one is never extended) and the cache bound.
    pub fn enter(&self) -> BudgetGuard {
        let guard = BudgetGuard {
            _deadline: crate::deadline::Guard::new(self.time),
            _cache: crate::cache::LimitGuard::new(self.cache_bytes),
        };
        // Memories filled under a larger bound give back what this one has no room for.
        crate::finders::trim_caches();
        guard
    }
}

/// A way to stop a call from another thread: the caller keeps a clone, enters it on the
/// thread that makes the call ([`Cancel::enter`]), and [`Cancel::cancel`] then ends the call as
/// an expired budget ends it (a `timeout` outcome, within the same fraction of a millisecond),
/// on that thread and on the threads the call starts (the generator's workers). A server
/// cancels the work of a client that went away.
///
/// ```
/// use stepwise::budget::Cancel;
///
/// let cancel = Cancel::new();
/// let _in_force = cancel.enter();
/// cancel.cancel();
/// assert!(cancel.is_cancelled());
/// let puzzle = stepwise::format::parse_puzzle(
///     "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
///     None,
/// )
/// .unwrap();
/// let explained = stepwise::explain(&puzzle, &stepwise::RateSettings::default());
/// assert_eq!(explained.status, stepwise::pipeline::Status::Timeout);
/// ```
#[derive(Debug, Clone, Default)]
pub struct Cancel(Arc<AtomicBool>);

impl Cancel {
    /// A flag not raised.
    pub fn new() -> Cancel {
        Cancel::default()
    }

    /// Raises the flag: calls under it end at their next check.
    pub fn cancel(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether the flag was raised.
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Puts the flag in force on this thread until the guard is dropped.
    pub fn enter(&self) -> CancelGuard {
        CancelGuard(crate::deadline::CancelGuard::new(Arc::clone(&self.0)))
    }
}

/// Keeps a [`Cancel`] in force on this thread; dropping it restores what was before.
pub struct CancelGuard(#[allow(dead_code)] crate::deadline::CancelGuard);

/// Keeps a [`Budget`] in force on this thread; dropping it restores what was before.
pub struct BudgetGuard {
    _deadline: crate::deadline::Guard,
    _cache: crate::cache::LimitGuard,
}
