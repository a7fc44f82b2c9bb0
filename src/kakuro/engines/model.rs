//! A Kakuro as a problem of the constraint core: a variable per white cell (in the puzzle's
//! cell order) with the digits 1..9, and a sum-and-all-different constraint per run (in the
//! puzzle's run order). Nothing past this file knows the grid.
//!
//! Owns [`Model`], which holds the [`Problem`] the engines search.

use crate::csp::{Constraint, Problem, DIGITS};
use crate::kakuro::puzzle::Kakuro;

/// A Kakuro's problem: see the module doc.
#[derive(Debug, Clone)]
pub struct Model {
    problem: Problem,
}

impl Model {
    /// A Kakuro's model: a variable per white cell, a constraint per run, in the same order.
    pub fn of_kakuro(kakuro: &Kakuro) -> Model {
        let constraints = kakuro
            .runs()
            .iter()
            .map(|run| Constraint::Sum {
                vars: run.cells.clone(),
                sum: run.sum,
            })
            .collect();
        Model {
            problem: Problem::new(9, vec![DIGITS; kakuro.cell_count()], constraints),
        }
    }

    /// The problem the engines search.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }

    /// How many variables.
    pub fn variables(&self) -> usize {
        self.problem.var_count()
    }

    /// Whether `values` (one per variable) keep every constraint.
    pub fn satisfied_by(&self, values: &[u8]) -> bool {
        self.problem.satisfied(values)
    }
}
