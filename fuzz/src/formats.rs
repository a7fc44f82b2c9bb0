//! The parser targets: the fuzzer's bytes read as an input stream, in one forced format or
//! detected record by record (`src/format/reader.rs`). Besides never panicking, every puzzle
//! read must hold digits 0-9 without two equal digits that see each other, carry its own line as
//! text, and read back the same from what each formatter writes of it.

use stepwise::format::{
    check_conflicts, read_records, record_from, to_grid, to_line, to_pencilmark, Format,
    PuzzleInput, Record,
};

/// `--input-format line`.
pub fn line(data: &[u8]) {
    read_all(data, Some(Format::Line));
}

/// `--input-format grid`.
pub fn grid(data: &[u8]) {
    read_all(data, Some(Format::Grid));
}

/// `--input-format pencilmark`.
pub fn pencilmark(data: &[u8]) {
    read_all(data, Some(Format::Pencilmark));
}

/// `--input-format json`.
pub fn json(data: &[u8]) {
    read_all(data, Some(Format::Json));
}

/// No format given: each record's format detected, as every command reads by default. The
/// first byte sets small line and record limits, so that inputs of a few KiB reach the paths
/// of a line or record too long (the defaults are 1 MiB and 64 MiB).
pub fn detected(data: &[u8]) {
    let Some((&limits, rest)) = data.split_first() else {
        return read_all(data, None);
    };
    let line_limit = 16 + (limits & 0x0f) as usize * 64;
    let document_limit = 64 + (limits >> 4) as usize * 256;
    let records = read_records(rest, None).with_limits(line_limit, document_limit);
    check_records(records);
}

fn read_all(data: &[u8], format: Option<Format>) {
    check_records(read_records(data, format));
}

fn check_records(records: impl Iterator<Item = Record>) {
    let mut last_line = 0;
    for record in records {
        // Records come in input order.
        assert!(
            record.line() >= last_line,
            "line {} after line {last_line}",
            record.line()
        );
        last_line = record.line();
        match record {
            Record::Puzzle(puzzle) => check_puzzle(&puzzle),
            Record::Rejected(rejected) => {
                // A message names what is wrong; it is never empty.
                assert!(!rejected.error.to_string().is_empty());
            }
            Record::Note(note) => assert!(!note.message.is_empty()),
        }
    }
}

/// The invariants of one puzzle read, and its round trip through every formatter.
pub fn check_puzzle(puzzle: &PuzzleInput) {
    assert!(puzzle.cells.iter().all(|&v| v <= 9), "{puzzle:?}");
    assert!(check_conflicts(&puzzle.cells).is_ok(), "{puzzle:?}");
    assert_eq!(puzzle.text, to_line(&puzzle.cells));
    assert_same(&to_line(&puzzle.cells), Format::Line, puzzle);
    assert_same(&to_grid(&puzzle.cells), Format::Grid, puzzle);
    let record = serde_json::to_string(&record_from(puzzle, None)).expect("a record serializes");
    assert_same(&record, Format::Json, puzzle);
    if let Some(candidates) = &puzzle.candidates {
        let written = to_pencilmark(&puzzle.cells, candidates);
        let read = read_one(&written, Format::Pencilmark);
        assert_eq!(read.cells, puzzle.cells, "{written}");
        assert_eq!(read.candidates.as_ref(), Some(candidates), "{written}");
    }
}

/// `text` read in `format` holds the same cells as `puzzle`.
fn assert_same(text: &str, format: Format, puzzle: &PuzzleInput) {
    let read = read_one(text, format);
    assert_eq!(read.cells, puzzle.cells, "{format}: {text}");
}

/// The one puzzle of a text the formatters wrote.
fn read_one(text: &str, format: Format) -> PuzzleInput {
    let mut records = read_records(text.as_bytes(), Some(format));
    match records.next() {
        Some(Record::Puzzle(puzzle)) => {
            assert!(records.next().is_none(), "{format}: one puzzle in {text}");
            puzzle
        }
        other => panic!("{format}: what the formatter wrote does not read back: {other:?}\n{text}"),
    }
}
