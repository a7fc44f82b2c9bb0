//! The propagators of the problem's own constraints, from the weakest to the strongest, each
//! a [`Propagator`] for the one search ([`super::search`]):
//!
//! - [`Check`]: nothing is inferred; a value is legal when every constraint allows it beside
//!   the values assigned so far (chronological backtracking).
//! - [`ForwardCheck`]: an assignment removes what it rules out from its constraints' other
//!   variables ([`super::Constraint::forward_check`]); nothing propagates further.
//! - [`ArcConsistency`]: every constraint revised until none removes anything
//!   ([`Problem::revise`]), on each constraint's decomposition or as a whole.
//! - [`CheckAfter`]: nothing is inferred; the constraints of each assigned variable are
//!   checked after the assignment, a failure a dead end.

use super::constraint::{Var, Wipeout};
use super::domain::Domain;
use super::problem::{Problem, Queue};
use super::search::{Propagator, State, Values};

/// Checks only: see the module doc. Searched in place; a leaf needs no check, since every
/// value placed was allowed beside every value placed before it.
#[derive(Debug, Default)]
pub struct Check;

impl Propagator for Check {
    const SINGLETONS_DECIDED: bool = false;
    const NARROWS: bool = false;
    const FILTERS: bool = true;
    const CHECK_LEAVES: bool = false;

    #[inline]
    fn propagate(&mut self, _: &Problem, _: &mut State, _: &[Var]) -> Result<(), Wipeout> {
        Ok(())
    }

    #[inline]
    fn allowed(&self, problem: &Problem, state: &State, var: Var) -> Domain {
        problem.allowed(&state.domains, var)
    }
}

impl Check {
    /// Whether the givens of `state` (its assigned variables) agree with each other.
    pub fn consistent(problem: &Problem, state: &State) -> bool {
        (0..state.domains.len()).all(|var| {
            !state.assigned[var]
                || state.domains[var]
                    .single_value()
                    .is_some_and(|value| problem.allows(&state.domains, var, value))
        })
    }
}

/// Forward checking: see the module doc. A leaf is checked.
#[derive(Debug, Default)]
pub struct ForwardCheck {
    changed: Vec<Var>,
}

impl Propagator for ForwardCheck {
    const SINGLETONS_DECIDED: bool = false;

    #[inline]
    fn propagate(
        &mut self,
        problem: &Problem,
        state: &mut State,
        changed: &[Var],
    ) -> Result<(), Wipeout> {
        for &var in changed {
            if !state.assigned[var] {
                continue;
            }
            if let Some(value) = state.domains[var].single_value() {
                self.changed.clear();
                problem.forward_check(
                    &mut state.domains,
                    &state.assigned,
                    var,
                    value,
                    &mut self.changed,
                )?;
            }
        }
        Ok(())
    }

    /// As the default, but undoing only the domains each trial changed.
    fn least_constraining(&mut self, problem: &Problem, state: &State, var: Var) -> Values {
        let domains = &state.domains;
        let mut trial = domains.clone();
        let mut scored: Vec<(u32, u8)> = domains[var]
            .values()
            .map(|value| {
                self.changed.clear();
                let outcome = problem.forward_check(
                    &mut trial,
                    &state.assigned,
                    var,
                    value,
                    &mut self.changed,
                );
                let mut removed = 0;
                for &other in &self.changed {
                    removed += domains[other].len() - trial[other].len();
                    trial[other] = domains[other];
                }
                trial[var] = domains[var];
                let score = if outcome.is_ok() { removed } else { u32::MAX };
                (score, value)
            })
            .collect();
        scored.sort_by_key(|&(score, _)| score);
        Values::of(scored.into_iter().map(|(_, value)| value))
    }
}

/// Arc consistency maintained after every assignment: see the module doc. Each constraint
/// revised on its decomposition ([`ArcConsistency::decomposed`]: for all-different, pairwise
/// inequalities; for a sum, those and its bounds) or as a whole
/// ([`ArcConsistency::generalized`]: a sum's combinations). A leaf is checked (so that a
/// constraint whose revision is weaker than its check cannot let a wrong one through).
#[derive(Debug, Default)]
pub struct ArcConsistency {
    queue: Queue,
    generalized: bool,
}

impl ArcConsistency {
    /// Revising each constraint on its decomposition ([`super::Constraint::propagate`]).
    pub fn decomposed() -> ArcConsistency {
        ArcConsistency::default()
    }

    /// Revising each constraint as a whole ([`super::Constraint::propagate_generalized`]).
    pub fn generalized() -> ArcConsistency {
        ArcConsistency {
            queue: Queue::default(),
            generalized: true,
        }
    }
}

impl Propagator for ArcConsistency {
    const SINGLETONS_DECIDED: bool = true;

    #[inline]
    fn propagate(
        &mut self,
        problem: &Problem,
        state: &mut State,
        changed: &[Var],
    ) -> Result<(), Wipeout> {
        problem.revise(
            &mut state.domains,
            changed,
            &mut self.queue,
            self.generalized,
        )
    }
}

/// Checking after each assignment: the constraints of the variable assigned are checked on
/// the variables assigned so far ([`super::Constraint::check`]); nothing is narrowed, so the
/// search runs in place, and every value is a node (a failed check is a dead end).
#[derive(Debug, Default)]
pub struct CheckAfter;

impl Propagator for CheckAfter {
    const SINGLETONS_DECIDED: bool = false;
    const NARROWS: bool = false;

    #[inline]
    fn propagate(
        &mut self,
        problem: &Problem,
        state: &mut State,
        changed: &[Var],
    ) -> Result<(), Wipeout> {
        for &var in changed {
            if !state.assigned[var] {
                continue;
            }
            for &c in problem.constraints_of(var) {
                if !problem.constraints()[c].check(&state.domains, &state.assigned) {
                    return Err(Wipeout);
                }
            }
        }
        Ok(())
    }
}
