//! Templates: the ways to place one digit once in every row, column and box on the cells its
//! candidates and placements allow. Owns [`deletable`], the digit's candidates that lie in no
//! template.
//!
//! Such a candidate is false by the digit's own houses alone, and every single-digit deduction
//! removes only such candidates: a fish of any shape (finned, Franken, Mutant, cannibalistic)
//! argues from one digit's places and "one in each house", which every template obeys, so no
//! template holds a candidate a fish eliminates. A fish search may therefore skip a digit with
//! no deletable candidate and a base set whose possible targets hold none: it finds exactly
//! what it would find without the test, sooner. (HoDoKu's fish search does the same:
//! `CHECK_TEMPLATES`.)
//!
//! The count: a band (three rows) puts the digit in three different stacks, one column in
//! each, so it has at most 27 column patterns; a template is a pattern per band whose columns
//! in each stack differ, and the union of all templates is taken over at most 27 x 27 pairs of
//! the first two bands' patterns (the third's is then fixed), each pattern standing for the
//! union of every band placement with its columns.

use std::cell::RefCell;

use crate::geometry::{CellSet, Digit, Unit};
use crate::grid::Grid;

/// Per band pattern (a column offset within each stack, `9 * stack 0 + 3 * stack 1 + stack 2`
/// in base 3), the cells of every placement of the band with those columns.
type BandPatterns = [CellSet; 27];

/// A digit's rows' allowed columns and the union of the templates they give.
type Remembered = Option<([u16; 9], CellSet)>;

thread_local! {
    /// Per digit, the allowed columns of each row and the templates' union they gave (the fish
    /// searches of one grid state ask for the same digits a dozen times).
    static LAST: RefCell<[Remembered; 9]> = const { RefCell::new([None; 9]) };
}

/// Forgets the remembered unions.
pub(super) fn clear_cache() {
    LAST.with(|last| *last.borrow_mut() = [None; 9]);
}

/// The candidates of `digit` that no template of it holds (all of them on a grid where the
/// digit has no template, which is then contradictory).
pub(crate) fn deletable(grid: &Grid, digit: Digit) -> CellSet {
    let cells = grid.digit_cells(digit);
    let rows = allowed_columns(grid, digit, cells);
    let d = digit as usize - 1;
    let cached = LAST.with(|last| last.borrow()[d].filter(|(r, _)| *r == rows).map(|(_, u)| u));
    let union = cached.unwrap_or_else(|| {
        let union = templates_union(&rows);
        LAST.with(|last| last.borrow_mut()[d] = Some((rows, union)));
        union
    });
    cells - union
}

/// Per row, the columns (bit c) where the digit can stand: its candidates, or its placed cell.
fn allowed_columns(grid: &Grid, digit: Digit, cells: CellSet) -> [u16; 9] {
    let mut rows = [0u16; 9];
    for (r, row) in rows.iter_mut().enumerate() {
        let unit = Unit::row(r);
        *row = if grid.unit_has(unit, digit) {
            let c = unit
                .cells()
                .iter()
                .position(|&cell| grid.value(cell) == digit)
                .expect("a row holding the digit has its cell");
            1 << c
        } else {
            (cells.0 >> (9 * r)) as u16 & 0x1ff
        };
    }
    rows
}

/// The cells of every template the rows' allowed columns give.
fn templates_union(rows: &[u16; 9]) -> CellSet {
    let bands: [BandPatterns; 3] = std::array::from_fn(|b| band_patterns(rows, b));
    let mut union = CellSet::EMPTY;
    for (first, &top) in bands[0].iter().enumerate() {
        if top.is_empty() {
            continue;
        }
        for (second, &middle) in bands[1].iter().enumerate() {
            if middle.is_empty() {
                continue;
            }
            // Per stack the three bands take the offsets 0, 1 and 2 once each.
            let Some(third) = third_pattern(first, second) else {
                continue;
            };
            let bottom = bands[2][third];
            if !bottom.is_empty() {
                union = union | top | middle | bottom;
            }
        }
    }
    union
}

