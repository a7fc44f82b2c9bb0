//! The library's front door for the four uses of a trace: solve logically, explain, rate and
//! hint, each from a parsed puzzle, each returning a serde type.
//!
//! Owns [`Explanation`] and [`RateRecord`] (the JSON and CSV shapes of `explain` and `rate`),
//! [`explain`] and [`rate_puzzle`] (the per-puzzle work of `rate`), both on the paths a
//! [`RateSettings`] names within its one time limit, and the text rendering of an explanation.

use serde::Serialize;

use crate::analysis::Analysis;
use crate::format::{to_pencilmark, PuzzleInput};
use crate::grid::Grid;
use crate::hint::{hint, Hint, HintError, HintLevel};
use crate::pipeline::{solve, solve_without_uniqueness, Options, Status, Trace};
pub use crate::profile::{HintSettings, RateSettings, RatedPath};
use crate::rating::{is_rateable, PuzzleRating};
use crate::step::Step;
use crate::technique::{Level, Technique};

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
    /// The puzzle as an 81-character line (`.` for empty), or the input as given when it
    /// could not be read.
    pub puzzle: String,
    /// The solution as an 81-character line; `None` without a unique one.
    pub solution: Option<String>,
    /// How the path ended (`timeout` too when the other rated path ran out of time).
    pub status: Status,
    /// The profile whose path the steps are (`se`, `hodoku`, ..., `custom`); `None` for input
    /// that could not be read.
    pub profile: Option<String>,
    /// The puzzle's rating, each figure from its own rater's path (see [`crate::profile`]).
    pub rating: PuzzleRating,
    /// The path's steps, in order.
    pub steps: Vec<Step>,
    /// The pencilmarks left where logic stopped (stuck, or several solutions).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub remaining: Option<String>,
    /// Why the puzzle is invalid, has no solution or several, or ran out of time.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl Explanation {
    /// Builds the explanation of a trace (the path shown, of the named profile) with the
    /// puzzle's rating.
    pub fn of(trace: &Trace, profile: &str, rating: PuzzleRating) -> Explanation {
        let stopped = trace.status == Status::Stuck
            || (trace.status == Status::MultipleSolutions && !trace.steps.is_empty());
        let remaining =
            stopped.then(|| to_pencilmark(trace.end.values(), &trace.end.candidate_masks()));
        let error = match trace.status {
            Status::NoSolution => Some("the puzzle has no solution".to_string()),
            Status::MultipleSolutions => Some(format!(
                "the puzzle has more than one solution; two solutions differ at {}",
                trace.differing_names().join(", ")
            )),
            Status::Timeout => Some(format!(
                "the time limit passed after {} steps",
                trace.steps.len()
            )),
            _ => None,
        };
        Explanation {
            puzzle: trace.puzzle.clone(),
            solution: trace.solution_line(),
            status: trace.status,
            profile: Some(profile.to_string()),
            rating,
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
            profile: None,
            rating: PuzzleRating::none(),
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
        out.push_str(&self.outcome_text());
        out
    }

    /// The lines after the steps: how the path ended, then the rating.
    pub fn outcome_text(&self) -> String {
        let mut out = String::new();
        match self.status {
            Status::Solved => {
                out.push_str(&format!(
                    "Solved: {}\n",
                    self.solution.as_deref().unwrap_or("")
                ));
            }
            Status::Stuck => {
                out.push_str("Stuck: no enabled technique applies. Candidates left:\n");
            }
            _ => out.push_str(&format!(
                "{}: {}\n",
                status_word(self.status),
                self.error.as_deref().unwrap_or("")
            )),
        }
        if let Some(remaining) = &self.remaining {
            if self.status != Status::Stuck {
                out.push_str("Logic alone goes no further. Candidates left:\n");
            }
            out.push_str(remaining);
            if !out.ends_with('\n') {
                out.push('\n');
            }
        }
        out.push_str(&format!("Rating: {}\n", self.rating.to_text()));
        out
    }
}

/// The status as printed: `solved`, `stuck`, `invalid`, `no_solution`, `multiple_solutions`,
/// `timeout`.
pub fn status_word(status: Status) -> &'static str {
    status.word()
}

/// The traces of the paths `settings` asks for, within one time limit for them all.
pub fn solve_paths(grid: &Grid, settings: &RateSettings) -> (Option<Trace>, Option<Trace>) {
    let _budget = settings.budget.enter();
    let se = settings.se.as_ref().map(|p| solve(grid, &p.options));
    let hodoku = settings.hodoku.as_ref().map(|p| solve(grid, &p.options));
    (se, hodoku)
}

