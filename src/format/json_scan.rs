//! Finding JSON records in a byte stream without parsing the whole document: a small scanner
//! that follows strings, escapes and bracket depth to cut out each top-level value, or each
//! element of a top-level array, as bytes, so that every record is parsed alone and memory
//! stays bounded by the largest record, however long the array.
//!
//! The scanner does not check JSON syntax beyond what it needs to find where a value ends;
//! serde_json checks each value it cuts out. Where the structure itself is broken it recovers
//! at line starts, so one damaged record does not take the following ones with it:
//! - a raw line break inside a string ends the value there (JSON strings cannot hold one);
//! - a line starting with `{` or `[` directly inside the value's outer container, where no
//!   value can start (after a value or an object's `{` or `,`), ends the value before that
//!   line: the line opens the next record;
//! - between array elements, a line starting with `{` or `[` where `,` or `]` was expected is
//!   reported once and read as the next element.

use std::io::{self, BufRead, ErrorKind};

/// Bytes of a value kept for messages when the value itself is not kept.
const PREVIEW_BYTES: usize = 256;

/// How a value's bytes ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum ValueEnd {
    /// The value closed.
    Complete,
    /// The input ended inside it.
    Eof,
    /// Broken structure: it was cut at a line start (see the module documentation).
    Cut,
}

/// One value cut out of the stream.
pub(crate) struct ScannedValue {
    /// Line and 1-based byte column of its first byte.
    pub line: usize,
    pub column: usize,
    /// Its bytes, unless it passed the size limit (then empty).
    pub bytes: Vec<u8>,
    /// Its first bytes, kept when `bytes` was dropped.
    pub preview: Vec<u8>,
    pub too_large: bool,
    pub end: ValueEnd,
}

impl ScannedValue {
    /// Drops the line breaks and indentation an unfinished value ends with, so that the
    /// error about it points at the end of its last line, not at the line after.
    fn trim_unfinished(&mut self) {
        if self.end != ValueEnd::Complete {
            while self.bytes.last().is_some_and(u8::is_ascii_whitespace) {
                self.bytes.pop();
            }
        }
    }
}

/// What the scanner found next.
pub(crate) enum ScanEvent {
    /// A top-level value or an element of a top-level array.
    Value(ScannedValue),
    /// A structural error between array elements, with serde_json's wording.
    Syntax {
        line: usize,
        column: usize,
        message: &'static str,
    },
    /// Outside any value, a line ended.
    LineEnd,
    /// Outside any value, the input ended.
    End,
}

/// Where the scanner stands inside a top-level array.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum ArrayState {
    /// After `[` or `,`: an element or `]`.
    Element,
    /// After an element: `,` or `]`.
    Separator,
    /// After a reported error: skipping to a line that starts an element, `,` or `]`.
    Recovering,
}

/// A resumable scanner over the JSON part of an input; the reader hands it its `BufRead` on
/// each call, so text lines and JSON can alternate on one stream.
pub(crate) struct JsonScanner {
    /// Line of the next byte.
    pub line: usize,
    /// Bytes already consumed on that line.
    pub column: usize,
    /// Whether only spaces were consumed on the current line so far.
    at_line_start: bool,
    /// Line and column of the last byte consumed that was not whitespace: where an input that
    /// ends inside an array is reported to end.
    last_significant: (usize, usize),
    array: Option<ArrayState>,
    /// Whether `#` lines outside values are comments (forced JSON: the scanner reads the whole
    /// input; a detected JSON line starts with `{` or `[`, never with `#`).
    comments: bool,
}

