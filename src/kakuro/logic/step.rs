//! A human step: the technique, its placements and eliminations, and the runs, cells and
//! combinations that justify it; its sentence and its JSON shape.
//!
//! Owns [`Step`], [`Trial`] (a contradiction's trial and the steps that broke it) and
//! [`StepReport`]. A step holds numbers (cells, runs, digit sets); the names (`r3c4`,
//! `16 in r3c4-5`) come from the [`Kakuro`] when it is written.

use std::ops::ControlFlow;

use serde::Serialize;

use super::board::{Board, Conflict};
use super::technique::Technique;
use crate::kakuro::digits::Digits;
use crate::kakuro::puzzle::{CellId, Kakuro, RunId};

/// Where a finder sends each step; `Break` stops the search.
pub type Emit<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// The first step `search` (a finder, given where to send its steps) sends: the search stops
/// there.
pub(super) fn first_emitted(search: impl FnOnce(&mut Emit<'_>) -> ControlFlow<()>) -> Option<Step> {
    let mut found = None;
    let _ = search(&mut |step| {
        found = Some(step);
        ControlFlow::Break(())
    });
    found
}

/// One deduction.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Step {
    /// What found it.
    pub technique: Technique,
    /// Digits placed.
    pub placements: Vec<(CellId, u8)>,
    /// Candidates removed, per cell (cells in increasing order).
    pub eliminations: Vec<(CellId, Digits)>,
    /// The runs that justify it.
    pub runs: Vec<RunId>,
    /// The cells that justify it besides the runs' (a single's cell, a crossing cell, a trial's).
    pub cells: Vec<CellId>,
    /// The candidates `cells` had when the step was found (in the same order).
    pub shown: Vec<Digits>,
    /// The combinations left to the run's open cells.
    pub combinations: Vec<Digits>,
    /// The combinations the step rules out, each with why.
    pub ruled_out: Vec<(Digits, RuledOut)>,
    /// The digits placed in the (first) run when the step was found.
    pub placed: Digits,
    /// The digit the step is about (a single's, a required one, a trial's).
    pub digit: Option<u8>,
    /// A contradiction's trial.
    pub trial: Option<Box<Trial>>,
}

/// Why a combination is ruled out.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RuledOut {
    /// This open cell can take none of its digits (its crossing run narrowed it).
    Cell(CellId),
    /// No open cell can take this digit of it.
    Digit(u8),
}

/// A contradiction's trial: the steps taken after placing the digit, and where they broke.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Trial {
    /// The steps from the trial placement to the conflict.
    pub steps: Vec<Step>,
    /// What broke.
    pub conflict: Conflict,
}

impl Step {
    /// A step of `technique` with nothing in it yet.
    pub fn new(technique: Technique) -> Step {
        Step {
            technique,
            placements: Vec::new(),
            eliminations: Vec::new(),
            runs: Vec::new(),
            cells: Vec::new(),
            shown: Vec::new(),
            combinations: Vec::new(),
            ruled_out: Vec::new(),
            placed: Digits::EMPTY,
            digit: None,
            trial: None,
        }
    }

    /// Plays the step on `board`: its placements, then its eliminations.
    pub fn apply(&self, kakuro: &Kakuro, board: &mut Board) {
        for &(cell, digit) in &self.placements {
            board.place(kakuro, cell, digit);
        }
        for &(cell, digits) in &self.eliminations {
            board.eliminate(cell, digits);
        }
    }

