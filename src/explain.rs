//! The library's front door for the four uses of a trace: solve logically, explain, rate and
//! hint, each from a parsed puzzle, each returning a serde type.
//!
//! Owns [`Explanation`], [`RateSettings`] (which paths `rate` takes) and [`RateRecord`] (the
//! JSON and CSV shapes of `explain` and `rate`), [`rate_puzzle`] (the per-puzzle work of `rate`)
//! and the text rendering of an explanation.

use serde::Serialize;

use crate::format::{to_pencilmark, PuzzleInput};
use crate::grid::Grid;
use crate::hint::{hint, Hint, HintError, HintLevel};
use crate::pipeline::{solve, Options, Status, Trace};
use crate::rating::{rate, rate_hodoku, Rating};
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
    status.word()
}

/// Explains a parsed puzzle.
pub fn explain(input: &PuzzleInput, options: &Options) -> Explanation {
    Explanation::of(&solve_logically(input, options))
}

/// Which paths `rate` takes through each puzzle: a rating is a property of the path, so each
/// rater's scale is computed on a path of that rater's own technique order.
#[derive(Debug, Clone, PartialEq)]
pub struct RateSettings {
    /// The path rated on Sudoku Explainer's scale (ER, EP, ED, hardest); `None` leaves those
    /// columns empty.
    pub se: Option<Options>,
    /// The path rated on HoDoKu's scale (level, score); `None` leaves those columns empty.
    pub hodoku: Option<Options>,
}

impl Default for RateSettings {
    /// Both paths: [`Options::sudoku_explainer`] and [`Options::hodoku`].
    fn default() -> RateSettings {
        RateSettings {
            se: Some(Options::sudoku_explainer()),
            hodoku: Some(Options::hodoku()),
        }
    }
}

/// One row of `stepwise rate`: `puzzle,er,ep,ed,level,score,hardest,steps,status`.
///
/// `er`, `ep`, `ed` and `hardest` come from the se path, `level` and `score` from the hodoku
/// path; a column whose path was not taken is empty in CSV and `null` in JSON. With only the
/// hodoku path, `hardest` is that path's (HoDoKu's definition: highest base score). `steps`
/// counts the steps of the path `hardest` comes from. `status` is the worse of the paths' (a
/// puzzle is `solved` only when every path taken solved it).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RateRecord {
    pub puzzle: String,
    pub er: Option<f64>,
    pub ep: Option<f64>,
    pub ed: Option<f64>,
    pub level: Option<String>,
    pub score: Option<u32>,
    pub hardest: String,
    pub steps: usize,
    pub status: String,
}

impl RateRecord {
    /// The CSV header line.
    pub const CSV_HEADER: &'static str = "puzzle,er,ep,ed,level,score,hardest,steps,status";

    /// The record of the paths taken: `se` for ER/EP/ED and hardest, `hodoku` for level and
    /// score (at least one should be given; with neither the row is `invalid`).
    pub fn of(se: Option<&Trace>, hodoku: Option<&Trace>) -> RateRecord {
        let Some(main) = se.or(hodoku) else {
            return RateRecord::unreadable(&RateSettings {
                se: None,
                hodoku: None,
            });
        };
        let se_rating = se.map(rate);
        let hodoku_rating = hodoku.map(rate_hodoku);
        let hardest = match (&se_rating, &hodoku_rating) {
            (Some(r), _) => r.hardest.clone(),
            (None, Some(h)) => h.hardest.clone(),
            (None, None) => String::new(),
        };
        let status = [se, hodoku]
            .into_iter()
            .flatten()
            .map(|t| t.status)
            .find(|&s| s != Status::Solved)
            .unwrap_or(Status::Solved);
        RateRecord {
            puzzle: main.puzzle.clone(),
            er: se_rating.as_ref().map(|r| r.er),
            ep: se_rating.as_ref().map(|r| r.ep),
            ed: se_rating.as_ref().map(|r| r.ed),
            level: hodoku_rating.as_ref().map(|h| h.level.clone()),
            score: hodoku_rating.as_ref().map(|h| h.score),
            hardest,
            steps: main.steps.len(),
            status: status_word(status).to_string(),
        }
    }

    /// The row of input that could not be read: SE's sentinel 20.0 and `Unrated` in the
    /// columns of the paths asked for, status `invalid`.
    pub fn unreadable(settings: &RateSettings) -> RateRecord {
        let unrated = Rating::unrated();
        let se = settings.se.is_some();
        let hodoku = settings.hodoku.is_some();
        RateRecord {
            puzzle: String::new(),
            er: se.then_some(unrated.er),
            ep: se.then_some(unrated.ep),
            ed: se.then_some(unrated.ed),
            level: hodoku.then(|| unrated.level.clone()),
            score: hodoku.then_some(0),
            hardest: unrated.hardest,
            steps: 0,
            status: status_word(Status::Invalid).to_string(),
        }
    }

    /// A CSV line; the hardest technique is quoted since names may hold commas or parentheses.
    pub fn to_csv(&self) -> String {
        let rating = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.1}"));
        format!(
            "{},{},{},{},{},{},\"{}\",{},{}",
            self.puzzle,
            rating(self.er),
            rating(self.ep),
            rating(self.ed),
            self.level.as_deref().unwrap_or(""),
            self.score.map_or(String::new(), |s| s.to_string()),
            self.hardest.replace('"', "\"\""),
            self.steps,
            self.status
        )
    }
}

/// Rates one puzzle on the paths `settings` asks for: the whole per-puzzle work of `stepwise
/// rate`, with no shared state, so puzzles can be rated on several threads at once.
pub fn rate_puzzle(grid: &Grid, settings: &RateSettings) -> RateRecord {
    let se = settings.se.as_ref().map(|o| solve(grid, o));
    let hodoku = settings.hodoku.as_ref().map(|o| solve(grid, o));
    RateRecord::of(se.as_ref(), hodoku.as_ref())
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
