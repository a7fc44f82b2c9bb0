//! Uniqueness: the deductions that rest on the puzzle having exactly one solution, a family
//! in six files.
//!
//! **These deductions are valid only for puzzles with exactly one solution.** They argue that
//! some arrangement (a "deadly pattern") would leave the puzzle with two solutions, so it cannot
//! happen. The pipeline proves the puzzle has one solution before it takes any step
//! (`pipeline::solve`); a caller that runs these finders on its own must do the same.
//!
//! - `rectangles.rs`: Unique Rectangle Types 1 to 6 and the Hidden Rectangle, four unsolved
//!   cells in two rows, two columns and two boxes that all hold one pair of digits.
//! - `avoidable.rs`: Avoidable Rectangle Types 1 and 2, the same four cells where some corners
//!   were placed while solving (not given).
//! - `loops.rs`: Unique Loops (six cells or more), and Sudoku Explainer's `UniqueLoops` group,
//!   which finds them with Unique Rectangle Types 1 to 4 and sorts them all as SE does.
//! - `type3.rs`: Sudoku Explainer's naked and hidden sets of a Type 3 rectangle or loop.
//! - `bug.rs`: BUG+1 and BUG Types 2 to 4, the bivalue universal grave.
//! - `hodoku.rs`: HoDoKu's own search for Uniqueness Tests 1 to 6 and the Hidden Rectangle
//!   (its rectangles, its order, its rules), for the hodoku profile.
//!
//! Each file documents its rules, search order and notation.

mod avoidable;
mod bug;
mod hodoku;
mod loops;
mod rectangles;
mod type3;

pub use avoidable::{avoidable_rectangle_1, avoidable_rectangle_2};
pub use bug::{bug_plus_1, bug_type_2, bug_type_3, bug_type_4, hodoku_bug_plus_1};
pub use hodoku::hodoku_uniqueness;
pub use loops::{group_leader, unique_rectangles, unique_rectangles_and_loops};
pub use rectangles::{hidden_rectangle, unique_rectangle_5, unique_rectangle_6};
