//! The bench commands' tables and charts, generic over what is measured: a text table of
//! aligned columns ([`table`]) and a standalone SVG chart of mean times on a log scale, one
//! group of bars per row and one colour per engine ([`chart`]). The measuring stays with what
//! is measured ([`crate::engines::compare`] for `stepwise bench engines`,
//! [`crate::kakuro::bench`] for `stepwise kakuro bench`); [`engines`](mod@engines) and
//! [`kakuro`](mod@kakuro) here turn their rows into the two pictures.
//!
//! This module sits above both: it uses the Sudoku engines and Kakuro, which use neither it
//! nor each other (`tests/layering.rs` checks it).

pub mod chart;
pub mod engines;
pub mod kakuro;
pub mod table;

pub use chart::Chart;
pub use table::{Align, Column, TextTable};
