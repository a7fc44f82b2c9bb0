//! Reading and writing puzzles in the formats people paste, with clear errors.
//!
//! # Formats
//!
//! 1. **[`Format::Line`]**: 81 cells on one line, `1`-`9` for givens, `.`, `0`, `*`, `-` or `_`
//!    for empty; or 9 whitespace-separated groups of 9 cells (`53..7.... 6..195... ...`).
//!    Leading whitespace is allowed. After the 81st cell, whitespace or any other non-cell
//!    character ends the puzzle and the rest of the line is ignored, so forum lists
//!    (`4...3.... ER 9.1`), tab-separated `.tsv` columns and `,`-separated CSV columns
//!    (Kaggle's `quizzes,solutions`: puzzle with `0` for empty, a comma, the solution) work.
//!    One puzzle per line.
//! 2. **[`Format::Grid`]**: 9 rows of 9 cells (`1`-`9`, `.` or `0`), with any decoration
//!    among `| + - = * : '` and spaces: `4 . . | . 3 . | . . .`, `4..|.3.|...`, `4..3.....`.
//!    Border lines (no digits, only decoration and `.` corners, at least one `-` or `=`) are
//!    skipped.
//! 3. **[`Format::Pencilmark`]**: 9 rows of 9 whitespace-separated cells, each cell its
//!    candidate digits (one digit = a solved cell), as HoDoKu prints them (`.---.`,
//!    `:---+---:`, `'---'` borders, `|` between boxes) or Sudoku Explainer-style tools
//!    (`*---*`, `|---+---|`). Markers around a cell (`<3>` for a given, `*4*`) are ignored.
//!    A cell written as a lone `.` or `0` has no candidate left (a contradiction, which the
//!    solver and the hint then report; [`to_pencilmark`] writes such a cell as `.`). A `0`
//!    or `.` among digits, or a repeated digit, in a cell is an error.
//! 4. **[`Format::Json`]**: [`PuzzleRecord`] objects: one object (on one line or
//!    pretty-printed), an array of objects, or JSON lines (one object per line). Only
//!    `board` is required.
//!
//! # Detection, record by record
//!
//! Unless a format is forced, each record decides its own format, so a header, a stray line
//! or a change of format loses no puzzle around it. A line that is not blank and not a `#`
//! comment is, in this order:
//! - **JSON** when it starts (after spaces) with `{` or `[`: the values from there on are
//!   records (the elements of an array each one), read as they come, however many lines they
//!   span, until a line ends outside any value. A line that is a JSON value of another kind
//!   (`42`) after JSON records is a value that is not a record.
//! - **a border** (see [`Format::Grid`]): it belongs to a grid and is skipped.
//! - **a puzzle line** when its first whitespace-separated token holds 60 or more cells of the
//!   line format, or it is 9 groups of 9 (except 9 identical groups of digits, which are a
//!   pencilmark row whose cells all hold the same candidates). So a line of 80 or 82 cells
//!   gets `expected 81 cells, found 80`, a stray character `unexpected character`.
//! - **a grid row** when it holds only grid characters (cells, decoration, spaces, `<>`) and
//!   either 9 cells or a grid's spacing or decoration (a pencilmark row; a first row with a
//!   typo). It opens a grid, and the grid takes every following line as a row (so a row with
//!   a typo gets its own error inside its grid) until its 9th row, a blank line (too early:
//!   `grid has 8 rows, expected 9`), a JSON line, or a puzzle line, which a grid row can never
//!   be: so a stray 9-cell line among puzzle lines costs one error and no puzzle (a lone row
//!   of bare cells, `4..3.....`, cut short that way is reported as the broken puzzle line it
//!   more likely is: `expected 81 cells, found 9`). An unspaced run of another number of
//!   cells (`53.`) opens no grid: it is a broken puzzle line. Each grid is plain or
//!   pencilmark by itself: pencilmark when one of its rows has candidates (more than 9
//!   digits, a cell with two or more) and no empty cell, and its cells without candidates
//!   (a lone `.` or `0`) are fewer than its cells with several (a plain grid's many `.`
//!   cells keep it plain).
//! - **a header** when it reads as column names or a title (starts with a letter; letters,
//!   digits, spaces and `_ - . , ; : ( ) / ' "` only: `quizzes,solutions`, `puzzle er ed`
//!   with tabs, `Grid 01`), it is the input's first record and anything follows; **a title**
//!   when it reads the same, stands later and a grid follows it (Project Euler's `Grid 02`).
//!   Either is skipped with a [`Note`]. Anywhere else such a line is a record that is not a
//!   puzzle: an error of its own, so no line goes unanswered.
//! - anything else is an error for that line alone: what is wrong with it as a puzzle line
//!   (`line 2, column 4: unexpected character 'x'`, `line 2: expected 81 cells, found 3`).
//!
//! A forced format (`--format`) skips the detection: `line` reads every line as a puzzle line,
//! `grid` and `pencilmark` read grids of that kind only, `json` reads the whole input as JSON
//! (`#` lines outside values are comments).
//!
//! # Many puzzles in one input
//!
//! Blank lines and `#` comment lines are skipped everywhere outside JSON values (and between
//! the elements of an array). Grids follow each other with or without blank lines between
//! them. JSON lines may hold several values per line (commas between them are allowed).
//! Each JSON record is read alone, up to [`MAX_DOCUMENT_BYTES`]; a larger one is skipped
//! with an error and reading goes on. A damaged JSON record costs only itself where the
//! structure allows (see `json_scan.rs`): a string left open ends at its line, and a line
//! that opens a record where none can start begins the next one.
//!
//! [`read_records`] hands out every [`Record`]: a puzzle, a rejected record with its text and
//! error, or a note; [`read_puzzles`] only the puzzles and errors.
//!
//! # Line numbers
//!
//! [`PuzzleInput::line`] and the line in errors about a whole puzzle is where the puzzle
//! starts: its line, the first *cell row* of a grid (borders are not counted as the start),
//! the line of the first byte (`{`) of a JSON record. See [`crate::error`] for how messages
//! name positions.
//!
//! # Checks
//!
//! Every puzzle is checked for two filled cells that see each other with the same digit, in
//! every format (`r4c5 and r4c9 both hold 7 (row 4)`). In a pencilmark grid only solved cells
//! (one candidate) count: a solved digit still written as a candidate of a peer is accepted.

