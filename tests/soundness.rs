//! Soundness: over the shared corpora, every placement of every trace is the solution's digit
//! and no elimination removes it. A wrong deduction is the worst bug Stepwise can have.
//!
//! The traces use Sudoku Explainer's profile up to Dynamic Forcing Chains (+): nested forcing
//! chains take seconds to minutes per puzzle, so puzzles that need them end `stuck` here
//! (every step before is still checked); `tests/nested_chains.rs` checks them on a sample.

mod common;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::technique::Technique;

fn check_corpus(name: &str, limit: usize) {
    let Some(puzzles) = common::corpus(name, limit) else {
        return;
    };
    let options = Options::sudoku_explainer().up_to(Technique::DynamicForcingChainsPlus);
    let mut solved = 0;
    for (i, line) in puzzles.iter().enumerate() {
        let trace = solve(&Grid::from_puzzle(&common::cells(line)), &options);
        assert!(
            matches!(trace.status, Status::Solved | Status::Stuck),
            "{name} line {}: {line}: {:?}",
            i + 1,
            trace.status
        );
        if let Some((n, step)) = trace.first_unsound_step() {
            panic!("{name}: {line}: step {} is unsound: {step}", n + 1);
        }
        // The end state of a stuck trace still holds the solution.
        let solution = trace.solution.unwrap();
        for (cell, &correct) in solution.iter().enumerate() {
            let v = trace.end.value(cell);
            assert!(
                v == 0 || v == correct,
                "{line}: r{}c{}",
                cell / 9 + 1,
                cell % 9 + 1
            );
            assert!(v != 0 || trace.end.candidates(cell).contains(correct));
        }
        solved += (trace.status == Status::Solved) as usize;
    }
    eprintln!(
        "{name}: {} puzzles, {solved} solved to the end, all steps sound",
        puzzles.len()
    );
}

#[test]
fn top1465_is_sound() {
    check_corpus("top1465.txt", usize::MAX);
}

#[test]
fn se121_is_sound() {
    check_corpus("rated/se121.tsv", usize::MAX);
}

#[test]
fn hodoku_set_is_sound() {
    check_corpus("rated/hodoku.tsv", usize::MAX);
}

#[test]
fn labeled_sets_are_sound() {
    check_corpus("labeled/qqwing-800.tsv", usize::MAX);
    check_corpus("labeled/kaggle-5000.tsv", 2000);
    check_corpus("labeled/super-sudoku-3000.tsv", 2000);
}

#[test]
fn seventeen_clue_sample_is_sound() {
    check_corpus("17-clue.txt", 3000);
}

#[test]
fn hardest_sample_is_sound() {
    check_corpus("forum-hardest-11plus.txt", 500);
}

#[test]
fn sukaku_sample_is_sound() {
    check_corpus("rated/sukaku-exchange.tsv", 2000);
}
