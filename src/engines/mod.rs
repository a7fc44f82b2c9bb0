//! Classic solving engines side by side, on every shape ([`crate::shape`]) and on any problem
//! of the constraint core ([`crate::csp`]). Owns [`Engine`] (the one interface: [`solve`] and
//! [`solve_problem`]).
//!
//! The engines:
//! - `configured.rs`: `naive`, `backtrack`, `fc`, `fc-mrv`, `fc-mrv-lcv` and `mac`, each a
//!   propagator and a strategy of the core's one search ([`crate::csp::search`]).
//! - `cost.rs`: best-first: the open state of least cost (cells filled plus candidates left)
//!   is expanded next, with the core's forward checking.
//! - `dlx.rs`: Knuth's Algorithm X on Dancing Links, on the exact-cover matrix of the problem.
//! - `fast.rs`: [`crate::solver`], the 9x9 bitset solver (9x9 Sudoku only).
//! - `dig.rs`, `compare.rs`: generated puzzles of any size and the measured comparison of
//!   `stepwise bench engines` (with the `tools` feature; its table and chart are drawn by
//!   `crate::bench`, which sits above the engines).
//!
//! Every engine counts on the core's [`Meter`] and reports its [`Run`] (both in
//! [`crate::csp`], re-exported here with [`Limits`], [`Stats`] and [`Stop`]).
//!
//! **Counting.** A *node* is one assignment made: a value placed in a variable (for `naive`
//! and `backtrack` only values that pass the legality check, which is their whole test; the
//! others place every value and then propagate), a row of the exact-cover matrix chosen. The
//! givens are placed before the search and are not nodes. A
//! *backtrack* is a dead end: a state the engine proved has no solution without going deeper
//! (a cell with no legal value left for `naive` and `backtrack`, an emptied domain for the
//! forward-checking and arc-consistency engines, a column no row can cover for `dlx`). `fast`
//! has no counters (its search is not touched for this); its nodes and backtracks are `None`.
//!
//! **Limits.** Every run stops at a number of solutions, of nodes, or at a time, whichever
//! comes first, and says which ([`Stop`]); a run cut by a node, time or memory limit never
//! passes for a finished one. The time is the thread's deadline (`crate::deadline`), checked
//! every [`TIME_CHECK_EVERY`] nodes, so a caller's own budget bounds an engine too. `fast`
//! checks neither nodes nor time (a 9x9 search takes microseconds per solution); it stops
//! listing at [`FAST_SOLUTION_CAP`] solutions instead.
//!
//! **Shapes.** Every engine but `fast` solves every shape. `fast` is refused on other shapes
//! with [`Error::EngineShape`] rather than silently replaced; [`Engine::default_for`] picks
//! `fast` for 9x9 and `dlx` (the fastest generic engine measured) elsewhere.

#[cfg(feature = "tools")]
pub mod compare;
mod configured;
mod cost;
pub mod dig;
mod dlx;
mod fast;

use std::fmt;
use std::str::FromStr;
use std::time::Instant;

use crate::csp::{Constraint, Meter, Problem, ValueOrder, VarOrder, Walk};
use crate::error::Error;
use crate::shape::{Shape, ShapedPuzzle};

pub use crate::csp::{Limits, Run, Stats, Stop, TIME_CHECK_EVERY};

/// The most solutions the `fast` engine lists in one run when asked for all of them: it
/// checks no clock, and a 9x9 grid with few givens has billions of solutions.
pub const FAST_SOLUTION_CAP: u64 = 1_000_000;

/// The most bytes of open states the best-first `cost` engine keeps before it stops (reported
/// as [`Stop::MemoryLimit`]).
pub const COST_FRONTIER_BYTES: usize = 256 << 20;

/// A solving engine.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Engine {
    /// First empty cell, values in order, iterative with explicit stacks.
    Naive,
    /// The same search, recursive, as textbooks write it.
    Backtrack,
    /// Forward checking, first open variable.
    Fc,
    /// Forward checking, smallest domain first.
    FcMrv,
    /// Forward checking, smallest domain first, least constraining value first.
    FcMrvLcv,
    /// Arc consistency maintained after each assignment, smallest domain first.
    Mac,
    /// Best-first on cells filled plus candidates left.
    Cost,
    /// Algorithm X with Dancing Links.
    Dlx,
    /// The 9x9 bitset solver ([`crate::solver`]).
    Fast,
}

