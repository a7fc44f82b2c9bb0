//! Unique Rectangles, Types 1 to 6, and the Hidden Rectangle.
//!
//! - **Unique Rectangle**: four unsolved cells in two rows, two columns and two boxes that all
//!   hold the digits `a` and `b`. If the four cells held only `a` and `b`, the two ways of
//!   filling them would swap without touching any other cell, and the puzzle would have two
//!   solutions. So at least one corner must take a digit other than `a` and `b`.
//!   - **Type 1**: three corners hold only `a` and `b`: the fourth cannot be `a` or `b`.
//!   - **Type 2**: two corners in one row or column (the *floor*) hold only `a` and `b`; the two
//!     others (the *roof*, also sharing a row or column) hold `a`, `b` and one same extra digit
//!     `x`. One roof cell is `x`, so `x` leaves every cell that sees both roof cells.
//!   - **Type 3**: the floor holds only `a` and `b`; the roof's extra digits act as one cell
//!     that must hold one of them. With `k` other cells of a unit holding both roof cells it
//!     makes a naked set of `k + 1` digits, which leave the unit's other cells. Or, as SE also
//!     reads it, a hidden set: at most one roof cell takes `a` or `b`, so `a`, `b` and other
//!     digits confined (besides the roof) to one cell fewer than their number fill those cells
//!     (`type3.rs`). The step records the set's size, which its rating reads
//!     (`Facts::Type3`).
//!   - **Type 4**: the floor holds only `a` and `b`; in a unit holding both roof cells, `a` has
//!     no other place. One roof cell is therefore `a`, and the other cannot be `b` (that would
//!     complete the deadly pattern): `b` leaves both roof cells.
//!   - **Type 5** (HoDoKu's Uniqueness Test 5): Type 2 with the extra digit `x` in three
//!     corners, or in two opposite corners; `x` leaves every cell that sees all of them.
//!   - **Type 6** (Uniqueness Test 6): two opposite corners hold only `a` and `b`, and in the
//!     rectangle's two rows and two columns `a` has no place outside the corners. `a` then
//!     fills one diagonal; it cannot be the other corners' (the bivalue corners would be `b`
//!     and complete the pattern), so `a` leaves the two other corners.
//! - **Hidden Rectangle**: one corner holds only `a` and `b` (or two opposite corners do), and
//!   in the row and the column of the opposite corner `a` has no place outside the rectangle.
//!   Were the opposite corner `b`, its two neighbours would be `a`, the first corner `b`, and
//!   the pattern complete: `b` leaves the opposite corner.
//!
//! Types 1 to 4 are Sudoku Explainer's, found with its Unique Loops as one search
//! (`loops.rs`). Types 5 and 6 and the Hidden Rectangle follow HoDoKu's rules
//! (`UniquenessSolver`): the same corner conditions, the same eliminations.
//!
//! Search order (fixed, so traces are deterministic; Stepwise's own, documented here):
//! rectangles by first row, second row, first column, second column (rows and columns in
//! increasing order, all four cells unsolved, exactly two boxes), then the digit pair `a < b`
//! among the candidates all four corners share. For Types 2, 3 and 4 the floor is tried along
//! the first row, the second row, the first column, then the second column; for Type 3 then
//! SE's order of sets (`type3.rs`); for Type 4 the linked digit is tried lower first and the
//! shared units in row, column, box order. Type 6 tries `a` then `b`; the Hidden Rectangle its
//! bivalue corners in cell order, then the digit with the strong links lower first. The
//! rectangle order is Stepwise's (SE finds rectangles as four-cell loops from each bivalue
//! cell); it agrees with SE on all 334 paths of `se121-paths.txt`, and the group's sort by
//! rating and type is SE's.
//!
//! Notation, HoDoKu style: `Unique Rectangle Type 1: 5/7 in r1c1,r1c9,r5c1,r5c9 => r5c9<>57`
//! (the digits, then the corners in cell order); Types 2, 4, 5, 6 and the Hidden Rectangle the
//! same; Type 3 adds the set, `... with 1/9 in r8c3 => r8c7<>9` (naked) or `... with hidden
//! 4/8 in r8c6 => r8c6<>3`.

use std::ops::ControlFlow;

use super::type3::se_type_3;
use crate::finders::Emit;
use crate::geometry::{
    cell_at, cell_name, col_of, row_of, unit_words, Cell, CellSet, Digit, DigitSet, Unit,
};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, Candidate, Pattern, Role, Step};
use crate::technique::{Facts, Technique};

