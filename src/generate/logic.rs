//! A fast closure of the singles, for digging: whether full houses, hidden singles and (when
//! asked) naked singles alone solve a puzzle.
//!
//! For a request whose puzzles the singles must solve (level Easy, or an ER or hardest step
//! below the first technique past them), the generator digs givens out while the singles still
//! solve the puzzle. That proves uniqueness at once (every deduction is sound, so a solved
//! closure is the one solution) and keeps the puzzle within the request, at a microsecond or
//! two a test (the test ends as soon as the cells just taken away are placed again), where a
//! uniqueness check takes a few and a rating tens. A placement never hides another single, so
//! the closure is the same whatever the order of its placements, and it holds from every
//! later state: when it solves a puzzle, a rating path that tries the singles first never
//! needs anything else. It is a filter only: every puzzle given out is rated by the pipeline.
//!
//! Candidates are kept per digit as 81-bit cell sets, so a placement is a handful of word
//! operations.

use crate::geometry::{TABLES, UNITS};

/// Whether the singles (naked singles only when `naked`) solve the puzzle, which then has
/// exactly one solution. `removed`: cells taken away from a puzzle the same singles are known
/// to solve; the closure then ends as soon as it has placed them all again (from there on it
/// holds all that puzzle's givens). 0 when nothing is known.
pub(crate) fn singles_solve(puzzle: &[u8; 81], removed: u128, naked: bool) -> bool {
    match Board::new(puzzle) {
        Some(mut board) => board.close(naked, removed),
        None => false,
    }
}

const fn bit(cell: usize) -> u128 {
    1u128 << cell
}

/// A unit's cells as a word (rows, columns, boxes).
fn unit(u: usize) -> u128 {
    TABLES.unit_sets[u].0
}

fn peers(cell: usize) -> u128 {
    TABLES.peers[cell].0
}
struct Board {
    /// Per digit (0-based), the empty cells where it may still go.
    candidates: [u128; 9],
    /// Per digit, the cells that hold it.
    placed: [u128; 9],
    /// The empty cells.
    empty: u128,
}

impl Board {
    /// The board of a puzzle; `None` when two givens clash.
    fn new(puzzle: &[u8; 81]) -> Option<Board> {
        let mut board = Board {
            candidates: [0; 9],
            placed: [0; 9],
            empty: 0,
        };
        let mut blocked = [0u128; 9];
        for (cell, &value) in puzzle.iter().enumerate() {
            if value == 0 {
                board.empty |= bit(cell);
            } else {
                let d = usize::from(value - 1);
                if blocked[d] & bit(cell) != 0 {
                    return None;
                }
                board.placed[d] |= bit(cell);
                blocked[d] |= peers(cell);
            }
        }
        for (candidates, blocked) in board.candidates.iter_mut().zip(blocked) {
            *candidates = board.empty & !blocked;
        }
        Some(board)
    }

    /// Places digit `d` (0-based) in `cell`; false when the cell no longer has it.
    fn place(&mut self, cell: usize, d: usize) -> bool {
        let b = bit(cell);
        if self.candidates[d] & b == 0 {
            return false;
        }
        self.placed[d] |= b;
        self.empty &= !b;
        for c in self.candidates.iter_mut() {
            *c &= !b;
        }
        self.candidates[d] &= !peers(cell);
        true
    }

    /// Runs the closure to its end: true when every cell is filled, or every cell of
    /// `removed` (see [`singles_solve`]).
    fn close(&mut self, naked: bool, removed: u128) -> bool {
        loop {
            if self.empty & removed == 0 && (removed != 0 || self.empty == 0) {
                return true;
            }
            // Cells with one candidate, and with none (a contradiction).
            let (mut once, mut twice) = (0u128, 0u128);
            for &c in &self.candidates {
                twice |= once & c;
                once |= c;
            }
            if self.empty & !once != 0 {
                return false;
            }
            if naked {
                let singles = once & !twice;
                if singles != 0 {
                    for d in 0..9 {
                        let mut cells = singles & self.candidates[d];
                        while cells != 0 {
                            let cell = cells.trailing_zeros() as usize;
                            cells &= cells - 1;
                            if !self.place(cell, d) {
                                return false;
                            }
                        }
                    }
                    continue;
                }
            }
            match self.hidden_singles() {
                Some(true) => continue,
                Some(false) => return false,
                None => return false,
            }
        }
    }

