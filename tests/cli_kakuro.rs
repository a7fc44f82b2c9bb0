//! `stepwise kakuro` end to end: each subcommand's text and JSON, exit codes, a file with a
//! bad record (reported with its place, the rest answered), usage errors, the bench table.

mod common;

use common::{stepwise, text, TempFile};

const EXAMPLE: &str = "examples/kakuro.txt";

/// Two solutions (grandgames.net 24340).
const SEVERAL: &str = "#    15\\_ 10\\_\n_\\11 .    .\n_\\14 .    .\n";

#[test]
fn solve_prints_each_grid_filled_in_the_text_format() {
    let out = stepwise(&["kakuro", "solve", EXAMPLE], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("#   4\\_ 3\\_\n_\\3 1   2\n_\\4 3   1\n"),
        "{stdout}"
    );
    assert!(stdout.contains("_\\17  8     9     #     #\n"), "{stdout}");
    assert!(
        stdout.contains("; examples/kakuro.txt:8: unique (gac,"),
        "{stdout}"
    );
    // The answer reads back as puzzles (the header is a comment).
    let again = TempFile::new("kakuro-solved.txt", &stdout);
    let out = stepwise(&["kakuro", "check", again.path()], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stdout));
}

#[test]
fn solve_and_check_take_an_engine_and_write_json() {
    for engine in ["backtrack", "forward-checking", "fc", "mac", "gac"] {
        let out = stepwise(
            &["kakuro", "solve", "--json", "--engine", engine, EXAMPLE],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{engine}");
        let lines: Vec<serde_json::Value> = text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str(l).unwrap())
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["status"], "unique");
        assert_eq!(lines[1]["solution"][2][2], "4", "{engine}");
        assert_eq!(lines[1]["white_cells"], 9);
    }
    let out = stepwise(
        &["kakuro", "check", "--engine", "mac", "--no-shave", EXAMPLE],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).starts_with("examples/kakuro.txt:8: unique (mac,"));
}

#[test]
fn several_solutions_are_reported_with_where_they_differ() {
    let file = TempFile::new("kakuro-several.txt", SEVERAL);
    let out = stepwise(&["kakuro", "check", file.path()], "");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.contains(": multiple (gac,"), "{stdout}");
    assert!(
        stdout.contains("solutions differ at r2c2 r2c3 r3c2 r3c3"),
        "{stdout}"
    );
    let out = stepwise(&["kakuro", "explain", "--json", file.path()], "");
    assert_eq!(out.status.code(), Some(1));
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(record["status"], "multiple-solutions");
}

#[test]
fn explain_lists_named_steps_and_the_rating() {
    let out = stepwise(&["kakuro", "explain", EXAMPLE], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains(
            "   1. Unique Combination: 17 in r2c4-5 is only 8+9 => r2c4<>1234567, r2c5<>1234567"
        ),
        "{stdout}"
    );
    assert!(
        stdout.contains("status: solved; rating 1.2 (easy), hardest Hidden Single, 16 steps"),
        "{stdout}"
    );
    let out = stepwise(&["kakuro", "explain", "--json", EXAMPLE], "");
    let last: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().last().unwrap()).unwrap();
    assert_eq!(last["rating"]["hardest"], "hidden-single");
    assert_eq!(last["steps"][0]["technique"], "unique-combination");
    assert_eq!(last["steps"][0]["runs"][0], "17 in r2c4-5");
    assert_eq!(last["steps"][4]["placements"][0]["cell"], "r3c4");
}

#[test]
fn rate_writes_csv_or_json() {
    let out = stepwise(&["kakuro", "rate", EXAMPLE], "");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(
        text(&out.stdout),
        "puzzle,white_cells,status,difficulty,level,hardest,steps,contradictions,longest_trial\n\
         examples/kakuro.txt:8,4,solved,1.0,easy,unique-combination,7,0,0\n\
         examples/kakuro.txt:13,9,solved,1.2,easy,hidden-single,16,0,0\n"
    );
    let out = stepwise(&["kakuro", "rate", "--json", EXAMPLE], "");
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["level"], "easy");
    assert_eq!(first["contradictions"], 0);
}

