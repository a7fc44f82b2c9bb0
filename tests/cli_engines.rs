//! `solve` and `check` with the engines' options, on every shape, and `bench engines`, end to
//! end through the binary.

mod common;

use common::{stepwise, text, TempFile};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const EMPTY_4X4: &str = "................";
/// A 6x6 with boxes of 3 rows by 2 columns, one solution.
const SIX_3X2: &str = "5.1....1.6..3.4...6.3.1.....2......5";
/// A 16x16 with one solution (values A-G for 10-16).
const SIXTEEN: &str = "7F5G.C2..4.3..1...ADEB.62G........B.741.5.F.2....31.D.F.8...CA......35...A9.D468.8.B.26..5EF3..C...7....C.8.E2.G6E.9..C...4..5.F.BC...7....G4E8.8.7..6.C.E......4..3.F92.8.756............3...C.D..1.8.36.5.9..E356.C.D.97..B.G1.7.....B...C...4BC.297..4D1.83..";
/// top1465's first: naive needs far more than 100 nodes.
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

#[test]
fn check_all_counts_the_empty_4x4_grid() {
    let out = stepwise(&["check", "--all", EMPTY_4X4], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "288 solutions\n");
    for engine in [
        "naive",
        "backtrack",
        "fc",
        "fc-mrv",
        "fc-mrv-lcv",
        "mac",
        "cost",
        "dlx",
    ] {
        let out = stepwise(&["check", "--all", "--engine", engine, EMPTY_4X4], "");
        assert_eq!(text(&out.stdout), "288 solutions\n", "{engine}");
    }
}

#[test]
fn solve_all_lists_every_completion_of_a_latin_square() {
    // A 3x3 Latin square with its first row given (three givens): two completions.
    let out = stepwise(&["solve", "--shape", "latin:3", "--all", "123......"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), "123231312\n123312231\n# 2 solutions\n");
    let out = stepwise(&["check", "--all", "--shape", "latin:3", "123......"], "");
    assert_eq!(text(&out.stdout), "2 solutions\n");
    // Nine cells can only be a Latin square: the shape is inferred.
    let out = stepwise(&["check", "--all", "........."], "");
    assert_eq!(text(&out.stdout), "12 solutions\n");
    // The order-4 Latin squares.
    let out = stepwise(&["check", "--all", "--shape", "latin:4", EMPTY_4X4], "");
    assert_eq!(text(&out.stdout), "576 solutions\n");
}

#[test]
fn limits_on_solutions_and_grids_of_solutions() {
    let out = stepwise(&["solve", "--limit", "3", "........."], "");
    assert_eq!(
        text(&out.stdout),
        "123231312\n123312231\n132213321\n# at least 3 solutions (limit 3)\n"
    );
    assert_eq!(out.status.code(), Some(0));
    let out = stepwise(&["check", "--limit", "5", EMPTY_4X4], "");
    assert_eq!(text(&out.stdout), "at least 5 solutions (limit 5)\n");
    let out = stepwise(
        &["solve", "--grid", "--all", "--shape", "latin:2", "1..."],
        "",
    );
    assert_eq!(text(&out.stdout), "1 2\n2 1\n# 1 solution\n");
}

#[test]
fn other_shapes_solve_with_the_default_engine() {
    let out = stepwise(&["solve", "--shape", "3x2", "--grid", SIX_3X2], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "5 6 | 1 3 | 4 2\n4 1 | 2 6 | 5 3\n3 2 | 4 5 | 6 1\n----+-----+----\n6 5 | 3 2 | 1 4\n1 3 | 5 4 | 2 6\n2 4 | 6 1 | 3 5\n"
    );
    let out = stepwise(&["solve", "--engine", "mac", "--json", SIXTEEN], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(record["shape"], "16x16");
    assert_eq!(record["engine"], "mac");
    assert_eq!(record["status"], "unique");
    assert!(record["stats"]["nodes"].as_u64().is_some());
    let solution = record["solution"].as_str().unwrap();
    assert_eq!(solution.len(), 256);
    assert!(solution.starts_with("7F5G8C29E4A36B1D"));
    // Rows of numbers, one row a line.
    let out = stepwise(&["solve", "--all", "--stats"], "1 0 0\n0 2 0\n0 0 3\n");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[..2], ["132321213", "# 1 solution"], "{stdout}");
    assert!(lines[2].starts_with("# dlx: "), "{stdout}");
}

