//! Forward checking: after each assignment, the assigned digit leaves the domains of the
//! unassigned variables of its constraints, and a constraint with one unassigned variable
//! left narrows it to the one digit that meets the sum. A domain emptied is a dead end.
//! Nothing propagates further (a narrowed domain triggers nothing until it is assigned).

use crate::kakuro::digits::Digits;

use super::model::{Model, State};
use super::{Contradiction, Propagator};

/// Forward checking: see the module doc.
#[derive(Debug, Default)]
pub struct ForwardChecking;

impl Propagator for ForwardChecking {
    const STATIC_ORDER: bool = false;
    const SINGLETONS_DECIDED: bool = false;

    fn propagate(
        &mut self,
        model: &Model,
        state: &mut State,
        changed: &[usize],
    ) -> Result<(), Contradiction> {
        for &cell in changed {
            if !state.assigned[cell] {
                continue;
            }
            let value = state.domains[cell];
            for &id in model.constraints_of(cell) {
                let constraint = &model.constraints()[id];
                let mut total = 0;
                let mut open = None;
                let mut open_count = 0;
                for &other in &constraint.cells {
                    if state.assigned[other] {
                        total += state.domains[other].sum();
                        if other != cell && state.domains[other] == value {
                            return Err(Contradiction);
                        }
                        continue;
                    }
                    let narrowed = state.domains[other] - value;
                    if narrowed.is_empty() {
                        return Err(Contradiction);
                    }
                    state.domains[other] = narrowed;
                    open = Some(other);
                    open_count += 1;
                }
                match (open_count, open) {
                    (0, _) if total != constraint.sum => return Err(Contradiction),
                    (1, Some(last)) => {
                        let needed = constraint.sum as i32 - total as i32;
                        let narrowed = state.domains[last] & Digits::range(needed, needed);
                        if narrowed.is_empty() {
                            return Err(Contradiction);
                        }
                        state.domains[last] = narrowed;
                    }
                    _ => {}
                }
            }
        }
        Ok(())
    }
}
