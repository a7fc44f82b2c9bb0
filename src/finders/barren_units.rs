//! The houses a subset search last found nothing in. Owns [`searched`], which runs a search
//! passing over them, and the per-thread memory behind it.
//!
//! A naked or hidden subset search looks at one house at a time, and what it finds in a house
//! (the subset and what it removes or places) depends on that house's cells alone: their
//! candidates and values. A pipeline step changes a few cells, so the houses
//! it leaves alone need not be searched again. Only a search that ran to its end records
//! anything, and only for the houses it found no step in. The memory is fixed in size (per
//! search and house, nine candidate masks and the placed digits: 8 KiB a thread).

use std::cell::{Cell, RefCell};
use std::ops::ControlFlow;

use crate::geometry::{Unit, UNITS};
use crate::grid::Grid;

/// The subset searches that remember their barren houses.
#[derive(Debug, Clone, Copy)]
pub(super) enum Search {
    /// Sudoku Explainer's naked sets (houses with twice the size empty cells).
    Naked,
    /// HoDoKu's naked sets (houses with one more empty cell than the size).
    HodokuNaked,
    /// Sudoku Explainer's hidden sets.
    Hidden,
    /// HoDoKu's hidden sets.
    HodokuHidden,
    /// Sudoku Explainer's direct hidden sets.
    DirectHidden,
}

const KINDS: usize = 5;
/// Sizes two to four.
const SIZES: usize = 3;

/// A house's cells, in its cell order (candidates as bits 0-8, the value above them), and the
/// digits placed in it.
type UnitState = ([u16; 9], u16);

/// No state: a house's placed digits never have bits above the ninth.
const NONE: UnitState = ([0; 9], u16::MAX);

thread_local! {
    /// Per search, size and house: the house's state when that search last found nothing in it.
    static BARREN: RefCell<[[UnitState; UNITS]; KINDS * SIZES]> =
        const { RefCell::new([[NONE; UNITS]; KINDS * SIZES]) };
}

/// Forgets every barren house.
pub(super) fn clear() {
    BARREN.with_borrow_mut(|barren| *barren = [[NONE; UNITS]; KINDS * SIZES]);
}

/// Whether any house is remembered (for the tests of the searches that use it).
#[cfg(test)]
pub(super) fn any_remembered() -> bool {
    BARREN.with_borrow(|barren| barren.iter().flatten().any(|&state| state != NONE))
}

fn state(grid: &Grid, unit: Unit) -> UnitState {
    let cells = unit.cells();
    (
        std::array::from_fn(|i| grid.candidates(cells[i]).0 | u16::from(grid.value(cells[i])) << 9),
        grid.placed_in(unit).0,
    )
}

/// Runs a subset search that passes over the houses `search` (for sets of `size`, two to
/// four) last found nothing in and are unchanged: `run` gets the test for a house to pass over
/// and the call that notes a house with a step (before the step is emitted). If the search ran
/// to its end, every house without a step is remembered as it is now.
pub(super) fn searched(
    grid: &Grid,
    search: Search,
    size: u32,
    run: impl FnOnce(&dyn Fn(Unit) -> bool, &dyn Fn(Unit)) -> ControlFlow<()>,
) -> ControlFlow<()> {
    debug_assert!((2..=4).contains(&size));
    let slot = search as usize * SIZES + size as usize - 2;
    // Every house's state once, and the memory's copy: the test then reads neither the grid
    // nor the thread's memory again (it runs for each house the search reaches).
    let mut now = [NONE; UNITS];
    for unit in Unit::all() {
        now[unit.index()] = state(grid, unit);
    }
    let remembered = BARREN.with_borrow(|barren| barren[slot]);
    let found = Cell::new(0u32);
    let skips = |unit: Unit| remembered[unit.index()] == now[unit.index()];
    let flow = run(&skips, &|unit: Unit| {
        found.set(found.get() | 1 << unit.index())
    });
    if flow.is_continue() {
        BARREN.with_borrow_mut(|barren| {
            for unit in Unit::all().filter(|u| found.get() & 1 << u.index() == 0) {
                barren[slot][unit.index()] = now[unit.index()];
            }
        });
    }
    flow
}
