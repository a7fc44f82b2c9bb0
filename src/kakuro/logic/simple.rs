//! The finders of the simpler techniques, every one but the contradiction: pure functions of
//! a board that emit the steps they find, run by run in the clues' reading order (cell by
//! cell for singles). A finder never changes the board and emits only steps that place or
//! remove something. The contradiction's trials play these (`contradiction.rs`), and
//! `finders.rs` runs them with it, by technique.

use std::ops::ControlFlow;

use super::board::{Board, OpenRun};
use super::step::{first_emitted, Emit, RuledOut, Step};
use super::technique::Technique;
use crate::kakuro::digits::Digits;
use crate::kakuro::puzzle::Kakuro;

/// Runs `technique`'s finder on `board`; the contradiction is none of these and finds nothing
/// here.
pub fn find(
    technique: Technique,
    kakuro: &Kakuro,
    board: &Board,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::NakedSingle => naked_single(kakuro, board, emit),
        Technique::UniqueCombination => each_run(kakuro, board, emit, unique_combination),
        Technique::HiddenSingle => each_run(kakuro, board, emit, hidden_single),
        Technique::UnusableDigit => each_run(kakuro, board, emit, unusable_digit),
        Technique::CrossingRuns => each_run(kakuro, board, emit, crossing_runs),
        Technique::RequiredDigit => each_run(kakuro, board, emit, required_digit),
        Technique::Arrangement => each_run(kakuro, board, emit, arrangement),
        Technique::Contradiction => ControlFlow::Continue(()),
    }
}

/// The first step the simpler `technique` finds on `board`.
pub fn first(technique: Technique, kakuro: &Kakuro, board: &Board) -> Option<Step> {
    first_emitted(|emit| find(technique, kakuro, board, emit))
}

/// A cell with one candidate left takes it.
fn naked_single(kakuro: &Kakuro, board: &Board, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for cell in 0..kakuro.cell_count() {
        if board.placed(cell).is_some() {
            continue;
        }
        if let Some(digit) = board.candidates(cell).only() {
            let mut step = Step::new(Technique::NakedSingle);
            step.placements.push((cell, digit));
            step.cells.push(cell);
            step.shown.push(board.candidates(cell));
            step.digit = Some(digit);
            emit(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// A finder of one run's step.
type RunFinder = fn(&OpenRun) -> Option<Step>;

/// Runs a run finder over every run with open cells.
fn each_run(
    kakuro: &Kakuro,
    board: &Board,
    emit: &mut Emit<'_>,
    finder: RunFinder,
) -> ControlFlow<()> {
    for run in 0..kakuro.runs().len() {
        let open = board.open_run(kakuro, run);
        if open.cells.is_empty() {
            continue;
        }
        if let Some(step) = finder(&open).filter(Step::makes_progress) {
            emit(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// A step on `open`'s run removing from each open cell its candidates outside `keep`.
fn keep_only(technique: Technique, open: &OpenRun, keep: &[Digits]) -> Step {
    let mut step = Step::new(technique);
    step.runs.push(open.run);
    step.placed = open.placed;
    for (&cell, &candidates) in open.cells.iter().zip(&open.candidates) {
        let allowed = keep.iter().fold(Digits::EMPTY, |a, &c| a | c);
        let removed = candidates - allowed;
        if !removed.is_empty() {
            step.eliminations.push((cell, removed));
        }
    }
    step.combinations = keep.to_vec();
    step
}

/// One combination by the clue and the placed digits: the other digits leave the run.
fn unique_combination(open: &OpenRun) -> Option<Step> {
    match open.clue_combinations().as_slice() {
        [only] => Some(keep_only(Technique::UniqueCombination, open, &[*only])),
        _ => None,
    }
}

/// Several combinations by the clue: the digits none of them uses leave the run.
fn unusable_digit(open: &OpenRun) -> Option<Step> {
    let combinations = open.clue_combinations();
    (combinations.len() >= 2).then(|| keep_only(Technique::UnusableDigit, open, &combinations))
}

/// The clue's combinations that the open cells' candidates rule out, each with a cell that
/// can take none of its digits (or none when one of its digits has no cell); the digits of
/// no remaining combination leave the run.
fn crossing_runs(open: &OpenRun) -> Option<Step> {
    let clue = open.clue_combinations();
    let fits = open.fitting_combinations();
    if fits.is_empty() || fits.len() == clue.len() {
        return None;
    }
    let mut step = keep_only(Technique::CrossingRuns, open, &fits);
    for combo in clue.into_iter().filter(|c| !fits.contains(c)) {
        let blocker = open
            .cells
            .iter()
            .zip(&open.candidates)
            .find(|(_, candidates)| !candidates.meets(combo))
            .map(|(&cell, &candidates)| (cell, candidates));
        let why = match blocker {
            Some((cell, candidates)) => {
                if !step.cells.contains(&cell) {
                    step.cells.push(cell);
                    step.shown.push(candidates);
                }
                RuledOut::Cell(cell)
            }
            None => {
                let reachable = open.candidates.iter().fold(Digits::EMPTY, |a, &c| a | c);
                // A combination that fits every cell but is out must miss a digit's cell.
                RuledOut::Digit((combo - reachable).min().unwrap_or(0))
            }
        };
        step.ruled_out.push((combo, why));
    }
    Some(step)
}

/// The open cells that can take `digit`, with their candidates.
fn places(open: &OpenRun, digit: u8) -> impl Iterator<Item = (usize, Digits)> + '_ {
    open.cells
        .iter()
        .zip(&open.candidates)
        .filter(move |(_, c)| c.contains(digit))
        .map(|(&cell, &candidates)| (cell, candidates))
}

/// A digit that every combination in `fits` needs and that one open cell alone can take.
fn only_place(technique: Technique, open: &OpenRun, fits: &[Digits]) -> Option<Step> {
    let needed = fits.iter().fold(Digits::ALL, |a, &c| a & c);
    for digit in needed.iter() {
        let mut cells = places(open, digit);
        if let (Some((cell, candidates)), None) = (cells.next(), cells.next()) {
            let mut step = Step::new(technique);
            step.runs.push(open.run);
            step.placed = open.placed;
            step.placements.push((cell, digit));
            step.cells.push(cell);
            step.shown.push(candidates);
            step.digit = Some(digit);
            step.combinations = fits.to_vec();
            return Some(step);
        }
    }
    None
}

/// One fitting combination: a digit of it with one possible cell goes there.
fn hidden_single(open: &OpenRun) -> Option<Step> {
    let fits = open.fitting_combinations();
    (fits.len() == 1)
        .then(|| only_place(Technique::HiddenSingle, open, &fits))
        .flatten()
}

/// Several fitting combinations that all need a digit with one possible cell.
fn required_digit(open: &OpenRun) -> Option<Step> {
    let fits = open.fitting_combinations();
    (fits.len() >= 2)
        .then(|| only_place(Technique::RequiredDigit, open, &fits))
        .flatten()
}

/// The candidates no arrangement of a fitting combination gives their cell.
fn arrangement(open: &OpenRun) -> Option<Step> {
    let kept = open.arrangeable()?;
    let mut step = Step::new(Technique::Arrangement);
    step.runs.push(open.run);
    step.placed = open.placed;
    step.combinations = open.fitting_combinations();
    for ((&cell, &candidates), &keep) in open.cells.iter().zip(&open.candidates).zip(&kept) {
        if candidates != keep {
            step.eliminations.push((cell, candidates - keep));
        }
    }
    Some(step)
}
