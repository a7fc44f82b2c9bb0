//! The Kakuro front door: what `stepwise kakuro solve|check|explain|hint|rate` ask of the
//! library, each answer a serde record the command prints as text or JSON.
//!
//! Owns [`solve`] (an engine's verdict and its figures), [`validity`], [`explain`], [`rate`]
//! and [`hint`], and their records. Policy lives here: the engine that proves validity
//! ([`Engine::Gac`] with shaving, the strongest, under the default node cap), and that the
//! human solve runs only on a puzzle with exactly one solution, as for Sudoku.

use serde::Serialize;

use super::engines::{self, model::Model, Count, Engine, Options, Stage};
use super::format::grid_rows;
use super::logic::{self, Board, Level, Rating, Step, StepReport, Technique};
use super::puzzle::{CellId, Kakuro};

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

/// Decides `kakuro` with `engine`, counting up to two solutions under `options`.
pub fn solve(
    kakuro: &Kakuro,
    fallback_name: &str,
    engine: Engine,
    options: &Options,
) -> SolveRecord {
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
        capped: !report.complete(),
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
}

/// The default engine's verdict on the puzzle (its entered digits ignored).
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
}

impl ExplainStatus {
    fn of(validity: &Validity) -> Option<ExplainStatus> {
        match validity {
            Validity::Unique(_) => None,
            Validity::NoSolution => Some(ExplainStatus::NoSolution),
            Validity::Multiple(..) => Some(ExplainStatus::MultipleSolutions),
            Validity::Undecided => Some(ExplainStatus::Undecided),
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

/// Proves the puzzle unique, then solves it with the human steps.
pub fn explain(kakuro: &Kakuro) -> Explanation {
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
        status: if trace.is_solved() {
            ExplainStatus::Solved
        } else {
            ExplainStatus::Stuck
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
    /// The level.
    pub level: Option<Level>,
    /// The hardest step's technique.
    pub hardest: Option<Technique>,
    /// How many steps.
    pub steps: Option<usize>,
}

/// The rating of a puzzle's human solve.
pub fn rate(kakuro: &Kakuro, fallback_name: &str) -> RateRecord {
    let explanation = explain(kakuro);
    let rating = explanation.rating;
    RateRecord {
        puzzle: name_of(kakuro, fallback_name),
        white_cells: kakuro.cell_count(),
        status: explanation.status,
        difficulty: rating.as_ref().map(|r| r.difficulty),
        level: rating.as_ref().map(|r| r.level),
        hardest: rating.as_ref().and_then(|r| r.hardest),
        steps: rating.as_ref().map(|r| r.steps),
    }
}

/// The next hint from a player's state (the digits entered in the grid).
#[derive(Debug, Clone)]
pub enum Hint {
    /// An entered digit is not the solution's.
    Mistake {
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
}

/// The next hint: a wrong entered digit first, else the next human step from the entered
/// digits. `Err` when the puzzle is not proper (no solution, several, undecided).
pub fn hint(kakuro: &Kakuro) -> Result<Hint, ExplainStatus> {
    let validity = validity(kakuro);
    let Validity::Unique(solution) = validity else {
        return Err(ExplainStatus::of(&validity).unwrap_or(ExplainStatus::Undecided));
    };
    for (cell, &digit) in solution.iter().enumerate() {
        if let Some(entered) = kakuro.entered(cell).filter(|&e| e != digit) {
            return Ok(Hint::Mistake { cell, entered });
        }
    }
    let board = Board::with_entries(kakuro);
    if board.is_complete() {
        return Ok(Hint::Solved);
    }
    Ok(match logic::next_step(kakuro, &board) {
        Some(step) => Hint::Step(step),
        None => Hint::Stuck,
    })
}

/// A hint as JSON.
#[derive(Debug, Clone, Serialize)]
pub struct HintReport {
    /// The puzzle's id or place.
    pub puzzle: String,
    /// `mistake`, `step`, `solved` or `stuck`.
    pub kind: &'static str,
    /// The hint in one line.
    pub text: String,
    /// The step, for a step.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<StepReport>,
}

impl Hint {
    /// The JSON shape, with the kakuro's names.
    pub fn report(&self, kakuro: &Kakuro, fallback_name: &str) -> HintReport {
        let (kind, text, step) = match self {
            Hint::Mistake { cell, entered } => (
                "mistake",
                format!("{} is not {entered}", kakuro.cell_name(*cell)),
                None,
            ),
            Hint::Step(step) => ("step", step.describe(kakuro), Some(step.report(kakuro))),
            Hint::Solved => ("solved", "the grid is full and right".to_string(), None),
            Hint::Stuck => (
                "stuck",
                "no technique finds a step from here".to_string(),
                None,
            ),
        };
        HintReport {
            puzzle: name_of(kakuro, fallback_name),
            kind,
            text,
            step,
        }
    }
}
