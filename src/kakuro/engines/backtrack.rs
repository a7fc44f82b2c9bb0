//! Plain backtracking: no domain is ever narrowed; after each assignment the constraints of
//! the assigned variable are checked on the variables assigned so far (no digit twice, the
//! sum not passed, the sum met once all are assigned). Variables are assigned in reading
//! order. The baseline the stronger engines are measured against.

use super::model::{Model, State};
use super::{Contradiction, Propagator};

/// Checks only: see the module doc.
#[derive(Debug, Default)]
pub struct Backtrack;

impl Propagator for Backtrack {
    const STATIC_ORDER: bool = true;
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
            for &id in model.constraints_of(cell) {
                let constraint = &model.constraints()[id];
                let mut seen = 0u16;
                let mut total = 0;
                let mut open = 0;
                for &other in &constraint.cells {
                    if !state.assigned[other] {
                        open += 1;
                        continue;
                    }
                    let bits = state.domains[other].bits();
                    if seen & bits != 0 {
                        return Err(Contradiction);
                    }
                    seen |= bits;
                    total += state.domains[other].sum();
                }
                let broken = if open == 0 {
                    total != constraint.sum
                } else {
                    total >= constraint.sum
                };
                if broken {
                    return Err(Contradiction);
                }
            }
        }
        Ok(())
    }
}
