//! JSON puzzle records: checking a parsed [`serde_json::Value`] field by field so that every
//! mistake gets a precise message, and the ISO-8601 timestamps of `createdAt`.

use serde_json::{Map, Value};

use super::{find_conflict, to_line, Format, PuzzleInput, PuzzleRecord};
use crate::error::Error;

/// How a JSON value is named in messages: `a string`, `an array`, ..., or the number itself
/// when it is not an integer.
fn kind_of(value: &Value) -> String {
    match value {
        Value::Null => "null".to_string(),
        Value::Bool(_) => "a boolean".to_string(),
        Value::Number(n) if n.is_i64() || n.is_u64() => "an integer".to_string(),
        Value::Number(n) => n.to_string(),
        Value::String(_) => "a string".to_string(),
        Value::Array(_) => "an array".to_string(),
        Value::Object(_) => "an object".to_string(),
    }
}

fn wrong_type(line: usize, path: &str, expected: &str, found: &Value) -> Error {
    Error::WrongType {
        line,
        path: path.to_string(),
        expected: expected.to_string(),
        found: kind_of(found),
    }
}

/// The error for serde_json's syntax error `err` in a value whose first byte is at input line
/// `base_line`, byte column `base_column` (1-based). serde_json counts from the value's start
/// and appends ` at line L column C` to its messages; that part is replaced by the
/// `line N, column M:` prefix, in the input's own lines and columns.
pub(crate) fn syntax_error(base_line: usize, base_column: usize, err: &serde_json::Error) -> Error {
    let full = err.to_string();
    let suffix = format!(" at line {} column {}", err.line(), err.column());
    let message = full.strip_suffix(&suffix).unwrap_or(&full).to_string();
    let column = if err.line() <= 1 {
        base_column - 1 + err.column()
    } else {
        err.column()
    };
    Error::JsonSyntax {
        line: base_line + err.line().saturating_sub(1),
        column,
        message,
    }
}

/// A checked [`PuzzleInput`] from one JSON value that should be a record starting on `line`.
pub(crate) fn input_from_value(line: usize, value: &Value) -> Result<PuzzleInput, Error> {
    let Value::Object(object) = value else {
        return Err(Error::JsonNotObject {
            line,
            found: kind_of(value),
        });
    };
    let record = parse_record(line, object)?;
    let cells = record.board_cells();
    if let Some((first, second, digit, unit)) = find_conflict(&cells) {
        return Err(Error::Conflict {
            line: Some(line),
            first,
            second,
            digit,
            unit,
        });
    }
    if let Some(solution) = record.solution_cells() {
        if let Some(cell) = (0..81).find(|&i| cells[i] != 0 && cells[i] != solution[i]) {
            return Err(Error::SolutionMismatch { line, cell });
        }
        if let Some((first, second, digit, unit)) = find_conflict(&solution) {
            return Err(Error::InvalidSolution {
                line,
                first,
                second,
                digit,
                unit,
            });
        }
    }
    Ok(PuzzleInput {
        line,
        format: Format::Json,
        cells,
        candidates: None,
        text: to_line(&cells),
        record: Some(record),
    })
}

/// Reads the fields of a record in the order `id`, `board`, `solution`, `difficulty`,
/// `createdAt`; only `board` is required, the others may be absent or `null`; unknown fields
/// are ignored.
fn parse_record(line: usize, object: &Map<String, Value>) -> Result<PuzzleRecord, Error> {
    let id = match object.get("id") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => return Err(wrong_type(line, "id", "a string", other)),
    };
    let board = object.get("board").ok_or_else(|| Error::MissingField {
        line,
        field: "board".to_string(),
    })?;
    let board = parse_grid(line, "board", board, 0)?;
    let solution = match object.get("solution") {
        None | Some(Value::Null) => None,
        Some(value) => Some(parse_grid(line, "solution", value, 1)?),
    };
    let difficulty = match object.get("difficulty") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) => Some(s.clone()),
        Some(other) => return Err(wrong_type(line, "difficulty", "a string", other)),
    };
    let created_at = match object.get("createdAt") {
        None | Some(Value::Null) => None,
        Some(Value::String(s)) if is_iso8601(s) => Some(s.clone()),
        Some(Value::String(s)) => {
            return Err(Error::InvalidTimestamp {
                line,
                value: s.clone(),
            })
        }
        Some(other) => return Err(wrong_type(line, "createdAt", "a string", other)),
    };
    Ok(PuzzleRecord {
        id,
        difficulty,
        board,
        solution,
        created_at,
    })
}

