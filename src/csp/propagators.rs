//! The propagators of the problem's own constraints, from the weakest to the strongest, each
//! a [`Propagator`] for the one search ([`super::search`]):
//!
//! - [`Check`]: nothing is inferred; a value is legal when every constraint allows it beside
//!   the values assigned so far (chronological backtracking).
//! - [`ForwardCheck`]: an assignment removes what it rules out from its constraints' other
//!   variables ([`super::Constraint::forward_check`]); nothing propagates further.
//! - [`ArcConsistency`]: every constraint revised until none removes anything
//!   ([`Problem::arc_consistency`]).

use super::constraint::{Var, Wipeout};
use super::domain::Domain;
use super::problem::Problem;
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

/// Forward checking: see the module doc. On all-different constraints a leaf needs no check
/// (each value left the domains of its peers when it was placed).
#[derive(Debug, Default)]
pub struct ForwardCheck {
    changed: Vec<Var>,
}

impl Propagator for ForwardCheck {
    const SINGLETONS_DECIDED: bool = false;
    const CHECK_LEAVES: bool = false;

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
                problem.forward_check(&mut state.domains, var, value, &mut self.changed)?;
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
                let outcome = problem.forward_check(&mut trial, var, value, &mut self.changed);
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

/// Arc consistency maintained after every assignment: see the module doc. A leaf is checked
/// (so that a constraint whose revision is weaker than its check cannot let a wrong one
/// through).
#[derive(Debug, Default)]
pub struct ArcConsistency {
    changed: Vec<Var>,
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
        self.changed.clear();
        self.changed.extend_from_slice(changed);
        problem.arc_consistency(&mut state.domains, &mut self.changed)
    }
}
