//! One answer per input, in every batch command: a line that is not a puzzle is an `invalid`
//! answer of its own with its error, wherever it stands, and only an input's first line can be
//! a header. Tried as a new user would: a file of a puzzle, the line `not a puzzle`, and the
//! puzzle again.

mod common;

use common::{stepwise, text};
use serde_json::Value;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKIPEDIA_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const LINE_2_ERROR: &str = "stdin: line 2, column 1: unexpected character 'n'";

fn puzzle_words_puzzle() -> String {
    format!("{WIKIPEDIA}\nnot a puzzle\n{WIKIPEDIA}\n")
}

/// The JSON records a command printed, one per line (a trailing summary object left out).
fn json_records(args: &[&str], input: &str) -> (Vec<Value>, String) {
    let out = stepwise(args, input);
    assert_eq!(out.status.code(), Some(1), "{args:?}: one input is invalid");
    let records = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("a JSON line"))
        .filter(|record| record.get("summary").is_none())
        .collect();
    (records, text(&out.stderr))
}

/// Three answers in input order: the puzzle, the invalid line with its error, the puzzle.
fn assert_three_answers(args: &[&str], records: &[Value], stderr: &str) {
    assert_eq!(records.len(), 3, "{args:?}: {records:#?}");
    assert_eq!(records[1]["status"], "invalid", "{args:?}: {records:#?}");
    assert_eq!(records[1]["error"], LINE_2_ERROR, "{args:?}");
    for record in [&records[0], &records[2]] {
        assert_ne!(record["status"], "invalid", "{args:?}: {record}");
        assert!(
            record.get("error").is_none_or(Value::is_null),
            "{args:?}: {record}"
        );
    }
    assert!(!stderr.contains("header"), "{args:?}: {stderr}");
}

#[test]
fn check_answers_the_line_of_words_as_invalid() {
    let out = stepwise(&["check"], &puzzle_words_puzzle());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!("unique\ninvalid: {LINE_2_ERROR}\nunique\n")
    );
    assert_eq!(text(&out.stderr), "");
    let args = ["check", "--json"];
    let (records, stderr) = json_records(&args, &puzzle_words_puzzle());
    assert_three_answers(&args, &records, &stderr);
}

#[test]
fn solve_answers_the_line_of_words_as_invalid() {
    let out = stepwise(&["solve"], &puzzle_words_puzzle());
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        format!("{WIKIPEDIA_SOLUTION}\nerror: {LINE_2_ERROR}\n{WIKIPEDIA_SOLUTION}\n")
    );
    let out = stepwise(&["solve", "--json"], &puzzle_words_puzzle());
    let records: Vec<Value> = text(&out.stdout)
        .lines()
        .map(|line| serde_json::from_str(line).unwrap())
        .collect();
    assert_eq!(records.len(), 3, "{records:#?}");
    assert_eq!(records[1]["status"], "invalid");
    assert_eq!(records[1]["input"], "not a puzzle");
    assert_eq!(records[1]["error"], LINE_2_ERROR);
}

#[test]
fn rate_answers_the_line_of_words_as_invalid() {
    let out = stepwise(&["rate"], &puzzle_words_puzzle());
    assert_eq!(out.status.code(), Some(1));
    let csv = text(&out.stdout);
    let rows: Vec<&str> = csv.lines().collect();
    assert_eq!(rows.len(), 4, "{csv}");
    assert!(rows[0].starts_with("puzzle,"), "{csv}");
    assert!(rows[1].starts_with(WIKIPEDIA) && rows[1].contains(",solved,"));
    assert_eq!(
        rows[2],
        format!("not a puzzle,,,,,,,,invalid,\"{LINE_2_ERROR}\"")
    );
    assert!(rows[3].starts_with(WIKIPEDIA) && rows[3].contains(",solved,"));
    let args = ["rate", "--json"];
    let (records, stderr) = json_records(&args, &puzzle_words_puzzle());
    assert_three_answers(&args, &records, &stderr);
}

#[test]
fn explain_and_analyze_answer_the_line_of_words_as_invalid() {
    for args in [["explain", "--json"], ["analyze", "--json"]] {
        let (records, stderr) = json_records(&args, &puzzle_words_puzzle());
        assert_three_answers(&args, &records, &stderr);
    }
}

