//! `stepwise generate` end to end: every option on a small sample, the output re-checked by the
//! binary itself (`check`, `rate`, `solve`) and the library (symmetry, minimality, the path's
//! techniques); the same seed at one and two jobs; the round trips into `rate` and `solve
//! --json`; requests that cannot be met (a clear error or the timeout message, never a hang);
//! a closed output. Targets that are quick for the plain generator, small counts and fixed
//! seeds, so the file runs in seconds; every run passes a `--timeout` as a safety net, and no
//! assertion is about speed.

mod common;

use std::time::{Duration, Instant};

use common::{cells, stepwise, text};
use stepwise::analysis::symmetry::Symmetry;
use stepwise::geometry::CellSet;
use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::solver::count_solutions;
use stepwise::technique::Technique;

const HEADER: &str = "puzzle,er,ep,ed,level,score,hardest,steps,status,error";

/// Runs `generate` with `args`, a safety-net timeout added; its output, checked to have
/// succeeded.
fn generate(args: &[&str]) -> std::process::Output {
    let mut all = vec!["generate", "--timeout", "120"];
    all.extend_from_slice(args);
    let out = stepwise(&all, "");
    assert_eq!(out.status.code(), Some(0), "{all:?}: {}", text(&out.stderr));
    out
}

/// The CSV rows of a `generate` or `rate` run, the header checked and left out.
fn csv_rows(out: &std::process::Output) -> Vec<String> {
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(lines.next(), Some(HEADER));
    lines.map(str::to_string).collect()
}

/// The puzzle column of CSV rows.
fn puzzles(rows: &[String]) -> Vec<String> {
    rows.iter().map(|r| r[..81].to_string()).collect()
}

/// One column of a CSV row that has no quoted commas before it.
fn column(row: &str, index: usize) -> String {
    let header: Vec<&str> = HEADER.split(',').collect();
    assert!(index < header.iter().position(|&h| h == "hardest").unwrap());
    row.split(',').nth(index).unwrap().to_string()
}

/// The hardest column (quoted in CSV).
fn hardest(row: &str) -> String {
    row.split('"').nth(1).unwrap_or("").to_string()
}

/// `rate` with `profile` of the puzzles: the same rows as `generate` wrote.
fn assert_rate_agrees(rows: &[String], profile: &[&str]) {
    let mut args = vec!["rate", "--no-summary"];
    args.extend_from_slice(profile);
    let rated = stepwise(&args, &puzzles(rows).join("\n"));
    assert_eq!(rated.status.code(), Some(0), "{}", text(&rated.stderr));
    assert_eq!(
        csv_rows(&rated),
        rows,
        "rate {profile:?} gives other figures"
    );
}

/// `check` says every puzzle has one solution.
fn assert_unique(lines: &[String]) {
    let checked = stepwise(&["check"], &lines.join("\n"));
    assert_eq!(checked.status.code(), Some(0));
    assert_eq!(
        text(&checked.stdout),
        "unique\n".repeat(lines.len()),
        "{lines:?}"
    );
}

fn givens(puzzle: &str) -> CellSet {
    let cells = cells(puzzle);
    (0..81).filter(|&c| cells[c] != 0).collect()
}

#[test]
fn csv_rows_are_rates_and_every_puzzle_is_proper() {
    let out = generate(&["--level", "easy", "--count", "3", "--seed", "11"]);
    let rows = csv_rows(&out);
    assert_eq!(rows.len(), 3);
    for row in &rows {
        assert_eq!(column(row, 4), "Easy", "{row}");
        assert!(row.ends_with(",solved,"), "{row}");
    }
    assert_unique(&puzzles(&rows));
    assert_rate_agrees(&rows, &[]);
    assert!(text(&out.stderr).contains("generated 3 puzzles"));
}

