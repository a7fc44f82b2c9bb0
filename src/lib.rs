//! Stepwise: a human-style Sudoku solver, hint engine and difficulty rater.
//!
//! The short way in is [`Puzzle`]: parse, then check, solve, explain, rate or hint, each
//! answering with the records of [`answer`], the ones the `stepwise` command line prints and
//! its JSON API returns.
//!
//! ```
//! let puzzle = stepwise::Puzzle::parse("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79")?;
//! let rating = puzzle.rate(&stepwise::RateSettings::default());
//! assert_eq!((rating.er, rating.status.as_str()), (Some(1.2), "solved"));
//! # Ok::<(), stepwise::Error>(())
//! ```
//!
//! Layers, each depending only on those above it in this list:
//! - [`geometry`]: cells, units, peers and the bitsets every other module uses.
//! - [`grid`]: the candidate state (givens, placed digits, candidates).
//! - [`solver`]: the complete bitset search that proves validity (0, 1 or many solutions).
//! - [`csp`]: the one constraint core beside the 9x9 solver: variables with bitset domains,
//!   all-different and sum constraints, propagators, one search with its orderings, shaving,
//!   limits and meter, and the crate's seeded random generator.
//! - [`shape`]: grids of every size (4x4 to 25x25, any boxes) and Latin squares on that core:
//!   their puzzles, read and written with values `1`-`9` then `A`-`P`.
//! - [`engines`]: the classic engines (naive, backtrack, forward checking with MRV and LCV, MAC,
//!   best-first, Dancing Links, and the 9x9 solver as `fast`) behind one interface, with
//!   limits and figures; the measured comparison of `stepwise bench engines`.
//! - [`format`](mod@format): reading and writing puzzles in the formats people paste.
//! - [`error`]: the one error type of the library.
//! - [`technique`]: the catalog of technique names, families and ratings.
//! - [`step`]: a deduction step, its pattern evidence and its notation.
//! - [`notation`]: reading the step notation a player writes (`r1c2=5`, `r1c456<>4`).
//! - [`render`]: the candidate board drawn with a step's marks (terminal text, colour or plain;
//!   SVG pictures); `svg_text`: the SVG text helpers it shares with Kakuro's pictures.
//! - [`cache`]: the bound on the memories finders keep, per thread.
//! - `deadline`: a per-thread time limit that long searches check cooperatively.
//! - `finders`: one function per technique, grouped by family.
//! - [`budget`]: what one call may spend (time, cache memory).
//! - [`pipeline`]: the logical solve loop and its trace.
//! - [`profile`]: the named technique sets and which paths rate a puzzle.
//! - [`rating`]: ER/EP/ED, HoDoKu's score and level, computed from a trace.
//! - [`analysis`]: a puzzle's symmetry, technique histogram and bottleneck steps; batch summaries.
//! - `agreement` (feature `tools`): how a rated file's ratings compare with ours, per ER band,
//!   and two paths aligned.
//! - `bench` (feature `tools`): the tables and SVG charts of `stepwise bench engines` and
//!   `stepwise kakuro bench`, generic over what is measured (above [`engines`] and [`kakuro`]).
//! - [`hint`]: the next hint from a user's state, at four levels of detail.
//! - [`explain`](mod@explain): the front door: solve logically, explain, rate and hint a parsed puzzle.
//! - [`apply`]: a player's own step checked against the state, the solution and the technique
//!   named, and applied when sound.
//! - [`generate`]: new puzzles of a requested level, rating, technique, symmetry and givens,
//!   rated as [`explain`](mod@explain) rates them.
//! - [`answer`]: the front ends' contract: the answer records of every command and endpoint,
//!   and the reading rules both front ends apply (format names, timeouts, technique names).
//! - [`puzzle`]: [`Puzzle`], the facade over all of the above.
//!
//! Beside the Sudoku layers, on the constraint core alone (it uses no Sudoku module):
//! - [`kakuro`]: Kakuro (cross sums): its formats, complete engines (backtracking to GAC with
//!   shaving, configurations of [`csp`]), human steps with a trace, hints, ratings, a generator
//!   of large grids and the engines' benchmark.
//!
//! `deadline` and `finders` are internals: public only with the feature `internals`, which the
//! crate's own integration tests, examples and benchmarks turn on (a dev-dependency of the crate
//! on itself) to reach single finders and the deadline; hidden from these docs, they may change
//! without notice. A front end goes through [`Puzzle`], [`explain`](mod@explain), [`hint`],
//! [`apply`] and [`budget`] instead.

#![warn(missing_docs)]

#[cfg(feature = "tools")]
pub mod agreement;
pub mod analysis;
pub mod answer;
pub mod apply;
#[cfg(feature = "tools")]
pub mod bench;
pub mod budget;
pub mod cache;
pub mod csp;
// Public with `internals` for tests/budgets.rs (is the deadline released after a call?); a
// front end sets time through `budget::Budget`.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod deadline;
#[cfg(not(feature = "internals"))]
mod deadline;
pub mod engines;
pub mod error;
pub mod explain;
// Public with `internals` for the integration tests, examples and benchmarks, which call single
// finders (`finders::first`, `finders::all`, the forcing-chain search); a front end gets steps
// from the pipeline, `explain` or `hint`. Without it, what only they call is unused here.
#[cfg(feature = "internals")]
#[doc(hidden)]
pub mod finders;
#[cfg(not(feature = "internals"))]
#[allow(dead_code)]
mod finders;
pub mod format;
pub mod generate;
pub mod geometry;
pub mod grid;
pub mod hint;
mod hint_level;
pub mod kakuro;
pub mod notation;
pub mod pipeline;
pub mod profile;
pub mod puzzle;
pub mod rating;
pub mod render;
pub mod shape;
pub mod solver;
pub mod step;
mod svg_text;
pub mod technique;

pub use error::Error;
pub use explain::{
    analyze, explain, next_hint_with, rate_puzzle, solve_logically, Explanation, HintSettings,
    RateRecord, RateSettings,
};
pub use finders::clear_caches;
pub use hint::{Hint, HintKind, HintLevel};
pub use puzzle::Puzzle;

/// The README's Rust example, run as a doc test so it stays true.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
pub struct ReadmeExamples;