/// The rating of a puzzle from its traces (either may be absent), each named by its path.
fn rating_of(settings: &RateSettings, se: Option<&Trace>, hodoku: Option<&Trace>) -> PuzzleRating {
    fn named<'a>(
        path: &'a Option<RatedPath>,
        trace: Option<&'a Trace>,
    ) -> Option<(&'a str, &'a Trace)> {
        path.as_ref().map(|p| p.profile.as_str()).zip(trace)
    }
    PuzzleRating::of(named(&settings.se, se), named(&settings.hodoku, hodoku))
}

/// The worse status of the paths taken (a puzzle is `solved` only when every path solved it).
fn worst_status(traces: [Option<&Trace>; 2]) -> Status {
    let statuses: Vec<Status> = traces.into_iter().flatten().map(|t| t.status).collect();
    let rank = |s: &Status| match s {
        Status::Solved => 0,
        Status::Stuck => 1,
        _ => 2,
    };
    statuses
        .iter()
        .copied()
        .max_by_key(rank)
        .unwrap_or(Status::Invalid)
}

/// The path an explanation or analysis shows, and the puzzle's rating.
struct ShownPath<'a> {
    trace: Trace,
    path: &'a RatedPath,
    rating: PuzzleRating,
    /// The other path ran out of time: the puzzle is `timeout` although the shown path ended.
    other_timed_out: bool,
}

/// Solves the path `settings.shown()` (without assuming uniqueness when `assume_unique` is
/// off) and, when both paths are asked for, the hodoku path too, for the level and score; all
/// within the one time limit.
fn shown_path<'a>(input: &PuzzleInput, settings: &'a RateSettings) -> Option<ShownPath<'a>> {
    let path = settings.shown()?;
    let grid = grid_of(input);
    let _budget = settings.budget.enter();
    let trace = if settings.assume_unique {
        solve(&grid, &path.options)
    } else {
        solve_without_uniqueness(&grid, &path.options)
    };
    let other = match (&settings.se, &settings.hodoku) {
        (Some(_), Some(hodoku)) if is_rateable(trace.status) => Some(solve(&grid, &hodoku.options)),
        _ => None,
    };
    let (se, hodoku) = if settings.se.is_some() {
        (Some(&trace), other.as_ref())
    } else {
        (None, Some(&trace))
    };
    let rating = rating_of(settings, se, hodoku);
    let other_timed_out = other.as_ref().is_some_and(|t| t.status == Status::Timeout);
    Some(ShownPath {
        trace,
        path,
        rating,
        other_timed_out,
    })
}

/// What to say when the hodoku path, rated beside the shown one, ran out of time.
const OTHER_PATH_TIMED_OUT: &str = "the time limit passed while rating the hodoku path";

/// Explains a parsed puzzle: the path of `settings.shown()` step by step, and the puzzle's
/// rating from the paths `settings` takes, all within its one time limit. Without
/// `assume_unique`, a puzzle with several solutions is explained as far as logic goes.
///
/// # Examples
///
/// ```
/// use stepwise::format::parse_puzzle;
/// use stepwise::pipeline::Status;
/// use stepwise::profile::{Profile, RateSettings};
/// use stepwise::technique::Level;
///
/// let puzzle = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap();
///
/// // Both paths, as `stepwise explain` takes them: the steps and ER/EP/ED from Sudoku
/// // Explainer's, level and score from HoDoKu's.
/// let explanation = stepwise::explain(&puzzle, &RateSettings::default());
/// assert_eq!(explanation.status, Status::Solved);
/// assert_eq!(explanation.steps[0].notation(), "Hidden Single: r1c6=8");
/// assert_eq!(explanation.rating.er, Some(1.2));
/// assert_eq!(explanation.rating.level, Some(Level::Easy));
///
/// // HoDoKu's path alone: its level, and no ER, which only SE's path gives.
/// let hodoku = RateSettings::select(Some(Profile::Hodoku), &[], false);
/// let explanation = stepwise::explain(&puzzle, &hodoku);
/// assert_eq!(explanation.rating.level, Some(Level::Easy));
/// assert_eq!(explanation.rating.er, None);
/// ```
pub fn explain(input: &PuzzleInput, settings: &RateSettings) -> Explanation {
    let Some(shown) = shown_path(input, settings) else {
        return Explanation::invalid(input.text.clone(), "no path to explain".to_string());
    };
    let mut explanation = Explanation::of(&shown.trace, &shown.path.profile, shown.rating);
    if shown.other_timed_out {
        explanation.status = Status::Timeout;
        explanation.error = Some(OTHER_PATH_TIMED_OUT.to_string());
    }
    explanation
}

