//! Record-by-record reading: every input, whatever its first line, yields every valid puzzle
//! it holds; rejected records carry their text; headers are skipped with a note.

mod common;

use common::puzzles::{basic_candidates, NUGGET, P1, WIKI};
use common::{cells, WIKIPEDIA_SOLUTION as WIKI_SOLUTION};
use std::io::Cursor;

use stepwise::format::{
    parse_puzzle, read_puzzles, read_records, to_grid, to_pencilmark, Format, Record,
};
use stepwise::Error;

/// One string per record: `ok LINE FORMAT TEXT`, `rejected LINE [INPUT] ERROR` or
/// `note LINE MESSAGE`.
fn records(text: &str, format: Option<Format>) -> Vec<String> {
    read_records(Cursor::new(text.as_bytes().to_vec()), format)
        .map(|record| match record {
            Record::Puzzle(p) => format!("ok {} {} {}", p.line, p.format, p.text),
            Record::Rejected(r) => format!("rejected {} [{}] {}", r.line, r.input, r.error),
            Record::Note(n) => format!("note {} {}", n.line, n.message),
        })
        .collect()
}

fn ok(line: usize, format: &str, text: &str) -> String {
    format!("ok {line} {format} {text}")
}

/// A puzzle as Kaggle writes it: `0` for empty.
fn zeros(puzzle: &str) -> String {
    puzzle.replace('.', "0")
}

// ---------------------------------------------------------------------------------------------
// 1. The format is decided record by record.

#[test]
fn a_bad_first_line_loses_no_puzzle() {
    let text = format!("4..x\n{P1}\n{WIKI}\n");
    assert_eq!(
        records(&text, None),
        vec![
            "rejected 1 [4..x] line 1, column 4: unexpected character 'x'".to_string(),
            ok(2, "line", P1),
            ok(3, "line", WIKI),
        ]
    );
    // A first line of text that reads like a title is skipped with a note instead.
    let text = format!("my puzzles\n{P1}\n");
    assert_eq!(
        records(&text, None),
        vec![
            "note 1 skipped header line 'my puzzles'".to_string(),
            ok(2, "line", P1)
        ]
    );
}

#[test]
fn a_bad_line_among_puzzle_lines_swallows_no_line() {
    // A 9-cell line looks like a grid row: the grid it opens ends at the next puzzle line, and
    // a lone row of bare cells is reported as the broken puzzle line it more likely is.
    let text = format!(
        "{P1}\n4..3.....\n{WIKI}\n{NUGGET}\n{P1}\n{WIKI}\n{NUGGET}\n{P1}\n{WIKI}\n{NUGGET}\n"
    );
    let got = records(&text, None);
    assert_eq!(got.len(), 10, "{got:#?}");
    assert_eq!(
        got[1],
        "rejected 2 [4..3.....] line 2: expected 81 cells, found 9"
    );
    assert_eq!(got[2], ok(3, "line", WIKI));
    assert_eq!(got[9], ok(10, "line", NUGGET));
    // Lines of words in the middle are errors of their own: only the first line is a header.
    let text = format!("{P1}\nsee below\n\n{{\"board\": 1}}\nnot a puzzle\n{WIKI}\n");
    assert_eq!(
        records(&text, None),
        vec![
            ok(1, "line", P1),
            "rejected 2 [see below] line 2, column 1: unexpected character 's'".to_string(),
            "rejected 4 [{\"board\": 1}] line 4: board must be an array of 9 rows, found an integer"
                .to_string(),
            "rejected 5 [not a puzzle] line 5, column 1: unexpected character 'n'".to_string(),
            ok(6, "line", WIKI),
        ]
    );
}

#[test]
fn formats_mix_in_one_input() {
    let grid = to_grid(&cells(WIKI));
    let record = format!(
        r#"{{"board": {}}}"#,
        serde_json::to_string(&stepwise::format::cells_to_rows(&cells(NUGGET))).unwrap()
    );
    let pencil = to_pencilmark(&cells(P1), &basic_candidates(&cells(P1)));
    let text = format!("{P1}\n{grid}{record}\n{WIKI}\n{pencil}{NUGGET}\n");
    assert_eq!(
        records(&text, None),
        vec![
            ok(1, "line", P1),
            ok(2, "grid", WIKI),
            ok(13, "json", NUGGET),
            ok(14, "line", WIKI),
            ok(16, "pencilmark", &to_singles_line(&cells(P1))),
            ok(28, "line", NUGGET),
        ]
    );
}

