//! Differential test on a sample of the shared corpora: the complete solvers
//! (`common::differential::ENGINES`: Stepwise's own and the `sudoku` crate) agree on every
//! puzzle's solution count (0, 1, 2+) and solutions, and the logical solver (`extended`
//! profile) reaches the same grid whenever it solves one. `cargo run --release --example
//! differential` runs every puzzle of every corpus and prints the counts.

mod common;

use std::time::Duration;

use common::differential::{check, Tally, CORPORA};

/// Puzzles taken from the start of each corpus: a few thousand in all.
const SAMPLE: usize = 400;

/// The logical solver's time per puzzle: the hardest corpora's puzzles mostly run out of it,
/// which the sample allows (their steps are checked by `tests/soundness.rs`).
const LOGIC_LIMIT: Duration = Duration::from_millis(5);

#[test]
fn engines_and_logic_agree_on_a_sample_of_every_corpus() {
    let mut total = Tally::default();
    eprintln!("{}", Tally::header());
    for name in CORPORA {
        let Some(puzzles) = common::corpus(name, SAMPLE) else {
            return;
        };
        let mut tally = Tally::default();
        for line in &puzzles {
            tally.add(&check(&common::cells(line), LOGIC_LIMIT), line);
        }
        eprintln!("{}", tally.row(name));
        total.merge(&tally);
    }
    eprintln!("{}", total.row("total"));
    assert!(
        total.disagreements.is_empty(),
        "{} disagreements:\n{}",
        total.disagreements.len(),
        total.disagreements.join("\n")
    );
    // The corpora hold what their README says: multi-solution.txt has several solutions
    // each, every other file one.
    assert_eq!(total.counts[0], 0);
    assert_eq!(total.counts[2], SAMPLE.min(10_000));
}

#[test]
fn engines_agree_on_odd_grids() {
    let solution = common::WIKIPEDIA_SOLUTION;
    let mut conflict = common::cells(solution);
    conflict.swap(79, 80);
    for (cells, count) in [
        ([0u8; 81], 2),
        (common::cells(solution), 1),
        (conflict, 0),
        (common::cells(&format!("{}.", &solution[..80])), 1),
    ] {
        let outcome = check(&cells, LOGIC_LIMIT);
        assert_eq!(outcome.count, count);
        assert_eq!(outcome.disagreement, None);
    }
}
