//! Uniqueness: Unique Rectangle Types 1 to 6, Hidden Rectangle, Avoidable Rectangle Types 1
//! and 2, Unique Loops, BUG+1 and BUG Types 2 to 4.
//!
//! **These deductions are valid only for puzzles with exactly one solution.** They argue that
//! some arrangement (a "deadly pattern") would leave the puzzle with two solutions, so it cannot
//! happen. The pipeline proves the puzzle has one solution before it takes any step
//! (`pipeline::solve`); a caller that runs these finders on its own must do the same.
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
//!     digits confined (besides the roof) to one cell fewer than their number fill those cells.
//!     Rated like SE: 4.5 plus 0.1 per digit of a naked set beyond the first, per cell of a
//!     hidden set beyond the first (the step records the set's size, `Facts::Type3`).
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
//! - **Avoidable Rectangle**: the same four cells where some corners were *placed while
//!   solving* (never givens, `Grid::is_given`). Swapping placed digits changes no given, so a
//!   deadly pattern of placed cells would give the givens two solutions as well.
//!   - **Type 1**: three corners are placed as the pattern would fill them; the fourth,
//!     unsolved and (as HoDoKu asks) bivalue, loses the digit that would complete it.
//!   - **Type 2**: the two corners of one box are placed; the two others are bivalue, each
//!     with the digit that would complete the pattern and one same other digit `x`, which
//!     leaves every cell that sees both.
//!
//!   Pencilmark grids count every filled cell as a given, so these never fire there.
//! - **Unique Loop** (Sudoku Explainer's `UniqueLoops` beyond four cells): six or more cells
//!   with the same pair, chained so that every unit they enter holds two of them at alternate
//!   places; Types 1 to 4 as for rectangles. SE's own search (see [`loop_hints`]).
//! - **SE's `UniqueLoops` group**: Unique Rectangle Types 1 to 4 and Unique Loops are one
//!   search in SE, its steps sorted by rating, then type; [`unique_rectangles_and_loops`] does
//!   the same for the five techniques, so SE's step comes first.
//! - **BUG+1** (Bivalue Universal Grave + 1): every unsolved cell holds two candidates except
//!   one that holds three, and without one digit `d` of that cell every digit would have zero
//!   or two places in every row, column and box. Such a grave has zero or at least two
//!   solutions, so the cell must be `d`: a placement.
//! - **BUG Types 2 to 4** (Sudoku Explainer's `BivalueUniversalGrave`): several BUG cells whose
//!   BUG digits, once removed, leave a grave, so one of them takes a BUG digit. Type 2: one
//!   same BUG digit, removed from the cells that see them all; Type 3: the BUG digits in a
//!   naked set with other cells of a shared unit; Type 4: two BUG cells sharing a unit and a
//!   non-BUG digit locked there to them. The BUG cells are found as SE finds them (units box,
//!   row, column; digits ascending), with its early exits, and Types 2, 4, 3 are declared in
//!   the order SE tries them.
//!
//! Types 5 and 6, the Hidden Rectangle and the Avoidable Rectangles follow HoDoKu's rules
//! (`UniquenessSolver`): the same corner conditions, the same eliminations.
//!
//! Search order (fixed, so traces are deterministic; Stepwise's own, documented here):
//! rectangles by first row, second row, first column, second column (rows and columns in
//! increasing order, all four cells unsolved, exactly two boxes), then the digit pair `a < b`
//! among the candidates all four corners share. For Types 2, 3 and 4 the floor is tried along
//! the first row, the second row, the first column, then the second column; for Type 3 then
//! SE's order of sets ([`se_type_3`]); for Type 4 the linked digit is tried lower first and the shared
//! units in row, column, box order. Type 6 tries `a` then `b`; the Hidden Rectangle its
//! bivalue corners in cell order, then the digit with the strong links lower first. Avoidable
//! rectangles walk the same rectangles (corners solved or not), the placed side in the first
//! box, then in the second. BUG+1 has at most one step. The rectangle order is Stepwise's (SE
//! finds rectangles as four-cell loops from each bivalue cell); it agrees with SE on all 334
//! paths of `se121-paths.txt`, and the group's sort by rating and type is SE's.
//!
//! Notation, HoDoKu style: `Unique Rectangle Type 1: 5/7 in r1c1,r1c9,r5c1,r5c9 => r5c9<>57`
//! (the digits, then the corners in cell order); Types 2, 4, 5, 6, the Hidden Rectangle and the
//! Avoidable Rectangles the same (`Avoidable Rectangle Type 1: 2/6 in r4c1,r4c6,r6c1,r6c6 =>
//! r6c6<>6`); Type 3 adds the set, `... with 1/9 in r8c3 => r8c7<>9` (naked) or `... with
//! hidden 4/8 in r8c6 => r8c6<>3`; `BUG+1: r4c5<>29` (the other candidates of the cell that must hold the digit).
//! Unique Loops list their cells in loop order with the type,
//! `Unique Loop: 6/8 in r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 (type 1) => r1c2<>68`; BUGs
//! their BUG digits and cells in SE's order, `BUG Type 2: 3 in r2c2,r7c1 => r3c1,r7c2,r8c2<>3`.

use std::ops::ControlFlow;

use super::Emit;
use crate::geometry::{
    box_of, cell_at, cell_name, col_of, row_of, unit_words, Cell, CellSet, Digit, DigitSet, Unit,
    UnitKind,
};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, round_rating, Candidate, Pattern, Role, Step};
use crate::technique::{Facts, LockedSet, Technique};

/// Four unsolved corners and a digit pair they all hold.
#[derive(Debug, Clone, Copy)]
struct Rectangle {
    /// r1c1, r1c2, r2c1, r2c2 (cell order).
    corners: [Cell; 4],
    a: Digit,
    b: Digit,
}