#[test]
fn titled_grids_are_read_with_a_note_per_title() {
    // Project Euler's sudoku.txt: a title, then 9 rows of 9 digits.
    let rows = |puzzle: &str| -> String {
        (0..9)
            .map(|r| format!("{}\n", &zeros(puzzle)[r * 9..r * 9 + 9]))
            .collect()
    };
    let text = format!("Grid 01\n{}Grid 02\n{}", rows(WIKI), rows(NUGGET));
    assert_eq!(
        records(&text, None),
        vec![
            "note 1 skipped header line 'Grid 01'".to_string(),
            ok(2, "grid", WIKI),
            "note 11 skipped title line 'Grid 02'".to_string(),
            ok(12, "grid", NUGGET),
        ]
    );
}

#[test]
fn a_grid_cut_short_by_a_puzzle_line_or_json() {
    let rows: Vec<String> = to_grid(&cells(P1))
        .lines()
        .take(3)
        .map(String::from)
        .collect();
    let text = format!(
        "{}\n{WIKI}\n{}\n{{\"board\": []}}\n",
        rows.join("\n"),
        rows[0]
    );
    assert_eq!(
        records(&text, None),
        vec![
            "rejected 1 [4 . . | . 3 . | . . . / . . . | 6 . . | 8 . . / . . . | . . . | . . 1] line 1: grid has 3 rows, expected 9".to_string(),
            ok(4, "line", WIKI),
            "rejected 5 [4 . . | . 3 . | . . .] line 5: grid has 1 row, expected 9".to_string(),
            "rejected 6 [{\"board\": []}] line 6: board has 0 rows, expected 9".to_string(),
        ]
    );
}

#[test]
fn a_forced_format_reads_as_before() {
    let text = format!("quizzes,solutions\n{},{WIKI_SOLUTION}\n", zeros(WIKI));
    assert_eq!(
        records(&text, Some(Format::Line)),
        vec![
            "rejected 1 [quizzes,solutions] line 1, column 1: unexpected character 'q'".to_string(),
            ok(2, "line", WIKI),
        ]
    );
    assert_eq!(
        records(&format!("{P1}\n"), Some(Format::Grid)),
        vec![format!(
            "rejected 1 [{P1}] line 1: grid has 1 row, expected 9"
        )]
    );
}

// ---------------------------------------------------------------------------------------------
// 2. Headers.

#[test]
fn headers_are_skipped_with_a_note() {
    for header in [
        "puzzle",
        "quizzes,solutions",
        "puzzle,solution,rating",
        "puzzle\ter\tep\ted",
        "\"id\";\"puzzle\"",
    ] {
        let text = format!("{header}\n{},{WIKI_SOLUTION}\n{P1}\t9.0\n", zeros(WIKI));
        assert_eq!(
            records(&text, None),
            vec![
                format!("note 1 skipped header line '{header}'"),
                ok(2, "line", WIKI),
                ok(3, "line", P1),
            ],
            "{header}"
        );
    }
    // read_puzzles leaves notes out.
    let text = format!("quizzes,solutions\n{},{WIKI_SOLUTION}\n", zeros(WIKI));
    let puzzles: Vec<_> = read_puzzles(Cursor::new(text.into_bytes()), None).collect();
    assert_eq!(puzzles.len(), 1);
    assert_eq!(puzzles[0].as_ref().unwrap().text, WIKI);
}