/// Analyzes a parsed puzzle (see [`crate::analysis`]): the path of `settings.shown()` and the
/// puzzle's rating, as [`explain`] takes them.
///
/// # Examples
///
/// ```
/// use stepwise::analysis::Symmetry;
/// use stepwise::format::parse_puzzle;
/// use stepwise::profile::RateSettings;
/// use stepwise::technique::Technique;
///
/// let puzzle = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap();
/// let analysis = stepwise::analyze(&puzzle, &RateSettings::default());
/// assert_eq!(analysis.givens, 30);
/// assert_eq!(analysis.symmetry, [Symmetry::Rotational180]);
/// // Singles all the way: 21 full houses and 30 hidden singles.
/// let used: Vec<(Technique, usize)> =
///     analysis.techniques.iter().map(|t| (t.technique, t.count)).collect();
/// assert_eq!(used, [(Technique::FullHouse, 21), (Technique::HiddenSingleBox, 30)]);
/// assert!(analysis.bottlenecks[0].finishes);
/// ```
pub fn analyze(input: &PuzzleInput, settings: &RateSettings) -> Analysis {
    let Some(shown) = shown_path(input, settings) else {
        return Analysis::invalid("no path to analyze".to_string());
    };
    let mut analysis = Analysis::of(&shown.trace, &shown.rating);
    analysis.profile = Some(shown.path.profile.clone());
    analysis.error = match shown.trace.status {
        Status::NoSolution => Some(crate::Error::NoSolution.to_string()),
        Status::MultipleSolutions => Some(
            crate::Error::MultipleSolutions {
                differing: shown.trace.differing.clone(),
            }
            .to_string(),
        ),
        Status::Timeout => Some("the time limit passed".to_string()),
        _ => None,
    };
    if shown.other_timed_out {
        analysis.status = Status::Timeout;
        analysis.error = Some(OTHER_PATH_TIMED_OUT.to_string());
    }
    analysis
}

/// One row of `stepwise rate`: `puzzle,er,ep,ed,level,score,hardest,steps,status,error`.
///
/// The figures are a [`PuzzleRating`]: `er`, `ep`, `ed` and `hardest` from the se path,
/// `level` and `score` from the hodoku path; a figure whose path was not taken, or of a puzzle
/// that could not be rated (invalid, no or several solutions, over the time limit), is empty in
/// CSV and `null` in JSON. `steps` counts the steps of the path `hardest` comes from. `status`
/// is the worse of the paths' (a puzzle is `solved` only when every path taken solved it);
/// `error` says why a puzzle could not be rated.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RateRecord {
    /// The puzzle as an 81-character line, or the input as given when it could not be read.
    pub puzzle: String,
    /// Sudoku Explainer's ER: the hardest step's rating (se path).
    pub er: Option<f64>,
    /// SE's EP: the hardest step up to the first placement (se path).
    pub ep: Option<f64>,
    /// SE's ED: the first step's rating (se path).
    pub ed: Option<f64>,
    /// HoDoKu's level (hodoku path).
    pub level: Option<Level>,
    /// HoDoKu's score (hodoku path).
    pub score: Option<u32>,
    /// The hardest technique ([`PuzzleRating::hardest`]).
    pub hardest: Option<Technique>,
    /// The number of steps of the path `hardest` comes from; `None` when unrated.
    pub steps: Option<usize>,
    /// The worse status of the paths, as printed (`solved`, `stuck`, `timeout`, ...).
    pub status: String,
    /// Why the puzzle could not be rated; `None` when it was.
    pub error: Option<String>,
}

impl RateRecord {
    /// The CSV header line.
    pub const CSV_HEADER: &'static str = "puzzle,er,ep,ed,level,score,hardest,steps,status,error";

    /// The record of the paths taken (at least one should be given; with neither the row is
    /// `invalid`).
    pub fn of(settings: &RateSettings, se: Option<&Trace>, hodoku: Option<&Trace>) -> RateRecord {
        let Some(main) = se.or(hodoku) else {
            return RateRecord::unreadable(String::new(), "no path was taken".to_string());
        };
        let rating = rating_of(settings, se, hodoku);
        let status = worst_status([se, hodoku]);
        let error = match status {
            Status::NoSolution => Some("the puzzle has no solution".to_string()),
            Status::MultipleSolutions => {
                let differing = [se, hodoku]
                    .into_iter()
                    .flatten()
                    .find(|t| !t.differing.is_empty())
                    .map_or_else(Vec::new, |t| t.differing_names());
                Some(format!(
                    "the puzzle has more than one solution; two solutions differ at {}",
                    differing.join(", ")
                ))
            }
            Status::Timeout => Some("the time limit passed".to_string()),
            _ => None,
        };
        RateRecord {
            puzzle: main.puzzle.clone(),
            er: rating.er,
            ep: rating.ep,
            ed: rating.ed,
            level: rating.level,
            score: rating.score,
            hardest: rating.hardest,
            steps: is_rateable(status).then_some(main.steps.len()),
            status: status_word(status).to_string(),
            error,
        }
    }

