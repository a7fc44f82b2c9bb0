//! Digging: givens taken out of a complete grid, an orbit of cells at a time, while a test of
//! the puzzle still holds. The one digger every puzzle maker uses, whatever the grid's size:
//! the 9x9 generator (symmetry orbits, uniqueness or a singles solve as the test) and the
//! puzzles of every shape for tests and benchmarks (single cells, a node-capped count).
//!
//! A puzzle is a slice of cells, 0 for empty; an orbit is a list of cell indexes that are given
//! or empty together; the test (`keeps`) is told the puzzle without the orbits just taken and
//! those orbits' cells, so a test that knows the puzzle before can look only at what changed.

/// Takes away, in the order given, every orbit (an index into `orbits`) whose removal keeps
/// `keeps` true of the puzzle (which holds of `puzzle` on entry), never leaving fewer than
/// `min_givens` givens; orbits already empty are passed over. Returns the orbits it tried and
/// kept, in order.
///
/// Orbits are tried in groups and a group that fails is split in halves (group testing): as
/// `keeps` only turns false as givens go (fewer givens never make a puzzle unique or simpler
/// again), a group whose removal keeps it would have been removed orbit by orbit too, so the
/// result is exactly that of [`dig_one_at_a_time`] with a fraction of the tests while most
/// removals pass (the first half of a dig). A test that is not monotone (one cut by a node
/// limit, say) must use [`dig_one_at_a_time`].
pub fn dig(
    puzzle: &mut [u8],
    orbits: &[Vec<usize>],
    order: &[usize],
    min_givens: usize,
    mut keeps: impl FnMut(&[u8], &[usize]) -> bool,
) -> Vec<usize> {
    let todo: Vec<usize> = order
        .iter()
        .copied()
        .filter(|&o| orbits[o].iter().all(|&c| puzzle[c] != 0))
        .collect();
    let givens = puzzle.iter().filter(|&&d| d != 0).count();
    let mut digger = Digger {
        saved: puzzle.to_vec(),
        puzzle,
        orbits,
        givens,
        removed: Vec::new(),
        kept: Vec::new(),
    };
    let mut batch = 8usize;
    let mut i = 0;
    while i < todo.len() {
        let end = (i + batch).min(todo.len());
        let group = &todo[i..end];
        let size: usize = group.iter().map(|&o| orbits[o].len()).sum();
        if digger.givens < min_givens + size {
            if group.len() > 1 {
                batch = 1;
                continue;
            }
            digger.kept.push(group[0]);
            i = end;
            continue;
        }
        let whole = digger.try_group(group, false, &mut keeps);
        i = end;
        batch = if whole {
            (batch * 2).min(16)
        } else {
            (batch / 2).max(1)
        };
    }
    digger.kept
}

/// Takes away, in the order given, orbits whose removal keeps `keeps` true (as [`dig`]), one
/// at a time and one test each, until `most` have gone (all that can, for `usize::MAX`).
pub fn dig_one_at_a_time(
    puzzle: &mut [u8],
    orbits: &[Vec<usize>],
    order: &[usize],
    min_givens: usize,
    most: usize,
    mut keeps: impl FnMut(&[u8], &[usize]) -> bool,
) {
    let mut givens = puzzle.iter().filter(|&&d| d != 0).count();
    let mut gone = 0;
    for &o in order {
        if gone == most {
            break;
        }
        let orbit = &orbits[o];
        if givens < min_givens + orbit.len() || orbit.iter().any(|&c| puzzle[c] == 0) {
            continue;
        }
        let saved: Vec<u8> = orbit.iter().map(|&c| puzzle[c]).collect();
        for &c in orbit {
            puzzle[c] = 0;
        }
        if keeps(puzzle, orbit) {
            givens -= orbit.len();
            gone += 1;
        } else {
            for (&c, &digit) in orbit.iter().zip(&saved) {
                puzzle[c] = digit;
            }
        }
    }
}

