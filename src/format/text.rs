//! The text formats: the 81-character line, the plain 9x9 grid and the pencilmark grid, and
//! the shape of one text line, which decides the record it belongs to (see [`classify`]).
//!
//! Everything here works on one line (or one grid's rows) already read by the reader, and
//! reports positions as 1-based line numbers and 1-based character columns.

use super::{find_conflict, to_line, Format, PuzzleInput};
use crate::error::Error;

/// Characters that only decorate a grid: separators and borders, never cells.
const DECORATION: &[char] = &['|', '+', '-', '=', '*', ':', '\''];

/// Markers some programs put around a pencilmark cell (`<3>` for a given).
const PENCIL_MARKERS: &[char] = &['<', '>'];

/// Blank lines and `#` comment lines are skipped in every text format.
pub(crate) fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// What one text line is, on its own, when the format is detected (see the module
/// documentation of [`super`] for the rule).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum LineKind {
    /// Blank or a `#` comment.
    Skip,
    /// A grid border: decoration only.
    Border,
    /// A puzzle on one line: 81 cells in one token, or 9 groups of 9.
    Puzzle,
    /// A row that can open a grid: 9 plain cells, or a row of candidates.
    GridRow,
    /// Column names or a title (`quizzes,solutions`, `Grid 01`).
    Header,
    /// Anything else: an error for this line alone.
    Stray,
}

/// Classifies one line (see [`LineKind`]). Borders come before puzzle lines because `-` and
/// `*` are blanks in a puzzle line but decoration in a border; a token of 60 cells with a
/// digit is never a border, which settles the common case in one pass.
pub(crate) fn classify(line: &str) -> LineKind {
    let (cells, digits) = first_token_cells(line);
    if cells >= 60 && digits > 0 {
        LineKind::Puzzle
    } else if is_blank_or_comment(line) {
        LineKind::Skip
    } else if is_border(line) {
        LineKind::Border
    } else if is_puzzle_line(line) {
        LineKind::Puzzle
    } else if is_grid_row(line) {
        LineKind::GridRow
    } else if is_header(line) {
        LineKind::Header
    } else {
        LineKind::Stray
    }
}

/// The cells of the line format in the first whitespace-separated token, and how many of
/// them are digits 1-9. Bytes suffice: every cell character is ASCII, and the bytes of other
/// characters are never taken for one.
fn first_token_cells(line: &str) -> (usize, usize) {
    let bytes = line.as_bytes();
    let start = bytes
        .iter()
        .position(|b| !b.is_ascii_whitespace())
        .unwrap_or(bytes.len());
    let (mut cells, mut digits) = (0, 0);
    for &b in &bytes[start..] {
        let value = LINE_CELLS[b as usize];
        if value != NOT_A_CELL {
            cells += 1;
            digits += usize::from(value != 0);
        } else if b.is_ascii_whitespace() {
            break;
        }
    }
    (cells, digits)
}

/// Whether a line holds a puzzle of its own: its first whitespace-separated token holds at
/// least 60 cell characters, or it is 9 groups of 9 cells. Wrong-length lines (60 to 80
/// cells, or more than 81) and lines with a stray character are thus still read as lines and
/// get a precise error; no grid row or border has that many cell characters in one token.
pub(crate) fn is_puzzle_line(line: &str) -> bool {
    first_token_cells(line).0 >= 60
        || nine_groups(line).is_some_and(|groups| !is_candidate_row(&groups))
}

/// The first 9 whitespace-separated tokens of a line when each is exactly 9 cells of the line
/// format (`53..7.... 6..195... ...`); what follows them is ignored, as after a puzzle line.
fn nine_groups(line: &str) -> Option<[&str; 9]> {
    let mut tokens = line.split_whitespace();
    let mut groups = [""; 9];
    for group in groups.iter_mut() {
        let token = tokens.next()?;
        let cells = token
            .chars()
            .filter(|&c| line_cell_value(c).is_some())
            .count();
        if cells != 9 || token.len() != 9 {
            return None;
        }
        *group = token;
    }
    Some(groups)
}

