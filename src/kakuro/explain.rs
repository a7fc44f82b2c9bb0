//! The Kakuro front door: what `stepwise kakuro solve|check|explain|hint|rate` ask of the
//! library, each answer a serde record the command prints as text or JSON.
//!
//! Owns [`solve`] (an engine's verdict and its figures), [`validity`], [`explain`], [`rate`]
//! and [`hint`], and their records. Policy lives here: the engine that proves validity
//! ([`Engine::Gac`] with shaving, the strongest, under the default node cap), that the
//! human solve runs only on a puzzle with exactly one solution, as for Sudoku, and that every
//! call runs under the library's [`Budget`] (time and cancel): a spent budget is a `timeout`,
//! never "stuck" or "undecided".

use serde::Serialize;

use super::digits::Digits;
use super::engines::{self, model::Model, Count, Engine, Options, Stage};
use super::format::grid_rows;
use super::logic::{self, Board, Level, Rating, Step, StepReport, Technique};
use super::puzzle::{CellId, Kakuro, RunId};
use crate::budget::Budget;
use crate::csp::Stop;
pub use crate::hint_level::HintLevel;

/// The engine every front door uses when none is asked: the strongest.
pub const DEFAULT_ENGINE: Engine = Engine::Gac;

/// A puzzle's name in answers: its id, else what the caller calls it (`line 4`).
fn name_of(kakuro: &Kakuro, fallback: &str) -> String {
    kakuro.id.clone().unwrap_or_else(|| fallback.to_string())
}

/// What `solve` and `check` print for one puzzle.
#[derive(Debug, Clone, Serialize)]
pub struct SolveRecord {
    /// The puzzle's id or place.
    pub puzzle: String,
    /// White cells.
    pub white_cells: usize,
    /// The engine.
    pub engine: Engine,
    /// `unique`, `none`, `multiple`, or `unknown` when the node cap stopped the search.
    pub status: Count,
    /// The stage that decided it.
    pub stage: Stage,
    /// Digits the search tried.
    pub nodes: u64,
    /// Whether the node cap stopped the search (the count is then unknown).
    pub capped: bool,
    /// Whether the budget's time ran out (or the call was cancelled) first: the count is then
    /// unknown.
    #[serde(skip_serializing_if = "std::ops::Not::not")]
    pub timeout: bool,
    /// Digits tried that failed.
    pub backtracks: u64,
    /// Digits shaving removed.
    pub shaved: usize,
    /// Wall time in milliseconds.
    pub ms: f64,
    /// The solution's grid (of a unique puzzle; of a puzzle with several, the first found).
    pub solution: Option<Vec<Vec<String>>>,
    /// Where the first two solutions differ (several solutions only).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differing: Vec<String>,
    /// The solution checked against every run.
    #[serde(skip)]
    pub digits: Option<Vec<u8>>,
}

/// Decides `kakuro` with `engine`, counting up to two solutions under `options`, within
/// `budget`.
pub fn solve(
    kakuro: &Kakuro,
    fallback_name: &str,
    engine: Engine,
    options: &Options,
    budget: &Budget,
) -> SolveRecord {
    let _in_force = budget.enter();
    let puzzle = kakuro.without_entries();
    let report = engines::solve(&Model::of_kakuro(&puzzle), engine, options);
    let first = report.solutions.first().cloned();
    let differing = match report.solutions.as_slice() {
        [a, b, ..] => (0..a.len())
            .filter(|&c| a[c] != b[c])
            .map(|c| kakuro.cell_name(c))
            .collect(),
        _ => Vec::new(),
    };
    SolveRecord {
        puzzle: name_of(kakuro, fallback_name),
        white_cells: kakuro.cell_count(),
        engine,
        status: report.count(),
        stage: report.stage,
        nodes: report.nodes(),
        capped: report.run.stop == Stop::NodeLimit,
        timeout: report.run.stop == Stop::TimeLimit,
        backtracks: report.backtracks(),
        shaved: report.shaved,
        ms: report.elapsed().as_secs_f64() * 1000.0,
        solution: first.as_ref().map(|d| grid_rows(kakuro, Some(d))),
        differing,
        digits: first,
    }
}

