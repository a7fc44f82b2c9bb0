//! Solution grids and digging: a random full grid, the cells grouped into a symmetry's orbits,
//! and givens taken away an orbit at a time while a test (uniqueness, or a solve) still holds.

use super::rng::Rng;
use crate::analysis::symmetry::Symmetry;
use crate::csp;
use crate::geometry::cell_at;
use crate::solver::{validity, Validity};

/// A random solution grid: the three boxes of the main diagonal (which share no unit) filled
/// with random permutations, the rest completed by the complete solver, and the digits then
/// relabelled at random (the solver tries low digits first, which the relabelling hides).
/// About 4 µs, a third of filling cell by cell at random.
pub(crate) fn random_solution(rng: &mut Rng) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for b in [0usize, 4, 8] {
        let mut digits: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
        rng.shuffle(&mut digits);
        for (i, d) in digits.into_iter().enumerate() {
            cells[cell_at((b / 3) * 3 + i / 3, (b % 3) * 3 + i % 3)] = d;
        }
    }
    let Validity::Multiple(mut grid, _) = validity(&cells) else {
        unreachable!("three diagonal boxes leave many solutions");
    };
    let mut relabel: [u8; 9] = [1, 2, 3, 4, 5, 6, 7, 8, 9];
    rng.shuffle(&mut relabel);
    for d in grid.iter_mut() {
        *d = relabel[usize::from(*d - 1)];
    }
    grid
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

/// Takes away, in the order given, every orbit whose removal keeps `keeps` true, by group
/// testing: the core's digger ([`crate::csp::dig`]) on a 9x9 grid, with the cells just taken
/// away told to `keeps` as a bit mask (bit `c` for cell `c`). Returns the orbits it tried and
/// kept, in order.
pub(crate) fn dig(
    puzzle: &mut [u8; 81],
    orbits: &[Vec<usize>],
    order: &[usize],
    min_givens: usize,
    mut keeps: impl FnMut(&[u8; 81], u128) -> bool,
) -> Vec<usize> {
    csp::dig(puzzle, orbits, order, min_givens, |p, removed| {
        keeps(as_grid(p), mask(removed))
    })
}

/// Takes away, in the order given, orbits whose removal keeps `keeps` true (as [`dig`]), one
/// at a time, until `most` have gone.
pub(crate) fn dig_some(
    puzzle: &mut [u8; 81],
    orbits: &[Vec<usize>],
    order: &[usize],
    min_givens: usize,
    most: usize,
    mut keeps: impl FnMut(&[u8; 81], u128) -> bool,
) {
    csp::dig_one_at_a_time(puzzle, orbits, order, min_givens, most, |p, removed| {
        keeps(as_grid(p), mask(removed))
    });
}

/// The digger hands back the grid it was given: 81 cells.
fn as_grid(cells: &[u8]) -> &[u8; 81] {
    cells.try_into().expect("a 9x9 grid has 81 cells")
}

fn mask(cells: &[usize]) -> u128 {
    cells.iter().fold(0, |mask, &c| mask | 1 << c)
}

/// Whether the givens have exactly one solution.
pub(crate) fn is_unique(cells: &[u8; 81]) -> bool {
    matches!(validity(cells), Validity::Unique(_))
}

/// Whether the givens have exactly one solution, knowing they had exactly `solution` before the
/// cells of `removed` (bit `c` for cell `c`) were taken away: what the digger asks of every
/// removal. One cell is answered by [`crate::solver::unique_without`] (a search for another
/// digit there), several by the count to two: per removed cell a search of its own costs more
/// than one count (level Unfair, 20 puzzles: 1.20 G instructions with the count alone, 1.09 G
/// with the search for one cell, 1.26 G for up to two, 1.36 G for up to four).
pub(crate) fn stays_unique(cells: &[u8; 81], removed: u128, solution: &[u8; 81]) -> bool {
    if removed.count_ones() == 1 {
        crate::solver::unique_without(cells, solution, removed)
    } else {
        is_unique(cells)
    }
}

