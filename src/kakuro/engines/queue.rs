//! The queue of constraints waiting to be revised, shared by the propagating engines: each
//! constraint at most once in it, so a fixpoint costs one revision per change.

use super::model::Model;

/// Constraints to revise, each queued at most once.
#[derive(Debug, Default)]
pub struct ConstraintQueue {
    pending: Vec<usize>,
    queued: Vec<bool>,
}

impl ConstraintQueue {
    /// Starts a fixpoint: the constraints of every variable in `changed`.
    pub fn start(&mut self, model: &Model, changed: &[usize]) {
        if self.queued.len() != model.constraints().len() {
            self.queued = vec![false; model.constraints().len()];
            self.pending.clear();
        }
        for &variable in changed {
            for &id in model.constraints_of(variable) {
                self.push(id);
            }
        }
    }

    fn push(&mut self, id: usize) {
        if !self.queued[id] {
            self.queued[id] = true;
            self.pending.push(id);
        }
    }

    /// Queues the constraints of `variable` other than `except`, the one that changed it.
    pub fn push_others(&mut self, model: &Model, variable: usize, except: usize) {
        for &id in model.constraints_of(variable) {
            if id != except {
                self.push(id);
            }
        }
    }

    /// The next constraint to revise.
    pub fn next(&mut self) -> Option<usize> {
        let id = self.pending.pop()?;
        self.queued[id] = false;
        Some(id)
    }

    /// Empties the queue (after a contradiction).
    pub fn clear(&mut self) {
        for id in self.pending.drain(..) {
            self.queued[id] = false;
        }
    }
}