#[test]
fn level_and_er_range() {
    let rows = csv_rows(&generate(&[
        "--level", "medium", "--count", "2", "--seed", "2",
    ]));
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| column(r, 4) == "Medium"), "{rows:?}");
    assert_rate_agrees(&rows, &[]);

    let rows = csv_rows(&generate(&[
        "--er", "3.0..4.0", "--count", "2", "--seed", "3",
    ]));
    assert_eq!(rows.len(), 2);
    for row in &rows {
        let er: f64 = column(row, 1).parse().unwrap();
        assert!((3.0..=4.0).contains(&er), "{row}");
    }
    assert_rate_agrees(&rows, &[]);

    // One number is a range of one.
    let rows = csv_rows(&generate(&["--er", "2.0", "--count", "1", "--seed", "4"]));
    assert_eq!(column(&rows[0], 1), "2.0");
}

#[test]
fn symmetries_as_asked() {
    for (name, symmetry) in [
        ("rotational", Symmetry::Rotational180),
        ("rotational-90", Symmetry::Rotational90),
        ("diagonal", Symmetry::Diagonal),
        ("antidiagonal", Symmetry::AntiDiagonal),
        ("horizontal", Symmetry::Horizontal),
        ("mirror", Symmetry::Vertical),
    ] {
        let out = generate(&[
            "--symmetry",
            name,
            "--count",
            "2",
            "--seed",
            "5",
            "--format",
            "line",
        ]);
        let lines: Vec<String> = text(&out.stdout).lines().map(str::to_string).collect();
        assert_eq!(lines.len(), 2, "{name}");
        for line in &lines {
            assert_eq!(line.len(), 81);
            assert!(symmetry.holds_for(givens(line)), "{name}: {line}");
        }
        assert_unique(&lines);
    }
    // `none` asks for nothing in particular.
    generate(&["--symmetry", "none", "--count", "1", "--seed", "5"]);
}

#[test]
fn minimal_and_givens() {
    let rows = csv_rows(&generate(&[
        "--minimal",
        "--givens",
        "24..30",
        "--count",
        "2",
        "--seed",
        "6",
    ]));
    assert_eq!(rows.len(), 2);
    for puzzle in puzzles(&rows) {
        let cells = cells(&puzzle);
        let count = givens(&puzzle).len();
        assert!((24..=30).contains(&count), "{puzzle}: {count} givens");
        for cell in (0..81).filter(|&c| cells[c] != 0) {
            let mut fewer = cells;
            fewer[cell] = 0;
            assert_eq!(
                count_solutions(&fewer, 2).count,
                2,
                "{puzzle}: a given can go"
            );
        }
    }
    assert_unique(&puzzles(&rows));
    // A symmetric puzzle is minimal as a pattern when asked.
    let rows = csv_rows(&generate(&[
        "--minimal",
        "--symmetry",
        "rotational",
        "--givens",
        "26..34",
        "--count",
        "1",
        "--seed",
        "6",
    ]));
    let puzzle = &puzzles(&rows)[0];
    assert!(Symmetry::Rotational180.holds_for(givens(puzzle)));
    assert!((26..=34).contains(&givens(puzzle).len()));
}

#[test]
fn technique_and_hardest() {
    // --technique: in the path the hardest step is read from (the se path by default).
    let rows = csv_rows(&generate(&[
        "--technique",
        "locked-candidates-pointing",
        "--technique",
        "Naked Pair",
        "--count",
        "2",
        "--seed",
        "7",
    ]));
    assert_eq!(rows.len(), 2);
    for puzzle in puzzles(&rows) {
        let trace = solve(
            &Grid::from_puzzle(&cells(&puzzle)),
            &Options::sudoku_explainer(),
        );
        for technique in [Technique::LockedCandidatesPointing, Technique::NakedPair] {
            assert!(
                trace.steps.iter().any(|s| s.technique == technique),
                "{puzzle}: no {technique}"
            );
        }
    }
    // --hardest on HoDoKu's path.
    let rows = csv_rows(&generate(&[
        "--hardest",
        "x-wing",
        "--profile",
        "hodoku",
        "--count",
        "2",
        "--seed",
        "8",
    ]));
    assert_eq!(rows.len(), 2);
    assert!(rows.iter().all(|r| hardest(r) == "X-Wing"), "{rows:?}");
    assert_rate_agrees(&rows, &["--profile", "hodoku"]);
}

