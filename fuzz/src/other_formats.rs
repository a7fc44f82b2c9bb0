//! The parser targets of the other puzzles: grids of other sizes and Latin squares
//! (`src/shape/read.rs`) and Kakuro (`src/kakuro/format.rs`). Besides never panicking, every
//! puzzle read must keep its own invariants and read back the same from what its writers write.

use stepwise::budget::Budget;
use stepwise::hint::HintLevel;
use stepwise::kakuro::explain;
use stepwise::kakuro::format::{
    parse_json, parse_text, read_records, records, to_json_record, to_text,
};
use stepwise::kakuro::{Kakuro, Square};
use stepwise::shape::{parse_shaped, read_shaped, to_line, Shape, ShapedPuzzle};

/// The shapes a first byte can force, as `--shape` would; 0 and every value past the list
/// leave the shape to the cell count.
fn forced_shape(byte: u8) -> Option<Shape> {
    match byte {
        1 => Shape::sudoku(4),
        2 => Shape::sudoku(6),
        3 => Some(Shape::CLASSIC),
        4 => Shape::sudoku(16),
        5 => Shape::boxes(3, 2),
        6 => Shape::latin(2),
        7 => Shape::latin(5),
        8 => Shape::sudoku(25),
        _ => None,
    }
}

/// Grids of any shape (`stepwise solve --shape ...`, or the shape read off the cell count): the
/// first byte picks the shape, the rest is the input.
pub fn shaped(data: &[u8]) {
    let Some((&choice, input)) = data.split_first() else {
        return;
    };
    let shape = forced_shape(choice % 16);
    let mut last_line = 0;
    for record in read_shaped(input, shape) {
        match record {
            Ok(puzzle) => {
                assert!(
                    puzzle.line >= last_line,
                    "line {} after {last_line}",
                    puzzle.line
                );
                last_line = puzzle.line;
                if let Some(forced) = shape {
                    assert_eq!(puzzle.shape, forced);
                }
                check_shaped(&puzzle);
            }
            Err(rejected) => {
                assert!(
                    rejected.line >= last_line,
                    "line {} after {last_line}",
                    rejected.line
                );
                last_line = rejected.line;
                assert!(!rejected.error.to_string().is_empty());
            }
        }
    }
}

/// A shaped puzzle's invariants, and its round trip as a line and as rows of numbers.
fn check_shaped(puzzle: &ShapedPuzzle) {
    let size = puzzle.shape.size();
    assert_eq!(puzzle.cells.len(), puzzle.shape.cell_count(), "{puzzle:?}");
    assert!(
        puzzle.cells.iter().all(|&v| usize::from(v) <= size),
        "{puzzle:?}"
    );
    assert!(
        puzzle.shape.first_conflict(&puzzle.cells).is_none(),
        "{puzzle:?}"
    );
    // What `new` accepts is what the reader accepted.
    let rebuilt = ShapedPuzzle::new(puzzle.shape, puzzle.cells.clone()).expect("a valid puzzle");
    assert_eq!(rebuilt.cells, puzzle.cells);

    let line = to_line(&puzzle.cells);
    let read = parse_shaped(&line, Some(puzzle.shape)).expect("its own line reads back");
    assert_eq!(read.cells, puzzle.cells, "{line}");
    if size >= 2 {
        let rows: String = puzzle
            .cells
            .chunks(size)
            .map(|row| {
                let numbers: Vec<String> = row.iter().map(u8::to_string).collect();
                numbers.join(" ") + "\n"
            })
            .collect();
        let read = parse_shaped(&rows, Some(puzzle.shape)).expect("its rows read back");
        assert_eq!(read.cells, puzzle.cells, "{rows}");
    }
}

/// Kakuro files as `stepwise kakuro` reads them: text grids and JSON records, mixed. Input
/// that is not UTF-8 is refused before the parser (the CLI reads the file as a string).
pub fn kakuro(data: &[u8]) {
    // The streaming reader takes any bytes: a line that is not UTF-8 is an error record.
    let mut last_line = 0;
    for record in records(data) {
        assert!(
            record.line > last_line,
            "line {} after {last_line}",
            record.line
        );
        last_line = record.line;
        match record.puzzle {
            Ok(kakuro) => {
                check_kakuro(&kakuro);
                check_hints(&kakuro);
            }
            Err(error) => {
                assert!(!error.to_string().is_empty());
                assert!(
                    error.line().is_some(),
                    "an error in a file names its line: {error}"
                );
            }
        }
    }
    if let Ok(text) = std::str::from_utf8(data) {
        assert_eq!(
            read_records(text).len(),
            records(data).count(),
            "the text and streaming readers agree"
        );
    }
}

/// A hint from the digits entered in a small Kakuro, at every level and under a short budget:
/// never a panic, and a step never places or removes against the solution.
fn check_hints(kakuro: &Kakuro) {
    if kakuro.cell_count() > 40 {
        return;
    }
    let budget = Budget::time(std::time::Duration::from_millis(200));
    let Ok(hint) = explain::hint(kakuro, &budget) else {
        return;
    };
    for level in [
        HintLevel::Nudge,
        HintLevel::Technique,
        HintLevel::Cells,
        HintLevel::Full,
    ] {
        let report = hint.report(kakuro, "fuzz", level);
        assert!(!report.text.is_empty());
    }
    if let (explain::Hint::Step(step), explain::Validity::Unique(solution)) =
        (&hint, explain::validity(kakuro))
    {
        for &(cell, digit) in &step.placements {
            assert_eq!(solution[cell], digit, "a placement against the solution");
        }
        for &(cell, digits) in &step.eliminations {
            assert!(
                !digits.contains(solution[cell]),
                "an elimination of the solution's digit"
            );
        }
    }
}

/// A Kakuro's invariants, and its round trips through the text format and a JSON record.
fn check_kakuro(kakuro: &Kakuro) {
    assert!(kakuro.cell_count() > 0);
    for run in kakuro.runs() {
        assert!((1..=9).contains(&run.cells.len()), "{run:?}");
        let length = run.cells.len() as u32;
        let least = length * (length + 1) / 2;
        let most = (10 - length..=9).sum::<u32>();
        assert!((least..=most).contains(&run.sum), "{run:?}");
    }
    for cell in 0..kakuro.cell_count() {
        let (row, col) = kakuro.position(cell);
        assert_eq!(kakuro.cell_at(row, col), Some(cell));
        assert!(matches!(kakuro.square(row, col), Square::White(_)));
        for run in kakuro.runs_of(cell) {
            assert!(kakuro.run(run).cells.contains(&cell));
        }
    }

    let text = to_text(kakuro, None);
    let mut read = parse_text(&text).expect("its own text reads back");
    // The text format has no place for the name and the source.
    read.id = kakuro.id.clone();
    read.source = kakuro.source.clone();
    assert_eq!(&read, kakuro, "{text}");

    let json = serde_json::to_string(&to_json_record(kakuro)).expect("a record serializes");
    let read = parse_json(&json).expect("its own record reads back");
    assert_eq!(&read, kakuro, "{json}");
}
