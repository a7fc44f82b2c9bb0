//! Reading puzzles of any shape, record by record, with errors that say what and where.
//!
//! Two ways to write a puzzle, mixed freely in one input:
//! - **a line**: every cell in one token, `1`-`9` then `A`-`P` (or `a`-`p`) for 10 to 25, `.`
//!   `0` `*` `-` `_` for empty; or N whitespace-separated groups of N cells. The token ends at
//!   whitespace or a comma, and the rest of the line is ignored (`.tsv` and CSV columns).
//! - **rows of numbers**: one row a line, whitespace-separated numbers (`0` or `.` empty),
//!   N rows of N numbers; a line of two or more tokens, each one or two digits or `.`, is a
//!   row. A blank line or a line puzzle before the Nth row ends the grid, as an error.
//!
//! The shape comes from `--shape` when given (a puzzle of another size is an error), else
//! from the number of cells ([`Shape::for_cell_count`]). Blank lines and `#` comments are
//! skipped; so is a first line that is a header (it holds a letter past `P`: `puzzle,level`),
//! which [`ShapedRecords::skipped_header`] then tells.
//! Lines are read up to [`MAX_LINE_BYTES`]; a longer one is an error and is skipped unread.

use std::collections::VecDeque;
use std::io::BufRead;

use super::{check_conflicts, symbol_value, Shape, ShapedPuzzle};
use crate::error::Error;

/// The longest line read: a 25x25 line is 625 bytes, a row of numbers under 100.
pub const MAX_LINE_BYTES: usize = 64 * 1024;

/// An input that is not a puzzle, in the place of the puzzle it should have been.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Rejected {
    /// The 1-based line where it starts.
    pub line: usize,
    /// Its text as given (the rows of a grid joined by newlines).
    pub input: String,
    /// What is wrong, naming the line (and column where one character is at fault).
    pub error: Error,
}

/// Reads exactly one puzzle of any shape from a text: its first, with an error for a second.
pub fn parse_shaped(text: &str, shape: Option<Shape>) -> Result<ShapedPuzzle, Error> {
    let mut records = read_shaped(text.as_bytes(), shape);
    let first = match records.next() {
        Some(Ok(puzzle)) => puzzle,
        Some(Err(rejected)) => return Err(rejected.error),
        None => {
            return Err(Error::NoPuzzle {
                source: "the text".to_string(),
            })
        }
    };
    match records.next() {
        None => Ok(first),
        Some(Ok(second)) => Err(Error::MultiplePuzzles { line: second.line }),
        Some(Err(rejected)) => Err(Error::MultiplePuzzles {
            line: rejected.line,
        }),
    }
}

/// Every puzzle of an input, in order, each a puzzle or the [`Rejected`] record in its place.
pub fn read_shaped<R: BufRead>(reader: R, shape: Option<Shape>) -> ShapedRecords<R> {
    ShapedRecords {
        reader,
        shape,
        line: 0,
        seen_content: false,
        header: None,
        grid: None,
        ready: VecDeque::new(),
        done: false,
    }
}

/// The iterator of [`read_shaped`].
pub struct ShapedRecords<R> {
    reader: R,
    shape: Option<Shape>,
    /// The number of the last line read.
    line: usize,
    /// Whether a line other than blank or comment was met (a header only comes first).
    seen_content: bool,
    /// The header line skipped, with its number.
    header: Option<(usize, String)>,
    /// The rows of numbers read so far of a grid.
    grid: Option<NumberGrid>,
    /// Records finished and not yet handed out.
    ready: VecDeque<Result<ShapedPuzzle, Rejected>>,
    done: bool,
}

/// A grid of number rows being read.
struct NumberGrid {
    first_line: usize,
    /// Rows expected: the shape's size, or the first row's count.
    size: usize,
    /// Each cell's value with its line and column.
    cells: Vec<(u32, usize, usize)>,
    rows: Vec<String>,
    /// The first error met in its rows.
    error: Option<Error>,
}

/// One whitespace-separated token of a line, with its 1-based column.
struct Token<'a> {
    column: usize,
    text: &'a str,
}