#[test]
fn rates_options_rate_the_output_as_rate_does() {
    let singles = "full-house,naked-single,hidden-single-box,hidden-single-line";
    let rows = csv_rows(&generate(&[
        "--techniques",
        singles,
        "--no-uniqueness",
        "--cache-mb",
        "8",
        "--count",
        "2",
        "--seed",
        "9",
    ]));
    assert_eq!(rows.len(), 2);
    assert_rate_agrees(&rows, &["--techniques", singles, "--no-uniqueness"]);
    // A profile without the hodoku path has no level to give.
    let out = stepwise(
        &[
            "generate",
            "--level",
            "hard",
            "--profile",
            "se",
            "--timeout",
            "5",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert!(text(&out.stderr).starts_with("error: --level: "));
}

#[test]
fn the_same_seed_gives_the_same_puzzles_at_any_jobs() {
    let run = |jobs: &str| {
        let out = generate(&[
            "--level", "medium", "--count", "4", "--seed", "12", "--jobs", jobs,
        ]);
        text(&out.stdout)
    };
    let one = run("1");
    assert_eq!(one.lines().count(), 5);
    assert_eq!(one, run("2"));
    // Without --seed, the seed is printed and repeats the run.
    let out = generate(&["--level", "easy", "--count", "2", "--format", "line"]);
    let stderr = text(&out.stderr);
    let seed = stderr
        .lines()
        .find_map(|l| l.strip_prefix("note: seed "))
        .and_then(|rest| rest.split_whitespace().next())
        .unwrap_or_else(|| panic!("no seed note in {stderr}"))
        .to_string();
    let again = generate(&[
        "--level", "easy", "--count", "2", "--format", "line", "--seed", &seed,
    ]);
    assert_eq!(text(&again.stdout), text(&out.stdout));
    assert!(!text(&again.stderr).contains("note: seed"));
}

#[test]
fn round_trips_into_rate_and_solve() {
    // generate | rate: the header is skipped, the rows come back the same.
    let generated = generate(&["--level", "easy", "--count", "2", "--seed", "13"]);
    let rated = stepwise(&["rate", "--no-summary"], &text(&generated.stdout));
    assert_eq!(rated.status.code(), Some(0), "{}", text(&rated.stderr));
    assert_eq!(csv_rows(&rated), csv_rows(&generated));

    // generate --format json | solve --json: the records come back with their solution.
    let json = generate(&[
        "--level", "easy", "--count", "2", "--seed", "13", "--format", "json",
    ]);
    let records: Vec<serde_json::Value> = text(&json.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(records.len(), 2);
    let lines = generate(&[
        "--level", "easy", "--count", "2", "--seed", "13", "--format", "line",
    ]);
    let lines: Vec<String> = text(&lines.stdout).lines().map(str::to_string).collect();
    assert_eq!(lines, puzzles(&csv_rows(&generated)));
    for (record, line) in records.iter().zip(&lines) {
        let board: String = record["board"]
            .as_array()
            .unwrap()
            .iter()
            .flat_map(|row| row.as_array().unwrap().iter())
            .map(|d| match d.as_u64().unwrap() {
                0 => '.',
                d => char::from(b'0' + d as u8),
            })
            .collect();
        assert_eq!(&board, line);
        assert_eq!(record["difficulty"], "Easy");
        let id = record["id"].as_str().unwrap();
        assert!(id.starts_with("stepwise-13-"), "{id}");
        assert!(record["createdAt"].as_str().unwrap().ends_with('Z'));
    }
    let solved = stepwise(&["solve", "--json"], &text(&json.stdout));
    assert_eq!(solved.status.code(), Some(0), "{}", text(&solved.stderr));
    let back: Vec<serde_json::Value> = text(&solved.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(back.len(), 2);
    for (back, record) in back.iter().zip(&records) {
        assert_eq!(back["id"], record["id"]);
        assert_eq!(back["board"], record["board"]);
        assert_eq!(back["solution"], record["solution"]);
    }
    // --json is --format json.
    let short = generate(&["--level", "easy", "--count", "2", "--seed", "13", "--json"]);
    let ids = |out: &std::process::Output| -> Vec<serde_json::Value> {
        text(&out.stdout)
            .lines()
            .map(|l| serde_json::from_str::<serde_json::Value>(l).unwrap()["id"].clone())
            .collect()
    };
    assert_eq!(ids(&short), ids(&json));
}

#[test]
fn a_request_that_cannot_be_met_ends_with_the_closest_miss() {
    let out = stepwise(
        &[
            "generate",
            "--er",
            "12..13",
            "--timeout",
            "1",
            "--seed",
            "1",
        ],
        "",
    );
    let stderr = text(&out.stderr);
    assert_eq!(out.status.code(), Some(1), "{stderr}");
    assert_eq!(text(&out.stdout), format!("{HEADER}\n"));
    assert!(
        stderr.contains("the time ran out (--timeout 1): found 0 of 1 puzzle asked"),
        "{stderr}"
    );
    assert!(stderr.contains("attempts tried"), "{stderr}");
    let closest = stderr
        .lines()
        .find_map(|l| l.strip_prefix("closest: "))
        .unwrap_or_else(|| panic!("no closest in {stderr}"));
    assert_eq!(
        count_solutions(&cells(&closest[..81]), 2).count,
        1,
        "{stderr}"
    );
    assert!(closest.contains("ER "), "{stderr}");
    assert!(stderr.contains("closest misses: ER "), "{stderr}");
}

#[test]
fn requests_that_make_no_sense_are_usage_errors() {
    for (args, start) in [
        (vec!["--givens", "10..12"], "error: --givens: "),
        (vec!["--er", "5..3"], "error: --er: "),
        (vec!["--jobs", "0"], "error: invalid value '0' for '--jobs"),
        (vec!["--level", "diabolical"], "error: invalid value"),
        (vec!["--symmetry", "spiral"], "error: invalid value"),
        (vec!["--er", "hard"], "error: invalid value"),
    ] {
        let mut all = vec!["generate", "--timeout", "5"];
        all.extend_from_slice(&args);
        let out = stepwise(&all, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(out.stdout.is_empty(), "{args:?}");
        assert!(
            text(&out.stderr).starts_with(start),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    // An unknown technique names the nearest, as rate does.
    for option in ["--technique", "--hardest"] {
        let out = stepwise(&["generate", "--timeout", "5", option, "xwing"], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(out.stdout.is_empty());
        let stderr = text(&out.stderr);
        assert!(stderr.contains("unknown technique 'xwing'"), "{stderr}");
        assert!(stderr.contains("did you mean x-wing"), "{stderr}");
    }
}

#[test]
fn a_hardest_full_house_at_extreme_never_hangs() {
    let started = Instant::now();
    let out = stepwise(
        &[
            "generate",
            "--hardest",
            "full-house",
            "--level",
            "extreme",
            "--timeout",
            "1",
            "--seed",
            "1",
        ],
        "",
    );
    let stderr = text(&out.stderr);
    match out.status.code() {
        // Refused before any work...
        Some(2) => assert!(stderr.starts_with("error: --"), "{stderr}"),
        // ...or searched for until the time ran out.
        Some(1) => assert!(stderr.contains("the time ran out"), "{stderr}"),
        other => panic!("exit {other:?}: {stderr}"),
    }
    assert!(started.elapsed() < Duration::from_secs(60));
}

/// `stepwise generate --count 100000 | head -0`: the run ends at its first write, exit 0, no
/// message.
#[test]
fn a_closed_output_ends_the_run_quietly() {
    let (_, code, stderr) = common::run_with_closed_output(&[
        "generate",
        "--count",
        "100000",
        "--level",
        "easy",
        "--seed",
        "1",
        "--timeout",
        "120",
    ]);
    assert_eq!(code, Some(0), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
    assert!(!stderr.contains("generated"), "{stderr}");
}