/// Four unsolved corners and a digit pair they all hold.
#[derive(Debug, Clone, Copy)]
pub(super) struct Rectangle {
    /// r1c1, r1c2, r2c1, r2c2 (cell order).
    pub(super) corners: [Cell; 4],
    pub(super) a: Digit,
    pub(super) b: Digit,
}

impl Rectangle {
    fn pair(&self) -> DigitSet {
        DigitSet::single(self.a).with(self.b)
    }
    pub(super) fn subject(&self) -> String {
        format!("{}/{} in {}", self.a, self.b, cell_list(self.corners))
    }
    /// The corners' pair candidates as Pattern, the corners as Pattern cells.
    pub(super) fn pattern(&self) -> Pattern {
        let mut pattern = Pattern::default().cells(self.corners, Role::Pattern);
        for &c in &self.corners {
            pattern = pattern.candidates(
                [Candidate::new(c, self.a), Candidate::new(c, self.b)],
                Role::Pattern,
            );
        }
        pattern
    }
}

/// Every candidate rectangle, in the documented order.
fn rectangles(grid: &Grid, mut visit: impl FnMut(Rectangle) -> ControlFlow<()>) -> ControlFlow<()> {
    let empty = grid.empty_cells();
    let held = |cell: Cell| {
        if empty.contains(cell) {
            grid.candidates(cell).0
        } else {
            0
        }
    };
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            // The digits both cells of each column hold; a column left with fewer than two
            // makes no rectangle with these rows (most do not, so few column pairs are tried:
            // the rectangle finders run at every step of both profiles).
            let mut shared = [0u16; 9];
            let mut columns = [0usize; 9];
            let mut count = 0;
            for (c, slot) in shared.iter_mut().enumerate() {
                let both = held(cell_at(r1, c)) & held(cell_at(r2, c));
                if both & both.wrapping_sub(1) != 0 {
                    *slot = both;
                    columns[count] = c;
                    count += 1;
                }
            }
            let same_band = r1 / 3 == r2 / 3;
            for (i, &c1) in columns[..count].iter().enumerate() {
                for &c2 in &columns[i + 1..count] {
                    // Exactly two boxes: the rows share a band or the columns a stack, not
                    // both (one box) nor neither (four).
                    if same_band == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let corners = [
                        cell_at(r1, c1),
                        cell_at(r1, c2),
                        cell_at(r2, c1),
                        cell_at(r2, c2),
                    ];
                    let common = DigitSet(shared[c1] & shared[c2]);
                    for a in common {
                        for b in common.iter().filter(|&b| b > a) {
                            visit(Rectangle { corners, a, b })?;
                        }
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// The four ways to split the corners into a floor and a roof that each share a line:
/// floor along the first row, the second row, the first column, the second column.
const SPLITS: [([usize; 2], [usize; 2]); 4] = [
    ([0, 1], [2, 3]),
    ([2, 3], [0, 1]),
    ([0, 2], [1, 3]),
    ([1, 3], [0, 2]),
];

/// Unique Rectangle Type 1: three corners hold only the pair; the fourth loses both digits.
pub(super) fn unique_rectangle_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let pair = rect.pair();
        let extra: Vec<Cell> = rect
            .corners
            .iter()
            .copied()
            .filter(|&c| grid.candidates(c) != pair)
            .collect();
        let [target] = extra[..] else {
            return ControlFlow::Continue(());
        };
        let (a, b) = (rect.a, rect.b);
        let others: Vec<Cell> = rect
            .corners
            .iter()
            .copied()
            .filter(|&c| c != target)
            .collect();
        let text = format!(
            "{} hold only {a} and {b}; if {} were {a} or {b} too, the four cells could swap {a} and {b} and the puzzle would have two solutions, so {} is neither {a} nor {b}.",
            cell_list(others),
            cell_name(target),
            cell_name(target)
        );
        let eliminations = vec![Candidate::new(target, a), Candidate::new(target, b)];
        let pattern = rect.pattern().candidates(eliminations.clone(), Role::Cover);
        emit(Step::new(
            Technique::UniqueRectangle1,
            vec![],
            eliminations,
            pattern,
            rect.subject(),
            text,
        ))
    })
}

/// Unique Rectangle Type 2: a bivalue floor and a roof with the same single extra digit.
pub(super) fn unique_rectangle_2(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let pair = rect.pair();
        for (floor, roof) in SPLITS {
            let floor = floor.map(|i| rect.corners[i]);
            let roof = roof.map(|i| rect.corners[i]);
            if floor.iter().any(|&c| grid.candidates(c) != pair) {
                continue;
            }
            let roof_digits = grid.candidates(roof[0]);
            if grid.candidates(roof[1]) != roof_digits || roof_digits.len() != 3 {
                continue;
            }
            let Some(x) = (roof_digits - pair).single_digit() else {
                continue;
            };
            let roof_set = CellSet::single(roof[0]).with(roof[1]);
            let targets = roof_set.common_peers() & grid.digit_cells(x);
            let targets = targets - roof_set;
            if targets.is_empty() {
                continue;
            }
            let (a, b) = (rect.a, rect.b);
            let text = format!(
                "{} hold only {a} and {b}, and {} hold {a}, {b} and {x}: if neither were {x}, the four cells could swap {a} and {b} and the puzzle would have two solutions, so one of them is {x} and {x} can be removed from the cells that see both.",
                cell_list(floor),
                cell_list(roof),
            );
            let eliminations: Vec<Candidate> =
                targets.iter().map(|c| Candidate::new(c, x)).collect();
            let pattern = rect
                .pattern()
                .cells(roof, Role::Fin)
                .candidates(roof.map(|c| Candidate::new(c, x)), Role::Fin)
                .candidates(eliminations.clone(), Role::Cover);
            emit(Step::new(
                Technique::UniqueRectangle2,
                vec![],
                eliminations,
                pattern,
                rect.subject(),
                text,
            ))?;
        }
        ControlFlow::Continue(())
    })
}