fn tokens(line: &str) -> Vec<Token<'_>> {
    let mut out = Vec::new();
    let mut start = None;
    for (i, c) in line
        .char_indices()
        .chain(std::iter::once((line.len(), ' ')))
    {
        match (c.is_whitespace(), start) {
            (true, Some(s)) => {
                out.push(Token {
                    column: line[..s].chars().count() + 1,
                    text: &line[s..i],
                });
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
    }
    out
}

/// A token of a row of numbers: one or two digits, or `.`.
fn is_number(token: &str) -> bool {
    token == "."
        || (!token.is_empty() && token.len() <= 2 && token.bytes().all(|b| b.is_ascii_digit()))
}

/// Whether a line read first would be a header (`puzzle,level`): it starts with a letter and
/// holds one no cell symbol uses (past `P`). Only an input's first line can be one.
pub fn looks_like_header(line: &str) -> bool {
    line.trim_start()
        .starts_with(|c: char| c.is_ascii_alphabetic())
        && line
            .chars()
            .any(|c| c.is_ascii_alphabetic() && c.to_ascii_uppercase() > 'P')
}

impl<R> ShapedRecords<R> {
    /// The first line, when it was a header and skipped: its number and text (known once the
    /// first record has been read).
    pub fn skipped_header(&self) -> Option<(usize, &str)> {
        self.header
            .as_ref()
            .map(|(line, text)| (*line, text.as_str()))
    }
}

impl<R: BufRead> ShapedRecords<R> {
    /// The next line without its ending, or an error for a line too long or not UTF-8.
    fn next_line(&mut self) -> Option<Result<String, Error>> {
        let mut bytes = Vec::new();
        let mut too_long = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(b) => b,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => return Some(Err(Error::io(&e))),
            };
            if buffer.is_empty() {
                if bytes.is_empty() && !too_long {
                    return None;
                }
                break;
            }
            let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(p) => (p + 1, true),
                None => (buffer.len(), false),
            };
            if !too_long {
                bytes.extend_from_slice(&buffer[..taken]);
                if bytes.len() > MAX_LINE_BYTES {
                    too_long = true;
                    bytes = Vec::new();
                }
            }
            self.reader.consume(taken);
            if ended {
                break;
            }
        }
        self.line += 1;
        if too_long {
            return Some(Err(Error::LineTooLong {
                line: self.line,
                limit: MAX_LINE_BYTES,
            }));
        }
        while bytes.last().is_some_and(|b| *b == b'\n' || *b == b'\r') {
            bytes.pop();
        }
        Some(String::from_utf8(bytes).map_err(|_| Error::InvalidUtf8 { line: self.line }))
    }

    /// Ends the grid being read early: its rows are too few.
    fn cut_grid(&mut self) {
        if let Some(grid) = self.grid.take() {
            let error = grid.error.unwrap_or(Error::RowCount {
                line: grid.first_line,
                found: grid.rows.len(),
                expected: grid.size,
            });
            self.ready.push_back(Err(Rejected {
                line: grid.first_line,
                input: grid.rows.join("\n"),
                error,
            }));
        }
    }

    /// Adds a row of numbers to the grid being read (or starts one).
    fn add_row(&mut self, text: &str, row: &[Token<'_>]) {
        let line = self.line;
        let grid = self.grid.get_or_insert_with(|| NumberGrid {
            first_line: line,
            size: self.shape.map_or(row.len(), Shape::size),
            cells: Vec::new(),
            rows: Vec::new(),
            error: None,
        });
        if row.len() != grid.size && grid.error.is_none() {
            grid.error = Some(Error::RowNumbers {
                line,
                found: row.len(),
                expected: grid.size,
            });
        }
        for token in row.iter().take(grid.size) {
            let value = token.text.parse::<u32>().unwrap_or(0);
            grid.cells.push((value, line, token.column));
        }
        grid.rows.push(text.to_string());
        if grid.rows.len() == grid.size {
            if let Some(grid) = self.grid.take() {
                let record = self.finish_grid(&grid).map_err(|error| Rejected {
                    line: grid.first_line,
                    input: grid.rows.join("\n"),
                    error,
                });
                self.ready.push_back(record);
            }
        }
    }

    fn finish_grid(&self, grid: &NumberGrid) -> Result<ShapedPuzzle, Error> {
        if let Some(error) = grid.error.clone() {
            return Err(error);
        }
        let cells = grid.cells.len();
        let shape = self.shape_of(grid.first_line, cells)?;
        let mut values = Vec::with_capacity(cells);
        for &(value, line, column) in &grid.cells {
            if value as usize > shape.size() {
                return Err(Error::ValueOutOfRange {
                    line,
                    column,
                    value,
                    max: shape.size(),
                });
            }
            values.push(value as u8);
        }
        self.checked(shape, values, grid.first_line)
    }

    /// The shape of a puzzle of `cells` cells starting on `line`.
    fn shape_of(&self, line: usize, cells: usize) -> Result<Shape, Error> {
        match self.shape {
            Some(shape) if shape.cell_count() == cells => Ok(shape),
            Some(shape) => Err(Error::ShapeCellCount {
                line,
                found: cells,
                expected: shape.cell_count(),
                shape: shape.to_string(),
            }),
            None => Shape::for_cell_count(cells).ok_or(Error::ShapeUnknown { line, found: cells }),
        }
    }

    fn checked(&self, shape: Shape, cells: Vec<u8>, line: usize) -> Result<ShapedPuzzle, Error> {
        check_conflicts(shape, &cells, Some(line))?;
        Ok(ShapedPuzzle { shape, cells, line })
    }

    /// Reads a puzzle written on one line.
    fn line_puzzle(&self, parts: &[Token<'_>]) -> Result<ShapedPuzzle, Error> {
        let line = self.line;
        // The cells: one token up to a comma, or N groups of N.
        let first = parts[0].text.split(',').next().unwrap_or("");
        let width = first.chars().count();
        let grouped = width >= 2
            && parts.len() >= width
            && parts[..width]
                .iter()
                .all(|t| t.text.chars().count() == width);
        let pieces: Vec<(usize, &str)> = if grouped {
            parts[..width].iter().map(|t| (t.column, t.text)).collect()
        } else {
            vec![(parts[0].column, first)]
        };
        let mut cells = Vec::new();
        let mut columns = Vec::new();
        for (column, piece) in pieces {
            for (offset, c) in piece.chars().enumerate() {
                let value = symbol_value(c).ok_or(Error::UnexpectedChar {
                    line,
                    column: column + offset,
                    found: c,
                })?;
                cells.push(value);
                columns.push(column + offset);
            }
        }
        let shape = self.shape_of(line, cells.len())?;
        if let Some(at) = cells.iter().position(|&v| usize::from(v) > shape.size()) {
            return Err(Error::ValueOutOfRange {
                line,
                column: columns[at],
                value: u32::from(cells[at]),
                max: shape.size(),
            });
        }
        self.checked(shape, cells, line)
    }

    /// Reads lines until a record is ready or the input ends.
    fn read_more(&mut self) {
        while self.ready.is_empty() && !self.done {
            let text = match self.next_line() {
                None => {
                    self.done = true;
                    self.cut_grid();
                    return;
                }
                Some(Err(error)) => {
                    self.cut_grid();
                    let stop = matches!(error, Error::Io { .. });
                    self.ready.push_back(Err(Rejected {
                        line: self.line,
                        input: String::new(),
                        error,
                    }));
                    self.done = stop;
                    continue;
                }
                Some(Ok(text)) => text,
            };
            let trimmed = text.trim();
            if trimmed.is_empty() {
                self.cut_grid();
                continue;
            }
            if trimmed.starts_with('#') {
                continue;
            }
            let first_content = !self.seen_content;
            self.seen_content = true;
            let parts = tokens(&text);
            if parts.len() >= 2 && parts.iter().all(|t| is_number(t.text)) {
                self.add_row(trimmed, &parts);
                continue;
            }
            self.cut_grid();
            if first_content && looks_like_header(&text) {
                self.header = Some((self.line, trimmed.to_string()));
                continue;
            }
            let record = self.line_puzzle(&parts).map_err(|error| Rejected {
                line: self.line,
                input: trimmed.to_string(),
                error,
            });
            self.ready.push_back(record);
        }
    }
}

impl<R: BufRead> Iterator for ShapedRecords<R> {
    type Item = Result<ShapedPuzzle, Rejected>;

    fn next(&mut self) -> Option<Self::Item> {
        self.read_more();
        self.ready.pop_front()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn errors(text: &str, shape: Option<Shape>) -> Vec<String> {
        read_shaped(text.as_bytes(), shape)
            .map(|r| match r {
                Ok(p) => format!("ok {} {}", p.shape, p.to_line()),
                Err(r) => r.error.to_string(),
            })
            .collect()
    }

    #[test]
    fn a_first_line_header_is_skipped_and_told() {
        let mut records = read_shaped(
            "# made by hand\npuzzle,level\n1..2..3..4..2..3\n".as_bytes(),
            None,
        );
        assert!(records.next().unwrap().is_ok());
        assert_eq!(records.skipped_header(), Some((2, "puzzle,level")));
        let mut records = read_shaped("1..2..3..4..2..3\npuzzle,level\n".as_bytes(), None);
        assert!(records.next().unwrap().is_ok());
        assert!(
            records.next().unwrap().is_err(),
            "a later line of words is an error"
        );
        assert_eq!(records.skipped_header(), None);
    }

    #[test]
    fn lines_of_every_size_and_rows_of_numbers() {
        let got = errors(
            "# comment\npuzzle,level\n1...,x\n\n1..2..3..4..2..3\t4x4\n1 0 0\n0 0 0\n. 0 0\n12.. 3..4 .... ....\n",
            None,
        );
        assert_eq!(
            got,
            vec![
                "ok latin:2 1...",
                "ok 4x4 1..2..3..4..2..3",
                "ok latin:3 1........",
                "ok 4x4 12..3..4........",
            ]
        );
    }

    #[test]
    fn errors_say_what_and_where() {
        let got = errors(
            ".2.1....\n5...\n1.x.\n11..\n1 0 0\n0 0 0\n\n1 0 0\n0 0\n0 0 0\n",
            None,
        );
        assert_eq!(
            got,
            vec![
                "line 1: 8 cells is not a square grid (16 cells for 4x4, 36 for 6x6, 81 for 9x9, 256 for 16x16, 625 for 25x25)",
                "line 2, column 1: value 5 is out of range 1..2",
                "line 3, column 3: unexpected character 'x'",
                "line 4: r1c1 and r1c2 both hold 1 (row 1)",
                "line 5: grid has 2 rows, expected 3",
                "line 9: expected 3 numbers in a row, found 2",
            ]
        );
        let six = Some("6x6".parse().unwrap());
        assert_eq!(
            errors("1..2..3..4..2..3\n", six),
            vec!["line 1: expected 36 cells for 6x6, found 16"]
        );
        assert_eq!(
            errors(&".".repeat(64), None),
            vec!["line 1: the boxes of a grid of 64 cells (8x8) could be cut more than one way: give the shape (8x8 for boxes of 2 rows by 4 columns, AxB for boxes of A rows by B columns, latin:8 for a Latin square)"]
        );
        assert_eq!(
            errors("1.........G.....\n", None),
            vec!["line 1, column 11: value 16 is out of range 1..4"]
        );
    }

    #[test]
    fn one_puzzle_from_a_text() {
        let p = parse_shaped("1 2\n2 1", None).unwrap();
        assert_eq!(p.shape, Shape::latin(2).unwrap());
        assert_eq!(p.cells, vec![1, 2, 2, 1]);
        assert!(matches!(
            parse_shaped("1...\n.1..\n", None),
            Err(Error::MultiplePuzzles { line: 2 })
        ));
        assert!(matches!(
            parse_shaped("\n", None),
            Err(Error::NoPuzzle { .. })
        ));
    }

    #[test]
    fn long_lines_are_refused_unread() {
        let text = format!("{}\n1...\n", "1".repeat(MAX_LINE_BYTES + 10));
        assert_eq!(
            errors(&text, None),
            vec!["line 1: line longer than 64 KiB", "ok latin:2 1..."]
        );
    }
}
