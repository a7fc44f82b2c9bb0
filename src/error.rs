//! The one error type of the library.
//!
//! Every variant carries structured data (line, column, cell, unit, digit...) so callers can
//! act on it, and its `Display` is the message a user sees. The messages follow one rule:
//!
//! - **Where the input is at fault, the message starts with `line N: `** (or
//!   `line N, column M: ` for a single bad character or a JSON syntax error). `N` is 1-based
//!   and counts every line of the input, blank and comment lines included; `M` is the 1-based
//!   character position in that line (for JSON syntax errors: the byte position serde_json
//!   reports, which equals the character position for ASCII input).
//! - Errors about one specific line (bad character, wrong length, line too long, a grid row
//!   with the wrong number of cells, JSON syntax) name that line.
//! - Errors about a whole puzzle (conflicting digits, a JSON record with a wrong field, a grid
//!   with too few rows) name the line where the puzzle starts: the line of an 81-character
//!   puzzle, the first *cell row* of a grid (not its top border), the line holding the `{`
//!   of a JSON record.
//! - [`Error::Conflict`] can also come from [`crate::format::check_conflicts`], which knows no
//!   line; its `line` is then `None` and the message has no prefix.
//! - Errors about the whole input (`no puzzle found in ...`, `input larger than 64 MiB`,
//!   I/O errors) have no line, except [`Error::InvalidUtf8`], which says
//!   `invalid UTF-8 on line N`.
//!
//! JSON records are addressed as a programmer reads JSON: `board[r][c]` with 0-based
//! indices, followed by the cell's 1-based Sudoku name: `board[2][8] = 12 is out of range 0..9
//! (r3c9)`. Ranges such as `0..9` are inclusive on both ends, as Sudoku players say them.

use std::fmt;

use crate::geometry::{cell_name, Cell, Digit, Unit};

