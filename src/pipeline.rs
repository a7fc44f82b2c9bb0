//! The logical solver: validity first, then the first step of the enabled techniques, applied
//! and repeated until the grid is solved or no technique applies. It never guesses.
//!
//! Owns [`Options`] (enabled techniques in order, step limit), [`Trace`] and [`Status`], and
//! [`next_step`], the one loop body shared by solving, explaining, rating and hints.

use std::time::Duration;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use strum::IntoEnumIterator;

use crate::deadline;
use crate::finders::{first_accepted, group_leader};
use crate::geometry::{cell_name, CELLS};
use crate::grid::Grid;
use crate::solver::{validity_with_candidates, Validity};
use crate::step::Step;
use crate::technique::{Origin, Technique};

/// What the pipeline may use.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Enabled techniques, tried in this order for every step.
    pub techniques: Vec<Technique>,
    /// Stop after this many steps (the trace is then `stuck`).
    pub step_limit: Option<usize>,
    /// Give up on a puzzle after this long (the trace is then `timeout`): checked between
    /// steps and inside the long chaining searches, see [`crate::deadline`].
    pub time_limit: Option<Duration>,
}

impl Default for Options {
    /// The Sudoku Explainer profile: [`Options::sudoku_explainer`].
    fn default() -> Options {
        Options::sudoku_explainer()
    }
}

impl Options {
    /// Sudoku Explainer 1.2.1's techniques in its order, so ratings agree with SE's. Techniques
    /// SE does not have (HoDoKu's Locked Pair, Skyscraper, ...) are left out: SE would find
    /// those deductions with its own, differently rated rules.
    pub fn sudoku_explainer() -> Options {
        Options {
            techniques: Technique::iter()
                .filter(|t| {
                    t.info().origin == Origin::SudokuExplainer && t.info().enabled_by_default
                })
                .collect(),
            step_limit: None,
            time_limit: None,
        }
    }

    /// Every technique enabled by default, in rating order: the most natural path, though its
    /// ratings can differ from SE's where a technique SE lacks finds a step first.
    pub fn extended() -> Options {
        Options {
            techniques: Technique::iter()
                .filter(|t| t.info().enabled_by_default)
                .collect(),
            step_limit: None,
            time_limit: None,
        }
    }

    /// The same options without the techniques rated above `last` in the catalog order (for
    /// example up to Dynamic Forcing Chains (+), leaving out the slow nested chains).
    pub fn up_to(mut self, last: Technique) -> Options {
        self.techniques.retain(|&t| t <= last);
        self
    }

    /// The same options without the techniques that assume a unique solution (unique
    /// rectangles, BUG), for users who do not want uniqueness taken for granted.
    pub fn without_uniqueness(mut self) -> Options {
        self.techniques
            .retain(|t| t.family() != crate::technique::Family::Uniqueness);
        self
    }

    /// The hint policy: the most natural single first (a full house, then a naked single, then
    /// hidden singles), then the remaining techniques in rating order. Rating follows Sudoku
    /// Explainer's order instead, where a direct hidden pair (2.0) comes before a naked single.
    pub fn for_hints() -> Options {
        let natural = [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingleBox,
            Technique::HiddenSingleLine,
        ];
        let mut techniques: Vec<Technique> = natural.to_vec();
        techniques.extend(
            Options::extended()
                .techniques
                .into_iter()
                .filter(|t| !natural.contains(t)),
        );
        Options {
            techniques,
            step_limit: None,
            time_limit: None,
        }
    }
}

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    Solved,
    /// No enabled technique applies (or the step limit was reached).
    Stuck,
    /// The input could not be read as a puzzle.
    Invalid,
    NoSolution,
    MultipleSolutions,
    /// The time limit passed before the solve ended; the steps taken so far are kept.
    Timeout,
}

/// The whole path of a logical solve.
#[derive(Debug, Clone)]
pub struct Trace {
    /// The puzzle as an 81-character line.
    pub puzzle: String,
    pub status: Status,
    pub solution: Option<[u8; CELLS]>,
    pub steps: Vec<Step>,
    /// The state where the solve ended (the candidates left when stuck).
    pub end: Grid,
    /// For `multiple_solutions`, the cells where two solutions differ.
    pub differing: Vec<usize>,
}

/// The first step the enabled techniques find, in order.
pub fn next_step(grid: &Grid, options: &Options) -> Option<Step> {
    // On the stack: this runs at every step, and most steps are found by the first finders.
    // (Were it ever full, a group would only be searched again, to the same result.)
    let mut searched: arrayvec::ArrayVec<Technique, 256> = arrayvec::ArrayVec::new();
    for &t in &options.techniques {
        // Techniques found by one search (SE's chaining rules) are searched once, together,
        // and the search's own order decides among them, as in Sudoku Explainer.
        let leader = group_leader(t);
        if searched.contains(&leader) {
            continue;
        }
        let _ = searched.try_push(leader);
        let accept = |x: Technique| options.techniques.contains(&x);
        if let Some(step) = first_accepted(t, grid, &accept) {
            return Some(step);
        }
    }
    None
}

/// Applies a step's placements and eliminations.
pub fn apply(grid: &mut Grid, step: &Step) {
    for p in &step.placements {
        if grid.value(p.cell) == 0 {
            grid.place(p.cell, p.digit);
        }
    }
    for e in &step.eliminations {
        grid.eliminate(e.cell, e.digit);
    }
}

