//! [`PuzzleReader`]: the streaming reader behind every input path.
//!
//! It reads line by line with a bounded buffer, so a file of ten million puzzle lines is never
//! held in memory and a giant line is skipped without being buffered. Only a JSON document
//! that spans lines (a pretty-printed object or array) is read whole, up to the document
//! limit.

use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind, Read};

use serde_json::Value;

use super::json::{array_element_offsets, input_from_value, syntax_error};
use super::text::{
    grid_input, is_blank_or_comment, is_border, line_input, looks_like_line, unfinished_grid_error,
};
use super::{Format, PuzzleInput};
use crate::error::Error;

/// Longest line accepted, in bytes without the line break: 1 MiB.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// Largest document read whole (a JSON object or array spanning lines, or one grid with its
/// borders): 64 MiB.
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// What the reader is doing: deciding the format from the first puzzle line, or reading one
/// of the streamed formats, or finished.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Detect,
    Lines,
    Grids,
    JsonLines,
    Done,
}

/// One raw line of input.
enum RawLine {
    Text(String),
    TooLong,
    BadUtf8,
}

/// A result waiting to be handed out: JSON values are turned into puzzles one at a time.
enum Queued {
    Value(usize, Value),
    Error(Error),
}

/// What one step of reading produced. `Yield` is as large as the iterator's item, which it
/// carries for one hand-off to `next`; boxing it would cost an allocation per puzzle.
#[allow(clippy::large_enum_variant)]
enum Step {
    Yield(Result<PuzzleInput, Error>),
    Again,
    End,
}

/// The cell rows of the grid being read, with the line numbers they came from.
#[derive(Default)]
struct GridBlock {
    rows: Vec<(usize, String)>,
    /// The first error met in this grid's lines; reported once the grid is complete.
    error: Option<Error>,
    /// Bytes read since the last grid ended or blank line.
    bytes: usize,
}

/// Reads puzzles one by one from a [`BufRead`], in any format the module reads.
///
/// Each item is one puzzle or the error for one puzzle (with its line number); after an error
/// reading goes on with the next line or puzzle, except after an I/O error or an oversized
/// document, which end the stream. An input without any puzzle yields one
/// [`Error::NoPuzzle`] naming [`PuzzleReader::with_source`]'s name.
///
/// The format is decided once, from the first line that is neither blank nor a `#` comment
/// (see the [module documentation](super)), unless it was given.
pub struct PuzzleReader<R: BufRead> {
    reader: R,
    format: Option<Format>,
    source: String,
    line_limit: usize,
    document_limit: usize,
    line_no: usize,
    mode: Mode,
    bom_checked: bool,
    produced: bool,
    queue: VecDeque<Queued>,
    grid: GridBlock,
}

/// Starts reading puzzles from `reader`, detecting the format unless `format` is given.
pub fn read_puzzles<R: BufRead>(reader: R, format: Option<Format>) -> PuzzleReader<R> {
    PuzzleReader::new(reader, format)
}

impl<R: BufRead> PuzzleReader<R> {
    /// Same as [`read_puzzles`].
    pub fn new(reader: R, format: Option<Format>) -> Self {
        PuzzleReader {
            reader,
            format,
            source: "input".to_string(),
            line_limit: MAX_LINE_BYTES,
            document_limit: MAX_DOCUMENT_BYTES,
            line_no: 0,
            mode: Mode::Detect,
            bom_checked: false,
            produced: false,
            queue: VecDeque::new(),
            grid: GridBlock::default(),
        }
    }

