//! The differential check of one puzzle: every complete-solver engine counts its solutions
//! (0, 1 or "many", with limit 2) and gives them, and they must agree; the logical solver
//! (pipeline, `extended` profile, under a time limit) must reach the same grid when it solves
//! the puzzle. Shared by `tests/differential.rs` (a sample) and `examples/differential.rs`
//! (every corpus), which includes this file by path.

use std::time::Duration;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, solve_without_uniqueness, Status};
use stepwise::profile::Profile;

/// The shared corpora of 9x9 puzzles (`../shared/data/README.md`), about 127,000 puzzles.
pub const CORPORA: &[&str] = &[
    "17-clue.txt",
    "forum-hardest-11plus.txt",
    "multi-solution.txt",
    "top1465.txt",
    "labeled/kaggle-5000.tsv",
    "labeled/qqwing-800.tsv",
    "labeled/super-sudoku-3000.tsv",
    "rated/se121.tsv",
    "rated/se-hardest-1106.tsv",
    "rated/sukaku-exchange.tsv",
    "rated/hodoku.tsv",
];

/// What a complete solver says of a puzzle, searching for at most two solutions.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Counted {
    /// 0, 1 or 2 (two or more).
    pub count: usize,
    /// The solutions found, at most two, in the engine's own order.
    pub solutions: Vec<[u8; 81]>,
}

/// A complete solver under test.
pub struct Engine {
    pub name: &'static str,
    pub count: fn(&[u8; 81]) -> Counted,
}

/// Every complete solver compared. The first is the reference the others are compared with.
/// The engines of `src/engines/` (`--engine naive|backtrack|fc|mac|dlx...`, on another branch)
/// each get a line here once they are on main.
pub const ENGINES: &[Engine] = &[
    Engine {
        name: "stepwise::solver",
        count: stepwise_solver,
    },
    Engine {
        name: "sudoku crate",
        count: sudoku_crate,
    },
];

fn stepwise_solver(cells: &[u8; 81]) -> Counted {
    let found = stepwise::solver::count_solutions(cells, 2);
    Counted {
        count: found.count,
        solutions: found.solutions,
    }
}

fn sudoku_crate(cells: &[u8; 81]) -> Counted {
    let Ok(sudoku) = sudoku::Sudoku::from_bytes(*cells) else {
        return Counted {
            count: 0,
            solutions: vec![],
        };
    };
    let solutions: Vec<[u8; 81]> = sudoku
        .solutions_up_to(2)
        .into_iter()
        .map(|s| s.to_bytes())
        .collect();
    Counted {
        count: solutions.len(),
        solutions,
    }
}

/// How the logical solver ended on a puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Logic {
    /// Solved, to the complete solvers' one solution.
    Solved,
    /// No technique applied (or, for a puzzle with several solutions, logic went as far as it
    /// could): every step taken still holds in the solution.
    Stopped,
    /// The time limit passed.
    Timeout,
    /// The puzzle has no solution: nothing to solve.
    NoSolution,
}

/// The outcome of one puzzle.
#[derive(Debug, Clone)]
pub struct Outcome {
    /// The reference engine's count.
    pub count: usize,
    pub logic: Logic,
    /// What disagreed, if anything.
    pub disagreement: Option<String>,
}

/// Runs every engine and the logical solver (within `logic_limit`) on `cells`.
pub fn check(cells: &[u8; 81], logic_limit: Duration) -> Outcome {
    let reference = (ENGINES[0].count)(cells);
    let mut disagreement = None;
    for engine in &ENGINES[1..] {
        let theirs = (engine.count)(cells);
        let agrees = theirs.count == reference.count
            && (reference.count != 1 || theirs.solutions == reference.solutions)
            && theirs.solutions.iter().all(|s| is_solution_of(s, cells));
        if !agrees {
            disagreement = Some(format!(
                "{} counts {} ({:?}), {} counts {} ({:?})",
                ENGINES[0].name,
                reference.count,
                reference.solutions.first().map(line),
                engine.name,
                theirs.count,
                theirs.solutions.first().map(line)
            ));
        }
    }
    let (logic, logic_error) = logical(cells, &reference, logic_limit);
    Outcome {
        count: reference.count,
        logic,
        disagreement: disagreement.or(logic_error),
    }
}

