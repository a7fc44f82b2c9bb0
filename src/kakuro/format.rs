//! Reading and writing Kakuro: the text format and the JSON records of the shared corpus.
//!
//! # The text format
//!
//! One grid row per line, its squares separated by spaces or tabs:
//!
//! | square | meaning |
//! |---|---|
//! | `#` | a black square |
//! | `D\R` | a clue: `D` is the sum of the run below it, `R` of the run to its right, `_` for none (`_\_` is black) |
//! | `.` | a white cell to fill |
//! | `1`..`9` | a white cell holding a digit a player entered (read by `hint`; the puzzle is the clues) |
//!
//! A blank line ends a puzzle, so a file holds many; a line starting with `;` is a comment.
//! Every row has as many squares as the first. For example (`examples/kakuro.txt`):
//!
//! ```text
//! ; 4 white cells: 11 = 9+2 and 14 = 6+8 across, 15 and 10 down
//! #     15\_  10\_
//! _\11  .     .
//! _\14  .     .
//! ```
//!
//! # JSON records
//!
//! One record per line, as in `kakuro-300.jsonl`: `{"id", "source_url", "rows", "cols",
//! "n_white", "grid"}`, where `grid` is a list of rows of the same squares as strings (`"#"`,
//! `"."`, `"15\\_"`). Only `grid` is required; `rows`, `cols` and `n_white`, when given, must
//! agree with it. A file may mix JSON lines and text grids: a record that starts with `{` is
//! JSON.
//!
//! Errors name the file line, the grid row and the grid column (1-based) of the first problem:
//! bad JSON, a square that is none of the above, rows of different lengths, and the
//! geometry's own ([`super::puzzle::Kakuro::new`]: a clue with no run, a run longer than 9, an
//! impossible sum, a white cell outside every run). Grids are at most [`MAX_SIDE`] squares a
//! side.

use serde::{Deserialize, Serialize};

use super::error::{ParseError, Problem};
pub use super::layout::MAX_SIDE;
use super::puzzle::{Kakuro, Square};

/// One record of a file: where it starts, what it was, and the puzzle or why not.
#[derive(Debug, Clone)]
pub struct Record {
    /// The file line it starts on (1-based).
    pub line: usize,
    /// The record as written (a text grid's lines joined by `\n`).
    pub text: String,
    /// The puzzle, or what is wrong with it and where.
    pub puzzle: Result<Kakuro, ParseError>,
}

/// The longest line read: a JSON record of the largest grid ([`MAX_SIDE`] squares a side,
/// each a quoted clue) fits with room to spare.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// The largest record read: a text grid's lines together, or one JSON line.
pub const MAX_RECORD_BYTES: usize = 4 << 20;

/// Every record of a file's text, in order, the bad ones included.
pub fn read_records(text: &str) -> Vec<Record> {
    records(text.as_bytes()).collect()
}

/// Every record of an input, in order, the bad ones included, read as they come: a line
/// at a time, never more than [`MAX_LINE_BYTES`] of one line nor [`MAX_RECORD_BYTES`] of one
/// record in memory (a longer line or a larger record is an error record and is skipped), a
/// line that is not UTF-8 an error record, an I/O error the last record.
pub fn records<R: std::io::BufRead>(reader: R) -> Records<R> {
    Records {
        reader,
        line: 0,
        block: Vec::new(),
        block_bytes: 0,
        oversized: None,
        done: false,
        ready: std::collections::VecDeque::new(),
    }
}

/// The iterator of [`records`].
pub struct Records<R> {
    reader: R,
    /// The number of the last line read.
    line: usize,
    /// The lines of the text grid being read, with their numbers.
    block: Vec<(usize, String)>,
    block_bytes: usize,
    /// The first line of a grid that passed [`MAX_RECORD_BYTES`], skipped to its end.
    oversized: Option<usize>,
    done: bool,
    ready: std::collections::VecDeque<Record>,
}

/// One line as read: its text, or why it could not be.
enum Line {
    Text(String),
    Bad(Problem),
}