#[test]
fn kaggle_csv_reads_every_row() {
    // Kaggle's "1 million Sudoku games": quizzes,solutions; 0 for empty.
    let text = format!(
        "quizzes,solutions\n{},{WIKI_SOLUTION}\n{},{WIKI_SOLUTION}\n",
        zeros(WIKI),
        zeros(WIKI)
    );
    let puzzles: Vec<_> = read_puzzles(Cursor::new(text.into_bytes()), None)
        .collect::<Result<_, _>>()
        .unwrap();
    assert_eq!(puzzles.len(), 2);
    assert!(puzzles
        .iter()
        .all(|p| p.cells == cells(WIKI) && p.format == Format::Line));
}

#[test]
fn a_lone_header_is_an_error() {
    assert_eq!(
        records("puzzle,solution\n", None),
        vec!["rejected 1 [puzzle,solution] line 1, column 1: unexpected character 'p'".to_string()]
    );
}

// ---------------------------------------------------------------------------------------------
// 3. Rejected records carry their input.

#[test]
fn rejected_records_carry_their_text() {
    let long = format!("{}{}", "4".repeat(150), "x".repeat(150));
    let json = "{\n  \"id\": \"a\",\n  \"board\": [[1]]\n}";
    let text = format!("{long}\n{json}\n");
    let got: Vec<Record> = read_records(Cursor::new(text.into_bytes()), None).collect();
    let Record::Rejected(first) = &got[0] else {
        panic!("{got:?}")
    };
    assert_eq!(first.line, 1);
    assert_eq!(
        first.input,
        format!("{}{}…", "4".repeat(150), "x".repeat(50))
    );
    assert_eq!(
        first.error,
        Error::CellCount {
            line: 1,
            found: 150
        }
    );
    let Record::Rejected(second) = &got[1] else {
        panic!("{got:?}")
    };
    assert_eq!(second.line, 2);
    assert_eq!(second.input, "{ \"id\": \"a\", \"board\": [[1]] }");
    assert_eq!(
        second.error.to_string(),
        "line 2: board has 1 rows, expected 9"
    );
    assert_eq!(got.len(), 2);
    // A line too long to read keeps its beginning.
    let huge = "1".repeat(300);
    let got: Vec<Record> = read_records(Cursor::new(format!("{huge}\n{P1}\n").into_bytes()), None)
        .with_limits(100, 1 << 20)
        .collect();
    let Record::Rejected(too_long) = &got[0] else {
        panic!("{got:?}")
    };
    assert_eq!(too_long.input, format!("{}…", "1".repeat(200)));
    assert_eq!(
        too_long.error.to_string(),
        "line 1: line longer than 100 bytes"
    );
    assert_eq!(got[1].line(), 2);
}

#[test]
fn no_puzzle_is_a_rejected_record_without_input() {
    let got: Vec<Record> = read_records(Cursor::new(b"# nothing\n".to_vec()), None)
        .with_source("empty.txt")
        .collect();
    assert_eq!(got.len(), 1);
    let Record::Rejected(rejected) = &got[0] else {
        panic!("{got:?}")
    };
    assert_eq!(rejected.input, "");
    assert_eq!(rejected.error.to_string(), "no puzzle found in empty.txt");
}

// ---------------------------------------------------------------------------------------------
// 4. More ways to write a puzzle line.

#[test]
fn star_dash_and_underscore_are_blanks_in_a_line() {
    for blank in ["*", "-", "_", "0"] {
        let line = WIKI.replace('.', blank);
        let got = parse_puzzle(&line, None).unwrap();
        assert_eq!(
            (got.format, got.text.as_str()),
            (Format::Line, WIKI),
            "{blank}"
        );
        assert_eq!(parse_puzzle(&line, Some(Format::Line)).unwrap().text, WIKI);
    }
    // Mixed, with a rating column after.
    assert_eq!(&WIKI[2..6], "..7.");
    let mixed = format!("{}-*7_{}  ER 2.0", &WIKI[..2], &WIKI[6..]);
    assert_eq!(parse_puzzle(&mixed, None).unwrap().text, WIKI);
}