/// Unique Rectangle Type 3: a bivalue floor, and a roof whose extra digits act as one cell
/// of a naked set, or leave a hidden set with the pair digits, in a unit holding both roof
/// cells ([`se_type_3`], `type3.rs`).
pub(super) fn unique_rectangle_3(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let pair = rect.pair();
        for (floor, roof) in SPLITS {
            let floor = floor.map(|i| rect.corners[i]);
            let roof = roof.map(|i| rect.corners[i]);
            if floor.iter().any(|&c| grid.candidates(c) != pair) {
                continue;
            }
            if roof.iter().any(|&c| grid.candidates(c) == pair) {
                continue;
            }
            for set in se_type_3(grid, roof[0], roof[1], pair) {
                let text = format!(
                    "{} hold only {} and {}, so one of {} holds one of {}; {}",
                    cell_list(floor),
                    rect.a,
                    rect.b,
                    cell_list(roof),
                    digit_list(set.extras.iter()),
                    set.sentence(),
                );
                let pattern = set.pattern(grid, rect.pattern().cells(roof, Role::Fin));
                let step = Step::new(
                    Technique::UniqueRectangle3,
                    vec![],
                    set.eliminations.clone(),
                    pattern,
                    format!("{} {}", rect.subject(), set.subject()),
                    text,
                )
                .with_facts(Facts::Type3 { set: set.size });
                emit(step)?;
            }
        }
        ControlFlow::Continue(())
    })
}

/// Units that hold both cells, in row, column, box order.
fn shared_units(p: Cell, q: Cell) -> Vec<Unit> {
    let mut units = Vec::new();
    for unit in Unit::all() {
        let cells = unit.cell_set();
        if cells.contains(p) && cells.contains(q) {
            units.push(unit);
        }
    }
    units
}

/// Unique Rectangle Type 4: a bivalue floor, and one pair digit locked to the roof in a unit:
/// the other pair digit leaves both roof cells.
pub(super) fn unique_rectangle_4(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let pair = rect.pair();
        for (floor, roof) in SPLITS {
            let floor = floor.map(|i| rect.corners[i]);
            let roof = roof.map(|i| rect.corners[i]);
            if floor.iter().any(|&c| grid.candidates(c) != pair) {
                continue;
            }
            // Both roof cells bivalue would be a deadly pattern already (no unique solution);
            // one roof cell bivalue is Type 1's business.
            if roof.iter().any(|&c| grid.candidates(c) == pair) {
                continue;
            }
            let roof_set = CellSet::single(roof[0]).with(roof[1]);
            for (linked, removed) in [(rect.a, rect.b), (rect.b, rect.a)] {
                let Some(unit) = shared_units(roof[0], roof[1])
                    .into_iter()
                    .find(|&u| (u.cell_set() & grid.digit_cells(linked)) == roof_set)
                else {
                    continue;
                };
                let eliminations: Vec<Candidate> =
                    roof.iter().map(|&c| Candidate::new(c, removed)).collect();
                let text = format!(
                    "{} hold only {} and {}, and {} has only {} for {linked}: one of them is {linked}, and if the other were {removed} the four cells could swap the two digits and the puzzle would have two solutions, so {removed} can be removed from both.",
                    cell_list(floor),
                    rect.a,
                    rect.b,
                    unit_words(unit),
                    cell_list(roof),
                );
                let pattern = rect
                    .pattern()
                    .unit(unit, Role::Base)
                    .cells(roof, Role::Fin)
                    .candidates(eliminations.clone(), Role::Cover);
                return emit(Step::new(
                    Technique::UniqueRectangle4,
                    vec![],
                    eliminations,
                    pattern,
                    rect.subject(),
                    text,
                ));
            }
        }
        ControlFlow::Continue(())
    })
}

