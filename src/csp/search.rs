//! The one depth-first search every engine of the core is a configuration of, and shaving.
//!
//! A search state ([`State`]) is each variable's domain and whether the search assigned it. A
//! [`Propagator`] says what an assignment implies (and, for plain backtracking, which values
//! are legal at all); the search chooses the variable ([`VarOrder`]) and the order of its
//! values ([`ValueOrder`]), walks the tree recursively or on an explicit stack ([`Walk`]),
//! and reports every node, dead end and solution to a [`Meter`], which stops it at a limit.
//!
//! **Counting.** A node is one value placed in one variable: with a filtering propagator
//! ([`Propagator::FILTERS`]) only the values it allows, and a variable with none allowed is
//! one dead end; otherwise every value is a node, and a dead end is a node whose propagation
//! failed or a leaf that breaks a constraint.
//!
//! **Storage.** A propagator that narrows domains ([`Propagator::NARROWS`]) gets a fresh copy
//! of the state per level (copying a few hundred words undoes an assignment for free); one
//! that only checks is searched in place, the assignment undone on the way back.
//!
//! The configuration is static: the propagator is a type parameter and its switches are
//! associated constants, so each engine's loop is compiled for it alone.

use std::ops::ControlFlow;

use super::constraint::{Var, Wipeout};
use super::domain::{Domain, MAX_VALUE};
use super::meter::Meter;
use super::problem::Problem;

/// A search state: each variable's domain, and whether the search (or the givens) assigned
/// it. The weaker propagators tell an assigned variable from one whose domain merely shrank
/// to one value.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct State {
    /// Each variable's possible values.
    pub domains: Vec<Domain>,
    /// Whether the variable is assigned.
    pub assigned: Vec<bool>,
}

impl State {
    /// The state of `domains` with no variable assigned.
    pub fn new(domains: Vec<Domain>) -> State {
        let assigned = vec![false; domains.len()];
        State { domains, assigned }
    }

    /// The state of `domains` with the one-value domains (the givens) assigned.
    pub fn with_givens(domains: Vec<Domain>) -> State {
        let assigned = domains.iter().map(|d| d.single_value().is_some()).collect();
        State { domains, assigned }
    }

    /// Each variable's value, when every domain holds exactly one.
    pub fn values(&self) -> Option<Vec<u8>> {
        self.domains.iter().map(|d| d.single_value()).collect()
    }

    /// Becomes a copy of `other` (same number of variables) without allocating.
    fn copy_from(&mut self, other: &State) {
        self.domains.copy_from_slice(&other.domains);
        self.assigned.copy_from_slice(&other.assigned);
    }
}

/// What a search infers after an assignment, and its switches.
pub trait Propagator {
    /// A variable whose domain shrank to one value is decided (its consequences were
    /// propagated); else it is still to be assigned.
    const SINGLETONS_DECIDED: bool;
    /// Whether [`Propagator::propagate`] may narrow domains. One that never does is searched
    /// in place.
    const NARROWS: bool = true;
    /// Whether values are filtered by [`Propagator::allowed`] before they count as nodes (the
    /// legality check of plain backtracking).
    const FILTERS: bool = false;
    /// Whether a leaf (every variable decided) is checked against every constraint before it
    /// counts as a solution. A propagator that already guarantees it may skip the check.
    const CHECK_LEAVES: bool = true;

    /// Narrows `state` after the variables `changed` were assigned or narrowed (all of them
    /// at the root); a [`Wipeout`] when a domain empties or a constraint breaks.
    fn propagate(
        &mut self,
        problem: &Problem,
        state: &mut State,
        changed: &[Var],
    ) -> Result<(), Wipeout>;

    /// The values of `var` legal in `state` (used only when [`Propagator::FILTERS`]). A
    /// level's legal values are taken once, when it is entered: the values assigned around
    /// it do not change while it tries its own.
    fn allowed(&self, _problem: &Problem, state: &State, var: Var) -> Domain {
        state.domains[var]
    }

