//! The digits a single-digit search last found nothing on. Owns [`Digits`], one search's view
//! of them, and the per-thread memory behind it.
//!
//! A search of one digit's pattern (a basic fish, a Skyscraper, ...) depends on that digit's
//! candidate cells and placed cells alone, and a pipeline step changes one or two digits; so a
//! digit whose last whole search of the same kind found nothing is not searched again until
//! one of the two changes. Only a search that ran to its end records anything (one its caller
//! stopped early has not looked at every digit), and only for the digits it found no step on.
//! The memory is fixed in size (per search kind and digit, two cell sets: 3.1 KiB a thread).

use std::cell::Cell;

use crate::geometry::Digit;
use crate::grid::Grid;

/// The searches that remember their barren digits.
#[derive(Debug, Clone, Copy)]
pub(super) enum Search {
    XWing,
    Swordfish,
    Jellyfish,
    Skyscraper,
    TwoStringKite,
    TurbotFish,
    EmptyRectangle,
    SimpleColors,
    MultiColors,
    /// Locked Candidates Type 1 (a lock of one digit reads and removes that digit only).
    Pointing,
    /// Locked Candidates Type 2.
    Claiming,
}

const SEARCHES: usize = 11;

/// A digit's candidate cells and placed cells, as bits.
type DigitState = (u128, u128);

/// No state: never equal to a grid's (no cell set has the top bits).
const NONE: DigitState = (u128::MAX, u128::MAX);

thread_local! {
    /// Per search and digit, the digit's state when that search last found nothing on it.
    static BARREN: Cell<[[DigitState; 9]; SEARCHES]> = const { Cell::new([[NONE; 9]; SEARCHES]) };
}

/// Forgets every barren digit.
pub(super) fn clear() {
    BARREN.set([[NONE; 9]; SEARCHES]);
}

/// Whether any digit is remembered (for the tests of the searches that use it).
#[cfg(test)]
pub(super) fn any_remembered() -> bool {
    BARREN.get().iter().flatten().any(|&state| state != NONE)
}

/// One search's digits: those it may skip, and those it has found a step on so far.
pub(super) struct Digits {
    search: Search,
    states: [DigitState; 9],
    barren: [DigitState; 9],
    found: u16,
}

impl Digits {
    pub(super) fn new(search: Search, grid: &Grid) -> Digits {
        let mut placed = [0u128; 9];
        for (cell, &value) in grid.values().iter().enumerate() {
            if value != 0 {
                placed[value as usize - 1] |= 1 << cell;
            }
        }
        let states = std::array::from_fn(|d| (grid.digit_cells(d as Digit + 1).0, placed[d]));
        Digits {
            search,
            states,
            barren: BARREN.get()[search as usize],
            found: 0,
        }
    }

    /// Whether the search may pass `digit` over: its last whole search found nothing on the
    /// digit as it is now.
    pub(super) fn skips(&self, digit: Digit) -> bool {
        let d = digit as usize - 1;
        self.barren[d] == self.states[d]
    }

    /// Notes a step found on `digit` (call it before emitting the step).
    pub(super) fn found(&mut self, digit: Digit) {
        self.found |= 1 << digit;
    }

    /// The search ran to its end: every digit with no step found is remembered as it is now.
    pub(super) fn finish(self) {
        let mut all = BARREN.get();
        let remembered = &mut all[self.search as usize];
        for (d, (kept, now)) in remembered.iter_mut().zip(self.states).enumerate() {
            if self.found & 1 << (d + 1) == 0 {
                *kept = now;
            }
        }
        BARREN.set(all);
    }
}
