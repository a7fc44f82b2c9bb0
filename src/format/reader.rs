//! [`RecordReader`]: the streaming reader behind every input path, which hands out one
//! [`Record`] per puzzle, rejected input or note; and [`PuzzleReader`], its view of the
//! puzzles and their errors only.
//!
//! Text is read line by line with a bounded buffer, so a file of ten million puzzle lines is
//! never held in memory and a giant line is skipped without being buffered. JSON is cut into
//! records by [`JsonScanner`] straight from the byte stream, so an array of any length is read
//! element by element; only one record (a JSON value or a grid) is ever held whole, up to the
//! document limit.

use std::collections::VecDeque;
use std::io::{BufRead, ErrorKind};

use serde_json::Value;

use super::json::{input_from_value, syntax_error};
use super::json_scan::{JsonScanner, ScanEvent, ScannedValue};
use super::text::{
    classify, grid_input, is_blank_or_comment, is_border, line_input, stray_line_error,
    unfinished_grid_error, LineKind,
};
use super::{Format, PuzzleInput};
use crate::error::Error;

/// Longest line accepted, in bytes without the line break: 1 MiB.
pub const MAX_LINE_BYTES: usize = 1 << 20;
/// Largest record read whole: one JSON value (a top-level object, or one element of a
/// top-level array), or one grid with its borders: 64 MiB.
pub const MAX_DOCUMENT_BYTES: usize = 64 << 20;

/// Characters of a rejected record's text kept in [`Rejected::input`].
const INPUT_CHARS: usize = 200;
/// Bytes kept of a line too long to read, for its [`Rejected::input`].
const PREFIX_BYTES: usize = 4 * INPUT_CHARS;

/// One thing read from the input, in input order.
// Nearly every record is a puzzle: boxing it would allocate per puzzle to shrink the rare
// rejected record or note.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone, PartialEq)]
pub enum Record {
    /// A puzzle that was read and checked.
    Puzzle(PuzzleInput),
    /// A record that could not be read as a puzzle, with its text and why.
    Rejected(Rejected),
    /// Something skipped on purpose that the user should hear about (a header line).
    Note(Note),
}

impl Record {
    /// The line where the record starts.
    pub fn line(&self) -> usize {
        match self {
            Record::Puzzle(puzzle) => puzzle.line,
            Record::Rejected(rejected) => rejected.line,
            Record::Note(note) => note.line,
        }
    }
}

/// A record that is not a puzzle: what it was and why it was refused.
#[derive(Debug, Clone, PartialEq)]
pub struct Rejected {
    /// 1-based line where the record starts (its line, a grid's first cell row, a JSON
    /// value's first byte). For a fault of the whole input (an I/O error, no puzzle at all,
    /// a grid past the document limit) the number of lines read by then.
    pub line: usize,
    /// The record's text on one line: a grid's cell rows joined with ` / `, a JSON value's
    /// lines joined with spaces; cut to 200 characters and an ellipsis when longer; empty for
    /// a fault of the whole input or between JSON records.
    pub input: String,
    /// Why it was refused; its message names the line (see [`crate::error`]).
    pub error: Error,
}

/// Something the reader skipped on purpose and tells about.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Note {
    /// 1-based line it is about.
    pub line: usize,
    /// What was done, e.g. `skipped header line 'quizzes,solutions'`.
    pub message: String,
}

/// The text of a record as [`Rejected::input`] holds it: line breaks and the indentation
/// after them become one space, and more than 200 characters are cut with an ellipsis.
pub(crate) fn input_text(text: &str) -> String {
    let mut out = String::new();
    let mut count = 0;
    let mut after_break = false;
    for ch in text.trim().chars() {
        if ch == '\n' || ch == '\r' {
            after_break = true;
            continue;
        }
        if after_break {
            if ch == ' ' || ch == '\t' {
                continue;
            }
            after_break = false;
            if !out.ends_with(' ') {
                if count == INPUT_CHARS {
                    out.push('…');
                    return out;
                }
                out.push(' ');
                count += 1;
            }
        }
        if count == INPUT_CHARS {
            out.push('…');
            return out;
        }
        out.push(ch);
        count += 1;
    }
    out
}

/// One raw line of input.
enum RawLine {
    Text(String),
    Unreadable(Unreadable),
}

/// A line that cannot be read: longer than the line limit, or not UTF-8. Its first bytes are
/// kept (lossily decoded) for messages.
struct Unreadable {
    text: String,
    too_long: bool,
}

impl Unreadable {
    /// The error for this line, number `line`, under the line limit `limit`.
    fn error(&self, line: usize, limit: usize) -> Error {
        if self.too_long {
            Error::LineTooLong { line, limit }
        } else {
            Error::InvalidUtf8 { line }
        }
    }
}

