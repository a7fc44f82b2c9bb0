//! Subsets: naked and hidden pairs, triples and quads; HoDoKu's Locked Pair and Locked
//! Triple; Sudoku Explainer's Direct Hidden Pair and Direct Hidden Triple.
//!
//! - Naked subset: n cells of a unit whose candidates together are exactly n digits; those
//!   digits leave the unit's other cells.
//! - Hidden subset: n digits of a unit that fit only in the same n cells; those cells lose
//!   every other digit.
//! - Locked Pair / Triple: a naked pair or triple inside a box-line intersection; the digits
//!   leave the other cells of both the box and the line. As in HoDoKu, whose technique it is,
//!   it must remove candidates from both (in the box, and in the line outside the box);
//!   otherwise it is a naked pair or triple of the one unit where it removes any.
//! - Direct Hidden Pair / Triple: a hidden pair or triple whose eliminations leave a digit a
//!   single place in some unit; the step places that single (as Sudoku Explainer does).
//!
//! Search order: units box 1-9, column 1-9, row 1-9 (Sudoku Explainer's); within a unit the
//! cell (or digit) combinations in increasing bitmask order. Sudoku Explainer looks for a naked
//! set only in units with at least twice its size of empty cells, and for a hidden set with
//! more than that; the `hodoku_*` finders are the same patterns without that rule, as HoDoKu
//! searches them (any unit with more empty cells than the set's size), for the hodoku profile,
//! whose pipeline takes their steps in HoDoKu's order (`pipeline::Choice::Hodoku`).
//!
//! A naked or hidden set search (not the locked sets, whose eliminations reach into a line)
//! passes over a house its last whole search found nothing in while the house's cells are
//! unchanged (`barren_units`).

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::barren_units::{searched, Search};
use super::combinations::masks;
use super::{se_order, Emit};
use crate::geometry::{cell_name, unit_words, Cell, CellSet, DigitSet, Unit, UnitKind};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// A naked subset found in `unit`: `cells` hold exactly `digits`.
struct Naked {
    unit: Unit,
    /// On the stack: every combination of a unit's empty cells is tried at most steps.
    cells: ArrayVec<Cell, 4>,
    digits: DigitSet,
}