/// Unique Rectangle Type 5 (HoDoKu's "Uniqueness Test 5"): one or two corners hold only the
/// pair, and every other corner holds the pair plus one same extra digit `x`; two such corners
/// must lie on a diagonal (in one line they are Type 2). One of them is `x`, so `x` leaves
/// every cell that sees all of them.
pub fn unique_rectangle_5(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let pair = rect.pair();
        let roof: Vec<Cell> = rect
            .corners
            .iter()
            .copied()
            .filter(|&c| grid.candidates(c) != pair)
            .collect();
        match roof[..] {
            [p, q] if opposite(p, q) => {}
            [_, _, _] => {}
            _ => return ControlFlow::Continue(()),
        }
        let extras = roof
            .iter()
            .fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c))
            - pair;
        let Some(x) = extras.single_digit() else {
            return ControlFlow::Continue(());
        };
        let roof_set: CellSet = roof.iter().copied().collect();
        let targets = roof_set.common_peers() & grid.digit_cells(x);
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        let floor: Vec<Cell> = rect
            .corners
            .iter()
            .copied()
            .filter(|c| !roof_set.contains(*c))
            .collect();
        let (a, b) = (rect.a, rect.b);
        let floor_verb = if floor.len() == 1 { "holds" } else { "hold" };
        let text = format!(
            "{} {floor_verb} only {a} and {b}, and {} hold {a}, {b} and {x}: if none of them were {x}, the four cells could swap {a} and {b} and the puzzle would have two solutions, so one of them is {x} and {x} can be removed from the cells that see them all.",
            cell_list(floor),
            cell_list(roof.iter().copied()),
        );
        let eliminations: Vec<Candidate> = targets.iter().map(|c| Candidate::new(c, x)).collect();
        let pattern = rect
            .pattern()
            .cells(roof.iter().copied(), Role::Fin)
            .candidates(roof.iter().map(|&c| Candidate::new(c, x)), Role::Fin)
            .candidates(eliminations.clone(), Role::Cover);
        emit(Step::new(
            Technique::UniqueRectangle5,
            vec![],
            eliminations,
            pattern,
            rect.subject(),
            text,
        ))
    })
}

/// The corners of a rectangle that hold only its pair, and the others, in cell order.
fn split_by_pair(grid: &Grid, rect: &Rectangle) -> (Vec<Cell>, Vec<Cell>) {
    rect.corners
        .iter()
        .partition(|&&c| grid.candidates(c) == rect.pair())
}

/// Whether two corners of a rectangle are opposite (neither row nor column shared).
fn opposite(p: Cell, q: Cell) -> bool {
    row_of(p) != row_of(q) && col_of(p) != col_of(q)
}

/// Unique Rectangle Type 6 (HoDoKu's "Uniqueness Test 6"): two opposite corners hold only the
/// pair, and in both rows and both columns of the rectangle one pair digit `d` appears only in
/// the corners. `d` then sits on one diagonal; on the other corners' diagonal the two others
/// would have to be the other digit and complete the deadly pattern, so `d` leaves the two
/// corners with extra digits (lower digit tried first, as HoDoKu does).
pub fn unique_rectangle_6(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let (floor, roof) = split_by_pair(grid, &rect);
        let (&[f0, f1], &[r0, r1]) = (&floor[..], &roof[..]) else {
            return ControlFlow::Continue(());
        };
        if !opposite(f0, f1) {
            return ControlFlow::Continue(());
        }
        let corners: CellSet = rect.corners.iter().copied().collect();
        let lines = [
            Unit::row(row_of(r0)),
            Unit::row(row_of(r1)),
            Unit::column(col_of(r0)),
            Unit::column(col_of(r1)),
        ];
        let outside = lines
            .iter()
            .fold(CellSet::EMPTY, |acc, u| acc | u.cell_set())
            - corners;
        let Some(d) = [rect.a, rect.b]
            .into_iter()
            .find(|&d| (outside & grid.digit_cells(d)).is_empty())
        else {
            return ControlFlow::Continue(());
        };
        let other = if d == rect.a { rect.b } else { rect.a };
        let text = format!(
            "{} hold only {} and {}, and in the rectangle's rows and columns {d} has no place but its corners: {d} goes on one diagonal, and if it went in {} the other two corners would both be {other}, leaving the four cells free to swap and the puzzle with two solutions; so {d} can be removed from {}.",
            cell_list([f0, f1]),
            rect.a,
            rect.b,
            cell_list([r0, r1]),
            cell_list([r0, r1]),
        );
        let eliminations = vec![Candidate::new(r0, d), Candidate::new(r1, d)];
        let mut pattern = rect
            .pattern()
            .cells([r0, r1], Role::Fin)
            .candidates(eliminations.clone(), Role::Cover);
        for unit in lines {
            pattern = pattern.unit(unit, Role::Base);
        }
        emit(Step::new(
            Technique::UniqueRectangle6,
            vec![],
            eliminations,
            pattern,
            rect.subject(),
            text,
        ))
    })
}