/// Nine identical groups of digits cannot be a puzzle (every column would repeat a digit),
/// but they are a pencilmark row whose cells all hold the same candidates
/// (`123456789 123456789 ...`).
fn is_candidate_row(groups: &[&str; 9]) -> bool {
    groups.iter().all(|g| *g == groups[0]) && groups[0].chars().all(|c| c.is_ascii_digit())
}

/// Marks a byte that is no cell in [`LINE_CELLS`].
const NOT_A_CELL: u8 = u8::MAX;

/// Each byte's value as a cell of the line format (`1`-`9`; `.`, `0`, `*`, `-`, `_` are
/// empty), else [`NOT_A_CELL`]: a table, because every line of a batch file is scanned with it.
const LINE_CELLS: [u8; 256] = {
    let mut table = [NOT_A_CELL; 256];
    let mut digit = 1;
    while digit <= 9 {
        table[(b'0' + digit) as usize] = digit;
        digit += 1;
    }
    table[b'0' as usize] = 0;
    table[b'.' as usize] = 0;
    table[b'*' as usize] = 0;
    table[b'-' as usize] = 0;
    table[b'_' as usize] = 0;
    table
};

/// A cell of the line format: `1`-`9`, or `.`, `0`, `*`, `-`, `_` for empty.
fn line_cell_value(ch: char) -> Option<u8> {
    let value = *LINE_CELLS.get(ch as usize)?;
    (value != NOT_A_CELL).then_some(value)
}

/// A cell of a plain grid: `1`-`9`, or `.`, `0` for empty (`*` and `-` decorate grids).
fn grid_cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '0' | '.' => Some(0),
        _ => None,
    }
}

/// Whether every character could belong to a grid row: cells, decoration, whitespace and
/// pencilmark markers.
fn only_grid_characters(line: &str) -> bool {
    line.chars().all(|c| {
        grid_cell_value(c).is_some()
            || c.is_whitespace()
            || DECORATION.contains(&c)
            || PENCIL_MARKERS.contains(&c)
    })
}

/// Whether a line can open a grid: only grid characters, and 9 cells or a grid's spacing or
/// decoration (so a first row with a typo, `4 . . | . 3 .`, still opens its grid and gets
/// its error there). An unspaced run of another number of cells (`53.`) is a broken puzzle
/// line instead.
fn is_grid_row(line: &str) -> bool {
    let t = line.trim();
    only_grid_characters(t)
        && (t.chars().filter(|&c| grid_cell_value(c).is_some()).count() == 9
            || t.chars()
                .any(|c| c.is_whitespace() || DECORATION.contains(&c)))
}

/// Whether a line reads as column names or a title: it starts with a letter (or a quoted
/// name) and holds only letters, digits, spaces and the punctuation of names and CSV
/// (`quizzes,solutions`, `puzzle\ter\tep`, `Grid 01`, `"id";"puzzle"`).
fn is_header(line: &str) -> bool {
    let t = line.trim();
    let first = t.trim_start_matches(['"', '\'']).chars().next();
    first.is_some_and(|c| c.is_alphabetic())
        && t.chars()
            .all(|c| c.is_alphanumeric() || c.is_whitespace() || "_-.,;:()/'\"".contains(c))
}

/// The error for a line that belongs to no record: what is wrong with it as a puzzle line.
pub(crate) fn stray_line_error(line: usize, text: &str) -> Error {
    match parse_line(line, text) {
        Err(error) => error,
        // A line that parses has 81 cells in its first token or is 9 groups of 9, so it is a
        // puzzle line or a pencilmark row, never stray; should one come here, its cells are
        // what is wrong.
        Ok(_) => Error::CellCount {
            line,
            found: first_token_cells(text).0,
        },
    }
}