mod json;
mod json_scan;
mod reader;
mod text;

use std::fmt;
use std::str::FromStr;

use json::now_iso8601;
pub use json::{is_iso8601, iso8601_utc};
pub use reader::{
    read_puzzles, read_records, Note, PuzzleReader, Record, RecordReader, Rejected,
    MAX_DOCUMENT_BYTES, MAX_LINE_BYTES,
};

use crate::error::Error;
use crate::geometry::{peers, Cell, Digit, Unit};

/// The input formats, for `--format` and for reporting what was read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Format {
    /// 81 cells on one line (see the module doc for each format).
    Line,
    /// 9 rows of 9 cells, with or without borders.
    Grid,
    /// 9 rows of 9 cells, each cell its candidates.
    Pencilmark,
    /// [`PuzzleRecord`] objects.
    Json,
}

impl Format {
    /// Every format, in the order the documentation lists them.
    pub const ALL: [Format; 4] = [Format::Line, Format::Grid, Format::Pencilmark, Format::Json];

    /// The name used on the command line: `line`, `grid`, `pencilmark`, `json`.
    pub fn name(self) -> &'static str {
        match self {
            Format::Line => "line",
            Format::Grid => "grid",
            Format::Pencilmark => "pencilmark",
            Format::Json => "json",
        }
    }
}

impl fmt::Display for Format {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Format {
    type Err = Error;

    /// Parses a format name, ignoring ASCII case.
    fn from_str(s: &str) -> Result<Format, Error> {
        Format::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| Error::UnknownFormat {
                name: s.to_string(),
            })
    }
}

/// One puzzle as read from the input.
#[derive(Debug, Clone, PartialEq)]
pub struct PuzzleInput {
    /// 1-based line where the puzzle starts in its input (for a grid: its first cell row).
    pub line: usize,
    /// The format it was read in.
    pub format: Format,
    /// 0 for empty, 1..=9 for filled, row-major (`r * 9 + c`).
    pub cells: [u8; 81],
    /// For pencilmark grids: bit `d - 1` set when digit `d` is possible; a solved cell has
    /// exactly its digit's bit.
    pub candidates: Option<[u16; 81]>,
    /// For JSON input: the record as read.
    pub record: Option<PuzzleRecord>,
    /// The puzzle as an 81-character line (`.` for empty), for output.
    pub text: String,
}

/// A puzzle record as JSON input and `--json` output hold it:
/// `{"id": string?, "difficulty": string?, "board": int[9][9] (0 = empty),
/// "solution": int[9][9] | null, "createdAt": ISO-8601 string?}`.
///
/// Only `board` is required: `id`, `solution`, `difficulty` and `createdAt` may be left out
/// (or `null`). An absent `id`, `difficulty` or `createdAt` is not written either; `solution`
/// is always written, `null` when there is none. The reader checks records field by field to
/// give precise errors; deriving `Deserialize` lets other code read a record directly.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct PuzzleRecord {
    /// The caller's name for the puzzle.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<String>,
    /// The caller's difficulty label, kept as given.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub difficulty: Option<String>,
    /// The puzzle, 9 rows of 9, 0 for empty.
    pub board: [[u8; 9]; 9],
    /// The solution, 9 rows of 9 digits 1..=9, when known.
    #[serde(default)]
    pub solution: Option<[[u8; 9]; 9]>,
    /// When the record was made, an ISO-8601 date or timestamp (`createdAt` in JSON).
    #[serde(rename = "createdAt", default, skip_serializing_if = "Option::is_none")]
    pub created_at: Option<String>,
}

