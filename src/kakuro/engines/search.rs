//! The search every engine shares, and shaving: a depth-first search over one propagator
//! (an explicit stack, so a thousand-cell grid never deepens the call stack), counting
//! solutions up to a limit under a node cap; and shaving, which tries each digit of each
//! open cell, propagates, and removes the digit when that fails, until a pass removes none.
//!
//! A node is one digit tried in one cell; a backtrack is a node that failed (its propagation
//! emptied a domain, or the full assignment it reached broke a constraint).

use super::model::{Model, State};
use super::{Contradiction, Propagator};
use crate::kakuro::digits::Digits;

/// What a search found and spent.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Searched {
    /// The solutions found, at most the limit asked.
    pub solutions: Vec<Vec<u8>>,
    /// False when the node cap stopped the search before it could answer.
    pub complete: bool,
    /// Digits tried.
    pub nodes: u64,
    /// Digits tried that failed.
    pub backtracks: u64,
}

/// One level of the search: the state before trying `cell`'s digits, and those left to try.
struct Frame {
    state: State,
    cell: usize,
    untried: Digits,
}

/// The variable to branch on, or `None` when every variable is decided.
fn choose<P: Propagator>(state: &State) -> Option<usize> {
    let decided =
        |v: usize| state.assigned[v] || (P::SINGLETONS_DECIDED && state.domains[v].len() == 1);
    let open = |v: &usize| !decided(*v);
    let mut candidates = (0..state.domains.len()).filter(open);
    if P::STATIC_ORDER {
        return candidates.next();
    }
    // Smallest domain first (fail first); a domain of two cannot be beaten but by one.
    let mut best: Option<(usize, usize)> = None;
    for v in candidates {
        let size = state.domains[v].len();
        if best.is_none_or(|(_, s)| size < s) {
            best = Some((v, size));
            if size <= 1 {
                break;
            }
        }
    }
    best.map(|(v, _)| v)
}

/// Searches from `root` (already propagated) for up to `limit` solutions, trying at most
/// `node_cap` digits.
pub fn search<P: Propagator>(
    propagator: &mut P,
    model: &Model,
    root: State,
    limit: usize,
    node_cap: u64,
) -> Searched {
    let mut found = Searched {
        complete: true,
        ..Searched::default()
    };
    let mut stack = Vec::new();
    match choose::<P>(&root) {
        None => {
            if let Some(values) = root.values().filter(|v| model.satisfied_by(v)) {
                found.solutions.push(values);
            }
            return found;
        }
        Some(cell) => stack.push(Frame {
            untried: root.domains[cell],
            state: root,
            cell,
        }),
    }
    while let Some(frame) = stack.last_mut() {
        let Some(digit) = frame.untried.min() else {
            stack.pop();
            continue;
        };
        frame.untried = frame.untried.without(digit);
        if found.nodes >= node_cap {
            found.complete = false;
            break;
        }
        found.nodes += 1;
        let cell = frame.cell;
        let mut child = frame.state.clone();
        child.domains[cell] = Digits::single(digit);
        child.assigned[cell] = true;
        if propagator.propagate(model, &mut child, &[cell]).is_err() {
            found.backtracks += 1;
            continue;
        }
        match choose::<P>(&child) {
            Some(next) => stack.push(Frame {
                untried: child.domains[next],
                state: child,
                cell: next,
            }),
            None => match child.values().filter(|v| model.satisfied_by(v)) {
                Some(values) => {
                    found.solutions.push(values);
                    if found.solutions.len() >= limit {
                        break;
                    }
                }
                None => found.backtracks += 1,
            },
        }
    }
    found
}

/// Shaves `state` to a fixpoint: each digit of each open variable whose trial assignment
/// fails under the propagator is removed (and the removal propagated). Returns how many
/// digits were removed; a contradiction means the model has no solution.
pub fn shave<P: Propagator>(
    propagator: &mut P,
    model: &Model,
    state: &mut State,
) -> Result<usize, Contradiction> {
    let mut removed = 0;
    loop {
        let before = removed;
        for cell in 0..state.domains.len() {
            if state.assigned[cell] || state.domains[cell].len() <= 1 {
                continue;
            }
            for digit in state.domains[cell].iter() {
                if !state.domains[cell].contains(digit) {
                    continue;
                }
                let mut trial = state.clone();
                trial.domains[cell] = Digits::single(digit);
                trial.assigned[cell] = true;
                if propagator.propagate(model, &mut trial, &[cell]).is_ok() {
                    continue;
                }
                state.domains[cell] = state.domains[cell].without(digit);
                removed += 1;
                if state.domains[cell].is_empty() {
                    return Err(Contradiction);
                }
                propagator.propagate(model, state, &[cell])?;
            }
        }
        if removed == before {
            return Ok(removed);
        }
    }
}
