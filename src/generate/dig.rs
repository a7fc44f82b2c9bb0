//! Solution grids and digging: a random full grid, the cells grouped into a symmetry's orbits,
//! and givens taken away an orbit at a time while a test (uniqueness, or a solve) still holds.

use super::rng::Rng;
use crate::analysis::symmetry::Symmetry;
use crate::geometry::{box_of, col_of, row_of};
use crate::solver::count_solutions;

/// A random solution grid: cells filled most-constrained first, digits tried in random order
/// (an empty grid rarely needs a backtrack this way).
pub(crate) fn random_solution(rng: &mut Rng) -> [u8; 81] {
    let mut fill = Fill {
        cells: [0; 81],
        rows: [0; 9],
        cols: [0; 9],
        boxes: [0; 9],
    };
    let done = fill.search(rng);
    debug_assert!(done, "an empty grid always has a solution");
    fill.cells
}

struct Fill {
    cells: [u8; 81],
    rows: [u16; 9],
    cols: [u16; 9],
    boxes: [u16; 9],
}

impl Fill {
    fn free(&self, cell: usize) -> u16 {
        !(self.rows[row_of(cell)] | self.cols[col_of(cell)] | self.boxes[box_of(cell)]) & 0x1FF
    }

    /// Places or takes back `digit` (the unit masks toggle), leaving `value` in the cell.
    fn toggle(&mut self, cell: usize, digit: u8, value: u8) {
        let bit = 1u16 << (digit - 1);
        self.cells[cell] = value;
        self.rows[row_of(cell)] ^= bit;
        self.cols[col_of(cell)] ^= bit;
        self.boxes[box_of(cell)] ^= bit;
    }

    fn search(&mut self, rng: &mut Rng) -> bool {
        let Some(cell) = (0..81)
            .filter(|&c| self.cells[c] == 0)
            .min_by_key(|&c| self.free(c).count_ones())
        else {
            return true;
        };
        let free = self.free(cell);
        let mut digits: Vec<u8> = (1..=9u8).filter(|d| free & (1 << (d - 1)) != 0).collect();
        rng.shuffle(&mut digits);
        for digit in digits {
            self.toggle(cell, digit, digit);
            if self.search(rng) {
                return true;
            }
            self.toggle(cell, digit, 0);
        }
        false
    }
}

/// The cells in orbits under `symmetry` (each cell alone without one), in cell order of each
/// orbit's first cell. An orbit's cells are given or empty together.
pub(crate) fn orbits(symmetry: Option<Symmetry>) -> Vec<Vec<usize>> {
    let mut seen = [false; 81];
    let mut orbits = Vec::new();
    for cell in 0..81 {
        if seen[cell] {
            continue;
        }
        let mut orbit = vec![cell];
        seen[cell] = true;
        if let Some(symmetry) = symmetry {
            let mut next = symmetry.image(cell);
            while !seen[next] {
                seen[next] = true;
                orbit.push(next);
                next = symmetry.image(next);
            }
        }
        orbits.push(orbit);
    }
    orbits
}

/// Whether the givens have exactly one solution.
pub(crate) fn is_unique(cells: &[u8; 81]) -> bool {
    count_solutions(cells, 2).count == 1
}

/// Takes away, in the order given, every orbit whose removal keeps `keeps` true of the puzzle
/// (which holds of `puzzle` on entry).
pub(crate) fn dig(
    puzzle: &mut [u8; 81],
    orbits: &[Vec<usize>],
    mut keeps: impl FnMut(&[u8; 81]) -> bool,
) {
    for orbit in orbits {
        if orbit.iter().any(|&c| puzzle[c] == 0) {
            continue;
        }
        let saved: Vec<u8> = orbit.iter().map(|&c| puzzle[c]).collect();
        for &c in orbit {
            puzzle[c] = 0;
        }
        if !keeps(puzzle) {
            for (&c, &d) in orbit.iter().zip(&saved) {
                puzzle[c] = d;
            }
        }
    }
}

/// Whether no single given can be taken away without losing uniqueness.
pub(crate) fn is_minimal(puzzle: &[u8; 81]) -> bool {
    let mut probe = *puzzle;
    (0..81).filter(|&c| puzzle[c] != 0).all(|c| {
        probe[c] = 0;
        let needed = !is_unique(&probe);
        probe[c] = puzzle[c];
        needed
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::check_conflicts;

    #[test]
    fn random_solutions_are_full_valid_and_differ() {
        let mut rng = Rng::for_attempt(1, 0);
        let a = random_solution(&mut rng);
        let b = random_solution(&mut rng);
        for grid in [a, b] {
            assert!(grid.iter().all(|&d| (1..=9).contains(&d)));
            assert!(check_conflicts(&grid).is_ok());
        }
        assert_ne!(a, b);
    }

    #[test]
    fn orbits_partition_the_grid() {
        for symmetry in [
            None,
            Some(Symmetry::Rotational180),
            Some(Symmetry::Rotational90),
        ] {
            let orbits = orbits(symmetry);
            let mut cells: Vec<usize> = orbits.iter().flatten().copied().collect();
            cells.sort_unstable();
            assert_eq!(cells, (0..81).collect::<Vec<_>>());
        }
        assert_eq!(orbits(Some(Symmetry::Rotational180)).len(), 41);
        assert_eq!(orbits(Some(Symmetry::Rotational90)).len(), 21);
    }

    #[test]
    fn digging_for_uniqueness_leaves_a_minimal_puzzle() {
        let mut rng = Rng::for_attempt(2, 0);
        let solution = random_solution(&mut rng);
        let mut order = orbits(None);
        rng.shuffle(&mut order);
        let mut puzzle = solution;
        dig(&mut puzzle, &order, is_unique);
        assert!(is_unique(&puzzle));
        assert!(is_minimal(&puzzle));
        assert!((17..=40).contains(&puzzle.iter().filter(|&&d| d != 0).count()));
    }
}