/// Reads the 81 cells of a puzzle line (`.`, `0`, `*`, `-` or `_` for empty). Leading
/// whitespace is allowed; the cells end at the first whitespace, or at any other character
/// once 81 cells were read (so `,`- or tab-separated columns after the puzzle are ignored).
/// A line of 9 whitespace-separated groups of 9 cells is read group by group.
pub(crate) fn parse_line(line: usize, text: &str) -> Result<[u8; 81], Error> {
    let mut cells = [0u8; 81];
    let mut count = 0usize;
    let mut started = false;
    // Bytes, not chars: every cell and separator is ASCII; a non-ASCII character is always
    // unexpected, and its column is counted in characters only then.
    for (i, &b) in text.as_bytes().iter().enumerate() {
        let value = LINE_CELLS[b as usize];
        if value != NOT_A_CELL {
            started = true;
            if let Some(cell) = cells.get_mut(count) {
                *cell = value;
            }
            count += 1;
        } else if b.is_ascii_whitespace() {
            if started {
                break;
            }
        } else if count >= 81 {
            break;
        } else if !text.is_char_boundary(i) {
            // The rest of a non-ASCII space, skipped below.
            continue;
        } else {
            let found = text[i..]
                .chars()
                .next()
                .unwrap_or(char::REPLACEMENT_CHARACTER);
            if found.is_whitespace() {
                if started {
                    break;
                }
                continue;
            }
            return Err(Error::UnexpectedChar {
                line,
                column: text[..i].chars().count() + 1,
                found,
            });
        }
    }
    if count == 9 {
        if let Some(groups) = nine_groups(text) {
            for (cell, ch) in cells.iter_mut().zip(groups.iter().flat_map(|g| g.chars())) {
                *cell = line_cell_value(ch).unwrap_or(0);
            }
            return Ok(cells);
        }
    }
    if count != 81 {
        return Err(Error::CellCount { line, found: count });
    }
    Ok(cells)
}

/// A puzzle line as a checked [`PuzzleInput`].
pub(crate) fn line_input(line: usize, text: &str) -> Result<PuzzleInput, Error> {
    let cells = parse_line(line, text)?;
    finish(line, Format::Line, cells, None)
}

/// A border line of a grid: no digits, only decoration (and `.`, which HoDoKu uses for
/// corners), with at least one `-` or `=`.
pub(crate) fn is_border(line: &str) -> bool {
    let t = line.trim();
    !t.is_empty()
        && t.contains(['-', '='])
        && t.chars()
            .all(|c| c.is_whitespace() || c == '.' || DECORATION.contains(&c))
}

/// The tokens of a pencilmark row: runs of characters between whitespace and `|`, each with
/// the 1-based column of every character. Given/solved markers around a token (`<3>`, `*4*`)
/// are dropped; a token that was only markers disappears.
fn pencil_tokens(text: &str) -> Vec<Vec<(usize, char)>> {
    let mut tokens = Vec::new();
    let mut current: Vec<(usize, char)> = Vec::new();
    for (i, ch) in text.chars().enumerate() {
        if ch.is_whitespace() || ch == '|' {
            if !current.is_empty() {
                tokens.push(std::mem::take(&mut current));
            }
        } else {
            current.push((i + 1, ch));
        }
    }
    if !current.is_empty() {
        tokens.push(current);
    }
    tokens
        .into_iter()
        .map(|t| {
            let start = t
                .iter()
                .position(|&(_, c)| c != '*' && c != '<')
                .unwrap_or(t.len());
            let end = t
                .iter()
                .rposition(|&(_, c)| c != '*' && c != '>')
                .map_or(start, |e| (e + 1).max(start));
            t[start..end].to_vec()
        })
        .filter(|t| !t.is_empty())
        .collect()
}