impl Rectangle {
    fn pair(&self) -> DigitSet {
        DigitSet::single(self.a).with(self.b)
    }
    fn subject(&self) -> String {
        format!("{}/{} in {}", self.a, self.b, cell_list(self.corners))
    }
    /// The corners' pair candidates as Pattern, the corners as Pattern cells.
    fn pattern(&self) -> Pattern {
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
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
                    let corners = [
                        cell_at(r1, c1),
                        cell_at(r1, c2),
                        cell_at(r2, c1),
                        cell_at(r2, c2),
                    ];
                    if corners.iter().any(|&c| !empty.contains(c)) {
                        continue;
                    }
                    // Exactly two boxes: the rows share a band or the columns a stack, not
                    // both (one box) nor neither (four). A set of boxes per rectangle was a
                    // twentieth of the HoDoKu profile's time on top1465.
                    if (r1 / 3 == r2 / 3) == (c1 / 3 == c2 / 3) {
                        continue;
                    }
                    let common = corners.iter().fold(grid.candidates(corners[0]), |acc, &c| {
                        acc & grid.candidates(c)
                    });
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
fn unique_rectangle_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
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
fn unique_rectangle_2(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
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
/// cells ([`se_type_3`]).
fn unique_rectangle_3(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
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

/// The set a Type 3 step rests on: Sudoku Explainer's naked or hidden set in a unit shared by
/// the two cells with extra digits.
#[derive(Debug, Clone)]
struct Type3Set {
    unit: Unit,
    /// Hidden (the pair digits and others confined to the cells) or naked.
    hidden: bool,
    /// The set's cells besides the two extra cells.
    cells: Vec<Cell>,
    digits: DigitSet,
    /// The extra digits of the two cells.
    extras: DigitSet,
    eliminations: Vec<Candidate>,
    /// The size the rating reads: a naked set's digits (the extra cells counting as one
    /// cell), a hidden set's cells.
    size: LockedSet,
}

impl Type3Set {
    /// `with 1/9 in r8c3` (naked) or `with hidden 2/5 in r2c8`.
    fn subject(&self) -> String {
        format!(
            "with {}{} in {}",
            if self.hidden { "hidden " } else { "" },
            self.digits
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("/"),
            cell_list(self.cells.iter().copied()),
        )
    }

    fn sentence(&self) -> String {
        if self.hidden {
            format!(
                "at most one of them holds a digit of the pair, so in {} the digits {} need {} besides that one, and {} can hold nothing else.",
                unit_words(self.unit),
                digit_list(self.digits.iter()),
                cell_list(self.cells.iter().copied()),
                cell_list(self.cells.iter().copied()),
            )
        } else {
            format!(
                "with {} that makes a naked set of {} digits in {}, so those digits can be removed from its other cells.",
                cell_list(self.cells.iter().copied()),
                self.digits.len(),
                unit_words(self.unit),
            )
        }
    }

    fn pattern(&self, grid: &Grid, base: Pattern) -> Pattern {
        let mut pattern = base
            .unit(self.unit, Role::Base)
            .cells(self.cells.iter().copied(), Role::Subset)
            .candidates(self.eliminations.clone(), Role::Cover);
        for &c in &self.cells {
            pattern = pattern.candidates(
                (grid.candidates(c) & self.digits)
                    .iter()
                    .map(|d| Candidate::new(c, d)),
                Role::Subset,
            );
        }
        pattern
    }
}

/// Sudoku Explainer's Type 3 search (`UniqueLoops.createType3Hints`) for two cells `c1`, `c2`
/// of a rectangle or loop that hold the pair and extra digits: one of them takes an extra
/// digit, so
/// - *naked*: the extra digits, as one pseudo-cell in place of `c1`, with other cells of a
///   unit shared by both form a naked set, whose digits leave the unit's other cells;
/// - *hidden*: at most one of the two takes a pair digit, so if the pair digits and others
///   (not extra digits) have, besides `c1` and `c2`, as many places as there are digits
///   less one, those places hold only those digits.
///
/// Order as SE's: set size from the number of extra digits up, units box, row, column, the
/// naked sets of a unit before its hidden ones; SE's size limits (a naked set of `n` in a
/// unit of at least `2n` empty cells, a hidden one of more than `2n`); combinations in SE's
/// increasing bit order. A naked set also needs its digits covered by the other cells and the
/// extra digits common to both cells, and every member two digits or more, as SE asks.
fn se_type_3(grid: &Grid, c1: Cell, c2: Cell, pair: DigitSet) -> Vec<Type3Set> {
    let extras = (grid.candidates(c1) | grid.candidates(c2)) - pair;
    let mut found = Vec::new();
    if extras.len() < 2 {
        return found;
    }
    let common_extras = extras & grid.candidates(c1) & grid.candidates(c2);
    for degree in extras.len() as usize..=7 {
        for kind in SE_REGION_KINDS {
            let unit = Unit::containing(c1, kind);
            if !unit.cell_set().contains(c2) {
                continue;
            }
            let cells = unit.cells();
            let empty = cells.iter().filter(|&&c| grid.value(c) == 0).count();
            let index1 = cells.iter().position(|&c| c == c1).unwrap_or(0);
            let index2 = cells.iter().position(|&c| c == c2).unwrap_or(0);
            if degree * 2 <= empty {
                for chosen in increasing_combinations(9, degree) {
                    if !chosen.contains(&index1) || chosen.contains(&index2) {
                        continue;
                    }
                    let others: Vec<Cell> = chosen
                        .iter()
                        .filter(|&&i| i != index1)
                        .map(|&i| cells[i])
                        .collect();
                    let covered = others
                        .iter()
                        .fold(common_extras, |acc, &c| acc | grid.candidates(c));
                    if covered.len() as usize != degree {
                        continue;
                    }
                    if others.iter().any(|&c| grid.candidates(c).len() < 2) {
                        continue;
                    }
                    let digits = others
                        .iter()
                        .fold(extras, |acc, &c| acc | grid.candidates(c));
                    if digits.len() as usize != degree {
                        continue;
                    }
                    let eliminations: Vec<Candidate> = cells
                        .iter()
                        .filter(|&&c| c != c1 && c != c2 && !others.contains(&c))
                        .flat_map(|&c| {
                            (grid.candidates(c) & digits)
                                .iter()
                                .map(move |d| Candidate::new(c, d))
                        })
                        .collect();
                    if !eliminations.is_empty() {
                        found.push(Type3Set {
                            unit,
                            hidden: false,
                            size: LockedSet::Naked {
                                digits: degree as u8,
                            },
                            cells: others,
                            digits,
                            extras,
                            eliminations,
                        });
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<Digit> = (1..=9)
                    .filter(|&d| !pair.contains(d) && !extras.contains(d))
                    .collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                for chosen in increasing_combinations(rest.len(), degree - 2) {
                    let digits = chosen.iter().fold(pair, |acc, &i| acc.with(rest[i]));
                    let mut places = CellSet::EMPTY;
                    let mut every_digit_placed = true;
                    for d in digits.iter() {
                        let at = (unit.cell_set() & grid.digit_cells(d)).without(c2);
                        every_digit_placed &= !at.is_empty();
                        places |= at;
                    }
                    if !every_digit_placed || places.len() as usize != degree {
                        continue;
                    }
                    let set_cells: Vec<Cell> = places.without(c1).without(c2).iter().collect();
                    let eliminations: Vec<Candidate> = set_cells
                        .iter()
                        .flat_map(|&c| {
                            (grid.candidates(c) - digits)
                                .iter()
                                .map(move |d| Candidate::new(c, d))
                        })
                        .collect();
                    if !eliminations.is_empty() {
                        found.push(Type3Set {
                            unit,
                            hidden: true,
                            size: LockedSet::Hidden {
                                cells: set_cells.len() as u8,
                            },
                            cells: set_cells,
                            digits,
                            extras,
                            eliminations,
                        });
                    }
                }
            }
        }
    }
    found
}

/// The `k`-element subsets of `0..n` in the order of their bit masks read as increasing
/// numbers (Sudoku Explainer's `Permutations`): `{0,1,2}`, `{0,1,3}`, `{0,2,3}`, `{1,2,3}`, ...
fn increasing_combinations(n: usize, k: usize) -> impl Iterator<Item = Vec<usize>> {
    (0u32..1 << n)
        .filter(move |mask| mask.count_ones() as usize == k)
        .map(move |mask| (0..n).filter(|&i| mask & (1 << i) != 0).collect())
}

/// Calls `visit` with every `size`-element combination of `items`, in order.
fn combinations(
    items: &[Cell],
    size: usize,
    visit: &mut dyn FnMut(&[Cell]) -> ControlFlow<()>,
) -> ControlFlow<()> {
    fn go(
        items: &[Cell],
        size: usize,
        start: usize,
        chosen: &mut Vec<Cell>,
        visit: &mut dyn FnMut(&[Cell]) -> ControlFlow<()>,
    ) -> ControlFlow<()> {
        if chosen.len() == size {
            return visit(chosen);
        }
        for i in start..items.len() {
            chosen.push(items[i]);
            go(items, size, i + 1, chosen, visit)?;
            chosen.pop();
        }
        ControlFlow::Continue(())
    }
    go(items, size, 0, &mut Vec::new(), visit)
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
fn unique_rectangle_4(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
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

/// BUG+1: one trivalue cell in a grid of bivalue cells; the digit that breaks the grave is
/// placed there.
pub fn bug_plus_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut extra = None;
    for cell in grid.empty_cells().iter() {
        match grid.candidates(cell).len() {
            2 => {}
            3 if extra.is_none() => extra = Some(cell),
            _ => return ControlFlow::Continue(()),
        }
    }
    let Some(cell) = extra else {
        return ControlFlow::Continue(());
    };
    for d in grid.candidates(cell).iter() {
        // Every digit must have zero or two places in every unit once d leaves the cell.
        let grave = Unit::all().all(|unit| {
            (1..=9).all(|digit: Digit| {
                let mut places = unit.cell_set() & grid.digit_cells(digit);
                if digit == d {
                    places = places - CellSet::single(cell);
                }
                places.is_empty() || places.len() == 2
            })
        });
        if !grave {
            continue;
        }
        let others = grid.candidates(cell).without(d);
        let text = format!(
            "Every unsolved cell but {} holds two candidates; if {} were not {d}, each digit would have exactly two places in every row, column and box it still needs, a grave that gives the puzzle no solution or several, so {} is {d} and loses its other candidates.",
            cell_name(cell),
            cell_name(cell),
            cell_name(cell)
        );
        let mut pattern = Pattern::default()
            .cell(cell, Role::Fin)
            .candidate(Candidate::new(cell, d), Role::Placement);
        for o in others.iter() {
            pattern = pattern.candidate(Candidate::new(cell, o), Role::Pattern);
        }
        // Sudoku Explainer and HoDoKu both remove the other candidates rather than place the
        // digit (the naked single follows); the difference matters for SE's EP.
        return emit(Step::new(
            Technique::BugPlus1,
            vec![],
            others.iter().map(|o| Candidate::new(cell, o)).collect(),
            pattern,
            String::new(),
            text,
        ));
    }
    ControlFlow::Continue(())
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
fn avoidables(grid: &Grid, mut visit: impl FnMut(Avoidable) -> ControlFlow<()>) -> ControlFlow<()> {
    let placed = |c: Cell| grid.value(c) != 0 && !grid.is_given(c);
    for r1 in 0..9 {
        for r2 in r1 + 1..9 {
            for c1 in 0..9 {
                for c2 in c1 + 1..9 {
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

/// Sudoku Explainer's region types in its order (`Grid.getRegionTypes`): box, row, column.
const SE_REGION_KINDS: [UnitKind; 3] = [UnitKind::Box, UnitKind::Row, UnitKind::Column];

/// Sudoku Explainer's loop search (`UniqueLoops.checkForLoops`): from the last cell of `path`,
/// through each unit kind but the one just used, to every cell holding both `v1` and `v2`. At
/// most two cells with extra digits are allowed, or any number while all extra digits seen
/// are one same digit. `extras` gathers the extra digits of every cell looked at from this
/// cell on, siblings included, as SE's does. Closed loops (four cells or more) are collected.
#[allow(clippy::too_many_arguments)]
fn loop_search(
    grid: &Grid,
    cell: Cell,
    pair: DigitSet,
    path: &mut Vec<Cell>,
    allowed_extra: i32,
    mut extras: DigitSet,
    last_kind: Option<UnitKind>,
    loops: &mut Vec<Vec<Cell>>,
) {
    path.push(cell);
    for kind in SE_REGION_KINDS {
        if Some(kind) == last_kind {
            continue;
        }
        for &next in Unit::containing(cell, kind).cells() {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let candidates = grid.candidates(next);
                if candidates.intersection(pair) != pair {
                    continue;
                }
                extras |= candidates - pair;
                let bivalue = candidates.len() == 2;
                if bivalue || extras.len() == 1 || allowed_extra > 0 {
                    let allowed = allowed_extra - i32::from(!bivalue);
                    loop_search(grid, next, pair, path, allowed, extras, Some(kind), loops);
                }
            }
        }
    }
    path.pop();
}

/// SE's `isValidLoop`: every unit the loop enters holds exactly two of its cells, one at an
/// even and one at an odd position of the loop.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let mut seen = [[false; 27]; 2];
    for (i, &cell) in cells.iter().enumerate() {
        for unit in crate::geometry::units_of(cell) {
            let slot = &mut seen[i % 2][unit.index()];
            if *slot {
                return false;
            }
            *slot = true;
        }
    }
    seen[0] == seen[1]
}

/// Sudoku Explainer's `UniqueLoops` rule: Unique Rectangle Types 1 to 4 (loops of four cells)
/// and Unique Loops (six cells or more) found together and sorted as SE sorts them, by rating
/// then by type (1, 2, 3, 4), ties in the order found: rectangles (Type 1, 2, 3, 4 finders in
/// turn), then loops. So a hidden-set Type 3 (4.5) comes before a Type 4 (4.5), and a Type 1
/// loop of six cells (4.6) before a Type 3 rectangle with a naked pair (4.6). One search
/// serves the five techniques ([`group_leader`]).
pub fn unique_rectangles_and_loops(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    sorted_rectangles_and_loops(grid, true, emit)
}

/// [`unique_rectangles_and_loops`] without the Unique Loops, for a profile that has no Unique
/// Loop (HoDoKu's): the same steps in the same order, less the loops, which a stable sort
/// leaves out without moving the others; the loop search was a third of this search's time.
pub fn unique_rectangles(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    sorted_rectangles_and_loops(grid, false, emit)
}

fn sorted_rectangles_and_loops(grid: &Grid, loops: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut steps: Vec<(u8, Step)> = Vec::new();
    let finders: [(u8, super::Finder); 4] = [
        (1, unique_rectangle_1),
        (2, unique_rectangle_2),
        (3, unique_rectangle_3),
        (4, unique_rectangle_4),
    ];
    for (kind, finder) in finders {
        let _ = finder(grid, &mut |step| {
            steps.push((kind, step));
            ControlFlow::Continue(())
        });
    }
    if loops {
        steps.extend(loop_hints(grid));
    }
    // Stable: equal ratings and types keep the order found.
    steps.sort_by(|(t1, s1), (t2, s2)| {
        round_rating(s1.rating())
            .total_cmp(&round_rating(s2.rating()))
            .then(t1.cmp(t2))
    });
    for (_, step) in steps {
        emit(step)?;
    }
    ControlFlow::Continue(())
}

/// The techniques found by [`unique_rectangles_and_loops`] have it as their one search, led by
/// Unique Rectangle Type 1; `None` for the other uniqueness techniques.
pub fn group_leader(technique: Technique) -> Option<Technique> {
    use Technique::*;
    match technique {
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueLoop => {
            Some(UniqueRectangle1)
        }
        _ => None,
    }
}

/// Unique Loop (Sudoku Explainer's `UniqueLoops` on loops of six cells or more; its four-cell
/// loops are the unique rectangles): cells holding the same two digits `a` and `b`, chained
/// from unit to unit so that every unit they enter holds two of them at alternate places. If
/// they all held only `a` and `b`, the loop could swap them, so some cell takes another digit.
/// - Type 1: one cell has extra digits; `a` and `b` leave it.
/// - Type 2: the cells with extra digits share one same extra digit `x`; `x` leaves every cell
///   that sees them all.
/// - Type 3: two cells with extra digits (two or more of them) share a unit, where the extra
///   digits make a naked set with other cells or leave a hidden set ([`se_type_3`]).
/// - Type 4: two cells with extra digits share a unit where `a` (or `b`) has no other place:
///   one of them is `a`, the other cannot be `b`, so `b` leaves both.
///
/// Search as SE does: loops from each bivalue cell in cell order, each step found once
/// (rated 4.6 for six cells, 4.7 for eight, 5.0 for ten or more, plus a Type 3 set's bonus);
/// [`unique_rectangles_and_loops`] sorts them with the rectangles.
fn loop_hints(grid: &Grid) -> Vec<(u8, Step)> {
    let mut steps: Vec<(u8, Step)> = Vec::new();
    let mut seen: Vec<(u8, CellSet, String)> = Vec::new();
    for start in grid.empty_cells().iter() {
        let pair = grid.candidates(start);
        if pair.len() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        loop_search(
            grid,
            start,
            pair,
            &mut Vec::new(),
            2,
            DigitSet::EMPTY,
            None,
            &mut loops,
        );
        for cells in loops {
            if cells.len() < 6 || !is_valid_loop(&cells) {
                continue;
            }
            for (kind, set, step) in loop_steps(grid, &cells, pair) {
                // SE's hint equality: same type, same cells (and the same Type 3 set).
                let key = (kind, cells.iter().copied().collect::<CellSet>(), set);
                if !seen.contains(&key) {
                    seen.push(key);
                    steps.push((kind, step));
                }
            }
        }
    }
    steps
}

/// The Type 1 to 4 steps of one valid loop, with their type and, for Type 3, the set's
/// notation (`with 1/9 in r8c3`; empty for the other types).
fn loop_steps(grid: &Grid, cells: &[Cell], pair: DigitSet) -> Vec<(u8, String, Step)> {
    let mut found = Vec::new();
    let mut digits = pair.iter();
    let (a, b) = (digits.next().unwrap_or(1), digits.next().unwrap_or(1));
    let extra_cells: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| grid.candidates(c).len() > 2)
        .collect();
    let extras = extra_cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c))
        - pair;
    let subject = |kind: u8| {
        format!(
            "{a}/{b} in {} (type {kind})",
            cell_list(cells.iter().copied())
        )
    };
    let base = Pattern::default()
        .cells(cells.iter().copied(), Role::Pattern)
        .candidates(
            cells
                .iter()
                .flat_map(|&c| [Candidate::new(c, a), Candidate::new(c, b)]),
            Role::Pattern,
        );
    let mut push = |kind: u8,
                    eliminations: Vec<Candidate>,
                    pattern: Pattern,
                    text: String,
                    set: Option<&Type3Set>| {
        let set_subject = set.map(Type3Set::subject).unwrap_or_default();
        let full_subject = if set_subject.is_empty() {
            subject(kind)
        } else {
            format!("{} {set_subject}", subject(kind))
        };
        let step = Step::new(
            Technique::UniqueLoop,
            vec![],
            eliminations,
            pattern,
            full_subject,
            text,
        )
        .with_facts(Facts::UniqueLoop {
            cells: cells.len() as u8,
            set: set.map(|s| s.size),
        });
        found.push((kind, set_subject, step));
    };
    let n = cells.len();
    match extra_cells[..] {
        [rescue] => {
            let eliminations = vec![Candidate::new(rescue, a), Candidate::new(rescue, b)];
            let text = format!(
                "The {n} cells of the loop hold {a} and {b}, and all but {} hold nothing else; if it were {a} or {b} too, the loop could swap its {a}s and {b}s and the puzzle would have two solutions, so {} is neither.",
                cell_name(rescue),
                cell_name(rescue),
            );
            let pattern = base.candidates(eliminations.clone(), Role::Cover);
            push(1, eliminations, pattern, text, None);
        }
        [_, _, ..] => {
            if let Some(x) = extras.single_digit() {
                let extra_set: CellSet = extra_cells.iter().copied().collect();
                let targets = extra_set.common_peers() & grid.digit_cells(x);
                if !targets.is_empty() {
                    let eliminations: Vec<Candidate> =
                        targets.iter().map(|c| Candidate::new(c, x)).collect();
                    let text = format!(
                        "The {n} cells of the loop hold {a} and {b}; {} also hold {x}, and if none of them were {x} the loop could swap its {a}s and {b}s and the puzzle would have two solutions, so {x} leaves the cells that see them all.",
                        cell_list(extra_cells.iter().copied()),
                    );
                    let pattern = base
                        .clone()
                        .cells(extra_cells.iter().copied(), Role::Fin)
                        .candidates(extra_cells.iter().map(|&c| Candidate::new(c, x)), Role::Fin)
                        .candidates(eliminations.clone(), Role::Cover);
                    push(2, eliminations, pattern, text, None);
                }
            }
            if let [p, q] = extra_cells[..] {
                for set in se_type_3(grid, p, q, pair) {
                    let text = format!(
                        "The {n} cells of the loop hold {a} and {b}; if neither {} held another digit the loop could swap its {a}s and {b}s and the puzzle would have two solutions, so one of them holds one of {}; {}",
                        cell_list([p, q]),
                        digit_list(set.extras.iter()),
                        set.sentence(),
                    );
                    let pattern = set.pattern(grid, base.clone().cells([p, q], Role::Fin));
                    push(3, set.eliminations.clone(), pattern, text, Some(&set));
                }
                // SE keeps the last shared unit (box, row, column) where a digit is locked,
                // and prefers a locked `a` to a locked `b`.
                let mut locked = [None, None];
                for kind in SE_REGION_KINDS {
                    let unit = Unit::containing(p, kind);
                    if !unit.cell_set().contains(q) {
                        continue;
                    }
                    let others = unit.cell_set().without(p).without(q);
                    for (slot, d) in locked.iter_mut().zip([a, b]) {
                        if (others & grid.digit_cells(d)).is_empty() {
                            *slot = Some(unit);
                        }
                    }
                }
                let choice = match locked {
                    [Some(unit), _] => Some((unit, a, b)),
                    [None, Some(unit)] => Some((unit, b, a)),
                    [None, None] => None,
                };
                if let Some((unit, kept, removed)) = choice {
                    let eliminations = vec![Candidate::new(p, removed), Candidate::new(q, removed)];
                    let text = format!(
                        "The {n} cells of the loop hold {a} and {b}, and in {} {kept} has no place but {}: one of them is {kept}, and if the other were {removed} the loop could swap its digits and the puzzle would have two solutions, so {removed} leaves both.",
                        unit_words(unit),
                        cell_list([p, q]),
                    );
                    let pattern = base
                        .unit(unit, Role::Base)
                        .cells([p, q], Role::Fin)
                        .candidates(eliminations.clone(), Role::Cover);
                    push(4, eliminations, pattern, text, None);
                }
            }
        }
        [] => {}
    }
    found
}

/// What Sudoku Explainer's `BivalueUniversalGrave` finds: the BUG cells (cells of three or more
/// candidates that hold a digit appearing neither zero nor two times in some unit), each with
/// its BUG digits, such that without those digits every unsolved cell is bivalue and every
/// digit has zero or two places in every unit. At least one BUG cell then takes a BUG digit:
/// otherwise the grid left would have no solution or several.
struct Grave {
    /// In the order SE meets them: units box, row, column, digits ascending.
    cells: Vec<Cell>,
    digits: Vec<DigitSet>,
    all_digits: DigitSet,
    /// The cells that see every BUG cell, in SE's house order of the first BUG cell.
    common: Vec<Cell>,
}

impl Grave {
    fn digits_of(&self, cell: Cell) -> DigitSet {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .map_or(DigitSet::EMPTY, |i| self.digits[i])
    }
}

/// SE's BUG analysis, with its early exits; `None` when the grid is no BUG pattern (or one SE
/// gives up on: several BUG cells with several BUG digits and no cell seeing them all).
fn grave(grid: &Grid) -> Option<Grave> {
    let mut candidates = grid.candidate_masks().map(DigitSet);
    let mut found = Grave {
        cells: Vec::new(),
        digits: Vec::new(),
        all_digits: DigitSet::EMPTY,
        common: Vec::new(),
    };
    let mut common: Option<Vec<Cell>> = None;
    let units = (0..9)
        .map(Unit::boxed)
        .chain((0..9).map(Unit::row))
        .chain((0..9).map(Unit::column));
    for unit in units {
        for digit in 1..=9 {
            let places: Vec<Cell> = unit
                .cells()
                .iter()
                .copied()
                .filter(|&c| grid.candidates(c).contains(digit))
                .collect();
            if places.is_empty() || places.len() == 2 {
                continue;
            }
            let wide: Vec<Cell> = places
                .iter()
                .copied()
                .filter(|&c| grid.candidates(c).len() >= 3)
                .collect();
            match wide[..] {
                [] => return None,
                [cell] => {
                    let i = match found.cells.iter().position(|&c| c == cell) {
                        Some(i) => i,
                        None => {
                            found.cells.push(cell);
                            found.digits.push(DigitSet::EMPTY);
                            found.cells.len() - 1
                        }
                    };
                    found.digits[i] = found.digits[i].with(digit);
                    found.all_digits = found.all_digits.with(digit);
                    candidates[cell] = candidates[cell].without(digit);
                    let house = crate::finders::exclusion::se_house_cells(cell);
                    let mut kept = match common.take() {
                        None => house,
                        Some(cells) => cells.into_iter().filter(|c| house.contains(c)).collect(),
                    };
                    kept.retain(|c| !found.cells.contains(c));
                    if found.cells.len() > 1 && found.all_digits.len() > 1 && kept.is_empty() {
                        return None;
                    }
                    common = Some(kept);
                }
                _ => {}
            }
        }
    }
    let empty = grid.empty_cells();
    if empty.iter().any(|c| candidates[c].len() != 2) {
        return None;
    }
    for unit in Unit::all() {
        for digit in 1..=9 {
            let places = unit
                .cells()
                .iter()
                .filter(|&&c| candidates[c].contains(digit))
                .count();
            if places != 0 && places != 2 {
                return None;
            }
        }
    }
    found.common = common.unwrap_or_default();
    Some(found)
}

/// The units (box, row, column, SE's order) holding every given cell.
fn shared_units_se(cells: &[Cell]) -> Vec<Unit> {
    SE_REGION_KINDS
        .iter()
        .map(|&kind| Unit::containing(cells[0], kind))
        .filter(|unit| cells.iter().all(|&c| unit.cell_set().contains(c)))
        .collect()
}

/// BUG Type 2 (Sudoku Explainer's "BUG type 2", 5.7): several BUG cells, all with the same one
/// BUG digit `x`: one of them is `x`, so `x` leaves every cell that sees them all.
pub fn bug_type_2(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    let Some(x) = grave.all_digits.single_digit() else {
        return ControlFlow::Continue(());
    };
    if grave.cells.len() < 2 {
        return ControlFlow::Continue(());
    }
    let eliminations: Vec<Candidate> = grave
        .common
        .iter()
        .filter(|&&c| grid.candidates(c).contains(x))
        .map(|&c| Candidate::new(c, x))
        .collect();
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let text = format!(
        "Without the {x} of {}, every unsolved cell would hold two candidates and every digit would have two places in each row, column and box it still needs, a grave with no solution or several; so one of them is {x}, and {x} leaves the cells that see them all.",
        cell_list(grave.cells.iter().copied()),
    );
    let pattern = Pattern::default()
        .cells(grave.cells.iter().copied(), Role::Fin)
        .candidates(grave.cells.iter().map(|&c| Candidate::new(c, x)), Role::Fin)
        .candidates(eliminations.clone(), Role::Cover);
    emit(Step::new(
        Technique::BugType2,
        vec![],
        eliminations,
        pattern,
        format!("{x} in {}", cell_list(grave.cells.iter().copied())),
        text,
    ))
}

/// BUG Type 4 (SE's "BUG type 4", 5.7): two BUG cells in one unit that, besides their BUG
/// digits, share one digit `v`, which therefore has only those two places there (it was never
/// a BUG digit). One of them is `v` and the other must then take its BUG digit, so each keeps
/// only `v` and its BUG digits.
pub fn bug_type_4(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    let [p, q] = grave.cells[..] else {
        return ControlFlow::Continue(());
    };
    if grave.all_digits.len() > 1 && grave.common.is_empty() {
        return ControlFlow::Continue(());
    }
    let Some(v) = ((grid.candidates(p) & grid.candidates(q)) - grave.all_digits).single_digit()
    else {
        return ControlFlow::Continue(());
    };
    for unit in shared_units_se(&[p, q]) {
        let mut eliminations = Vec::new();
        for c in [p, q] {
            let gone = grid.candidates(c) - grave.digits_of(c) - DigitSet::single(v);
            eliminations.extend(gone.iter().map(|d| Candidate::new(c, d)));
        }
        if eliminations.is_empty() {
            continue;
        }
        let text = format!(
            "{} (BUG digits {}) and {} (BUG digits {}) are the BUG cells: one of them takes a BUG digit, or the grid left would be a grave with no solution or several; {v} has only those two places in {}, so the one that is not {v} takes a BUG digit, and each keeps only {v} and its BUG digits.",
            cell_name(p),
            grave.digits_of(p),
            cell_name(q),
            grave.digits_of(q),
            unit_words(unit),
        );
        let pattern = Pattern::default()
            .unit(unit, Role::Base)
            .cells([p, q], Role::Fin)
            .candidates([Candidate::new(p, v), Candidate::new(q, v)], Role::Pattern)
            .candidates(eliminations.clone(), Role::Cover);
        return emit(Step::new(
            Technique::BugType4,
            vec![],
            eliminations,
            pattern,
            format!(
                "{} in {} with {v} in {unit}",
                digit_list_of(grave.all_digits),
                cell_list([p, q])
            ),
            text,
        ));
    }
    ControlFlow::Continue(())
}

/// `3,6`: the digits of a set, with commas.
fn digit_list_of(digits: DigitSet) -> String {
    crate::step::digit_list(digits)
}

/// BUG Type 3 (SE's "BUG type 3", 5.7 plus 0.1 per digit of the naked set beyond the first):
/// the BUG cells share a unit and, with `k - 1` other cells of it, their BUG digits make a
/// naked set of `k` digits (one BUG cell takes a BUG digit, so the set is locked): those digits
/// leave the unit's other cells. Units box, row, column; sets by size, then cells in SE's order.
pub fn bug_type_3(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    // One BUG cell is SE's Type 1, one BUG digit its Type 2.
    if grave.cells.len() < 2 || grave.all_digits.len() < 2 || grave.common.is_empty() {
        return ControlFlow::Continue(());
    }
    for unit in shared_units_se(&grave.cells) {
        let others: Vec<Cell> = grave
            .common
            .iter()
            .copied()
            .filter(|&c| unit.cell_set().contains(c))
            .collect();
        for size in 2..=6 {
            if others.len() < size {
                continue;
            }
            combinations(&others, size - 1, &mut |chosen| {
                if chosen.iter().any(|&c| grid.candidates(c).len() < 2) {
                    return ControlFlow::Continue(());
                }
                let set = chosen
                    .iter()
                    .fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c));
                if set.len() as usize != size || (set | grave.all_digits) != set {
                    return ControlFlow::Continue(());
                }
                let chosen_set: CellSet = chosen.iter().copied().collect();
                let eliminations: Vec<Candidate> = others
                    .iter()
                    .filter(|&&c| !chosen_set.contains(c))
                    .flat_map(|&c| {
                        (grid.candidates(c) & set)
                            .iter()
                            .map(move |d| Candidate::new(c, d))
                    })
                    .collect();
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                let text = format!(
                    "One of the BUG cells {} takes one of its BUG digits {}, or the grid left would be a grave with no solution or several; with {} that makes a naked set of {} in {}, so those digits leave its other cells.",
                    cell_list(grave.cells.iter().copied()),
                    grave.all_digits,
                    cell_list(chosen.iter().copied()),
                    set,
                    unit_words(unit),
                );
                let mut pattern = Pattern::default()
                    .unit(unit, Role::Base)
                    .cells(grave.cells.iter().copied(), Role::Fin)
                    .cells(chosen.iter().copied(), Role::Subset)
                    .candidates(eliminations.clone(), Role::Cover);
                for (i, &c) in grave.cells.iter().enumerate() {
                    pattern = pattern.candidates(
                        grave.digits[i].iter().map(|d| Candidate::new(c, d)),
                        Role::Fin,
                    );
                }
                let step = Step::new(
                    Technique::BugType3,
                    vec![],
                    eliminations,
                    pattern,
                    format!(
                        "{} in {} with {} in {}",
                        digit_list_of(grave.all_digits),
                        cell_list(grave.cells.iter().copied()),
                        set.iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join("/"),
                        cell_list(chosen.iter().copied()),
                    ),
                    text,
                )
                .with_facts(Facts::Type3 {
                    set: LockedSet::Naked { digits: size as u8 },
                });
                emit(step)
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::{unique_rectangles, unique_rectangles_and_loops};
    use crate::finders::all;
    use crate::finders::testing::{check, check_grids, pencilmark, pencilmark_with_givens};
    use crate::grid::Grid;
    use crate::step::Step;
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

    #[test]
    fn bug_plus_1_example_and_near_miss() {
        check(
            Technique::BugPlus1,
            r"
.------------.-------------.-----------.
| 9   1   5  | 7    3   8  | 24  6  24 |
| 24  24  6  | 5    9   1  | 7   3  8  |
| 3   7   8  | 4    2   6  | 9   5  1  |
:------------+-------------+-----------:
| 12  56  9  | 38   15  23 | 68  4  7  |
| 8   3   24 | 6    7   24 | 1   9  5  |
| 14  56  7  | 89   15  49 | 68  2  3  |
:------------+-------------+-----------:
| 5   89  24 | 29   48  7  | 3   1  6  |
| 7   24  3  | 1    6   5  | 24  8  9  |
| 6   89  1  | 239  48  39 | 5   7  24 |
'------------'-------------'-----------'
",
            "BUG+1: r9c4<>23",
            r"
.------------.--------------.-----------.
| 9   1   5  | 7     3   8  | 24  6  24 |
| 24  24  6  | 5     9   1  | 7   3  8  |
| 3   7   8  | 4     2   6  | 9   5  1  |
:------------+--------------+-----------:
| 12  56  9  | 38    15  23 | 68  4  7  |
| 8   3   24 | 6     7   24 | 1   9  5  |
| 14  56  7  | 89    15  49 | 68  2  3  |
:------------+--------------+-----------:
| 5   89  24 | 29    48  7  | 3   1  6  |
| 7   24  3  | 1     6   5  | 24  8  9  |
| 6   89  1  | 2389  48  39 | 5   7  24 |
'------------'--------------'-----------'
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

    /// SE's `UniqueLoops` sorts by rating, then type: at 4.5 the hidden-set Type 3 on
    /// r2c2,r2c3,r9c2,r9c3 comes before the Type 4 on the same rectangle (se121-paths.txt,
    /// step 36 of `....9...61.........6.1...2....6.....286.49..7.7...3.49.....4.9..47.2........61.38`).
    #[test]
    fn type_3_before_type_4_at_equal_rating_as_sudoku_explainer() {
        let grid = pencilmark(
            r"
.---------------.-----------.------------.
| 78  35   345  | 48  9   2 | 1   57  6  |
| 1   259  2459 | 48  37  6 | 89  57  34 |
| 78  6    49   | 1   37  5 | 89  2   34 |
:---------------+-----------+------------:
| 4   39   39   | 6   1   7 | 2   8   5  |
| 2   8    6    | 5   4   9 | 3   1   7  |
| 5   7    1    | 2   8   3 | 6   4   9  |
:---------------+-----------+------------:
| 6   1    8    | 3   5   4 | 7   9   2  |
| 3   4    7    | 9   2   8 | 5   6   1  |
| 9   25   25   | 7   6   1 | 4   3   8  |
'---------------'-----------'------------'
",
        );
        assert!(crate::finders::first(Technique::UniqueRectangle4, &grid).is_some());
        let step = crate::finders::first_accepted(Technique::UniqueRectangle1, &grid, &|_| true)
            .expect("a step");
        assert_eq!(
            step.notation(),
            "Unique Rectangle Type 3: 2/5 in r2c2,r2c3,r9c2,r9c3 with hidden 2/5 in r2c8 => r2c8<>7"
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

    const LOOP: &str = r"
.----------------.------------.--------------.
| 136  3568  135 | 2   7   9  | 134  68  14  |
| 9    68    123 | 5   13  4  | 68   7   12  |
| 123  7     4   | 6   13  8  | 139  5   129 |
:----------------+------------+--------------:
| 127  29    129 | 79  4   3  | 5    68  68  |
| 5    4     8   | 79  6   2  | 79   1   3   |
| 37   39    6   | 8   5   1  | 2    49  479 |
:----------------+------------+--------------:
| 26   2569  259 | 4   8   67 | 17   3   179 |
| 8    369   39  | 1   2   67 | 479  49  5   |
| 4    1     7   | 3   9   5  | 68   2   68  |
'----------------'------------'--------------'
";

    #[test]
    fn unique_loop_example_and_near_miss() {
        // With 9 back in r4c8 two loop cells have extra digits: no Type 1 (nor 2 or 4).
        let near_miss = LOOP.replace("| 5    68  68  |", "| 5    689 68  |");
        check(
            Technique::UniqueLoop,
            LOOP,
            "Unique Loop: 6/8 in r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 (type 1) => r1c2<>68",
            &near_miss,
        );
    }

    /// Every state where Sudoku Explainer 1.2.1 used a Unique Loop on its paths for
    /// `se121.tsv` (replayed from `se121-paths.txt` with `examples/se_replay.rs`): the first
    /// step found is SE's, with its loop in SE's order and its rating (4.6 for six cells, 4.7
    /// for eight).
    /// The rectangles-only search is the whole group's less its loops, in the same order: on
    /// the Unique Loop states above (where loops and rectangles are both found) and on every
    /// state of a few top1465 paths.
    #[test]
    fn the_rectangles_only_search_is_the_group_less_its_loops() {
        let mut grids: Vec<Grid> = [LOOP].iter().map(|g| pencilmark(g)).collect();
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        ];
        for line in puzzles {
            let mut grid = Grid::from_test_line(line);
            let trace = crate::pipeline::solve(&grid, &crate::pipeline::Options::default());
            for step in &trace.steps {
                grids.push(grid.clone());
                crate::pipeline::apply(&mut grid, step);
            }
        }
        let mut rectangles_seen = 0;
        let mut loops_seen = 0;
        for grid in &grids {
            let collect = |search: crate::finders::Finder| {
                let mut steps = Vec::new();
                let _ = search(grid, &mut |s| {
                    steps.push(s);
                    ControlFlow::Continue(())
                });
                steps
            };
            let all = collect(unique_rectangles_and_loops);
            let rectangles = collect(unique_rectangles);
            loops_seen += all
                .iter()
                .filter(|s| s.technique == Technique::UniqueLoop)
                .count();
            rectangles_seen += rectangles.len();
            let without_loops: Vec<Step> = all
                .into_iter()
                .filter(|s| s.technique != Technique::UniqueLoop)
                .collect();
            assert_eq!(rectangles, without_loops);
        }
        assert!(
            rectangles_seen > 0 && loops_seen > 0,
            "{rectangles_seen} {loops_seen}"
        );
    }

    #[test]
    fn first_loop_step_matches_sudoku_explainer() {
        let cases = [
            (
                "5 9 7 468 1 46 246 3 28
                 46 46 8 3 7 2 1 9 5
                 1 3 2 59 468 59 46 68 7
                 3 5 1 2467 46 467 9 68 28
                 7 2 6 1 9 8 3 5 4
                 9 8 4 256 36 35 26 7 1
                 2 1 5 89 38 39 7 4 6
                 8 46 9 467 2 467 5 1 3
                 46 7 3 46 5 1 8 2 9",
                "Unique Loop: 4/6 in r2c1,r2c2,r8c2,r8c4,r9c4,r9c1 (type 1) => r8c4<>46",
                4.6,
            ),
            (
                "5 9 7 468 1 46 246 3 28
                 46 46 8 3 7 2 1 9 5
                 1 3 2 59 468 59 46 68 7
                 3 5 1 246 46 7 9 68 28
                 7 2 6 1 9 8 3 5 4
                 9 8 4 256 36 35 26 7 1
                 2 1 5 89 38 39 7 4 6
                 8 46 9 7 2 46 5 1 3
                 46 7 3 46 5 1 8 2 9",
                "Unique Loop: 4/6 in r1c6,r1c4,r9c4,r9c1,r2c1,r2c2,r8c2,r8c6 (type 1) => r1c4<>46",
                4.7,
            ),
            (
                "136 3568 135 2 7 9 134 68 14
                 9 68 123 5 13 4 68 7 12
                 123 7 4 6 13 8 139 5 129
                 127 29 129 79 4 3 5 68 68
                 5 4 8 79 6 2 79 1 3
                 37 39 6 8 5 1 2 49 479
                 26 2569 259 4 8 67 17 3 179
                 8 369 39 1 2 67 479 49 5
                 4 1 7 3 9 5 68 2 68",
                "Unique Loop: 6/8 in r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 (type 1) => r1c2<>68",
                4.7,
            ),
        ];
        for (grid, expected, rating) in cases {
            let step =
                crate::finders::first(Technique::UniqueLoop, &pencilmark(grid)).expect("a step");
            assert_eq!(step.notation(), expected);
            assert!((step.rating() - rating).abs() < 1e-9, "{}", step.rating());
        }
    }

    const BUG_2: &str = r"
.--------------.-----------.------------.
| 8    4    7  | 1  6   9  | 3   2   5  |
| 56   235  23 | 4  37  8  | 1   67  9  |
| 36   9    1  | 5  37  2  | 4   8   67 |
:--------------+-----------+------------:
| 37   1    39 | 6  8   5  | 79  4   2  |
| 2    67   8  | 9  4   3  | 5   67  1  |
| 45   56   49 | 7  2   1  | 69  3   8  |
:--------------+-----------+------------:
| 347  37   5  | 2  1   46 | 8   9   36 |
| 1    23   24 | 8  9   46 | 67  5   37 |
| 9    8    6  | 3  5   7  | 2   1   4  |
'--------------'-----------'------------'
";

    #[test]
    fn bug_type_2_example_and_near_miss() {
        // With 6 back in r2c2 it holds four candidates: no grave.
        let near_miss = BUG_2.replace("| 56   235  23 |", "| 56   2356 23 |");
        check(
            Technique::BugType2,
            BUG_2,
            "BUG Type 2: 3 in r2c2,r7c1 => r3c1,r7c2,r8c2<>3",
            &near_miss,
        );
    }

    /// Every state where Sudoku Explainer 1.2.1 used BUG type 2 on its paths for `se121.tsv`
    /// (replayed from `se121-paths.txt`): the first step is SE's, its cells in SE's order.
    #[test]
    fn first_bug_type_2_step_matches_sudoku_explainer() {
        let cases = [
            (
                "5 9 3 6 4 27 17 8 127
                 67 1 26 3 5 8 4 9 27
                 78 4 28 1 9 27 6 5 3
                 9 5 7 8 1 3 2 4 6
                 2 68 1 4 67 9 5 3 78
                 3 68 4 2 67 5 9 17 178
                 4 3 68 9 2 1 78 67 5
                 1 7 9 5 8 6 3 2 4
                 68 2 5 7 3 4 18 16 9",
                "BUG Type 2: 7 in r1c9,r6c9 => r2c9,r5c9<>7",
            ),
            (
                "8 4 7 1 6 9 3 2 5
                 56 235 23 4 37 8 1 67 9
                 36 9 1 5 37 2 4 8 67
                 37 1 39 6 8 5 79 4 2
                 2 67 8 9 4 3 5 67 1
                 45 56 49 7 2 1 69 3 8
                 347 37 5 2 1 46 8 9 36
                 1 23 24 8 9 46 67 5 37
                 9 8 6 3 5 7 2 1 4",
                "BUG Type 2: 3 in r2c2,r7c1 => r3c1,r7c2,r8c2<>3",
            ),
            (
                "89 589 6 57 2 1 3 78 4
                 1 58 27 9 3 4 25 67 68
                 27 4 3 6 8 57 19 25 19
                 68 67 5 78 9 2 4 1 3
                 4 1 28 58 6 3 25 9 7
                 27 3 9 1 4 57 8 26 56
                 5 2 18 3 7 9 6 4 18
                 69 67 17 4 5 8 19 3 2
                 3 89 4 2 1 6 7 58 589",
                "BUG Type 2: 8 in r1c2,r9c9 => r9c2<>8",
            ),
        ];
        for (grid, expected) in cases {
            let step =
                crate::finders::first(Technique::BugType2, &pencilmark(grid)).expect("a step");
            assert_eq!(step.notation(), expected);
            assert!((step.rating() - 5.7).abs() < 1e-9);
        }
    }

    const BUG_3: &str = r"
.-------------.-----------.------------.
| 57  235  4  | 38  1   6 | 9   78  25 |
| 23  6    8  | 5   7   9 | 1   4   23 |
| 1   59   79 | 48  34  2 | 35  78  6  |
:-------------+-----------+------------:
| 27  239  79 | 23  6   5 | 4   1   8  |
| 35  4    1  | 7   9   8 | 6   2   35 |
| 8   25   6  | 1   23  4 | 35  9   7  |
:-------------+-----------+------------:
| 4   7    2  | 9   5   3 | 8   6   1  |
| 6   8    3  | 24  24  1 | 7   5   9  |
| 9   1    5  | 6   8   7 | 2   3   4  |
'-------------'-----------'------------'
";

    #[test]
    fn bug_type_3_example_and_near_miss() {
        // With 3 back in r3c2 it holds three candidates too, and no Type 3 is left.
        let near_miss = BUG_3.replace("| 1   59   79 |", "| 1   359  79 |");
        check(
            Technique::BugType3,
            BUG_3,
            "BUG Type 3: 2,5 in r1c2,r4c2 with 2/5 in r6c2 => r3c2<>5",
            &near_miss,
        );
        let step = crate::finders::first(Technique::BugType3, &pencilmark(BUG_3)).expect("a step");
        assert!(
            (step.rating() - 5.8).abs() < 1e-9,
            "a naked pair: 5.7 + 0.1"
        );
    }

    const BUG_4: &str = r"
.-----------.-------------.-----------.
| 5   2  7  | 4   9    1  | 8   6  3  |
| 4   9  3  | 5   68   68 | 7   1  2  |
| 1   6  8  | 2   3    7  | 5   9  4  |
:-----------+-------------+-----------:
| 6   5  4  | 8   7    2  | 1   3  9  |
| 7   8  9  | 16  16   3  | 4   2  5  |
| 2   3  1  | 9   5    4  | 6   8  7  |
:-----------+-------------+-----------:
| 38  1  26 | 7   4    9  | 23  5  68 |
| 9   7  5  | 13  128  68 | 23  4  68 |
| 38  4  26 | 36  268  5  | 9   7  1  |
'-----------'-------------'-----------'
";

    #[test]
    fn bug_type_4_example_and_near_miss() {
        // With 6 back in r8c4 it holds three candidates too, and no Type 4 is left.
        let near_miss = BUG_4.replace("| 9   7  5  | 13  128  68 |", "| 9   7  5  | 136 128  68 |");
        check(
            Technique::BugType4,
            BUG_4,
            "BUG Type 4: 6,8 in r9c5,r8c5 with 2 in b8 => r8c5<>1, r9c5<>8",
            &near_miss,
        );
    }
}