/// The cell rows of the grid being read, with the line numbers they came from.
#[derive(Default)]
struct GridBlock {
    rows: Vec<(usize, String)>,
    /// The first error met in this grid's lines; reported once the grid is complete.
    error: Option<Error>,
    /// Bytes of borders and rows read since the last record or blank line.
    bytes: usize,
}

/// A line of words, waiting for the next record to say what it is: the input's header when
/// it is the first record and anything follows, a grid's title when a grid follows (Project
/// Euler's `Grid 01` above each grid), otherwise a record that is not a puzzle.
struct PendingHeader {
    line: usize,
    text: String,
    /// Whether it was the first record of the input.
    first: bool,
}

/// What follows a line of words.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Follows {
    /// A grid's first row or border.
    Grid,
    /// Any other record.
    Other,
    /// The end of the input.
    End,
}

/// Reads records one by one from a [`BufRead`], in any format the module reads, deciding the
/// format of each record by itself unless a format was given (see the
/// [module documentation](super)).
///
/// Each item is a puzzle, a rejected record (its text and error, with its line number) or a
/// note; after a rejected record reading goes on with the next one, except after an I/O
/// error or a grid past the document limit, which end the stream. An input without any
/// puzzle or rejected record yields one rejected record whose error is [`Error::NoPuzzle`],
/// naming [`RecordReader::with_source`]'s name.
pub struct RecordReader<R: BufRead> {
    reader: R,
    format: Option<Format>,
    source: String,
    line_limit: usize,
    document_limit: usize,
    /// Lines read so far: the number of the last line started.
    line_no: usize,
    bom_checked: bool,
    /// A puzzle or rejected record was handed out (notes do not count).
    produced: bool,
    /// Whether a line other than blank or comment was read yet.
    seen_record: bool,
    /// The format of the last record, so that a stray line is told what it is not.
    last_format: Option<Format>,
    ended: bool,
    ready: VecDeque<Record>,
    grid: GridBlock,
    header: Option<PendingHeader>,
    /// Set while reading JSON.
    json: Option<JsonScanner>,
}

/// Starts reading records from `reader`, detecting the format of each unless `format` is
/// given.
pub fn read_records<R: BufRead>(reader: R, format: Option<Format>) -> RecordReader<R> {
    RecordReader::new(reader, format)
}

impl<R: BufRead> RecordReader<R> {
    /// Same as [`read_records`].
    pub fn new(reader: R, format: Option<Format>) -> Self {
        RecordReader {
            reader,
            format,
            source: "input".to_string(),
            line_limit: MAX_LINE_BYTES,
            document_limit: MAX_DOCUMENT_BYTES,
            line_no: 0,
            bom_checked: false,
            produced: false,
            seen_record: false,
            last_format: None,
            ended: false,
            ready: VecDeque::new(),
            grid: GridBlock::default(),
            header: None,
            json: None,
        }
    }

    /// Names the input in [`Error::NoPuzzle`] (`no puzzle found in puzzles.txt`); default
    /// `input`.
    pub fn with_source(mut self, source: impl Into<String>) -> Self {
        self.source = source.into();
        self
    }

    /// Changes the line limit ([`MAX_LINE_BYTES`]) and the record limit
    /// ([`MAX_DOCUMENT_BYTES`]), both in bytes.
    pub fn with_limits(mut self, max_line_bytes: usize, max_document_bytes: usize) -> Self {
        self.line_limit = max_line_bytes;
        self.document_limit = max_document_bytes;
        self
    }