    /// Names the input in [`Error::NoPuzzle`] (`no puzzle found in puzzles.txt`); default
    /// `input`.
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = source.into();
        self
    }

    /// Changes the line limit ([`MAX_LINE_BYTES`]) and the document limit
    /// ([`MAX_DOCUMENT_BYTES`]), both in bytes.
    pub fn with_limits(mut self, max_line_bytes: usize, max_document_bytes: usize) -> Self {
        self.line_limit = max_line_bytes;
        self.document_limit = max_document_bytes;
        self
    }

    /// How many lines have been read so far.
    pub fn lines_read(&self) -> usize {
        self.line_no
    }

    /// Skips a UTF-8 byte order mark at the very start.
    fn skip_bom(&mut self) {
        self.bom_checked = true;
        if let Ok(buf) = self.reader.fill_buf() {
            if buf.starts_with(&[0xEF, 0xBB, 0xBF]) {
                self.reader.consume(3);
            }
        }
    }

    /// Whether the next line (as far as it is buffered) starts, after spaces, with `{` or `[`.
    fn peek_json(&mut self) -> Result<bool, Error> {
        loop {
            match self.reader.fill_buf() {
                Ok(buf) => {
                    let first = buf.iter().find(|b| !matches!(b, b' ' | b'\t' | b'\r'));
                    return Ok(matches!(first, Some(b'{' | b'[')));
                }
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return Err(Error::io(&e)),
            }
        }
    }

    /// Reads one line of at most `limit` bytes (line break excluded). A longer line is
    /// consumed up to its end without being kept. `Ok(None)` at the end of the input.
    fn read_line(&mut self, limit: usize) -> Result<Option<RawLine>, Error> {
        let mut bytes = Vec::new();
        let mut too_long = false;
        let mut any = false;
        loop {
            let buf = match self.reader.fill_buf() {
                Ok(buf) => buf,
                Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                Err(e) => return Err(Error::io(&e)),
            };
            if buf.is_empty() {
                break;
            }
            any = true;
            let (chunk_len, used, ends) = match buf.iter().position(|&b| b == b'\n') {
                Some(i) => (i, i + 1, true),
                None => (buf.len(), buf.len(), false),
            };
            if !too_long {
                if bytes.len() + chunk_len > limit {
                    too_long = true;
                    bytes = Vec::new();
                } else {
                    bytes.extend_from_slice(&buf[..chunk_len]);
                }
            }
            self.reader.consume(used);
            if ends {
                break;
            }
        }
        if !any {
            return Ok(None);
        }
        self.line_no += 1;
        if too_long {
            return Ok(Some(RawLine::TooLong));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        Ok(Some(match String::from_utf8(bytes) {
            Ok(text) => RawLine::Text(text),
            Err(_) => RawLine::BadUtf8,
        }))
    }

    /// Ends the stream with an error that makes going on pointless.
    fn fail(&mut self, error: Error) -> Step {
        self.mode = Mode::Done;
        Step::Yield(Err(error))
    }

    /// The first line that is not blank or a comment decides the format.
    fn step_detect(&mut self) -> Step {
        if !self.bom_checked {
            self.skip_bom();
        }
        let json_hint = match self.format {
            Some(Format::Json) => true,
            Some(_) => false,
            None => match self.peek_json() {
                Ok(hint) => hint,
                Err(e) => return self.fail(e),
            },
        };
        // A JSON document may be one long line: read it against the document limit.
        let limit = if json_hint {
            self.document_limit.max(self.line_limit)
        } else {
            self.line_limit
        };
        let text = match self.read_line(limit) {
            Err(e) => return self.fail(e),
            Ok(None) => return Step::End,
            Ok(Some(RawLine::TooLong)) if json_hint => {
                return self.fail(Error::InputTooLarge {
                    limit: self.document_limit,
                })
            }
            Ok(Some(RawLine::TooLong)) => {
                return Step::Yield(Err(Error::LineTooLong {
                    line: self.line_no,
                    limit: self.line_limit,
                }))
            }
            Ok(Some(RawLine::BadUtf8)) => {
                return Step::Yield(Err(Error::InvalidUtf8 { line: self.line_no }))
            }
            Ok(Some(RawLine::Text(text))) => text,
        };
        if is_blank_or_comment(&text) {
            return Step::Again;
        }
        let line = self.line_no;
        let format = self.format.unwrap_or_else(|| {
            if text.trim_start().starts_with(['{', '[']) {
                Format::Json
            } else if looks_like_line(&text) {
                Format::Line
            } else {
                Format::Grid
            }
        });
        match format {
            Format::Line => {
                self.mode = Mode::Lines;
                Step::Yield(line_input(line, &text))
            }
            Format::Grid | Format::Pencilmark => {
                self.mode = Mode::Grids;
                self.grid_line(RawLine::Text(text))
            }
            Format::Json => self.start_json(line, text),
        }
    }

    /// 81-character lines, one puzzle per line.
    fn step_lines(&mut self) -> Step {
        match self.read_line(self.line_limit) {
            Err(e) => self.fail(e),
            Ok(None) => Step::End,
            Ok(Some(RawLine::TooLong)) => Step::Yield(Err(Error::LineTooLong {
                line: self.line_no,
                limit: self.line_limit,
            })),
            Ok(Some(RawLine::BadUtf8)) => {
                Step::Yield(Err(Error::InvalidUtf8 { line: self.line_no }))
            }
            Ok(Some(RawLine::Text(text))) if is_blank_or_comment(&text) => Step::Again,
            Ok(Some(RawLine::Text(text))) => Step::Yield(line_input(self.line_no, &text)),
        }
    }

    /// Grids, plain or pencilmark, one after another.
    fn step_grids(&mut self) -> Step {
        match self.read_line(self.line_limit) {
            Err(e) => self.fail(e),
            Ok(None) if self.grid.rows.is_empty() => Step::End,
            Ok(None) => Step::Yield(self.finish_grid()),
            Ok(Some(raw)) => self.grid_line(raw),
        }
    }

    /// Adds one line (number `self.line_no`) to the grid being read. Borders and comments are
    /// skipped; a blank line ends an unfinished grid; the 9th cell row completes it. A line
    /// that is too long or not UTF-8 takes a row's place, and its error is the grid's.
    fn grid_line(&mut self, raw: RawLine) -> Step {
        let line = self.line_no;
        self.grid.bytes += match &raw {
            RawLine::Text(text) => text.len() + 1,
            _ => self.line_limit,
        };
        if self.grid.bytes > self.document_limit {
            self.grid = GridBlock::default();
            return self.fail(Error::InputTooLarge {
                limit: self.document_limit,
            });
        }
        let row = match raw {
            RawLine::Text(text) => {
                if text.trim().is_empty() {
                    if self.grid.rows.is_empty() {
                        self.grid.bytes = 0;
                        return Step::Again;
                    }
                    return Step::Yield(self.finish_grid());
                }
                if is_blank_or_comment(&text) || is_border(&text) {
                    return Step::Again;
                }
                text
            }
            RawLine::TooLong => {
                let error = Error::LineTooLong {
                    line,
                    limit: self.line_limit,
                };
                self.grid.error.get_or_insert(error);
                String::new()
            }
            RawLine::BadUtf8 => {
                self.grid.error.get_or_insert(Error::InvalidUtf8 { line });
                String::new()
            }
        };
        self.grid.rows.push((line, row));
        if self.grid.rows.len() == 9 {
            Step::Yield(self.finish_grid())
        } else {
            Step::Again
        }
    }

    /// Ends the grid being read: a puzzle if it has 9 good rows, else its error.
    fn finish_grid(&mut self) -> Result<PuzzleInput, Error> {
        let block = std::mem::take(&mut self.grid);
        if let Some(error) = block.error {
            return Err(error);
        }
        if block.rows.len() != 9 {
            return Err(unfinished_grid_error(&block.rows, self.format));
        }
        grid_input(&block.rows, self.format)
    }

    /// The first JSON line decides: a complete value means JSON lines (one or more values per
    /// line); a value that goes on past the line means one document, read whole.
    fn start_json(&mut self, line: usize, text: String) -> Step {
        let incomplete = serde_json::Deserializer::from_str(&text)
            .into_iter::<Value>()
            .find_map(Result::err)
            .is_some_and(|e| e.is_eof());
        if incomplete {
            self.mode = Mode::Done;
            self.read_json_document(line, text)
        } else {
            self.mode = Mode::JsonLines;
            self.queue_json(line, &text);
            Step::Again
        }
    }

    /// JSON lines: every line holds one record (or several, or an array of them).
    fn step_json_lines(&mut self) -> Step {
        match self.read_line(self.line_limit) {
            Err(e) => self.fail(e),
            Ok(None) => Step::End,
            Ok(Some(RawLine::TooLong)) => Step::Yield(Err(Error::LineTooLong {
                line: self.line_no,
                limit: self.line_limit,
            })),
            Ok(Some(RawLine::BadUtf8)) => {
                Step::Yield(Err(Error::InvalidUtf8 { line: self.line_no }))
            }
            Ok(Some(RawLine::Text(text))) if is_blank_or_comment(&text) => Step::Again,
            Ok(Some(RawLine::Text(text))) => {
                self.queue_json(self.line_no, &text);
                Step::Again
            }
        }
    }

    /// Reads the rest of the input as one JSON document whose first line, `first`, was line
    /// `line`; refuses it as soon as it passes the document limit.
    fn read_json_document(&mut self, line: usize, first: String) -> Step {
        let used = first.len() + 1;
        let budget = self.document_limit.saturating_sub(used);
        let mut rest = Vec::new();
        let mut limited = (&mut self.reader).take(budget as u64 + 1);
        loop {
            match limited.read_to_end(&mut rest) {
                Ok(_) => break,
                Err(e) if e.kind() == ErrorKind::Interrupted => {}
                Err(e) => return self.fail(Error::io(&e)),
            }
        }
        if used > self.document_limit || rest.len() > budget {
            return self.fail(Error::InputTooLarge {
                limit: self.document_limit,
            });
        }
        let rest = match String::from_utf8(rest) {
            Ok(rest) => rest,
            Err(e) => {
                let valid = &e.as_bytes()[..e.utf8_error().valid_up_to()];
                let bad_line = line + 1 + valid.iter().filter(|&&b| b == b'\n').count();
                return self.fail(Error::InvalidUtf8 { line: bad_line });
            }
        };
        self.line_no += rest.matches('\n').count();
        let mut document = first;
        document.push('\n');
        document.push_str(&rest);
        self.queue_json(line, &document);
        Step::Again
    }

    /// Parses every JSON value of `text` (whose first line is input line `line`) and queues
    /// each record with the line it starts on; the elements of an array are records too. A
    /// syntax error is queued in its place and ends the text.
    fn queue_json(&mut self, line: usize, text: &str) {
        let mut lines = LineCounter::new(text, line);
        let mut values = serde_json::Deserializer::from_str(text).into_iter::<Value>();
        let mut end = 0;
        loop {
            let start = end + (text.len() - end - text[end..].trim_start().len());
            match values.next() {
                None => break,
                Some(Err(e)) => {
                    self.queue.push_back(Queued::Error(syntax_error(line, &e)));
                    break;
                }
                Some(Ok(Value::Array(elements))) => {
                    let offsets = array_element_offsets(text, start);
                    for (value, offset) in elements.into_iter().zip(offsets) {
                        let at = lines.line_at(offset);
                        self.queue.push_back(Queued::Value(at, value));
                    }
                }
                Some(Ok(value)) => {
                    let at = lines.line_at(start);
                    self.queue.push_back(Queued::Value(at, value));
                }
            }
            end = values.byte_offset();
        }
    }
}

