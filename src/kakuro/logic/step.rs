//! A human step: the technique, its placements and eliminations, and the runs, cells and
//! combinations that justify it; its sentence and its JSON shape.
//!
//! Owns [`Step`], [`Trial`] (a contradiction's trial and the steps that broke it) and
//! [`StepReport`]. A step holds numbers (cells, runs, digit sets); the names (`r3c4`,
//! `16 in r3c4-5`) come from the [`Kakuro`] when it is written.

use serde::Serialize;

use super::board::{Board, Conflict};
use super::technique::Technique;
use crate::kakuro::digits::Digits;
use crate::kakuro::puzzle::{CellId, Kakuro, RunId};

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
    /// The combinations the step rules out, each with the cell whose candidates rule it out
    /// (`None`: one of its digits has no cell).
    pub ruled_out: Vec<(Digits, Option<CellId>)>,
    /// The digit the step is about (a single's, a required one, a trial's).
    pub digit: Option<u8>,
    /// A contradiction's trial.
    pub trial: Option<Box<Trial>>,
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

    /// Why, in words (without the technique's name and the deductions).
    pub fn reason(&self, kakuro: &Kakuro) -> String {
        let run = self.runs.first().map(|&r| kakuro.run_label(r)).unwrap_or_default();
        let cell = self.cells.first().map(|&c| kakuro.cell_name(c)).unwrap_or_default();
        let digit = self.digit.map(|d| d.to_string()).unwrap_or_default();
        let combos = |list: &[Digits]| {
            list.iter().map(|c| c.as_sum()).collect::<Vec<_>>().join(" or ")
        };
        let open = self.runs.first().map(|&r| {
            let cells = kakuro.run(r).cells.len();
            let open = self.combinations.first().map_or(cells, |c| c.len());
            (cells, open)
        });
        match self.technique {
            Technique::NakedSingle => format!("{cell} can only be {digit}"),
            Technique::UniqueCombination => match open {
                Some((cells, open)) if open < cells => format!(
                    "{run}: its {open} open cells can only make the rest as {}",
                    combos(&self.combinations)
                ),
                _ => format!("{run} is only {}", combos(&self.combinations)),
            },
            Technique::HiddenSingle => format!(
                "{run} can only be {} and only {cell} can take {digit}",
                combos(&self.combinations)
            ),
            Technique::UnusableDigit => {
                let unused = self
                    .eliminations
                    .iter()
                    .fold(Digits::EMPTY, |a, &(_, d)| a | d);
                format!(
                    "{run} is {}: none uses {unused}",
                    combos(&self.combinations)
                )
            }
            Technique::CrossingRuns => {
                let out: Vec<String> = self
                    .ruled_out
                    .iter()
                    .map(|&(combo, blocker)| match blocker {
                        Some(c) => format!(
                            "not {} ({} is {})",
                            combo.as_sum(),
                            kakuro.cell_name(c),
                            self.candidates_shown(c)
                        ),
                        None => format!("not {} (a digit has no cell)", combo.as_sum()),
                    })
                    .collect();
                format!(
                    "{run}: {}, so {}",
                    out.join(", "),
                    combos(&self.combinations)
                )
            }
            Technique::RequiredDigit => format!(
                "{run} is {}: every one needs {digit}, and only {cell} can take it",
                combos(&self.combinations)
            ),
            Technique::Arrangement => format!(
                "{run} is {}, and no arrangement of it fits these candidates",
                combos(&self.combinations)
            ),
            Technique::Contradiction => match &self.trial {
                Some(trial) => format!(
                    "{cell}={digit} leads in {} steps to a contradiction: {}",
                    trial.steps.len(),
                    trial.conflict.describe(kakuro)
                ),
                None => format!("{cell}={digit} leads to a contradiction"),
            },
        }
    }

    /// The candidates a crossing cell had, as recorded in the step.
    fn candidates_shown(&self, cell: CellId) -> String {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .and_then(|i| self.shown.get(i))
            .map(|d| d.iter().map(|x| x.to_string()).collect::<Vec<_>>().join(" or "))
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