    /// The row of input that could not be read: the input as given, status `invalid`, no
    /// figures, and the error.
    pub fn unreadable(input: String, error: String) -> RateRecord {
        RateRecord {
            puzzle: input,
            er: None,
            ep: None,
            ed: None,
            level: None,
            score: None,
            hardest: None,
            steps: None,
            status: status_word(Status::Invalid).to_string(),
            error: Some(error),
        }
    }

    /// A CSV line; fields that may hold commas, quotes or line breaks are quoted.
    pub fn to_csv(&self) -> String {
        let rating = |x: Option<f64>| x.map_or(String::new(), |x| format!("{x:.1}"));
        [
            csv_field(&self.puzzle),
            rating(self.er),
            rating(self.ep),
            rating(self.ed),
            self.level.map_or(String::new(), |l| l.to_string()),
            self.score.map_or(String::new(), |s| s.to_string()),
            self.hardest
                .map_or(String::new(), |t| quoted(&t.to_string())),
            self.steps.map_or(String::new(), |s| s.to_string()),
            self.status.clone(),
            self.error.as_deref().map_or(String::new(), quoted),
        ]
        .join(",")
    }
}

/// A CSV field in double quotes, inner quotes doubled.
fn quoted(text: &str) -> String {
    format!("\"{}\"", text.replace('"', "\"\""))
}

/// A CSV field, quoted only when it must be.
fn csv_field(text: &str) -> String {
    if text.contains([',', '"', '\n', '\r']) {
        quoted(text)
    } else {
        text.to_string()
    }
}

/// Rates one puzzle on the paths `settings` asks for, within its one time limit: the whole
/// per-puzzle work of `stepwise rate`, with no shared state, so puzzles can be rated on
/// several threads at once.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use stepwise::explain::grid_of;
/// use stepwise::format::parse_puzzle;
/// use stepwise::profile::RateSettings;
///
/// let puzzle = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap();
/// let settings = RateSettings::default().with_time_limit(Some(Duration::from_secs(10)));
/// let record = stepwise::rate_puzzle(&grid_of(&puzzle), &settings);
/// assert_eq!((record.er, record.score), (Some(1.2), Some(204)));
/// assert_eq!(
///     record.to_csv(),
///     "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79,1.2,1.2,1.2,Easy,204,\"Hidden Single\",51,solved,"
/// );
/// ```
pub fn rate_puzzle(grid: &Grid, settings: &RateSettings) -> RateRecord {
    let (se, hodoku) = solve_paths(grid, settings);
    RateRecord::of(settings, se.as_ref(), hodoku.as_ref())
}

/// The next hint from a user's parsed state (see [`crate::hint`]), with the techniques of
/// `settings` (a profile's, in the hint policy's order: the natural singles first) within its
/// budget: past its time the hint is of kind `timeout`. A pencilmark state's candidates that a
/// peer's digit rules out are pointed out after any mistake. `original`, when given, is the
/// puzzle as first set, so that wrong digits can be named.
///
/// # Examples
///
/// ```
/// use std::time::Duration;
/// use stepwise::budget::Budget;
/// use stepwise::format::parse_puzzle;
/// use stepwise::hint::{HintKind, HintLevel};
/// use stepwise::HintSettings;
///
/// let original = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap();
/// let settings = HintSettings::default().with_budget(Budget::time(Duration::from_secs(5)));
/// let hint = stepwise::next_hint_with(&original, None, HintLevel::Nudge, &settings).unwrap();
/// assert_eq!(hint.kind, HintKind::Step);
/// assert_eq!(hint.text, "Look for a single in box 5.");
/// // No step at this level: only the full hint gives the deduction away.
/// assert!(hint.step.is_none());
///
/// // The original puzzle with a wrong 1 in r1c3 (the solution has 4 there).
/// let mut cells = original.cells;
/// cells[2] = 1;
/// let state = parse_puzzle(&stepwise::format::to_line(&cells), None).unwrap();
/// let hint = stepwise::next_hint_with(&state, Some(&original.cells), HintLevel::Full, &settings).unwrap();
/// assert_eq!(hint.kind, HintKind::WrongDigit);
/// ```
pub fn next_hint_with(
    state: &PuzzleInput,
    original: Option<&[u8; 81]>,
    level: HintLevel,
    settings: &HintSettings,
) -> Result<Hint, HintError> {
    let stale = match &state.candidates {
        Some(candidates) => Grid::stale_candidates(&state.cells, candidates),
        None => vec![],
    };
    hint(&grid_of(state), &stale, original, level, settings)
}