/// Every way reading or checking a puzzle can fail.
///
/// Each variant's doc ends with its message, the fields in braces. A field means the same in
/// every variant that has it:
/// - `line`: the 1-based line of the input (the module doc says which line; `None` only for
///   a [`Error::Conflict`] found without one); `column`: the 1-based character in that line;
/// - `cell`, `first`, `second`: a cell index, 0..81, which messages name `r1c1`;
///   `differing`: cell indices, ascending; `digit`: 1..=9; `unit`: the row, column or box two
///   conflicting cells share;
/// - `limit`: a size limit in bytes;
/// - `found`: what the input holds where `expected` (or the number in the message) was
///   wanted: a count, a character, or the kind of a JSON value;
/// - `field`, `path`: where in a JSON record (`board`, `board[3][2]`); `row`: 0-based, as
///   JSON indexes; `value`: the value read, with `min` and `max` its allowed range
///   (inclusive);
/// - `message`, `name`, `source`: texts the message quotes.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
// The fields are described once in the list above rather than 62 times over.
#[allow(missing_docs)]
pub enum Error {
    /// Reading the input failed. The `std::io::Error` is kept as its message so that `Error`
    /// stays `Clone` and `PartialEq`.
    ///
    /// `I/O error: {message}`
    Io { message: String },
    /// A line (or, in a JSON document, the text starting on that line) is not valid UTF-8.
    ///
    /// `invalid UTF-8 on line {line}`
    InvalidUtf8 { line: usize },
    /// A line is longer than the reader's line limit (1 MiB by default); it was skipped
    /// without being buffered.
    ///
    /// `line {line}: line longer than 1 MiB`
    LineTooLong { line: usize, limit: usize },
    /// A grid (with its borders, or a run of border lines) is larger than the reader's
    /// document limit (64 MiB by default). Reading stops.
    ///
    /// `input larger than 64 MiB`
    InputTooLarge { limit: usize },
    /// One JSON record (a top-level value, or an element of a top-level array) is larger than
    /// the reader's document limit (64 MiB by default). It was skipped without being kept, and
    /// reading goes on with the next record.
    ///
    /// `line {line}: record larger than 64 MiB`
    RecordTooLarge { line: usize, limit: usize },
    /// The input held no puzzle at all (only blank or comment lines, an empty JSON array...).
    ///
    /// `no puzzle found in {source}`
    NoPuzzle { source: String },
    /// [`crate::format::parse_puzzle`] was given a text with a second puzzle, starting on
    /// `line`.
    ///
    /// `line {line}: a second puzzle starts here, but exactly one was expected`
    MultiplePuzzles { line: usize },
    /// A `--format` name that is not one of `line`, `grid`, `pencilmark`, `json`.
    ///
    /// `unknown format "{name}" (expected line, grid, pencilmark or json)`
    UnknownFormat { name: String },
    /// A character that has no meaning where it stands.
    ///
    /// `line {line}, column {column}: unexpected character 'x'` (the character is written as
    /// Rust writes a `char` literal, so a tab shows as `'\t'`).
    UnexpectedChar {
        line: usize,
        column: usize,
        found: char,
    },
    /// An 81-character puzzle line with a different number of cells.
    ///
    /// `line {line}: expected 81 cells, found {found}`
    CellCount { line: usize, found: usize },
    /// A row of a grid (plain or pencilmark) without exactly 9 cells.
    ///
    /// `line {line}: expected 9 cells in a grid row, found {found}`
    GridRowCells { line: usize, found: usize },
    /// A grid that ended (blank line or end of input) before its 9th row; `line` is its first
    /// cell row.
    ///
    /// `line {line}: grid has {found} rows, expected 9` (`1 row` for one)
    GridRows { line: usize, found: usize },
    /// A pencilmark cell that lists a digit twice.
    ///
    /// `line {line}, column {column}: candidate {digit} repeated in {cell}`
    RepeatedCandidate {
        line: usize,
        column: usize,
        cell: Cell,
        digit: Digit,
    },
    /// Two filled cells that see each other hold the same digit: the first such pair in
    /// reading order (ordered by the later cell, then the earlier one). `unit` is the row if
    /// they share it, else the column, else the box.
    ///
    /// `[line {line}: ]r4c5 and r4c9 both hold 7 (row 4)`
    Conflict {
        line: Option<usize>,
        first: Cell,
        second: Cell,
        digit: Digit,
        unit: Unit,
    },
    /// The JSON text is not valid JSON. `message` is serde_json's, without its position.
    ///
    /// `line {line}, column {column}: JSON syntax error: {message}`
    JsonSyntax {
        line: usize,
        column: usize,
        message: String,
    },
    /// A JSON value where a puzzle record (an object) was expected. `found` is its kind
    /// (`a string`, `a number`, `an array`, ...).
    ///
    /// `line {line}: expected a puzzle record (a JSON object), found {found}`
    JsonNotObject { line: usize, found: String },
    /// The required field of a JSON record (`board`) is absent.
    ///
    /// `line {line}: missing field "{field}"`
    MissingField { line: usize, field: String },
    /// A JSON field or array element of the wrong type. `path` is written as in JSON
    /// (`id`, `board[3]`, `board[3][2]`), `expected` like `an integer`, `found` is the kind of
    /// the value, or the number itself for a non-integer number.
    ///
    /// `line {line}: {path} must be {expected}, found {found}`
    WrongType {
        line: usize,
        path: String,
        expected: String,
        found: String,
    },
    /// `board` or `solution` without exactly 9 rows.
    ///
    /// `line {line}: {field} has {found} rows, expected 9`
    WrongRowCount {
        line: usize,
        field: String,
        found: usize,
    },
    /// A row of `board` or `solution` without exactly 9 values; `row` is 0-based as in JSON.
    ///
    /// `line {line}: {field}[{row}] has {found} values, expected 9`
    WrongRowLength {
        line: usize,
        field: String,
        row: usize,
        found: usize,
    },
    /// A value of `board` (allowed 0..9) or `solution` (allowed 1..9) outside its range.
    /// `cell` is the cell at `{field}[row][col]`.
    ///
    /// `line {line}: {field}[{row}][{col}] = {value} is out of range {min}..{max} ({cell})`
    OutOfRange {
        line: usize,
        field: String,
        cell: Cell,
        value: i128,
        min: u8,
        max: u8,
    },
    /// The record's solution has a different digit than the board at a given of the board.
    ///
    /// `line {line}: solution disagrees with the board at {cell}`
    SolutionMismatch { line: usize, cell: Cell },
    /// The record's solution breaks the rules; the conflict is described as for
    /// [`Error::Conflict`].
    ///
    /// `line {line}: solution is not a valid grid: r1c1 and r1c5 both hold 4 (row 1)`
    InvalidSolution {
        line: usize,
        first: Cell,
        second: Cell,
        digit: Digit,
        unit: Unit,
    },
    /// `createdAt` is not `YYYY-MM-DD`, optionally followed by `THH:MM`, `:SS`, `.fff` and a
    /// zone `Z` or `±HH:MM`.
    ///
    /// `line {line}: createdAt "{value}" is not an ISO-8601 date or timestamp`
    InvalidTimestamp { line: usize, value: String },
    /// A shape name (`--shape`) that is not a shape; `why` says what would be.
    ///
    /// `unknown shape "{name}": {why}`
    UnknownShape { name: String, why: String },
    /// A puzzle of another number of cells than the shape asked for.
    ///
    /// `line {line}: expected {expected} cells for {shape}, found {found}`
    ShapeCellCount {
        line: usize,
        found: usize,
        expected: usize,
        shape: String,
    },
    /// A puzzle whose shape cannot be told from its number of cells (not a square, too large,
    /// or a size whose boxes could be cut several ways, such as 8x8).
    ///
    /// `line {line}: 80 cells is not a square grid (16 cells for 4x4, ...)`, or
    /// `line {line}: the boxes of a grid of 64 cells (8x8) could be cut more than one way: ...`
    ShapeUnknown { line: usize, found: usize },
    /// A cell value above the grid's size (`G` in a 9x9, 7 in a 4x4).
    ///
    /// `line {line}, column {column}: value {value} is out of range 1..{max}`
    ValueOutOfRange {
        line: usize,
        column: usize,
        value: u32,
        max: usize,
    },
    /// Two givens of a grid of any shape that share a unit hold the same value: the first such
    /// pair in reading order, as for [`Error::Conflict`]. `first` and `second` are 0-based
    /// (row, column); the message names them from 1. `unit` is `row 3`, `column 2` or `box 4`.
    ///
    /// `[line {line}: ]r1c1 and r1c4 both hold 3 (row 1)`
    ShapeConflict {
        line: Option<usize>,
        first: (usize, usize),
        second: (usize, usize),
        value: u8,
        unit: String,
    },
    /// A row of numbers (one grid row a line) with another count than the grid's size.
    ///
    /// `line {line}: expected {expected} numbers in a row, found {found}`
    RowNumbers {
        line: usize,
        found: usize,
        expected: usize,
    },
    /// A grid of number rows that ended before its last row; `line` is its first row.
    ///
    /// `line {line}: grid has {found} rows, expected {expected}`
    RowCount {
        line: usize,
        found: usize,
        expected: usize,
    },
    /// An engine name that is not one.
    ///
    /// `unknown engine "{name}" (expected naive, backtrack, fc, fc-mrv, fc-mrv-lcv, mac, cost, dlx or fast)`
    UnknownEngine { name: String },
    /// An engine asked to solve a shape it does not handle (`fast` is 9x9 only).
    ///
    /// `the {engine} engine solves 9x9 Sudoku only, not {shape}; use dlx or another engine`
    EngineShape { engine: String, shape: String },
    /// For the solver layer: the puzzle has no solution.
    ///
    /// `the puzzle has no solution`
    NoSolution,
    /// For the solver layer: the puzzle has several solutions; `differing` lists the cells
    /// (ascending) where two of them differ.
    ///
    /// `the puzzle has more than one solution; two solutions differ at r1c2, r3c4`
    MultipleSolutions { differing: Vec<Cell> },
}

