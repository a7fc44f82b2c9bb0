//! What can be wrong with a Kakuro as written, and where: [`ParseError`] carries the file
//! line, the grid row and the grid column (each when known, all 1-based) and a [`Problem`].
//!
//! A Kakuro module of its own, not a variant of the crate's Sudoku `Error`: the Kakuro code
//! is kept free of the Sudoku layers so that it can move onto the shared constraint core
//! unchanged.

use std::fmt;

use super::layout::{Direction, MAX_SIDE};

/// A Kakuro that cannot be read, with where.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParseError {
    line: Option<usize>,
    row: Option<usize>,
    col: Option<usize>,
    problem: Problem,
}

/// What is wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Problem {
    /// A JSON record that serde cannot read (the message is serde's).
    Json(String),
    /// No row at all.
    EmptyGrid,
    /// More rows or columns than [`MAX_SIDE`].
    TooLarge {
        /// Rows given.
        rows: usize,
        /// Columns given (in the first row).
        cols: usize,
    },
    /// A row with another number of cells than the first row.
    Ragged {
        /// The first row's length.
        expected: usize,
        /// This row's length.
        found: usize,
    },
    /// A cell that is none of `#`, `.`, a digit 1-9, or a clue `D\R`.
    BadCell {
        /// The cell as written.
        text: String,
    },
    /// A clue that cannot be read (`12\`, `a\3`, `1\2\3`).
    BadClue {
        /// The clue as written.
        text: String,
        /// What is wrong with it.
        why: &'static str,
    },
    /// A JSON record's `rows`, `cols` or `n_white` that disagrees with its grid.
    SizeMismatch {
        /// The field's name.
        field: &'static str,
        /// What the field says.
        stated: usize,
        /// What the grid has.
        actual: usize,
    },
    /// A clue whose direction has no white cell next to it.
    ClueWithoutRun {
        /// Which of the clue's sums.
        direction: Direction,
        /// The sum.
        sum: u32,
    },
    /// A run of more than nine white cells.
    RunTooLong {
        /// Which of the clue's sums.
        direction: Direction,
        /// How many white cells the run has.
        length: usize,
    },
    /// A sum that distinct digits 1-9 in the run's cells cannot make (18 in two).
    ImpossibleSum {
        /// Which of the clue's sums.
        direction: Direction,
        /// The sum.
        sum: u32,
        /// How many white cells the run has.
        length: usize,
    },
    /// A white cell that no clue's run covers in one direction.
    WhiteOutsideRun {
        /// The direction with no run.
        direction: Direction,
    },
    /// A grid without a white cell.
    NoWhiteCell,
    /// A line longer than the reader takes; it was skipped unread.
    LineTooLong {
        /// The most bytes a line may have.
        limit: usize,
    },
    /// A record (a text grid's lines, or a JSON line) larger than the reader takes; it was
    /// skipped to its end.
    RecordTooLarge {
        /// The most bytes a record may have.
        limit: usize,
    },
    /// A line that is not UTF-8.
    NotUtf8,
    /// The input could not be read (the system's message); reading stops there.
    Io(String),
}

impl ParseError {
    /// A problem at a grid position (1-based row and column), line unknown yet.
    pub(crate) fn at(row: usize, col: usize, problem: Problem) -> ParseError {
        ParseError {
            line: None,
            row: Some(row),
            col: Some(col),
            problem,
        }
    }

    /// A problem of a whole record.
    pub(crate) fn whole(problem: Problem) -> ParseError {
        ParseError {
            line: None,
            row: None,
            col: None,
            problem,
        }
    }

    /// The same error at file line `line`, unless a line is already known.
    pub(crate) fn on_line(mut self, line: usize) -> ParseError {
        self.line.get_or_insert(line);
        self
    }

    /// The file line (1-based), when known.
    pub fn line(&self) -> Option<usize> {
        self.line
    }

    /// The grid row (1-based), when the problem has a place.
    pub fn row(&self) -> Option<usize> {
        self.row
    }

    /// The grid column (1-based), when the problem has a place.
    pub fn col(&self) -> Option<usize> {
        self.col
    }

    /// What is wrong.
    pub fn problem(&self) -> &Problem {
        &self.problem
    }
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if let Some(line) = self.line {
            write!(f, "line {line}: ")?;
        }
        match (self.row, self.col) {
            (Some(row), Some(col)) => write!(f, "row {row}, column {col}: ")?,
            (Some(row), None) => write!(f, "row {row}: ")?,
            _ => {}
        }
        write!(f, "{}", self.problem)
    }
}

impl std::error::Error for ParseError {}

impl fmt::Display for Problem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Problem::Json(message) => write!(f, "not a Kakuro JSON record: {message}"),
            Problem::EmptyGrid => write!(f, "the grid has no row"),
            Problem::TooLarge { rows, cols } => write!(
                f,
                "a grid of {rows}x{cols} is larger than the {0}x{0} Stepwise reads",
                MAX_SIDE
            ),
            Problem::Ragged { expected, found } => write!(
                f,
                "the row has {found} cells but the first row has {expected} (rows must be \
                 equally long)"
            ),
            Problem::BadCell { text } => write!(
                f,
                "'{text}' is not a cell: write # (black), . (white), a digit 1-9 (entered) or \
                 a clue D\\R (_ for no sum)"
            ),
            Problem::BadClue { text, why } => write!(f, "the clue '{text}' {why}"),
            Problem::SizeMismatch {
                field,
                stated,
                actual,
            } => write!(f, "\"{field}\" says {stated} but the grid has {actual}"),
            Problem::ClueWithoutRun { direction, sum } => write!(
                f,
                "the clue {sum} {direction} has no run: no white cell {}",
                direction.next_to_clue()
            ),
            Problem::RunTooLong { direction, length } => write!(
                f,
                "the run {direction} has {length} white cells; a run holds at most 9"
            ),
            Problem::ImpossibleSum {
                direction,
                sum,
                length,
            } => {
                let (low, high) = super::combos::sum_range(*length);
                let cells = if *length == 1 { "cell" } else { "cells" };
                write!(
                    f,
                    "the clue {sum} {direction} is impossible over {length} {cells}: distinct \
                     digits there sum to {low}..{high}"
                )
            }
            Problem::WhiteOutsideRun { direction } => write!(
                f,
                "the white cell is in no {direction} run: no clue with a {} sum starts it",
                direction.clue_side()
            ),
            Problem::NoWhiteCell => write!(f, "the grid has no white cell"),
            Problem::LineTooLong { limit } => {
                write!(f, "the line is longer than {limit} bytes; it was skipped")
            }
            Problem::RecordTooLarge { limit } => write!(
                f,
                "the record is larger than {limit} bytes; it was skipped to its end"
            ),
            Problem::NotUtf8 => write!(f, "the line is not UTF-8 text"),
            Problem::Io(message) => write!(f, "cannot read the input: {message}"),
        }
    }
}
