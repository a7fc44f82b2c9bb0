//! The `stepwise` binary end to end: outputs, exit codes, batches with bad lines.

mod common;

use common::{stepwise, text, TempFile};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKIPEDIA_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
const EMPTY: &str =
    ".................................................................................";
/// Two 7s in row 1: no solution at all.
const NO_SOLUTION: &str =
    "77...............................................................................";

#[test]
fn solve_prints_the_solution_line() {
    let out = stepwise(&["solve", WIKIPEDIA], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("{WIKIPEDIA_SOLUTION}\n"));
}

#[test]
fn solve_the_bundled_examples() {
    let out = stepwise(&["solve", "examples/puzzles.txt"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 4);
}

#[test]
fn solve_grid_and_json() {
    let out = stepwise(&["solve", "--grid", WIKIPEDIA], "");
    let grid = text(&out.stdout);
    assert_eq!(grid.lines().next(), Some("5 3 4 | 6 7 8 | 9 1 2"));
    assert_eq!(grid.lines().count(), 11);
    let out = stepwise(&["solve", "--json", "examples/record.json"], "");
    assert_eq!(out.status.code(), Some(0));
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(record["id"], "wikipedia-example");
    assert_eq!(
        record["solution"][0],
        serde_json::json!([5, 3, 4, 6, 7, 8, 9, 1, 2])
    );
    assert_eq!(record["createdAt"], "2026-11-29T12:00:00Z");
}

#[test]
fn stdin_is_read_with_dash_or_nothing() {
    for args in [vec!["solve"], vec!["solve", "-"]] {
        let out = stepwise(&args, &format!("{WIKIPEDIA}\n"));
        assert_eq!(text(&out.stdout), format!("{WIKIPEDIA_SOLUTION}\n"));
    }
}

#[test]
fn batch_with_bad_lines_goes_on_and_fails_at_the_end() {
    let input = format!("{WIKIPEDIA}\n123\n{NO_SOLUTION}\n# comment\n\n{EMPTY}\n{WIKIPEDIA}\n");
    let out = stepwise(&["solve"], &input);
    assert_eq!(out.status.code(), Some(1));
    // One answer per input, in order: the bad ones say why in their place.
    let stdout = text(&out.stdout);
    let rows: Vec<&str> = stdout.lines().collect();
    assert_eq!(rows.len(), 5, "{stdout}");
    assert_eq!((rows[0], rows[4]), (WIKIPEDIA_SOLUTION, WIKIPEDIA_SOLUTION));
    assert_eq!(rows[1], "error: stdin: line 2: expected 81 cells, found 3");
    assert!(
        rows[2].starts_with("error: stdin: line 3: r1c1 and r1c2"),
        "{stdout}"
    );
    assert!(
        rows[3].starts_with("error: stdin: line 6: the puzzle has more"),
        "{stdout}"
    );
    let err = text(&out.stderr);
    assert!(
        err.contains("stdin: line 2: expected 81 cells, found 3"),
        "{err}"
    );
    assert!(
        err.contains("line 3: r1c1 and r1c2 both hold 7 (row 1)"),
        "{err}"
    );
    assert!(
        err.contains("line 6: the puzzle has more than one solution"),
        "{err}"
    );
}

#[test]
fn check_answers_every_line_in_order() {
    // r1c9 must be 9 for row 1, but r2c9 holds 9: no solution, although no two givens clash.
    let unsolvable = format!("12345678.{}9{}", ".".repeat(8), ".".repeat(63));
    let input = format!("{WIKIPEDIA}\n{EMPTY}\n{unsolvable}\nxyz\n");
    let out = stepwise(&["check"], &input);
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<String> = text(&out.stdout).lines().map(String::from).collect();
    assert_eq!(lines[0], "unique");
    assert_eq!(lines[1], "multiple");
    assert_eq!(lines[2], "none");
    assert!(
        lines[3].starts_with("invalid: stdin: line 4"),
        "{}",
        lines[3]
    );
    let all_unique = stepwise(&["check", WIKIPEDIA], "");
    assert_eq!(all_unique.status.code(), Some(0));
}

#[test]
fn check_json_objects() {
    let out = stepwise(&["check", "--json", WIKIPEDIA, EMPTY], "");
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["status"], "unique");
    assert_eq!(lines[0]["solution"], WIKIPEDIA_SOLUTION);
    assert_eq!(lines[0]["puzzle"], WIKIPEDIA);
    assert_eq!(lines[1]["status"], "multiple");
    assert!(lines[1]["solution"].is_null());
}