/// How many single givens can be taken away, each alone, keeping the solution unique (0: the
/// puzzle is minimal); counting stops at `enough`.
pub(crate) fn removable(puzzle: &[u8; 81], enough: usize) -> usize {
    let mut probe = *puzzle;
    let mut count = 0;
    for c in 0..81 {
        if puzzle[c] == 0 {
            continue;
        }
        probe[c] = 0;
        if is_unique(&probe) {
            count += 1;
            if count >= enough {
                return count;
            }
        }
        probe[c] = puzzle[c];
    }
    count
}

/// Whether no single given can be taken away without losing uniqueness.
pub(crate) fn is_minimal(puzzle: &[u8; 81]) -> bool {
    removable(puzzle, 1) == 0
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
        let orbits = orbits(None);
        let mut order: Vec<usize> = (0..orbits.len()).collect();
        rng.shuffle(&mut order);
        let mut puzzle = solution;
        let kept = dig(&mut puzzle, &orbits, &order, 0, |p, _| is_unique(p));
        assert!(is_unique(&puzzle));
        assert!(is_minimal(&puzzle));
        let givens = puzzle.iter().filter(|&&d| d != 0).count();
        assert!((17..=40).contains(&givens));
        assert_eq!(kept.len(), givens);
    }

    /// Trying orbits in groups gives the puzzle that trying them one at a time gives.
    #[test]
    fn group_testing_digs_as_one_at_a_time() {
        for seed in 0..6 {
            let mut rng = Rng::for_attempt(seed, 0);
            let solution = random_solution(&mut rng);
            let symmetry = [None, Some(Symmetry::Rotational180)][seed as usize % 2];
            let orbits = orbits(symmetry);
            let mut order: Vec<usize> = (0..orbits.len()).collect();
            rng.shuffle(&mut order);
            let mut grouped = solution;
            dig(&mut grouped, &orbits, &order, 0, |p, _| is_unique(p));
            let mut single = solution;
            for &o in &order {
                let saved = single;
                for &c in &orbits[o] {
                    single[c] = 0;
                }
                if !is_unique(&single) {
                    single = saved;
                }
            }
            assert_eq!(grouped, single);
        }
    }

    #[test]
    fn digging_stops_at_the_fewest_givens_asked() {
        let mut rng = Rng::for_attempt(3, 0);
        let solution = random_solution(&mut rng);
        let orbits = orbits(None);
        let order: Vec<usize> = (0..orbits.len()).collect();
        let mut puzzle = solution;
        dig(&mut puzzle, &orbits, &order, 45, |p, _| is_unique(p));
        assert_eq!(puzzle.iter().filter(|&&d| d != 0).count(), 45);
    }

    /// The search for another digit in each removed cell answers as the count to two, on
    /// removals of one cell and of several (which the digger itself leaves to the count), from
    /// puzzles along digs of random grids, where about half the removals fail.
    #[test]
    fn uniqueness_without_removed_cells_agrees_with_the_count() {
        let (mut kept, mut lost) = (0, 0);
        for seed in 0..8 {
            let mut rng = Rng::for_attempt(seed, 1);
            let solution = random_solution(&mut rng);
            let mut order: Vec<usize> = (0..81).collect();
            rng.shuffle(&mut order);
            let mut puzzle = solution;
            for (i, &c) in order.iter().enumerate() {
                // One cell, then also this cell with the next one or three still given.
                for width in [1, 2, 4] {
                    let cells: Vec<usize> = order[i..order.len().min(i + width)]
                        .iter()
                        .copied()
                        .filter(|&c| puzzle[c] != 0)
                        .collect();
                    if cells.len() < width.min(order.len() - i) || cells.is_empty() {
                        continue;
                    }
                    let mut probe = puzzle;
                    let mut removed = 0u128;
                    for &c in &cells {
                        probe[c] = 0;
                        removed |= 1 << c;
                    }
                    let unique = is_unique(&probe);
                    assert_eq!(
                        crate::solver::unique_without(&probe, &solution, removed),
                        unique,
                        "seed {seed}, cells {cells:?}"
                    );
                    if width == 1 {
                        assert_eq!(stays_unique(&probe, removed, &solution), unique);
                    }
                    if unique {
                        kept += 1;
                    } else {
                        lost += 1;
                    }
                }
                let saved = puzzle[c];
                puzzle[c] = 0;
                if !is_unique(&puzzle) {
                    puzzle[c] = saved;
                }
            }
        }
        assert!(kept > 300 && lost > 300, "kept {kept}, lost {lost}");
    }
}