/// Line numbers of increasing byte offsets in a text, counted incrementally.
struct LineCounter<'a> {
    text: &'a str,
    offset: usize,
    line: usize,
}

impl<'a> LineCounter<'a> {
    fn new(text: &'a str, first_line: usize) -> Self {
        LineCounter {
            text,
            offset: 0,
            line: first_line,
        }
    }

    fn line_at(&mut self, offset: usize) -> usize {
        if offset > self.offset {
            self.line += self.text.as_bytes()[self.offset..offset]
                .iter()
                .filter(|&&b| b == b'\n')
                .count();
            self.offset = offset;
        }
        self.line
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<PuzzleInput, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            if let Some(queued) = self.queue.pop_front() {
                self.produced = true;
                return Some(match queued {
                    Queued::Value(line, value) => input_from_value(line, &value),
                    Queued::Error(error) => Err(error),
                });
            }
            let step = match self.mode {
                Mode::Detect => self.step_detect(),
                Mode::Lines => self.step_lines(),
                Mode::Grids => self.step_grids(),
                Mode::JsonLines => self.step_json_lines(),
                Mode::Done => Step::End,
            };
            match step {
                Step::Yield(result) => {
                    self.produced = true;
                    return Some(result);
                }
                Step::Again => {}
                Step::End => {
                    if !self.queue.is_empty() {
                        continue;
                    }
                    self.mode = Mode::Done;
                    if !self.produced {
                        self.produced = true;
                        return Some(Err(Error::NoPuzzle {
                            source: self.source.clone(),
                        }));
                    }
                    return None;
                }
            }
        }
    }
}