    /// The values of `var`, least constraining first: those whose propagation removes the
    /// fewest values from the other domains, a value that fails last, ascending among equals.
    fn least_constraining(&mut self, problem: &Problem, state: &State, var: Var) -> Values {
        let mut trial = state.clone();
        let mut scored: Vec<(u32, u8)> = state.domains[var]
            .values()
            .map(|value| {
                trial.copy_from(state);
                trial.domains[var] = Domain::single(value);
                trial.assigned[var] = true;
                let score = match self.propagate(problem, &mut trial, &[var]) {
                    Err(Wipeout) => u32::MAX,
                    Ok(()) => state
                        .domains
                        .iter()
                        .zip(&trial.domains)
                        .enumerate()
                        .filter(|&(other, _)| other != var)
                        .map(|(_, (before, after))| before.len() - after.len())
                        .sum(),
                };
                (score, value)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| score);
        Values::of(scored.into_iter().map(|(_, value)| value))
    }
}

/// How the next variable is chosen.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum VarOrder {
    /// The first undecided variable (static order).
    First,
    /// The undecided variable with the fewest values (MRV, fail first); the first of equals.
    Smallest,
}

/// The order a variable's values are tried in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ValueOrder {
    /// Ascending.
    Ascending,
    /// Least constraining first ([`Propagator::least_constraining`]).
    LeastConstraining,
}

/// How the tree is walked. Both visit the same nodes in the same order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Walk {
    /// One call per level, as textbooks write it.
    Recursive,
    /// An explicit stack of levels: no depth limit from the call stack.
    Stack,
}

/// A search's configuration, beside its propagator.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Strategy {
    /// Variable ordering.
    pub vars: VarOrder,
    /// Value ordering.
    pub values: ValueOrder,
    /// Recursion or explicit stack.
    pub walk: Walk,
}

/// The values left to try at one level, in order.
#[derive(Debug, Clone, Copy)]
pub struct Values {
    list: [u8; MAX_VALUE as usize],
    len: u8,
    next: u8,
}

impl Values {
    /// The values of `values`, in the order given (at most [`MAX_VALUE`]).
    pub fn of(values: impl IntoIterator<Item = u8>) -> Values {
        let mut out = Values {
            list: [0; MAX_VALUE as usize],
            len: 0,
            next: 0,
        };
        for value in values.into_iter().take(MAX_VALUE as usize) {
            out.list[usize::from(out.len)] = value;
            out.len += 1;
        }
        out
    }

    /// The values of `domain`, ascending.
    #[inline]
    fn ascending(domain: Domain) -> Values {
        Values::of(domain.values())
    }
}

impl Iterator for Values {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        if self.next >= self.len {
            return None;
        }
        let value = self.list[usize::from(self.next)];
        self.next += 1;
        Some(value)
    }
}

/// The variable to branch on under `P`'s idea of decided, or `None` when every variable is
/// decided.
#[inline]
pub fn choose<P: Propagator>(order: VarOrder, state: &State) -> Option<Var> {
    choose_from::<P>(order, state, 0)
}

/// [`choose`], knowing that the variables before `from` are decided (they stay so down a
/// branch: domains only shrink and assignments are kept), which spares the static order a
/// scan from the first variable at every node.
#[inline]
fn choose_from<P: Propagator>(order: VarOrder, state: &State, from: Var) -> Option<Var> {
    let decided = |v: Var| {
        state.assigned[v] || (P::SINGLETONS_DECIDED && state.domains[v].single_value().is_some())
    };
    if order == VarOrder::First {
        return (from..state.domains.len()).find(|&v| !decided(v));
    }
    let open = (0..state.domains.len()).filter(|&v| !decided(v));
    // A domain at this size cannot be beaten (a singleton is decided when singletons are).
    let floor = if P::SINGLETONS_DECIDED { 2 } else { 1 };
    let mut best: Option<(u32, Var)> = None;
    for var in open {
        let size = state.domains[var].len();
        if best.is_none_or(|(s, _)| size < s) {
            best = Some((size, var));
            if size <= floor {
                break;
            }
        }
    }
    best.map(|(_, var)| var)
}

