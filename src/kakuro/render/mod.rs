//! A Kakuro board drawn with a step's marks: as a standalone SVG picture ([`svg`]) and as
//! text for a terminal, in colour or in plain markers with a legend ([`terminal`]).
//!
//! Owns [`Marks`], what a step marks on the board, which both drawings read: the step's own
//! cells (a single's cell, a crossing cell, a trial's cell), the cells of its runs and their
//! clue squares, its placements and its eliminations. The drawings decide only how each mark
//! looks. Like the rest of `kakuro`, nothing here uses the Sudoku side: the SVG text helpers
//! come from the crate's `svg_text`, which both sides share.

pub mod svg;
pub mod terminal;

use super::digits::Digits;
use super::logic::Step;
use super::puzzle::{CellId, Direction, Kakuro};

/// What a step marks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Marks {
    /// Per cell: one of the step's own cells.
    step_cells: Vec<bool>,
    /// Per cell: a cell of one of the step's runs.
    run_cells: Vec<bool>,
    /// The clue squares of the step's runs, with the run's direction.
    clues: Vec<((usize, usize), Direction)>,
    /// Digits placed.
    placed: Vec<(CellId, u8)>,
    /// Candidates removed, per cell.
    removed: Vec<(CellId, Digits)>,
}

/// How a candidate is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CandidateMark {
    /// The step places it.
    Placed,
    /// The step removes it.
    Removed,
}

/// How a white cell is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CellMark {
    /// One of the step's own cells.
    Step,
    /// A cell of one of the step's runs.
    Run,
}

impl Marks {
    /// Nothing marked (a board alone).
    pub fn none(kakuro: &Kakuro) -> Marks {
        Marks {
            step_cells: vec![false; kakuro.cell_count()],
            run_cells: vec![false; kakuro.cell_count()],
            clues: Vec::new(),
            placed: Vec::new(),
            removed: Vec::new(),
        }
    }

    /// The marks of `step` on `kakuro`.
    pub fn of(kakuro: &Kakuro, step: &Step) -> Marks {
        let mut marks = Marks::none(kakuro);
        for &run in &step.runs {
            let run = kakuro.run(run);
            for &cell in &run.cells {
                marks.run_cells[cell] = true;
            }
            marks.clues.push((run.clue, run.direction));
        }
        for &cell in &step.cells {
            marks.step_cells[cell] = true;
        }
        marks.placed = step.placements.clone();
        marks.removed = step.eliminations.clone();
        marks
    }

    /// A cell's mark: its own before its runs'.
    pub fn cell(&self, cell: CellId) -> Option<CellMark> {
        if self.step_cells[cell] {
            Some(CellMark::Step)
        } else if self.run_cells[cell] {
            Some(CellMark::Run)
        } else {
            None
        }
    }

    /// A candidate's mark.
    pub fn candidate(&self, cell: CellId, digit: u8) -> Option<CandidateMark> {
        if self.placed.contains(&(cell, digit)) {
            Some(CandidateMark::Placed)
        } else if self
            .removed
            .iter()
            .any(|&(c, digits)| c == cell && digits.contains(digit))
        {
            Some(CandidateMark::Removed)
        } else {
            None
        }
    }

    /// Whether the clue of the run from `square` in `direction` is one of the step's.
    pub fn clue(&self, square: (usize, usize), direction: Direction) -> bool {
        self.clues.contains(&(square, direction))
    }

    /// Whether anything is marked.
    pub fn is_empty(&self) -> bool {
        self.placed.is_empty()
            && self.removed.is_empty()
            && self.clues.is_empty()
            && !self.step_cells.contains(&true)
    }
}
