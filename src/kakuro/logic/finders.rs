//! The finders of every human technique, by technique: the simpler ones in `simple.rs`, the
//! contradiction in `contradiction.rs` (which plays the simpler ones, so both sit below this
//! file). A finder is a pure function of a board that emits the steps it finds; it never
//! changes the board and emits only steps that place or remove something.
//!
//! Owns [`find`], [`first`] and [`all`]: one code path serves the solver (the first step) and
//! the tests (every step of a board).

use std::ops::ControlFlow;

use super::board::Board;
use super::contradiction;
use super::simple;
pub use super::step::Emit;
use super::step::{first_emitted, Step};
use super::technique::Technique;
use crate::kakuro::puzzle::Kakuro;

/// Runs `technique`'s finder on `board`.
pub fn find(
    technique: Technique,
    kakuro: &Kakuro,
    board: &Board,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    match technique {
        Technique::Contradiction => contradiction::find(kakuro, board, emit),
        simpler => simple::find(simpler, kakuro, board, emit),
    }
}

/// The first step `technique` finds on `board`.
pub fn first(technique: Technique, kakuro: &Kakuro, board: &Board) -> Option<Step> {
    first_emitted(|emit| find(technique, kakuro, board, emit))
}

/// Every step `technique` finds on `board`.
pub fn all(technique: Technique, kakuro: &Kakuro, board: &Board) -> Vec<Step> {
    let mut found = Vec::new();
    let _ = find(technique, kakuro, board, &mut |step| {
        found.push(step);
        ControlFlow::Continue(())
    });
    found
}