    /// Whether it places or removes anything.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || self.eliminations.iter().any(|(_, d)| !d.is_empty())
    }

    /// The placements and eliminations in notation: `r3c4=7`, `r3c5<>1234`.
    pub fn deductions(&self, kakuro: &Kakuro) -> String {
        let placed = self
            .placements
            .iter()
            .map(|&(cell, digit)| format!("{}={digit}", kakuro.cell_name(cell)));
        let removed = self
            .eliminations
            .iter()
            .map(|&(cell, digits)| format!("{}<>{digits}", kakuro.cell_name(cell)));
        placed.chain(removed).collect::<Vec<_>>().join(", ")
    }

    /// The first run with its sum, and with the digits placed in it if any: `17 in r2-4c3`,
    /// `17 in r2-4c3 with 7 placed (10 left in 2 cells)`.
    fn run_context(&self, kakuro: &Kakuro) -> String {
        let Some(&run) = self.runs.first() else {
            return String::new();
        };
        let label = kakuro.run_label(run);
        if self.placed.is_empty() {
            return label;
        }
        let left = kakuro.run(run).sum as i32 - self.placed.sum() as i32;
        let cells = kakuro.run(run).cells.len() - self.placed.len();
        let placed: Vec<String> = self.placed.iter().map(|d| d.to_string()).collect();
        format!(
            "{label} with {} placed ({left} left in {cells} cell{})",
            placed.join(","),
            if cells == 1 { "" } else { "s" }
        )
    }

    /// Why, in words (without the technique's name and the deductions).
    pub fn reason(&self, kakuro: &Kakuro) -> String {
        let run = self.run_context(kakuro);
        let cell = self
            .cells
            .first()
            .map(|&c| kakuro.cell_name(c))
            .unwrap_or_default();
        let digit = self.digit.map(|d| d.to_string()).unwrap_or_default();
        let combos = |list: &[Digits]| {
            let written: Vec<String> = list.iter().map(|c| c.as_sum()).collect();
            match written.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => written.join(""),
            }
        };
        let one_of = |digits: Digits| {
            let written: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
            match written.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => written.join(""),
            }
        };
        match self.technique {
            Technique::NakedSingle => format!("{cell} can only be {digit}"),
            Technique::UniqueCombination => {
                format!("{run} is only {}", combos(&self.combinations))
            }
            Technique::HiddenSingle => format!(
                "{run} can only be {}, and only {cell} can take {digit}",
                combos(&self.combinations)
            ),
            Technique::UnusableDigit => {
                let unused = self
                    .eliminations
                    .iter()
                    .fold(Digits::EMPTY, |a, &(_, d)| a | d);
                format!(
                    "{run} is {}: none uses {}",
                    combos(&self.combinations),
                    one_of(unused)
                )
            }
            Technique::CrossingRuns => {
                let out: Vec<String> = self
                    .ruled_out
                    .iter()
                    .map(|&(combo, why)| match why {
                        RuledOut::Cell(c) => format!(
                            "not {} ({} can only be {})",
                            combo.as_sum(),
                            kakuro.cell_name(c),
                            one_of(self.shown_for(c))
                        ),
                        RuledOut::Digit(d) => {
                            format!("not {} (no cell can take {d})", combo.as_sum())
                        }
                    })
                    .collect();
                format!(
                    "{run}: {}; so {}",
                    out.join(", "),
                    combos(&self.combinations)
                )
            }
            Technique::RequiredDigit => format!(
                "{run} is {}: each needs {digit}, and only {cell} can take it",
                combos(&self.combinations)
            ),
            Technique::Arrangement => format!(
                "{run} is {}, and no arrangement in its cells' candidates puts these digits there",
                combos(&self.combinations)
            ),
            Technique::Contradiction => match &self.trial {
                Some(trial) => format!(
                    "{cell}={digit} leads in {} step{} to a contradiction: {}",
                    trial.steps.len(),
                    if trial.steps.len() == 1 { "" } else { "s" },
                    trial.conflict.describe(kakuro)
                ),
                None => format!("{cell}={digit} leads to a contradiction"),
            },
        }
    }

    /// The candidates a justifying cell had when the step was found.
    fn shown_for(&self, cell: CellId) -> Digits {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .and_then(|i| self.shown.get(i).copied())
            .unwrap_or_default()
    }

    /// The step in one line: `Unique Combination: 16 in r3c4-5 is only 7+9 => r3c4<>123456`.
    pub fn describe(&self, kakuro: &Kakuro) -> String {
        format!(
            "{}: {} => {}",
            self.technique,
            self.reason(kakuro),
            self.deductions(kakuro)
        )
    }

    /// The JSON shape.
    pub fn report(&self, kakuro: &Kakuro) -> StepReport {
        StepReport {
            technique: self.technique,
            name: self.technique.to_string(),
            text: self.describe(kakuro),
            placements: self
                .placements
                .iter()
                .map(|&(cell, digit)| Placement {
                    cell: kakuro.cell_name(cell),
                    digit,
                })
                .collect(),
            eliminations: self
                .eliminations
                .iter()
                .map(|&(cell, digits)| Elimination {
                    cell: kakuro.cell_name(cell),
                    digits: digits.iter().collect(),
                })
                .collect(),
            runs: self.runs.iter().map(|&r| kakuro.run_label(r)).collect(),
            cells: self.cells.iter().map(|&c| kakuro.cell_name(c)).collect(),
            combinations: self.combinations.iter().map(|c| c.as_sum()).collect(),
            trial: self.trial.as_ref().map(|t| TrialReport {
                steps: t.steps.iter().map(|s| s.describe(kakuro)).collect(),
                conflict: t.conflict.describe(kakuro),
            }),
        }
    }
}

/// A step as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StepReport {
    /// The technique's slug.
    pub technique: Technique,
    /// Its name.
    pub name: String,
    /// The step in one line.
    pub text: String,
    /// Digits placed.
    pub placements: Vec<Placement>,
    /// Candidates removed.
    pub eliminations: Vec<Elimination>,
    /// The runs that justify it, with their sums (`16 in r3c4-5`).
    pub runs: Vec<String>,
    /// The cells that justify it.
    pub cells: Vec<String>,
    /// The combinations left to the run.
    pub combinations: Vec<String>,
    /// A contradiction's trial.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub trial: Option<TrialReport>,
}

/// A placement as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Placement {
    /// `r3c4`.
    pub cell: String,
    /// The digit.
    pub digit: u8,
}

/// Candidates removed from one cell, as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Elimination {
    /// `r3c4`.
    pub cell: String,
    /// The digits removed.
    pub digits: Vec<u8>,
}

/// A contradiction's trial as JSON.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TrialReport {
    /// The steps after the trial placement, one line each.
    pub steps: Vec<String>,
    /// What broke.
    pub conflict: String,
}