/// The logical solver: a solved grid must be the one solution; the grid where it stops must
/// still fit every solution the engines found. A puzzle with several solutions is solved
/// without the uniqueness techniques, as far as logic goes (`solve` would stop at once).
fn logical(cells: &[u8; 81], reference: &Counted, limit: Duration) -> (Logic, Option<String>) {
    if reference.count == 0 {
        return (Logic::NoSolution, None);
    }
    let mut options = Profile::Extended.options();
    options.time_limit = Some(limit);
    let start = Grid::from_puzzle(cells);
    let trace = if reference.count == 1 {
        solve(&start, &options)
    } else {
        solve_without_uniqueness(&start, &options)
    };
    let end = trace.end.values();
    let fits = |s: &[u8; 81]| (0..81).all(|c| end[c] == 0 || end[c] == s[c]);
    let logic = match trace.status {
        Status::Solved => Logic::Solved,
        Status::Timeout => Logic::Timeout,
        _ => Logic::Stopped,
    };
    let error =
        if logic == Logic::Solved && (reference.count != 1 || end != &reference.solutions[0]) {
            Some(format!(
                "logic solved to {} but the engines count {}",
                line(end),
                reference.count
            ))
        } else if !reference.solutions.iter().all(fits) {
            Some(format!(
                "logic placed a digit against a solution: {}",
                line(end)
            ))
        } else {
            None
        };
    (logic, error)
}

/// Whether `grid` is a complete valid grid that keeps the puzzle's givens.
fn is_solution_of(grid: &[u8; 81], cells: &[u8; 81]) -> bool {
    let keeps = (0..81).all(|c| cells[c] == 0 || cells[c] == grid[c]);
    let valid = (0..81).all(|c| {
        (1..=9).contains(&grid[c])
            && stepwise::geometry::peers(c)
                .iter()
                .all(|p| grid[p] != grid[c])
    });
    keeps && valid
}

fn line(cells: &[u8; 81]) -> String {
    stepwise::format::to_line(cells)
}

/// Counts over many puzzles, printed as a table.
#[derive(Debug, Default, Clone)]
pub struct Tally {
    pub puzzles: usize,
    /// Puzzles with 0, 1 and 2+ solutions.
    pub counts: [usize; 3],
    pub solved: usize,
    pub stopped: usize,
    pub timeout: usize,
    pub disagreements: Vec<String>,
}

impl Tally {
    pub fn add(&mut self, outcome: &Outcome, puzzle: &str) {
        self.puzzles += 1;
        self.counts[outcome.count.min(2)] += 1;
        match outcome.logic {
            Logic::Solved => self.solved += 1,
            Logic::Stopped => self.stopped += 1,
            Logic::Timeout => self.timeout += 1,
            Logic::NoSolution => {}
        }
        if let Some(what) = &outcome.disagreement {
            self.disagreements.push(format!("{puzzle}: {what}"));
        }
    }

    pub fn merge(&mut self, other: &Tally) {
        self.puzzles += other.puzzles;
        for i in 0..3 {
            self.counts[i] += other.counts[i];
        }
        self.solved += other.solved;
        self.stopped += other.stopped;
        self.timeout += other.timeout;
        self.disagreements
            .extend(other.disagreements.iter().cloned());
    }

    /// One row: puzzles, counts 0/1/2+, logic solved/stopped/timeout, disagreements.
    pub fn row(&self, name: &str) -> String {
        Self::columns(
            name,
            [
                self.puzzles,
                self.counts[0],
                self.counts[1],
                self.counts[2],
                self.solved,
                self.stopped,
                self.timeout,
                self.disagreements.len(),
            ]
            .map(|n| n.to_string()),
        )
    }

    /// The names of [`Tally::row`]'s columns.
    pub fn header() -> String {
        Self::columns(
            "corpus",
            [
                "puzzles",
                "none",
                "unique",
                "many",
                "logic_solved",
                "logic_stopped",
                "logic_timeout",
                "disagree",
            ]
            .map(str::to_string),
        )
    }

    fn columns(name: &str, cells: [String; 8]) -> String {
        let mut out = format!("{name:<34}");
        for cell in cells {
            out.push_str(&format!(" {cell:>13}"));
        }
        out
    }
}
