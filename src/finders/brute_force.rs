//! HoDoKu 2.2's last resort, Brute Force (`BruteForceSolver`), for the hodoku profile only:
//! where none of its techniques applies, HoDoKu takes the solution's digit for the middle one
//! of the empty cells (in reading order) and goes on. It is a guess, not a deduction: Stepwise
//! takes it only to reproduce HoDoKu's path and score, never in the other profiles or in hints.
//! The digit comes from the complete solver, so the step is always the solution's.

use std::ops::ControlFlow;

use super::Emit;
use crate::geometry::cell_name;
use crate::grid::Grid;
use crate::solver::{validity_with_candidates, Validity};
use crate::step::{Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// The middle empty cell, given the solution's digit; nothing on a solved grid or one without
/// a unique solution.
pub fn brute_force(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let empty: Vec<usize> = grid.empty_cells().iter().collect();
    let Some(&cell) = empty.get(empty.len() / 2) else {
        return ControlFlow::Continue(());
    };
    let mut masks = grid.candidate_masks();
    for (c, mask) in masks.iter_mut().enumerate() {
        if grid.value(c) != 0 {
            *mask = 1 << (grid.value(c) - 1);
        }
    }
    let Validity::Unique(solution) = validity_with_candidates(&masks) else {
        return ControlFlow::Continue(());
    };
    let digit = solution[cell];
    let name = cell_name(cell);
    let pattern = Pattern::default().cell(cell, Role::Pivot);
    let text = format!(
        "No technique applies. HoDoKu guesses here: it takes the middle one of the {} empty \
         cells, {name}, and gives it the solution's digit, {digit}.",
        empty.len()
    );
    emit(Step::new(
        Technique::BruteForce,
        vec![Candidate::new(cell, digit)],
        vec![],
        pattern,
        String::new(),
        text,
    ))
}
