//! The logical solver: validity first, then the first step of the enabled techniques, applied
//! and repeated until the grid is solved or no technique applies. It never guesses.
//!
//! Owns [`Options`] (enabled techniques in order, step limit), [`Trace`] and [`Status`], and
//! [`next_step`], the one loop body shared by solving, explaining, rating and hints.

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use strum::IntoEnumIterator;

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
        }
    }

    /// An approximation of Sukaku Explainer's default rule set (SE's maintained fork, the rater
    /// of `sukaku-exchange.tsv`): Sudoku Explainer 1.2.1's techniques plus the single-digit
    /// patterns of its `TurbotFish` rule (Skyscraper, 2-String Kite, Turbot Fish, Empty
    /// Rectangle), X-Chain for its `ThreeStrongLinks` and WXYZ-Wing, in rating order. Its
    /// VWXYZ-Wing and grouped turbot fish (4.3) are not in Stepwise, so agreement is partial
    /// (measured with `stepwise compare`, see ARCHITECTURE.md).
    pub fn sukaku_explainer() -> Options {
        use Technique::*;
        let added = [
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            EmptyRectangle,
            XChain,
            WXYZWing,
        ];
        Options {
            techniques: Technique::iter()
                .filter(|t| {
                    (t.info().origin == Origin::SudokuExplainer && t.info().enabled_by_default)
                        || added.contains(t)
                })
                .collect(),
            step_limit: None,
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
    let mut searched: Vec<Technique> = Vec::new();
    for &t in &options.techniques {
        // Techniques found by one search (SE's chaining rules) are searched once, together,
        // and the search's own order decides among them, as in Sudoku Explainer.
        let leader = group_leader(t);
        if searched.contains(&leader) {
            continue;
        }
        searched.push(leader);
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
    let mut steps = Vec::new();
    let status = loop {
        if grid.is_solved() {
            break Status::Solved;
        }
        if options.step_limit.is_some_and(|limit| steps.len() >= limit) {
            break Status::Stuck;
        }
        match next_step(&grid, options) {
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
        };
        let trace = solve(&Grid::from_puzzle(&cells), &all);
        assert_eq!(trace.status, Status::MultipleSolutions);
        assert!(trace.steps.is_empty());
        assert!(!trace.differing.is_empty());
    }

    /// The Sukaku profile is the SE profile with the added techniques inserted in rating order.
    #[test]
    fn sukaku_profile_extends_the_se_profile_in_order() {
        let se = Options::sudoku_explainer().techniques;
        let sukaku = Options::sukaku_explainer().techniques;
        let kept: Vec<Technique> = sukaku.iter().copied().filter(|t| se.contains(t)).collect();
        assert_eq!(kept, se);
        assert_eq!(sukaku.len(), se.len() + 6);
        let at = |t: Technique| sukaku.iter().position(|&x| x == t).unwrap();
        assert!(at(Technique::HiddenTriple) < at(Technique::Skyscraper));
        assert!(at(Technique::TurbotFish) < at(Technique::XYWing));
        assert!(at(Technique::HiddenQuad) < at(Technique::XChain));
        assert!(at(Technique::WXYZWing) < at(Technique::BugPlus1));
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
