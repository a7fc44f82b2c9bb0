//! Differential test on a sample of the shared corpora: the complete solvers
//! (`common::differential::ENGINES`: Stepwise's own, the `sudoku` crate and every classic
//! engine of `stepwise::engines`) agree on every puzzle's solution count (0, 1, 2+) and
//! solutions, and the logical solver (`extended` profile) reaches the same grid whenever it
//! solves one. `cargo run --release --example differential` runs every puzzle of every corpus
//! and prints the counts.

mod common;

use std::time::Duration;

use common::differential::{check, Settings, Tally, CORPORA};

/// Puzzles taken from the start of each corpus for the fast engines: a few thousand in all.
const SAMPLE: usize = 400;

/// Puzzles taken from the start of each corpus for every engine, the plain backtracking ones
/// included (they take up to tens of milliseconds a puzzle).
const EVERY_ENGINE_SAMPLE: usize = 25;

/// The engines compared on the larger sample: the outside reference and the fastest classic
/// engines, which no puzzle of the sample takes near the node limit (checked below).
const FAST_ENGINES: &[&str] = &["sudoku crate", "dlx", "fast"];

/// The classic engines' node limit in these tests: `dlx` needs a few thousand nodes at most;
/// `naive` passes it on about half the 17-clue and hardest puzzles (a cut run is checked
/// for what it found, and counted).
const NODE_LIMIT: u64 = 200_000;

/// The logical solver's time per puzzle: the hardest corpora's puzzles mostly run out of it,
/// which the sample allows (their steps are checked by `tests/soundness.rs`).
const LOGIC_LIMIT: Duration = Duration::from_millis(5);

/// Every corpus's first `sample` puzzles through `settings`, printed as a table; `None`
/// without `../shared/data`.
fn run(sample: usize, settings: &Settings) -> Option<Tally> {
    let mut total = Tally::default();
    eprintln!("{}", Tally::header());
    for name in CORPORA {
        let puzzles = common::corpus(name, sample)?;
        let mut tally = Tally::default();
        for line in &puzzles {
            tally.add(&check(&common::cells(line), settings), line);
        }
        eprintln!("{}", tally.row(name));
        total.merge(&tally);
    }
    eprintln!("{}", total.row("total"));
    for row in total.engine_rows(settings) {
        eprintln!("{row}");
    }
    assert!(
        total.disagreements.is_empty(),
        "{} disagreements:\n{}",
        total.disagreements.len(),
        total.disagreements.join("\n")
    );
    // The corpora hold what their README says: multi-solution.txt has several solutions
    // each, every other file one.
    assert_eq!(total.counts[0], 0);
    assert_eq!(total.counts[2], sample.min(10_000));
    Some(total)
}

#[test]
fn fast_engines_and_logic_agree_on_a_sample_of_every_corpus() {
    let settings = Settings::all(LOGIC_LIMIT, NODE_LIMIT).only(FAST_ENGINES);
    let Some(total) = run(SAMPLE, &settings) else {
        return;
    };
    assert!(total.cut.is_empty(), "cut: {:?}", total.cut);
}

#[test]
fn every_engine_agrees_on_a_smaller_sample() {
    let settings = Settings::all(LOGIC_LIMIT, NODE_LIMIT);
    let Some(total) = run(EVERY_ENGINE_SAMPLE, &settings) else {
        return;
    };
    // Each engine decided most puzzles, so that the agreement says something of each; the
    // fast ones decided all of them.
    for engine in settings.compared() {
        let cut = total.cut.get(engine.name).copied().unwrap_or(0);
        assert!(
            cut * 2 < total.puzzles,
            "{} was cut on {cut} of {} puzzles",
            engine.name,
            total.puzzles
        );
        if FAST_ENGINES.contains(&engine.name) {
            assert_eq!(cut, 0, "{} was cut", engine.name);
        }
    }
}

#[test]
fn every_engine_agrees_on_odd_grids() {
    let solution = common::WIKIPEDIA_SOLUTION;
    let mut conflict = common::cells(solution);
    conflict.swap(79, 80);
    let settings = Settings::all(LOGIC_LIMIT, NODE_LIMIT);
    for (cells, count) in [
        ([0u8; 81], 2),
        (common::cells(solution), 1),
        (conflict, 0),
        (common::cells(&format!("{}.", &solution[..80])), 1),
        (common::cells(common::puzzles::WIKI), 1),
    ] {
        let outcome = check(&cells, &settings);
        assert_eq!(outcome.count, count);
        assert_eq!(outcome.disagreement, None);
        assert!(outcome.cut.is_empty(), "{:?}", outcome.cut);
    }
}
