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
        let digits: Vec<u8> = puzzle
            .bytes()
            .map(|b| b.saturating_sub(b'0') % 10)
            .collect();
        let mut grid = Grid::from_puzzle(&digits.try_into().expect("81 cells"));
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