    /// How many lines have been read so far.
    pub fn lines_read(&self) -> usize {
        match &self.json {
            Some(scanner) if scanner.column > 0 => scanner.line,
            Some(scanner) => scanner.line - 1,
            None => self.line_no,
        }
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
    /// consumed up to its end, keeping only its first bytes. `Ok(None)` at the end of the
    /// input.
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
            if !too_long && bytes.len() + chunk_len > limit {
                too_long = true;
                bytes.truncate(PREFIX_BYTES);
            }
            let room = if too_long {
                PREFIX_BYTES.saturating_sub(bytes.len())
            } else {
                chunk_len
            };
            bytes.extend_from_slice(&buf[..chunk_len.min(room)]);
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
            return Ok(Some(RawLine::Unreadable(Unreadable {
                text: String::from_utf8_lossy(&bytes).into_owned(),
                too_long: true,
            })));
        }
        if bytes.last() == Some(&b'\r') {
            bytes.pop();
        }
        Ok(Some(match String::from_utf8(bytes) {
            Ok(text) => RawLine::Text(text),
            Err(e) => RawLine::Unreadable(Unreadable {
                text: String::from_utf8_lossy(e.as_bytes()).into_owned(),
                too_long: false,
            }),
        }))
    }

    /// Ends the stream with an error that makes going on pointless.
    fn fail(&mut self, error: Error) {
        let line = self.lines_read();
        self.grid = GridBlock::default();
        self.json = None;
        self.ready.push_back(Record::Rejected(Rejected {
            line,
            input: String::new(),
            error,
        }));
        self.ended = true;
    }

    /// The record for a puzzle read from `input` (text for messages) on `line`.
    fn record(result: Result<PuzzleInput, Error>, line: usize, input: &str) -> Record {
        match result {
            Ok(puzzle) => Record::Puzzle(puzzle),
            Err(error) => Record::Rejected(Rejected {
                line,
                input: input_text(input),
                error,
            }),
        }
    }

    /// Reads on until at least one record is ready or the input ends.
    fn advance(&mut self) -> Result<(), Error> {
        if !self.bom_checked {
            self.skip_bom();
        }
        if self.json.is_some() {
            return self.json_step();
        }
        if self.format == Some(Format::Json) {
            self.json = Some(JsonScanner::new(self.line_no + 1, true));
            return Ok(());
        }
        // Peeked before the line is read, so a one-line array of any length is streamed.
        if self.format.is_none() && self.peek_json()? {
            self.cut_grid();
            self.resolve_header(Follows::Other);
            self.seen_record = true;
            self.grid.bytes = 0;
            self.json = Some(JsonScanner::new(self.line_no + 1, false));
            return Ok(());
        }
        let Some(raw) = self.read_line(self.line_limit)? else {
            self.finish_input();
            return Ok(());
        };
        match self.format {
            None => self.detected_line(raw),
            Some(Format::Line) => self.forced_line(raw),
            Some(_) => self.grid_line(raw),
        }
        Ok(())
    }

    /// The input ended: the grid being read ends, a waiting header is decided, and an input
    /// without any record says so.
    fn finish_input(&mut self) {
        if !self.grid.rows.is_empty() {
            let record = self.finish_grid();
            self.ready.push_back(record);
        }
        self.resolve_header(Follows::End);
        let any = self.ready.iter().any(|r| !matches!(r, Record::Note(_)));
        if !self.produced && !any {
            self.ready.push_back(Record::Rejected(Rejected {
                line: self.line_no,
                input: String::new(),
                error: Error::NoPuzzle {
                    source: self.source.clone(),
                },
            }));
        }
        self.ended = true;
    }

    /// `--format line`: every line that is not blank or a comment is a puzzle line.
    fn forced_line(&mut self, raw: RawLine) {
        let line = self.line_no;
        let record = match raw {
            RawLine::Text(text) if is_blank_or_comment(&text) => return,
            RawLine::Text(text) => Self::record(line_input(line, &text), line, &text),
            RawLine::Unreadable(bad) => self.unreadable(&bad),
        };
        self.ready.push_back(record);
    }

    /// The record for a line too long or not UTF-8, outside a grid.
    fn unreadable(&self, bad: &Unreadable) -> Record {
        Record::Rejected(Rejected {
            line: self.line_no,
            input: input_text(&bad.text),
            error: bad.error(self.line_no, self.line_limit),
        })
    }

    /// A line of an input whose format is detected record by record.
    fn detected_line(&mut self, raw: RawLine) {
        let text = match raw {
            RawLine::Text(text) => text,
            bad if !self.grid.rows.is_empty() => return self.grid_line(bad),
            RawLine::Unreadable(bad) => {
                self.resolve_header(Follows::Other);
                self.seen_record = true;
                let record = self.unreadable(&bad);
                self.ready.push_back(record);
                return;
            }
        };
        let kind = classify(&text);
        if !self.grid.rows.is_empty() {
            // Inside a grid every line is a row, except a puzzle line: a grid row never has
            // 60 cells in one token, so the grid was cut short and the line is a record.
            if kind != LineKind::Puzzle {
                return self.grid_line(RawLine::Text(text));
            }
            self.cut_grid();
        }
        let line = self.line_no;
        match kind {
            LineKind::Skip => {}
            LineKind::Border | LineKind::GridRow => {
                self.resolve_header(Follows::Grid);
                self.seen_record = true;
                self.grid_line(RawLine::Text(text));
            }
            LineKind::Puzzle => {
                self.resolve_header(Follows::Other);
                self.seen_record = true;
                self.grid.bytes = 0;
                self.last_format = Some(Format::Line);
                let record = Self::record(line_input(line, &text), line, &text);
                self.ready.push_back(record);
            }
            LineKind::Header => {
                self.resolve_header(Follows::Other);
                self.grid.bytes = 0;
                self.header = Some(PendingHeader {
                    line,
                    text,
                    first: !self.seen_record,
                });
                self.seen_record = true;
            }
            LineKind::Stray => {
                self.resolve_header(Follows::Other);
                self.seen_record = true;
                self.grid.bytes = 0;
                let error = self.stray_error(line, &text);
                self.ready.push_back(Record::Rejected(Rejected {
                    line,
                    input: input_text(&text),
                    error,
                }));
            }
        }
    }

    /// The error for a line that is no record, in the terms of the records around it: after
    /// JSON, a line that is a JSON value (`42`) is a value that is not a record; otherwise what
    /// is wrong with it as a grid row or a puzzle line.
    fn stray_error(&self, line: usize, text: &str) -> Error {
        if self.last_format == Some(Format::Json) {
            if let Ok(value) = serde_json::from_str::<Value>(text) {
                if let Err(error) = input_from_value(line, &value) {
                    return error;
                }
            }
        }
        stray_line_error(line, text)
    }

    /// Decides the line of words waiting for what follows it: the first record is a header,
    /// skipped with a note, when anything follows; a later one is a grid's title, skipped with
    /// a note, when a grid follows; any other is a record that is not a puzzle, an error.
    fn resolve_header(&mut self, follows: Follows) {
        let Some(header) = self.header.take() else {
            return;
        };
        let role = match follows {
            Follows::End => None,
            _ if header.first => Some("header"),
            Follows::Grid => Some("title"),
            Follows::Other => None,
        };
        let record = if let Some(role) = role {
            Record::Note(Note {
                line: header.line,
                message: format!("skipped {role} line '{}'", input_text(&header.text)),
            })
        } else {
            Record::Rejected(Rejected {
                line: header.line,
                input: input_text(&header.text),
                error: self.stray_error(header.line, &header.text),
            })
        };
        self.ready.push_back(record);
    }

    /// Adds one line (number `self.line_no`) to the grid being read. Borders and comments are
    /// skipped; a blank line ends an unfinished grid; the 9th cell row completes it. A line
    /// that is too long or not UTF-8 takes a row's place, and its error is the grid's.
    fn grid_line(&mut self, raw: RawLine) {
        let line = self.line_no;
        self.grid.bytes += match &raw {
            RawLine::Text(text) => text.len() + 1,
            _ => self.line_limit,
        };
        if self.grid.bytes > self.document_limit {
            return self.fail(Error::InputTooLarge {
                limit: self.document_limit,
            });
        }
        let row = match raw {
            RawLine::Text(text) => {
                if text.trim().is_empty() {
                    if self.grid.rows.is_empty() {
                        self.grid.bytes = 0;
                    } else {
                        let record = self.finish_grid();
                        self.ready.push_back(record);
                    }
                    return;
                }
                if is_blank_or_comment(&text) || is_border(&text) {
                    return;
                }
                text
            }
            RawLine::Unreadable(bad) => {
                let error = bad.error(line, self.line_limit);
                self.grid.error.get_or_insert(error);
                bad.text
            }
        };
        self.grid.rows.push((line, row));
        if self.grid.rows.len() == 9 {
            let record = self.finish_grid();
            self.ready.push_back(record);
        }
    }

    /// Ends a grid cut short by a record of another format.
    fn cut_grid(&mut self) {
        if !self.grid.rows.is_empty() {
            let record = self.finish_grid();
            self.ready.push_back(record);
        }
    }

    /// Ends the grid being read: a puzzle if it has 9 good rows, else its error.
    fn finish_grid(&mut self) -> Record {
        let block = std::mem::take(&mut self.grid);
        self.last_format = Some(Format::Grid);
        let line = block.rows.first().map_or(self.line_no, |r| r.0);
        let rows: Vec<&str> = block.rows.iter().map(|(_, text)| text.trim()).collect();
        let input = rows.join(" / ");
        let result = match block.error {
            Some(error) => Err(error),
            None if block.rows.len() != 9 => Err(unfinished_grid_error(&block.rows, self.format)),
            None => grid_input(&block.rows, self.format),
        };
        Self::record(result, line, &input)
    }

    /// Reads JSON until the next record, or until its line ends where the format is detected.
    fn json_step(&mut self) -> Result<(), Error> {
        let Some(mut scanner) = self.json.take() else {
            return Ok(());
        };
        let event = scanner.next_event(&mut self.reader, self.document_limit);
        self.line_no = if scanner.column > 0 {
            scanner.line
        } else {
            scanner.line - 1
        };
        match event.map_err(|e| Error::io(&e))? {
            ScanEvent::Value(value) => {
                self.last_format = Some(Format::Json);
                let record = self.json_record(value);
                self.ready.push_back(record);
                self.json = Some(scanner);
            }
            ScanEvent::Syntax {
                line,
                column,
                message,
            } => {
                self.ready.push_back(Record::Rejected(Rejected {
                    line,
                    input: String::new(),
                    error: Error::JsonSyntax {
                        line,
                        column,
                        message: message.to_string(),
                    },
                }));
                self.json = Some(scanner);
            }
            ScanEvent::LineEnd if self.format == Some(Format::Json) => self.json = Some(scanner),
            ScanEvent::LineEnd => {}
            ScanEvent::End => self.finish_input(),
        }
        Ok(())
    }

    /// The record for one JSON value cut out by the scanner.
    fn json_record(&self, value: ScannedValue) -> Record {
        let line = value.line;
        let rejected = |error| {
            Record::Rejected(Rejected {
                line,
                input: input_text(&String::from_utf8_lossy(&value.preview)),
                error,
            })
        };
        if value.too_large {
            return rejected(Error::RecordTooLarge {
                line,
                limit: self.document_limit,
            });
        }
        if let Err(e) = std::str::from_utf8(&value.bytes) {
            let valid = &value.bytes[..e.valid_up_to()];
            let bad_line = line + valid.iter().filter(|&&b| b == b'\n').count();
            return rejected(Error::InvalidUtf8 { line: bad_line });
        }
        match serde_json::from_slice::<Value>(&value.bytes) {
            Err(e) => rejected(syntax_error(line, value.column, &e)),
            Ok(parsed) => match input_from_value(line, &parsed) {
                Ok(puzzle) => Record::Puzzle(puzzle),
                Err(error) => rejected(error),
            },
        }
    }
}