/// The values of `var` in the strategy's order (the legal ones, for a filtering search).
#[inline]
fn order<P: Propagator>(
    propagator: &mut P,
    problem: &Problem,
    state: &State,
    var: Var,
    order: ValueOrder,
) -> Values {
    let domain = if P::FILTERS {
        propagator.allowed(problem, state, var)
    } else {
        state.domains[var]
    };
    match order {
        ValueOrder::Ascending => Values::ascending(domain),
        ValueOrder::LeastConstraining if P::FILTERS => Values::of(
            propagator
                .least_constraining(problem, state, var)
                .filter(|&value| domain.contains(value)),
        ),
        ValueOrder::LeastConstraining => propagator.least_constraining(problem, state, var),
    }
}

/// A leaf: every variable decided. A solution, unless the check finds a broken constraint.
fn leaf<P: Propagator>(problem: &Problem, state: &State, meter: &mut Meter<'_>) -> ControlFlow<()> {
    let values: Vec<u8> = state
        .domains
        .iter()
        .map(|d| d.single_value().unwrap_or(0))
        .collect();
    if P::CHECK_LEAVES && !problem.satisfied(&values) {
        meter.dead_end();
        return ControlFlow::Continue(());
    }
    meter.solution(&values)
}

/// Searches from `root` (already propagated, its givens assigned) until the tree is done or
/// the meter stops it (`Break`).
pub fn search<P: Propagator>(
    propagator: &mut P,
    problem: &Problem,
    root: State,
    strategy: Strategy,
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    match strategy.walk {
        Walk::Recursive => {
            let mut pool = vec![root];
            descend(propagator, problem, &mut pool, 0, strategy, 0, meter)
        }
        Walk::Stack => iterate(propagator, problem, root, strategy, meter),
    }
}

/// The recursive walk from `pool[depth]` (`pool[0]`, restored on return, when searched in
/// place). A narrowing search writes each child into `pool[depth + 1]`: one state per level,
/// allocated once.
fn descend<P: Propagator>(
    propagator: &mut P,
    problem: &Problem,
    pool: &mut Vec<State>,
    depth: usize,
    strategy: Strategy,
    from: Var,
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    let at = if P::NARROWS { depth } else { 0 };
    let Some(var) = choose_from::<P>(strategy.vars, &pool[at], from) else {
        return leaf::<P>(problem, &pool[at], meter);
    };
    let values = order(propagator, problem, &pool[at], var, strategy.values);
    if P::NARROWS && pool.len() <= depth + 1 {
        let copy = pool[depth].clone();
        pool.push(copy);
    }
    let mut placed = false;
    for value in values {
        meter.node()?;
        placed = true;
        if P::NARROWS {
            let (parents, children) = pool.split_at_mut(depth + 1);
            let child = &mut children[0];
            child.copy_from(&parents[depth]);
            child.domains[var] = Domain::single(value);
            child.assigned[var] = true;
            if propagator.propagate(problem, child, &[var]).is_err() {
                meter.dead_end();
                continue;
            }
            descend(propagator, problem, pool, depth + 1, strategy, var, meter)?;
        } else {
            let state = &mut pool[0];
            let saved = state.domains[var];
            state.domains[var] = Domain::single(value);
            state.assigned[var] = true;
            let below = if propagator.propagate(problem, state, &[var]).is_err() {
                meter.dead_end();
                ControlFlow::Continue(())
            } else {
                descend(propagator, problem, pool, 0, strategy, var, meter)
            };
            let state = &mut pool[0];
            state.domains[var] = saved;
            state.assigned[var] = false;
            below?;
        }
    }
    if P::FILTERS && !placed {
        meter.dead_end();
    }
    ControlFlow::Continue(())
}