impl Error {
    /// The 1-based line the error is about, when there is one.
    pub fn line(&self) -> Option<usize> {
        use Error::*;
        match self {
            InvalidUtf8 { line }
            | LineTooLong { line, .. }
            | RecordTooLarge { line, .. }
            | MultiplePuzzles { line }
            | UnexpectedChar { line, .. }
            | CellCount { line, .. }
            | GridRowCells { line, .. }
            | GridRows { line, .. }
            | RepeatedCandidate { line, .. }
            | JsonSyntax { line, .. }
            | JsonNotObject { line, .. }
            | MissingField { line, .. }
            | WrongType { line, .. }
            | WrongRowCount { line, .. }
            | WrongRowLength { line, .. }
            | OutOfRange { line, .. }
            | SolutionMismatch { line, .. }
            | InvalidSolution { line, .. }
            | InvalidTimestamp { line, .. }
            | ShapeCellCount { line, .. }
            | ShapeUnknown { line, .. }
            | ValueOutOfRange { line, .. }
            | RowNumbers { line, .. }
            | RowCount { line, .. } => Some(*line),
            Conflict { line, .. } | ShapeConflict { line, .. } => *line,
            Io { .. }
            | InputTooLarge { .. }
            | NoPuzzle { .. }
            | UnknownFormat { .. }
            | UnknownShape { .. }
            | UnknownEngine { .. }
            | EngineShape { .. }
            | NoSolution
            | MultipleSolutions { .. } => None,
        }
    }

