//! The bound on the memories finders keep between calls on one thread, and the way to empty
//! them.
//!
//! Owns the thread's cache bound: [`thread_limit`] is what a finder's memory may hold on this
//! thread, set for one call by a [`crate::budget::Budget`] ([`LimitGuard`]) and otherwise
//! [`DEFAULT_THREAD_BYTES`]. A memory never changes what is found, only how fast, so any bound
//! is safe; a smaller one only costs speed. `finders::clear_caches` empties this
//! thread's memories.

use std::cell::Cell;

/// The default bound on one thread's finder caches, in bytes.
pub const DEFAULT_THREAD_BYTES: usize = 64 << 20;

thread_local! {
    static LIMIT: Cell<usize> = const { Cell::new(DEFAULT_THREAD_BYTES) };
}

/// The most bytes this thread's finder caches may hold now.
pub fn thread_limit() -> usize {
    LIMIT.with(Cell::get)
}

/// Sets this thread's cache bound until dropped, restoring the previous one; `None` leaves the
/// bound in place.
pub struct LimitGuard {
    previous: usize,
}

impl LimitGuard {
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
}
