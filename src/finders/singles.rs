//! Singles: Full House, Hidden Single (in a box; in a row or column) and Naked Single.
//!
//! - Full House: the last empty cell of a unit takes the unit's missing digit.
//! - Hidden Single: a digit has one place left in a unit.
//! - Naked Single: a cell has one candidate left.
//!
//! Search order follows Sudoku Explainer's: units box, column, row; digits ascending; naked
//! singles by cell in reading order.

use std::ops::ControlFlow;

use super::Emit;
use crate::geometry::{cell_name, Cell, Digit, Unit, UnitKind};
use crate::grid::Grid;
use crate::step::{Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// Units in Sudoku Explainer's order: boxes, then columns, then rows.
pub(crate) fn units_se_order() -> impl Iterator<Item = Unit> {
    (0..9)
        .map(Unit::boxed)
        .chain((0..9).map(Unit::column))
        .chain((0..9).map(Unit::row))
}

pub(crate) use crate::geometry::unit_words;

fn placement_step(
    technique: Technique,
    unit: Option<Unit>,
    cell: Cell,
    digit: Digit,
    text: String,
) -> Step {
    let mut pattern = Pattern::default()
        .cell(cell, Role::Placement)
        .candidate(Candidate::new(cell, digit), Role::Placement);
    if let Some(u) = unit {
        pattern = pattern.unit(u, Role::Base);
    }
    Step::new(
        technique,
        vec![Candidate::new(cell, digit)],
        vec![],
        pattern,
        String::new(),
        text,
    )
}

/// The last empty cell of a unit, with the one digit the unit still lacks.
pub fn full_house(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for unit in units_se_order() {
        let empty: Vec<Cell> = unit
            .cells()
            .iter()
            .copied()
            .filter(|&c| grid.value(c) == 0)
            .collect();
        if empty.len() != 1 {
            continue;
        }
        let cell = empty[0];
        let missing = (1..=9).find(|&d| !grid.unit_has(unit, d));
        // With conflicting placements the unit may lack no digit; that is not a full house.
        if let Some(digit) = missing.filter(|&d| grid.candidates(cell).contains(d)) {
            let text = format!(
                "{} is the last empty cell in {}, so it holds the missing {digit}.",
                cell_name(cell),
                unit_words(unit)
            );
            emit(placement_step(
                Technique::FullHouse,
                Some(unit),
                cell,
                digit,
                text,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// The one cell of `unit` where `digit` can go, if exactly one.
pub(crate) fn only_place(grid: &Grid, unit: Unit, digit: Digit) -> Option<Cell> {
    let positions = grid.positions(unit, digit);
    (positions.count_ones() == 1).then(|| unit.cells()[positions.trailing_zeros() as usize])
}

fn hidden_singles(grid: &Grid, boxes: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let technique = if boxes {
        Technique::HiddenSingleBox
    } else {
        Technique::HiddenSingleLine
    };
    for unit in units_se_order().filter(|u| (u.kind() == UnitKind::Box) == boxes) {
        // A full house is reported as such, not as a hidden single.
        let empties = unit.cells().iter().filter(|&&c| grid.value(c) == 0).count();
        if empties <= 1 {
            continue;
        }
        for digit in 1..=9 {
            if let Some(cell) = only_place(grid, unit, digit) {
                let text = format!(
                    "In {}, {digit} can only go in {}.",
                    unit_words(unit),
                    cell_name(cell)
                );
                emit(placement_step(technique, Some(unit), cell, digit, text))?;
            }
        }
    }
    ControlFlow::Continue(())
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
            let text = format!("{} has only one candidate left: {digit}.", cell_name(cell));
            emit(placement_step(
                Technique::NakedSingle,
                None,
                cell,
                digit,
                text,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::all;

    fn grid(line: &str) -> Grid {
        let mut cells = [0u8; 81];
        for (i, ch) in line.chars().enumerate() {
            cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        Grid::from_puzzle(&cells)
    }

    const WIKIPEDIA: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn hidden_singles_on_the_wikipedia_puzzle() {
        let g = grid(WIKIPEDIA);
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
            &grid(std::str::from_utf8(&line).unwrap()),
        );
        // r1c5 is the last empty cell of box 2, column 5 and row 1.
        let notations: Vec<String> = steps.iter().map(|s| s.notation()).collect();
        assert_eq!(notations, vec!["Full House: r1c5=7"; 3]);
        assert!(all(
            Technique::HiddenSingleBox,
            &grid(std::str::from_utf8(&line).unwrap())
        )
        .is_empty());
        assert!(all(Technique::FullHouse, &grid(solution)).is_empty());
    }
}
