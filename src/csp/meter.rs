//! What a search may spend and what it reports: [`Limits`] (solutions, nodes, time), the
//! [`Meter`] every search counts its nodes, dead ends and solutions on, and the one result
//! type, [`Run`] (with [`Stats`] and why it ended, [`Stop`]).
//!
//! The time is the thread's deadline ([`crate::deadline`]), checked every
//! [`TIME_CHECK_EVERY`] nodes, so a caller's own budget bounds a search too; a run cut by a
//! node, time or memory limit never passes for a finished one.

use std::ops::ControlFlow;
use std::time::Duration;

/// A run's deadline is checked once every this many nodes (an `Instant::now` per node would
/// cost the fastest searches a tenth of their time).
pub const TIME_CHECK_EVERY: u64 = 256;

/// What one run may spend. `None`: no limit of that kind.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Stop after this many solutions.
    pub solutions: Option<u64>,
    /// Stop after this many nodes.
    pub nodes: Option<u64>,
    /// Stop after this much time.
    pub time: Option<Duration>,
}

impl Limits {
    /// The node limit of a command-line run: plenty for any engine on a puzzle with one
    /// solution but `naive` on the hardest, and minutes at most.
    pub const DEFAULT_NODES: u64 = 200_000_000;
    /// The time limit of a command-line run.
    pub const DEFAULT_TIME: Duration = Duration::from_secs(60);
    /// The node limit per puzzle of `stepwise bench engines`.
    pub const BENCH_NODES: u64 = 2_000_000;
    /// The time limit per puzzle of `stepwise bench engines`.
    pub const BENCH_TIME: Duration = Duration::from_secs(1);

    /// Counting up to `solutions` (2 decides uniqueness; `None`: all), under the default node
    /// and time limits.
    pub fn count_to(solutions: Option<u64>) -> Limits {
        Limits {
            solutions,
            nodes: Some(Limits::DEFAULT_NODES),
            time: Some(Limits::DEFAULT_TIME),
        }
    }

    /// A command-line run: `solutions` as asked, the node and time limits given or else the
    /// defaults ([`Limits::DEFAULT_NODES`], [`Limits::DEFAULT_TIME`]).
    pub fn command_line(
        solutions: Option<u64>,
        nodes: Option<u64>,
        time: Option<Duration>,
    ) -> Limits {
        Limits {
            solutions,
            nodes: Some(nodes.unwrap_or(Limits::DEFAULT_NODES)),
            time: Some(time.unwrap_or(Limits::DEFAULT_TIME)),
        }
    }

    /// The bench's per-puzzle limits, the node and time limits given or else
    /// [`Limits::BENCH_NODES`] and [`Limits::BENCH_TIME`].
    pub fn bench_with(nodes: Option<u64>, time: Option<Duration>) -> Limits {
        Limits {
            solutions: Some(2),
            nodes: Some(nodes.unwrap_or(Limits::BENCH_NODES)),
            time: Some(time.unwrap_or(Limits::BENCH_TIME)),
        }
    }

    /// The uniqueness check of the bench: two solutions, the bench's node and time limits.
    pub fn bench() -> Limits {
        Limits {
            solutions: Some(2),
            nodes: Some(Limits::BENCH_NODES),
            time: Some(Limits::BENCH_TIME),
        }
    }

    /// No limit at all (tests that enumerate known counts).
    pub const UNLIMITED: Limits = Limits {
        solutions: None,
        nodes: None,
        time: None,
    };
}

/// Why a run ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Stop {
    /// The search space was exhausted: the count is exact.
    Complete,
    /// The solution limit was reached: there are at least that many.
    SolutionLimit,
    /// A search that checks no limit stopped at its own cap while asked for more (the
    /// engines' `fast`).
    SolutionCap,
    /// The node limit was reached first: the count is only a lower bound.
    NodeLimit,
    /// The time limit was reached first: the count is only a lower bound.
    TimeLimit,
    /// A best-first search kept as many open states as it may: the count is only a lower
    /// bound.
    MemoryLimit,
}

