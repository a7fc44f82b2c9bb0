//! Stepwise's own notation read back (`stepwise::notation`): for every step of whole traces,
//! and every step each technique finds on its catalog example, parsing `step.notation()`
//! gives exactly the step's technique name, placements and eliminations.

mod common;

use stepwise::finders::all;
use stepwise::format::parse_puzzle;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::step::Step;
use stepwise::technique::Technique;
use strum::IntoEnumIterator;

/// Puzzles whose paths cross most families: subsets, fish, single-digit patterns, wings,
/// ALS, chains and dynamic and nested forcing chains (Arto Inkala's), each under a second.
const PUZZLES: [&str; 3] = [
    ".........6..7.3..5..2...8...9.....1...6.7.3..8.......65...3...9.2.5.9.7..834.725.",
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...",
];

fn assert_round_trip(step: &Step) {
    let notation = step.notation();
    let claim =
        stepwise::notation::parse(&notation).unwrap_or_else(|error| panic!("{notation}\n{error}"));
    assert_eq!(
        claim.technique.map(|t| t.to_string()),
        Some(step.technique.to_string()),
        "{notation}"
    );
    assert_eq!(claim.placements, step.placements, "{notation}");
    assert_eq!(claim.eliminations, step.eliminations, "{notation}");
}

#[test]
fn every_step_of_whole_traces_reads_back() {
    let mut steps = 0;
    for puzzle in PUZZLES {
        let input = parse_puzzle(puzzle, None).expect("the puzzles parse");
        let grid = stepwise::explain::grid_of(&input);
        for options in [Options::hodoku(), Options::extended(), Options::default()] {
            let trace = solve(&grid, &options);
            assert_eq!(trace.status, Status::Solved, "{puzzle}");
            for step in &trace.steps {
                assert_round_trip(step);
            }
            steps += trace.steps.len();
        }
    }
    assert!(steps > 500, "{steps} steps");
}

/// Each technique's steps on its own catalog example: every notation form Stepwise has.
#[test]
fn every_step_on_the_catalog_examples_reads_back() {
    let mut techniques = 0;
    for technique in Technique::iter() {
        let steps = all(technique, &common::pages::example_grid(technique));
        for step in &steps {
            assert_round_trip(step);
        }
        techniques += usize::from(!steps.is_empty());
    }
    assert!(techniques > 80, "{techniques} techniques");
}
