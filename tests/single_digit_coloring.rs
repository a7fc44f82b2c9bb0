//! Soundness of the single-digit patterns (Skyscraper, 2-String Kite, Turbot Fish, Empty
//! Rectangle) and of coloring (Simple Colors Trap and Wrap, Multi Colors 1 and 2).
//!
//! Every puzzle is solved with `Options::extended()`; no step of the trace may contradict the
//! solution. At every state of the trace, every step these eight finders can find (not only
//! the one the pipeline takes) must agree with the solution too.

mod common;

use stepwise::finders::all;
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options, Status};
use stepwise::technique::Technique;

const TECHNIQUES: [Technique; 8] = [
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
];

fn check_corpus(name: &str, limit: usize) {
    let Some(puzzles) = common::corpus(name, limit) else {
        return;
    };
    // Nested forcing chains cost seconds to minutes per puzzle; stop before them.
    let options = Options::extended().up_to(Technique::DynamicForcingChainsPlus);
    let mut solved = 0;
    let mut checked = 0usize;
    for line in &puzzles {
        let start = Grid::from_puzzle(&common::cells(line));
        let trace = solve(&start, &options);
        if let Some((n, step)) = trace.first_unsound_step() {
            panic!("{name}: {line}: step {} is unsound: {step}", n + 1);
        }
        solved += (trace.status == Status::Solved) as usize;
        let Some(solution) = trace.solution else {
            continue;
        };
        let mut grid = start;
        for taken in &trace.steps {
            for technique in TECHNIQUES {
                for step in all(technique, &grid) {
                    checked += 1;
                    let wrong = step
                        .eliminations
                        .iter()
                        .any(|e| solution[e.cell] == e.digit)
                        || step.placements.iter().any(|p| solution[p.cell] != p.digit);
                    assert!(!wrong, "{name}: {line}: unsound step `{step}`");
                }
            }
            apply(&mut grid, taken);
        }
    }
    eprintln!(
        "{name}: {} puzzles, {solved} solved to the end, {checked} single-digit and coloring steps checked",
        puzzles.len()
    );
}

#[test]
fn top1465_is_sound() {
    check_corpus("top1465.txt", usize::MAX);
}

#[test]
fn se121_sample_is_sound() {
    check_corpus("rated/se121.tsv", 400);
}

#[test]
fn hodoku_sample_is_sound() {
    check_corpus("rated/hodoku.tsv", 300);
}

#[test]
fn hardest_sample_is_sound() {
    check_corpus("forum-hardest-11plus.txt", 150);
}

#[test]
fn seventeen_clue_sample_is_sound() {
    check_corpus("17-clue.txt", 300);
}

#[test]
fn sukaku_sample_is_sound() {
    check_corpus("rated/sukaku-exchange.tsv", 300);
}