#[test]
fn the_engines_answer_the_line_of_words_as_invalid() {
    // The engines read puzzles of every shape with their own reader; the rule is the same.
    let out = stepwise(&["check", "--engine", "dlx"], &puzzle_words_puzzle());
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], "unique");
    assert!(lines[1].starts_with("invalid: stdin: line 2"), "{stdout}");
    assert_eq!(lines[2], "unique");
    let out = stepwise(&["solve", "--engine", "mac"], &puzzle_words_puzzle());
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines.len(), 3, "{stdout}");
    assert_eq!(lines[0], WIKIPEDIA_SOLUTION);
    assert!(lines[1].starts_with("error: stdin: line 2"), "{stdout}");
    assert_eq!(lines[2], WIKIPEDIA_SOLUTION);
}

#[test]
fn only_the_first_line_is_a_header() {
    let input = format!("quizzes\n{WIKIPEDIA}\nnot a puzzle\n{WIKIPEDIA}\n");
    for args in [["check", "--json"], ["rate", "--json"]] {
        let out = stepwise(&args, &input);
        assert_eq!(out.status.code(), Some(1));
        assert_eq!(
            text(&out.stderr).lines().next(),
            Some("note: stdin: line 1: skipped header line 'quizzes'"),
            "{args:?}"
        );
        let records: Vec<Value> = text(&out.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), 3, "{args:?}: {records:#?}");
        assert_eq!(records[1]["status"], "invalid");
        assert_eq!(
            records[1]["error"],
            "stdin: line 3, column 1: unexpected character 'n'"
        );
    }
}

#[test]
fn the_engines_tell_a_header_and_read_the_size_after_it() {
    let out = stepwise(
        &["check", "--engine", "dlx"],
        &format!("quizzes\n{}", puzzle_words_puzzle()),
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr).lines().next(),
        Some("note: stdin: line 1: skipped header line 'quizzes'")
    );
    assert_eq!(text(&out.stdout).lines().count(), 3);
    // A 4x4 file with a header goes to the engines' path: its size is read past the header.
    let file = common::TempFile::new("header-4x4.txt", "puzzle\n1.3....2.1..4..1\n");
    let out = stepwise(&["solve", file.path()], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "1234341221434321\n");
    assert_eq!(
        text(&out.stderr),
        format!(
            "note: {}: line 1: skipped header line 'puzzle'\n",
            file.path()
        )
    );
}

#[test]
fn a_title_above_a_grid_is_still_a_title() {
    // Project Euler's file: `Grid 02` above the second grid names it; it is no answer.
    let rows: String = (0..9)
        .map(|r| format!("{}\n", &WIKIPEDIA.replace('.', "0")[r * 9..r * 9 + 9]))
        .collect();
    let out = stepwise(&["check"], &format!("Grid 01\n{rows}Grid 02\n{rows}"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "unique\nunique\n");
    assert_eq!(
        text(&out.stderr),
        "note: stdin: line 1: skipped header line 'Grid 01'\n\
         note: stdin: line 11: skipped title line 'Grid 02'\n"
    );
}

#[test]
fn kakuro_answers_a_record_of_words_as_invalid() {
    let kakuro = "#   4\\_ 3\\_\n_\\3 .   .\n_\\4 .   .\n";
    let input = format!("{kakuro}\nnot a puzzle\n\n{kakuro}");
    for command in ["check", "solve", "rate"] {
        let out = stepwise(&["kakuro", command, "--json", "-"], &input);
        assert_eq!(out.status.code(), Some(1), "kakuro {command}");
        let records: Vec<Value> = text(&out.stdout)
            .lines()
            .map(|line| serde_json::from_str(line).unwrap())
            .collect();
        assert_eq!(records.len(), 3, "kakuro {command}: {records:#?}");
        let error = records[1]["error"].as_str().unwrap_or_default();
        assert!(
            error.contains("line 5") && error.contains("'not' is not a cell"),
            "kakuro {command}: {records:#?}"
        );
        for record in [&records[0], &records[2]] {
            assert!(record.get("error").is_none_or(Value::is_null), "{record}");
        }
    }
}
