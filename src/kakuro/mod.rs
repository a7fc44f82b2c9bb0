//! Kakuro (cross sums): reading, solving with complete engines, solving and explaining with
//! named human steps, hints and ratings, and the engines' benchmark.
//!
//! A Kakuro is a grid of black squares, clue squares and white cells. Each white cell takes a
//! digit 1 to 9; each run (the white cells to the right of a clue, or below it) holds
//! distinct digits that add up to the clue's sum. The text format and the JSON records are
//! described in [`format`](mod@format).
//!
//! The layers, each using only those above it:
//! - [`digits`], [`combos`]: digit sets and every combination per (length, sum);
//! - `layout.rs`: the run directions and the largest grid side, which the next three share;
//! - [`error`], [`puzzle`], [`format`](mod@format): the grid, its runs and names, and reading it;
//! - [`engines`]: backtracking, forward checking, MAC, GAC on the combined constraint, and
//!   shaving: configurations of the constraint core ([`crate::csp`]) on a grid-free model;
//! - [`logic`]: the human techniques, their steps and the logical solve's trace and rating;
//! - [`explain`](mod@explain): the front door of the commands: solve, check, explain, rate, hint;
//! - [`generate`]: large puzzles built from a pattern and a fill, and puzzles of a level;
//! - [`render`]: the board with a step's marks, as SVG and as terminal text;
//! - `bench`: the engines' table over size bands (with the `tools` feature).
//!
//! The Kakuro code uses none of the Sudoku modules, only the generic constraint core and the
//! shared budget, hint levels and SVG text helpers (`tests/layering.rs` checks it).

#[cfg(feature = "tools")]
pub mod bench;
pub mod combos;
pub mod digits;
pub mod engines;
pub mod error;
pub mod explain;
pub mod format;
pub mod generate;
mod layout;
pub mod logic;
pub mod puzzle;
pub mod render;

pub use digits::Digits;
pub use error::{ParseError, Problem};
pub use puzzle::{CellId, Direction, Kakuro, Run, RunId, Square};
