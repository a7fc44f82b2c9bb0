//! Hints: the next step from a user's own state, told at the level of detail asked for.
//!
//! Owns [`HintLevel`], [`Hint`] and [`hint`]. Before any technique the user's state is checked
//! against the solution: a wrong digit, or a true candidate the user removed, is the hint.
//! Then the next step is found with [`Options::for_hints`] (the most natural single first).

use serde::Serialize;

use crate::geometry::{box_of, cell_name, Cell, DigitSet, Unit, CELLS};
use crate::grid::Grid;
use crate::pipeline::{next_step, Options};
use crate::solver::{validity, Validity};
use crate::step::{cell_list, digit_list, Role, Step};

/// How much a hint gives away.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::Display, strum::EnumString)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum HintLevel {
    /// Which family of technique, which region to look at.
    Nudge,
    /// The technique's name and the unit and digit.
    Technique,
    /// The cells of the pattern.
    Cells,
    /// The whole deduction.
    Full,
}

/// What kind of hint it is.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HintKind {
    /// A placed digit is not the solution's.
    WrongDigit,
    /// A candidate the user removed is the solution's digit.
    RemovedCandidate,
    /// A candidate is still written although a peer holds that digit.
    StaleCandidate,
    /// The next logical step.
    Step,
    /// Nothing left to do.
    Solved,
    /// No enabled technique applies.
    Stuck,
}

/// A hint, ready to show.
#[derive(Debug, Clone, Serialize)]
pub struct Hint {
    pub kind: HintKind,
    pub level: HintLevel,
    pub text: String,
    /// The step behind the hint, present at level `full`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<Step>,
}

/// Why no hint can be given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HintError {
    /// The puzzle (or the state's digits) has no solution, so a placed digit must be wrong,
    /// but without the original puzzle it cannot be told which.
    NoSolution,
    /// The puzzle has several solutions; no logical hint is certain.
    MultipleSolutions,
}

impl std::fmt::Display for HintError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HintError::NoSolution => f.write_str(
                "the digits in this state admit no solution, so at least one placed digit is wrong; give the original puzzle to find which",
            ),
            HintError::MultipleSolutions => f.write_str("the puzzle has more than one solution, so no hint is certain"),
        }
    }
}

impl std::error::Error for HintError {}

/// The next hint for a user's `state`. `original`, when given, is the puzzle as first set
/// (its givens); the solution is then taken from it, so wrong digits can be named. `stale`
/// lists candidates the user wrote although a peer holds the digit (cell, digit, peer), as
/// [`Grid::stale_candidates`] finds them; after mistakes, they are the first thing pointed out.
pub fn hint(
    state: &Grid,
    stale: &[(Cell, u8, Cell)],
    original: Option<&[u8; CELLS]>,
    level: HintLevel,
) -> Result<Hint, HintError> {
    let solution = match validity(original.unwrap_or(state.values())) {
        Validity::Unique(s) => s,
        Validity::NoSolution => return Err(HintError::NoSolution),
        Validity::Multiple(..) => return Err(HintError::MultipleSolutions),
    };
    if let Some(mistake) = check_state(state, &solution, level) {
        return Ok(mistake);
    }
    if let Some(&(cell, digit, peer)) = stale.first() {
        let text = match level {
            HintLevel::Nudge => format!(
                "Some candidates in box {} can go: a peer already holds the digit.",
                box_of(cell) + 1
            ),
            HintLevel::Technique | HintLevel::Cells => format!(
                "{} lists a digit that a peer already holds.",
                cell_name(cell)
            ),
            HintLevel::Full => format!(
                "{} still lists {digit} as a candidate, but {} holds {digit}: remove it.",
                cell_name(cell),
                cell_name(peer)
            ),
        };
        return Ok(Hint {
            kind: HintKind::StaleCandidate,
            level,
            text,
            step: None,
        });
    }
    if state.is_solved() {
        return Ok(Hint {
            kind: HintKind::Solved,
            level,
            text: "The puzzle is solved.".into(),
            step: None,
        });
    }
    let Some(step) = next_step(state, &Options::for_hints()) else {
        return Ok(Hint {
            kind: HintKind::Stuck,
            level,
            text: "None of the techniques Stepwise knows applies to this state.".into(),
            step: None,
        });
    };
    let text = describe(&step, level);
    let step = (level == HintLevel::Full).then_some(step);
    Ok(Hint {
        kind: HintKind::Step,
        level,
        text,
        step,
    })
}

