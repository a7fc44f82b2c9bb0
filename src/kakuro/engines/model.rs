//! The constraint model every engine solves: variables (the white cells) with domains in
//! 1..9, and sum constraints over sets of variables (the runs), each asking its variables to
//! take distinct digits that add up to its sum. Nothing here knows a grid, so the engines can
//! move onto the shared constraint core as they are.
//!
//! Owns [`Model`] and [`State`] (the domains and which variables the search assigned).

use crate::kakuro::digits::Digits;
use crate::kakuro::puzzle::Kakuro;

/// One sum-and-all-different constraint.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SumConstraint {
    /// Its variables.
    pub cells: Vec<usize>,
    /// What they add up to.
    pub sum: u32,
}

/// Variables and constraints, with each variable's constraints listed.
#[derive(Debug, Clone)]
pub struct Model {
    variables: usize,
    constraints: Vec<SumConstraint>,
    /// The constraints of variable `v` are `of_variable[starts[v]..starts[v + 1]]`.
    starts: Vec<usize>,
    of_variable: Vec<usize>,
}

impl Model {
    /// A model of `variables` variables (numbered 0..) under `constraints`.
    pub fn new(variables: usize, constraints: Vec<SumConstraint>) -> Model {
        let mut lists = vec![Vec::new(); variables];
        for (id, constraint) in constraints.iter().enumerate() {
            for &cell in &constraint.cells {
                lists[cell].push(id);
            }
        }
        let mut starts = Vec::with_capacity(variables + 1);
        let mut of_variable = Vec::new();
        for list in lists {
            starts.push(of_variable.len());
            of_variable.extend(list);
        }
        starts.push(of_variable.len());
        Model {
            variables,
            constraints,
            starts,
            of_variable,
        }
    }

    /// A Kakuro's model: a variable per white cell, a constraint per run, in the same order.
    pub fn of_kakuro(kakuro: &Kakuro) -> Model {
        let constraints = kakuro
            .runs()
            .iter()
            .map(|run| SumConstraint {
                cells: run.cells.clone(),
                sum: run.sum,
            })
            .collect();
        Model::new(kakuro.cell_count(), constraints)
    }

    /// How many variables.
    pub fn variables(&self) -> usize {
        self.variables
    }

    /// Every constraint.
    pub fn constraints(&self) -> &[SumConstraint] {
        &self.constraints
    }

    /// The constraints a variable is in.
    pub fn constraints_of(&self, variable: usize) -> &[usize] {
        &self.of_variable[self.starts[variable]..self.starts[variable + 1]]
    }

    /// Whether `values` (one per variable) keep every constraint.
    pub fn satisfied_by(&self, values: &[u8]) -> bool {
        values.len() == self.variables
            && self.constraints.iter().all(|c| {
                let digits: Digits = c.cells.iter().map(|&v| values[v]).collect();
                digits.len() == c.cells.len()
                    && c.cells.iter().map(|&v| u32::from(values[v])).sum::<u32>() == c.sum
            })
    }
}

/// A search state: each variable's domain, and whether the search assigned it (the weaker
/// engines tell an assigned variable from one whose domain merely shrank to one digit).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct State {
    /// Each variable's possible digits.
    pub domains: Vec<Digits>,
    /// Whether the search assigned the variable.
    pub assigned: Vec<bool>,
}

impl State {
    /// Every variable free, every digit possible.
    pub fn new(variables: usize) -> State {
        State {
            domains: vec![Digits::ALL; variables],
            assigned: vec![false; variables],
        }
    }

    /// Each variable's digit, when every domain holds exactly one.
    pub fn values(&self) -> Option<Vec<u8>> {
        self.domains.iter().map(|d| d.only()).collect()
    }
}