impl<R: std::io::BufRead> Records<R> {
    /// The next line without its ending, `None` at the end of the input.
    fn next_line(&mut self) -> Option<Line> {
        let mut bytes = Vec::new();
        let mut too_long = false;
        loop {
            let buffer = match self.reader.fill_buf() {
                Ok(buffer) => buffer,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    self.done = true;
                    self.line += 1;
                    return Some(Line::Bad(Problem::Io(e.to_string())));
                }
            };
            if buffer.is_empty() {
                if bytes.is_empty() && !too_long {
                    return None;
                }
                break;
            }
            let (taken, ended) = match buffer.iter().position(|&b| b == b'\n') {
                Some(at) => (at + 1, true),
                None => (buffer.len(), false),
            };
            let content = &buffer[..if ended { taken - 1 } else { taken }];
            if !too_long {
                if bytes.len() + content.len() > MAX_LINE_BYTES {
                    too_long = true;
                    bytes = Vec::new();
                } else {
                    bytes.extend_from_slice(content);
                }
            }
            self.reader.consume(taken);
            if ended {
                break;
            }
        }
        self.line += 1;
        if too_long {
            return Some(Line::Bad(Problem::LineTooLong {
                limit: MAX_LINE_BYTES,
            }));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        Some(match String::from_utf8(bytes) {
            Ok(text) => Line::Text(text),
            Err(_) => Line::Bad(Problem::NotUtf8),
        })
    }

    /// The text grid read so far, as a record (or the error of one too large).
    fn flush(&mut self) {
        if let Some(first) = self.oversized.take() {
            self.ready.push_back(Record {
                line: first,
                text: String::new(),
                puzzle: Err(ParseError::whole(Problem::RecordTooLarge {
                    limit: MAX_RECORD_BYTES,
                })
                .on_line(first)),
            });
        }
        if self.block.is_empty() {
            return;
        }
        let rows: Vec<(usize, &str)> = self.block.iter().map(|(n, l)| (*n, l.as_str())).collect();
        self.ready.push_back(Record {
            line: rows[0].0,
            text: rows.iter().map(|(_, l)| *l).collect::<Vec<_>>().join("\n"),
            puzzle: parse_rows(&rows),
        });
        self.block.clear();
        self.block_bytes = 0;
    }

    /// Reads lines until a record is ready or the input ends.
    fn read_more(&mut self) {
        while self.ready.is_empty() && !self.done {
            let text = match self.next_line() {
                None => {
                    self.done = true;
                    self.flush();
                    return;
                }
                Some(Line::Bad(problem)) => {
                    self.flush();
                    self.ready.push_back(Record {
                        line: self.line,
                        text: String::new(),
                        puzzle: Err(ParseError::whole(problem).on_line(self.line)),
                    });
                    continue;
                }
                Some(Line::Text(text)) => text,
            };
            let trimmed = text.trim();
            if trimmed.starts_with(';') {
                continue;
            }
            if trimmed.is_empty() {
                self.flush();
            } else if self.oversized.is_some() {
                // The rest of a grid too large to keep.
            } else if trimmed.starts_with('{') && self.block.is_empty() {
                self.ready.push_back(Record {
                    line: self.line,
                    text: trimmed.to_string(),
                    puzzle: parse_json(trimmed).map_err(|e| e.on_line(self.line)),
                });
            } else if self.block_bytes + text.len() > MAX_RECORD_BYTES {
                self.oversized = Some(self.block.first().map_or(self.line, |(n, _)| *n));
                self.block.clear();
                self.block_bytes = 0;
            } else {
                self.block_bytes += text.len();
                self.block.push((self.line, text));
            }
        }
    }
}

impl<R: std::io::BufRead> Iterator for Records<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        self.read_more();
        self.ready.pop_front()
    }
}

/// One puzzle in the text format (comment lines and blank lines around it are skipped).
pub fn parse_text(text: &str) -> Result<Kakuro, ParseError> {
    let rows: Vec<(usize, &str)> = text
        .lines()
        .enumerate()
        .map(|(i, l)| (i + 1, l))
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with(';'))
        .collect();
    parse_rows(&rows)
}

/// A grid from its rows, each with its file line.
fn parse_rows(rows: &[(usize, &str)]) -> Result<Kakuro, ParseError> {
    let tokens: Vec<Vec<&str>> = rows
        .iter()
        .map(|(_, l)| l.split_whitespace().collect())
        .collect();
    let line_of_row = |row: usize| rows.get(row.wrapping_sub(1)).map(|(n, _)| *n);
    build(&tokens).map_err(|e| match e.row().and_then(line_of_row) {
        Some(line) => e.on_line(line),
        None => match rows.first() {
            Some((line, _)) => e.on_line(*line),
            None => e,
        },
    })
}

/// How a JSON record is read; the corpus's own field names.
#[derive(Deserialize)]
struct JsonIn {
    id: Option<String>,
    source_url: Option<String>,
    rows: Option<usize>,
    cols: Option<usize>,
    n_white: Option<usize>,
    grid: Vec<Vec<String>>,
}

