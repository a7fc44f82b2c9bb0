//! The command line's promises to scripts and players, each a regression test of a defect
//! found by trying it as a new user would: one answer per input in every command, one rating
//! per puzzle whichever command prints it, one time limit per puzzle, a closed output that
//! ends the run at once, and the features players missed (techniques, --until, --compact...).

mod common;

use std::io::Read;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use common::{stepwise, text};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The example: SE 3.4 with a hidden pair; HoDoKu's own path rates it Medium, 772.
const HIDDEN_PAIR: &str =
    "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...";
/// Arto Inkala's puzzle: about half a second per path (nested forcing chains).
const ARTO_INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
/// Easter Monster: seconds per path in the se profile.
const EASTER_MONSTER: &str =
    "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
const SOLVED: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
/// A full grid whose 1s and 2s in r1c1, r1c2, r4c1 and r4c2 can swap (a deadly pattern).
const BASE: &str =
    "123456789456789123789123456214365897365897214897214365531642978642978531978531642";
/// `BASE` with the deadly pattern emptied (two solutions) and r5c5 and r9c9 emptied too, which
/// logic fills the same way in both.
const TWO_SOLUTIONS: &str =
    "..3456789456789123789123456..43658973658.721489721436553164297864297853197853164.";

fn json_lines(output: &std::process::Output) -> Vec<serde_json::Value> {
    text(&output.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect()
}

fn without_timestamps(mut records: Vec<serde_json::Value>) -> Vec<serde_json::Value> {
    for record in &mut records {
        if let Some(object) = record.as_object_mut() {
            object.remove("createdAt");
        }
    }
    records
}

fn temp_file(name: &str, contents: &str) -> std::path::PathBuf {
    let path = std::env::temp_dir().join(format!("stepwise-{}-{name}", std::process::id()));
    std::fs::write(&path, contents).unwrap();
    path
}

/// `stepwise explain BIG | head -1` ran for minutes and `rate` finished every puzzle read ahead
/// (85 s): now every command stops at its first write after the reader went away, exit 0, no
/// panic message.
#[test]
fn every_command_stops_when_its_output_is_closed() {
    let big = temp_file("closed.txt", &format!("{ARTO_INKALA}\n").repeat(200));
    let path = big.to_str().unwrap();
    for args in [
        vec!["explain", path],
        vec!["analyze", path],
        vec!["rate", "--jobs", "2", path],
        vec!["rate", "--jobs", "1", "--format", "json", path],
    ] {
        let (took, code, stderr) = common::run_with_closed_output(&args);
        // The whole input takes over a minute; stopping takes the first puzzle or two.
        assert!(took < Duration::from_secs(30), "{args:?} took {took:?}");
        assert_eq!(code, Some(0), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
    // The fast commands too, on many puzzles.
    let many = temp_file("closed-many.txt", &format!("{WIKIPEDIA}\n").repeat(200_000));
    for command in ["solve", "check"] {
        let (took, code, stderr) =
            common::run_with_closed_output(&[command, many.to_str().unwrap()]);
        assert!(took < Duration::from_secs(30), "{command} took {took:?}");
        assert_eq!(code, Some(0), "{command}: {stderr}");
        assert!(!stderr.contains("panicked"), "{command}: {stderr}");
    }
    std::fs::remove_file(big).unwrap();
    std::fs::remove_file(many).unwrap();
}

/// `explain` used to compute HoDoKu's level and score on the SE path (Hard 1514 for the issue's
/// puzzle) while `rate` and `analyze` used HoDoKu's own path (Medium 772).
#[test]
fn one_puzzle_one_rating_in_every_command() {
    let graded = std::fs::read_to_string("examples/graded.txt").unwrap();
    let puzzles: Vec<&str> = graded
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .map(|l| &l[..81])
        .chain([HIDDEN_PAIR])
        .collect();
    let input = puzzles.join("\n");
    let rated = json_lines(&stepwise(&["rate", "--json", "--no-summary"], &input));
    let explained = json_lines(&stepwise(&["explain", "--json"], &input));
    let analyzed = json_lines(&stepwise(&["analyze", "--json"], &input));
    assert_eq!(rated.len(), puzzles.len());
    for (i, puzzle) in puzzles.iter().enumerate() {
        let from_explain = &explained[i]["rating"];
        for figure in ["er", "ep", "ed", "level", "score", "hardest"] {
            assert_eq!(
                rated[i][figure], from_explain[figure],
                "{figure} of {puzzle}"
            );
            assert_eq!(
                rated[i][figure], analyzed[i][figure],
                "{figure} of {puzzle}"
            );
        }
        assert_eq!(from_explain["se_path"], "se");
        assert_eq!(from_explain["hodoku_path"], "hodoku");
    }
    let last = rated.last().unwrap();
    assert_eq!(
        (last["level"].as_str(), last["score"].as_u64()),
        (Some("Medium"), Some(772))
    );
    let text_explanation = text(&stepwise(&["explain", HIDDEN_PAIR], "").stdout);
    assert!(
        text_explanation.contains(
            "Rating: ER 3.4, EP 1.2, ED 1.2 (se path); level Medium, score 772 (hodoku path); hardest Hidden Pair"
        ),
        "{text_explanation}"
    );
    // One profile, one path, in every command: the other rater's figures are missing.
    let rated = json_lines(&stepwise(
        &["rate", "--json", "--profile", "se", HIDDEN_PAIR],
        "",
    ));
    let explained = json_lines(&stepwise(
        &["explain", "--json", "--profile", "se", HIDDEN_PAIR],
        "",
    ));
    assert_eq!(rated[0]["level"], serde_json::Value::Null);
    assert_eq!(explained[0]["rating"]["level"], serde_json::Value::Null);
    assert_eq!(
        explained[0]["rating"]["hodoku_path"],
        serde_json::Value::Null
    );
}

/// A timed-out row kept a partial score and sometimes a real level, and each path had its own
/// limit. Now a timeout has no figures at all, in CSV and JSON.
#[test]
fn a_timed_out_puzzle_has_no_figures() {
    let out = stepwise(
        &["rate", "--timeout", "0.05", "--no-summary", EASTER_MONSTER],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let csv = text(&out.stdout);
    let row = csv.lines().nth(1).unwrap();
    assert_eq!(
        row,
        format!("{EASTER_MONSTER},,,,,,,,timeout,\"the time limit passed\"")
    );
    let out = stepwise(&["rate", "--json", "--timeout", "0.05", EASTER_MONSTER], "");
    let record = &json_lines(&out)[0];
    for figure in ["er", "ep", "ed", "level", "score", "hardest", "steps"] {
        assert_eq!(record[figure], serde_json::Value::Null, "{figure}");
    }
    let out = stepwise(
        &["explain", "--json", "--timeout", "0.05", EASTER_MONSTER],
        "",
    );
    let explanation = &json_lines(&out)[0];
    assert_eq!(explanation["status"], "timeout");
    assert_eq!(explanation["rating"]["er"], serde_json::Value::Null);
    assert_eq!(explanation["rating"]["level"], serde_json::Value::Null);
}

/// One limit for both paths: once the se path ran out of time, the hodoku path does not get a
/// fresh limit of its own.
#[test]
fn the_time_limit_covers_both_paths() {
    use stepwise::pipeline::Status;
    use stepwise::profile::RateSettings;
    let puzzle = stepwise::format::parse_puzzle(EASTER_MONSTER, None).unwrap();
    let settings = RateSettings::default().with_time_limit(Some(Duration::from_millis(30)));
    let (se, hodoku) =
        stepwise::explain::solve_paths(&stepwise::explain::grid_of(&puzzle), &settings);
    assert_eq!(se.unwrap().status, Status::Timeout);
    assert_eq!(hodoku.unwrap().status, Status::Timeout);
}

/// A full grid rated EP 20.0 (no placement step); it needs nothing, so it rates 0.0.
#[test]
fn a_full_grid_rates_zero() {
    let out = stepwise(&["rate", "--json", SOLVED], "");
    let record = &json_lines(&out)[0];
    assert_eq!(
        (
            record["er"].as_f64(),
            record["ep"].as_f64(),
            record["ed"].as_f64()
        ),
        (Some(0.0), Some(0.0), Some(0.0))
    );
    assert_eq!(record["status"], "solved");
    assert_eq!(record["steps"], 0);
    assert_eq!(record["hardest"], serde_json::Value::Null);
}

/// `--no-uniqueness` stopped at "several solutions" before the first step; now it explains
/// the puzzle as far as logic goes, and every step holds in both solutions.
#[test]
fn no_uniqueness_explains_several_solutions_as_far_as_logic_goes() {
    let out = stepwise(&["explain", "--json", "--no-uniqueness", TWO_SOLUTIONS], "");
    assert_eq!(
        out.status.code(),
        Some(1),
        "several solutions is still not a valid puzzle"
    );
    let explanation = &json_lines(&out)[0];
    assert_eq!(explanation["status"], "multiple_solutions");
    let steps = explanation["steps"].as_array().unwrap();
    assert_eq!(steps.len(), 2, "r5c5 and r9c9, nothing more");
    let swapped: String = BASE
        .char_indices()
        .map(|(i, c)| match (i, c) {
            (0 | 1 | 27 | 28, '1') => '2',
            (0 | 1 | 27 | 28, '2') => '1',
            _ => c,
        })
        .collect();
    let both = [BASE.to_string(), swapped];
    for solution in &both {
        let cells = stepwise::format::parse_puzzle(solution, None)
            .unwrap()
            .cells;
        assert!(
            stepwise::format::check_conflicts(&cells).is_ok(),
            "{solution}"
        );
    }
    for step in steps {
        for placement in step["placements"].as_array().unwrap() {
            let cell = placement["cell"].as_str().unwrap();
            let digit = placement["digit"].as_u64().unwrap() as u8;
            for solution in &both {
                assert_eq!(digit_at(solution, cell), digit, "{step}");
            }
        }
        for elimination in step["eliminations"].as_array().unwrap() {
            let cell = elimination["cell"].as_str().unwrap();
            let digit = elimination["digit"].as_u64().unwrap() as u8;
            for solution in &both {
                assert_ne!(digit_at(solution, cell), digit, "{step}");
            }
        }
    }
    assert!(explanation["remaining"].as_str().is_some());
    let text_out = text(&stepwise(&["explain", "--no-uniqueness", TWO_SOLUTIONS], "").stdout);
    assert!(
        text_out.contains("Logic alone goes no further. Candidates left:"),
        "{text_out}"
    );
    // Without the flag nothing changes: no step at all.
    let plain = json_lines(&stepwise(&["explain", "--json", TWO_SOLUTIONS], ""));
    assert_eq!(plain[0]["steps"].as_array().unwrap().len(), 0);
}

fn digit_at(solution: &str, cell: &str) -> u8 {
    let row = (cell.as_bytes()[1] - b'1') as usize;
    let col = (cell.as_bytes()[3] - b'1') as usize;
    solution.as_bytes()[row * 9 + col] - b'0'
}

/// Every command writes exactly one answer per input, in order, bad ones included, carrying
/// the input, a status and the error.
#[test]
fn one_answer_per_input_in_every_command() {
    let input = format!("{WIKIPEDIA}\n12x\n{TWO_SOLUTIONS}\n{WIKIPEDIA}\n");
    let check = json_lines(&stepwise(&["check", "--json"], &input));
    assert_eq!(check.len(), 4);
    assert_eq!(check[1]["status"], "invalid");
    assert_eq!(check[1]["puzzle"], "12x");
    assert!(check[1]["error"]
        .as_str()
        .unwrap()
        .contains("stdin: line 2"));
    assert_eq!(check[2]["status"], "multiple");

    let solve = json_lines(&stepwise(&["solve", "--json"], &input));
    assert_eq!(solve.len(), 4);
    assert_eq!(solve[0]["solution"][0][0], 5);
    assert_eq!(
        (solve[1]["status"].as_str(), solve[1]["input"].as_str()),
        (Some("invalid"), Some("12x"))
    );
    assert_eq!(solve[2]["status"], "multiple_solutions");
    assert_eq!(solve[2]["input"], TWO_SOLUTIONS);

    let rate = stepwise(&["rate", "--no-summary"], &input);
    let rows: Vec<String> = text(&rate.stdout).lines().map(String::from).collect();
    assert_eq!(rows.len(), 5, "header and four rows");
    assert!(
        rows[2].starts_with("12x,,,,,,,,invalid,\"stdin: line 2"),
        "{}",
        rows[2]
    );
    assert!(
        rows[3].contains(",multiple_solutions,\"the puzzle has more than one solution"),
        "{}",
        rows[3]
    );

    let explain = json_lines(&stepwise(&["explain", "--json"], &input));
    assert_eq!(explain.len(), 4);
    assert_eq!(
        (explain[1]["status"].as_str(), explain[1]["puzzle"].as_str()),
        (Some("invalid"), Some("12x"))
    );

    let analyze = json_lines(&stepwise(&["analyze", "--json"], &input));
    assert_eq!(analyze.len(), 5, "four answers and the summary");
    assert_eq!(analyze[1]["status"], "invalid");

    let hint = json_lines(&stepwise(&["hint", "--json"], &input));
    assert_eq!(hint.len(), 4);
    assert_eq!(hint[0]["kind"], "step");
    assert_eq!(hint[1]["status"], "invalid");
    assert_eq!(hint[2]["status"], "error");
    assert!(hint[2]["error"]
        .as_str()
        .unwrap()
        .contains("more than one solution"));
}

/// `--format` meant the input format in some commands and the output format in others: now
/// `--input-format` reads, `--format` writes, and `--json` is `--format json`, everywhere.
#[test]
fn formats_mean_the_same_in_every_command() {
    for command in ["solve", "check", "explain", "hint", "rate", "analyze"] {
        let out = stepwise(
            &[command, "--input-format", "line", "--json", WIKIPEDIA],
            "",
        );
        assert_eq!(
            out.status.code(),
            Some(0),
            "{command}: {}",
            text(&out.stderr)
        );
        assert!(!json_lines(&out).is_empty(), "{command}");
        let long = stepwise(
            &[
                command,
                "--input-format",
                "line",
                "--format",
                "json",
                WIKIPEDIA,
            ],
            "",
        );
        // A solved record is stamped with the time it was made, which may tick between runs.
        assert_eq!(
            without_timestamps(json_lines(&long)),
            without_timestamps(json_lines(&out)),
            "{command}: --json is --format json"
        );
        let wrong = stepwise(&[command, "--format", "pencilmark", WIKIPEDIA], "");
        assert_eq!(
            wrong.status.code(),
            Some(2),
            "{command}: --format is the output format"
        );
    }
}

/// A waiting `stepwise solve` on a terminal says that it reads standard input.
#[test]
fn a_terminal_is_told_where_input_comes_from() {
    if Command::new("script").arg("--version").output().is_err() {
        common::skipped("no `script` command to give stepwise a terminal");
        return;
    }
    let command = format!("{} solve", env!("CARGO_BIN_EXE_stepwise"));
    let mut child = Command::new("script")
        .args(["-qec", &command, "/dev/null"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let mut stdout = child.stdout.take().unwrap();
    let reader = std::thread::spawn(move || {
        let mut seen = Vec::new();
        let mut buffer = [0u8; 256];
        while let Ok(n) = stdout.read(&mut buffer) {
            if n == 0 {
                break;
            }
            seen.extend_from_slice(&buffer[..n]);
            if String::from_utf8_lossy(&seen).contains("Ctrl-D") {
                break;
            }
        }
        String::from_utf8_lossy(&seen).into_owned()
    });
    let started = Instant::now();
    while !reader.is_finished() && started.elapsed() < Duration::from_secs(10) {
        std::thread::sleep(Duration::from_millis(20));
    }
    let _ = child.kill();
    let _ = child.wait();
    let seen = reader.join().unwrap();
    assert!(
        seen.contains("reading puzzles from standard input"),
        "{seen:?}"
    );
}

/// `stepwise techniques` lists the catalog; an unknown slug anywhere names the nearest.
#[test]
fn techniques_are_listed_and_unknown_names_get_suggestions() {
    let out = stepwise(&["techniques", "--json"], "");
    let rows = json_lines(&out);
    assert!(rows.len() > 80);
    let x_wing = rows.iter().find(|r| r["slug"] == "x-wing").unwrap();
    assert_eq!(x_wing["name"], "X-Wing");
    assert_eq!(x_wing["family"], "fish");
    assert_eq!(x_wing["se_rating"], 3.2);
    assert_eq!(x_wing["hodoku_level"], "Hard");
    let profiles: Vec<&str> = x_wing["profiles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|p| p.as_str().unwrap())
        .collect();
    assert_eq!(profiles, ["se", "hodoku", "sukaku", "extended", "all"]);
    let hodoku = json_lines(&stepwise(
        &["techniques", "--json", "--profile", "hodoku"],
        "",
    ));
    assert!(hodoku
        .iter()
        .all(|r| r["profiles"].as_array().unwrap().contains(&"hodoku".into())));
    let table = text(&stepwise(&["techniques"], "").stdout);
    assert!(table.contains("Fish:\n"), "{table}");
    assert!(table.lines().any(|l| l.trim_start().starts_with("x-wing")
        && l.contains("X-Wing")
        && l.contains("3.2")));
    for args in [
        vec!["techniques", "x-wnig"],
        vec!["explain", "--techniques", "xwing,full-house", WIKIPEDIA],
        vec!["rate", "--techniques", "x-wnig", WIKIPEDIA],
        vec!["analyze", "--require", "swordfsh", WIKIPEDIA],
    ] {
        let out = stepwise(&args, "");
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains("did you mean"), "{args:?}: {err}");
    }
    let err = text(&stepwise(&["techniques", "swordfsh"], "").stderr);
    assert!(err.contains("did you mean swordfish"), "{err}");
}

/// `--until N` lists N steps and the candidates after them; `--state-after N` prints only
/// those candidates, which `hint` reads and continues from.
#[test]
fn a_player_continues_from_the_state_after_some_steps() {
    let until = text(&stepwise(&["explain", "--until", "12", HIDDEN_PAIR], "").stdout);
    assert!(until.contains("\n12. "), "{until}");
    assert!(!until.contains("\n13. "), "{until}");
    assert!(
        until.contains("After step 12 (60 more to the end of the path), the candidates are:\n.---"),
        "{until}"
    );
    let state = text(&stepwise(&["explain", "--state-after", "12", HIDDEN_PAIR], "").stdout);
    assert!(state.starts_with(".---"), "{state}");
    assert!(until.contains(&state), "the same grid in both");
    // Step 13 of the path is what a hint on that state leads to.
    let full = text(&stepwise(&["explain", HIDDEN_PAIR], "").stdout);
    let step_13 = full.lines().find(|l| l.starts_with("13. ")).unwrap();
    let hint = stepwise(
        &["hint", "--level", "full", "--puzzle", HIDDEN_PAIR, &state],
        "",
    );
    assert_eq!(hint.status.code(), Some(0), "{}", text(&hint.stderr));
    let hint = text(&hint.stdout);
    assert!(
        !hint.contains("wrong") && !hint.contains("missing"),
        "{hint}"
    );
    assert!(!hint.trim().is_empty(), "{step_13} / {hint}");
    let json = json_lines(&stepwise(
        &["explain", "--json", "--state-after", "3", HIDDEN_PAIR],
        "",
    ));
    assert_eq!(json[0]["state_after"]["steps"], 3);
    assert_eq!(json[0]["steps"].as_array().unwrap().len(), 3);
}

/// `--verbose` adds each step's prose; `--compact` runs singles together.
#[test]
fn verbose_and_compact_explanations() {
    let plain = text(&stepwise(&["explain", HIDDEN_PAIR], "").stdout);
    let verbose = text(&stepwise(&["explain", "--verbose", HIDDEN_PAIR], "").stdout);
    let explanation = &json_lines(&stepwise(&["explain", "--json", HIDDEN_PAIR], ""))[0];
    let first_text = explanation["steps"][0]["text"].as_str().unwrap();
    assert!(!plain.contains(first_text));
    assert!(
        verbose.contains(&format!("\n    {first_text}\n")),
        "{verbose}"
    );
    let compact = text(&stepwise(&["explain", "--compact", HIDDEN_PAIR], "").stdout);
    assert!(
        compact.contains(" 1-5. Singles: r2c1=7, r7c6=5, r7c5=4, r5c4=6, r2c6=2\n"),
        "{compact}"
    );
    assert!(compact.lines().count() < plain.lines().count() / 2);
    assert!(compact.contains("Naked Pair: 5,8 in r8c1,r8c2 => r7c12<>8, r9c13<>5"));
}

/// `analyze --jobs` gives the same answers, in the same order, as one thread.
#[test]
fn analyze_on_several_threads_keeps_the_order() {
    let one = stepwise(
        &["analyze", "--json", "--jobs", "1", "examples/graded.txt"],
        "",
    );
    let two = stepwise(
        &["analyze", "--json", "--jobs", "2", "examples/graded.txt"],
        "",
    );
    assert_eq!(one.status.code(), Some(0));
    assert_eq!(text(&one.stdout), text(&two.stdout));
    assert_eq!(json_lines(&one).len(), 6);
}

/// `explain --board` draws the candidates before each step with the step marked; `hint
/// --board` marks as much as the level gives away. Off a terminal the marks are plain text.
#[test]
fn explain_and_hint_draw_the_board() {
    let out = stepwise(&["explain", "--board", "--until", "3", HIDDEN_PAIR], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let drawn = text(&out.stdout);
    assert!(!drawn.contains('\u{1b}'), "no colour in a pipe");
    assert_eq!(drawn.matches("\nLegend: ").count(), 3, "{drawn}");
    // The first step places r2c1=7: marked `=7` on the board before it.
    assert!(drawn.contains("=7"), "{drawn}");
    let coloured = Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(["explain", "--board", "--until", "1", HIDDEN_PAIR])
        .env("NO_COLOR", "1")
        .output()
        .unwrap();
    assert!(!text(&coloured.stdout).contains('\u{1b}'));

    let full = text(
        &stepwise(
            &["hint", "--board", "--level", "full", "examples/state.txt"],
            "",
        )
        .stdout,
    );
    assert!(
        full.starts_with("Locked Candidates Type 1 (Pointing): 8 in b7 => r8c78<>8 — "),
        "{full}"
    );
    assert!(full.contains("-8"), "the eliminations are marked: {full}");
    let cells = text(
        &stepwise(
            &["hint", "--board", "--level", "cells", "examples/state.txt"],
            "",
        )
        .stdout,
    );
    assert!(
        cells.starts_with("Locked Candidates Type 1 (Pointing): look at r8c1,r8c2 in box 7.\n"),
        "{cells}"
    );
    assert!(cells.contains("Cells: pattern r8c1, r8c2"), "{cells}");
    assert!(
        !cells.contains("-8") && !cells.contains("r8c78<>8"),
        "nothing it removes: {cells}"
    );
    let nudge = text(
        &stepwise(
            &["hint", "--board", "--level", "nudge", "examples/state.txt"],
            "",
        )
        .stdout,
    );
    assert!(nudge.starts_with("Look for "), "{nudge}");
    assert!(!nudge.contains("Cells:"), "{nudge}");
}