impl<R: BufRead> Iterator for RecordReader<R> {
    type Item = Record;

    fn next(&mut self) -> Option<Record> {
        loop {
            if let Some(record) = self.ready.pop_front() {
                if !matches!(record, Record::Note(_)) {
                    self.produced = true;
                }
                return Some(record);
            }
            if self.ended {
                return None;
            }
            if let Err(error) = self.advance() {
                self.fail(error);
            }
        }
    }
}

/// The puzzles of a [`RecordReader`] and the errors of its rejected records; notes are
/// dropped.
pub struct PuzzleReader<R: BufRead> {
    records: RecordReader<R>,
}

/// Starts reading puzzles from `reader`, detecting the format of each record unless `format`
/// is given.
pub fn read_puzzles<R: BufRead>(reader: R, format: Option<Format>) -> PuzzleReader<R> {
    PuzzleReader::new(reader, format)
}

impl<R: BufRead> PuzzleReader<R> {
    /// Same as [`read_puzzles`].
    pub fn new(reader: R, format: Option<Format>) -> Self {
        PuzzleReader {
            records: RecordReader::new(reader, format),
        }
    }

    /// See [`RecordReader::with_source`].
    pub fn with_source(self, source: impl Into<String>) -> Self {
        PuzzleReader {
            records: self.records.with_source(source),
        }
    }

