//! The Kakuro grid and its geometry: squares (black, clue, white), the white cells numbered
//! in reading order, and the runs (each a clue's sum over the white cells to its right or
//! below it), with every rule a well-formed grid must keep checked once, here.
//!
//! Owns [`Kakuro`], [`Square`], [`Run`] (their [`Direction`] is kept in `layout.rs`) and the
//! names people read: a cell is `r3c4` (grid row and column, 1-based, clue and black squares
//! counted), a run is named by its cells, `r3c4-6` across or `r2-5c7` down, and labelled with
//! its sum, `16 in r3c4-5`.

use super::combos::{sum_range, MAX_RUN};
use super::error::{ParseError, Problem};
pub use super::layout::Direction;

/// A white cell's number, 0.. in reading order.
pub type CellId = usize;
/// A run's number, 0.. (across runs and down runs in the order their clues are read).
pub type RunId = usize;

/// What one square of the grid is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Square {
    /// A black square without a clue.
    Black,
    /// A clue square: the sum of the run below it and of the run to its right, if any.
    Clue {
        /// The sum of the run below, if any.
        down: Option<u32>,
        /// The sum of the run to the right, if any.
        right: Option<u32>,
    },
    /// A white square to fill, with the digit a player entered, if any.
    White(Option<u8>),
}

/// A run: distinct digits in `cells` that sum to `sum`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Run {
    /// Across or down from the clue.
    pub direction: Direction,
    /// The clue square's row and column (0-based).
    pub clue: (usize, usize),
    /// The clue's sum.
    pub sum: u32,
    /// The run's white cells in order from the clue.
    pub cells: Vec<CellId>,
}

/// A well-formed Kakuro: every clue has a run of 1 to 9 white cells whose sum distinct digits
/// can make, and every white cell lies in one across run and one down run.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Kakuro {
    rows: usize,
    cols: usize,
    squares: Vec<Square>,
    /// Each white cell's row and column.
    positions: Vec<(usize, usize)>,
    /// Each square's white cell number, when it is white.
    cell_of_square: Vec<Option<CellId>>,
    runs: Vec<Run>,
    /// Each white cell's across run and down run.
    runs_of: Vec<[RunId; 2]>,
    /// The record's name, when it came with one.
    pub id: Option<String>,
    /// Where the record says it comes from.
    pub source: Option<String>,
}

impl Kakuro {
    /// Checks a grid of `rows` x `cols` squares (row by row) and builds its runs. The error
    /// names the first square at fault in reading order (clues first, then white cells).
    pub fn new(rows: usize, cols: usize, squares: Vec<Square>) -> Result<Kakuro, ParseError> {
        debug_assert_eq!(squares.len(), rows * cols);
        let mut cell_of_square = vec![None; squares.len()];
        let mut positions = Vec::new();
        for (index, square) in squares.iter().enumerate() {
            if matches!(square, Square::White(_)) {
                cell_of_square[index] = Some(positions.len());
                positions.push((index / cols, index % cols));
            }
        }
        if positions.is_empty() {
            return Err(ParseError::whole(Problem::NoWhiteCell));
        }
        let mut runs = Vec::new();
        const NO_RUN: RunId = RunId::MAX;
        let mut runs_of = vec![[NO_RUN; 2]; positions.len()];
        for (index, square) in squares.iter().enumerate() {
            let Square::Clue { down, right } = *square else {
                continue;
            };
            let (row, col) = (index / cols, index % cols);
            for (direction, sum) in [(Direction::Across, right), (Direction::Down, down)] {
                let Some(sum) = sum else { continue };
                let (dr, dc) = direction.step();
                let mut cells = Vec::new();
                let (mut r, mut c) = (row + dr, col + dc);
                while r < rows && c < cols {
                    match cell_of_square[r * cols + c] {
                        Some(cell) => cells.push(cell),
                        None => break,
                    }
                    r += dr;
                    c += dc;
                }
                let at = |problem| ParseError::at(row + 1, col + 1, problem);
                if cells.is_empty() {
                    return Err(at(Problem::ClueWithoutRun { direction, sum }));
                }
                if cells.len() > MAX_RUN {
                    return Err(at(Problem::RunTooLong {
                        direction,
                        length: cells.len(),
                    }));
                }
                let (low, high) = sum_range(cells.len());
                if !(low..=high).contains(&sum) {
                    return Err(at(Problem::ImpossibleSum {
                        direction,
                        sum,
                        length: cells.len(),
                    }));
                }
                for &cell in &cells {
                    runs_of[cell][direction as usize] = runs.len();
                }
                runs.push(Run {
                    direction,
                    clue: (row, col),
                    sum,
                    cells,
                });
            }
        }
        for (cell, pair) in runs_of.iter().enumerate() {
            for direction in [Direction::Across, Direction::Down] {
                if pair[direction as usize] == NO_RUN {
                    let (row, col) = positions[cell];
                    return Err(ParseError::at(
                        row + 1,
                        col + 1,
                        Problem::WhiteOutsideRun { direction },
                    ));
                }
            }
        }
        Ok(Kakuro {
            rows,
            cols,
            squares,
            positions,
            cell_of_square,
            runs,
            runs_of,
            id: None,
            source: None,
        })
    }

