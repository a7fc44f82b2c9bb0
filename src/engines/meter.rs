//! The counters and limits of one run: every engine reports its nodes, dead ends and
//! solutions here, and stops when the meter says so.

use std::ops::ControlFlow;
use std::time::Duration;

use super::{Limits, Run, Stats, Stop, TIME_CHECK_EVERY};

/// Counts one run's work and says when a limit is reached.
pub(super) struct Meter<'a> {
    nodes: u64,
    backtracks: u64,
    solutions: u64,
    node_limit: u64,
    solution_limit: u64,
    stop: Option<Stop>,
    on_solution: &'a mut dyn FnMut(&[u8]),
}

impl<'a> Meter<'a> {
    pub(super) fn new(limits: &Limits, on_solution: &'a mut dyn FnMut(&[u8])) -> Meter<'a> {
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
    pub(super) fn node(&mut self) -> ControlFlow<()> {
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
    pub(super) fn dead_end(&mut self) {
        self.backtracks += 1;
    }

    /// A solution (the value of every variable). `Break` when it was the last one asked for.
    pub(super) fn solution(&mut self, values: &[u8]) -> ControlFlow<()> {
        self.solutions += 1;
        (self.on_solution)(values);
        if self.solutions >= self.solution_limit {
            return self.halt(Stop::SolutionLimit);
        }
        ControlFlow::Continue(())
    }

    /// Stops the run for `why`.
    pub(super) fn halt(&mut self, why: Stop) -> ControlFlow<()> {
        self.stop.get_or_insert(why);
        ControlFlow::Break(())
    }

    /// The run's outcome.
    pub(super) fn finish(self, time: Duration) -> Run {
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