struct Digger<'a> {
    puzzle: &'a mut [u8],
    orbits: &'a [Vec<usize>],
    givens: usize,
    /// The puzzle before the group under test went (a buffer kept between tests).
    saved: Vec<u8>,
    /// The cells of the group under test.
    removed: Vec<usize>,
    kept: Vec<usize>,
}

impl Digger<'_> {
    /// Removes the group if `keeps` holds without it, else tries its halves in order; `fails`:
    /// the group is known to fail whole. Whether the whole group went.
    fn try_group(
        &mut self,
        group: &[usize],
        fails: bool,
        keeps: &mut impl FnMut(&[u8], &[usize]) -> bool,
    ) -> bool {
        if !fails {
            self.saved.copy_from_slice(self.puzzle);
            self.removed.clear();
            for &o in group {
                for &c in &self.orbits[o] {
                    self.puzzle[c] = 0;
                    self.removed.push(c);
                }
            }
            if keeps(self.puzzle, &self.removed) {
                self.givens -= self.removed.len();
                return true;
            }
            self.puzzle.copy_from_slice(&self.saved);
        }
        if group.len() == 1 {
            self.kept.push(group[0]);
            return false;
        }
        let (a, b) = group.split_at(group.len() / 2);
        // When the first half goes whole, the second cannot (the group failed): no test.
        let first = self.try_group(a, false, keeps);
        self.try_group(b, first, keeps);
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A test that holds while at least `floor` of the cells in `watched` are given:
    /// monotone, as uniqueness is.
    fn enough_of(watched: &[usize], floor: usize) -> impl Fn(&[u8], &[usize]) -> bool + '_ {
        move |p, _| watched.iter().filter(|&&c| p[c] != 0).count() >= floor
    }

    #[test]
    fn group_testing_takes_what_one_at_a_time_takes() {
        let full: Vec<u8> = (0..40).map(|i| (i % 9 + 1) as u8).collect();
        let orbits: Vec<Vec<usize>> = (0..20).map(|i| vec![i, 39 - i]).collect();
        let watched = [0, 3, 5, 7, 11, 12, 30, 31, 38];
        for (order_seed, floor) in [(1usize, 3), (7, 6), (3, 9), (9, 0)] {
            let order: Vec<usize> = (0..20).map(|i| (i * order_seed + 3) % 20).collect();
            let mut grouped = full.clone();
            let tests = std::cell::Cell::new(0);
            let test = enough_of(&watched, floor);
            dig(&mut grouped, &orbits, &order, 0, |p, removed| {
                tests.set(tests.get() + 1);
                assert!(removed.iter().all(|&c| p[c] == 0));
                test(p, removed)
            });
            let mut single = full.clone();
            dig_one_at_a_time(&mut single, &orbits, &order, 0, usize::MAX, &test);
            assert_eq!(grouped, single, "order {order_seed}, floor {floor}");
            assert!(test(&grouped, &[]));
            if floor == 0 {
                assert!(grouped.iter().all(|&d| d == 0));
                assert!(tests.get() < 20, "{} tests", tests.get());
            }
        }
    }

    #[test]
    fn digging_stops_at_the_fewest_givens_and_the_most_removals_asked() {
        let full = vec![1u8; 30];
        let cells: Vec<Vec<usize>> = (0..30).map(|c| vec![c]).collect();
        let order: Vec<usize> = (0..30).rev().collect();
        let mut puzzle = full.clone();
        let kept = dig(&mut puzzle, &cells, &order, 12, |_, _| true);
        assert_eq!(puzzle.iter().filter(|&&d| d != 0).count(), 12);
        assert_eq!(kept, (0..12).rev().collect::<Vec<_>>());
        let mut puzzle = full.clone();
        dig_one_at_a_time(&mut puzzle, &cells, &order, 0, 5, |_, _| true);
        assert_eq!(&puzzle[25..], &[0; 5]);
        assert!(puzzle[..25].iter().all(|&d| d == 1));
    }
}
