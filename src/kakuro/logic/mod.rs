//! Kakuro solved as a person solves it: named techniques, each step with its placements,
//! eliminations and the runs, cells and combinations that justify it, in a trace that rates
//! the puzzle by its hardest step.
//!
//! - `technique.rs`: the techniques, their order and the one table of difficulties;
//! - `board.rs`: the candidate state and a run's open part;
//! - `step.rs`: a step, its sentence and its JSON;
//! - `simple.rs`: the finders of the simpler techniques; `contradiction.rs`: the bounded
//!   trial, which plays them; `finders.rs`: every finder, by technique;
//! - `trace.rs`: the solve loop and the rating.
//!
//! Every step is sound whatever the puzzle: no technique assumes the solution is unique.

pub mod board;
pub mod contradiction;
pub mod finders;
mod simple;
pub mod step;
pub mod technique;
pub mod trace;

pub use board::Board;
pub use step::{Step, StepReport};
pub use technique::{Level, Technique, SHORT_TRIAL};
pub use trace::{next_step, solve, solve_from, solve_with, Rating, Status, Trace};