impl PuzzleRecord {
    /// The board as 81 cells, row-major.
    pub fn board_cells(&self) -> [u8; 81] {
        rows_to_cells(&self.board)
    }

    /// The solution as 81 cells, row-major, if there is one.
    pub fn solution_cells(&self) -> Option<[u8; 81]> {
        self.solution.as_ref().map(rows_to_cells)
    }
}

/// 81 row-major cells as 9 rows of 9.
pub fn cells_to_rows(cells: &[u8; 81]) -> [[u8; 9]; 9] {
    let mut rows = [[0u8; 9]; 9];
    for (i, &v) in cells.iter().enumerate() {
        rows[i / 9][i % 9] = v;
    }
    rows
}

/// 9 rows of 9 as 81 row-major cells.
pub fn rows_to_cells(rows: &[[u8; 9]; 9]) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (i, cell) in cells.iter_mut().enumerate() {
        *cell = rows[i / 9][i % 9];
    }
    cells
}

/// The record to write for `input` (for `solve --json`): the record it was read from, as it
/// was (a record read without `id` is written without one, so that what the user gave comes
/// back unchanged), or for other formats a new one with id `line-N` (N =
/// [`PuzzleInput::line`]), the puzzle as board and `createdAt` the current UTC time.
/// `solution`, when given, replaces the solution.
pub fn record_from(input: &PuzzleInput, solution: Option<&[u8; 81]>) -> PuzzleRecord {
    let mut record = input.record.clone().unwrap_or_else(|| PuzzleRecord {
        id: Some(format!("line-{}", input.line)),
        difficulty: None,
        board: cells_to_rows(&input.cells),
        solution: None,
        created_at: Some(now_iso8601()),
    });
    if let Some(solution) = solution {
        record.solution = Some(cells_to_rows(solution));
    }
    record
}

/// Parses a text holding exactly one puzzle, in the given format or detected.
///
/// Errors: the puzzle's own error; [`Error::NoPuzzle`] (`no puzzle found in input`) for a
/// text without one; if a second puzzle follows, [`Error::MultiplePuzzles`] naming its line,
/// or the error of what follows when that does not parse. Use [`parse_all`] or
/// [`read_puzzles`] for many puzzles.
///
/// # Examples
///
/// ```
/// use stepwise::format::{parse_puzzle, Format};
///
/// let puzzle = parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None)?;
/// assert_eq!(puzzle.format, Format::Line);
/// assert_eq!(puzzle.cells[..3], [5, 3, 0]); // r1c1, r1c2, r1c3 (empty)
/// assert_eq!(puzzle.candidates, None); // only a pencilmark grid has its own
///
/// // Two fives in row 1: the error names the line, the cells and the unit.
/// let error = parse_puzzle(&format!("55{}", ".".repeat(79)), None).unwrap_err();
/// assert_eq!(error.to_string(), "line 1: r1c1 and r1c2 both hold 5 (row 1)");
/// # Ok::<(), stepwise::Error>(())
/// ```
pub fn parse_puzzle(text: &str, format: Option<Format>) -> Result<PuzzleInput, Error> {
    let mut puzzles = read_puzzles(text.as_bytes(), format);
    let first = puzzles.next().unwrap_or_else(|| {
        Err(Error::NoPuzzle {
            source: "input".to_string(),
        })
    })?;
    match puzzles.next() {
        None => Ok(first),
        Some(Ok(second)) => Err(Error::MultiplePuzzles { line: second.line }),
        Some(Err(error)) => Err(error),
    }
}

/// Parses every puzzle of a text; the first error stops and is returned.
pub fn parse_all(text: &str, format: Option<Format>) -> Result<Vec<PuzzleInput>, Error> {
    read_puzzles(text.as_bytes(), format).collect()
}