#[test]
fn generate_level_gives_a_grid_that_rate_calls_that_level() {
    for level in ["easy", "medium", "hard", "expert"] {
        let out = stepwise(
            &[
                "kakuro", "generate", "--rows", "9", "--cols", "9", "--level", level, "--seed", "4",
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{level}: {}", text(&out.stderr));
        let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
        assert_eq!(
            record["id"],
            format!("stepwise-kakuro-9x9-{level}-seed4"),
            "{record}"
        );
        assert!(
            record["source_url"]
                .as_str()
                .unwrap()
                .ends_with(&format!("--level {level} --seed 4")),
            "{record}"
        );
        let file = TempFile::new("kakuro-level.jsonl", &text(&out.stdout));
        let rated = stepwise(&["kakuro", "rate", "--json", file.path()], "");
        assert_eq!(rated.status.code(), Some(0));
        let rated: serde_json::Value = serde_json::from_str(text(&rated.stdout).trim()).unwrap();
        assert_eq!(rated["level"], level, "{rated}");
    }
}

#[test]
fn generate_refuses_an_unknown_level_and_stops_at_its_timeout() {
    let out = stepwise(&["kakuro", "generate", "--level", "fiendish"], "");
    assert_eq!(out.status.code(), Some(2));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains("unknown level 'fiendish'; the levels are easy, medium, hard or expert"),
        "{stderr}"
    );
    let out = stepwise(&["kakuro", "generate", "--timeout", "0"], "");
    assert_eq!(out.status.code(), Some(2), "{}", text(&out.stderr));
    // A budget too small for any grid: an error naming the time, exit 1.
    let out = stepwise(
        &[
            "kakuro",
            "generate",
            "--rows",
            "40",
            "--cols",
            "40",
            "--level",
            "expert",
            "--timeout",
            "0.001",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("the time ran out"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn hint_reads_entered_digits_and_names_a_wrong_one() {
    let state = "#   4\\_ 3\\_\n_\\3 2   .\n_\\4 .   .\n";
    let file = TempFile::new("kakuro-state.txt", state);
    let out = stepwise(&["kakuro", "hint", file.path()], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(
        text(&out.stdout).ends_with(": The run 4 in r2-3c2 can no longer make its sum.\n"),
        "{}",
        text(&out.stdout)
    );
    let out = stepwise(
        &["kakuro", "hint", "--level", "cells", "--json", file.path()],
        "",
    );
    let hint: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(hint["kind"], "impossible_sum");
    assert_eq!(hint["level"], "cells");
    assert_eq!(hint["cells"], serde_json::json!(["r2c2", "r3c2"]));
    // 1 in r2c3 fits 3 across and 3 down (both 1+2), but the solution has 2 there.
    let wrong = TempFile::new(
        "kakuro-wrong.txt",
        "#   4\\_ 3\\_\n_\\3 .   1\n_\\4 .   .\n",
    );
    let out = stepwise(&["kakuro", "hint", "--level", "full", wrong.path()], "");
    assert!(
        text(&out.stdout).ends_with(": r2c3 is not 1.\n"),
        "{}",
        text(&out.stdout)
    );
    let out = stepwise(&["kakuro", "hint", "--level", "nudge", EXAMPLE], "");
    assert!(
        text(&out.stdout).starts_with("examples/kakuro.txt:8: Look at "),
        "{}",
        text(&out.stdout)
    );
    let out = stepwise(
        &["kakuro", "hint", "--json", "--level", "full", EXAMPLE],
        "",
    );
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["kind"], "step");
    assert_eq!(first["step"]["technique"], "unique-combination");
}

#[test]
fn a_bad_record_is_reported_with_its_place_and_the_rest_answered() {
    let body = format!(
        "{}\n\n#  3\\_\n_\\3 .  .\n\n{{\"grid\": [[\"#\", \"18\\\\_\"], [\"_\\\\18\", \".\"]]}}\n{}",
        std::fs::read_to_string(EXAMPLE).unwrap(),
        "#   3\\_ 4\\_\n_\\3 .   .\n_\\4 .   .\n"
    );
    let file = TempFile::new("kakuro-bad.txt", &body);
    let out = stepwise(&["kakuro", "check", file.path()], "");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    let stderr = text(&out.stderr);
    assert_eq!(stdout.lines().count(), 5, "{stdout}");
    assert!(
        stderr.contains("line 21: row 2, column 3: the row has 3 cells"),
        "{stderr}"
    );
    assert!(
        stderr.contains("line 23: row 1, column 2: the clue 18 down is impossible over 1 cell"),
        "{stderr}"
    );
    assert!(
        stdout.lines().last().unwrap().contains(": unique (gac"),
        "{stdout}"
    );
    assert!(!stderr.contains("panicked"));
    let out = stepwise(&["kakuro", "solve", "--json", file.path()], "");
    let invalid = text(&out.stdout)
        .lines()
        .filter(|l| l.contains("\"status\":\"invalid\""))
        .count();
    assert_eq!(invalid, 2);
}

#[test]
fn bad_input_and_usage_have_their_exit_codes() {
    let out = stepwise(&["kakuro", "solve", "no-such-file.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("no-such-file.txt: no such file"));
    let out = stepwise(&["kakuro", "solve", "--engine", "dlx", EXAMPLE], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("the engines are backtrack, forward-checking, mac and gac"));
    let out = stepwise(&["kakuro", "check", "-"], "{not json\n");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("stdin: line 1: not a Kakuro JSON record"));
    let out = stepwise(&["kakuro", "check", "-"], "# x y\n");
    assert!(text(&out.stderr).contains("line 1: row 1, column 2: 'x' is not a cell"));
    // Without a file, standard input; an input without a puzzle is an error, not silence.
    let out = stepwise(&["kakuro", "solve"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("stdin: no puzzle found"));
    let out = stepwise(
        &["kakuro", "check"],
        &std::fs::read_to_string(EXAMPLE).unwrap(),
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = stepwise(&["kakuro", "explain", "--timeout", "abc", EXAMPLE], "");
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn bench_prints_the_table_per_band_and_engine() {
    let out = stepwise(
        &["kakuro", "bench", EXAMPLE, "tests/data/kakuro-large.jsonl"],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    for needle in [
        "band",
        "<=25",
        ">700",
        "backtrack",
        "forward-checking",
        "mac",
        "gac",
        "3/3 (100%)",
    ] {
        assert!(stdout.contains(needle), "{needle}\n{stdout}");
    }
    let out = stepwise(
        &[
            "kakuro",
            "bench",
            "--json",
            "--engines",
            "gac",
            "--no-human",
            EXAMPLE,
        ],
        "",
    );
    let table: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(table["engines"][0]["engine"], "gac");
    assert_eq!(table["engines"][0]["decided"], 2);
}

#[test]
fn bench_draws_the_chart_beside_the_same_table() {
    let chart = std::env::temp_dir().join(format!("stepwise-kakuro-{}.svg", std::process::id()));
    let chart_path = chart.to_string_lossy().into_owned();
    let args = [
        "kakuro",
        "bench",
        "--engines",
        "mac,gac",
        "--no-human",
        EXAMPLE,
    ];
    let plain = stepwise(&args, "");
    let mut with_plot = args.to_vec();
    with_plot.extend(["--plot", &chart_path]);
    let drawn = stepwise(&with_plot, "");
    assert_eq!(drawn.status.code(), Some(0), "{}", text(&drawn.stderr));
    // The same table, the times aside.
    let words = |out: &std::process::Output| -> String {
        text(&out.stdout)
            .chars()
            .filter(|c| !c.is_ascii_digit() && *c != '.' && *c != ' ')
            .collect()
    };
    assert_eq!(words(&plain), words(&drawn));
    let svg = std::fs::read_to_string(&chart).unwrap();
    std::fs::remove_file(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.trim_end().ends_with("</svg>"));
    assert!(svg.contains("&lt;=25"), "{svg}");
    assert_eq!(svg.matches("<title>").count(), 2, "{svg}");
    assert!(svg.contains(">mac</text>") && svg.contains(">gac</text>"));
    // A chart that cannot be written fails the command.
    let out = stepwise(
        &[
            "kakuro",
            "bench",
            "--engines",
            "gac",
            "--plot",
            "/nonexistent-stepwise-dir/k.svg",
            EXAMPLE,
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("cannot write"));
}

#[test]
fn generate_gives_the_same_grid_for_the_same_seed() {
    let args = [
        "kakuro", "generate", "--rows", "10", "--cols", "10", "--seed", "5",
    ];
    let a = stepwise(&args, "");
    let b = stepwise(&args, "");
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(text(&a.stdout), text(&b.stdout));
    let record: serde_json::Value = serde_json::from_str(text(&a.stdout).trim()).unwrap();
    assert_eq!(record["id"], "stepwise-kakuro-10x10-seed5");
    let file = TempFile::new("kakuro-generated.jsonl", &text(&a.stdout));
    let out = stepwise(&["kakuro", "check", file.path()], "");
    assert_eq!(out.status.code(), Some(0));
}

/// A spent budget is its own answer, `timeout`, never "stuck", and a rating of part of a path
/// is not printed as the puzzle's.
#[test]
fn the_time_limit_ends_a_long_explanation_with_timeout() {
    let large = "tests/data/kakuro-large.jsonl";
    let out = stepwise(
        &["kakuro", "explain", "--json", "--timeout", "0.05", large],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    let first: serde_json::Value =
        serde_json::from_str(text(&out.stdout).lines().next().unwrap()).unwrap();
    assert_eq!(first["status"], "timeout", "{first}");
    let out = stepwise(&["kakuro", "rate", "--timeout", "0.05", large], "");
    assert_eq!(
        text(&out.stdout).lines().nth(1),
        Some("stepwise-kakuro-38x38-seed1,823,timeout,,,,,,")
    );
    let out = stepwise(&["kakuro", "rate", "--timeout", "60", EXAMPLE], "");
    assert_eq!(out.status.code(), Some(0));
}