impl Engine {
    /// Every engine, from the plainest to the fastest.
    pub const ALL: [Engine; 9] = [
        Engine::Naive,
        Engine::Backtrack,
        Engine::Fc,
        Engine::FcMrv,
        Engine::FcMrvLcv,
        Engine::Mac,
        Engine::Cost,
        Engine::Dlx,
        Engine::Fast,
    ];

    /// The name the command line takes.
    pub fn name(self) -> &'static str {
        match self {
            Engine::Naive => "naive",
            Engine::Backtrack => "backtrack",
            Engine::Fc => "fc",
            Engine::FcMrv => "fc-mrv",
            Engine::FcMrvLcv => "fc-mrv-lcv",
            Engine::Mac => "mac",
            Engine::Cost => "cost",
            Engine::Dlx => "dlx",
            Engine::Fast => "fast",
        }
    }

    /// Whether the engine solves puzzles of this shape (`fast`: 9x9 Sudoku only).
    pub fn supports(self, shape: Shape) -> bool {
        self != Engine::Fast || shape.is_classic()
    }

    /// The engine used when none is named: `fast` on 9x9 Sudoku, `dlx` on every other shape.
    pub fn default_for(shape: Shape) -> Engine {
        if shape.is_classic() {
            Engine::Fast
        } else {
            Engine::Dlx
        }
    }

    /// The engine other engines are compared with on a shape: the default one.
    pub fn reference_for(shape: Shape) -> Engine {
        Engine::default_for(shape)
    }
}

impl fmt::Display for Engine {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Engine {
    type Err = Error;