/// The pattern the third band needs beside the first two's, if they differ in every stack.
fn third_pattern(first: usize, second: usize) -> Option<usize> {
    let mut third = 0;
    for weight in [9, 3, 1] {
        let (a, b) = (first / weight % 3, second / weight % 3);
        if a == b {
            return None;
        }
        third += (3 - a - b) * weight;
    }
    Some(third)
}

/// Every placement of the digit in band `band` (a column per row, the three in different
/// stacks), gathered by pattern.
fn band_patterns(rows: &[u16; 9], band: usize) -> BandPatterns {
    let mut patterns = [CellSet::EMPTY; 27];
    let r0 = 3 * band;
    let cell = |r: usize, c: usize| CellSet::EMPTY.with(9 * r + c);
    for c0 in columns(rows[r0]) {
        for c1 in columns(rows[r0 + 1]).filter(|c| c / 3 != c0 / 3) {
            for c2 in columns(rows[r0 + 2]).filter(|c| c / 3 != c0 / 3 && c / 3 != c1 / 3) {
                let mut offsets = [0; 3];
                for c in [c0, c1, c2] {
                    offsets[c / 3] = c % 3;
                }
                let pattern = 9 * offsets[0] + 3 * offsets[1] + offsets[2];
                patterns[pattern] =
                    patterns[pattern] | cell(r0, c0) | cell(r0 + 1, c1) | cell(r0 + 2, c2);
            }
        }
    }
    patterns
}

/// The columns of a row mask, lowest first.
fn columns(mask: u16) -> impl Iterator<Item = usize> {
    (0..9).filter(move |c| mask & 1 << c != 0)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every template by brute force: a column per row, all different, one per box.
    fn union_by_search(rows: &[u16; 9]) -> CellSet {
        fn go(rows: &[u16; 9], r: usize, used: u16, boxes: u16, cells: CellSet) -> CellSet {
            if r == 9 {
                return cells;
            }
            let mut union = CellSet::EMPTY;
            for c in columns(rows[r]) {
                let b = r / 3 * 3 + c / 3;
                if used & 1 << c == 0 && boxes & 1 << b == 0 {
                    let cell = 9 * r + c;
                    union |= go(rows, r + 1, used | 1 << c, boxes | 1 << b, cells.with(cell));
                }
            }
            union
        }
        go(rows, 0, 0, 0, CellSet::EMPTY)
    }

    #[test]
    fn the_band_count_matches_a_search_of_every_template() {
        // A deterministic spread of row masks: dense, sparse and single columns.
        let mut seed = 0x2545_f491_4f6c_dd1du64;
        for round in 0..400 {
            let mut rows = [0u16; 9];
            for row in rows.iter_mut() {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                let keep = 2 + round % 7;
                *row = (0..9)
                    .filter(|c| (seed >> (c * 3)) % 9 < keep as u64)
                    .fold(0, |m, c| m | 1 << c);
            }
            assert_eq!(
                templates_union(&rows),
                union_by_search(&rows),
                "rows {rows:?}"
            );
        }
        assert_eq!(templates_union(&[0x1ff; 9]), CellSet::ALL);
    }

    #[test]
    fn an_x_wing_elimination_is_deletable_and_a_solution_cell_is_not() {
        // 1 only in columns 2 and 6 of rows 1 and 5 (an X-Wing): 1 elsewhere in those columns
        // is in no template.
        let mut rows = [0x1ffu16; 9];
        rows[0] = 1 << 1 | 1 << 5;
        rows[4] = 1 << 1 | 1 << 5;
        let union = templates_union(&rows);
        for r in [1, 2, 3, 5, 6, 7, 8] {
            assert!(
                !union.contains(9 * r + 1) && !union.contains(9 * r + 5),
                "row {r}"
            );
        }
        assert!(union.contains(1) && union.contains(5) && union.contains(9 * 2 + 3));
    }

    #[test]
    fn a_solved_grid_leaves_nothing_deletable() {
        let solved =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let grid = Grid::from_test_line(solved);
        for digit in 1..=9 {
            assert_eq!(deletable(&grid, digit), CellSet::EMPTY);
        }
        assert_eq!(grid.empty_count(), 0);
    }
}
