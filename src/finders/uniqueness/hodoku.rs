//! HoDoKu 2.2's search for Uniqueness Tests 1 to 6 and the Hidden Rectangle
//! (`UniquenessSolver`), for the hodoku profile: which rectangles it looks at, in which order,
//! and what each test removes there.
//!
//! HoDoKu starts from every bivalue cell (cell order) with its two digits, takes a second
//! corner in its box and in its row or column, and the two corners facing them in the next
//! boxes along the other lines. Corners may lack a pair digit that logic removed: only a
//! placed digit rules a corner out ("allow missing candidates", its default). Each rectangle
//! is looked at once. On each it checks every test in turn: 1; 2 or 5 (one same extra digit);
//! 3 (a naked set in the row, column or box of the two cells with extra digits, grown cell by
//! cell); 4; 6; the Hidden Rectangle from each bivalue corner. It asks for one type at a time
//! (Type 1 anywhere, else Type 2 anywhere, ...), so [`hodoku_uniqueness`] emits every Type 1
//! first, in the order met, then every Type 2, and so on.
//!
//! One HoDoKu slip is not copied: the fourth corner is also checked for the second digit (a
//! corner a placed digit rules out cannot be part of a deadly pattern, and the step would not
//! be sound).

use std::ops::ControlFlow;

use super::rectangles::Rectangle;
use crate::finders::Emit;
use crate::geometry::{
    box_of, cell_name, col_of, peers, row_of, Cell, CellSet, Digit, DigitSet, Unit,
};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, Candidate, Role, Step};
use crate::technique::Technique;

/// The types in the order HoDoKu asks for them.
const TYPES: [Technique; 7] = [
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::UniqueRectangle5,
    Technique::UniqueRectangle6,
    Technique::HiddenRectangle,
];

/// Every Uniqueness Test HoDoKu's search finds, type by type, each type in the order met.
pub fn hodoku_uniqueness(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let found = search(grid);
    for t in TYPES {
        for step in found.iter().filter(|s| s.technique == t) {
            emit(step.clone())?;
        }
    }
    ControlFlow::Continue(())
}

fn search(grid: &Grid) -> Vec<Step> {
    let allowed = crate::finders::hodoku_tabling::allowed(grid);
    let mut seen: Vec<[Cell; 4]> = Vec::new();
    let mut found = Vec::new();
    for i11 in grid.empty_cells().iter() {
        let pair = grid.candidates(i11);
        if pair.len() != 2 {
            continue;
        }
        let mut digits = pair.iter();
        let (c1, c2) = (digits.next().unwrap_or(1), digits.next().unwrap_or(1));
        let holds = |cell: Cell, d: Digit| allowed[d as usize - 1].contains(cell);
        let block = box_of(i11);
        for &i12 in Unit::boxed(block).cells() {
            if i12 == i11 || (row_of(i11) != row_of(i12) && col_of(i11) != col_of(i12)) {
                continue;
            }
            if !holds(i12, c1) || !holds(i12, c2) {
                continue;
            }
            let along_row = row_of(i11) == row_of(i12);
            let line_of = |c: Cell| {
                if along_row {
                    Unit::column(col_of(c))
                } else {
                    Unit::row(row_of(c))
                }
            };
            let (unit11, unit12) = (line_of(i11).cells(), line_of(i12).cells());
            for j in 0..9 {
                let (i21, i22) = (unit11[j], unit12[j]);
                if box_of(i21) == block {
                    continue;
                }
                if !(holds(i21, c1) && holds(i22, c1) && holds(i22, c2) && holds(i21, c2)) {
                    continue;
                }
                let mut key = [i11, i12, i21, i22];
                key.sort_unstable();
                if seen.contains(&key) {
                    continue;
                }
                seen.push(key);
                check_rectangle(grid, key, c1, c2, &mut found);
            }
        }
    }
    found
}

