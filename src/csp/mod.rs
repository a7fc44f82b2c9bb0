//! The generic constraint core, beside the 9x9 fast solver: variables with small domains,
//! constraints between them, the propagators, the one search every engine configures, and
//! what a search may spend and reports. Grids of every size and Latin squares
//! ([`crate::shape`]) build problems on it; the engines ([`crate::engines`]) and Kakuro's
//! engines ([`crate::kakuro::engines`]) are configurations of its search. It knows neither.
//!
//! The split follows the propagator/brancher model of constraint solvers: a [`Constraint`]
//! only answers what it rules out (a legality check, forward checking, arc consistency), a
//! [`Problem`] runs those to a fixpoint, a [`Propagator`] picks which of them a search runs
//! after each assignment, and [`search()`] chooses variables and values ([`Strategy`]).
//!
//! - `domain.rs`: [`Domain`], the values 1..=32 a variable may take, as a `u32` bitset.
//! - `constraint.rs`: [`Constraint`] and its answers.
//! - `dig.rs`: [`dig`] and [`dig_one_at_a_time`], the one digger: givens taken out of a
//!   complete grid while a test of the puzzle holds.
//! - `problem.rs`: [`Problem`], forward checking from an assignment, AC-3 to a fixpoint.
//! - `search.rs`: [`State`], the [`Propagator`] trait, [`search()`] (variable and value
//!   ordering, recursive or explicit-stack walk, in place or copying) and [`shave`].
//! - `sum.rs`: the sum-and-all-different constraint's revisions and the one combination
//!   table (Kakuro's human steps read it too).
//! - `propagators.rs`: [`Check`], [`CheckAfter`], [`ForwardCheck`], [`ArcConsistency`].
//! - [`rng`]: the crate's one deterministic random number generator (seeded puzzles).
//! - `meter.rs`: [`Limits`], [`Meter`] (nodes, dead ends, solutions, the thread's deadline)
//!   and the one result, [`Run`] with [`Stats`] and [`Stop`].

mod constraint;
mod dig;
mod domain;
mod meter;
mod problem;
mod propagators;
pub mod rng;
mod search;
mod sum;

pub use constraint::{Constraint, Var, Wipeout};
pub use dig::{dig, dig_one_at_a_time};
pub use domain::{Domain, MAX_VALUE};
pub use meter::{Limits, Meter, Run, Stats, Stop, TIME_CHECK_EVERY};
pub use problem::{Problem, Queue};
pub use propagators::{ArcConsistency, Check, CheckAfter, ForwardCheck};
pub use search::{
    choose, search, shave, Propagator, State, Strategy, ValueOrder, Values, VarOrder, Walk,
};
pub use sum::{arrangeable, combinations, sum_range, DIGITS, MAX_RUN, MAX_SUM, MOST_COMBINATIONS};