/// One puzzle from a JSON record.
pub fn parse_json(text: &str) -> Result<Kakuro, ParseError> {
    let record: JsonIn =
        serde_json::from_str(text).map_err(|e| ParseError::whole(Problem::Json(e.to_string())))?;
    let tokens: Vec<Vec<&str>> = record
        .grid
        .iter()
        .map(|row| row.iter().map(|s| s.trim()).collect())
        .collect();
    let mut kakuro = build(&tokens)?;
    let stated = [
        ("rows", record.rows, kakuro.rows()),
        ("cols", record.cols, kakuro.cols()),
        ("n_white", record.n_white, kakuro.cell_count()),
    ];
    for (field, stated, actual) in stated {
        if let Some(stated) = stated.filter(|&s| s != actual) {
            return Err(ParseError::whole(Problem::SizeMismatch {
                field,
                stated,
                actual,
            }));
        }
    }
    kakuro.id = record.id;
    kakuro.source = record.source_url;
    Ok(kakuro)
}

/// Squares from rows of tokens, then the geometry's checks.
fn build(tokens: &[Vec<&str>]) -> Result<Kakuro, ParseError> {
    let Some(first) = tokens.first() else {
        return Err(ParseError::whole(Problem::EmptyGrid));
    };
    let cols = first.len();
    if tokens.len() > MAX_SIDE || cols > MAX_SIDE {
        return Err(ParseError::whole(Problem::TooLarge {
            rows: tokens.len(),
            cols,
        }));
    }
    let mut squares = Vec::with_capacity(tokens.len() * cols);
    for (row, cells) in tokens.iter().enumerate() {
        if cells.len() != cols {
            return Err(ParseError::at(
                row + 1,
                cells.len().min(cols) + 1,
                Problem::Ragged {
                    expected: cols,
                    found: cells.len(),
                },
            ));
        }
        for (col, token) in cells.iter().enumerate() {
            squares.push(square(token).map_err(|p| ParseError::at(row + 1, col + 1, p))?);
        }
    }
    if cols == 0 {
        return Err(ParseError::whole(Problem::EmptyGrid));
    }
    Kakuro::new(tokens.len(), cols, squares)
}

/// One square from its text.
fn square(token: &str) -> Result<Square, Problem> {
    match token {
        "#" => return Ok(Square::Black),
        "." => return Ok(Square::White(None)),
        _ => {}
    }
    if let [digit @ b'1'..=b'9'] = token.as_bytes() {
        return Ok(Square::White(Some(digit - b'0')));
    }
    let Some((down, right)) = token.split_once('\\') else {
        return Err(Problem::BadCell {
            text: token.to_string(),
        });
    };
    let bad = |why| Problem::BadClue {
        text: token.to_string(),
        why,
    };
    let sum = |side: &str| -> Result<Option<u32>, Problem> {
        match side {
            "_" => Ok(None),
            "" => Err(bad("has an empty side: write _ for no sum")),
            digits if digits.bytes().all(|b| b.is_ascii_digit()) => match digits.parse() {
                Ok(n) if digits.len() <= 3 => Ok(Some(n)),
                _ => Err(bad("has a sum past any run's 45")),
            },
            _ => Err(bad("is not D\\R with numbers or _")),
        }
    };
    if right.contains('\\') {
        return Err(bad("has more than one \\"));
    }
    match (sum(down)?, sum(right)?) {
        (None, None) => Ok(Square::Black),
        (down, right) => Ok(Square::Clue { down, right }),
    }
}

/// A square as text: `#`, `.`, the digit, `15\_`.
fn square_text(square: Square, digit: Option<u8>) -> String {
    let side = |sum: Option<u32>| sum.map_or("_".to_string(), |s| s.to_string());
    match square {
        Square::Black => "#".to_string(),
        Square::Clue { down, right } => format!("{}\\{}", side(down), side(right)),
        Square::White(entered) => match digit.or(entered) {
            Some(d) => d.to_string(),
            None => ".".to_string(),
        },
    }
}

/// The grid's rows as square texts, with `digits` (one per white cell) in the white cells
/// when given, else the entered digits.
pub fn grid_rows(kakuro: &Kakuro, digits: Option<&[u8]>) -> Vec<Vec<String>> {
    (0..kakuro.rows())
        .map(|row| {
            (0..kakuro.cols())
                .map(|col| {
                    let digit = kakuro
                        .cell_at(row, col)
                        .and_then(|cell| digits.and_then(|d| d.get(cell).copied()))
                        .filter(|d| (1..=9).contains(d));
                    square_text(kakuro.square(row, col), digit)
                })
                .collect()
        })
        .collect()
}