#[test]
fn the_9x9_answers_are_the_same_with_any_engine() {
    let plain = stepwise(&["solve", "examples/puzzles.txt"], "");
    for engine in ["fast", "dlx", "mac", "fc-mrv"] {
        let out = stepwise(&["solve", "--engine", engine, "examples/puzzles.txt"], "");
        assert_eq!(text(&out.stdout), text(&plain.stdout), "{engine}");
        assert_eq!(out.status.code(), plain.status.code());
        let out = stepwise(&["check", "--engine", engine, WIKIPEDIA], "");
        assert_eq!(text(&out.stdout), "unique\n");
    }
    let out = stepwise(&["check", "--engine", "dlx", &".".repeat(81)], "");
    assert_eq!(text(&out.stdout), "multiple\n");
    assert_eq!(out.status.code(), Some(1));
    let out = stepwise(&["solve", "--engine", "dlx", &".".repeat(81)], "");
    assert!(text(&out.stdout).starts_with(
        "error: argument 1: line 1: the puzzle has more than one solution; two solutions differ at r"
    ));
}

#[test]
fn stats_are_printed_and_in_json() {
    let out = stepwise(&["check", "--engine", "naive", "--stats", WIKIPEDIA], "");
    let stdout = text(&out.stdout);
    let lines: Vec<&str> = stdout.lines().collect();
    assert_eq!(lines[0], "unique");
    assert!(lines[1].starts_with("# naive: ") && lines[1].contains(" nodes, "));
    let out = stepwise(&["check", "--json", "--engine", "fast", WIKIPEDIA], "");
    let record: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(record["status"], "unique");
    assert!(record["stats"]["nodes"].is_null());
    assert!(record["stats"]["time_ms"].as_f64().is_some());
}

#[test]
fn a_limit_hit_is_said_and_fails() {
    let out = stepwise(
        &["check", "--engine", "naive", "--node-limit", "100", HARD],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "unknown: the naive engine stopped at the node limit of 100 nodes after 0 solutions\n"
    );
    let out = stepwise(
        &["solve", "--engine", "naive", "--node-limit", "100", HARD],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "error: argument 1: line 1: the naive engine stopped at the node limit of 100 nodes before finding a solution\n"
    );
    let out = stepwise(
        &[
            "check",
            "--all",
            "--engine",
            "dlx",
            "--timeout",
            "0.05",
            &".".repeat(81),
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).starts_with("at least "));
    assert!(text(&out.stdout).ends_with(" solutions (stopped at the time limit of 0.05 s)\n"));
}

#[test]
fn fast_is_9x9_only() {
    let out = stepwise(&["solve", "--engine", "fast", EMPTY_4X4], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "error: argument 1: line 1: the fast engine solves 9x9 Sudoku only, not 4x4; use dlx or another engine\n"
    );
}