/// Whether a puzzle has one solution, none or several, by the default engine.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Validity {
    /// Exactly one: its digits.
    Unique(Vec<u8>),
    /// None.
    NoSolution,
    /// Several: two of them.
    Multiple(Vec<u8>, Vec<u8>),
    /// The node cap stopped the engine first.
    Undecided,
    /// The budget ran out first.
    Timeout,
}

/// The default engine's verdict on the puzzle (its entered digits ignored), within the
/// thread's budget.
pub fn validity(kakuro: &Kakuro) -> Validity {
    let puzzle = kakuro.without_entries();
    let mut report = engines::solve(
        &Model::of_kakuro(&puzzle),
        DEFAULT_ENGINE,
        &Options::default(),
    );
    match report.count() {
        Count::Unique => Validity::Unique(report.solutions.remove(0)),
        Count::None => Validity::NoSolution,
        Count::Multiple => {
            let second = report.solutions.remove(1);
            Validity::Multiple(report.solutions.remove(0), second)
        }
        Count::Unknown if report.run.stop == Stop::TimeLimit => Validity::Timeout,
        Count::Unknown => Validity::Undecided,
    }
}

/// How an explanation ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, strum::Display)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum ExplainStatus {
    /// The human steps filled the grid.
    Solved,
    /// They stopped with cells open.
    Stuck,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has several solutions.
    MultipleSolutions,
    /// The engine could not decide under its node cap.
    Undecided,
    /// The budget (time, or a cancel) ran out first.
    Timeout,
}

impl ExplainStatus {
    fn of(validity: &Validity) -> Option<ExplainStatus> {
        match validity {
            Validity::Unique(_) => None,
            Validity::NoSolution => Some(ExplainStatus::NoSolution),
            Validity::Multiple(..) => Some(ExplainStatus::MultipleSolutions),
            Validity::Undecided => Some(ExplainStatus::Undecided),
            Validity::Timeout => Some(ExplainStatus::Timeout),
        }
    }

    /// Whether the puzzle was solved or at least explained (a proper puzzle).
    pub fn is_proper(self) -> bool {
        matches!(self, ExplainStatus::Solved | ExplainStatus::Stuck)
    }
}

/// A puzzle explained: its steps and rating.
#[derive(Debug, Clone)]
pub struct Explanation {
    /// How it ended.
    pub status: ExplainStatus,
    /// The human steps (none unless the puzzle has exactly one solution).
    pub steps: Vec<Step>,
    /// The rating of the steps (unique puzzles only).
    pub rating: Option<Rating>,
    /// The solution (unique puzzles only).
    pub solution: Option<Vec<u8>>,
    /// Several solutions: the cells where two differ.
    pub differing: Vec<CellId>,
}

/// Proves the puzzle unique, then solves it with the human steps, within `budget` (the steps
/// found before it ran out are kept, with the status `timeout`).
pub fn explain(kakuro: &Kakuro, budget: &Budget) -> Explanation {
    let _in_force = budget.enter();
    let validity = validity(kakuro);
    let differing = match &validity {
        Validity::Multiple(a, b) => (0..a.len()).filter(|&c| a[c] != b[c]).collect(),
        _ => Vec::new(),
    };
    let Validity::Unique(solution) = validity else {
        return Explanation {
            status: ExplainStatus::of(&validity).unwrap_or(ExplainStatus::Undecided),
            steps: Vec::new(),
            rating: None,
            solution: None,
            differing,
        };
    };
    let trace = logic::solve(&kakuro.without_entries());
    Explanation {
        status: match trace.status {
            logic::Status::Solved => ExplainStatus::Solved,
            logic::Status::Timeout => ExplainStatus::Timeout,
            logic::Status::Stuck | logic::Status::Conflict => ExplainStatus::Stuck,
        },
        rating: Some(trace.rating()),
        steps: trace.steps,
        solution: Some(solution),
        differing,
    }
}

