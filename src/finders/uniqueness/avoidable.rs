//! Avoidable Rectangles, Types 1 and 2 (HoDoKu's rules, `UniquenessSolver`).
//!
//! The four cells of a unique rectangle where some corners were *placed while solving* (never
//! givens, `Grid::is_given`). Swapping placed digits changes no given, so a deadly pattern of
//! placed cells would give the givens two solutions as well.
//! - **Type 1**: three corners are placed as the pattern would fill them; the fourth, unsolved
//!   and (as HoDoKu asks) bivalue, loses the digit that would complete it.
//! - **Type 2**: the two corners of one box are placed; the two others are bivalue, each with
//!   the digit that would complete the pattern and one same other digit `x`, which leaves
//!   every cell that sees both.
//!
//! Pencilmark grids count every filled cell as a given, so these never fire there.
//!
//! Search order: the rectangles' order (`rectangles.rs`: first row, second row, first column,
//! second column; corners solved or not), the placed side in the first box, then in the
//! second. Notation as the rectangles': `Avoidable Rectangle Type 1: 2/6 in
//! r4c1,r4c6,r6c1,r6c6 => r6c6<>6`.

use std::ops::ControlFlow;

use super::rectangles::Rectangle;
use crate::finders::Emit;
use crate::geometry::{box_of, cell_at, cell_name, Cell, CellSet, Digit};
use crate::grid::Grid;
use crate::step::{cell_list, Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// An avoidable rectangle: two corners in one box placed (not given) as `u` and `v`, and the
/// two corners of the other box, `across_u` in line with the `u` corner and `across_v` in line
/// with the `v` corner. The deadly pattern would put `v` in `across_u` and `u` in `across_v`.
#[derive(Debug, Clone, Copy)]
struct Avoidable {
    rect: Rectangle,
    placed: [Cell; 2],
    /// (cell, the digit the deadly pattern would give it): in line with the `u` then `v` corner.
    across: [(Cell, Digit); 2],
}

/// Every avoidable rectangle, in the rectangles' order (first row, second row, first column,
/// second column), the placed side tried on the first box, then the second.
fn avoidables(grid: &Grid, visit: impl FnMut(Avoidable) -> ControlFlow<()>) -> ControlFlow<()> {
    scan(grid, true, visit)
}

/// The scan behind [`avoidables`]; `skip_unplaced` passes over, from the rows' placed columns
/// alone, every rectangle with no side of two placed corners (most of the 1,296 on any grid),
/// which visits the same rectangles as looking at each one's corners.
fn scan(
    grid: &Grid,
    skip_unplaced: bool,
    mut visit: impl FnMut(Avoidable) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let placed = |c: Cell| grid.value(c) != 0 && !grid.is_given(c);
    let placed_columns: [u16; 9] = std::array::from_fn(|r| {
        let all = if skip_unplaced { 0 } else { 0x1ff };
        (0..9)
            .filter(|&c| placed(cell_at(r, c)))
            .map(|c| 1 << c)
            .sum::<u16>()
            | all
    });
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            let (top, bottom) = (placed_columns[r1], placed_columns[r2]);
            if top & bottom == 0 && top.count_ones() < 2 && bottom.count_ones() < 2 {
                continue; // (no column placed in both rows, no row with two placed cells)
            }
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    // A side is a column's two corners or a row's, both placed.
                    let pair = 1 << c1 | 1 << c2;
                    let column_side = top & bottom & pair != 0;
                    let row_side = top & pair == pair || bottom & pair == pair;
                    if !column_side && !row_side {
                        continue;
                    }
                    let corners = [
                        cell_at(r1, c1),
                        cell_at(r1, c2),
                        cell_at(r2, c1),
                        cell_at(r2, c2),
                    ];
                    let same_band = box_of(corners[0]) == box_of(corners[2]);
                    let same_stack = box_of(corners[0]) == box_of(corners[1]);
                    // Each side (two corners sharing a box) with its counterpart: across[i]
                    // shares a line with side[i].
                    let sides: [([Cell; 2], [Cell; 2]); 2] = match (same_band, same_stack) {
                        (true, false) => [
                            ([corners[0], corners[2]], [corners[1], corners[3]]),
                            ([corners[1], corners[3]], [corners[0], corners[2]]),
                        ],
                        (false, true) => [
                            ([corners[0], corners[1]], [corners[2], corners[3]]),
                            ([corners[2], corners[3]], [corners[0], corners[1]]),
                        ],
                        _ => continue,
                    };
                    for (side, other) in sides {
                        if !side.iter().all(|&c| placed(c)) {
                            continue;
                        }
                        let (u, v) = (grid.value(side[0]), grid.value(side[1]));
                        let rect = Rectangle {
                            corners,
                            a: u.min(v),
                            b: u.max(v),
                        };
                        visit(Avoidable {
                            rect,
                            placed: side,
                            across: [(other[0], v), (other[1], u)],
                        })?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

impl Avoidable {
    /// The placed corners as Pattern cells, the unsolved corners' candidates as Pattern.
    fn pattern(&self, grid: &Grid) -> Pattern {
        let mut pattern = Pattern::default().cells(self.rect.corners, Role::Pattern);
        for &c in &self.rect.corners {
            pattern = pattern.candidates(
                grid.candidates(c).iter().map(|d| Candidate::new(c, d)),
                Role::Pattern,
            );
        }
        pattern
    }
}

/// Avoidable Rectangle Type 1: three corners placed (not given) as a deadly pattern would
/// fill them, and the fourth, unsolved and bivalue, holding the digit that would complete
/// it: that digit goes. (HoDoKu asks the fourth corner to be bivalue; so does Stepwise.)
pub fn avoidable_rectangle_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    avoidables(grid, |ar| {
        let [(p, p_digit), (q, q_digit)] = ar.across;
        let (target, digit, placed_across) = if grid.value(p) == p_digit && !grid.is_given(p) {
            (q, q_digit, p)
        } else if grid.value(q) == q_digit && !grid.is_given(q) {
            (p, p_digit, q)
        } else {
            return ControlFlow::Continue(());
        };
        if grid.value(target) != 0
            || grid.candidates(target).len() != 2
            || !grid.candidates(target).contains(digit)
        {
            return ControlFlow::Continue(());
        }
        let placed = [ar.placed[0], ar.placed[1], placed_across];
        let text = format!(
            "{} were placed while solving, not given; if {} were {digit} too, those four cells could swap {} and {} without touching a given, so the givens would have two solutions: {} is not {digit}.",
            cell_list(placed),
            cell_name(target),
            ar.rect.a,
            ar.rect.b,
            cell_name(target),
        );
        let eliminations = vec![Candidate::new(target, digit)];
        let pattern = ar
            .pattern(grid)
            .candidates(eliminations.clone(), Role::Cover);
        emit(Step::new(
            Technique::AvoidableRectangle1,
            vec![],
            eliminations,
            pattern,
            ar.rect.subject(),
            text,
        ))
    })
}

/// Avoidable Rectangle Type 2: two corners placed (not given), the two others unsolved and
/// bivalue, each with the digit that would complete the deadly pattern and one same other
/// digit `x`. One of them is `x`, so `x` leaves every cell that sees both.
pub fn avoidable_rectangle_2(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    avoidables(grid, |ar| {
        let [(p, p_digit), (q, q_digit)] = ar.across;
        let bivalue_with = |c: Cell, d: Digit| {
            grid.value(c) == 0 && grid.candidates(c).len() == 2 && grid.candidates(c).contains(d)
        };
        if !bivalue_with(p, p_digit) || !bivalue_with(q, q_digit) {
            return ControlFlow::Continue(());
        }
        let Some(x) = grid.candidates(p).without(p_digit).single_digit() else {
            return ControlFlow::Continue(());
        };
        if !grid.candidates(q).contains(x) {
            return ControlFlow::Continue(());
        }
        let pair = CellSet::single(p).with(q);
        let targets = pair.common_peers() & grid.digit_cells(x);
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let text = format!(
            "{} were placed while solving, not given; {} holds {p_digit} or {x} and {} holds {q_digit} or {x}: without {x} the four cells could swap {} and {} without touching a given and the givens would have two solutions, so one of them is {x} and {x} can be removed from the cells that see both.",
            cell_list(ar.placed),
            cell_name(p),
            cell_name(q),
            ar.rect.a,
            ar.rect.b,
        );
        let eliminations: Vec<Candidate> = targets.iter().map(|c| Candidate::new(c, x)).collect();
        let pattern = ar
            .pattern(grid)
            .cells([p, q], Role::Fin)
            .candidates([Candidate::new(p, x), Candidate::new(q, x)], Role::Fin)
            .candidates(eliminations.clone(), Role::Cover);
        emit(Step::new(
            Technique::AvoidableRectangle2,
            vec![],
            eliminations,
            pattern,
            ar.rect.subject(),
            text,
        ))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::all;
    use crate::finders::testing::{check_grids, pencilmark, pencilmark_with_givens};
    use crate::technique::Technique;

    /// From `..7.91.6349......2.6.23.......87..3...9.....5..1.........7.9..........4..4...5971`.
    const AVOIDABLE_1_GIVENS: &str =
        "..7.91.6349......2.6.23.......87..3...9.....5..1.........7.9..........4..4...5971";
    const AVOIDABLE_1: &str = r"
.-----------.---------------.-----------.
| 5   2  7  | 4    9    1   | 8   6  3  |
| 4   9  3  | 5    68   68  | 7   1  2  |
| 1   6  8  | 2    3    7   | 5   9  4  |
:-----------+---------------+-----------:
| 6   5  4  | 8    7    2   | 1   3  9  |
| 7   8  9  | 136  16   346 | 46  2  5  |
| 2   3  1  | 9    5    46  | 46  8  7  |
:-----------+---------------+-----------:
| 38  1  26 | 7    4    9   | 23  5  68 |
| 9   7  5  | 136  128  368 | 23  4  68 |
| 38  4  26 | 36   268  5   | 9   7  1  |
'-----------'---------------'-----------'
";

    #[test]
    fn avoidable_rectangle_1_example_and_near_miss() {
        let grid = pencilmark_with_givens(AVOIDABLE_1, AVOIDABLE_1_GIVENS);
        // The same position where r4c1's 6 was a given: the four cells could not swap.
        let mut givens = AVOIDABLE_1_GIVENS.to_string();
        givens.replace_range(27..28, "6");
        let near_miss = pencilmark_with_givens(AVOIDABLE_1, &givens);
        check_grids(
            Technique::AvoidableRectangle1,
            &grid,
            "Avoidable Rectangle Type 1: 2/6 in r4c1,r4c6,r6c1,r6c6 => r6c6<>6",
            &near_miss,
        );
        // Every filled cell a given (a plain pencilmark grid): no avoidable rectangle at all.
        assert!(all(Technique::AvoidableRectangle1, &pencilmark(AVOIDABLE_1)).is_empty());
    }

    const AVOIDABLE_2_GIVENS: &str =
        "..39.4..8....62.41..8....2...6.2..39.........42..9.1...8....6..79.23....3..1.57..";
    const AVOIDABLE_2: &str = r"
.-----------.--------------.-------------.
| 2  1   3  | 9    7   4   | 5   6    8  |
| 9  57  57 | 8    6   2   | 3   4    1  |
| 6  4   8  | 35   15  13  | 9   2    7  |
:-----------+--------------+-------------:
| 1  57  6  | 45   2   78  | 48  3    9  |
| 8  3   9  | 46   15  17  | 2   57   46 |
| 4  2   57 | 356  9   378 | 1   578  56 |
:-----------+--------------+-------------:
| 5  8   2  | 7    4   9   | 6   1    3  |
| 7  9   1  | 2    3   6   | 48  58   45 |
| 3  6   4  | 1    8   5   | 7   9    2  |
'-----------'--------------'-------------'
";

    /// The rectangles visited, as corners and placed side, with the row filter or without.
    fn visited(grid: &Grid, skip_unplaced: bool) -> Vec<([Cell; 4], [Cell; 2])> {
        let mut seen = Vec::new();
        let _ = scan(grid, skip_unplaced, |ar| {
            seen.push((ar.rect.corners, ar.placed));
            ControlFlow::Continue(())
        });
        seen
    }

    #[test]
    fn the_row_filter_passes_over_no_rectangle_with_a_placed_side() {
        let mut grids = vec![
            pencilmark_with_givens(AVOIDABLE_1, AVOIDABLE_1_GIVENS),
            pencilmark_with_givens(AVOIDABLE_2, AVOIDABLE_2_GIVENS),
        ];
        // Every state of a solve, where cells placed while solving build up.
        let options = crate::pipeline::Options::hodoku();
        let mut grid = Grid::from_test_line(AVOIDABLE_2_GIVENS);
        while let Some(step) = crate::pipeline::next_step(&grid, &options) {
            crate::pipeline::apply(&mut grid, &step);
            grids.push(grid.clone());
        }
        let mut total = 0;
        for grid in &grids {
            let with = visited(grid, true);
            assert_eq!(with, visited(grid, false));
            total += with.len();
        }
        assert!(
            grids.len() > 20 && total > 100,
            "{} grids, {total} rectangles",
            grids.len()
        );
    }

    #[test]
    fn avoidable_rectangle_2_example_and_near_miss() {
        let grid = pencilmark_with_givens(AVOIDABLE_2, AVOIDABLE_2_GIVENS);
        let mut givens = AVOIDABLE_2_GIVENS.to_string();
        givens.replace_range(27..28, "1");
        let near_miss = pencilmark_with_givens(AVOIDABLE_2, &givens);
        check_grids(
            Technique::AvoidableRectangle2,
            &grid,
            "Avoidable Rectangle Type 2: 1/8 in r4c1,r4c6,r5c1,r5c6 => r6c6<>7",
            &near_miss,
        );
    }
}