/// What one rectangle gives, every test in HoDoKu's order.
fn check_rectangle(grid: &Grid, corners: [Cell; 4], c1: Digit, c2: Digit, found: &mut Vec<Step>) {
    let pair = DigitSet::single(c1).with(c2);
    let rect = Rectangle {
        corners,
        a: c1,
        b: c2,
    };
    let (mut two, mut extra) = (CellSet::EMPTY, CellSet::EMPTY);
    for &c in &corners {
        if (grid.candidates(c) - pair).is_empty() {
            two = two.with(c);
        } else {
            extra = extra.with(c);
        }
    }
    let extras: Vec<Cell> = extra.iter().collect();
    let mut add =
        |technique: Technique, eliminations: Vec<Candidate>, subject: String, text: String| {
            if eliminations.is_empty() {
                return;
            }
            let pattern = rect.pattern().candidates(eliminations.clone(), Role::Cover);
            found.push(Step::new(
                technique,
                vec![],
                eliminations,
                pattern,
                subject,
                text,
            ));
        };
    let present = |cell: Cell, d: Digit| grid.candidates(cell).contains(d);
    let deadly = format!(
        "If {} held only {c1} and {c2}, they could swap and the puzzle would have two solutions",
        cell_list(corners)
    );
    // Type 1: three corners hold nothing but the pair.
    if two.len() == 3 {
        let target = extras[0];
        let eliminations: Vec<Candidate> = [c1, c2]
            .into_iter()
            .filter(|&d| present(target, d))
            .map(|d| Candidate::new(target, d))
            .collect();
        let text = format!(
            "{deadly}, so {} is neither {c1} nor {c2}.",
            cell_name(target)
        );
        add(
            Technique::UniqueRectangle1,
            eliminations,
            rect.subject(),
            text,
        );
    }
    // Types 2 and 5: the other corners share one extra digit.
    if two.len() == 1 || two.len() == 2 {
        let mut digits = DigitSet::EMPTY;
        let mut seeing = CellSet::ALL;
        for &c in &extras {
            digits |= grid.candidates(c) - pair;
            if digits.len() > 1 {
                break;
            }
            seeing = seeing & peers(c);
        }
        if let Some(x) = digits.single_digit() {
            let targets = seeing & grid.digit_cells(x);
            if !targets.is_empty() {
                let (i1, i2) = (extras[0], extras[1]);
                let technique = if extras.len() == 3
                    || (row_of(i1) != row_of(i2) && col_of(i1) != col_of(i2))
                {
                    Technique::UniqueRectangle5
                } else {
                    Technique::UniqueRectangle2
                };
                let eliminations = targets.iter().map(|c| Candidate::new(c, x)).collect();
                let text = format!(
                    "{deadly}: one of {} is {x}, so {x} leaves every cell that sees them all.",
                    cell_list(extras.iter().copied())
                );
                add(technique, eliminations, rect.subject(), text);
            }
        }
    }
    if two.len() == 2 {
        let (i1, i2) = (extras[0], extras[1]);
        // Type 3: the extra digits and other cells of a shared unit make a naked set.
        let extra_digits = extras
            .iter()
            .fold(DigitSet::EMPTY, |acc, &c| acc | (grid.candidates(c) - pair));
        let units = [
            (row_of(i1) == row_of(i2)).then(|| Unit::row(row_of(i1))),
            (col_of(i1) == col_of(i2)).then(|| Unit::column(col_of(i1))),
            (box_of(i1) == box_of(i2)).then(|| Unit::boxed(box_of(i1))),
        ];
        for unit in units.into_iter().flatten() {
            let others: Vec<Cell> = unit
                .cells()
                .iter()
                .copied()
                .filter(|&c| {
                    let cands = grid.candidates(c);
                    !cands.is_empty()
                        && (cands & pair).is_empty()
                        && !two.contains(c)
                        && !extra.contains(c)
                })
                .collect();
            let mut sets = Vec::new();
            type3_sets(grid, unit, &others, 0, extra_digits, extra, &mut sets);
            for (digits, cells, eliminations) in sets {
                let set_cells: Vec<Cell> = (cells - extra).iter().collect();
                let subject = format!(
                    "{} with {} in {}",
                    rect.subject(),
                    digit_list(digits.iter()).replace(',', "/"),
                    cell_list(set_cells.iter().copied())
                );
                let text = format!(
                    "{deadly}: one of {} takes an extra digit, so with {} they hold the naked set {}, which leaves the unit's other cells.",
                    cell_list(extras.iter().copied()),
                    cell_list(set_cells.iter().copied()),
                    digit_list(digits.iter())
                );
                add(Technique::UniqueRectangle3, eliminations, subject, text);
            }
        }
        // Type 4: in the cells both see, one pair digit has no place.
        if row_of(i1) == row_of(i2) || col_of(i1) == col_of(i2) {
            let both = peers(i1) & peers(i2);
            let gone = if (both & grid.digit_cells(c1)).is_empty() {
                Some(c2)
            } else if (both & grid.digit_cells(c2)).is_empty() {
                Some(c1)
            } else {
                None
            };
            if let Some(d) = gone {
                let eliminations = [i1, i2]
                    .into_iter()
                    .filter(|&c| present(c, d))
                    .map(|c| Candidate::new(c, d))
                    .collect();
                let locked = if d == c1 { c2 } else { c1 };
                let text = format!(
                    "{deadly}: {locked} must be in {} or {}, so neither can be {d}.",
                    cell_name(i1),
                    cell_name(i2)
                );
                add(
                    Technique::UniqueRectangle4,
                    eliminations,
                    rect.subject(),
                    text,
                );
            }
        }
        // Type 6: diagonal extra corners, a pair digit absent from their rows and columns.
        if row_of(i1) != row_of(i2) && col_of(i1) != col_of(i2) {
            let lines = (Unit::row(row_of(i1)).cell_set()
                | Unit::column(col_of(i1)).cell_set()
                | Unit::row(row_of(i2)).cell_set()
                | Unit::column(col_of(i2)).cell_set())
                - extra
                - two;
            let gone = if (lines & grid.digit_cells(c1)).is_empty() {
                Some(c1)
            } else if (lines & grid.digit_cells(c2)).is_empty() {
                Some(c2)
            } else {
                None
            };
            if let Some(d) = gone {
                let eliminations = [i1, i2]
                    .into_iter()
                    .filter(|&c| present(c, d))
                    .map(|c| Candidate::new(c, d))
                    .collect();
                let text = format!(
                    "{deadly}: {d} has no place in their rows and columns outside the corners, so it fills a diagonal, and not the one of {} and {}.",
                    cell_name(i1),
                    cell_name(i2)
                );
                add(
                    Technique::UniqueRectangle6,
                    eliminations,
                    rect.subject(),
                    text,
                );
            }
        }
    }
    // Hidden Rectangle: from a bivalue corner (two only if they are diagonal).
    let twos: Vec<Cell> = two.iter().collect();
    let diagonal =
        twos.len() == 2 && row_of(twos[0]) != row_of(twos[1]) && col_of(twos[0]) != col_of(twos[1]);
    if twos.len() == 1 || diagonal {
        for &corner in &twos {
            let (i1, i2) = (extras[0], extras[1]);
            let line = if row_of(i1) == row_of(corner) {
                row_of(i2)
            } else {
                row_of(i1)
            };
            let col = if col_of(i1) == col_of(corner) {
                col_of(i2)
            } else {
                col_of(i1)
            };
            for (x, y) in [(c1, c2), (c2, c1)] {
                let outside = (grid.digit_cells(x)
                    & (Unit::row(line).cell_set() | Unit::column(col).cell_set()))
                    - two
                    - extra;
                let target = crate::geometry::cell_at(line, col);
                if outside.is_empty() && present(target, y) {
                    let text = format!(
                        "{deadly}: {x} has no place in row {} or column {} outside the corners, so were {} {y}, the pattern would be complete; it is not {y}.",
                        line + 1,
                        col + 1,
                        cell_name(target)
                    );
                    add(
                        Technique::HiddenRectangle,
                        vec![Candidate::new(target, y)],
                        rect.subject(),
                        text,
                    );
                }
            }
        }
    }
}

