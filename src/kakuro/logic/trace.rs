//! The logical solve: the first step of the easiest technique that finds one, applied, again
//! until the grid is full or nothing is found; and the rating read from the path.
//!
//! Owns [`Trace`], [`Status`], [`Rating`], [`solve`], [`solve_with`] (a subset of the
//! techniques, for the generator) and [`next_step`].

use serde::Serialize;

use super::board::Board;
use super::finders;
use super::step::Step;
use super::technique::{Level, Technique};
use crate::kakuro::puzzle::Kakuro;

/// The most steps a solve takes: past any grid's need (each step places or removes at least
/// one of at most 9 candidates per cell), a guard against a loop.
const MAX_STEPS: usize = 9 * crate::kakuro::format::MAX_SIDE * crate::kakuro::format::MAX_SIDE;

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Status {
    /// Every cell has its digit.
    Solved,
    /// No technique finds a step.
    Stuck,
    /// The board has a conflict (from digits a player entered wrongly).
    Conflict,
    /// The call's budget (its time, or a cancel) ran out first: the steps so far stand, the
    /// rest is unknown.
    Timeout,
}

/// Solves from `board` with `techniques` alone (in the catalog's order): the generator's
/// question "does a solver of this level get through?".
pub fn solve_with(kakuro: &Kakuro, board: Board, techniques: &[Technique]) -> Trace {
    run(kakuro, board, |board| {
        techniques
            .iter()
            .find_map(|&technique| finders::first(technique, kakuro, board))
    })
}

/// The steps of a solve and where it ended.
#[derive(Debug, Clone)]
pub struct Trace {
    /// The steps, in order.
    pub steps: Vec<Step>,
    /// The board at the end.
    pub board: Board,
    /// How it ended.
    pub status: Status,
}

/// How many times one technique was used.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
pub struct TechniqueCount {
    /// The technique.
    pub technique: Technique,
    /// How many steps.
    pub count: usize,
}

/// A solve's rating: its hardest step, and its level on the players' scale.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rating {
    /// The hardest step's difficulty (0 with no step).
    pub difficulty: f64,
    /// The hardest step's technique.
    pub hardest: Option<Technique>,
    /// The level: the techniques needed, raised to expert by two contradictions or a long one
    /// ([`Level::of_trace`]).
    pub level: Level,
    /// How many contradictions.
    pub contradictions: usize,
    /// The longest contradiction's trial, in steps (0 without one).
    pub longest_trial: usize,
    /// How many steps.
    pub steps: usize,
    /// Steps per technique, in the catalog's order, used ones only.
    pub techniques: Vec<TechniqueCount>,
}

impl Trace {
    /// Whether the solve filled the grid.
    pub fn is_solved(&self) -> bool {
        self.status == Status::Solved
    }

    /// The rating of the path (of a stuck path too: its hardest step so far).
    pub fn rating(&self) -> Rating {
        let hardest = self
            .steps
            .iter()
            .map(|s| s.technique)
            .max_by(|a, b| a.difficulty().total_cmp(&b.difficulty()).then(a.cmp(b)));
        let techniques = Technique::ORDER
            .iter()
            .map(|&technique| TechniqueCount {
                technique,
                count: self
                    .steps
                    .iter()
                    .filter(|s| s.technique == technique)
                    .count(),
            })
            .filter(|c| c.count > 0)
            .collect();
        let trials: Vec<usize> = self
            .steps
            .iter()
            .filter_map(|s| s.trial.as_ref().map(|t| t.steps.len()))
            .collect();
        Rating {
            difficulty: hardest.map_or(0.0, Technique::difficulty),
            hardest,
            level: Level::of_trace(self.steps.iter().map(|s| s.technique), &trials),
            contradictions: trials.len(),
            longest_trial: trials.iter().copied().max().unwrap_or(0),
            steps: self.steps.len(),
            techniques,
        }
    }
}

/// The next step from `board`: the first the easiest technique finds. `None` also when the
/// thread's budget ran out during the search (ask [`crate::deadline::expired`] which).
pub fn next_step(kakuro: &Kakuro, board: &Board) -> Option<Step> {
    Technique::ORDER
        .iter()
        .find_map(|&technique| finders::first(technique, kakuro, board))
}

/// Solves `kakuro` from the start with the human techniques, within the thread's budget.
pub fn solve(kakuro: &Kakuro) -> Trace {
    solve_from(kakuro, Board::new(kakuro))
}

/// Solves from `board`.
pub fn solve_from(kakuro: &Kakuro, board: Board) -> Trace {
    run(kakuro, board, |board| next_step(kakuro, board))
}

/// The solve loop: `next` finds each step.
fn run(kakuro: &Kakuro, mut board: Board, next: impl Fn(&Board) -> Option<Step>) -> Trace {
    let mut steps = Vec::new();
    let status = loop {
        if board.conflict(kakuro).is_some() {
            break Status::Conflict;
        }
        if board.is_complete() {
            break Status::Solved;
        }
        if steps.len() >= MAX_STEPS {
            break Status::Stuck;
        }
        if crate::deadline::expired() {
            break Status::Timeout;
        }
        match next(&board) {
            Some(step) => {
                step.apply(kakuro, &mut board);
                steps.push(step);
            }
            // A search cut by the budget found nothing: that is no proof of "stuck".
            None if crate::deadline::expired() => break Status::Timeout,
            None => break Status::Stuck,
        }
    };
    Trace {
        steps,
        board,
        status,
    }
}