/// Naked subsets of `size` cells in the `units` (in their order), in units with at least
/// `min_empty` empty cells and not passed over by `skip`.
fn naked_subsets(
    grid: &Grid,
    units: impl Iterator<Item = Unit>,
    size: u32,
    min_empty: u32,
    skip: &dyn Fn(Unit) -> bool,
    mut each: impl FnMut(Naked) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for unit in units {
        if (grid.empties_in(unit) as u32) < min_empty || skip(unit) {
            continue;
        }
        // The unit's empty cells with two to `size` candidates: a cell with more cannot be in
        // the set, and one with a single candidate is a naked single, not part of a subset.
        // Combinations of those come in the order combinations of every empty cell that skip
        // the others would (the index map keeps the order of the masks).
        let empty: ArrayVec<(Cell, DigitSet), 9> = unit
            .cells()
            .iter()
            .filter(|&&c| grid.value(c) == 0)
            .map(|&c| (c, grid.candidates(c)))
            .filter(|(_, candidates)| (2..=size).contains(&candidates.len()))
            .collect();
        for mask in masks(empty.len() as u32, size) {
            let chosen = || (0..empty.len()).filter(move |i| mask & (1 << i) != 0);
            let digits = chosen().fold(DigitSet::EMPTY, |acc, i| acc | empty[i].1);
            if digits.len() == size {
                each(Naked {
                    unit,
                    cells: chosen().map(|i| empty[i].0).collect(),
                    digits,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Candidates of `digits` in `area` outside `cells`.
fn removals(grid: &Grid, area: CellSet, cells: &[Cell], digits: DigitSet) -> Vec<Candidate> {
    let subset: CellSet = cells.iter().copied().collect();
    let mut out = Vec::new();
    for digit in digits {
        for c in (grid.digit_cells(digit) & area) - subset {
            out.push(Candidate::new(c, digit));
        }
    }
    out
}

fn subset_pattern(grid: &Grid, units: &[Unit], cells: &[Cell], digits: DigitSet) -> Pattern {
    let mut pattern = Pattern::default();
    for &u in units {
        pattern = pattern.unit(u, Role::Base);
    }
    pattern = pattern.cells(cells.iter().copied(), Role::Subset);
    for &c in cells {
        for d in grid.candidates(c) & digits {
            pattern = pattern.candidate(Candidate::new(c, d), Role::Subset);
        }
    }
    pattern
}

fn naked(grid: &Grid, size: u32, technique: Technique, emit: &mut Emit<'_>) -> ControlFlow<()> {
    // Sudoku Explainer looks for a naked set only where at least twice as many cells are empty
    // (otherwise the complementary hidden set is the smaller pattern).
    naked_in(grid, size, 2 * size, Search::Naked, technique, emit)
}

/// Naked sets of `size` in houses of `min_empty` empty cells or more, passing over the houses
/// the last whole search (`search`) found nothing in while they are unchanged
/// (`barren_units`).
fn naked_in(
    grid: &Grid,
    size: u32,
    min_empty: u32,
    search: Search,
    technique: Technique,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    searched(grid, search, size, |skip, found| {
        naked_subsets(
            grid,
            se_order::UNITS.into_iter(),
            size,
            min_empty,
            skip,
            |n| {
                let eliminations = removals(grid, n.unit.cell_set(), &n.cells, n.digits);
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                found(n.unit);
                let subject = subset_subject(n.digits, &n.cells);
                let text = format!(
                "In {}, the cells {} hold only the digits {}, so no other cell of {} can hold them.",
                unit_words(n.unit),
                cell_list(n.cells.iter().copied()),
                digit_list(n.digits),
                unit_words(n.unit)
            );
                let pattern = subset_pattern(grid, &[n.unit], &n.cells, n.digits);
                emit(Step::new(
                    technique,
                    vec![],
                    eliminations,
                    pattern,
                    subject,
                    text,
                ))
            },
        )
    })
}

fn locked(grid: &Grid, size: u32, technique: Technique, emit: &mut Emit<'_>) -> ControlFlow<()> {
    // Reported once, from its box.
    let boxes = se_order::UNITS
        .into_iter()
        .filter(|u| u.kind() == UnitKind::Box);
    naked_subsets(grid, boxes, size, size + 1, &|_| false, |n| {
        let set: CellSet = n.cells.iter().copied().collect();
        let line = [UnitKind::Row, UnitKind::Column]
            .into_iter()
            .find_map(|kind| {
                let u = Unit::containing(n.cells[0], kind);
                (set - u.cell_set()).is_empty().then_some(u)
            });
        let Some(line) = line else {
            return ControlFlow::Continue(());
        };
        let area = n.unit.cell_set() | line.cell_set();
        let eliminations = removals(grid, area, &n.cells, n.digits);
        let in_box = eliminations
            .iter()
            .any(|e| n.unit.cell_set().contains(e.cell));
        let in_line_only = eliminations
            .iter()
            .any(|e| !n.unit.cell_set().contains(e.cell));
        if !(in_box && in_line_only) {
            return ControlFlow::Continue(());
        }
        let subject = subset_subject(n.digits, &n.cells);
        let text = format!(
            "The cells {} hold only the digits {} and lie in both {} and {}, so no other cell of either can hold them.",
            cell_list(n.cells.iter().copied()),
            digit_list(n.digits),
            unit_words(n.unit),
            unit_words(line)
        );
        let pattern = subset_pattern(grid, &[n.unit, line], &n.cells, n.digits);
        emit(Step::new(
            technique,
            vec![],
            eliminations,
            pattern,
            subject,
            text,
        ))
    })
}

/// A hidden subset found in `unit`: `digits` fit only in `cells`.
struct Hidden {
    unit: Unit,
    /// On the stack, eliminations made on demand: the direct forms drop most hidden sets.
    cells: ArrayVec<Cell, 4>,
    digits: DigitSet,
}

impl Hidden {
    /// The other candidates of the set's cells.
    fn eliminations<'a>(&'a self, grid: &'a Grid) -> impl Iterator<Item = Candidate> + 'a {
        self.cells.iter().flat_map(move |&c| {
            (grid.candidates(c) - self.digits)
                .iter()
                .map(move |d| Candidate::new(c, d))
        })
    }
}

/// Hidden sets of `size` digits; `min_empty` is the fewest empty cells a unit must have
/// (Sudoku Explainer: more than twice the size for a hidden set, more than the size for a
/// direct one); units `skip` is true of are passed over.
fn hidden_subsets(
    grid: &Grid,
    size: u32,
    min_empty: u32,
    skip: &dyn Fn(Unit) -> bool,
    mut each: impl FnMut(Hidden) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for unit in se_order::UNITS {
        if skip(unit) {
            continue;
        }
        // On the stack: this runs for every unit whenever no single is left.
        let open: ArrayVec<u8, 9> = DigitSet::ALL
            .difference(grid.placed_in(unit))
            .iter()
            .collect();
        if (open.len() as u32) < min_empty {
            continue;
        }
        // Where each open digit can go, computed once per unit rather than per combination;
        // only digits with two to `size` places can be in a set whose places are `size`
        // cells. Combinations of those come in the same order as combinations of every open
        // digit that skip the others (the index map keeps the order of the masks).
        let (open, places): (ArrayVec<u8, 9>, ArrayVec<u16, 9>) = open
            .iter()
            .map(|&d| (d, grid.positions(unit, d)))
            .filter(|&(_, p)| (2..=size).contains(&p.count_ones()))
            .unzip();
        for mask in masks(open.len() as u32, size) {
            let chosen = || (0..open.len()).filter(move |i| mask & (1 << i) != 0);
            let positions = chosen().fold(0u16, |acc, i| acc | places[i]);
            if positions.count_ones() != size {
                continue;
            }
            let digits: DigitSet = chosen().map(|i| open[i]).collect();
            let cells: ArrayVec<Cell, 4> = (0..9)
                .filter(|i| positions & (1 << i) != 0)
                .map(|i| unit.cells()[i])
                .collect();
            if cells
                .iter()
                .all(|&c| (grid.candidates(c) - digits).is_empty())
            {
                continue;
            }
            each(Hidden {
                unit,
                cells,
                digits,
            })?;
        }
    }
    ControlFlow::Continue(())
}

/// Sudoku Explainer's direct check: another digit of the same unit that had several places and
/// has one left outside the hidden set's cells.
fn single_beside(grid: &Grid, h: &Hidden) -> Option<(Unit, Cell, u8)> {
    let set: CellSet = h.cells.iter().copied().collect();
    (1..=9)
        .filter(|&d| !h.digits.contains(d))
        .find_map(|digit| {
            let places = grid.digit_cells(digit) & h.unit.cell_set();
            let remaining = places - set;
            (places.len() > 1 && remaining.len() == 1)
                .then(|| (h.unit, remaining.first().expect("one cell"), digit))
        })
}

fn hidden_subject(h: &Hidden) -> String {
    subset_subject(h.digits, &h.cells)
}

/// `1,2 in r1c1,r1c5`: a subset's digits and cells, as its step's subject.
fn subset_subject(digits: DigitSet, cells: &[Cell]) -> String {
    format!(
        "{} in {}",
        digit_list(digits),
        cell_list(cells.iter().copied())
    )
}

fn hidden(grid: &Grid, size: u32, technique: Technique, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_in(grid, size, 2 * size + 1, Search::Hidden, technique, emit)
}

/// Hidden sets of `size` in houses of `min_empty` empty cells or more, passing over the houses
/// the last whole search (`search`) found nothing in while they are unchanged.
fn hidden_in(
    grid: &Grid,
    size: u32,
    min_empty: u32,
    search: Search,
    technique: Technique,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    searched(grid, search, size, |skip, found| {
        hidden_subsets(grid, size, min_empty, skip, |h| {
            found(h.unit);
            let text = format!(
                "In {}, the digits {} fit only in {}, so those cells can hold nothing else.",
                unit_words(h.unit),
                digit_list(h.digits),
                cell_list(h.cells.iter().copied())
            );
            let pattern = subset_pattern(grid, &[h.unit], &h.cells, h.digits);
            emit(Step::new(
                technique,
                vec![],
                h.eliminations(grid).collect(),
                pattern,
                hidden_subject(&h),
                text,
            ))
        })
    })
}

fn direct_hidden(
    grid: &Grid,
    size: u32,
    technique: Technique,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    searched(grid, Search::DirectHidden, size, |skip, found| {
        hidden_subsets(grid, size, size + 1, skip, |h| {
            let Some((unit, cell, digit)) = single_beside(grid, &h) else {
                return ControlFlow::Continue(());
            };
            found(h.unit);
            let text = format!(
            "In {}, the digits {} fit only in {}; without {} there, {} is the only place for {} in {}.",
            unit_words(h.unit),
            digit_list(h.digits),
            cell_list(h.cells.iter().copied()),
            digit,
            cell_name(cell),
            digit,
            unit_words(unit)
        );
            let pattern = subset_pattern(grid, &[h.unit], &h.cells, h.digits)
                .candidates(h.eliminations(grid), Role::Cover)
                .unit(unit, Role::Base)
                .cell(cell, Role::Placement)
                .candidate(Candidate::new(cell, digit), Role::Placement);
            let placement = vec![Candidate::new(cell, digit)];
            emit(Step::new(
                technique,
                placement,
                vec![],
                pattern,
                hidden_subject(&h),
                text,
            ))
        })
    })
}

pub fn naked_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    naked(grid, 2, Technique::NakedPair, emit)
}
pub fn naked_triple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    naked(grid, 3, Technique::NakedTriple, emit)
}
pub fn naked_quad(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    naked(grid, 4, Technique::NakedQuad, emit)
}
pub fn hidden_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden(grid, 2, Technique::HiddenPair, emit)
}
pub fn hidden_triple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden(grid, 3, Technique::HiddenTriple, emit)
}
pub fn hidden_quad(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden(grid, 4, Technique::HiddenQuad, emit)
}
/// HoDoKu's search for naked and hidden sets: any unit with more empty cells than the set's
/// size (no Sudoku Explainer rule on the number of empty cells).
pub fn hodoku_naked_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    naked_in(grid, 2, 3, Search::HodokuNaked, Technique::NakedPair, emit)
}
pub fn hodoku_naked_triple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    naked_in(
        grid,
        3,
        4,
        Search::HodokuNaked,
        Technique::NakedTriple,
        emit,
    )
}
pub fn hodoku_naked_quad(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    naked_in(grid, 4, 5, Search::HodokuNaked, Technique::NakedQuad, emit)
}
pub fn hodoku_hidden_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_in(
        grid,
        2,
        3,
        Search::HodokuHidden,
        Technique::HiddenPair,
        emit,
    )
}
pub fn hodoku_hidden_triple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_in(
        grid,
        3,
        4,
        Search::HodokuHidden,
        Technique::HiddenTriple,
        emit,
    )
}
pub fn hodoku_hidden_quad(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_in(
        grid,
        4,
        5,
        Search::HodokuHidden,
        Technique::HiddenQuad,
        emit,
    )
}
pub fn locked_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    locked(grid, 2, Technique::LockedPair, emit)
}
pub fn locked_triple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    locked(grid, 3, Technique::LockedTriple, emit)
}
pub fn direct_hidden_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    direct_hidden(grid, 2, Technique::DirectHiddenPair, emit)
}
pub fn direct_hidden_triple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    direct_hidden(grid, 3, Technique::DirectHiddenTriple, emit)
}