    /// Places every hidden single found in one sweep: `Some(true)` if any, `None` on a
    /// contradiction (a digit with no place left in a unit that lacks it).
    fn hidden_singles(&mut self) -> Option<bool> {
        let mut placed_any = false;
        for d in 0..9 {
            if self.candidates[d] == 0 {
                continue;
            }
            for u in 0..UNITS {
                let mask = unit(u);
                let cells = self.candidates[d] & mask;
                if cells == 0 {
                    if self.placed[d] & mask == 0 {
                        return None;
                    }
                } else if cells & (cells - 1) == 0 {
                    if !self.place(cells.trailing_zeros() as usize, d) {
                        return None;
                    }
                    placed_any = true;
                }
            }
        }
        Some(placed_any)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;

    fn cells(line: &str) -> [u8; 81] {
        parse_puzzle(line, None).unwrap().cells
    }

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn singles_solve_an_easy_puzzle_and_not_a_hard_one() {
        assert!(singles_solve(&cells(EASY), 0, true));
        // Easter Monster: no single at all.
        let hard = cells(
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
        );
        assert!(!singles_solve(&hard, 0, true));
    }

    #[test]
    fn a_puzzle_with_two_solutions_is_never_solved() {
        let mut two = cells(EASY);
        for c in two.iter_mut().skip(20) {
            *c = 0;
        }
        assert!(!singles_solve(&two, 0, true));
        assert!(!singles_solve(&[0; 81], 0, true));
    }

    #[test]
    fn removed_cells_placed_again_end_the_closure() {
        let mut less = cells(EASY);
        less[0] = 0;
        assert!(singles_solve(&less, 1, true));
        assert!(singles_solve(&less, 0, true));
    }

    /// The closure agrees with the pipeline: a puzzle the singles solve is solved by the
    /// hodoku path's singles alone, and one they do not solve is not (hidden singles alone:
    /// the se path's full houses and hidden singles).
    #[test]
    fn the_closure_agrees_with_the_pipeline() {
        use crate::grid::Grid;
        use crate::pipeline::{solve, Options, Status};
        use crate::technique::Technique::*;
        let mut rng = super::super::rng::Rng::for_attempt(5, 0);
        let orbits = super::super::dig::orbits(None);
        let singles = |techniques: Vec<crate::technique::Technique>| Options {
            techniques,
            ..Options::hodoku()
        };
        let with_naked = singles(vec![
            FullHouse,
            NakedSingle,
            HiddenSingleBox,
            HiddenSingleLine,
        ]);
        let hidden_only = singles(vec![FullHouse, HiddenSingleBox, HiddenSingleLine]);
        let mut agreed = 0;
        for _ in 0..60 {
            let solution = super::super::dig::random_solution(&mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            let mut puzzle = solution;
            super::super::dig::dig(&mut puzzle, &orbits, &order, 0, |p, _| {
                super::super::dig::is_unique(p)
            });
            let grid = Grid::from_puzzle(&puzzle);
            for (naked, options) in [(true, &with_naked), (false, &hidden_only)] {
                let logic = solve(&grid, options).status == Status::Solved;
                assert_eq!(
                    singles_solve(&puzzle, 0, naked),
                    logic,
                    "{}",
                    grid.to_line()
                );
                agreed += usize::from(logic);
            }
        }
        assert!(agreed > 10, "{agreed}");
    }
}
