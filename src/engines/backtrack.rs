//! `backtrack`: the textbook recursive backtracking. Each call fills the first empty cell with
//! each value in turn that the legality check allows (no equal value among the cells filled
//! in its row, column and box) and recurses; a cell with no legal value is a dead end.
//!
//! The same search as `naive.rs`, which runs it on explicit stacks. The recursion is at most
//! one call per open cell deep (625 on a 25x25 grid, a few dozen bytes a call).

use std::ops::ControlFlow;

use super::meter::Meter;
use super::naive::start;
use crate::csp::{Problem, Var};

pub(super) fn search(problem: &Problem, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let Some((mut values, open)) = start(problem) else {
        meter.dead_end();
        return ControlFlow::Continue(());
    };
    fill(problem, &open, &mut values, meter)
}

/// Fills `open[0]` and, recursively, the rest.
fn fill(
    problem: &Problem,
    open: &[Var],
    values: &mut [u8],
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    let Some((&var, rest)) = open.split_first() else {
        return meter.solution(values);
    };
    let mut placed = false;
    for value in problem.domains()[var].values() {
        if problem.allows(values, var, value) {
            meter.node()?;
            placed = true;
            values[var] = value;
            fill(problem, rest, values, meter)?;
            values[var] = 0;
        }
    }
    if !placed {
        meter.dead_end();
    }
    ControlFlow::Continue(())
}
