//! Unit tests of the chaining rules on real positions.

use super::*;
use crate::pipeline::{apply, next_step, Options};

/// The first-only search of Forcing Chains & Cycles skips hints of higher difficulty than the
/// best found so far; the step it returns must be the full search's first, at every state of
/// Sudoku Explainer's path through three of magictour's top1465 (written here, so the test
/// runs without the shared corpora).
#[test]
fn first_only_search_returns_the_full_searchs_first_step() {
    let puzzles = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    ];
    let options = Options::sudoku_explainer();
    let mut compared = 0;
    for puzzle in puzzles {
        let mut grid = Grid::from_test_line(puzzle);
        while let Some(step) = next_step(&grid, &options) {
            let mut full = Vec::new();
            let _ = forcing_chains_and_cycles(&grid, &mut |step| {
                full.push(step);
                ControlFlow::Continue(())
            });
            let first = first_forcing_chain_or_cycle(&grid);
            assert_eq!(
                first.as_ref().map(|s| (s.notation(), s.rating())),
                full.first().map(|s| (s.notation(), s.rating())),
                "at {}",
                grid.to_line()
            );
            compared += usize::from(first.is_some());
            apply(&mut grid, &step);
        }
        assert!(grid.is_solved(), "{puzzle}");
    }
    assert!(
        compared >= 10,
        "only {compared} states with a forcing chain or cycle"
    );
}

/// Inner hints kept from earlier steps (and earlier solves) are the ones a fresh search gives:
/// the path of a nested-chain puzzle is the same, step for step and in every detail, whether
/// the store is emptied before every step, filled along the way, or full from the start.
#[test]
fn kept_inner_hints_change_no_step() {
    // From the forum's hardest list, rated 10.4 by SE: nested chains of levels 2 to 4.
    let puzzle =
        "........8..3.9.4..6....7.1....5.97...3.....2...74........7....6..4.5.3..81.......";
    let start = Grid::from_test_line(puzzle);
    let options = Options::sudoku_explainer();
    let path = |forget_each_step: bool| {
        let mut grid = start.clone();
        let mut steps = Vec::new();
        loop {
            if forget_each_step {
                advanced::forget_raw_hints();
            }
            let Some(step) = next_step(&grid, &options) else {
                break;
            };
            apply(&mut grid, &step);
            steps.push(format!("{step:?}"));
        }
        assert!(grid.is_solved());
        steps
    };
    let cold = path(true);
    advanced::forget_raw_hints();
    let warm = path(false);
    let hot = path(false);
    assert!(cold.iter().any(|s| s.contains("NestedForcingChains")));
    assert_eq!(cold, warm);
    assert_eq!(cold, hot);
}