/// One level of the explicit-stack walk.
struct Frame {
    var: Var,
    values: Values,
    /// Whether a value was placed (a filtering search's dead end is a level with none).
    placed: bool,
    /// In place: whether `var` holds a value now, and its domain before.
    active: bool,
    saved: Domain,
}

/// The explicit-stack walk. A narrowing search keeps one state per level (reused, not
/// reallocated); one that only checks keeps one state.
fn iterate<P: Propagator>(
    propagator: &mut P,
    problem: &Problem,
    root: State,
    strategy: Strategy,
    meter: &mut Meter<'_>,
) -> ControlFlow<()> {
    let mut states = vec![root];
    let Some(first) = choose::<P>(strategy.vars, &states[0]) else {
        return leaf::<P>(problem, &states[0], meter);
    };
    let mut frames = vec![Frame {
        var: first,
        values: order(propagator, problem, &states[0], first, strategy.values),
        placed: false,
        active: false,
        saved: states[0].domains[first],
    }];
    while let Some(depth) = frames.len().checked_sub(1) {
        let frame = &mut frames[depth];
        let var = frame.var;
        if !P::NARROWS && frame.active {
            states[0].domains[var] = frame.saved;
            states[0].assigned[var] = false;
            frame.active = false;
        }
        let Some(value) = frame.values.next() else {
            if P::FILTERS && !frame.placed {
                meter.dead_end();
            }
            frames.pop();
            continue;
        };
        let (parent, at) = if P::NARROWS {
            (depth, depth + 1)
        } else {
            (0, 0)
        };
        meter.node()?;
        frame.placed = true;
        if P::NARROWS {
            if states.len() <= at {
                let copy = states[parent].clone();
                states.push(copy);
            } else {
                let (parents, children) = states.split_at_mut(at);
                children[0].copy_from(&parents[parent]);
            }
        } else {
            frame.active = true;
        }
        let child = &mut states[at];
        child.domains[var] = Domain::single(value);
        child.assigned[var] = true;
        if propagator.propagate(problem, child, &[var]).is_err() {
            meter.dead_end();
            continue;
        }
        match choose_from::<P>(strategy.vars, child, var) {
            Some(next) => {
                let saved = child.domains[next];
                let values = order(propagator, problem, &states[at], next, strategy.values);
                frames.push(Frame {
                    var: next,
                    values,
                    placed: false,
                    active: false,
                    saved,
                });
            }
            None => leaf::<P>(problem, &states[at], meter)?,
        }
    }
    ControlFlow::Continue(())
}

/// Shaves `state` to a fixpoint: each value of each open variable whose trial assignment
/// fails under the propagator is removed (and the removal propagated). Returns how many
/// values were removed; a [`Wipeout`] means the problem has no solution.
///
/// The thread's deadline is checked before each variable: once it has passed, shaving stops
/// with what it removed so far (every removal stands; the fixpoint is not reached), and the
/// caller, seeing [`crate::deadline::expired`], reports a timeout. On a 1,216-cell Kakuro a
/// GAC shave takes about 2 ms and forward checking's 8 ms.
pub fn shave<P: Propagator>(
    propagator: &mut P,
    problem: &Problem,
    state: &mut State,
) -> Result<usize, Wipeout> {
    let mut removed = 0;
    let mut trial = state.clone();
    loop {
        let before = removed;
        for var in 0..state.domains.len() {
            if state.assigned[var] || state.domains[var].len() <= 1 {
                continue;
            }
            if crate::deadline::expired() {
                return Ok(removed);
            }
            for value in state.domains[var].values() {
                if !state.domains[var].contains(value) {
                    continue;
                }
                trial.copy_from(state);
                trial.domains[var] = Domain::single(value);
                trial.assigned[var] = true;
                if propagator.propagate(problem, &mut trial, &[var]).is_ok() {
                    continue;
                }
                state.domains[var].remove(value);
                removed += 1;
                if state.domains[var].is_empty() {
                    return Err(Wipeout);
                }
                propagator.propagate(problem, state, &[var])?;
            }
        }
        if removed == before {
            return Ok(removed);
        }
    }
}