/// The first conflict in reading order: the earliest cell that repeats the digit of an earlier
/// peer, that peer (the earliest one), the digit and the unit they share (row before column
/// before box).
pub(crate) fn find_conflict(cells: &[u8; 81]) -> Option<(Cell, Cell, Digit, Unit)> {
    // Nearly every grid read has none: one pass over the units' digits says so, and only a
    // grid with a clash is searched for the pair to name.
    if !has_conflict(cells) {
        return None;
    }
    for second in 0..81 {
        let digit = cells[second];
        if digit == 0 {
            continue;
        }
        let first = peers(second)
            .iter()
            .take_while(|&p| p < second)
            .find(|&p| cells[p] == digit);
        if let Some(first) = first {
            let unit = if first / 9 == second / 9 {
                Unit::row(second / 9)
            } else if first % 9 == second % 9 {
                Unit::column(second % 9)
            } else {
                Unit::boxed(crate::geometry::box_of(second))
            };
            return Some((first, second, digit, unit));
        }
    }
    None
}

/// Whether two filled cells that see each other hold the same digit.
fn has_conflict(cells: &[u8; 81]) -> bool {
    let mut seen = [0u16; 27];
    for (cell, &digit) in cells.iter().enumerate() {
        if digit == 0 {
            continue;
        }
        let bit = 1u16 << digit;
        let (row, column, boxed) = (cell / 9, 9 + cell % 9, 18 + crate::geometry::box_of(cell));
        if (seen[row] | seen[column] | seen[boxed]) & bit != 0 {
            return true;
        }
        seen[row] |= bit;
        seen[column] |= bit;
        seen[boxed] |= bit;
    }
    false
}

/// Checks that no two filled cells that see each other hold the same digit. The error is an
/// [`Error::Conflict`] without a line.
pub fn check_conflicts(cells: &[u8; 81]) -> Result<(), Error> {
    match find_conflict(cells) {
        None => Ok(()),
        Some((first, second, digit, unit)) => Err(Error::Conflict {
            line: None,
            first,
            second,
            digit,
            unit,
        }),
    }
}

/// The puzzle as an 81-character line, `.` for empty.
pub fn to_line(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
        .collect()
}

/// The puzzle as a 9x9 grid, `.` for empty, every line ending in `\n`:
///
/// ```text
/// 4 . . | . 3 . | . . .
/// . . . | 6 . . | 8 . .
/// . . . | . . . | . . 1
/// ------+-------+------
/// ...
/// ```
pub fn to_grid(cells: &[u8; 81]) -> String {
    let mut out = String::with_capacity(22 * 11);
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str("------+-------+------\n");
        }
        for c in 0..9 {
            if c == 3 || c == 6 {
                out.push_str(" |");
            }
            if c > 0 {
                out.push(' ');
            }
            let v = cells[r * 9 + c];
            out.push(if v == 0 { '.' } else { (b'0' + v) as char });
        }
        out.push('\n');
    }
    out
}

/// The grid with candidates, as HoDoKu prints it: each column as wide as its widest cell,
/// `.---.` / `:---+---:` / `'---'` borders, every line ending in `\n`. A filled cell shows
/// its digit; an empty cell its candidates (bit `d - 1` = digit `d`). An empty cell with no
/// candidate left shows as `.`, which the reader reads back as such a cell; an empty cell
/// with one candidate reads back as a solved cell.
pub fn to_pencilmark(cells: &[u8; 81], candidates: &[u16; 81]) -> String {
    let tokens: Vec<String> = (0..81)
        .map(|i| {
            if cells[i] != 0 {
                cells[i].to_string()
            } else if candidates[i] & 0x1ff == 0 {
                ".".to_string()
            } else {
                (1..=9u8)
                    .filter(|d| candidates[i] & (1 << (d - 1)) != 0)
                    .map(|d| (b'0' + d) as char)
                    .collect()
            }
        })
        .collect();
    let widths: Vec<usize> = (0..9)
        .map(|c| (0..9).map(|r| tokens[r * 9 + c].len()).max().unwrap_or(1))
        .collect();
    // A stack is " a  b  c " with each cell padded to its column's width.
    let stack_width = |s: usize| widths[3 * s..3 * s + 3].iter().sum::<usize>() + 6;
    let border = |left: char, mid: char, right: char| {
        let mut line = String::new();
        line.push(left);
        for s in 0..3 {
            line.push_str(&"-".repeat(stack_width(s)));
            line.push(if s == 2 { right } else { mid });
        }
        line.push('\n');
        line
    };
    let mut out = border('.', '.', '.');
    for r in 0..9 {
        if r == 3 || r == 6 {
            out.push_str(&border(':', '+', ':'));
        }
        out.push('|');
        for s in 0..3 {
            out.push(' ');
            for k in 0..3 {
                let c = 3 * s + k;
                let token = &tokens[r * 9 + c];
                out.push_str(token);
                let pad = widths[c] - token.len() + if k == 2 { 1 } else { 2 };
                out.push_str(&" ".repeat(pad));
            }
            out.push('|');
        }
        out.push('\n');
    }
    out.push_str(&border('\'', '\'', '\''));
    out
}