/// A 9x9 array of integers in `min..=9` (`board`: 0 = empty; `solution`: 1-9).
fn parse_grid(line: usize, field: &str, value: &Value, min: u8) -> Result<[[u8; 9]; 9], Error> {
    let rows = match value {
        Value::Array(rows) => rows,
        other => {
            let expected = if field == "solution" {
                "an array of 9 rows or null"
            } else {
                "an array of 9 rows"
            };
            return Err(wrong_type(line, field, expected, other));
        }
    };
    if rows.len() != 9 {
        return Err(Error::WrongRowCount {
            line,
            field: field.to_string(),
            found: rows.len(),
        });
    }
    let mut grid = [[0u8; 9]; 9];
    for (r, row) in rows.iter().enumerate() {
        let path = format!("{field}[{r}]");
        let values = match row {
            Value::Array(values) => values,
            other => return Err(wrong_type(line, &path, "an array of 9 values", other)),
        };
        if values.len() != 9 {
            return Err(Error::WrongRowLength {
                line,
                field: field.to_string(),
                row: r,
                found: values.len(),
            });
        }
        for (c, v) in values.iter().enumerate() {
            let number = match v {
                Value::Number(n) => n
                    .as_i64()
                    .map(i128::from)
                    .or_else(|| n.as_u64().map(i128::from)),
                _ => None,
            };
            let Some(number) = number else {
                return Err(wrong_type(line, &format!("{path}[{c}]"), "an integer", v));
            };
            if number < i128::from(min) || number > 9 {
                return Err(Error::OutOfRange {
                    line,
                    field: field.to_string(),
                    cell: r * 9 + c,
                    value: number,
                    min,
                    max: 9,
                });
            }
            grid[r][c] = number as u8;
        }
    }
    Ok(grid)
}

fn leap(year: u32) -> bool {
    year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
}

fn days_in_month(year: u32, month: u32) -> u32 {
    match month {
        1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
        4 | 6 | 9 | 11 => 30,
        2 if leap(year) => 29,
        2 => 28,
        _ => 0,
    }
}

/// The value of `n` ASCII digits at the start of `b`.
fn digits(b: &[u8], n: usize) -> Option<u32> {
    if b.len() < n || !b[..n].iter().all(u8::is_ascii_digit) {
        return None;
    }
    Some(
        b[..n]
            .iter()
            .fold(0, |acc, &d| acc * 10 + u32::from(d - b'0')),
    )
}

/// Whether `s` is an ISO-8601 date or timestamp as records carry them: `YYYY-MM-DD`,
/// optionally followed by `THH:MM`, `:SS`, a fraction `.f` (1 to 9 digits, only after
/// seconds), and, after a time, a zone `Z` or `+HH:MM` / `-HH:MM`. Dates and times must exist
/// (no February 30th, no hour 24); a leap second `:60` is accepted.
pub fn is_iso8601(s: &str) -> bool {
    let b = s.as_bytes();
    let date = || -> Option<()> {
        let year = digits(b, 4)?;
        let month = digits(b.get(5..)?, 2)?;
        let day = digits(b.get(8..)?, 2)?;
        (b[4] == b'-' && b[7] == b'-' && day >= 1 && day <= days_in_month(year, month))
            .then_some(())
    };
    if date().is_none() {
        return false;
    }
    let mut rest = &b[10..];
    if rest.is_empty() {
        return true;
    }
    // THH:MM
    if rest[0] != b'T' || rest.len() < 6 || rest[3] != b':' {
        return false;
    }
    match (digits(&rest[1..], 2), digits(&rest[4..], 2)) {
        (Some(h), Some(m)) if h <= 23 && m <= 59 => {}
        _ => return false,
    }
    rest = &rest[6..];
    // :SS(.f+)?
    if rest.first() == Some(&b':') {
        match digits(&rest[1..], 2) {
            Some(sec) if sec <= 60 => rest = &rest[3..],
            _ => return false,
        }
        if rest.first() == Some(&b'.') {
            let n = rest[1..].iter().take_while(|d| d.is_ascii_digit()).count();
            if n == 0 || n > 9 {
                return false;
            }
            rest = &rest[1 + n..];
        }
    }
    // Z | ±HH:MM | nothing
    match rest {
        [] | [b'Z'] => true,
        [b'+' | b'-', h1, h2, b':', m1, m2] => {
            match (digits(&[*h1, *h2], 2), digits(&[*m1, *m2], 2)) {
                (Some(h), Some(m)) => h <= 23 && m <= 59,
                _ => false,
            }
        }
        _ => false,
    }
}

/// The UTC time `unix_seconds` after 1970-01-01T00:00:00Z as `YYYY-MM-DDTHH:MM:SSZ`.
pub fn iso8601_utc(unix_seconds: u64) -> String {
    let days = unix_seconds / 86_400;
    let secs = unix_seconds % 86_400;
    // Civil date from a day count (the era-based algorithm: 400-year eras of 146097 days,
    // years starting in March so the leap day falls at the end).
    let z = days + 719_468;
    let era = z / 146_097;
    let doe = z % 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + u64::from(month <= 2);
    format!(
        "{year:04}-{month:02}-{day:02}T{:02}:{:02}:{:02}Z",
        secs / 3600,
        secs / 60 % 60,
        secs % 60
    )
}

/// The current UTC time as `YYYY-MM-DDTHH:MM:SSZ` (1970-01-01T00:00:00Z if the clock is set
/// before 1970).
pub(crate) fn now_iso8601() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    iso8601_utc(secs)
}
