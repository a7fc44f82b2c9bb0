//! `naive`: chronological backtracking as a beginner writes it. The first empty cell (in
//! variable order) takes its values in ascending order, each checked against the cells filled
//! so far; with no legal value left, the search goes back to the previous cell.
//!
//! Iterative, on two explicit stacks (the cells filled on the current path, and the last value
//! tried in each), so a 625-cell grid never runs deep in the call stack. `backtrack.rs` is the
//! same search written recursively: the two visit the same nodes in the same order.

use std::ops::ControlFlow;

use super::meter::Meter;
use crate::csp::{Problem, Var};

pub(super) fn search(problem: &Problem, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let Some((mut values, open)) = start(problem) else {
        meter.dead_end();
        return ControlFlow::Continue(());
    };
    if open.is_empty() {
        return meter.solution(&values);
    }
    // The two stacks: the cells filled on the current path (the first empty cell is always
    // the next of `open`), and the value each holds, which is also the last value it tried.
    let mut path: Vec<Var> = Vec::with_capacity(open.len());
    let mut tried: Vec<u8> = Vec::with_capacity(open.len());
    path.push(open[0]);
    tried.push(0);
    while let (Some(&var), Some(&last)) = (path.last(), tried.last()) {
        values[var] = 0;
        let next = problem.domains()[var]
            .values()
            .find(|&v| v > last && problem.allows(&values, var, v));
        match next {
            Some(value) => {
                meter.node()?;
                values[var] = value;
                if let Some(top) = tried.last_mut() {
                    *top = value;
                }
                match open.get(path.len()) {
                    Some(&following) => {
                        path.push(following);
                        tried.push(0);
                    }
                    None => meter.solution(&values)?,
                }
            }
            None => {
                if last == 0 {
                    meter.dead_end();
                }
                path.pop();
                tried.pop();
            }
        }
    }
    ControlFlow::Continue(())
}

/// The givens as the starting values and the open variables in order, or `None` when two
/// givens conflict.
pub(super) fn start(problem: &Problem) -> Option<(Vec<u8>, Vec<Var>)> {
    let values = problem.fixed_values();
    let consistent = values
        .iter()
        .enumerate()
        .all(|(var, &v)| v == 0 || problem.allows(&values, var, v));
    let open = (0..values.len()).filter(|&v| values[v] == 0).collect();
    consistent.then_some((values, open))
}