/// An explanation as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct ExplanationReport {
    /// The puzzle's id or place.
    pub puzzle: String,
    /// White cells.
    pub white_cells: usize,
    /// How it ended.
    pub status: ExplainStatus,
    /// The rating.
    pub rating: Option<Rating>,
    /// The steps.
    pub steps: Vec<StepReport>,
    /// The solution's grid.
    pub solution: Option<Vec<Vec<String>>>,
    /// Several solutions: where two differ.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub differing: Vec<String>,
}

impl Explanation {
    /// The JSON shape, with the kakuro's names.
    pub fn report(&self, kakuro: &Kakuro, fallback_name: &str) -> ExplanationReport {
        ExplanationReport {
            puzzle: name_of(kakuro, fallback_name),
            white_cells: kakuro.cell_count(),
            status: self.status,
            rating: self.rating.clone(),
            steps: self.steps.iter().map(|s| s.report(kakuro)).collect(),
            solution: self.solution.as_ref().map(|d| grid_rows(kakuro, Some(d))),
            differing: self
                .differing
                .iter()
                .map(|&c| kakuro.cell_name(c))
                .collect(),
        }
    }
}

/// One row of `rate`.
#[derive(Debug, Clone, Serialize)]
pub struct RateRecord {
    /// The puzzle's id or place.
    pub puzzle: String,
    /// White cells.
    pub white_cells: usize,
    /// How the explanation ended.
    pub status: ExplainStatus,
    /// The hardest step's difficulty.
    pub difficulty: Option<f64>,
    /// The level on the players' scale: easy, medium, hard or expert ([`Level`]).
    pub level: Option<Level>,
    /// The hardest step's technique.
    pub hardest: Option<Technique>,
    /// How many steps.
    pub steps: Option<usize>,
    /// How many contradictions (two or more make a puzzle expert).
    pub contradictions: Option<usize>,
    /// The longest contradiction's trial in steps (past [`logic::SHORT_TRIAL`], expert).
    pub longest_trial: Option<usize>,
}

/// The rating of a puzzle's human solve, within `budget` (no figures when it ran out: a
/// rating of part of a path would understate the puzzle).
pub fn rate(kakuro: &Kakuro, fallback_name: &str, budget: &Budget) -> RateRecord {
    let explanation = explain(kakuro, budget);
    let rating = explanation
        .rating
        .filter(|_| explanation.status != ExplainStatus::Timeout);
    RateRecord {
        puzzle: name_of(kakuro, fallback_name),
        white_cells: kakuro.cell_count(),
        status: explanation.status,
        difficulty: rating.as_ref().map(|r| r.difficulty),
        level: rating.as_ref().map(|r| r.level),
        hardest: rating.as_ref().and_then(|r| r.hardest),
        steps: rating.as_ref().map(|r| r.steps),
        contradictions: rating.as_ref().map(|r| r.contradictions),
        longest_trial: rating.as_ref().map(|r| r.longest_trial),
    }
}

/// The next hint from a player's state (the digits entered in the grid).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Hint {
    /// A digit entered twice in one run.
    RepeatedDigit {
        /// The run.
        run: RunId,
        /// The digit.
        digit: u8,
        /// The cells that hold it.
        cells: Vec<CellId>,
    },
    /// A run whose entered digits no combination of its sum holds: it cannot be completed.
    ImpossibleSum {
        /// The run.
        run: RunId,
        /// The digits entered in it.
        entered: Digits,
    },
    /// An entered digit is not the solution's.
    WrongDigit {
        /// The cell.
        cell: CellId,
        /// The digit entered.
        entered: u8,
    },
    /// The next step.
    Step(Step),
    /// Every cell is filled, correctly.
    Solved,
    /// The human steps find nothing from here.
    Stuck,
    /// The budget ran out before a step was found (not "stuck": a later search might find one).
    Timeout,
}

