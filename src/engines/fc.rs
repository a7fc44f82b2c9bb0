//! `fc`, `fc-mrv`, `fc-mrv-lcv`: backtracking with forward checking. Each assignment removes
//! what it rules out from the domains of the variables not yet assigned (for all-different:
//! its value from every peer); a domain emptied is a dead end at once, before going deeper.
//!
//! The three differ in their order:
//! - `fc`: the first unassigned variable, values ascending;
//! - `fc-mrv`: the variable with the smallest domain (minimum remaining values; the first of
//!   equals), values ascending;
//! - `fc-mrv-lcv`: the same variable, its values ordered least constraining first (the value
//!   that removes the fewest values from the others' domains; ascending among equals).
//!
//! The value order changes nothing but which solution comes first: counting up to 2 on a
//! puzzle with one solution explores the whole tree, so `fc-mrv-lcv` then makes exactly
//! `fc-mrv`'s nodes, and spends more time ordering values. It pays off only when a search
//! stops at its first solution.
//!
//! Each level keeps its own copy of the domains (625 words on a 25x25), which undoes an
//! assignment for free; the recursion is one call per assignment deep.

use std::ops::ControlFlow;

use super::meter::Meter;
use crate::csp::{Domain, Problem, Var};

/// How the next variable and the order of its values are chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Order {
    /// Smallest domain first, rather than the first unassigned variable.
    mrv: bool,
    /// Least constraining value first, rather than ascending.
    lcv: bool,
}

impl Order {
    pub(super) const FIRST_OPEN: Order = Order {
        mrv: false,
        lcv: false,
    };
    pub(super) const MRV: Order = Order {
        mrv: true,
        lcv: false,
    };
    pub(super) const MRV_LCV: Order = Order {
        mrv: true,
        lcv: true,
    };
}

pub(super) fn search(problem: &Problem, order: Order, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let Ok(domains) = problem.forward_checked_start() else {
        meter.dead_end();
        return ControlFlow::Continue(());
    };
    let mut assigned: Vec<bool> = problem.fixed_values().iter().map(|&v| v != 0).collect();
    let mut changed = Vec::new();
    visit(problem, order, &domains, &mut assigned, &mut changed, meter)
}

fn visit(
    problem: &Problem,
    order: Order,
    domains: &[Domain],
    assigned: &mut [bool],
    changed: &mut Vec<Var>,
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    let Some(var) = choose(order, domains, assigned) else {
        let values: Vec<u8> = domains
            .iter()
            .map(|d| d.single_value().unwrap_or(0))
            .collect();
        return meter.solution(&values);
    };
    let values = if order.lcv {
        least_constraining_first(problem, domains, var, changed)
    } else {
        domains[var].values().collect()
    };
    assigned[var] = true;
    let mut child = domains.to_vec();
    for value in values {
        meter.node()?;
        child.copy_from_slice(domains);
        changed.clear();
        if problem
            .forward_check(&mut child, var, value, changed)
            .is_err()
        {
            meter.dead_end();
            continue;
        }
        visit(problem, order, &child, assigned, changed, meter)?;
    }
    assigned[var] = false;
    ControlFlow::Continue(())
}

/// The next variable to assign, `None` when all are.
pub(super) fn choose(order: Order, domains: &[Domain], assigned: &[bool]) -> Option<Var> {
    let mut open = (0..domains.len()).filter(|&v| !assigned[v]);
    if !order.mrv {
        return open.next();
    }
    let mut best: Option<(u32, Var)> = None;
    for var in open {
        let size = domains[var].len();
        if best.is_none_or(|(s, _)| size < s) {
            best = Some((size, var));
            if size <= 1 {
                break;
            }
        }
    }
    best.map(|(_, var)| var)
}

/// The values of `var`, those that remove the fewest values from the other domains first (a
/// value that empties a domain last), ascending among equals.
fn least_constraining_first(
    problem: &Problem,
    domains: &[Domain],
    var: Var,
    changed: &mut Vec<Var>,
) -> Vec<u8> {
    let mut trial = domains.to_vec();
    let mut scored: Vec<(u32, u8)> = domains[var]
        .values()
        .map(|value| {
            changed.clear();
            let outcome = problem.forward_check(&mut trial, var, value, changed);
            let mut removed = 0;
            for &other in changed.iter() {
                removed += domains[other].len() - trial[other].len();
                trial[other] = domains[other];
            }
            trial[var] = domains[var];
            let score = if outcome.is_ok() { removed } else { u32::MAX };
            (score, value)
        })
        .collect();
    scored.sort_by_key(|&(score, _)| score);
    scored.into_iter().map(|(_, value)| value).collect()
}