/// How a row's cells are written, to tell candidates from plain cells.
#[derive(Default)]
struct PencilShape {
    /// Digits 1-9 in the row.
    digits: usize,
    /// Tokens of two or more digits 1-9: cells with several candidates.
    multi_digit_tokens: usize,
    /// Tokens that are a lone `.` or `0`: cells without candidates.
    empty_tokens: usize,
    /// A `.` or `0` inside a longer token (`400`, `4..`): plain cells written together.
    packed_empties: bool,
}

impl PencilShape {
    fn of(text: &str) -> PencilShape {
        let mut shape = PencilShape {
            digits: text.chars().filter(|c| ('1'..='9').contains(c)).count(),
            ..PencilShape::default()
        };
        for token in pencil_tokens(text) {
            let empty = |&(_, c): &(usize, char)| c == '.' || c == '0';
            if token.len() == 1 && empty(&token[0]) {
                shape.empty_tokens += 1;
            } else if token.iter().any(empty) {
                shape.packed_empties = true;
            } else if token.len() >= 2 && token.iter().all(|&(_, c)| ('1'..='9').contains(&c)) {
                shape.multi_digit_tokens += 1;
            }
        }
        shape
    }

    /// A row of candidates: more than 9 digits, a cell with several, and empty cells (if
    /// any) written alone.
    fn is_candidate_row(&self) -> bool {
        !self.packed_empties && self.digits > 9 && self.multi_digit_tokens > 0
    }
}

/// The 9 cells of a plain grid row: digits, `.` or `0` for empty, decoration ignored.
fn parse_plain_row(line: usize, text: &str) -> Result<Vec<u8>, Error> {
    let mut cells = Vec::with_capacity(9);
    for (i, ch) in text.chars().enumerate() {
        if let Some(v) = grid_cell_value(ch) {
            cells.push(v);
        } else if !(ch.is_whitespace() || DECORATION.contains(&ch)) {
            return Err(Error::UnexpectedChar {
                line,
                column: i + 1,
                found: ch,
            });
        }
    }
    if cells.len() != 9 {
        return Err(Error::GridRowCells {
            line,
            found: cells.len(),
        });
    }
    Ok(cells)
}

/// The 9 candidate masks of pencilmark row `row` (0-based): whitespace-separated tokens of
/// digits 1-9, each digit at most once, or a lone `.` or `0` for a cell without candidates
/// (what [`super::to_pencilmark`] writes for it).
fn parse_pencil_row(line: usize, row: usize, text: &str) -> Result<Vec<u16>, Error> {
    let tokens: Vec<Vec<(usize, char)>> = pencil_tokens(text)
        .into_iter()
        .map(|t| match t.as_slice() {
            [(_, '.' | '0')] => Vec::new(),
            _ => t,
        })
        .collect();
    for token in &tokens {
        if let Some(&(column, found)) = token.iter().find(|&&(_, c)| !('1'..='9').contains(&c)) {
            return Err(Error::UnexpectedChar {
                line,
                column,
                found,
            });
        }
    }
    if tokens.len() != 9 {
        return Err(Error::GridRowCells {
            line,
            found: tokens.len(),
        });
    }
    let mut masks = Vec::with_capacity(9);
    for (col, token) in tokens.iter().enumerate() {
        let mut mask = 0u16;
        for &(column, ch) in token {
            let digit = ch as u8 - b'0';
            let bit = 1u16 << (digit - 1);
            if mask & bit != 0 {
                return Err(Error::RepeatedCandidate {
                    line,
                    column,
                    cell: row * 9 + col,
                    digit,
                });
            }
            mask |= bit;
        }
        masks.push(mask);
    }
    Ok(masks)
}