#[cfg(test)]
mod locked_tests {
    use crate::finders::first;
    use crate::finders::testing::pencilmark;
    use crate::geometry::cell_at;
    use crate::technique::Technique;

    /// The Locked Pair page's example grid.
    const EXAMPLE: &str = "
.--------------------.--------------.--------------------.
| 156     156   15   | 8    7   3   | 49    2       49   |
| 7       9     4    | 5    6   2   | 1     38      38   |
| 28      28    3    | 4    19  19  | 6     5       7    |
:--------------------+--------------+--------------------:
| 12349   123   6    | 129  5   149 | 378   134789  3489 |
| 13459   135   158  | 6    38  7   | 35    1349    2    |
| 123459  7     1258 | 129  38  149 | 35    6       3459 |
:--------------------+--------------+--------------------:
| 1236    1236  9    | 17   4   5   | 2378  378     368  |
| 58      58    7    | 3    2   6   | 49    49      1    |
| 1236    4     12   | 179  19  8   | 2357  37      356  |
'--------------------'--------------'--------------------'
";

    /// HoDoKu's definition: a locked pair removes candidates from its box and from its line
    /// outside the box; with the box already clear it is a naked pair of the column.
    #[test]
    fn a_locked_pair_needs_eliminations_in_box_and_line() {
        let mut grid = pencilmark(EXAMPLE);
        assert_eq!(
            first(Technique::LockedPair, &grid).map(|s| s.notation()),
            Some("Locked Pair: 3,5 in r5c7,r6c7 => r4c789,r5c8,r7c7<>3, r6c9,r9c7<>35".into())
        );
        // Clear the box: r4c7, r4c8, r4c9, r5c8 lose 3 and r6c9 loses 3 and 5.
        for (row, column, digit) in [
            (4, 7, 3),
            (4, 8, 3),
            (4, 9, 3),
            (5, 8, 3),
            (6, 9, 3),
            (6, 9, 5),
        ] {
            grid.eliminate(cell_at(row - 1, column - 1), digit);
        }
        assert_eq!(first(Technique::LockedPair, &grid), None);
        assert_eq!(
            first(Technique::NakedPair, &grid).map(|s| s.notation()),
            Some("Naked Pair: 3,5 in r5c7,r6c7 => r7c7<>3, r9c7<>35".into())
        );
    }
}