    fn from_str(s: &str) -> Result<Engine, Error> {
        let wanted = s.trim().to_ascii_lowercase();
        Engine::ALL
            .into_iter()
            .find(|e| e.name() == wanted)
            .ok_or_else(|| Error::UnknownEngine {
                name: s.to_string(),
            })
    }
}

/// Solves a puzzle of any shape with `engine`, calling `on_solution` with each solution found
/// (row-major cell values), in the engine's order, until `limits` stop it.
///
/// # Errors
///
/// [`Error::EngineShape`] when the engine does not solve the shape (`fast` on anything but
/// 9x9 Sudoku).
///
/// # Examples
///
/// ```
/// use stepwise::engines::{solve, Engine, Limits, Stop};
/// use stepwise::shape::parse_shaped;
///
/// // The empty 4x4 Sudoku has 288 solutions.
/// let empty = parse_shaped("................", None).unwrap();
/// let run = solve(Engine::Dlx, &empty, &Limits::count_to(None), &mut |_| {}).unwrap();
/// assert_eq!((run.solutions, run.stop), (288, Stop::Complete));
/// ```
pub fn solve(
    engine: Engine,
    puzzle: &ShapedPuzzle,
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<Run, Error> {
    if engine == Engine::Fast {
        return fast::solve(puzzle, limits, on_solution);
    }
    let start = Instant::now();
    let problem = puzzle.problem();
    let mut run = solve_problem(engine, &problem, limits, on_solution)?;
    run.stats.time = start.elapsed();
    Ok(run)
}

/// Solves a problem of the constraint core with `engine` (any but `fast`, which is refused
/// with [`Error::EngineShape`]), as [`solve`] does.
pub fn solve_problem(
    engine: Engine,
    problem: &Problem,
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<Run, Error> {
    let exact_cover = problem
        .constraints()
        .iter()
        .all(|c| matches!(c, Constraint::AllDifferent(_)));
    if engine == Engine::Dlx && !exact_cover {
        // Its matrix covers each value once per all-different; a sum is no exact cover.
        return Err(Error::EngineShape {
            engine: Engine::Dlx.name().to_string(),
            shape: "a problem with sum constraints".to_string(),
        });
    }
    let start = Instant::now();
    let _deadline = crate::deadline::Guard::new(limits.time);
    let mut meter = Meter::new(limits, on_solution);
    if limits.solutions != Some(0) {
        // Each engine returns `Break` when a limit stopped it; the meter knows which.
        let _ = match engine {
            Engine::Naive => configured::backtracking(problem, Walk::Stack, &mut meter),
            Engine::Backtrack => configured::backtracking(problem, Walk::Recursive, &mut meter),
            Engine::Fc => configured::forward_checking(
                problem,
                VarOrder::First,
                ValueOrder::Ascending,
                &mut meter,
            ),
            Engine::FcMrv => configured::forward_checking(
                problem,
                VarOrder::Smallest,
                ValueOrder::Ascending,
                &mut meter,
            ),
            Engine::FcMrvLcv => configured::forward_checking(
                problem,
                VarOrder::Smallest,
                ValueOrder::LeastConstraining,
                &mut meter,
            ),
            Engine::Mac => configured::mac(problem, &mut meter),
            Engine::Cost => cost::search(problem, &mut meter),
            Engine::Dlx => dlx::search(problem, &mut meter),
            Engine::Fast => {
                return Err(Error::EngineShape {
                    engine: Engine::Fast.name().to_string(),
                    shape: "a general constraint problem".to_string(),
                })
            }
        };
    }
    Ok(meter.finish(start.elapsed()))
}

/// Counts the solutions of a puzzle up to `limits.solutions`, keeping none: [`solve`] with
/// nothing to do per solution.
pub fn count(engine: Engine, puzzle: &ShapedPuzzle, limits: &Limits) -> Result<Run, Error> {
    solve(engine, puzzle, limits, &mut |_| {})
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shape::parse_shaped;
    use std::time::Duration;

    fn all_engines_count(text: &str, expected: u64) {
        let puzzle = parse_shaped(text, None).unwrap();
        for engine in Engine::ALL {
            if !engine.supports(puzzle.shape) {
                assert!(count(engine, &puzzle, &Limits::UNLIMITED).is_err());
                continue;
            }
            let run = count(engine, &puzzle, &Limits::UNLIMITED).unwrap();
            assert_eq!(run.solutions, expected, "{engine} on {text}");
            assert_eq!(run.stop, Stop::Complete, "{engine} on {text}");
        }
    }

    #[test]
    fn every_engine_counts_small_squares() {
        all_engines_count("................", 288);
        all_engines_count("....", 2);
        all_engines_count("1..2", 0);
        all_engines_count(".........", 12);
        all_engines_count("1.2......", 2);
        all_engines_count("1.2...3..", 1);
    }

    #[test]
    fn names_round_trip() {
        for engine in Engine::ALL {
            assert_eq!(engine.name().parse::<Engine>().unwrap(), engine);
        }
        assert!("bogus".parse::<Engine>().is_err());
        assert_eq!(Engine::default_for(Shape::CLASSIC), Engine::Fast);
        assert_eq!(Engine::default_for(Shape::sudoku(4).unwrap()), Engine::Dlx);
    }

    #[test]
    fn limits_are_reported() {
        let empty = parse_shaped(&".".repeat(81), None).unwrap();
        let limits = Limits {
            solutions: None,
            nodes: Some(1000),
            time: None,
        };
        let run = count(Engine::Naive, &empty, &limits).unwrap();
        assert_eq!(run.stop, Stop::NodeLimit);
        assert_eq!(run.stats.nodes, Some(1000));
        let limits = Limits {
            solutions: None,
            nodes: None,
            time: Some(Duration::from_millis(20)),
        };
        let run = count(Engine::Dlx, &empty, &limits).unwrap();
        assert_eq!(run.stop, Stop::TimeLimit);
        assert!(run.solutions > 0);
        let run = count(Engine::Fast, &empty, &Limits::count_to(Some(3))).unwrap();
        assert_eq!((run.solutions, run.stop), (3, Stop::SolutionLimit));
        let run = count(Engine::Mac, &empty, &Limits::count_to(Some(0))).unwrap();
        assert_eq!((run.solutions, run.stop), (0, Stop::SolutionLimit));
    }
}