impl Stop {
    /// Whether a limit other than the solutions asked for cut the search.
    pub fn is_cut(self) -> bool {
        !matches!(self, Stop::Complete | Stop::SolutionLimit)
    }

    /// A short name: `complete`, `solution_limit`, `solution_cap`, `node_limit`, `time_limit`,
    /// `memory_limit`.
    pub fn name(self) -> &'static str {
        match self {
            Stop::Complete => "complete",
            Stop::SolutionLimit => "solution_limit",
            Stop::SolutionCap => "solution_cap",
            Stop::NodeLimit => "node_limit",
            Stop::TimeLimit => "time_limit",
            Stop::MemoryLimit => "memory_limit",
        }
    }
}

/// An engine's figures for one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Stats {
    /// Assignments tried (`None` for a search that keeps no count).
    pub nodes: Option<u64>,
    /// Dead ends met (`None` for a search that keeps no count).
    pub backtracks: Option<u64>,
    /// Wall time from the puzzle to the answer.
    pub time: Duration,
}

/// The outcome of one run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Run {
    /// The solutions found (all of them when `stop` is [`Stop::Complete`]).
    pub solutions: u64,
    /// Why the run ended.
    pub stop: Stop,
    /// The engine's figures.
    pub stats: Stats,
}

/// Counts one run's work and says when a limit is reached. `node` and `solution` return
/// `Break` once the run must stop; the meter remembers why.
pub struct Meter<'a> {
    nodes: u64,
    backtracks: u64,
    solutions: u64,
    node_limit: u64,
    solution_limit: u64,
    stop: Option<Stop>,
    on_solution: &'a mut dyn FnMut(&[u8]),
}

impl<'a> Meter<'a> {
    /// A meter for a run under `limits` (the time limit is the thread's deadline, which the
    /// caller sets), calling `on_solution` with each solution.
    pub fn new(limits: &Limits, on_solution: &'a mut dyn FnMut(&[u8])) -> Meter<'a> {
        Meter {
            nodes: 0,
            backtracks: 0,
            solutions: 0,
            node_limit: limits.nodes.unwrap_or(u64::MAX),
            solution_limit: limits.solutions.unwrap_or(u64::MAX),
            stop: (limits.solutions == Some(0)).then_some(Stop::SolutionLimit),
            on_solution,
        }
    }

    /// A new node, about to be tried. `Break` when the node or time limit is reached: the
    /// node is then not tried.
    #[inline]
    pub fn node(&mut self) -> ControlFlow<()> {
        if self.nodes >= self.node_limit {
            return self.halt(Stop::NodeLimit);
        }
        self.nodes += 1;
        if self.nodes % TIME_CHECK_EVERY == 0 && crate::deadline::expired() {
            return self.halt(Stop::TimeLimit);
        }
        ControlFlow::Continue(())
    }

    /// A dead end.
    #[inline]
    pub fn dead_end(&mut self) {
        self.backtracks += 1;
    }

    /// A solution (the value of every variable). `Break` when it was the last one asked for.
    pub fn solution(&mut self, values: &[u8]) -> ControlFlow<()> {
        self.solutions += 1;
        (self.on_solution)(values);
        if self.solutions >= self.solution_limit {
            return self.halt(Stop::SolutionLimit);
        }
        ControlFlow::Continue(())
    }

    /// Stops the run for `why` (the first reason given is kept).
    pub fn halt(&mut self, why: Stop) -> ControlFlow<()> {
        self.stop.get_or_insert(why);
        ControlFlow::Break(())
    }

    /// The nodes counted so far.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    /// The run's outcome, `time` its wall time.
    pub fn finish(self, time: Duration) -> Run {
        Run {
            solutions: self.solutions,
            stop: self.stop.unwrap_or(Stop::Complete),
            stats: Stats {
                nodes: Some(self.nodes),
                backtracks: Some(self.backtracks),
                time,
            },
        }
    }
}
