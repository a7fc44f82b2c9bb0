//! The generic constraint core, beside the 9x9 fast solver: variables with small domains,
//! constraints between them, and the propagation the search engines share. Grids of every
//! size and Latin squares ([`crate::shape`]) are built on it, and the engines
//! ([`crate::engines`]) search it; it knows neither.
//!
//! The split follows the propagator/brancher model of constraint solvers: a [`Constraint`]
//! only answers what it rules out (a legality check, forward checking, arc consistency), a
//! [`Problem`] runs those to a fixpoint, and the engines choose variables and values. A new
//! kind of puzzle adds a constraint variant (Kakuro: a sum with all-different) and reuses every
//! engine.
//!
//! - `domain.rs`: [`Domain`], the values 1..=32 a variable may take, as a `u32` bitset.
//! - `constraint.rs`: [`Constraint`] (all-different now) and its three answers.
//! - `problem.rs`: [`Problem`], forward checking from an assignment, AC-3 to a fixpoint.

mod constraint;
mod domain;
mod problem;

pub use constraint::{Constraint, Var, Wipeout};
pub use domain::{Domain, MAX_VALUE};
pub use problem::Problem;
