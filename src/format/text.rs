//! The text formats: the 81-character line, the plain 9x9 grid and the pencilmark grid.
//!
//! Everything here works on one line (or one grid's rows) already read by the reader, and
//! reports positions as 1-based line numbers and 1-based character columns.

use super::{find_conflict, to_line, Format, PuzzleInput};
use crate::error::Error;

/// Characters that only decorate a grid: separators and borders, never cells.
const DECORATION: &[char] = &['|', '+', '-', '=', '*', ':', '\''];

/// Blank lines and `#` comment lines are skipped in every text format.
pub(crate) fn is_blank_or_comment(line: &str) -> bool {
    let t = line.trim();
    t.is_empty() || t.starts_with('#')
}

/// Whether a line opens a file of 81-character puzzles: its first whitespace-separated token
/// holds at least 60 cell characters (digits and `.`). Wrong-length lines (60 to 80 cells, or
/// more than 81) and lines with a stray character are thus still read as lines and get a
/// precise error; no grid row or border has that many cell characters in one token.
pub(crate) fn looks_like_line(line: &str) -> bool {
    let token = line.split_whitespace().next().unwrap_or("");
    token.chars().filter(|&c| cell_value(c).is_some()).count() >= 60
}

fn cell_value(ch: char) -> Option<u8> {
    match ch {
        '1'..='9' => Some(ch as u8 - b'0'),
        '0' | '.' => Some(0),
        _ => None,
    }
}

/// Reads the 81 cells of a puzzle line. Leading whitespace is allowed; the cells end at the
/// first whitespace, or at any other character once 81 cells were read (so `,`- or
/// tab-separated columns after the puzzle are ignored).
pub(crate) fn parse_line(line: usize, text: &str) -> Result<[u8; 81], Error> {
    let mut cells = [0u8; 81];
    let mut count = 0usize;
    let mut started = false;
    for (i, ch) in text.chars().enumerate() {
        if let Some(v) = cell_value(ch) {
            started = true;
            if count < 81 {
                cells[count] = v;
            }
            count += 1;
        } else if ch.is_whitespace() {
            if started {
                break;
            }
        } else if count >= 81 {
            break;
        } else {
            return Err(Error::UnexpectedChar {
                line,
                column: i + 1,
                found: ch,
            });
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

/// Whether a grid row is written with candidates: no empty-cell marks (`.`, `0`), more than 9
/// digits, and at least one whitespace-separated token of two or more digits.
pub(crate) fn is_pencilmark_row(text: &str) -> bool {
    if text.contains(['.', '0']) {
        return false;
    }
    let digits = text.chars().filter(|c| c.is_ascii_digit()).count();
    digits > 9
        && pencil_tokens(text)
            .iter()
            .any(|t| t.len() >= 2 && t.iter().all(|&(_, c)| c.is_ascii_digit()))
}

/// The 9 cells of a plain grid row: digits, `.` or `0` for empty, decoration ignored.
fn parse_plain_row(line: usize, text: &str) -> Result<Vec<u8>, Error> {
    let mut cells = Vec::with_capacity(9);
    for (i, ch) in text.chars().enumerate() {
        if let Some(v) = cell_value(ch) {
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
/// digits 1-9, each digit at most once.
fn parse_pencil_row(line: usize, row: usize, text: &str) -> Result<Vec<u16>, Error> {
    let tokens = pencil_tokens(text);
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
/// `Some(Pencilmark)` when the format was given, else the rows decide: one pencilmark row
/// makes the whole grid a pencilmark grid.
fn is_pencilmark(rows: &[(usize, String)], forced: Option<Format>) -> bool {
    match forced {
        Some(Format::Pencilmark) => true,
        Some(_) => false,
        None => rows.iter().any(|(_, text)| is_pencilmark_row(text)),
    }
}

/// The error for a grid that ended after `rows` (fewer than 9): a character that belongs in
/// no grid if there is one (a stray line of text is more likely than a short grid), else the
/// row count.
pub(crate) fn unfinished_grid_error(rows: &[(usize, String)], forced: Option<Format>) -> Error {
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