/// Where a player broke the rules, first found first: a digit twice in a run (in any run),
/// else a run whose digits no combination of its sum holds.
fn broken_run(kakuro: &Kakuro) -> Option<Hint> {
    let entered_in = |run: RunId| {
        kakuro
            .run(run)
            .cells
            .iter()
            .filter_map(|&c| kakuro.entered(c).map(|digit| (c, digit)))
    };
    let runs = 0..kakuro.runs().len();
    runs.clone()
        .find_map(|run| {
            let mut seen = Digits::EMPTY;
            let digit = entered_in(run).find_map(|(_, digit)| {
                let twice = seen.contains(digit);
                seen |= Digits::single(digit);
                twice.then_some(digit)
            })?;
            Some(Hint::RepeatedDigit {
                run,
                digit,
                cells: entered_in(run)
                    .filter(|&(_, d)| d == digit)
                    .map(|(c, _)| c)
                    .collect(),
            })
        })
        .or_else(|| {
            runs.into_iter().find_map(|run| {
                let entered: Digits = entered_in(run).map(|(_, d)| d).collect();
                let reachable =
                    super::combos::combinations(kakuro.run(run).cells.len(), kakuro.run(run).sum)
                        .any(|combination| entered.is_subset_of(combination));
                (!reachable).then_some(Hint::ImpossibleSum { run, entered })
            })
        })
}

/// The next hint, within `budget`: a broken rule first (a digit twice in a run, a run that can
/// no longer make its sum), then a wrong entered digit, else the next human step from the
/// entered digits. `Err` when the puzzle is not proper (no solution, several, undecided) or
/// the budget ran out before that was known.
pub fn hint(kakuro: &Kakuro, budget: &Budget) -> Result<Hint, ExplainStatus> {
    let _in_force = budget.enter();
    let validity = validity(kakuro);
    let Validity::Unique(solution) = validity else {
        return Err(ExplainStatus::of(&validity).unwrap_or(ExplainStatus::Undecided));
    };
    if let Some(broken) = broken_run(kakuro) {
        return Ok(broken);
    }
    for (cell, &digit) in solution.iter().enumerate() {
        if let Some(entered) = kakuro.entered(cell).filter(|&e| e != digit) {
            return Ok(Hint::WrongDigit { cell, entered });
        }
    }
    let board = Board::with_entries(kakuro);
    if board.is_complete() {
        return Ok(Hint::Solved);
    }
    if crate::deadline::expired() {
        return Ok(Hint::Timeout);
    }
    Ok(match logic::next_step(kakuro, &board) {
        Some(step) => Hint::Step(step),
        None if crate::deadline::expired() => Hint::Timeout,
        None => Hint::Stuck,
    })
}

/// A hint as JSON, told at a level.
#[derive(Debug, Clone, Serialize)]
pub struct HintReport {
    /// The puzzle's id or place.
    pub puzzle: String,
    /// `repeated_digit`, `impossible_sum`, `wrong_digit`, `step`, `solved`, `stuck` or
    /// `timeout`.
    pub kind: &'static str,
    /// The level it is told at.
    pub level: HintLevel,
    /// The hint in words.
    pub text: String,
    /// The cells it points at (`r3c4`...), from level `cells` on.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub cells: Vec<String>,
    /// The step, at level `full`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepReport>,
}