#[test]
fn usage_errors_exit_2() {
    assert_eq!(stepwise(&["bogus"], "").status.code(), Some(2));
    assert_eq!(
        stepwise(&["solve", "--grid", "--json", WIKIPEDIA], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        stepwise(&["solve", "--format", "xml", WIKIPEDIA], "")
            .status
            .code(),
        Some(2)
    );
    assert_eq!(
        stepwise(&["explain", "--techniques", "nonsense", WIKIPEDIA], "")
            .status
            .code(),
        Some(2)
    );
    let help = stepwise(&["solve", "--help"], "");
    assert_eq!(help.status.code(), Some(0));
    assert!(text(&help.stdout).contains("Examples:"));
}

#[test]
fn missing_file_is_named() {
    let out = stepwise(&["solve", "no-such-file.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no-such-file.txt: no such file"),
        "{}",
        text(&out.stderr)
    );
    let out = stepwise(&["solve", "-f", "no-such-file.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no-such-file.txt: no such file"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn empty_input_has_no_puzzle() {
    let out = stepwise(&["solve"], "\n# nothing\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("no puzzle found in stdin"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn explain_text_and_json() {
    let out = stepwise(&["explain", WIKIPEDIA], "");
    assert_eq!(out.status.code(), Some(0));
    let t = text(&out.stdout);
    assert!(
        t.starts_with(&format!("Puzzle: {WIKIPEDIA}\n 1. Hidden Single: ")),
        "{t}"
    );
    assert!(
        t.contains("Rating: ER 1.2, EP 1.2, ED 1.2 (se path); level Easy, score 204 (hodoku path); hardest Hidden Single"),
        "{t}"
    );
    let out = stepwise(&["explain", "--json", WIKIPEDIA, EMPTY], "");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["status"], "solved");
    assert_eq!(lines[0]["solution"], WIKIPEDIA_SOLUTION);
    assert_eq!(lines[0]["rating"]["er"], 1.2);
    assert_eq!(lines[0]["steps"][0]["placements"][0]["cell"], "r1c6");
    assert_eq!(lines[1]["status"], "multiple_solutions");
}

#[test]
fn explain_with_singles_only_gets_stuck_and_says_so() {
    let out = stepwise(
        &[
            "explain",
            "--techniques",
            "full-house,naked-single",
            "examples/puzzles.txt",
        ],
        "",
    );
    let t = text(&out.stdout);
    assert!(
        t.contains("Stuck: no enabled technique applies. Candidates left:"),
        "{t}"
    );
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn rate_csv_and_json() {
    // The graded examples: each line's comment is Sudoku Explainer's own ER/EP/ED.
    let out = stepwise(&["rate", "examples/graded.txt"], "");
    let t = text(&out.stdout);
    let mut lines = t.lines();
    assert_eq!(
        lines.next(),
        Some("puzzle,er,ep,ed,level,score,hardest,steps,status,error")
    );
    // ER/EP/ED, hardest and steps from the se path; level and score from the hodoku path,
    // which takes naked singles and full houses first: 51 of them, 51 x 4 = 204.
    assert_eq!(
        lines.next(),
        Some(format!("{WIKIPEDIA},1.2,1.2,1.2,Easy,204,\"Hidden Single\",51,solved,").as_str())
    );
    let graded = std::fs::read_to_string("examples/graded.txt").unwrap();
    let expected: Vec<&str> = graded
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| l.split_whitespace().nth(1).unwrap())
        .collect();
    let ours: Vec<String> = t
        .lines()
        .skip(1)
        .map(|l| l.split(',').skip(1).take(3).collect::<Vec<_>>().join("/"))
        .collect();
    let expected: Vec<String> = expected.iter().map(|e| e.to_string()).collect();
    assert_eq!(ours, expected);
    let out = stepwise(&["rate", "--format", "json", WIKIPEDIA, "123"], "");
    assert_eq!(out.status.code(), Some(1));
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(lines[0]["steps"], 51);
    assert_eq!(lines[1]["status"], "invalid");
    assert!(
        text(&out.stderr).contains("error: argument 2: line 1: "),
        "{}",
        text(&out.stderr)
    );
}

/// `--times` adds each puzzle's rating time as a last column (JSON field) and the median,
/// percentiles and slowest puzzle to the summary; an unreadable line has no time.
#[test]
fn rate_times() {
    let out = stepwise(&["rate", "--times", "examples/puzzles.txt"], "");
    assert_eq!(out.status.code(), Some(0));
    let t = text(&out.stdout);
    let mut lines = t.lines();
    assert_eq!(
        lines.next(),
        Some("puzzle,er,ep,ed,level,score,hardest,steps,status,error,ms")
    );
    let rows: Vec<&str> = lines.collect();
    assert_eq!(rows.len(), 4, "{t}");
    for row in &rows {
        let ms: f64 = row.rsplit(',').next().unwrap().parse().expect("a time");
        assert!(ms >= 0.0, "{row}");
        assert!(row.contains(",solved,"), "{row}");
    }
    let err = text(&out.stderr);
    let summary = err
        .lines()
        .find(|l| l.starts_with("  time per puzzle: median "))
        .unwrap_or_else(|| panic!("no time line in {err}"));
    assert!(summary.contains("(examples/puzzles.txt line "), "{summary}");
    let out = stepwise(
        &["rate", "--times", "--format", "json", WIKIPEDIA, "123"],
        "",
    );
    let lines: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert!(lines[0]["ms"].as_f64().is_some_and(|ms| ms >= 0.0));
    assert!(lines[1]["ms"].is_null());
    // The record's fields keep their order; the time comes last.
    let first = text(&out.stdout).lines().next().unwrap().to_string();
    let (_, last) = first.rsplit_once(",\"ms\":").expect("an ms field");
    assert!(last.ends_with('}') && !last.contains(','), "{first}");
}

#[test]
fn hint_levels() {
    let puzzle =
        "..83.62..6...5...7.3.....9...52143.....7.8.....1...7...4.....7.....2....9.7...5.4";
    let expect = [
        ("nudge", "Look for a single in box 3."),
        (
            "technique",
            "There is a Hidden Single in box 3, on the digit 3.",
        ),
        ("cells", "Hidden Single: look at r2c8 in box 3."),
        (
            "full",
            "Hidden Single: r2c8=3 — In box 3, 3 can only go in r2c8.",
        ),
    ];
    for (level, line) in expect {
        let out = stepwise(&["hint", "--level", level, puzzle], "");
        assert_eq!(out.status.code(), Some(0));
        assert_eq!(text(&out.stdout).trim_end(), line);
    }
}

#[test]
fn hint_names_a_wrong_digit() {
    let state = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let out = stepwise(
        &["hint", "--level", "full", "--puzzle", WIKIPEDIA, state],
        "",
    );
    assert_eq!(
        text(&out.stdout).trim_end(),
        "r1c3 holds 1, but the puzzle's solution has 4 there."
    );
    // Without the original puzzle the digit is still found: without it the state has one
    // solution, with it none.
    let out = stepwise(&["hint", "--level", "cells", state], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout).trim_end(), "The digit in r1c3 is wrong.");
    // Two wrong digits (9 in r5c7 too) leave no single culprit: said, with exit 1.
    let two = format!("{}9{}", &state[..42], &state[43..]);
    let out = stepwise(&["hint", &two], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("at least two placed digits are wrong"));
}

#[test]
fn hint_names_a_removed_candidate() {
    // The user's pencilmarks: a solved grid but for r1c1 and r1c2, where 5 was wrongly removed from r1c1.
    // Its peers hold every other digit, so the 3 and 4 written there leave it no candidate.
    let grid = common::solution_pencilmarks_with_first_row("34 35 4 6 7 8 9 1 2");
    let out = stepwise(
        &[
            "hint",
            "--level",
            "full",
            "--input-format",
            "pencilmark",
            &grid,
        ],
        "",
    );
    assert_eq!(
        text(&out.stdout).trim_end(),
        "r1c1 has no candidate left (the digits written there are held by peers), so a true candidate was removed: the solution has 5 in r1c1.",
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn hint_points_out_a_stale_candidate_before_any_technique() {
    // r1c1 (solution 5) still lists 4 although r1c3 holds it; the finders never see that candidate.
    let grid = common::solution_pencilmarks_with_first_row("45 3 4 6 7 8 9 1 2");
    let out = stepwise(
        &[
            "hint",
            "--level",
            "full",
            "--input-format",
            "pencilmark",
            &grid,
        ],
        "",
    );
    assert_eq!(
        text(&out.stdout).trim_end(),
        "r1c1 still lists 4 as a candidate, but r1c3 holds 4: remove it.",
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn profiles_choose_the_techniques() {
    // Every profile solves an easy puzzle; an unknown profile is a usage error.
    for profile in ["se", "hodoku", "extended", "all"] {
        let out = stepwise(&["rate", "--profile", profile, WIKIPEDIA], "");
        assert_eq!(out.status.code(), Some(0), "{profile}");
        assert!(text(&out.stdout).contains(",solved"), "{profile}");
    }
    assert_eq!(
        stepwise(&["rate", "--profile", "nonsense", WIKIPEDIA], "")
            .status
            .code(),
        Some(2)
    );
}

#[test]
fn one_rating_path_leaves_the_other_columns_empty() {
    let se = stepwise(&["rate", "--profile", "se", WIKIPEDIA], "");
    assert_eq!(
        text(&se.stdout).lines().nth(1),
        Some(format!("{WIKIPEDIA},1.2,1.2,1.2,,,\"Hidden Single\",51,solved,").as_str())
    );
    // HoDoKu's hardest on a tie of base scores is the technique it tries first.
    let hodoku = stepwise(&["rate", "--profile", "hodoku", WIKIPEDIA], "");
    assert_eq!(
        text(&hodoku.stdout).lines().nth(1),
        Some(format!("{WIKIPEDIA},,,,Easy,204,\"Full House\",51,solved,").as_str())
    );
    let json = stepwise(
        &["rate", "--profile", "hodoku", "--format", "json", WIKIPEDIA],
        "",
    );
    let record: serde_json::Value = serde_json::from_str(text(&json.stdout).trim()).unwrap();
    assert_eq!(record["er"], serde_json::Value::Null);
    assert_eq!(record["level"], "Easy");
    assert_eq!(record["score"], 204);
}

#[test]
fn no_uniqueness_leaves_unique_rectangles_out() {
    // A generated puzzle that singles, locked candidates and subsets plus Unique Rectangle
    // Type 1 solve, with the rectangle as the hardest step (see tests/traces.rs).
    let puzzle = common::generated_puzzle(49);
    let techniques = "full-house,hidden-single-box,hidden-single-line,direct-pointing,direct-claiming,\
direct-hidden-pair,naked-single,direct-hidden-triple,locked-candidates-pointing,locked-candidates-claiming,\
naked-pair,hidden-pair,naked-triple,hidden-triple,naked-quad,hidden-quad,unique-rectangle-type-1";
    let with = stepwise(&["rate", "--techniques", techniques, &puzzle], "");
    assert!(
        text(&with.stdout).contains("\"Unique Rectangle Type 1\""),
        "{}",
        text(&with.stdout)
    );
    assert!(text(&with.stdout).contains(",solved"));
    let without = stepwise(
        &[
            "rate",
            "--no-uniqueness",
            "--techniques",
            techniques,
            &puzzle,
        ],
        "",
    );
    assert!(
        !text(&without.stdout).contains("Unique Rectangle"),
        "{}",
        text(&without.stdout)
    );
    assert!(text(&without.stdout).contains(",stuck"));
}

// ---------------------------------------------------------------------------------------------
// Input sources and record-by-record reading.

#[test]
fn kaggle_csv_with_header_is_checked_row_by_row() {
    let row = format!("{},{WIKIPEDIA_SOLUTION}", WIKIPEDIA.replace('.', "0"));
    let out = stepwise(&["check"], &format!("quizzes,solutions\n{row}\n{row}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "unique\nunique\n");
    assert_eq!(
        text(&out.stderr),
        "note: stdin: line 1: skipped header line 'quizzes,solutions'\n"
    );
}

#[test]
fn kaggle_corpus_as_csv_is_all_unique() {
    let Some(puzzles) = common::corpus("labeled/kaggle-5000.tsv", 300) else {
        return;
    };
    let mut csv = String::from("quizzes,solutions\n");
    for puzzle in &puzzles {
        let stepwise::solver::Validity::Unique(solution) =
            stepwise::solver::validity(&common::cells(puzzle))
        else {
            panic!("{puzzle} is not unique");
        };
        let solution = stepwise::format::to_line(&solution);
        csv.push_str(&format!("{},{solution}\n", puzzle.replace('.', "0")));
    }
    let file = TempFile::new("kaggle.csv", &csv);
    let out = stepwise(&["check", file.path()], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), puzzles.len());
    assert!(text(&out.stdout).lines().all(|l| l == "unique"));
}

#[test]
fn a_bad_first_line_then_valid_lines_loses_none() {
    let input = format!("4..x\n{WIKIPEDIA}\n{WIKIPEDIA}\n");
    let out = stepwise(&["check"], &input);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "invalid: stdin: line 1, column 4: unexpected character 'x'\nunique\nunique\n"
    );
    let out = stepwise(&["solve"], &format!("Sudoku of the day\n{WIKIPEDIA}\n"));
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), format!("{WIKIPEDIA_SOLUTION}\n"));
    assert!(
        text(&out.stderr).contains("note: stdin: line 1: skipped header line 'Sudoku of the day'")
    );
}

#[test]
fn directories_and_missing_files_are_named() {
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    for args in [vec!["check", dir], vec!["check", "-f", dir]] {
        let out = stepwise(&args, "");
        assert_eq!(out.status.code(), Some(1));
        // `check` answers every input on standard output, this one too.
        assert_eq!(
            text(&out.stdout),
            format!("invalid: {dir}: is a directory\n")
        );
    }
    let out = stepwise(&["check", "-f", "no-such-file.txt"], "");
    assert_eq!(
        text(&out.stdout),
        "invalid: no-such-file.txt: no such file\n"
    );
    let out = stepwise(&["solve", "-f", "no-such-file.txt"], "");
    assert_eq!(text(&out.stderr), "error: no-such-file.txt: no such file\n");
}

#[test]
fn dash_file_is_standard_input() {
    let out = stepwise(&["check", "-f", "-"], &format!("{WIKIPEDIA}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "unique\n");
}

#[test]
fn hint_puzzle_argument_is_read_like_an_input() {
    let state = "531.7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
    let dir = std::env::temp_dir();
    let dir = dir.to_str().unwrap();
    let out = stepwise(&["hint", "--puzzle", dir, state], "");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(
        text(&out.stderr),
        format!("error: --puzzle: {dir}: is a directory\n")
    );
    let out = stepwise(&["hint", "--puzzle", "original.txt", state], "");
    assert_eq!(
        text(&out.stderr),
        "error: --puzzle: original.txt: no such file (and not a puzzle)\n"
    );
    // From a file with a header, and from standard input.
    let file = TempFile::new("original.csv", &format!("puzzle\n{WIKIPEDIA}\n"));
    for (puzzle, stdin) in [
        (file.path(), String::new()),
        ("-", format!("{WIKIPEDIA}\n")),
    ] {
        let out = stepwise(
            &["hint", "--level", "full", "--puzzle", puzzle, state],
            &stdin,
        );
        assert_eq!(
            text(&out.stdout).trim_end(),
            "r1c3 holds 1, but the puzzle's solution has 4 there.",
            "{}",
            text(&out.stderr)
        );
    }
    let out = stepwise(
        &[
            "hint",
            "--puzzle",
            &format!("{WIKIPEDIA}\n{WIKIPEDIA}"),
            state,
        ],
        "",
    );
    assert_eq!(
        text(&out.stderr),
        "error: --puzzle: line 2: a second puzzle starts here, but exactly one was expected\n"
    );
}

#[test]
fn solve_json_keeps_a_record_without_id_without_one() {
    let board =
        serde_json::to_string(&stepwise::format::cells_to_rows(&common::cells(WIKIPEDIA))).unwrap();
    let out = stepwise(&["solve", "--json"], &format!("{{\"board\": {board}}}\n"));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert!(record.get("id").is_none(), "{record}");
    assert_eq!(
        record["solution"][0],
        serde_json::json!([5, 3, 4, 6, 7, 8, 9, 1, 2])
    );
}

#[test]
fn rate_notes_a_header_and_rates_every_row() {
    let input = format!("puzzle,rating\n{WIKIPEDIA},1.2\n{WIKIPEDIA},1.2\n");
    let out = stepwise(&["rate", "--no-summary", "--profile", "se"], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout).lines().count(), 3);
    assert_eq!(
        text(&out.stderr),
        "note: stdin: line 1: skipped header line 'puzzle,rating'\n"
    );
}

#[test]
fn hint_looks_among_the_profiles_or_the_listed_techniques() {
    let default = stepwise(&["hint", "--level", "technique", WIKIPEDIA], "");
    assert!(
        text(&default.stdout).contains("Naked Single"),
        "{}",
        text(&default.stdout)
    );
    let hidden = stepwise(
        &[
            "hint",
            "--level",
            "technique",
            "--techniques",
            "hidden-single-box,hidden-single-line",
            WIKIPEDIA,
        ],
        "",
    );
    assert!(
        text(&hidden.stdout).contains("Hidden Single"),
        "{}",
        text(&hidden.stdout)
    );
    let se = stepwise(&["hint", "--profile", "se", WIKIPEDIA], "");
    assert_eq!(se.status.code(), Some(0));
    let bad = stepwise(&["hint", "--profile", "explainer", WIKIPEDIA], "");
    assert_eq!(bad.status.code(), Some(2));
    assert!(text(&bad.stderr).contains("unknown profile 'explainer'"));
}
