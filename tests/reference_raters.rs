//! The reference raters themselves, as `scripts/reference-raters.sh` builds them: Sudoku
//! Explainer 1.2.1 (`scripts/se-rate`) rates a few puzzles as the shared data says it does and
//! as the `se` profile does, and HoDoKu 2.2.0 (`scripts/hodoku-rate`) as `hodoku.tsv` says.
//! Where a rater is not built (CI does not build them) its part is skipped, visibly, whatever
//! `STEPWISE_REQUIRE_ALL` says; the wrappers' own answer when nothing is built is always checked.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

use stepwise::agreement::read_references;
use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::rating::rate;

/// Where the raters were built: `STEPWISE_PEERS`, else the script's default.
fn prefix() -> PathBuf {
    match std::env::var_os("STEPWISE_PEERS") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME").unwrap_or_default())
            .join(".cache/stepwise-peers"),
    }
}

/// Says the test skips its part because a reference rater is not built. Unlike
/// `common::skipped` this never fails under `STEPWISE_REQUIRE_ALL`: CI does not build the
/// raters (a JDK and two clones from GitHub), by design.
fn rater_missing(what: &str) {
    use std::io::Write;
    let test = std::thread::current()
        .name()
        .unwrap_or("a test")
        .to_string();
    let _ = writeln!(
        std::io::stderr().lock(),
        "skipped: {test}: {what} is not built in {} (scripts/reference-raters.sh)",
        prefix().display()
    );
}

fn script(name: &str) -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("scripts")
        .join(name)
}

/// Runs a wrapper on `puzzles` (one per line, on its standard input) with `peers` as the
/// build prefix.
fn run(name: &str, peers: &Path, puzzles: &[&str]) -> Output {
    use std::io::Write;
    let mut child = Command::new(script(name))
        .env("STEPWISE_PEERS", peers)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{name}: {e}"));
    let mut input = child.stdin.take().expect("stdin");
    // A wrapper that finds no rater exits before reading: a closed pipe is no error here.
    for p in puzzles {
        let _ = writeln!(input, "{p}");
    }
    drop(input);
    child.wait_with_output().expect("the wrapper ends")
}

/// The tab-separated rows a wrapper printed.
fn rows(output: &Output) -> Vec<Vec<String>> {
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    String::from_utf8_lossy(&output.stdout)
        .lines()
        .map(|l| l.split('\t').map(str::to_string).collect())
        .collect()
}

#[test]
fn wrappers_say_when_the_raters_are_not_built() {
    let empty = std::env::temp_dir().join(format!("stepwise-no-peers-{}", std::process::id()));
    std::fs::create_dir_all(&empty).expect("a temp folder");
    for name in ["se-rate", "hodoku-rate"] {
        let output = run(name, &empty, &["1.."]);
        assert_eq!(output.status.code(), Some(3), "{name}");
        let message = String::from_utf8_lossy(&output.stderr);
        assert!(
            message.contains("skipped") && message.contains("reference-raters.sh"),
            "{name}: {message}"
        );
    }
    let _ = std::fs::remove_dir_all(&empty);
}

/// The top1465 puzzle whose BUG type 1 on a cell of four candidates `se_agreement.rs` pins, and
/// the first puzzle of se121-paths.txt (singles only); the test adds the first puzzle of each
/// ER band 1 to 6 of se121.tsv (quick for SE).
const SE_SAMPLE: [&str; 2] = [
    "..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2.......",
    "...784...25.631.7......23.6...54.2.1.2.....4.7.4.18...4.61......3.496.87...823...",
];

#[test]
fn sudoku_explainer_rates_as_the_shared_data_and_the_se_profile() {
    if !prefix()
        .join("se/classes/diuf/sudoku/test/serate.class")
        .is_file()
    {
        rater_missing("Sudoku Explainer");
        return;
    }
    let Some(dir) = common::shared_data() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("rated/se121.tsv")).expect("se121.tsv");
    let references: Vec<_> = read_references(&text)
        .map(|r| r.expect("se121.tsv lines"))
        .collect();
    let mut sample: Vec<&str> = SE_SAMPLE.to_vec();
    for band in 1..=6 {
        let r = references
            .iter()
            .find(|r| r.er.floor() as i32 == band)
            .unwrap_or_else(|| panic!("se121.tsv has an ER {band}.x puzzle"));
        sample.push(&r.puzzle);
    }
    let printed = rows(&run("se-rate", &prefix(), &sample));
    assert_eq!(printed.len(), sample.len(), "{printed:?}");
    for (row, puzzle) in printed.iter().zip(&sample) {
        assert_eq!(&row[0], puzzle);
        let se: Vec<f64> = row[1..4]
            .iter()
            .map(|v| v.parse().expect("a rating"))
            .collect();
        if let Some(reference) = references.iter().find(|r| r.puzzle == *puzzle) {
            let listed = [Some(reference.er), reference.ep, reference.ed];
            assert!(
                listed
                    .iter()
                    .zip(&se)
                    .all(|(a, b)| a.is_some_and(|a| (a - b).abs() < 1e-6)),
                "SE's build rates {puzzle} {se:?}, se121.tsv {listed:?}"
            );
        }
        let ours = rate(&solve(
            &Grid::from_puzzle(&common::cells(puzzle)),
            &Options::sudoku_explainer(),
        ));
        let same = [ours.er, ours.ep, ours.ed]
            .iter()
            .zip(&se)
            .all(|(a, b)| (a - b).abs() < 1e-6);
        assert!(
            same,
            "{puzzle}: the se profile rates {}/{}/{}, SE {se:?}",
            ours.er, ours.ep, ours.ed
        );
    }
}

#[test]
fn hodoku_rates_as_the_shared_data() {
    if !prefix().join("hodoku/classes/sudoku/Main.class").is_file() {
        rater_missing("HoDoKu");
        return;
    }
    let Some(dir) = common::shared_data() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("rated/hodoku.tsv")).expect("hodoku.tsv");
    // The first puzzle of each level, and HoDoKu's levels and scores for them.
    let mut sample: Vec<(String, String, String)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        let fields: Vec<&str> = line.split('\t').collect();
        if !sample.iter().any(|(_, level, _)| level == fields[1]) {
            sample.push((fields[0].into(), fields[1].into(), fields[2].into()));
        }
    }
    assert_eq!(sample.len(), 5, "five levels in hodoku.tsv");
    let puzzles: Vec<&str> = sample.iter().map(|(p, _, _)| p.as_str()).collect();
    let printed = rows(&run("hodoku-rate", &prefix(), &puzzles));
    let expected: Vec<Vec<String>> = sample
        .iter()
        .map(|(p, l, s)| vec![p.clone(), l.clone(), s.clone()])
        .collect();
    assert_eq!(printed, expected);
}
