//! `cost`: best-first search. Every open state is scored by its cost, the cells filled plus
//! the candidates left in the open cells, and the state of least cost is expanded next (among
//! equals the one with more cells filled, then the newest, which keeps the search close to
//! depth-first). Expanding a state assigns each value of its smallest-domain variable, with
//! forward checking; a child whose domain empties is a dead end and is not kept.
//!
//! Filling a cell of k candidates adds 1 and removes at least k, so a child never costs more
//! than its parent: the cost reads like A*'s f = g + h, with g the cells filled and h the
//! candidates still to settle. A complete grid costs exactly its number of cells, the least
//! any state can, so a solution found is reported before anything else is expanded.
//!
//! The open states are kept whole, so memory is this engine's limit: past
//! [`COST_FRONTIER_BYTES`] of them the run stops with [`Stop::MemoryLimit`].

use std::cmp::Ordering;
use std::collections::BinaryHeap;
use std::ops::ControlFlow;

use super::configured::forward_checked_root;
use super::COST_FRONTIER_BYTES;
use crate::csp::{choose, Domain, ForwardCheck, Meter, Problem, Propagator, State, Stop, VarOrder};

/// An open state.
struct Open {
    cost: u32,
    filled: u32,
    /// The order it was made in: newer first among equals.
    made: u64,
    state: State,
}

impl Open {
    fn new(state: State, made: u64) -> Open {
        let filled = state.assigned.iter().filter(|&&a| a).count() as u32;
        let candidates: u32 = state
            .domains
            .iter()
            .zip(&state.assigned)
            .filter(|(_, &a)| !a)
            .map(|(d, _)| d.len())
            .sum();
        Open {
            cost: filled + candidates,
            filled,
            made,
            state,
        }
    }

    /// The order of the heap: the greatest is expanded first.
    fn priority(&self) -> (std::cmp::Reverse<u32>, u32, u64) {
        (std::cmp::Reverse(self.cost), self.filled, self.made)
    }
}

impl PartialEq for Open {
    fn eq(&self, other: &Open) -> bool {
        self.priority() == other.priority()
    }
}

impl Eq for Open {}

impl PartialOrd for Open {
    fn partial_cmp(&self, other: &Open) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Open {
    fn cmp(&self, other: &Open) -> Ordering {
        self.priority().cmp(&other.priority())
    }
}

pub(super) fn search(problem: &Problem, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let Some(root) = forward_checked_root(problem) else {
        meter.dead_end();
        return ControlFlow::Continue(());
    };
    let state_bytes = std::mem::size_of::<Open>()
        + root.domains.len() * (std::mem::size_of::<Domain>() + std::mem::size_of::<bool>());
    let most_states = (COST_FRONTIER_BYTES / state_bytes).max(1);
    let mut made = 0u64;
    let mut open = BinaryHeap::new();
    open.push(Open::new(root, made));
    let mut propagator = ForwardCheck::default();
    while let Some(Open { state, .. }) = open.pop() {
        let Some(var) = choose::<ForwardCheck>(VarOrder::Smallest, &state) else {
            let values: Vec<u8> = state
                .domains
                .iter()
                .map(|d| d.single_value().unwrap_or(0))
                .collect();
            meter.solution(&values)?;
            continue;
        };
        for value in state.domains[var].values() {
            meter.node()?;
            let mut child = state.clone();
            child.domains[var] = Domain::single(value);
            child.assigned[var] = true;
            if propagator.propagate(problem, &mut child, &[var]).is_err() {
                meter.dead_end();
                continue;
            }
            made += 1;
            open.push(Open::new(child, made));
        }
        if open.len() > most_states {
            return meter.halt(Stop::MemoryLimit);
        }
    }
    ControlFlow::Continue(())
}
