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
    /// 0, 1 or 2 (two or more); a lower bound when `cut`.
    pub count: usize,
    /// The solutions found, at most two, in the engine's own order.
    pub solutions: Vec<[u8; 81]>,
    /// A node limit stopped the search before it decided the count.
    pub cut: bool,
}

/// How a compared solver is reached.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solver {
    /// `stepwise::solver::count_solutions`, the 9x9 bitset search every command uses.
    Stepwise,
    /// The `sudoku` crate, written by others: the outside reference.
    SudokuCrate,
    /// One of the classic engines of `stepwise::engines` (`--engine NAME`), through the shape
    /// layer and the constraint core, under a node limit.
    Classic(stepwise::engines::Engine),
}

/// A complete solver under test.
pub struct Engine {
    pub name: &'static str,
    pub solver: Solver,
}

/// Every complete solver compared: the first is the reference the others are compared with,
/// then the outside one, then every engine of `stepwise::engines` from the plainest to the
/// fastest.
pub const ENGINES: &[Engine] = &[
    Engine {
        name: "stepwise::solver",
        solver: Solver::Stepwise,
    },
    Engine {
        name: "sudoku crate",
        solver: Solver::SudokuCrate,
    },
    classic("naive", Classic::Naive),
    classic("backtrack", Classic::Backtrack),
    classic("fc", Classic::Fc),
    classic("fc-mrv", Classic::FcMrv),
    classic("fc-mrv-lcv", Classic::FcMrvLcv),
    classic("mac", Classic::Mac),
    classic("cost", Classic::Cost),
    classic("dlx", Classic::Dlx),
    classic("fast", Classic::Fast),
];

use stepwise::engines::Engine as Classic;

const fn classic(name: &'static str, engine: Classic) -> Engine {
    Engine {
        name,
        solver: Solver::Classic(engine),
    }
}

/// The engines a run compares with the reference, and what each may spend.
#[derive(Debug, Clone)]
pub struct Settings {
    /// The logical solver's time per puzzle.
    pub logic_limit: Duration,
    /// The classic engines' node limit per puzzle: a run past it is counted as cut, not as a
    /// disagreement (`naive` needs millions of nodes on some 17-clue puzzles).
    pub node_limit: u64,
    /// The names of the engines compared besides the reference (all of [`ENGINES`] when
    /// `None`).
    pub engines: Option<Vec<&'static str>>,
}

impl Settings {
    /// Every engine, `logic_limit` for the logical solver and `node_limit` for the classic
    /// engines.
    pub fn all(logic_limit: Duration, node_limit: u64) -> Settings {
        Settings {
            logic_limit,
            node_limit,
            engines: None,
        }
    }