    /// Grid rows, clue and black squares included.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// Grid columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The square at a row and column (0-based).
    pub fn square(&self, row: usize, col: usize) -> Square {
        self.squares[row * self.cols + col]
    }

    /// How many white cells there are.
    pub fn cell_count(&self) -> usize {
        self.positions.len()
    }

    /// A white cell's row and column (0-based).
    pub fn position(&self, cell: CellId) -> (usize, usize) {
        self.positions[cell]
    }

    /// The white cell at a row and column (0-based), if the square is white.
    pub fn cell_at(&self, row: usize, col: usize) -> Option<CellId> {
        if row < self.rows && col < self.cols {
            self.cell_of_square[row * self.cols + col]
        } else {
            None
        }
    }

    /// Every run.
    pub fn runs(&self) -> &[Run] {
        &self.runs
    }

    /// One run.
    pub fn run(&self, run: RunId) -> &Run {
        &self.runs[run]
    }

    /// A white cell's across run and down run.
    pub fn runs_of(&self, cell: CellId) -> [RunId; 2] {
        self.runs_of[cell]
    }

    /// The digit a player entered in a white cell, if any.
    pub fn entered(&self, cell: CellId) -> Option<u8> {
        let (row, col) = self.positions[cell];
        match self.square(row, col) {
            Square::White(digit) => digit,
            _ => None,
        }
    }

    /// The same grid with every entered digit cleared: the puzzle itself.
    pub fn without_entries(&self) -> Kakuro {
        let mut clean = self.clone();
        for square in &mut clean.squares {
            if let Square::White(digit) = square {
                *digit = None;
            }
        }
        clean
    }

    /// A cell's name: `r3c4` (grid row and column, 1-based).
    pub fn cell_name(&self, cell: CellId) -> String {
        let (row, col) = self.positions[cell];
        format!("r{}c{}", row + 1, col + 1)
    }

    /// A run's name by its cells: `r3c4-6` across, `r2-5c7` down.
    pub fn run_name(&self, run: RunId) -> String {
        let run = &self.runs[run];
        let (first_row, first_col) = self.positions[run.cells[0]];
        let (last_row, last_col) = self.positions[run.cells[run.cells.len() - 1]];
        match run.direction {
            Direction::Across => format!("r{}c{}-{}", first_row + 1, first_col + 1, last_col + 1),
            Direction::Down => format!("r{}-{}c{}", first_row + 1, last_row + 1, first_col + 1),
        }
    }

    /// A run with its sum: `16 in r3c4-5`.
    pub fn run_label(&self, run: RunId) -> String {
        format!("{} in {}", self.runs[run].sum, self.run_name(run))
    }

    /// Whether `digits` (one per white cell) keep every rule: digits 1-9, every run's digits
    /// distinct and summing to its clue. The names of the first broken rule otherwise.
    pub fn check_solution(&self, digits: &[u8]) -> Result<(), String> {
        if digits.len() != self.cell_count() {
            return Err(format!(
                "{} digits for {} white cells",
                digits.len(),
                self.cell_count()
            ));
        }
        if let Some(cell) = digits.iter().position(|d| !(1..=9).contains(d)) {
            return Err(format!("{} holds {}", self.cell_name(cell), digits[cell]));
        }
        for (id, run) in self.runs.iter().enumerate() {
            let mut seen = 0u16;
            let mut total = 0;
            for &cell in &run.cells {
                let bit = 1 << digits[cell];
                if seen & bit != 0 {
                    return Err(format!("{} repeats {}", self.run_label(id), digits[cell]));
                }
                seen |= bit;
                total += u32::from(digits[cell]);
            }
            if total != run.sum {
                return Err(format!("{} sums to {total}", self.run_label(id)));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The 3x3 grid of the corpus's first record: 15 and 10 down, 11 and 14 across.
    fn tiny() -> Kakuro {
        let clue = |down, right| Square::Clue { down, right };
        let white = Square::White(None);
        Kakuro::new(
            3,
            3,
            vec![
                Square::Black,
                clue(Some(15), None),
                clue(Some(10), None),
                clue(None, Some(11)),
                white,
                white,
                clue(None, Some(14)),
                white,
                white,
            ],
        )
        .unwrap()
    }

    #[test]
    fn runs_and_names() {
        let k = tiny();
        assert_eq!(k.cell_count(), 4);
        assert_eq!(k.runs().len(), 4);
        assert_eq!(k.cell_name(0), "r2c2");
        let labels: Vec<String> = (0..4).map(|r| k.run_label(r)).collect();
        assert_eq!(
            labels,
            [
                "15 in r2-3c2",
                "10 in r2-3c3",
                "11 in r2c2-3",
                "14 in r3c2-3"
            ]
        );
        assert_eq!(k.runs_of(3), [3, 1]);
        assert_eq!(k.cell_at(2, 2), Some(3));
        assert_eq!(k.cell_at(0, 0), None);
        assert!(k.check_solution(&[9, 2, 6, 8]).is_ok());
        assert_eq!(
            k.check_solution(&[8, 3, 7, 6]).unwrap_err(),
            "10 in r2-3c3 sums to 9"
        );
        assert_eq!(
            k.check_solution(&[7, 4, 7, 7]).unwrap_err(),
            "15 in r2-3c2 repeats 7"
        );
        assert!(k.check_solution(&[9, 2]).is_err());
    }
}
