//! The grid's fixed terms that the puzzle, its errors and its reader all name: the two
//! directions a run takes from its clue, and the largest side a grid may have. A module of
//! their own, below [`puzzle`](super::puzzle), [`error`](super::error) and
//! [`format`](super::format), so that none of those imports another in a circle
//! (`tests/module_cycles.rs`); each of them re-exports what it owned before.

use std::fmt;

/// The most rows or columns a grid may have: far past any published Kakuro (the largest
/// in print are about 30x30), small enough that a grid is never a memory hazard.
pub const MAX_SIDE: usize = 100;

/// Which way a run goes from its clue.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Direction {
    /// To the right of the clue.
    Across,
    /// Below the clue.
    Down,
}

impl Direction {
    /// Where a run's cells lie from its clue, in words.
    pub(crate) fn next_to_clue(self) -> &'static str {
        match self {
            Direction::Across => "to its right",
            Direction::Down => "below it",
        }
    }

    /// The side of a clue square that holds this direction's sum (`D\R`).
    pub(crate) fn clue_side(self) -> &'static str {
        match self {
            Direction::Across => "right",
            Direction::Down => "down",
        }
    }

    /// One step along the direction.
    pub(super) fn step(self) -> (usize, usize) {
        match self {
            Direction::Across => (0, 1),
            Direction::Down => (1, 0),
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Across => "across",
            Direction::Down => "down",
        })
    }
}
