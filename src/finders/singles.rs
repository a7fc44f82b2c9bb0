//! Singles: Full House, Hidden Single (in a box; in a row or column) and Naked Single.
//!
//! - Full House: the last empty cell of a unit takes the unit's missing digit.
//! - Hidden Single: a digit has one place left in a unit.
//! - Naked Single: a cell has one candidate left.
//!
//! Search order follows Sudoku Explainer's: units box, column, row; digits ascending; naked
//! singles by cell in reading order.

use std::ops::ControlFlow;

use super::{se_order, Emit};
use crate::geometry::{push_cell_name, push_unit_words, Cell, CellSet, Digit, DigitSet, Unit};
use crate::grid::Grid;
use crate::step::{Candidate, Marked, Pattern, Role, Step};
use crate::technique::Technique;

fn placement_step(
    technique: Technique,
    unit: Option<Unit>,
    cell: Cell,
    digit: Digit,
    text: String,
) -> Step {
    // Built with exact-size vectors: a batch builds one of these per step.
    let placement = Candidate::new(cell, digit);
    let pattern = Pattern {
        units: unit
            .map(|u| {
                vec![Marked {
                    item: u,
                    role: Role::Base,
                }]
            })
            .unwrap_or_default(),
        cells: vec![Marked {
            item: cell,
            role: Role::Placement,
        }],
        candidates: vec![Marked {
            item: placement,
            role: Role::Placement,
        }],
        ..Pattern::default()
    };
    Step::new(
        technique,
        vec![placement],
        vec![],
        pattern,
        String::new(),
        text,
    )
}

/// The last empty cell of a unit, with the one digit the unit still lacks.
pub fn full_house(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for unit in se_order::UNITS {
        if grid.empties_in(unit) != 1 {
            continue;
        }
        let Some(cell) = only_cell(grid.empty_cells() & unit.cell_set()) else {
            continue;
        };
        let missing = DigitSet::ALL.difference(grid.placed_in(unit)).first();
        // With conflicting placements the unit may lack no digit; that is not a full house.
        if let Some(digit) = missing.filter(|&d| grid.candidates(cell).contains(d)) {
            emit(full_house_step(unit, cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

/// The Full House step placing `digit` in `cell`, the last empty cell of `unit`.
pub(crate) fn full_house_step(unit: Unit, cell: Cell, digit: Digit) -> Step {
    let mut text = String::with_capacity(64);
    push_cell_name(&mut text, cell);
    text.push_str(" is the last empty cell in ");
    push_unit_words(&mut text, unit);
    text.push_str(", so it holds the missing ");
    text.push(digit_char(digit));
    text.push('.');
    placement_step(Technique::FullHouse, Some(unit), cell, digit, text)
}

/// `1`..`9`.
fn digit_char(digit: Digit) -> char {
    char::from(b'0' + digit)
}

/// The cell of a one-cell set.
fn only_cell(cells: CellSet) -> Option<Cell> {
    let cell = cells.first()?;
    cells.without(cell).is_empty().then_some(cell)
}

/// The one cell of `unit` where `digit` can go, if exactly one.
pub(crate) fn only_place(grid: &Grid, unit: Unit, digit: Digit) -> Option<Cell> {
    only_cell(grid.digit_cells(digit) & unit.cell_set())
}

fn hidden_singles(grid: &Grid, boxes: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let units = if boxes {
        &se_order::UNITS[..9]
    } else {
        &se_order::UNITS[9..]
    };
    for &unit in units {
        // A full house is reported as such, not as a hidden single.
        if grid.empties_in(unit) < 2 {
            continue;
        }
        for digit in digits_with_one_place(grid, unit) {
            if let Some(cell) = only_place(grid, unit, digit) {
                emit(hidden_single_step(unit, cell, digit))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// The Hidden Single step placing `digit` in `cell`, its one place in `unit` (a box, or a row
/// or column).
pub(crate) fn hidden_single_step(unit: Unit, cell: Cell, digit: Digit) -> Step {
    let technique = if unit.kind() == crate::geometry::UnitKind::Box {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    };
    let mut text = String::with_capacity(40);
    text.push_str("In ");
    push_unit_words(&mut text, unit);
    text.push_str(", ");
    text.push(digit_char(digit));
    text.push_str(" can only go in ");
    push_cell_name(&mut text, cell);
    text.push('.');
    placement_step(technique, Some(unit), cell, digit, text)
}

/// The digits with exactly one place left in `unit`, ascending: one pass over the unit's
/// cells counting each digit as seen once or again, instead of a cell-set intersection per
/// digit (this runs for every unit at nearly every step).
fn digits_with_one_place(grid: &Grid, unit: Unit) -> DigitSet {
    let (mut once, mut again) = (DigitSet::EMPTY, DigitSet::EMPTY);
    for &cell in unit.cells() {
        let candidates = grid.candidates(cell);
        again = again.union(once.intersection(candidates));
        once = once.union(candidates);
    }
    once.difference(again)
}

/// A digit with one place left in a box.
pub fn hidden_single_box(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_singles(grid, true, emit)
}

/// A digit with one place left in a row or column.
pub fn hidden_single_line(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hidden_singles(grid, false, emit)
}

/// A cell with one candidate left.
pub fn naked_single(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for cell in 0..81 {
        if grid.value(cell) != 0 {
            continue;
        }
        if let Some(digit) = grid.candidates(cell).single_digit() {
            emit(naked_single_step(cell, digit))?;
        }
    }
    ControlFlow::Continue(())
}

/// The Naked Single step placing `digit`, the one candidate left in `cell`.
pub(crate) fn naked_single_step(cell: Cell, digit: Digit) -> Step {
    let mut text = String::with_capacity(40);
    push_cell_name(&mut text, cell);
    text.push_str(" has only one candidate left: ");
    text.push(digit_char(digit));
    text.push('.');
    placement_step(Technique::NakedSingle, None, cell, digit, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::all;

    const WIKIPEDIA: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn hidden_singles_on_the_wikipedia_puzzle() {
        let g = Grid::from_test_line(WIKIPEDIA);
        let steps = all(Technique::HiddenSingleBox, &g);
        assert!(!steps.is_empty());
        // Every hidden single agrees with the known solution.
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        for s in steps
            .iter()
            .chain(all(Technique::HiddenSingleLine, &g).iter())
            .chain(all(Technique::NakedSingle, &g).iter())
        {
            let p = s.placements[0];
            assert_eq!(solution.as_bytes()[p.cell] - b'0', p.digit, "{s}");
        }
        assert!(all(Technique::FullHouse, &g).is_empty());
    }

    #[test]
    fn full_house_fires_on_the_last_cell() {
        let solution =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut line: Vec<u8> = solution.bytes().collect();
        line[4] = b'.';
        let steps = all(
            Technique::FullHouse,
            &Grid::from_test_line(std::str::from_utf8(&line).unwrap()),
        );
        // r1c5 is the last empty cell of box 2, column 5 and row 1.
        let notations: Vec<String> = steps.iter().map(|s| s.notation()).collect();
        assert_eq!(notations, vec!["Full House: r1c5=7"; 3]);
        assert!(all(
            Technique::HiddenSingleBox,
            &Grid::from_test_line(std::str::from_utf8(&line).unwrap())
        )
        .is_empty());
        assert!(all(Technique::FullHouse, &Grid::from_test_line(solution)).is_empty());
    }
}
