//! The engines that are configurations of the core's one search ([`crate::csp::search`]):
//! a propagator and a [`Strategy`] each, and where the search starts.
//!
//! - `naive`: [`Check`] (values filtered by the legality check, nothing inferred), the first
//!   open variable, values ascending, on an explicit stack (no recursion to overflow on big
//!   grids).
//! - `backtrack`: the same, recursive, as textbooks write it: same nodes, same order, so the
//!   two differ only in time.
//! - `fc`, `fc-mrv`, `fc-mrv-lcv`: [`ForwardCheck`] from the forward-checked givens, with the
//!   first open variable, the smallest domain, or the smallest domain and the least
//!   constraining value first. The value order changes nothing but which solution comes
//!   first: counting up to 2 on a puzzle with one solution explores the whole tree, so
//!   `fc-mrv-lcv` then makes exactly `fc-mrv`'s nodes and spends more time ordering values.
//! - `mac`: [`ArcConsistency`] (AC-3 on the binary decomposition of all-different) before the
//!   search and after every assignment, the smallest domain of two or more values first, a
//!   leaf checked against every constraint. Measured (`stepwise bench engines`): its dead ends
//!   are exactly `fc-mrv`'s on every level and its nodes a fraction of them; what AC-3 fixes
//!   by propagation is what `fc-mrv` picks next and counts as a node.

use std::ops::ControlFlow;

use crate::csp::{
    search, ArcConsistency, Check, ForwardCheck, Meter, Problem, State, Strategy, ValueOrder,
    VarOrder, Walk,
};

/// `naive` (`Walk::Stack`) and `backtrack` (`Walk::Recursive`).
pub(super) fn backtracking(
    problem: &Problem,
    walk: Walk,
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    let root = State::with_givens(problem.domains().to_vec());
    if !Check::consistent(problem, &root) {
        meter.dead_end();
        return ControlFlow::Continue(());
    }
    let strategy = Strategy {
        vars: VarOrder::First,
        values: ValueOrder::Ascending,
        walk,
    };
    search(&mut Check, problem, root, strategy, meter)
}

/// `fc`, `fc-mrv`, `fc-mrv-lcv`, by their variable and value orders.
pub(super) fn forward_checking(
    problem: &Problem,
    vars: VarOrder,
    values: ValueOrder,
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    let Some(root) = forward_checked_root(problem) else {
        meter.dead_end();
        return ControlFlow::Continue(());
    };
    let strategy = Strategy {
        vars,
        values,
        walk: Walk::Recursive,
    };
    search(&mut ForwardCheck::default(), problem, root, strategy, meter)
}

/// The givens assigned and forward-checked (where the forward-checking engines and `cost`
/// start), or `None` when they conflict.
pub(super) fn forward_checked_root(problem: &Problem) -> Option<State> {
    let domains = problem.forward_checked_start().ok()?;
    let assigned = problem.fixed_values().iter().map(|&v| v != 0).collect();
    Some(State { domains, assigned })
}

/// `mac`.
pub(super) fn mac(problem: &Problem, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let mut domains = problem.domains().to_vec();
    if domains.iter().any(|d| d.is_empty())
        || problem
            .arc_consistency(&mut domains, &mut Vec::new())
            .is_err()
    {
        meter.dead_end();
        return ControlFlow::Continue(());
    }
    let strategy = Strategy {
        vars: VarOrder::Smallest,
        values: ValueOrder::Ascending,
        walk: Walk::Recursive,
    };
    search(
        &mut ArcConsistency::default(),
        problem,
        State::new(domains),
        strategy,
        meter,
    )
}