    /// See [`RecordReader::with_limits`].
    pub fn with_limits(self, max_line_bytes: usize, max_document_bytes: usize) -> Self {
        PuzzleReader {
            records: self.records.with_limits(max_line_bytes, max_document_bytes),
        }
    }

    /// How many lines have been read so far.
    pub fn lines_read(&self) -> usize {
        self.records.lines_read()
    }
}

impl<R: BufRead> Iterator for PuzzleReader<R> {
    type Item = Result<PuzzleInput, Error>;

    fn next(&mut self) -> Option<Self::Item> {
        loop {
            match self.records.next()? {
                Record::Puzzle(puzzle) => return Some(Ok(puzzle)),
                Record::Rejected(rejected) => return Some(Err(rejected.error)),
                Record::Note(_) => {}
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn input_text_is_one_line_and_short() {
        assert_eq!(
            input_text("  {\n    \"a\": 1,\n\t\"b\": 2\n}\n"),
            "{ \"a\": 1, \"b\": 2 }"
        );
        let long = "x".repeat(250);
        let cut = input_text(&long);
        assert_eq!(cut.chars().count(), INPUT_CHARS + 1);
        assert!(cut.ends_with('…'));
        assert_eq!(
            input_text(&"y".repeat(INPUT_CHARS)),
            "y".repeat(INPUT_CHARS)
        );
    }
}