/// A wrong digit or a removed true candidate, told at the level asked for.
fn check_state(state: &Grid, solution: &[u8; CELLS], level: HintLevel) -> Option<Hint> {
    for (cell, &correct) in solution.iter().enumerate() {
        let v = state.value(cell);
        if v != 0 && v != correct {
            let text = match level {
                HintLevel::Nudge => format!("A digit in box {} is wrong.", box_of(cell) + 1),
                HintLevel::Technique | HintLevel::Cells => {
                    format!("The digit in {} is wrong.", cell_name(cell))
                }
                HintLevel::Full => format!(
                    "{} holds {v}, but the puzzle's solution has {} there.",
                    cell_name(cell),
                    correct
                ),
            };
            return Some(Hint {
                kind: HintKind::WrongDigit,
                level,
                text,
                step: None,
            });
        }
    }
    for (cell, &correct) in solution.iter().enumerate() {
        if state.value(cell) == 0 && !state.candidates(cell).contains(correct) {
            let text = match level {
                HintLevel::Nudge => format!(
                    "A candidate was removed by mistake in box {}.",
                    box_of(cell) + 1
                ),
                HintLevel::Technique | HintLevel::Cells => {
                    format!("A candidate was removed by mistake in {}.", cell_name(cell))
                }
                HintLevel::Full => format!(
                    "{} is missing the candidate {}, but {} is the puzzle's solution there.",
                    cell_name(cell),
                    correct,
                    correct
                ),
            };
            return Some(Hint {
                kind: HintKind::RemovedCandidate,
                level,
                text,
                step: None,
            });
        }
    }
    None
}

/// The region a step is best looked for in: its first base unit, else the box of its first
/// placement or elimination.
fn region(step: &Step) -> String {
    if let Some(u) = step.pattern.units_with(Role::Base).next() {
        return words(u);
    }
    let cell: Option<Cell> = step
        .placements
        .first()
        .or(step.eliminations.first())
        .map(|c| c.cell);
    cell.map(|c| format!("box {}", box_of(c) + 1))
        .unwrap_or_else(|| "the grid".into())
}

fn words(unit: Unit) -> String {
    crate::finders::singles::unit_words(unit)
}

/// The digits a step's pattern is about.
fn digits(step: &Step) -> DigitSet {
    let from_pattern: DigitSet = step
        .pattern
        .candidates
        .iter()
        .map(|m| m.item.digit)
        .collect();
    if from_pattern.is_empty() {
        step.placements
            .iter()
            .chain(&step.eliminations)
            .map(|c| c.digit)
            .collect()
    } else {
        from_pattern
    }
}

fn describe(step: &Step, level: HintLevel) -> String {
    let family = step.technique.family().hint_phrase();
    match level {
        HintLevel::Nudge => format!("Look for {family} in {}.", region(step)),
        HintLevel::Technique => {
            let ds = digits(step);
            let noun = if ds.len() == 1 { "digit" } else { "digits" };
            format!(
                "There is a {} in {}, on the {noun} {}.",
                step.technique,
                region(step),
                digit_list(ds)
            )
        }
        HintLevel::Cells => {
            let mut cells: Vec<Cell> = step.pattern.cells.iter().map(|m| m.item).collect();
            cells.sort_unstable();
            cells.dedup();
            format!(
                "{}: look at {} in {}.",
                step.technique,
                cell_list(cells),
                region(step)
            )
        }
        HintLevel::Full => format!("{} — {}", step.notation(), step.text),
    }
}