/// Hidden Rectangle: a corner holding only the pair (with one other such corner at most, and
/// then opposite it), and a pair digit `x` that in the row and in the column of the opposite
/// corner has no place outside the rectangle. Were the opposite corner the other digit `y`,
/// `x` would fill both its neighbours, the first corner would be `y`, and the four cells
/// could swap: so `y` leaves the opposite corner. Corners holding only the pair are tried in
/// cell order, `x` lower first, as HoDoKu does.
pub fn hidden_rectangle(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_rectangles(grid, emit)
}

fn hidden_rectangles(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    rectangles(grid, |rect| {
        let (floor, _) = split_by_pair(grid, &rect);
        match floor[..] {
            [_] => {}
            [p, q] if opposite(p, q) => {}
            _ => return ControlFlow::Continue(()),
        }
        let corners: CellSet = rect.corners.iter().copied().collect();
        for &corner in &floor {
            let Some(&target) = rect.corners.iter().find(|&&c| opposite(c, corner)) else {
                continue;
            };
            let row = Unit::row(row_of(target));
            let column = Unit::column(col_of(target));
            for (x, y) in [(rect.a, rect.b), (rect.b, rect.a)] {
                let strong = |unit: Unit| (unit.cell_set() & grid.digit_cells(x)) - corners;
                if !strong(row).is_empty() || !strong(column).is_empty() {
                    continue;
                }
                if !grid.candidates(target).contains(y) {
                    continue;
                }
                let text = format!(
                    "{} holds only {} and {}, and {x} has no place in {} or {} outside the rectangle: if {} were {y}, both its neighbours in the rectangle would be {x}, {} would be {y}, and the four cells could swap and give the puzzle two solutions, so {} is not {y}.",
                    cell_name(corner),
                    rect.a,
                    rect.b,
                    unit_words(row),
                    unit_words(column),
                    cell_name(target),
                    cell_name(corner),
                    cell_name(target),
                );
                let eliminations = vec![Candidate::new(target, y)];
                let pattern = rect
                    .pattern()
                    .cell(corner, Role::Pivot)
                    .unit(row, Role::Base)
                    .unit(column, Role::Base)
                    .candidates(
                        (row.cell_set() | column.cell_set())
                            .intersection(corners)
                            .iter()
                            .filter(|&c| c != target)
                            .map(|c| Candidate::new(c, x)),
                        Role::On,
                    )
                    .candidates(eliminations.clone(), Role::Cover);
                emit(Step::new(
                    Technique::HiddenRectangle,
                    vec![],
                    eliminations,
                    pattern,
                    rect.subject(),
                    text,
                ))?;
            }
        }
        ControlFlow::Continue(())
    })
}

#[cfg(test)]
mod tests {
    use crate::finders::testing::{check, pencilmark};
    use crate::technique::Technique;

