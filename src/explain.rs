//! The library's front door for the four uses of a trace: solve logically, explain, rate and
//! hint, each from a parsed puzzle, each returning a serde type.
//!
//! Owns [`Explanation`] and [`RateRecord`] (the JSON and CSV shapes of `explain` and `rate`)
//! and the text rendering of an explanation.

use serde::Serialize;

use crate::format::{to_pencilmark, PuzzleInput};
use crate::grid::Grid;
use crate::hint::{hint, Hint, HintError, HintLevel};
use crate::pipeline::{solve, Options, Status, Trace};
use crate::rating::{rate, Rating};
use crate::step::Step;

/// The grid a parsed puzzle describes: a pencilmark grid keeps its candidates as written.
pub fn grid_of(input: &PuzzleInput) -> Grid {
    match &input.candidates {
        Some(candidates) => Grid::from_pencilmarks(&input.cells, candidates),
        None => Grid::from_puzzle(&input.cells),
    }
}

/// Solves a parsed puzzle with the logical pipeline.
pub fn solve_logically(input: &PuzzleInput, options: &Options) -> Trace {
    solve(&grid_of(input), options)
}

/// The whole path of a puzzle, with its rating: the JSON of `stepwise explain --json`.
#[derive(Debug, Clone, Serialize)]
pub struct Explanation {
    pub puzzle: String,
    pub solution: Option<String>,
    pub status: Status,
    pub rating: Rating,
    pub steps: Vec<Step>,
    /// The pencilmarks left when stuck.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining: Option<String>,
    /// Why the puzzle is invalid, has no solution or several.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Explanation {
    /// Builds the explanation of a trace.
    pub fn of(trace: &Trace) -> Explanation {
        let remaining = (trace.status == Status::Stuck)
            .then(|| to_pencilmark(trace.end.values(), &trace.end.candidate_masks()));
        let error = match trace.status {
            Status::NoSolution => Some("the puzzle has no solution".to_string()),
            Status::MultipleSolutions => Some(format!(
                "the puzzle has more than one solution; two solutions differ at {}",
                trace.differing_names().join(", ")
            )),
            _ => None,
        };
        Explanation {
            puzzle: trace.puzzle.clone(),
            solution: trace.solution_line(),
            status: trace.status,
            rating: rate(trace),
            steps: trace.steps.clone(),
            remaining,
            error,
        }
    }

    /// The explanation of input that could not be read.
    pub fn invalid(puzzle: String, error: String) -> Explanation {
        Explanation {
            puzzle,
            solution: None,
            status: Status::Invalid,
            rating: Rating::unrated(),
            steps: vec![],
            remaining: None,
            error: Some(error),
        }
    }

    /// One step per line in community notation, then the outcome and the rating.
    pub fn to_text(&self) -> String {
        let mut out = format!("Puzzle: {}\n", self.puzzle);
        let width = self.steps.len().to_string().len();
        for (i, step) in self.steps.iter().enumerate() {
            out.push_str(&format!("{:>width$}. {}\n", i + 1, step.notation()));
        }
        match self.status {
            Status::Solved => {
                out.push_str(&format!(
                    "Solved: {}\n",
                    self.solution.as_deref().unwrap_or("")
                ));
            }
            Status::Stuck => {
                out.push_str("Stuck: no enabled technique applies. Candidates left:\n");
                out.push_str(self.remaining.as_deref().unwrap_or(""));
                if !out.ends_with('\n') {
                    out.push('\n');
                }
            }
            _ => out.push_str(&format!(
                "{}: {}\n",
                status_word(self.status),
                self.error.as_deref().unwrap_or("")
            )),
        }
        let r = &self.rating;
        out.push_str(&format!(
            "Rating: ER {:.1}, EP {:.1}, ED {:.1}; level {}; hardest {}\n",
            r.er, r.ep, r.ed, r.level, r.hardest
        ));
        out
    }
}

/// The status as printed: `solved`, `stuck`, `invalid`, `no_solution`, `multiple_solutions`,
/// `timeout`.
pub fn status_word(status: Status) -> &'static str {
    match status {
        Status::Solved => "solved",
        Status::Stuck => "stuck",
        Status::Invalid => "invalid",
        Status::NoSolution => "no_solution",
        Status::MultipleSolutions => "multiple_solutions",
        Status::Timeout => "timeout",
    }
}

/// Explains a parsed puzzle.
pub fn explain(input: &PuzzleInput, options: &Options) -> Explanation {
    Explanation::of(&solve_logically(input, options))
}

/// One row of `stepwise rate`: `puzzle,er,ep,ed,level,hardest,steps,status`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RateRecord {
    pub puzzle: String,
    pub er: f64,
    pub ep: f64,
    pub ed: f64,
    pub level: String,
    pub hardest: String,
    pub steps: usize,
    pub status: String,
}

impl RateRecord {
    /// The CSV header line.
    pub const CSV_HEADER: &'static str = "puzzle,er,ep,ed,level,hardest,steps,status";

    pub fn of(trace: &Trace) -> RateRecord {
        let r = rate(trace);
        RateRecord {
            puzzle: trace.puzzle.clone(),
            er: r.er,
            ep: r.ep,
            ed: r.ed,
            level: r.level,
            hardest: r.hardest,
            steps: trace.steps.len(),
            status: status_word(trace.status).to_string(),
        }
    }

    /// A CSV line; the hardest technique is quoted since names may hold commas or parentheses.
    pub fn to_csv(&self) -> String {
        format!(
            "{},{:.1},{:.1},{:.1},{},\"{}\",{},{}",
            self.puzzle,
            self.er,
            self.ep,
            self.ed,
            self.level,
            self.hardest.replace('"', "\"\""),
            self.steps,
            self.status
        )
    }
}

/// Rates a parsed puzzle.
pub fn rate_puzzle(input: &PuzzleInput, options: &Options) -> RateRecord {
    RateRecord::of(&solve_logically(input, options))
}

/// The next hint from a user's state (see [`crate::hint`]).
pub fn next_hint(
    state: &PuzzleInput,
    original: Option<&[u8; 81]>,
    level: HintLevel,
) -> Result<Hint, HintError> {
    let stale = match &state.candidates {
        Some(candidates) => Grid::stale_candidates(&state.cells, candidates),
        None => vec![],
    };
    hint(&grid_of(state), &stale, original, level)
}