/// The grid in the text format, columns aligned, with `digits` filled in when given.
pub fn to_text(kakuro: &Kakuro, digits: Option<&[u8]>) -> String {
    let rows = grid_rows(kakuro, digits);
    let width = rows.iter().flatten().map(String::len).max().unwrap_or(1);
    let mut out = String::new();
    for row in rows {
        let line: Vec<String> = row.iter().map(|s| format!("{s:<width$}")).collect();
        out.push_str(line.join(" ").trim_end());
        out.push('\n');
    }
    out
}

/// A JSON record as the corpus writes it.
#[derive(Debug, Clone, Serialize)]
pub struct JsonRecord {
    /// The record's name, if it had one.
    pub id: Option<String>,
    /// Where it comes from, if known.
    pub source_url: Option<String>,
    /// Grid rows.
    pub rows: usize,
    /// Grid columns.
    pub cols: usize,
    /// White cells.
    pub n_white: usize,
    /// The squares, row by row.
    pub grid: Vec<Vec<String>>,
}

/// The puzzle as a JSON record (its entered digits kept).
pub fn to_json_record(kakuro: &Kakuro) -> JsonRecord {
    JsonRecord {
        id: kakuro.id.clone(),
        source_url: kakuro.source.clone(),
        rows: kakuro.rows(),
        cols: kakuro.cols(),
        n_white: kakuro.cell_count(),
        grid: grid_rows(kakuro, None),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kakuro::puzzle::Direction;

    const TINY: &str = "#    15\\_ 10\\_\n_\\11 .    .\n_\\14 .    .\n";

    /// The reader keeps at most a line's and a record's bound in memory, and tells what it
    /// skipped where.
    #[test]
    fn oversized_and_undecodable_input_is_reported_and_the_rest_read() {
        let long_line = "x".repeat(MAX_LINE_BYTES + 10);
        let mut input = format!("{TINY}\n{long_line}\n\n").into_bytes();
        input.extend_from_slice(b"\xff\xfe\n\n");
        let wide_row = format!("{}\n", ". ".repeat(MAX_LINE_BYTES / 2 - 1));
        for _ in 0..(MAX_RECORD_BYTES / wide_row.len() + 2) {
            input.extend_from_slice(wide_row.as_bytes());
        }
        input.extend_from_slice(format!("\n{TINY}").as_bytes());
        let got: Vec<(usize, String)> = records(&input[..])
            .map(|r| {
                (
                    r.line,
                    r.puzzle.map_or_else(|e| e.to_string(), |_| "ok".into()),
                )
            })
            .collect();
        let last = got.last().unwrap().0;
        assert_eq!(
            got,
            vec![
                (1, "ok".to_string()),
                (5, format!("line 5: the line is longer than {MAX_LINE_BYTES} bytes; it was skipped")),
                (7, "line 7: the line is not UTF-8 text".to_string()),
                (9, format!("line 9: the record is larger than {MAX_RECORD_BYTES} bytes; it was skipped to its end")),
                (last, "ok".to_string()),
            ]
        );
        assert_eq!(read_records(TINY).len(), 1);
    }

    fn problem(text: &str) -> (Option<usize>, Option<usize>, Option<usize>, Problem) {
        let e = parse_text(text).unwrap_err();
        (e.line(), e.row(), e.col(), e.problem().clone())
    }

    #[test]
    fn text_round_trips() {
        let k = parse_text(TINY).unwrap();
        assert_eq!(k.cell_count(), 4);
        assert_eq!(to_text(&k, None), TINY);
        assert_eq!(
            to_text(&k, Some(&[9, 2, 6, 8])),
            "#    15\\_ 10\\_\n_\\11 9    2\n_\\14 6    8\n"
        );
        let json = serde_json::to_string(&to_json_record(&k)).unwrap();
        assert_eq!(parse_json(&json).unwrap(), k);
    }

    #[test]
    fn the_corpus_json_reads() {
        let line = r##"{"id": "kakuro-grandgames.net-24340", "source_url": "https://en.grandgames.net/kakuro/id24340", "rows": 3, "cols": 3, "n_white": 4, "grid": [["#", "15\\_", "10\\_"], ["_\\11", ".", "."], ["_\\14", ".", "."]]}"##;
        let k = parse_json(line).unwrap();
        assert_eq!(k.id.as_deref(), Some("kakuro-grandgames.net-24340"));
        assert_eq!(k.cell_count(), 4);
    }

    #[test]
    fn each_error_names_its_place() {
        assert_eq!(
            problem("#  3\\_\n_\\3 .  .\n"),
            (
                Some(2),
                Some(2),
                Some(3),
                Problem::Ragged {
                    expected: 2,
                    found: 3
                }
            )
        );
        assert!(matches!(
            problem("# 3\\_\n_\\3 x\n"),
            (Some(2), Some(2), Some(2), Problem::BadCell { .. })
        ));
        assert!(matches!(
            problem("# 3\\\n_\\3 .\n"),
            (Some(1), Some(1), Some(2), Problem::BadClue { .. })
        ));
        assert_eq!(
            problem("; a comment\n#    4\\_ #\n_\\3 .   #\n_\\3 .   #\n_\\5 #   #\n"),
            (
                Some(5),
                Some(4),
                Some(1),
                Problem::ClueWithoutRun {
                    direction: Direction::Across,
                    sum: 5
                }
            )
        );
        assert_eq!(
            problem("#    18\\_ 3\\_\n_\\18 .    .\n_\\3  .    .\n"),
            (
                Some(1),
                Some(1),
                Some(2),
                Problem::ImpossibleSum {
                    direction: Direction::Down,
                    sum: 18,
                    length: 2
                }
            )
        );
        let long = format!("# {}\n_\\45 {}\n", "1\\_ ".repeat(10), ". ".repeat(10));
        assert_eq!(
            problem(&long),
            (
                Some(2),
                Some(2),
                Some(1),
                Problem::RunTooLong {
                    direction: Direction::Across,
                    length: 10
                }
            )
        );
        assert_eq!(
            problem("# 3\\_ #\n_\\4 . .\n"),
            (
                Some(2),
                Some(2),
                Some(3),
                Problem::WhiteOutsideRun {
                    direction: Direction::Down
                }
            )
        );
        assert_eq!(
            problem("# #\n# .\n"),
            (
                Some(2),
                Some(2),
                Some(2),
                Problem::WhiteOutsideRun {
                    direction: Direction::Across
                }
            )
        );
        assert_eq!(
            problem("# #\n"),
            (Some(1), None, None, Problem::NoWhiteCell)
        );
    }

    #[test]
    fn json_errors_say_what() {
        assert!(matches!(
            parse_json("{\"grid\": 3}").unwrap_err().problem(),
            Problem::Json(_)
        ));
        assert!(matches!(
            parse_json("{oops").unwrap_err().problem(),
            Problem::Json(_)
        ));
        let wrong = r##"{"rows": 2, "grid": [["#", "3\\_"], ["#", "."]]}"##;
        let e = parse_json(wrong).unwrap_err();
        assert!(
            matches!(e.problem(), Problem::WhiteOutsideRun { .. }),
            "{e}"
        );
        let mismatch = r##"{"rows": 3, "grid": [["#", "3\\_"], ["_\\3", "."]]}"##;
        assert_eq!(
            parse_json(mismatch).unwrap_err().to_string(),
            "\"rows\" says 3 but the grid has 2"
        );
        assert!(matches!(
            parse_json("{\"grid\": []}").unwrap_err().problem(),
            Problem::EmptyGrid
        ));
    }

    #[test]
    fn a_file_of_many_keeps_going_past_a_bad_record() {
        let text = format!(
            "{TINY}\n; the next one is broken\n# x\n\n{}\n{{\"grid\": [[\"#\"]]}}\n{TINY}",
            serde_json::to_string(&to_json_record(&parse_text(TINY).unwrap())).unwrap()
        );
        let records = read_records(&text);
        let lines: Vec<usize> = records.iter().map(|r| r.line).collect();
        assert_eq!(lines, [1, 6, 8, 9, 10]);
        let ok: Vec<bool> = records.iter().map(|r| r.puzzle.is_ok()).collect();
        assert_eq!(ok, [true, false, true, false, true]);
        assert_eq!(
            records[1].puzzle.as_ref().unwrap_err().to_string(),
            "line 6: row 1, column 2: 'x' is not a cell: write # (black), . (white), a digit \
             1-9 (entered) or a clue D\\R (_ for no sum)"
        );
        assert_eq!(records[3].puzzle.as_ref().unwrap_err().line(), Some(9));
    }
}