    #[test]
    fn type_1_example_and_near_miss() {
        check(
            Technique::UniqueRectangle1,
            r"
.-----------------.------------------.-------------.
| 236   1237  17  | 1347  5     1367 | 8   9   146 |
| 36    137   9   | 1347  46    8    | 5   2   146 |
| 4     58    58  | 2     9     16   | 3   7   16  |
:-----------------+------------------+-------------:
| 389   3489  48  | 5     1378  17   | 79  6   2   |
| 1     259   258 | 6     78    4    | 79  58  3   |
| 7     358   6   | 9     38    2    | 4   1   58  |
:-----------------+------------------+-------------:
| 589   6     3   | 178   17    179  | 2   4   58  |
| 28    17    17  | 48    24    5    | 6   3   9   |
| 2589  2489  248 | 38    26    369  | 1   58  7   |
'-----------------'------------------'-------------'
",
            "Unique Rectangle Type 1: 1/7 in r1c2,r1c3,r8c2,r8c3 => r1c2<>17",
            r"
.-----------------.------------------.-------------.
| 236   1237  127 | 1347  5     1367 | 8   9   146 |
| 36    137   9   | 1347  46    8    | 5   2   146 |
| 4     58    58  | 2     9     16   | 3   7   16  |
:-----------------+------------------+-------------:
| 389   3489  48  | 5     1378  17   | 79  6   2   |
| 1     259   258 | 6     78    4    | 79  58  3   |
| 7     358   6   | 9     38    2    | 4   1   58  |
:-----------------+------------------+-------------:
| 589   6     3   | 178   17    179  | 2   4   58  |
| 28    17    17  | 48    24    5    | 6   3   9   |
| 2589  2489  248 | 38    26    369  | 1   58  7   |
'-----------------'------------------'-------------'
",
        );
    }

    #[test]
    fn type_2_example_and_near_miss() {
        check(
            Technique::UniqueRectangle2,
            r"
.---------------------.------------------.------------------.
| 4     136789  1679  | 689  16789   5   | 2     3679   369 |
| 6789  16789   15679 | 3    146789  2   | 15    4679   69  |
| 2     13679   15679 | 469  14679   467 | 15    34679  8   |
:---------------------+------------------+------------------:
| 5     679     8     | 269  369     1   | 379   239    4   |
| 39    19      129   | 7    48      48  | 6     239    5   |
| 3679  4       2679  | 269  5       36  | 379   8      1   |
:---------------------+------------------+------------------:
| 1     678     467   | 5    37      9   | 348   36     2   |
| 6789  5       4679  | 468  2       37  | 3489  1      369 |
| 689   2       3     | 1    468     468 | 489   5      7   |
'---------------------'------------------'------------------'
",
            "Unique Rectangle Type 2: 4/8 in r5c5,r5c6,r9c5,r9c6 => r8c4,r9c1<>6",
            r"
.---------------------.------------------.------------------.
| 4     136789  1679  | 689  16789   5   | 2     3679   369 |
| 6789  16789   15679 | 3    146789  2   | 15    4679   69  |
| 2     13679   15679 | 469  14679   467 | 15    34679  8   |
:---------------------+------------------+------------------:
| 5     679     8     | 269  369     1   | 379   239    4   |
| 39    19      129   | 7    348     48  | 6     239    5   |
| 3679  4       2679  | 269  5       36  | 379   8      1   |
:---------------------+------------------+------------------:
| 1     678     467   | 5    37      9   | 348   36     2   |
| 6789  5       4679  | 468  2       37  | 3489  1      369 |
| 689   2       3     | 1    468     468 | 489   5      7   |
'---------------------'------------------'------------------'
",
        );
    }

    #[test]
    fn type_3_example_and_near_miss() {
        check(
            Technique::UniqueRectangle3,
            r"
.-----------------.------------------.----------------.
| 8     3     19  | 26   246    46   | 7     5    19  |
| 27    26    67  | 9    5      1    | 4     38   38  |
| 5     19    4   | 38   38     7    | 2     6    19  |
:-----------------+------------------+----------------:
| 12    8     356 | 4    236    36   | 135   9    7   |
| 1279  1269  367 | 5    23679  3689 | 138   238  4   |
| 2479  249   357 | 237  1      389  | 6     238  358 |
:-----------------+------------------+----------------:
| 149   5     8   | 136  3469   3469 | 39    7    2   |
| 6     7     19  | 138  389    2    | 3589  4    358 |
| 3     49    2   | 78   4789   5    | 89    1    6   |
'-----------------'------------------'----------------'
",
            "Unique Rectangle Type 3: 3/8 in r3c4,r3c5,r8c4,r8c5 with 1/9 in r8c3 => r8c7<>9",
            r"
.-----------------.------------------.---------------.
| 8     3     19  | 26   246    46   | 7    5    19  |
| 27    26    67  | 9    5      1    | 4    38   38  |
| 5     19    4   | 38   38     7    | 2    6    19  |
:-----------------+------------------+---------------:
| 12    8     356 | 4    236    36   | 135  9    7   |
| 1279  1269  367 | 5    23679  3689 | 138  238  4   |
| 2479  249   357 | 237  1      389  | 6    238  358 |
:-----------------+------------------+---------------:
| 149   5     8   | 136  3469   3469 | 39   7    2   |
| 6     7     19  | 138  389    2    | 358  4    358 |
| 3     49    2   | 78   4789   5    | 89   1    6   |
'-----------------'------------------'---------------'
",
        );
        let grid = crate::finders::testing::pencilmark(
            r"
.-----------------.------------------.----------------.
| 8     3     19  | 26   246    46   | 7     5    19  |
| 27    26    67  | 9    5      1    | 4     38   38  |
| 5     19    4   | 38   38     7    | 2     6    19  |
:-----------------+------------------+----------------:
| 12    8     356 | 4    236    36   | 135   9    7   |
| 1279  1269  367 | 5    23679  3689 | 138   238  4   |
| 2479  249   357 | 237  1      389  | 6     238  358 |
:-----------------+------------------+----------------:
| 149   5     8   | 136  3469   3469 | 39    7    2   |
| 6     7     19  | 138  389    2    | 3589  4    358 |
| 3     49    2   | 78   4789   5    | 89    1    6   |
'-----------------'------------------'----------------'
",
        );
        let step = crate::finders::first(Technique::UniqueRectangle3, &grid).expect("a step");
        assert!((step.rating() - 4.6).abs() < 1e-9);
    }