#[test]
fn bad_input_says_what_and_where() {
    let file = TempFile::new(
        "shapes.txt",
        "1..2..3..4..2..\n1..2..3..4..2.x3\n1..5............\n1..1............\n\n1 2 3\n2 3\n3 1 2\n",
    );
    let out = stepwise(&["check", "--engine", "dlx", file.path()], "");
    assert_eq!(out.status.code(), Some(1));
    let name = file.path();
    assert_eq!(
        text(&out.stdout),
        format!(
            "invalid: {name}: line 1: 15 cells is not a square grid (16 cells for 4x4, 36 for 6x6, 81 for 9x9, 256 for 16x16, 625 for 25x25)\n\
             invalid: {name}: line 2, column 15: unexpected character 'x'\n\
             invalid: {name}: line 3, column 4: value 5 is out of range 1..4\n\
             invalid: {name}: line 4: r1c1 and r1c4 both hold 1 (row 1)\n\
             invalid: {name}: line 7: expected 3 numbers in a row, found 2\n"
        )
    );
    let out = stepwise(&["solve", "--shape", "6x6", EMPTY_4X4], "");
    assert_eq!(
        text(&out.stdout),
        "error: argument 1: line 1: expected 36 cells for 6x6, found 16\n"
    );
    let out = stepwise(&["solve", "--shape", "7x7", EMPTY_4X4], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains(
        "unknown shape \"7x7\": a 7x7 grid has no boxes; for a Latin square write latin:7"
    ));
    let out = stepwise(&["solve", "--engine", "quick", EMPTY_4X4], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown engine \"quick\""));
    let out = stepwise(&["check", "--json", "--all", "missing-file.txt"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stdout).contains("no such file"));
}

#[test]
fn bench_engines_prints_its_tables_and_draws_the_chart() {
    let chart = std::env::temp_dir().join(format!("stepwise-engines-{}.svg", std::process::id()));
    let chart_path = chart.to_string_lossy().into_owned();
    let out = stepwise(
        &[
            "bench",
            "engines",
            "--per-level",
            "1",
            "--per-size",
            "1",
            "--engines",
            "fc-mrv,dlx,fast",
            "--plot",
            &chart_path,
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{stdout}\n{}",
        text(&out.stderr)
    );
    if common::shared_data().is_some() {
        assert!(stdout.contains("Kaggle levels"), "{stdout}");
        assert!(stdout.contains("HoDoKu levels"), "{stdout}");
        assert!(stdout.contains("\nExpert    fast "), "{stdout}");
    }
    assert!(stdout.contains("\n25x25     dlx "), "{stdout}");
    // With the corpora the made grids are 16x16 and 25x25 (ratio to dlx); without them a
    // made 9x9 set joins them (ratio to fast there).
    assert!(
        stdout.contains("ratio: mean time / dlx's mean time")
            || stdout.contains("ratio: mean time / fast or dlx's mean time"),
        "{stdout}"
    );
    let svg = std::fs::read_to_string(&chart).unwrap();
    assert!(svg.starts_with("<svg") && svg.contains("16x16"));
    std::fs::remove_file(&chart).unwrap();
    // Without the shared corpora it says so and measures what it makes.
    let out = stepwise(
        &[
            "bench",
            "engines",
            "--per-level",
            "1",
            "--engines",
            "dlx,fast",
            "--data",
            "/nonexistent-stepwise-data",
        ],
        "",
    );
    let stdout = text(&out.stdout);
    assert!(
        stdout.contains("/nonexistent-stepwise-data: not found"),
        "{stdout}"
    );
    assert!(stdout.contains("\n9x9       fast "), "{stdout}");
}

/// Puzzles of another size need no option: a 16- or 256-cell argument, or a file whose first
/// puzzle is, is solved on the engines' path; 9x9 input stays on its own.
#[test]
fn other_sizes_are_recognised_without_an_option() {
    let four = "1.3..41.2..3..2.";
    let out = stepwise(&["check", four], "");
    assert_eq!(text(&out.stdout), "unique\n", "{}", text(&out.stderr));
    let solved = stepwise(&["solve", four], "");
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let answer = text(&solved.stdout);
    assert_eq!(answer.trim().len(), 16, "{answer}");
    let file = TempFile::new("sixteen.txt", &format!("# a 16x16\n{SIXTEEN}\n"));
    let out = stepwise(&["check", file.path()], "");
    assert_eq!(text(&out.stdout), "unique\n", "{}", text(&out.stderr));
    // 9x9 keeps its own reader and messages.
    let out = stepwise(&["check", WIKIPEDIA], "");
    assert_eq!(text(&out.stdout), "unique\n");
    let out = stepwise(&["check", "1234"], "");
    assert!(
        text(&out.stdout).contains("expected 81 cells"),
        "{}",
        text(&out.stdout)
    );
}
