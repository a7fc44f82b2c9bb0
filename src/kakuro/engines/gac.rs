//! Generalized arc consistency on each run's combined constraint: sum and all-different
//! together, so every digit left in a cell is part of a combination that fits every cell of
//! the run, in an arrangement that gives each cell a digit of its own
//! ([`crate::kakuro::combos::arrangeable`]); run to a fixpoint over all runs after every
//! change. The strongest propagation of the four engines.

use super::model::{Model, State};
use super::queue::ConstraintQueue;
use super::{Contradiction, Propagator};
use crate::kakuro::combos::arrangeable;
use crate::kakuro::digits::Digits;

/// GAC on the combined sum-and-all-different constraint: see the module doc.
#[derive(Debug, Default)]
pub struct Gac {
    queue: ConstraintQueue,
}

impl Propagator for Gac {
    const STATIC_ORDER: bool = false;
    const SINGLETONS_DECIDED: bool = true;

    fn propagate(
        &mut self,
        model: &Model,
        state: &mut State,
        changed: &[usize],
    ) -> Result<(), Contradiction> {
        self.queue.start(model, changed);
        while let Some(id) = self.queue.next() {
            let constraint = &model.constraints()[id];
            let domains: arrayvec::ArrayVec<Digits, 9> =
                constraint.cells.iter().map(|&c| state.domains[c]).collect();
            let Some(kept) = arrangeable(&domains, constraint.sum) else {
                self.queue.clear();
                return Err(Contradiction);
            };
            for (position, &cell) in constraint.cells.iter().enumerate() {
                if kept[position] != domains[position] {
                    state.domains[cell] = kept[position];
                    self.queue.push_others(model, cell, id);
                }
            }
        }
        Ok(())
    }
}