    /// Only the engines named (besides the reference).
    pub fn only(mut self, names: &[&'static str]) -> Settings {
        self.engines = Some(names.to_vec());
        self
    }

    /// The engines compared with the reference.
    pub fn compared(&self) -> impl Iterator<Item = &'static Engine> + '_ {
        ENGINES[1..].iter().filter(|e| {
            self.engines
                .as_ref()
                .is_none_or(|names| names.contains(&e.name))
        })
    }
}

impl Engine {
    /// The engine's count of `cells`, up to two solutions.
    pub fn count(&self, cells: &[u8; 81], node_limit: u64) -> Counted {
        match self.solver {
            Solver::Stepwise => stepwise_solver(cells),
            Solver::SudokuCrate => sudoku_crate(cells),
            Solver::Classic(engine) => classic_engine(engine, cells, node_limit),
        }
    }
}

fn stepwise_solver(cells: &[u8; 81]) -> Counted {
    let found = stepwise::solver::count_solutions(cells, 2);
    Counted {
        count: found.count,
        solutions: found.solutions,
        cut: false,
    }
}

fn sudoku_crate(cells: &[u8; 81]) -> Counted {
    let Ok(sudoku) = sudoku::Sudoku::from_bytes(*cells) else {
        return Counted {
            count: 0,
            solutions: vec![],
            cut: false,
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
        cut: false,
    }
}

fn classic_engine(engine: Classic, cells: &[u8; 81], node_limit: u64) -> Counted {
    use stepwise::engines::{solve, Limits};
    use stepwise::shape::ShapedPuzzle;
    // Givens that clash are refused by the shape layer before any engine runs: no solution.
    let Ok(puzzle) = ShapedPuzzle::classic(cells) else {
        return Counted {
            count: 0,
            solutions: vec![],
            cut: false,
        };
    };
    let limits = Limits {
        solutions: Some(2),
        nodes: Some(node_limit),
        time: None,
    };
    let mut solutions = Vec::new();
    let run = solve(engine, &puzzle, &limits, &mut |found| {
        solutions.push(found.try_into().expect("a 9x9 solution has 81 cells"));
    })
    .expect("every engine solves 9x9 Sudoku");
    Counted {
        count: solutions.len(),
        solutions,
        cut: run.stop.is_cut(),
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
    /// The engines a node limit stopped before they decided.
    pub cut: Vec<&'static str>,
    /// The engines a node limit cut after they had found a solution (checked like any other).
    pub cut_with_solution: Vec<&'static str>,
    /// What disagreed, if anything.
    pub disagreement: Option<String>,
}

/// Runs the engines of `settings` and the logical solver on `cells`.
pub fn check(cells: &[u8; 81], settings: &Settings) -> Outcome {
    let reference = ENGINES[0].count(cells, settings.node_limit);
    let mut disagreement = None;
    let mut cut = Vec::new();
    let mut cut_with_solution = Vec::new();
    for engine in settings.compared() {
        let theirs = engine.count(cells, settings.node_limit);
        // A cut run decided nothing about the count; what it found must still be right.
        let count_agrees =
            theirs.cut && theirs.count <= reference.count || theirs.count == reference.count;
        let agrees = count_agrees
            && (reference.count != 1
                || theirs
                    .solutions
                    .iter()
                    .all(|s| *s == reference.solutions[0]))
            && theirs.solutions.iter().all(|s| is_solution_of(s, cells));
        if theirs.cut {
            cut.push(engine.name);
            if !theirs.solutions.is_empty() {
                cut_with_solution.push(engine.name);
            }
        }
        if !agrees {
            disagreement = Some(format!(
                "{} counts {} ({:?}), {} counts {}{} ({:?})",
                ENGINES[0].name,
                reference.count,
                reference.solutions.first().map(line),
                engine.name,
                theirs.count,
                if theirs.cut {
                    " before its node limit"
                } else {
                    ""
                },
                theirs.solutions.first().map(line)
            ));
        }
    }
    let (logic, logic_error) = logical(cells, &reference, settings.logic_limit);
    Outcome {
        count: reference.count,
        logic,
        cut,
        cut_with_solution,
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
    /// For each engine, the puzzles its node limit cut.
    pub cut: std::collections::BTreeMap<&'static str, usize>,
    /// For each engine, the puzzles its node limit cut after it had found a solution.
    pub cut_with_solution: std::collections::BTreeMap<&'static str, usize>,
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
        for engine in &outcome.cut {
            *self.cut.entry(engine).or_default() += 1;
        }
        for engine in &outcome.cut_with_solution {
            *self.cut_with_solution.entry(engine).or_default() += 1;
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
        for (engine, cut) in &other.cut {
            *self.cut.entry(engine).or_default() += cut;
        }
        for (engine, cut) in &other.cut_with_solution {
            *self.cut_with_solution.entry(engine).or_default() += cut;
        }
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

    /// One line per engine compared: the puzzles it decided (agreeing with the reference, or
    /// the run would have failed), and those its node limit cut, with or without a solution
    /// found first (a solution found is checked either way).
    pub fn engine_rows(&self, settings: &Settings) -> Vec<String> {
        settings
            .compared()
            .map(|engine| {
                let cut = self.cut.get(engine.name).copied().unwrap_or(0);
                let with_solution = self.cut_with_solution.get(engine.name).copied().unwrap_or(0);
                format!(
                    "{:<18} decided {:>7} of {:>7}; cut by {} nodes {:>7} ({} after finding the solution)",
                    engine.name,
                    self.puzzles - cut,
                    self.puzzles,
                    settings.node_limit,
                    cut,
                    with_solution
                )
            })
            .collect()
    }

    fn columns(name: &str, cells: [String; 8]) -> String {
        let mut out = format!("{name:<34}");
        for cell in cells {
            out.push_str(&format!(" {cell:>13}"));
        }
        out
    }
}