    /// Sudoku Explainer's hidden-set Type 3 (se121-paths.txt, step 46 of
    /// `................12..3..4........5....16......27......5....1.......27...1..86..3..`):
    /// in row 8 the pair 4/8 has no place besides the roof but r8c6, which keeps only 8.
    const HIDDEN_TYPE_3: &str = r"
.------------.-----------.--------------.
| 89  5    1 | 7  89  2  | 6    3    4  |
| 4   89   7 | 5  3   6  | 89   1    2  |
| 6   2    3 | 1  89  4  | 7    5    89 |
:------------+-----------+--------------:
| 38  38   4 | 9  2   5  | 1    7    6  |
| 5   1    6 | 8  4   7  | 2    9    3  |
| 2   7    9 | 3  6   1  | 48   48   5  |
:------------+-----------+--------------:
| 7   369  2 | 4  1   38 | 5    68   89 |
| 39  369  5 | 2  7   38 | 489  468  1  |
| 1   4    8 | 6  5   9  | 3    2    7  |
'------------'-----------'--------------'
";

    #[test]
    fn hidden_type_3_example_and_near_miss() {
        // Once r8c6 is 8, the pair digits have only one place in row 8 besides r8c8 (r8c7):
        // one cell for two digits is no hidden set. (Every other candidate added to row 8
        // would contradict a placed digit.)
        let near_miss = HIDDEN_TYPE_3.replace("| 2  7   38 |", "| 2  7   8  |");
        check(
            Technique::UniqueRectangle3,
            HIDDEN_TYPE_3,
            "Unique Rectangle Type 3: 4/8 in r6c7,r6c8,r8c7,r8c8 with hidden 4/8 in r8c6 => r8c6<>3",
            &near_miss,
        );
        let step = crate::finders::first(Technique::UniqueRectangle3, &pencilmark(HIDDEN_TYPE_3))
            .expect("a step");
        assert!((step.rating() - 4.5).abs() < 1e-9, "{}", step.rating());
    }

    #[test]
    fn type_4_example_and_near_miss() {
        check(
            Technique::UniqueRectangle4,
            r"
.-------------------.--------------------.----------------.
| 12389  2789  2379 | 23689   3789  2689 | 1235  1248  45 |
| 1238   4     6    | 238     5     28   | 9     1278  17 |
| 2389   5     2379 | 4       3789  1    | 23    6     38 |
:-------------------+--------------------+----------------:
| 245    1     245  | 7       48    248  | 6     3     9  |
| 6      3     249  | 129     149   5    | 8     127   17 |
| 7      29    8    | 129     6     3    | 125   124   45 |
:-------------------+--------------------+----------------:
| 2358   268   1    | 3568    348   468  | 7     9     38 |
| 3589   678   3579 | 135689  1389  689  | 4     18    2  |
| 3489   89    349  | 1389    2     7    | 13    5     6  |
'-------------------'--------------------'----------------'
",
            "Unique Rectangle Type 4: 1/7 in r2c8,r2c9,r5c8,r5c9 => r2c8,r5c8<>1",
            r"
.-------------------.--------------------.-----------------.
| 12389  2789  2379 | 23689   3789  2689 | 1235  1248  45  |
| 1238   4     6    | 238     5     28   | 9     1278  137 |
| 2389   5     2379 | 4       3789  1    | 23    6     38  |
:-------------------+--------------------+-----------------:
| 245    1     245  | 7       48    248  | 6     3     9   |
| 6      3     249  | 129     149   5    | 8     127   17  |
| 7      29    8    | 129     6     3    | 125   124   45  |
:-------------------+--------------------+-----------------:
| 2358   268   1    | 3568    348   468  | 7     9     38  |
| 3589   678   3579 | 135689  1389  689  | 4     18    2   |
| 3489   89    349  | 1389    2     7    | 13    5     6   |
'-------------------'--------------------'-----------------'
",
        );
    }