/// Solves a puzzle logically. The complete solver first proves a unique solution; the state's
/// candidates restrict it, so a pencilmark grid is checked as written.
pub fn solve(start: &Grid, options: &Options) -> Trace {
    let puzzle = start.to_line();
    let mut masks = start.candidate_masks();
    for (cell, mask) in masks.iter_mut().enumerate() {
        if start.value(cell) != 0 {
            *mask = 1 << (start.value(cell) - 1);
        }
    }
    let solution = match validity_with_candidates(&masks) {
        Validity::Unique(s) => s,
        Validity::NoSolution => {
            return Trace {
                puzzle,
                status: Status::NoSolution,
                solution: None,
                steps: vec![],
                end: start.clone(),
                differing: vec![],
            }
        }
        Validity::Multiple(a, b) => {
            let differing = (0..CELLS).filter(|&i| a[i] != b[i]).collect();
            return Trace {
                puzzle,
                status: Status::MultipleSolutions,
                solution: None,
                steps: vec![],
                end: start.clone(),
                differing,
            };
        }
    };
    let mut grid = start.clone();
    // Most paths take about one step per empty cell: no regrowing of a vector of large steps.
    let mut steps = Vec::with_capacity(grid.empty_count());
    let _deadline = deadline::Guard::new(options.time_limit);
    let status = loop {
        if grid.is_solved() {
            break Status::Solved;
        }
        if options.step_limit.is_some_and(|limit| steps.len() >= limit) {
            break Status::Stuck;
        }
        let found = next_step(&grid, options);
        // A search cut short by the deadline reports nothing, and a later technique might then
        // have found a step SE would not take: once the deadline has passed, whatever this
        // round found is dropped. Expiry is monotonic, so a step kept here came from searches
        // that all ran to the end.
        if deadline::expired() {
            break Status::Timeout;
        }
        match found {
            Some(step) => {
                apply(&mut grid, &step);
                steps.push(step);
            }
            None => break Status::Stuck,
        }
    };
    Trace {
        puzzle,
        status,
        solution: Some(solution),
        steps,
        end: grid,
        differing: vec![],
    }
}

impl Trace {
    /// The solution as an 81-character line.
    pub fn solution_line(&self) -> Option<String> {
        self.solution
            .map(|s| s.iter().map(|&d| (b'0' + d) as char).collect())
    }

    /// A step that contradicts the solution, if any (must never happen).
    pub fn first_unsound_step(&self) -> Option<(usize, &Step)> {
        let solution = self.solution?;
        self.steps.iter().enumerate().find(|(_, s)| {
            s.placements.iter().any(|p| solution[p.cell] != p.digit)
                || s.eliminations.iter().any(|e| solution[e.cell] == e.digit)
        })
    }

    /// Names of the cells where two solutions differ, for the `multiple_solutions` message.
    pub fn differing_names(&self) -> Vec<String> {
        self.differing.iter().map(|&c| cell_name(c)).collect()
    }
}

impl Serialize for Trace {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Trace", 4)?;
        st.serialize_field("puzzle", &self.puzzle)?;
        st.serialize_field("solution", &self.solution_line())?;
        st.serialize_field("status", &self.status)?;
        st.serialize_field("steps", &self.steps)?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::Family;

    /// Uniqueness techniques never run on a puzzle with several solutions: the pipeline stops
    /// before the first step.
    #[test]
    fn no_step_at_all_without_a_unique_solution() {
        let mut cells = [0u8; 81];
        // The first row only: a puzzle with very many solutions.
        for (i, d) in (1..=9u8).enumerate() {
            cells[i] = d;
        }
        let all = Options {
            techniques: Technique::iter().collect(),
            step_limit: None,
            time_limit: None,
        };
        let trace = solve(&Grid::from_puzzle(&cells), &all);
        assert_eq!(trace.status, Status::MultipleSolutions);
        assert!(trace.steps.is_empty());
        assert!(!trace.differing.is_empty());
    }

    /// Easter Monster takes seconds in the SE profile (nested chains from the first step):
    /// a tiny limit ends the solve as `timeout`, keeping only sound steps, never as `stuck`.
    #[test]
    fn a_time_limit_ends_the_solve_as_timeout() {
        let line =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let grid = Grid::from_puzzle(&crate::format::parse_puzzle(line, None).unwrap().cells);
        let options = Options {
            time_limit: Some(Duration::from_millis(20)),
            ..Options::sudoku_explainer()
        };
        let trace = solve(&grid, &options);
        assert_eq!(trace.status, Status::Timeout);
        assert!(trace.first_unsound_step().is_none());
        assert!(!crate::deadline::expired(), "the limit ends with the solve");
    }

    #[test]
    fn a_generous_time_limit_changes_nothing() {
        let line =
            "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...";
        let grid = Grid::from_puzzle(&crate::format::parse_puzzle(line, None).unwrap().cells);
        let plain = solve(&grid, &Options::sudoku_explainer());
        let limited = solve(
            &grid,
            &Options {
                time_limit: Some(Duration::from_secs(3600)),
                ..Options::sudoku_explainer()
            },
        );
        assert_eq!(plain.status, Status::Solved);
        assert_eq!(limited.status, Status::Solved);
        assert_eq!(plain.steps, limited.steps);
    }

    #[test]
    fn uniqueness_can_be_switched_off() {
        let with = Options::sudoku_explainer();
        assert!(with
            .techniques
            .iter()
            .any(|t| t.family() == Family::Uniqueness));
        let without = with.without_uniqueness();
        assert!(without
            .techniques
            .iter()
            .all(|t| t.family() != Family::Uniqueness));
        assert!(!without.techniques.is_empty());
    }
}