/// The next byte without consuming it; `None` at the end.
fn peek<R: BufRead>(reader: &mut R) -> io::Result<Option<u8>> {
    loop {
        match reader.fill_buf() {
            Ok(buf) => return Ok(buf.first().copied()),
            Err(e) if e.kind() == ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
}

/// Whether a byte is JSON whitespace other than the line break.
fn is_blank(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\r')
}

impl JsonScanner {
    /// A scanner whose next byte starts line `line`.
    pub fn new(line: usize, comments: bool) -> Self {
        JsonScanner {
            line,
            column: 0,
            at_line_start: true,
            last_significant: (line, 0),
            array: None,
            comments,
        }
    }

    /// Consumes one byte known to be `b`, keeping the position.
    fn bump<R: BufRead>(&mut self, reader: &mut R, b: u8) {
        reader.consume(1);
        self.advance_over(b);
    }

    fn advance_over(&mut self, b: u8) {
        if b == b'\n' {
            self.line += 1;
            self.column = 0;
            self.at_line_start = true;
        } else {
            self.column += 1;
            if !is_blank(b) {
                self.at_line_start = false;
                self.last_significant = (self.line, self.column);
            }
        }
    }

    /// Skips to the end of the current line, leaving the line break unread.
    fn skip_line<R: BufRead>(&mut self, reader: &mut R) -> io::Result<()> {
        loop {
            let (used, found) = {
                let buf = match reader.fill_buf() {
                    Ok(buf) => buf,
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if buf.is_empty() {
                    return Ok(());
                }
                match buf.iter().position(|&b| b == b'\n') {
                    Some(i) => (i, true),
                    None => (buf.len(), false),
                }
            };
            reader.consume(used);
            self.column += used;
            self.at_line_start = false;
            self.last_significant = (self.line, self.column);
            if found {
                return Ok(());
            }
        }
    }

    /// The next event; `limit` bounds the bytes kept for one value.
    pub fn next_event<R: BufRead>(
        &mut self,
        reader: &mut R,
        limit: usize,
    ) -> io::Result<ScanEvent> {
        loop {
            let Some(b) = peek(reader)? else {
                if self.array.take().is_some() {
                    let (line, column) = self.last_significant;
                    return Ok(ScanEvent::Syntax {
                        line,
                        column,
                        message: "EOF while parsing a list",
                    });
                }
                return Ok(ScanEvent::End);
            };
            let line_start = self.at_line_start;
            if is_blank(b) || (b == b'\n' && self.array.is_some()) {
                self.bump(reader, b);
                continue;
            }
            if b == b'#' && line_start && (self.comments || self.array.is_some()) {
                self.skip_line(reader)?;
                continue;
            }
            match self.array {
                None => match b {
                    b'\n' => {
                        self.bump(reader, b);
                        return Ok(ScanEvent::LineEnd);
                    }
                    // Values on one line may be separated by commas, as when array elements
                    // are pasted without their brackets.
                    b',' => self.bump(reader, b),
                    b'[' => {
                        self.bump(reader, b);
                        self.array = Some(ArrayState::Element);
                    }
                    _ => return Ok(ScanEvent::Value(self.capture(reader, limit)?)),
                },
                Some(ArrayState::Element) => match b {
                    b']' => {
                        self.bump(reader, b);
                        self.array = None;
                    }
                    _ => {
                        let value = self.capture(reader, limit)?;
                        // After a broken element, go on at the next line that opens one,
                        // without a second error for the same break.
                        self.array = Some(if value.end == ValueEnd::Cut {
                            ArrayState::Recovering
                        } else {
                            ArrayState::Separator
                        });
                        return Ok(ScanEvent::Value(value));
                    }
                },
                Some(ArrayState::Separator) => match b {
                    b',' => {
                        self.bump(reader, b);
                        self.array = Some(ArrayState::Element);
                    }
                    b']' => {
                        self.bump(reader, b);
                        self.array = None;
                    }
                    b'{' | b'[' if line_start => {
                        // A missing comma before a record on its own line: say so, read on.
                        self.array = Some(ArrayState::Element);
                        return Ok(self.expected_separator());
                    }
                    _ => {
                        let error = self.expected_separator();
                        self.skip_line(reader)?;
                        self.array = Some(ArrayState::Recovering);
                        return Ok(error);
                    }
                },
                Some(ArrayState::Recovering) => match b {
                    b'{' | b'[' if line_start => self.array = Some(ArrayState::Element),
                    b',' if line_start => {
                        self.bump(reader, b);
                        self.array = Some(ArrayState::Element);
                    }
                    b']' if line_start => {
                        self.bump(reader, b);
                        self.array = None;
                    }
                    _ => self.skip_line(reader)?,
                },
            }
        }
    }

    /// The error for a byte where `,` or `]` was expected (not consumed): serde_json's
    /// message, at that byte's column.
    fn expected_separator(&self) -> ScanEvent {
        ScanEvent::Syntax {
            line: self.line,
            column: self.column + 1,
            message: "expected `,` or `]`",
        }
    }

    /// Cuts out the value starting at the next byte (not blank, not a line break).
    fn capture<R: BufRead>(&mut self, reader: &mut R, limit: usize) -> io::Result<ScannedValue> {
        let mut value = ScannedValue {
            line: self.line,
            column: self.column + 1,
            bytes: Vec::new(),
            preview: Vec::new(),
            too_large: false,
            end: ValueEnd::Eof,
        };
        let mut shape = Shape::default();
        loop {
            let (used, end) = {
                let buf = match reader.fill_buf() {
                    Ok(buf) => buf,
                    Err(e) if e.kind() == ErrorKind::Interrupted => continue,
                    Err(e) => return Err(e),
                };
                if buf.is_empty() {
                    // A number or word at the very end is complete; anything open is not.
                    if shape.scalar {
                        value.end = ValueEnd::Complete;
                    }
                    value.trim_unfinished();
                    return Ok(value);
                }
                let mut used = buf.len();
                let mut end = None;
                for (i, &b) in buf.iter().enumerate() {
                    match shape.feed(b) {
                        Feed::More => {}
                        Feed::EndsAfter => {
                            used = i + 1;
                            end = Some(ValueEnd::Complete);
                            break;
                        }
                        Feed::EndsBefore(how) => {
                            used = i;
                            end = Some(how);
                            break;
                        }
                    }
                }
                let taken = &buf[..used];
                if value.preview.len() < PREVIEW_BYTES {
                    let room = PREVIEW_BYTES - value.preview.len();
                    value
                        .preview
                        .extend_from_slice(&taken[..taken.len().min(room)]);
                }
                if !value.too_large {
                    if value.bytes.len() + taken.len() > limit {
                        value.too_large = true;
                        value.bytes = Vec::new();
                    } else {
                        value.bytes.extend_from_slice(taken);
                    }
                }
                for &b in taken {
                    self.advance_over(b);
                }
                (used, end)
            };
            reader.consume(used);
            if let Some(how) = end {
                value.end = how;
                value.trim_unfinished();
                return Ok(value);
            }
        }
    }
}

/// The part of JSON's grammar the scanner follows inside one value.
#[derive(Default)]
struct Shape {
    /// Bytes fed so far.
    fed: usize,
    /// The value is a number or a word (`true`, `null`, or anything that is not JSON).
    scalar: bool,
    in_string: bool,
    escaped: bool,
    /// The open containers, innermost last.
    stack: Vec<u8>,
    /// Whether a value may start at this point: after `[`, `:`, or `,` in an array.
    value_may_start: bool,
    /// Whether only spaces were fed since the last line break.
    at_line_start: bool,
}

/// What one byte does to the value being cut out.
enum Feed {
    More,
    /// The value ends with this byte.
    EndsAfter,
    /// The value ended just before this byte, which stays for the caller.
    EndsBefore(ValueEnd),
}

impl Shape {
    fn feed(&mut self, b: u8) -> Feed {
        let first = self.fed == 0;
        self.fed += 1;
        if first {
            return match b {
                b'{' | b'[' => {
                    self.stack.push(b);
                    self.value_may_start = b == b'[';
                    Feed::More
                }
                b'"' => {
                    self.in_string = true;
                    Feed::More
                }
                _ => {
                    self.scalar = true;
                    Feed::More
                }
            };
        }
        if self.scalar {
            return if b.is_ascii_whitespace()
                || matches!(b, b',' | b']' | b'}' | b'[' | b'{' | b'"')
            {
                self.fed -= 1;
                Feed::EndsBefore(ValueEnd::Complete)
            } else {
                Feed::More
            };
        }
        if self.in_string {
            if self.escaped {
                self.escaped = false;
            } else if b == b'\\' {
                self.escaped = true;
            } else if b == b'"' {
                self.in_string = false;
                self.value_may_start = false;
                if self.stack.is_empty() {
                    return Feed::EndsAfter;
                }
            } else if b == b'\n' {
                // JSON strings hold no raw line break: the string was never closed.
                return Feed::EndsBefore(ValueEnd::Cut);
            }
            return Feed::More;
        }
        if self.at_line_start && !is_blank(b) && b != b'\n' {
            self.at_line_start = false;
            let record_opens = matches!(b, b'{' | b'[');
            if record_opens && self.stack.len() == 1 && !self.value_may_start {
                return Feed::EndsBefore(ValueEnd::Cut);
            }
        }
        match b {
            b'"' => self.in_string = true,
            b'{' | b'[' => {
                self.stack.push(b);
                self.value_may_start = b == b'[';
            }
            b'}' | b']' => {
                self.stack.pop();
                self.value_may_start = false;
                if self.stack.is_empty() {
                    return Feed::EndsAfter;
                }
            }
            b':' => self.value_may_start = true,
            b',' => self.value_may_start = self.stack.last() == Some(&b'['),
            b'\n' => self.at_line_start = true,
            b' ' | b'\t' | b'\r' => {}
            _ => self.value_may_start = false,
        }
        Feed::More
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The events of a whole text, as short strings.
    fn events(text: &str, limit: usize) -> Vec<String> {
        let mut reader = io::BufReader::with_capacity(7, text.as_bytes());
        let mut scanner = JsonScanner::new(1, true);
        let mut out = Vec::new();
        loop {
            match scanner.next_event(&mut reader, limit).unwrap() {
                ScanEvent::Value(v) => out.push(format!(
                    "{}:{} {:?} {}{}",
                    v.line,
                    v.column,
                    v.end,
                    String::from_utf8_lossy(&v.bytes),
                    if v.too_large { " (too large)" } else { "" }
                )),
                ScanEvent::Syntax {
                    line,
                    column,
                    message,
                } => out.push(format!("{line}:{column} error {message}")),
                ScanEvent::LineEnd => out.push("eol".to_string()),
                ScanEvent::End => return out,
            }
        }
    }

    #[test]
    fn values_elements_and_positions() {
        assert_eq!(
            events("{\"a\": \"}]\\\"\"} 42,\n[ {\"b\": [1]},\n  7 ]\n", 100),
            vec![
                "1:1 Complete {\"a\": \"}]\\\"\"}",
                "1:15 Complete 42",
                "eol",
                "2:3 Complete {\"b\": [1]}",
                "3:3 Complete 7",
                "eol",
            ]
        );
    }

    #[test]
    fn broken_structure_recovers_at_line_starts() {
        // An unclosed string, an unclosed object before the next record, a missing comma.
        let text = "[\n{\"a\": \"x\n},\n{\"b\": 1,\n{\"c\": 2}\n{\"d\": 3}\n]\n";
        assert_eq!(
            events(text, 100),
            vec![
                "2:1 Cut {\"a\": \"x",
                "4:1 Cut {\"b\": 1,",
                "5:1 Complete {\"c\": 2}",
                "6:1 error expected `,` or `]`",
                "6:1 Complete {\"d\": 3}",
                "eol",
            ]
        );
        assert_eq!(
            events("[{\"a\": 1}", 100),
            vec![
                "1:2 Complete {\"a\": 1}",
                "1:9 error EOF while parsing a list"
            ]
        );
        // The end of an unclosed array is its last character, not the empty line after it.
        assert_eq!(
            events("[\n{\"a\": 1},\n\n", 100),
            vec![
                "2:1 Complete {\"a\": 1}",
                "2:9 error EOF while parsing a list"
            ]
        );
    }

    #[test]
    fn a_value_over_the_limit_is_skipped_whole() {
        let text = format!("[{{\"a\": \"{}\"}}, {{}}]", "x".repeat(50));
        assert_eq!(
            events(&text, 20),
            vec!["1:2 Complete  (too large)", "1:63 Complete {}"]
        );
    }
}