/// `checkUniqueness3Recursive`: cells of `unit` added one at a time (in unit order, every
/// combination) to the two cells with extra digits; where the digits number one fewer than the
/// cells (the two count as one), the set's digits leave the unit's other cells (and, for a row
/// or column set inside one box, that box's too). A box set along one line is left to the line.
fn type3_sets(
    grid: &Grid,
    unit: Unit,
    others: &[Cell],
    start: usize,
    digits: DigitSet,
    cells: CellSet,
    sets: &mut Vec<(DigitSet, CellSet, Vec<Candidate>)>,
) {
    for i in start..others.len() {
        let digits = digits | grid.candidates(others[i]);
        let cells = cells.with(others[i]);
        let is_box = unit.index() >= 18;
        if (!is_box || !same_line(cells)) && digits.len() + 1 == cells.len() {
            let clear = |u: Unit, eliminations: &mut Vec<Candidate>| {
                for &c in u.cells() {
                    if grid.value(c) == 0 && !cells.contains(c) {
                        for d in (grid.candidates(c) & digits).iter() {
                            eliminations.push(Candidate::new(c, d));
                        }
                    }
                }
            };
            let mut eliminations = Vec::new();
            clear(unit, &mut eliminations);
            if !eliminations.is_empty() && !is_box {
                let first = cells.first().unwrap_or_default();
                if cells.iter().all(|c| box_of(c) == box_of(first)) {
                    clear(Unit::boxed(box_of(first)), &mut eliminations);
                }
            }
            if !eliminations.is_empty() {
                sets.push((digits, cells, eliminations));
            }
        }
        type3_sets(grid, unit, others, i + 1, digits, cells, sets);
    }
}

fn same_line(cells: CellSet) -> bool {
    let first = cells.first().unwrap_or_default();
    cells.iter().all(|c| row_of(c) == row_of(first))
        || cells.iter().all(|c| col_of(c) == col_of(first))
}
