//! Maintained arc consistency on the classic decomposition: all-different as pairwise
//! inequalities (a variable down to one digit removes it from the rest of its constraints)
//! and the sum as bounds (each variable lies between the sum minus the others' largest and
//! the sum minus the others' smallest), both run to a fixpoint after every change. Weaker
//! than [`super::gac`]: neither part sees the combinations (16 in two is 7+9 only once the
//! bounds happen to meet).

use crate::kakuro::digits::Digits;

use super::model::{Model, State};
use super::queue::ConstraintQueue;
use super::{Contradiction, Propagator};

/// MAC with all-different and sum bounds: see the module doc.
#[derive(Debug, Default)]
pub struct Mac {
    queue: ConstraintQueue,
}

impl Propagator for Mac {
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
            let cells = &model.constraints()[id].cells;
            let narrowed = match revise(cells, model.constraints()[id].sum, &mut state.domains) {
                Ok(narrowed) => narrowed,
                Err(contradiction) => {
                    self.queue.clear();
                    return Err(contradiction);
                }
            };
            for (position, &cell) in cells.iter().enumerate() {
                if narrowed & (1 << position) != 0 {
                    self.queue.push_others(model, cell, id);
                }
            }
        }
        Ok(())
    }
}

/// Inequalities and bounds of one constraint to its own fixpoint; the positions narrowed.
fn revise(cells: &[usize], sum: u32, domains: &mut [Digits]) -> Result<u16, Contradiction> {
    let mut narrowed = 0u16;
    loop {
        let before = narrowed;
        for &cell in cells {
            let Some(digit) = domains[cell].only() else {
                continue;
            };
            for (other_position, &other) in cells.iter().enumerate() {
                if other != cell && domains[other].contains(digit) {
                    let left = domains[other].without(digit);
                    if left.is_empty() {
                        return Err(Contradiction);
                    }
                    domains[other] = left;
                    narrowed |= 1 << other_position;
                }
            }
        }
        let (mut low, mut high) = (0i32, 0i32);
        for &cell in cells {
            let domain = domains[cell];
            low += i32::from(domain.min().ok_or(Contradiction)?);
            high += i32::from(domain.max().ok_or(Contradiction)?);
        }
        let sum = sum as i32;
        if low > sum || high < sum {
            return Err(Contradiction);
        }
        for (position, &cell) in cells.iter().enumerate() {
            let domain = domains[cell];
            let (min, max) = (
                i32::from(domain.min().unwrap_or(1)),
                i32::from(domain.max().unwrap_or(9)),
            );
            let bounded = domain & Digits::range(sum - (high - max), sum - (low - min));
            if bounded != domain {
                if bounded.is_empty() {
                    return Err(Contradiction);
                }
                domains[cell] = bounded;
                narrowed |= 1 << position;
            }
        }
        if narrowed == before {
            return Ok(narrowed);
        }
    }
}
