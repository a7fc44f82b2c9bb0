//! The candidate state of a human solve: each white cell's placed digit or its candidates,
//! and what a run still needs (its open cells, the sum left, the digits placed in it).
//!
//! Owns [`Board`], [`OpenRun`] and [`Conflict`]. Placing a digit removes it from the other
//! cells of the cell's two runs at once (all different, as a Sudoku placement clears its
//! peers); what the sums imply is left to the techniques.

use arrayvec::ArrayVec;

use crate::kakuro::combos::{arrangeable, combinations_without, fitting};
use crate::kakuro::digits::Digits;
use crate::kakuro::puzzle::{CellId, Kakuro, RunId};

/// Placed digits and candidates.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Board {
    candidates: Vec<Digits>,
    placed: Vec<Option<u8>>,
}

/// What a run still needs: its open cells, the sum they must make, the digits placed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct OpenRun {
    /// The run.
    pub run: RunId,
    /// Its cells without a digit, in order.
    pub cells: ArrayVec<CellId, 9>,
    /// The open cells' candidates, in the same order.
    pub candidates: ArrayVec<Digits, 9>,
    /// The sum the open cells must make (negative when the placed digits passed the clue).
    pub remaining: i32,
    /// The digits placed in the run.
    pub placed: Digits,
}

impl OpenRun {
    /// The combinations of the open cells by the clue and the placed digits alone.
    pub fn clue_combinations(&self) -> Vec<Digits> {
        match u32::try_from(self.remaining) {
            Ok(sum) => combinations_without(self.cells.len(), sum, self.placed).collect(),
            Err(_) => Vec::new(),
        }
    }

    /// The clue combinations that fit the open cells' candidates: each cell takes one of
    /// their digits and each digit has a cell.
    pub fn fitting_combinations(&self) -> Vec<Digits> {
        match u32::try_from(self.remaining) {
            Ok(sum) => fitting(&self.candidates, sum)
                .into_iter()
                .filter(|c| !c.meets(self.placed))
                .collect(),
            Err(_) => Vec::new(),
        }
    }

    /// Per open cell, the candidates some arrangement of a fitting combination gives it;
    /// `None` when no arrangement fills the run.
    pub fn arrangeable(&self) -> Option<ArrayVec<Digits, 9>> {
        // Placed digits have already left the open cells' candidates.
        arrangeable(&self.candidates, u32::try_from(self.remaining).ok()?)
    }
}

/// Why a board cannot lead to a solution.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Conflict {
    /// An open cell has no candidate left.
    EmptyCell(CellId),
    /// A run's open cells can no longer make its sum with distinct candidates.
    NoCombination(RunId),
}

impl Conflict {
    /// In words, with the kakuro's names.
    pub fn describe(self, kakuro: &Kakuro) -> String {
        match self {
            Conflict::EmptyCell(cell) => {
                format!("{} has no candidate left", kakuro.cell_name(cell))
            }
            Conflict::NoCombination(run) => {
                format!("{} can no longer be completed", kakuro.run_label(run))
            }
        }
    }
}

impl Board {
    /// The start: every cell open with every digit.
    pub fn new(kakuro: &Kakuro) -> Board {
        Board {
            candidates: vec![Digits::ALL; kakuro.cell_count()],
            placed: vec![None; kakuro.cell_count()],
        }
    }

    /// The start with a player's entered digits placed.
    pub fn with_entries(kakuro: &Kakuro) -> Board {
        let mut board = Board::new(kakuro);
        for cell in 0..kakuro.cell_count() {
            if let Some(digit) = kakuro.entered(cell) {
                board.place(kakuro, cell, digit);
            }
        }
        board
    }

    /// The digit placed in a cell, if any.
    pub fn placed(&self, cell: CellId) -> Option<u8> {
        self.placed[cell]
    }

    /// A cell's candidates (a placed cell's is its digit).
    pub fn candidates(&self, cell: CellId) -> Digits {
        self.candidates[cell]
    }

    /// Whether every cell has its digit.
    pub fn is_complete(&self) -> bool {
        self.placed.iter().all(Option::is_some)
    }

    /// The digits, when every cell has one.
    pub fn digits(&self) -> Option<Vec<u8>> {
        self.placed.iter().copied().collect()
    }

    /// Each cell as a domain: its digit or its candidates (what the engines read).
    pub fn domains(&self) -> Vec<Digits> {
        self.candidates.clone()
    }

    /// Places `digit` in `cell` and removes it from the other open cells of its runs.
    pub fn place(&mut self, kakuro: &Kakuro, cell: CellId, digit: u8) {
        self.placed[cell] = Some(digit);
        self.candidates[cell] = Digits::single(digit);
        for run in kakuro.runs_of(cell) {
            for &other in &kakuro.run(run).cells {
                if other != cell && self.placed[other].is_none() {
                    self.candidates[other] = self.candidates[other].without(digit);
                }
            }
        }
    }

    /// Removes `digits` from an open cell's candidates.
    pub fn eliminate(&mut self, cell: CellId, digits: Digits) {
        if self.placed[cell].is_none() {
            self.candidates[cell] = self.candidates[cell] - digits;
        }
    }

    /// A run's open part.
    pub fn open_run(&self, kakuro: &Kakuro, run: RunId) -> OpenRun {
        let mut open = OpenRun {
            run,
            cells: ArrayVec::new(),
            candidates: ArrayVec::new(),
            remaining: kakuro.run(run).sum as i32,
            placed: Digits::EMPTY,
        };
        for &cell in &kakuro.run(run).cells {
            match self.placed[cell] {
                Some(digit) => {
                    open.remaining -= i32::from(digit);
                    open.placed = open.placed.with(digit);
                }
                None => {
                    open.cells.push(cell);
                    open.candidates.push(self.candidates[cell]);
                }
            }
        }
        open
    }

    /// The first conflict, if the board has one: an open cell without candidates, a run
    /// with a digit twice or whose open cells cannot make the sum left.
    pub fn conflict(&self, kakuro: &Kakuro) -> Option<Conflict> {
        if let Some(cell) = (0..self.placed.len())
            .find(|&c| self.placed[c].is_none() && self.candidates[c].is_empty())
        {
            return Some(Conflict::EmptyCell(cell));
        }
        (0..kakuro.runs().len())
            .find(|&run| {
                let cells = &kakuro.run(run).cells;
                let placed: Vec<u8> = cells.iter().filter_map(|&c| self.placed[c]).collect();
                let distinct = placed.iter().copied().collect::<Digits>().len() == placed.len();
                !distinct || self.open_run(kakuro, run).arrangeable().is_none()
            })
            .map(Conflict::NoCombination)
    }
}
