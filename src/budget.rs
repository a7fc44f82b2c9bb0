//! What one call into the library may spend: wall time and cache memory.
//!
//! Owns [`Budget`]. Every front door (`explain`, `analyze`, `rate_puzzle`, `next_hint_within`,
//! `pipeline::solve` through [`crate::pipeline::Options::time_limit`]) runs under one: the time
//! is the thread's deadline ([`crate::deadline`]) for the whole call, however many paths or
//! searches it makes, and an expired budget is its own outcome (`timeout`), never "stuck" and
//! never a step a cut search happened to leave. The cache bound is the most the thread-local
//! memories of the finders may hold for this thread during the call ([`crate::cache`]);
//! entering a budget empties the memories that a larger bound had let grow past it.

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

/// Keeps a [`Budget`] in force on this thread; dropping it restores what was before.
pub struct BudgetGuard {
    _deadline: crate::deadline::Guard,
    _cache: crate::cache::LimitGuard,
}
