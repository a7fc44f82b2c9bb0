//! Fish soundness over the shared corpora: the extended profile with the Franken and Mutant
//! fish (off by default) appended, so every fish finder runs wherever the others are stuck.
//! Every placement must be the solution's digit and no elimination may remove it.

mod common;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::technique::{Family, Technique};
use strum::IntoEnumIterator;

/// Every technique enabled by default, then every fish that is not.
fn every_fish() -> Options {
    // Nested forcing chains cost seconds to minutes per puzzle; stop before them.
    let mut options = Options::extended().up_to(Technique::DynamicForcingChainsPlus);
    options.techniques.extend(
        Technique::iter().filter(|t| t.family() == Family::Fish && !t.info().enabled_by_default),
    );
    options
}

fn check_corpus(name: &str, limit: usize) {
    let Some(puzzles) = common::corpus(name, limit) else {
        return;
    };
    let options = every_fish();
    let mut solved = 0;
    let mut fish_steps = 0;
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
        solved += (trace.status == Status::Solved) as usize;
        fish_steps += trace
            .steps
            .iter()
            .filter(|s| s.technique.family() == Family::Fish)
            .count();
    }
    eprintln!(
        "{name}: {} puzzles, {solved} solved to the end, {fish_steps} fish steps, all sound",
        puzzles.len()
    );
}

#[test]
fn top1465_with_every_fish_is_sound() {
    check_corpus("top1465.txt", usize::MAX);
}

#[test]
fn samples_with_every_fish_are_sound() {
    check_corpus("rated/se121.tsv", 400);
    check_corpus("rated/hodoku.tsv", 300);
    check_corpus("rated/sukaku-exchange.tsv", 300);
    check_corpus("forum-hardest-11plus.txt", 150);
    check_corpus("17-clue.txt", 300);
    check_corpus("labeled/kaggle-5000.tsv", 200);
}