#[test]
fn nine_groups_of_nine_are_one_puzzle() {
    let groups: Vec<&str> = (0..9).map(|r| &WIKI[r * 9..r * 9 + 9]).collect();
    let line = groups.join(" ");
    let text = format!("{line}\n{}\t2.0\n{P1}\n", groups.join("  "));
    assert_eq!(
        records(&text, None),
        vec![ok(1, "line", WIKI), ok(2, "line", WIKI), ok(3, "line", P1)]
    );
    assert_eq!(parse_puzzle(&line, Some(Format::Line)).unwrap().text, WIKI);
    // Nine identical groups of digits are a pencilmark row, not a puzzle.
    let all = "123456789 ".repeat(9);
    assert!(!records(&all, None)[0].starts_with("ok"));
}

#[test]
fn borders_and_decorated_grids_are_still_grids() {
    // Sudoku Explainer's border is 79 characters of '*' and '-': a border, not a puzzle line.
    let border = format!("*{}*", "-".repeat(77));
    let rows: Vec<String> = (0..9)
        .map(|r| {
            let row: Vec<String> = WIKI[r * 9..r * 9 + 9]
                .chars()
                .map(|c| {
                    if c == '.' {
                        " . ".into()
                    } else {
                        format!("*{c}*")
                    }
                })
                .collect();
            format!("|{}|", row.join(""))
        })
        .collect();
    let text = format!("{border}\n{}\n{border}\n", rows.join("\n"));
    assert_eq!(records(&text, None), vec![ok(2, "grid", WIKI)]);
    // A grid whose rows use '-' for empty cells would be puzzle-line blanks: '-' stays
    // decoration in grids, so such rows have too few cells.
    let dashed = to_grid(&cells(P1)).replace(". ", "- ");
    assert!(
        records(&dashed, None)[0].starts_with("rejected"),
        "{dashed}"
    );
}

// ---------------------------------------------------------------------------------------------
// 5. A pencilmark cell without candidates.

#[test]
fn pencilmark_cell_without_candidates_round_trips() {
    let givens = cells(WIKI);
    let mut candidates = basic_candidates(&givens);
    candidates[2] = 0; // r1c3: no candidate left
    let text = to_pencilmark(&givens, &candidates);
    assert!(text.lines().nth(1).unwrap().contains(" . "), "{text}");
    let got = parse_puzzle(&text, None).unwrap();
    assert_eq!(got.format, Format::Pencilmark);
    assert_eq!(got.candidates, Some(candidates));
    assert_eq!(got.cells[2], 0);
    // Written as 0 it reads the same, and the solver finds the contradiction.
    let zero = text.replacen(" . ", " 0 ", 1);
    assert_eq!(
        parse_puzzle(&zero, None).unwrap().candidates,
        Some(candidates)
    );
    assert_eq!(
        stepwise::solver::validity_with_candidates(&candidates),
        stepwise::solver::Validity::NoSolution
    );
}

#[test]
fn plain_grids_with_dots_stay_plain() {
    let got = parse_puzzle(&to_grid(&cells(WIKI)), None).unwrap();
    assert_eq!((got.format, got.candidates), (Format::Grid, None));
    // A row typed with candidate-like digits does not turn a plain grid into pencilmarks
    // whose '.' cells would be contradictions.
    let typo = to_grid(&cells(WIKI)).replace("5 3 . | . 7 . | . . .", "5 3 4 | 6 7 8 | 9 1 23");
    assert_ne!(typo, to_grid(&cells(WIKI)));
    let got = records(&typo, None);
    assert_eq!(got.len(), 1);
    assert!(
        got[0].starts_with("rejected 1 [5 3 4 | 6 7 8 | 9 1 23 / 6 . . | 1 9 5 | . . . / "),
        "{}",
        got[0]
    );
    assert!(
        got[0].ends_with("…] line 1: expected 9 cells in a grid row, found 10"),
        "{}",
        got[0]
    );
}

// ---------------------------------------------------------------------------------------------
// Helpers.

/// A pencilmark grid's cells as a line: the givens and the cells left with one candidate.
fn to_singles_line(givens: &[u8; 81]) -> String {
    basic_candidates(givens)
        .iter()
        .map(|m| {
            if m.count_ones() == 1 {
                char::from(b'1' + m.trailing_zeros() as u8)
            } else {
                '.'
            }
        })
        .collect()
}
