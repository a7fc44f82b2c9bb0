//! `stepwise rate` as a batch: input order kept on several jobs, a bad line in the middle,
//! the time limit, the closing summary, and silence on a standard error that is not a terminal.

mod common;

use std::process::Output;

/// Easter Monster: no single, nested chains; seconds of work in the SE profile.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";

fn stepwise(args: &[&str]) -> Output {
    common::stepwise(args, "")
}

use common::{text, TempFile};

/// Generated puzzles of mixed difficulty, so their work times differ and a parallel run
/// finishes them out of order.
fn mixed_puzzles(count: u64) -> Vec<String> {
    (0..count).map(common::generated_puzzle).collect()
}

#[test]
fn rows_keep_input_order_on_two_jobs() {
    let puzzles = mixed_puzzles(40);
    let file = TempFile::new("order.txt", &(puzzles.join("\n") + "\n"));
    let serial = stepwise(&["rate", "--jobs", "1", file.path()]);
    let parallel = stepwise(&["rate", "--jobs", "2", file.path()]);
    assert_eq!(serial.status.code(), Some(0), "{}", text(&serial.stderr));
    assert_eq!(parallel.status.code(), Some(0));
    let rows = text(&parallel.stdout);
    let column: Vec<&str> = rows
        .lines()
        .skip(1)
        .map(|l| l.split(',').next().unwrap())
        .collect();
    assert_eq!(column, puzzles);
    assert_eq!(rows, text(&serial.stdout), "same rows whatever the jobs");
}

#[test]
fn a_bad_line_in_the_middle_is_named_and_the_rest_is_rated() {
    let mut lines = mixed_puzzles(6);
    lines.insert(3, "12345".into());
    let file = TempFile::new("bad.txt", &(lines.join("\n") + "\n"));
    let out = stepwise(&["rate", "--jobs", "2", "--format", "json", file.path()]);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(
        stderr.contains(&format!("error: {}: line 4: ", file.path())),
        "{stderr}"
    );
    let records: Vec<serde_json::Value> = text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 7);
    for (i, record) in records.iter().enumerate() {
        if i == 3 {
            assert_eq!(record["status"], "invalid");
        } else {
            assert_eq!(record["status"], "solved", "row {i}");
            assert_eq!(record["puzzle"], lines[i].as_str());
        }
    }
    assert!(
        stderr.contains("solved 6, stuck 0, timeout 0, invalid 1"),
        "{stderr}"
    );
}

#[test]
fn a_puzzle_over_the_time_limit_is_reported_as_timeout() {
    let easy = common::generated_puzzle(1);
    let out = stepwise(&["rate", "--timeout", "0.05", &easy, EASTER_MONSTER, &easy]);
    // A timeout is an answer, not a failure.
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let rows = text(&out.stdout);
    let rows: Vec<&str> = rows.lines().skip(1).collect();
    assert_eq!(rows.len(), 3);
    assert!(rows[0].ends_with(",solved,"), "{}", rows[0]);
    // Marked `timeout`, with no figures at all: how far the paths got before the limit is
    // not a rating.
    assert_eq!(
        rows[1],
        format!("{EASTER_MONSTER},,,,,,,,timeout,\"the time limit passed\""),
    );
    assert!(rows[2].ends_with(",solved,"));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("solved 2, stuck 0, timeout 1,"), "{stderr}");
}

#[test]
fn bad_limits_are_usage_errors() {
    for args in [
        ["rate", "--timeout", "0"],
        ["rate", "--timeout", "soon"],
        ["rate", "--jobs", "0"],
    ] {
        let out = stepwise(&args);
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(text(&out.stderr).contains("error:"), "{args:?}");
    }
}

#[test]
fn the_summary_closes_the_run_and_no_progress_is_drawn_off_a_terminal() {
    let puzzles = mixed_puzzles(5);
    let file = TempFile::new("summary.txt", &(puzzles.join("\n") + "\n"));
    let out = stepwise(&["rate", "--jobs", "2", file.path()]);
    let stderr = text(&out.stderr);
    // Standard error is a pipe here: the summary only, no progress line.
    assert!(
        !stderr.contains('\r') && !stderr.contains('\x1b'),
        "{stderr:?}"
    );
    let lines: Vec<&str> = stderr.lines().collect();
    assert!(
        lines[0].starts_with("summary: 5 puzzles in ") && lines[0].ends_with(" puzzles/s, 2 jobs"),
        "{stderr}"
    );
    assert_eq!(
        lines[1],
        "  solved 5, stuck 0, timeout 0, invalid 0, no_solution 0, multiple_solutions 0"
    );
    assert_eq!(lines[2], "  ER of solved puzzles:");
    let histogram: u64 = lines[3..]
        .iter()
        .map(|l| l.split_whitespace().nth(1).unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(histogram, 5);
    let quiet = stepwise(&["rate", "--no-summary", file.path()]);
    assert_eq!(text(&quiet.stderr), "");
    assert_eq!(quiet.stdout, out.stdout);
}
