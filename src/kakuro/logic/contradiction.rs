//! The bounded contradiction, the last technique: place a candidate on a copy of the board,
//! play the simpler techniques from there, and when they reach a conflict (a cell without
//! candidates, a run that can no longer be completed) within [`MAX_TRIAL_STEPS`] steps, the
//! candidate is removed. One level only: a trial never tries another candidate.
//!
//! Candidates are tried in the cells with the fewest first (a cell of two is where a person
//! tries). Each trial is screened first with the GAC engine's propagation, which reaches every
//! conflict the simpler techniques reach (they are all consequences of one run's combined
//! constraint, which GAC makes consistent) and is far faster; only a candidate it refutes is
//! played again step by step, for the trial's explanation.

use std::ops::ControlFlow;

use super::board::Board;
use super::simple;
use super::step::{Emit, Step, Trial};
use super::technique::Technique;
use crate::csp::{ArcConsistency, Domain, Propagator, State};
use crate::kakuro::digits::Digits;
use crate::kakuro::engines::model::Model;
use crate::kakuro::puzzle::{CellId, Kakuro};

/// The most steps a trial may take to reach its conflict.
pub const MAX_TRIAL_STEPS: usize = 400;

/// The techniques a trial plays: all but the contradiction itself.
const SIMPLER: [Technique; 7] = [
    Technique::NakedSingle,
    Technique::UniqueCombination,
    Technique::HiddenSingle,
    Technique::UnusableDigit,
    Technique::CrossingRuns,
    Technique::RequiredDigit,
    Technique::Arrangement,
];

/// Emits a contradiction step for each candidate a trial refutes.
pub fn find(kakuro: &Kakuro, board: &Board, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let model = Model::of_kakuro(kakuro);
    let domains: Vec<Domain> = board
        .domains()
        .iter()
        .map(|d| Domain::from_bits(u32::from(d.bits())))
        .collect();
    let mut cells: Vec<CellId> = (0..kakuro.cell_count())
        .filter(|&c| board.placed(c).is_none() && board.candidates(c).len() >= 2)
        .collect();
    cells.sort_by_key(|&c| (board.candidates(c).len(), c));
    let mut gac = ArcConsistency::generalized();
    for cell in cells {
        // Trials are the long part of a solve; a spent budget ends them (the caller tells a
        // cut search from an empty one by the deadline).
        if crate::deadline::expired() {
            return ControlFlow::Break(());
        }
        for digit in board.candidates(cell).iter() {
            let mut state = State::new(domains.clone());
            state.domains[cell] = Domain::single(digit);
            if gac.propagate(model.problem(), &mut state, &[cell]).is_ok() {
                continue;
            }
            let Some(trial) = play(kakuro, board, cell, digit) else {
                continue;
            };
            let mut step = Step::new(Technique::Contradiction);
            step.eliminations.push((cell, Digits::single(digit)));
            step.cells.push(cell);
            step.shown.push(board.candidates(cell));
            step.digit = Some(digit);
            step.trial = Some(Box::new(trial));
            emit(step)?;
        }
    }
    ControlFlow::Continue(())
}

/// Places `digit` in `cell` on a copy of `board` and plays the simpler techniques until a
/// conflict (the trial) or until they stop or pass the bound (`None`).
pub fn play(kakuro: &Kakuro, board: &Board, cell: CellId, digit: u8) -> Option<Trial> {
    let mut trial = board.clone();
    trial.place(kakuro, cell, digit);
    let mut steps = Vec::new();
    loop {
        if let Some(conflict) = trial.conflict(kakuro) {
            return Some(Trial { steps, conflict });
        }
        if steps.len() >= MAX_TRIAL_STEPS {
            return None;
        }
        let step = SIMPLER
            .iter()
            .find_map(|&t| simple::first(t, kakuro, &trial))?;
        step.apply(kakuro, &mut trial);
        steps.push(step);
    }
}
