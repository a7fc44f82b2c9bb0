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

use super::fc::{choose, Order};
use super::meter::Meter;
use super::{Stop, COST_FRONTIER_BYTES};
use crate::csp::{Domain, Problem};

/// An open state.
struct State {
    cost: u32,
    filled: u32,
    /// The order it was made in: newer first among equals.
    made: u64,
    domains: Vec<Domain>,
    assigned: Vec<bool>,
}

impl State {
    fn new(domains: Vec<Domain>, assigned: Vec<bool>, made: u64) -> State {
        let filled = assigned.iter().filter(|&&a| a).count() as u32;
        let candidates: u32 = domains
            .iter()
            .zip(&assigned)
            .filter(|(_, &a)| !a)
            .map(|(d, _)| d.len())
            .sum();
        State {
            cost: filled + candidates,
            filled,
            made,
            domains,
            assigned,
        }
    }

    /// The order of the heap: the greatest is expanded first.
    fn priority(&self) -> (std::cmp::Reverse<u32>, u32, u64) {
        (std::cmp::Reverse(self.cost), self.filled, self.made)
    }
}

impl PartialEq for State {
    fn eq(&self, other: &State) -> bool {
        self.priority() == other.priority()
    }
}

impl Eq for State {}

impl PartialOrd for State {
    fn partial_cmp(&self, other: &State) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for State {
    fn cmp(&self, other: &State) -> Ordering {
        self.priority().cmp(&other.priority())
    }
}

pub(super) fn search(problem: &Problem, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let Ok(domains) = problem.forward_checked_start() else {
        meter.dead_end();
        return ControlFlow::Continue(());
    };
    let assigned: Vec<bool> = problem.fixed_values().iter().map(|&v| v != 0).collect();
    let state_bytes = std::mem::size_of::<State>()
        + domains.len() * (std::mem::size_of::<Domain>() + std::mem::size_of::<bool>());
    let most_states = (COST_FRONTIER_BYTES / state_bytes).max(1);
    let mut made = 0u64;
    let mut open = BinaryHeap::new();
    open.push(State::new(domains, assigned, made));
    let mut changed = Vec::new();
    while let Some(state) = open.pop() {
        let Some(var) = choose(Order::MRV, &state.domains, &state.assigned) else {
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
            let mut domains = state.domains.clone();
            changed.clear();
            if problem
                .forward_check(&mut domains, var, value, &mut changed)
                .is_err()
            {
                meter.dead_end();
                continue;
            }
            let mut assigned = state.assigned.clone();
            assigned[var] = true;
            made += 1;
            open.push(State::new(domains, assigned, made));
        }
        if open.len() > most_states {
            return meter.halt(Stop::MemoryLimit);
        }
    }
    ControlFlow::Continue(())
}