    const TYPE_5: &str = r"
.-----------------.--------------.-------------.
| 3     249   49  | 5    1    29 | 7   6   8   |
| 7     1     69  | 8    236  29 | 5   4   23  |
| 26    8     5   | 7    36   4  | 29  39  1   |
:-----------------+--------------+-------------:
| 2456  246   8   | 246  7    25 | 3   1   9   |
| 2456  46    1   | 246  9    3  | 26  8   7   |
| 9     7     3   | 26   8    1  | 4   5   26  |
:-----------------+--------------+-------------:
| 46    3469  469 | 1    5    7  | 8   2   34  |
| 1     5     2   | 39   34   8  | 69  7   346 |
| 8     34    7   | 239  234  6  | 1   39  5   |
'-----------------'--------------'-------------'
";

    #[test]
    fn type_5_example_and_near_miss() {
        // With 2 back in r5c2 all four corners hold 2: no corner is left with only 4 and 6.
        let near_miss = TYPE_5.replace("| 2456  46    1 ", "| 2456  246   1 ");
        check(
            Technique::UniqueRectangle5,
            TYPE_5,
            "Unique Rectangle Type 5: 4/6 in r4c2,r4c4,r5c2,r5c4 => r4c6<>2",
            &near_miss,
        );
    }

    const TYPE_6: &str = r"
.------------------.----------------------.-------------------.
| 18   148    35   | 23458    7      2358 | 9      6     134  |
| 789  6      2    | 348      349    1    | 347    5     347  |
| 179  147    35   | 345      6      359  | 2      8     1347 |
:------------------+----------------------+-------------------:
| 5    1278   1478 | 1234678  1234   2368 | 3478   2347  9    |
| 6    3      1478 | 12478    12459  289  | 4578   247   4578 |
| 278  278    9    | 23478    2345   238  | 34578  1     6    |
:------------------+----------------------+-------------------:
| 128  5      18   | 9        123    7    | 6      34    348  |
| 3    12789  1678 | 126      12     4    | 578    79    578  |
| 4    79     67   | 356      8      356  | 1      379   2    |
'------------------'----------------------'-------------------'
";

    #[test]
    fn type_6_example_and_near_miss() {
        // With 9 back in r3c2, column 2 has a 9 outside the rectangle.
        let near_miss = TYPE_6.replace("| 179  147 ", "| 179  1479");
        check(
            Technique::UniqueRectangle6,
            TYPE_6,
            "Unique Rectangle Type 6: 7/9 in r8c2,r8c8,r9c2,r9c8 => r8c2,r9c8<>9",
            &near_miss,
        );
    }

    const HIDDEN: &str = r"
.-----------------.------------------.-------------.
| 236   23    17  | 1347  5     1367 | 8   9   146 |
| 36    17    9   | 1347  46    8    | 5   2   146 |
| 4     58    58  | 2     9     16   | 3   7   16  |
:-----------------+------------------+-------------:
| 389   3489  48  | 5     1378  17   | 79  6   2   |
| 1     259   258 | 6     78    4    | 79  58  3   |
| 7     358   6   | 9     38    2    | 4   1   58  |
:-----------------+------------------+-------------:
| 589   6     3   | 178   17    179  | 2   4   58  |
| 28    17    17  | 48    24    5    | 6   3   9   |
| 2589  2489  248 | 38    26    369  | 1   58  7   |
'-----------------'------------------'-------------'
";

    #[test]
    fn hidden_rectangle_example_and_near_miss() {
        // With 4 back in r8c2, column 2 has a 4 outside the rectangle.
        let near_miss = HIDDEN.replace("| 28    17    17 ", "| 28    147   17 ");
        check(
            Technique::HiddenRectangle,
            HIDDEN,
            "Hidden Rectangle: 4/8 in r4c2,r4c3,r9c2,r9c3 => r9c2<>8",
            &near_miss,
        );
    }
}
