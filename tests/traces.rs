//! Snapshot tests of whole text traces: puzzles the tests generate themselves (seeded, see
//! `common::generated_puzzle`) and a few famous ones written as literals, spread over every
//! level. One named snapshot per puzzle in the top-level `snapshots/` folder.

mod common;

use stepwise::format::parse_puzzle;
use stepwise::pipeline::Options;

fn explain_text(puzzle: &str) -> String {
    let input = parse_puzzle(puzzle, None).expect("test puzzles parse");
    let explanation = stepwise::explain(&input, &Options::default());
    assert!(explanation.steps.iter().all(|s| s.makes_progress()));
    explanation.to_text()
}

fn snapshot(name: &str, puzzle: &str) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(puzzle);
    settings.bind(|| insta::assert_snapshot!(name, explain_text(puzzle)));
}

/// Famous puzzles, written as literals.
const FAMOUS: &[(&str, &str)] = &[
    (
        "wikipedia",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ),
    (
        "arto-inkala",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    (
        "easter-monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "golden-nugget",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    ),
];

/// Seeds of generated puzzles, chosen to cover singles, direct techniques, locked candidates,
/// subsets and stuck paths (see the `scan_seeds` test to list more).
const SEEDS: &[u64] = &[
    1, 2, 3, 4, 5, 6, 7, 15, 16, 18, 19, 28, 38, 52, 53, 54, 56, 63, 66, 70, 85, 117, 119, 163,
    260, 326,
];

#[test]
fn famous_traces() {
    for (name, puzzle) in FAMOUS {
        snapshot(&format!("trace-{name}"), puzzle);
    }
}

#[test]
fn generated_traces() {
    for seed in SEEDS {
        snapshot(
            &format!("trace-generated-{seed}"),
            &common::generated_puzzle(*seed),
        );
    }
}

#[test]
fn generator_is_deterministic_and_unique() {
    let a = common::generated_puzzle(7);
    assert_eq!(a, common::generated_puzzle(7));
    assert_ne!(a, common::generated_puzzle(8));
    assert_eq!(
        stepwise::solver::count_solutions(&common::cells(&a), 2).count,
        1
    );
}

/// Lists seeds with their hardest technique: `cargo test --release --test traces -- --ignored --nocapture`.
#[test]
#[ignore]
fn scan_seeds() {
    for seed in 1..400u64 {
        let p = common::generated_puzzle(seed);
        let input = parse_puzzle(&p, None).unwrap();
        let e = stepwise::explain(&input, &Options::default());
        println!("{seed}\t{}\t{}\t{}", e.rating.er, e.rating.hardest, p);
    }
}
