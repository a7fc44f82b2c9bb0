//! Sudoku Explainer's chaining rules, checked beyond the steps the pipeline takes: at states
//! where the pipeline reaches the chains, every hint of every rule (Forcing Chains & Cycles,
//! Nishio, Multiple, Dynamic, Dynamic (+)) must be sound against the solution and must replay:
//! each link of its chains holds on the grid and the chains end in the stated conclusion
//! (`ChainHint::check_links`). On a fresh clone without `../shared`, famous puzzles written
//! here stand in.

mod common;

use stepwise::finders::forcing_chains::{search, Rule};
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options, Status};
use stepwise::technique::{Family, Technique};

const RULES: [(&str, Rule); 5] = [
    ("Forcing Chains & Cycles", Rule::FORCING_CHAINS_AND_CYCLES),
    ("Nishio", Rule::NISHIO),
    ("Multiple", Rule::MULTIPLE),
    ("Dynamic", Rule::DYNAMIC),
    ("Dynamic (+)", Rule::nested(1)),
];

/// Hard puzzles of the classic top1465 list (SE ER 9.8, 9.0 and 8.9), written here for a
/// clone without the shared corpora.
const FAMOUS: [&str; 3] = [
    "7.....4...2..7..8...3..8..9...5..3...6..2..9...1..7..6...3..9...3..4..6...9..1..5",
    "2...4.5...1.....3............6...8.2.7.3.9......1.....4...5.6.....7...9...8......",
    "3..8.1....5....6.9......4..5..7...8..4..6...........2.2..3.........9.1....7......",
];

/// Options up to Dynamic Forcing Chains (+): nested chains are too slow for a sweep.
fn up_to_dynamic_plus() -> Options {
    Options::sudoku_explainer().up_to(Technique::DynamicForcingChainsPlus)
}

/// The states just before each chain step of the puzzles' traces, with their solutions.
fn chain_states(puzzles: &[String], per_puzzle: usize) -> Vec<(Grid, [u8; 81], String)> {
    let options = up_to_dynamic_plus();
    let mut states = Vec::new();
    for line in puzzles {
        let start = Grid::from_puzzle(&common::cells(line));
        let trace = solve(&start, &options);
        let Some(solution) = trace.solution else {
            continue;
        };
        let mut grid = start.clone();
        let mut taken = 0;
        for step in &trace.steps {
            if step.technique.family() == Family::ForcingChains && taken < per_puzzle {
                states.push((grid.clone(), solution, line.clone()));
                taken += 1;
            }
            apply(&mut grid, step);
        }
    }
    states
}

fn check_states(states: &[(Grid, [u8; 81], String)]) -> [usize; 5] {
    let mut found = [0usize; 5];
    for (grid, solution, line) in states {
        for (i, (name, rule)) in RULES.iter().enumerate() {
            for hint in search(*rule, grid) {
                found[i] += 1;
                for &(cell, digit) in &hint.removable {
                    assert_ne!(
                        solution[cell],
                        digit,
                        "{line}: {name} removes the solution's r{}c{}={digit}",
                        cell / 9 + 1,
                        cell % 9 + 1
                    );
                }
                if let Some((cell, digit)) = hint.placement {
                    assert_eq!(solution[cell], digit, "{line}: {name} places a wrong digit");
                }
                if let Err(why) = hint.check_links(grid) {
                    panic!("{line}: a {name} hint does not replay: {why}\n{grid:?}");
                }
            }
        }
    }
    found
}

#[test]
fn every_chain_hint_is_sound_and_replays() {
    let corpus = common::corpus("top1465.txt", 120);
    let from_corpus = corpus.is_some();
    let puzzles: Vec<String> =
        corpus.unwrap_or_else(|| FAMOUS.iter().map(|s| s.to_string()).collect());
    let states = chain_states(&puzzles, if from_corpus { 2 } else { usize::MAX });
    assert!(!states.is_empty(), "no chain step in the sample");
    let found = check_states(&states);
    for (i, (name, _)) in RULES.iter().enumerate() {
        eprintln!(
            "{name}: {} hints checked over {} states",
            found[i],
            states.len()
        );
        // The three literal puzzles need the harder rules only; the corpus sample has all.
        assert!(
            !from_corpus || found[i] > 0,
            "{name} found nothing to check"
        );
    }
    assert!(found.iter().sum::<usize>() > 0, "no hint checked");
}

#[test]
fn hard_puzzles_are_solved_by_chains_without_guessing() {
    let options = up_to_dynamic_plus();
    for puzzle in FAMOUS {
        let trace = solve(&Grid::from_puzzle(&common::cells(puzzle)), &options);
        assert_eq!(trace.status, Status::Solved, "{puzzle}");
        assert_eq!(trace.first_unsound_step(), None, "{puzzle}");
        assert!(trace
            .steps
            .iter()
            .any(|s| s.technique.family() == Family::ForcingChains));
    }
}