#[cfg(test)]
mod barren_tests {
    use super::*;
    use crate::finders::barren_units;
    use crate::finders::testing::{assert_barren_memory_changes_nothing, Searches};
    use crate::finders::Finder;
    use crate::pipeline::Options;

    /// Every naked and hidden set search (Sudoku Explainer's, HoDoKu's, the direct ones) gives
    /// the same steps with the barren houses remembered along se and hodoku paths as with the
    /// memory emptied first.
    #[test]
    fn remembered_barren_houses_change_no_result() {
        let searches: [Finder; 14] = [
            naked_pair,
            naked_triple,
            naked_quad,
            hidden_pair,
            hidden_triple,
            hidden_quad,
            hodoku_naked_pair,
            hodoku_naked_triple,
            hodoku_naked_quad,
            hodoku_hidden_pair,
            hodoku_hidden_triple,
            hodoku_hidden_quad,
            direct_hidden_pair,
            direct_hidden_triple,
        ];
        assert_barren_memory_changes_nothing(
            &[
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                "....4.....14.....6..29.3...2...7..9..9....5..6.5..1..35.....72...6.....1.....7.3.",
                ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
            ],
            &[Options::sudoku_explainer(), Options::hodoku()],
            Searches::Finders(&searches),
            (barren_units::clear, barren_units::any_remembered),
            (200, 20),
        );
    }
}