    /// The error from an I/O failure.
    pub fn io(err: &std::io::Error) -> Error {
        Error::Io {
            message: err.to_string(),
        }
    }
}

impl From<std::io::Error> for Error {
    fn from(err: std::io::Error) -> Error {
        Error::io(&err)
    }
}

pub(crate) use crate::geometry::unit_words;

/// A byte count as the messages say it: `64 MiB`, `16 KiB`, or `1000 bytes`.
pub(crate) fn size_words(bytes: usize) -> String {
    const KIB: usize = 1 << 10;
    const MIB: usize = 1 << 20;
    if bytes >= MIB && bytes % MIB == 0 {
        format!("{} MiB", bytes / MIB)
    } else if bytes >= KIB && bytes % KIB == 0 {
        format!("{} KiB", bytes / KIB)
    } else if bytes == 1 {
        "1 byte".to_string()
    } else {
        format!("{bytes} bytes")
    }
}

fn write_conflict(
    f: &mut fmt::Formatter<'_>,
    first: Cell,
    second: Cell,
    digit: Digit,
    unit: Unit,
) -> fmt::Result {
    write!(
        f,
        "{} and {} both hold {} ({})",
        cell_name(first),
        cell_name(second),
        digit,
        unit_words(unit)
    )
}

/// Why `found` cells tell no shape: not a square, too large, or a size whose boxes could be
/// cut more than one way.
fn write_unknown_shape(f: &mut fmt::Formatter<'_>, line: usize, found: usize) -> fmt::Result {
    let size = (1..=found)
        .take_while(|s| s * s <= found)
        .last()
        .unwrap_or(0);
    write!(f, "line {line}: ")?;
    if size * size != found || size < 2 {
        write!(
            f,
            "{found} cells is not a square grid (16 cells for 4x4, 36 for 6x6, 81 for 9x9, 256 for 16x16, 625 for 25x25)"
        )
    } else if size > 25 {
        write!(
            f,
            "a grid of {found} cells ({size}x{size}) is too large; the largest is 25x25"
        )
    } else {
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last()
            .unwrap_or(1);
        write!(
            f,
            "the boxes of a grid of {found} cells ({size}x{size}) could be cut more than one way: give the shape ({size}x{size} for boxes of {rows} rows by {} columns, AxB for boxes of A rows by B columns, latin:{size} for a Latin square)",
            size / rows
        )
    }
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use Error::*;
        match self {
            Io { message } => write!(f, "I/O error: {message}"),
            InvalidUtf8 { line } => write!(f, "invalid UTF-8 on line {line}"),
            LineTooLong { line, limit } => {
                write!(f, "line {line}: line longer than {}", size_words(*limit))
            }
            InputTooLarge { limit } => write!(f, "input larger than {}", size_words(*limit)),
            RecordTooLarge { line, limit } => {
                write!(f, "line {line}: record larger than {}", size_words(*limit))
            }
            NoPuzzle { source } => write!(f, "no puzzle found in {source}"),
            MultiplePuzzles { line } => write!(
                f,
                "line {line}: a second puzzle starts here, but exactly one was expected"
            ),
            UnknownFormat { name } => write!(
                f,
                "unknown format \"{name}\" (expected line, grid, pencilmark or json)"
            ),
            UnexpectedChar {
                line,
                column,
                found,
            } => write!(
                f,
                "line {line}, column {column}: unexpected character {found:?}"
            ),
            CellCount { line, found } => {
                write!(f, "line {line}: expected 81 cells, found {found}")
            }
            GridRowCells { line, found } => write!(
                f,
                "line {line}: expected 9 cells in a grid row, found {found}"
            ),
            GridRows { line, found } => {
                let rows = if *found == 1 { "row" } else { "rows" };
                write!(f, "line {line}: grid has {found} {rows}, expected 9")
            }
            RepeatedCandidate {
                line,
                column,
                cell,
                digit,
            } => write!(
                f,
                "line {line}, column {column}: candidate {digit} repeated in {}",
                cell_name(*cell)
            ),
            Conflict {
                line,
                first,
                second,
                digit,
                unit,
            } => {
                if let Some(line) = line {
                    write!(f, "line {line}: ")?;
                }
                write_conflict(f, *first, *second, *digit, *unit)
            }
            JsonSyntax {
                line,
                column,
                message,
            } => write!(
                f,
                "line {line}, column {column}: JSON syntax error: {message}"
            ),
            JsonNotObject { line, found } => write!(
                f,
                "line {line}: expected a puzzle record (a JSON object), found {found}"
            ),
            MissingField { line, field } => write!(f, "line {line}: missing field \"{field}\""),
            WrongType {
                line,
                path,
                expected,
                found,
            } => write!(f, "line {line}: {path} must be {expected}, found {found}"),
            WrongRowCount { line, field, found } => {
                write!(f, "line {line}: {field} has {found} rows, expected 9")
            }
            WrongRowLength {
                line,
                field,
                row,
                found,
            } => write!(
                f,
                "line {line}: {field}[{row}] has {found} values, expected 9"
            ),
            OutOfRange {
                line,
                field,
                cell,
                value,
                min,
                max,
            } => write!(
                f,
                "line {line}: {field}[{}][{}] = {value} is out of range {min}..{max} ({})",
                cell / 9,
                cell % 9,
                cell_name(*cell)
            ),
            SolutionMismatch { line, cell } => write!(
                f,
                "line {line}: solution disagrees with the board at {}",
                cell_name(*cell)
            ),
            InvalidSolution {
                line,
                first,
                second,
                digit,
                unit,
            } => {
                write!(f, "line {line}: solution is not a valid grid: ")?;
                write_conflict(f, *first, *second, *digit, *unit)
            }
            InvalidTimestamp { line, value } => write!(
                f,
                "line {line}: createdAt {value:?} is not an ISO-8601 date or timestamp"
            ),
            UnknownShape { name, why } => write!(f, "unknown shape {name:?}: {why}"),
            ShapeCellCount {
                line,
                found,
                expected,
                shape,
            } => write!(
                f,
                "line {line}: expected {expected} cells for {shape}, found {found}"
            ),
            ShapeUnknown { line, found } => write_unknown_shape(f, *line, *found),
            ValueOutOfRange {
                line,
                column,
                value,
                max,
            } => write!(
                f,
                "line {line}, column {column}: value {value} is out of range 1..{max}"
            ),
            ShapeConflict {
                line,
                first,
                second,
                value,
                unit,
            } => {
                if let Some(line) = line {
                    write!(f, "line {line}: ")?;
                }
                write!(
                    f,
                    "r{}c{} and r{}c{} both hold {value} ({unit})",
                    first.0 + 1,
                    first.1 + 1,
                    second.0 + 1,
                    second.1 + 1
                )
            }
            RowNumbers {
                line,
                found,
                expected,
            } => write!(
                f,
                "line {line}: expected {expected} numbers in a row, found {found}"
            ),
            RowCount {
                line,
                found,
                expected,
            } => {
                let rows = if *found == 1 { "row" } else { "rows" };
                write!(f, "line {line}: grid has {found} {rows}, expected {expected}")
            }
            UnknownEngine { name } => write!(
                f,
                "unknown engine {name:?} (expected naive, backtrack, fc, fc-mrv, fc-mrv-lcv, mac, cost, dlx or fast)"
            ),
            EngineShape { engine, shape } => write!(
                f,
                "the {engine} engine solves 9x9 Sudoku only, not {shape}; use dlx or another engine"
            ),
            NoSolution => write!(f, "the puzzle has no solution"),
            MultipleSolutions { differing } => {
                write!(f, "the puzzle has more than one solution")?;
                if !differing.is_empty() {
                    let names: Vec<String> = differing.iter().map(|&c| cell_name(c)).collect();
                    write!(f, "; two solutions differ at {}", names.join(", "))?;
                }
                Ok(())
            }
        }
    }
}

impl std::error::Error for Error {}