/// Whether grid rows are read as a pencilmark grid. `forced` is `Some(Grid)` or
/// `Some(Pencilmark)` when the format was given, else the rows decide: a grid is a pencilmark
/// grid when one of its rows is a row of candidates without any empty cell, and its cells
/// without candidates (a lone `.` or `0`) are fewer than its cells with several. So a plain
/// grid, whose empty cells are many, is never taken for pencilmarks because of one row with
/// a typo such as `5 3 4 | 6 7 8 | 9 1 23`.
fn is_pencilmark(rows: &[(usize, String)], forced: Option<Format>) -> bool {
    match forced {
        Some(Format::Pencilmark) => true,
        Some(_) => false,
        None => {
            let shapes: Vec<PencilShape> = rows.iter().map(|(_, t)| PencilShape::of(t)).collect();
            let empty: usize = shapes.iter().map(|s| s.empty_tokens).sum();
            let several: usize = shapes.iter().map(|s| s.multi_digit_tokens).sum();
            shapes
                .iter()
                .any(|s| s.is_candidate_row() && s.empty_tokens == 0)
                && empty < several
        }
    }
}

/// The error for a grid that ended after `rows` (fewer than 9): a character that belongs in
/// no grid if there is one (a stray line of text is more likely than a short grid), else the
/// row count. Where the format is detected, a lone row of bare cells (`4..3.....`, no spacing
/// or decoration) is more likely a puzzle line cut short, and gets that error.
pub(crate) fn unfinished_grid_error(rows: &[(usize, String)], forced: Option<Format>) -> Error {
    if let [(line, text)] = rows {
        let bare = !text
            .trim()
            .chars()
            .any(|c| c.is_whitespace() || DECORATION.contains(&c));
        if forced.is_none() && bare {
            return stray_line_error(*line, text);
        }
    }
    let pencilmark = is_pencilmark(rows, forced);
    for (r, (line, text)) in rows.iter().enumerate() {
        let parsed = if pencilmark {
            parse_pencil_row(*line, r, text).err()
        } else {
            parse_plain_row(*line, text).err()
        };
        if let Some(error @ Error::UnexpectedChar { .. }) = parsed {
            return error;
        }
    }
    Error::GridRows {
        line: rows.first().map_or(0, |r| r.0),
        found: rows.len(),
    }
}

/// Turns the 9 cell rows of a grid (line number and text) into a checked [`PuzzleInput`],
/// plain or pencilmark as [`is_pencilmark`] decides.
pub(crate) fn grid_input(
    rows: &[(usize, String)],
    forced: Option<Format>,
) -> Result<PuzzleInput, Error> {
    debug_assert_eq!(rows.len(), 9);
    let start = rows[0].0;
    let pencilmark = is_pencilmark(rows, forced);
    let mut cells = [0u8; 81];
    if pencilmark {
        let mut candidates = [0u16; 81];
        for (r, (line, text)) in rows.iter().enumerate() {
            let masks = parse_pencil_row(*line, r, text)?;
            candidates[r * 9..r * 9 + 9].copy_from_slice(&masks);
        }
        for (cell, &mask) in cells.iter_mut().zip(candidates.iter()) {
            if mask.count_ones() == 1 {
                *cell = mask.trailing_zeros() as u8 + 1;
            }
        }
        finish(start, Format::Pencilmark, cells, Some(candidates))
    } else {
        for (r, (line, text)) in rows.iter().enumerate() {
            let row = parse_plain_row(*line, text)?;
            cells[r * 9..r * 9 + 9].copy_from_slice(&row);
        }
        finish(start, Format::Grid, cells, None)
    }
}

/// Checks the filled cells for conflicts and builds the input.
fn finish(
    line: usize,
    format: Format,
    cells: [u8; 81],
    candidates: Option<[u16; 81]>,
) -> Result<PuzzleInput, Error> {
    if let Some((first, second, digit, unit)) = find_conflict(&cells) {
        return Err(Error::Conflict {
            line: Some(line),
            first,
            second,
            digit,
            unit,
        });
    }
    Ok(PuzzleInput {
        line,
        format,
        cells,
        candidates,
        record: None,
        text: to_line(&cells),
    })
}