impl Hint {
    /// The hint's kind as the JSON names it.
    pub fn kind(&self) -> &'static str {
        match self {
            Hint::RepeatedDigit { .. } => "repeated_digit",
            Hint::ImpossibleSum { .. } => "impossible_sum",
            Hint::WrongDigit { .. } => "wrong_digit",
            Hint::Step(_) => "step",
            Hint::Solved => "solved",
            Hint::Stuck => "stuck",
            Hint::Timeout => "timeout",
        }
    }

    /// The cells the hint is about, in grid order: a mistake's, or a step's own cells and its
    /// runs' cells.
    pub fn cells(&self, kakuro: &Kakuro) -> Vec<CellId> {
        let mut cells = match self {
            Hint::RepeatedDigit { cells, .. } => cells.clone(),
            Hint::ImpossibleSum { run, .. } => kakuro.run(*run).cells.clone(),
            Hint::WrongDigit { cell, .. } => vec![*cell],
            Hint::Step(step) => step
                .runs
                .iter()
                .flat_map(|&run| kakuro.run(run).cells.iter().copied())
                .chain(step.cells.iter().copied())
                .collect(),
            Hint::Solved | Hint::Stuck | Hint::Timeout => Vec::new(),
        };
        cells.sort_unstable();
        cells.dedup();
        cells
    }

    /// The hint in words at `level`: a nudge says where to look, the technique level what to
    /// look for, the cells level which cells, the full level the whole deduction.
    pub fn text(&self, kakuro: &Kakuro, level: HintLevel) -> String {
        let cell_list = |cells: &[CellId]| {
            cells
                .iter()
                .map(|&c| kakuro.cell_name(c))
                .collect::<Vec<_>>()
                .join(", ")
        };
        match self {
            Hint::RepeatedDigit { run, digit, cells } => match level {
                HintLevel::Nudge => "A run holds a digit twice.".to_string(),
                HintLevel::Technique => {
                    format!("The run {} holds a digit twice.", kakuro.run_label(*run))
                }
                HintLevel::Cells | HintLevel::Full => format!(
                    "{} both hold {digit}, in the run {}: a run's digits are all different.",
                    cell_list(cells),
                    kakuro.run_label(*run)
                ),
            },
            Hint::ImpossibleSum { run, entered } => match level {
                HintLevel::Nudge => "A run can no longer make its sum.".to_string(),
                HintLevel::Technique => format!(
                    "The run {} can no longer make its sum.",
                    kakuro.run_label(*run)
                ),
                HintLevel::Cells | HintLevel::Full => format!(
                    "The run {} holds {}: no combination of {} distinct digits summing to {} \
                     has them.",
                    kakuro.run_label(*run),
                    entered.as_sum(),
                    kakuro.run(*run).cells.len(),
                    kakuro.run(*run).sum
                ),
            },
            Hint::WrongDigit { cell, entered } => match level {
                HintLevel::Nudge => "An entered digit is wrong.".to_string(),
                HintLevel::Technique => {
                    let [across, _] = kakuro.runs_of(*cell);
                    format!(
                        "An entered digit in the run {} is wrong.",
                        kakuro.run_label(across)
                    )
                }
                HintLevel::Cells | HintLevel::Full => {
                    format!("{} is not {entered}.", kakuro.cell_name(*cell))
                }
            },
            Hint::Step(step) => {
                let place = match step.runs.first() {
                    Some(&run) => format!("the run {}", kakuro.run_label(run)),
                    None => cell_list(&step.cells),
                };
                match level {
                    HintLevel::Nudge => format!("Look at {place}."),
                    HintLevel::Technique => format!("{} in {place}.", step.technique),
                    HintLevel::Cells => format!(
                        "{} in {place}: look at {}.",
                        step.technique,
                        cell_list(&self.cells(kakuro))
                    ),
                    HintLevel::Full => step.describe(kakuro),
                }
            }
            Hint::Solved => "The grid is full and right.".to_string(),
            Hint::Stuck => "No technique finds a step from here.".to_string(),
            Hint::Timeout => "The time ran out before a step was found.".to_string(),
        }
    }

    /// The JSON shape at `level`, with the kakuro's names.
    pub fn report(&self, kakuro: &Kakuro, fallback_name: &str, level: HintLevel) -> HintReport {
        let shows_cells = matches!(level, HintLevel::Cells | HintLevel::Full);
        HintReport {
            puzzle: name_of(kakuro, fallback_name),
            kind: self.kind(),
            level,
            text: self.text(kakuro, level),
            cells: if shows_cells {
                self.cells(kakuro)
                    .iter()
                    .map(|&c| kakuro.cell_name(c))
                    .collect()
            } else {
                Vec::new()
            },
            step: match (self, level) {
                (Hint::Step(step), HintLevel::Full) => Some(step.report(kakuro)),
                _ => None,
            },
        }
    }
}
