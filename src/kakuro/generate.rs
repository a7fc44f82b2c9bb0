//! Large Kakuro built from scratch, for sizes no published collection reaches (past 700
//! white cells): a pattern of white cells, a fill of digits, the clues read from the fill,
//! then runs split until the puzzle is unique.
//!
//! Owns [`large`]. The steps, all driven by one seeded generator (the same seed and size give
//! the same puzzle):
//! 1. **pattern**: the first row and column black, each other square black with a small
//!    chance; then, until nothing changes, every row or column segment of one white cell is
//!    blackened, every segment longer than 9 is split by a black square at a random place,
//!    and only the largest connected region of white cells is kept;
//! 2. **fill**: distinct digits in every run, by a randomized search (smallest domain first,
//!    digits in random order, forward checking), restarted on a new stream if it takes long;
//! 3. **clues**: each run's sum from the fill;
//! 4. **uniqueness**: the GAC engine counts solutions up to two; while there are two, a cell
//!    where they differ turns black (its runs split, their sums recomputed from the same
//!    fill, which stays valid) and the pattern is settled again.

use std::fmt;

use super::digits::Digits;
use super::engines::{self, model::Model, Count, Engine, Options};
use super::format::MAX_SIDE;
use super::puzzle::{Kakuro, Square};

/// Why no puzzle was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateError(String);

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for GenerateError {}

/// The chance, in percent, that a square starts black: low enough for long runs (and many
/// white cells), high enough that the splits leave a grid of mixed run lengths.
const BLACK_PERCENT: u64 = 14;
/// Digits a fill may try before it restarts.
const FILL_NODES: u64 = 200_000;
/// Splits tried before giving up on uniqueness (never reached on the sizes measured).
const MAX_SPLITS: usize = 2_000;

/// xorshift64*: small, fast, and the same on every platform.
struct Rng(u64);

impl Rng {
    fn new(seed: u64) -> Rng {
        Rng(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1)
    }

    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    /// A number in `0..bound` (`bound` > 0).
    fn below(&mut self, bound: usize) -> usize {
        (self.next() % bound as u64) as usize
    }
}

/// Which squares are white.
struct Pattern {
    rows: usize,
    cols: usize,
    white: Vec<bool>,
}

impl Pattern {
    fn random(rows: usize, cols: usize, rng: &mut Rng) -> Pattern {
        let white = (0..rows * cols)
            .map(|i| i / cols > 0 && i % cols > 0 && rng.next() % 100 >= BLACK_PERCENT)
            .collect();
        Pattern { rows, cols, white }
    }

    /// The maximal white segments of each row, then of each column: (start, step, length).
    fn segments(&self) -> Vec<(usize, usize, usize)> {
        let mut found = Vec::new();
        for (outer, inner, step_outer, step_inner) in [
            (self.rows, self.cols, self.cols, 1),
            (self.cols, self.rows, 1, self.cols),
        ] {
            for o in 0..outer {
                let mut i = 0;
                while i < inner {
                    let at = |i: usize| o * step_outer + i * step_inner;
                    if !self.white[at(i)] {
                        i += 1;
                        continue;
                    }
                    let start = i;
                    while i < inner && self.white[at(i)] {
                        i += 1;
                    }
                    found.push((at(start), step_inner, i - start));
                }
            }
        }
        found
    }

    /// Blackens one-cell segments and splits long ones until every segment has 2 to 9
    /// cells, keeping the largest connected region.
    fn settle(&mut self, rng: &mut Rng) {
        loop {
            let mut changed = false;
            for (start, step, length) in self.segments() {
                if length == 1 {
                    self.white[start] = false;
                    changed = true;
                } else if length > 9 {
                    // Both parts keep two cells or more; the first part at most nine.
                    let at = 2 + rng.below(length.min(12) - 4);
                    self.white[start + at * step] = false;
                    changed = true;
                }
            }
            changed |= self.keep_largest_region();
            if !changed {
                return;
            }
        }
    }

    /// Blackens every white square outside the largest 4-connected region; whether any was.
    fn keep_largest_region(&mut self) -> bool {
        let mut region = vec![usize::MAX; self.white.len()];
        let mut sizes = Vec::new();
        for seed in 0..self.white.len() {
            if !self.white[seed] || region[seed] != usize::MAX {
                continue;
            }
            let id = sizes.len();
            let mut size = 0;
            let mut pending = vec![seed];
            region[seed] = id;
            while let Some(at) = pending.pop() {
                size += 1;
                let (r, c) = (at / self.cols, at % self.cols);
                let neighbours = [
                    (r > 0).then(|| at - self.cols),
                    (r + 1 < self.rows).then(|| at + self.cols),
                    (c > 0).then(|| at - 1),
                    (c + 1 < self.cols).then(|| at + 1),
                ];
                for next in neighbours.into_iter().flatten() {
                    if self.white[next] && region[next] == usize::MAX {
                        region[next] = id;
                        pending.push(next);
                    }
                }
            }
            sizes.push(size);
        }
        let Some(largest) = (0..sizes.len()).max_by_key(|&i| (sizes[i], usize::MAX - i)) else {
            return false;
        };
        let mut changed = false;
        for (white, &id) in self.white.iter_mut().zip(&region) {
            if *white && id != largest {
                *white = false;
                changed = true;
            }
        }
        changed
    }
}

/// Distinct digits in every segment of `pattern`, a digit per square (0 on black), or `None`
/// when the search passed its budget.
fn fill(pattern: &Pattern, rng: &mut Rng) -> Option<Vec<u8>> {
    let squares = pattern.white.len();
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); squares];
    for (start, step, length) in pattern.segments() {
        for i in 0..length {
            for j in 0..length {
                if i != j {
                    peers[start + i * step].push(start + j * step);
                }
            }
        }
    }
    let whites: Vec<usize> = (0..squares).filter(|&s| pattern.white[s]).collect();
    struct Frame {
        domains: Vec<Digits>,
        assigned: Vec<u8>,
        square: usize,
        order: Vec<u8>,
    }
    let choose = |domains: &[Digits], assigned: &[u8]| -> Option<usize> {
        whites
            .iter()
            .copied()
            .filter(|&s| assigned[s] == 0)
            .min_by_key(|&s| domains[s].len())
    };
    let shuffled = |domain: Digits, rng: &mut Rng| -> Vec<u8> {
        let mut digits: Vec<u8> = domain.iter().collect();
        for i in (1..digits.len()).rev() {
            digits.swap(i, rng.below(i + 1));
        }
        digits
    };
    let domains = vec![Digits::ALL; squares];
    let assigned = vec![0u8; squares];
    let first = choose(&domains, &assigned)?;
    let mut stack = vec![Frame {
        order: shuffled(domains[first], rng),
        domains,
        assigned,
        square: first,
    }];
    let mut nodes = 0;
    while let Some(frame) = stack.last_mut() {
        let Some(digit) = frame.order.pop() else {
            stack.pop();
            continue;
        };
        nodes += 1;
        if nodes > FILL_NODES {
            return None;
        }
        let square = frame.square;
        let mut domains = frame.domains.clone();
        let mut assigned = frame.assigned.clone();
        assigned[square] = digit;
        domains[square] = Digits::single(digit);
        let mut dead = false;
        for &peer in &peers[square] {
            if assigned[peer] == 0 {
                domains[peer] = domains[peer].without(digit);
                dead |= domains[peer].is_empty();
            }
        }
        if dead {
            continue;
        }
        match choose(&domains, &assigned) {
            None => return Some(assigned),
            Some(next) => stack.push(Frame {
                order: shuffled(domains[next], rng),
                domains,
                assigned,
                square: next,
            }),
        }
    }
    None
}

/// The Kakuro of `pattern` with its clues read from `digits` (a digit per square).
fn with_clues(pattern: &Pattern, digits: &[u8]) -> Result<Kakuro, GenerateError> {
    let (rows, cols) = (pattern.rows, pattern.cols);
    let run_sum = |start: usize, step: usize| -> Option<u32> {
        let mut at = start;
        let mut sum = 0;
        while at < rows * cols && pattern.white[at] {
            sum += u32::from(digits[at]);
            at += step;
            if step == 1 && at % cols == 0 {
                break;
            }
        }
        (sum > 0).then_some(sum)
    };
    let squares = (0..rows * cols)
        .map(|at| {
            if pattern.white[at] {
                return Square::White(None);
            }
            let right = (at % cols + 1 < cols).then(|| run_sum(at + 1, 1)).flatten();
            let down = (at / cols + 1 < rows).then(|| run_sum(at + cols, cols)).flatten();
            match (down, right) {
                (None, None) => Square::Black,
                (down, right) => Square::Clue { down, right },
            }
        })
        .collect();
    Kakuro::new(rows, cols, squares).map_err(|e| GenerateError(format!("a bad grid was built: {e}")))
}

/// A unique Kakuro of `rows` x `cols` squares from `seed`, named `stepwise-kakuro-RxC-seedS`
/// with the command that makes it again as its source.
pub fn large(rows: usize, cols: usize, seed: u64) -> Result<Kakuro, GenerateError> {
    if !(4..=MAX_SIDE).contains(&rows) || !(4..=MAX_SIDE).contains(&cols) {
        return Err(GenerateError(format!(
            "a grid of {rows}x{cols}: rows and columns must be 4 to {MAX_SIDE}"
        )));
    }
    let mut rng = Rng::new(seed);
    let mut pattern = Pattern::random(rows, cols, &mut rng);
    pattern.settle(&mut rng);
    let digits = loop {
        if let Some(digits) = fill(&pattern, &mut rng) {
            break digits;
        }
    };
    let options = Options {
        limit: 2,
        node_cap: engines::DEFAULT_NODE_CAP,
        shave: false,
    };
    for _ in 0..MAX_SPLITS {
        if !pattern.white.iter().any(|&w| w) {
            break;
        }
        let mut kakuro = with_clues(&pattern, &digits)?;
        let report = engines::solve(&Model::of_kakuro(&kakuro), Engine::Gac, &options);
        let differing: Vec<usize> = match report.count() {
            Count::Unique => {
                kakuro.id = Some(format!("stepwise-kakuro-{rows}x{cols}-seed{seed}"));
                kakuro.source = Some(format!(
                    "generated by Stepwise: stepwise kakuro generate --rows {rows} --cols {cols} --seed {seed}"
                ));
                return Ok(kakuro);
            }
            Count::Multiple => {
                let other = report
                    .solutions
                    .iter()
                    .find(|s| (0..s.len()).any(|c| {
                        let (r, col) = kakuro.position(c);
                        s[c] != digits[r * cols + col]
                    }))
                    .cloned()
                    .unwrap_or_default();
                (0..other.len())
                    .filter_map(|c| {
                        let (r, col) = kakuro.position(c);
                        (other[c] != digits[r * cols + col]).then_some(r * cols + col)
                    })
                    .collect()
            }
            // No solution cannot happen (the fill is one); a search past its cap is split
            // anywhere.
            Count::None | Count::Unknown => (0..rows * cols).filter(|&s| pattern.white[s]).collect(),
        };
        if differing.is_empty() {
            return Err(GenerateError("two solutions that do not differ".to_string()));
        }
        pattern.white[differing[rng.below(differing.len())]] = false;
        pattern.settle(&mut rng);
    }
    Err(GenerateError(format!(
        "no unique grid after {MAX_SPLITS} splits (seed {seed})"
    )))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_generated_grid_is_unique_and_the_same_for_the_same_seed() {
        let a = large(12, 12, 3).unwrap();
        let b = large(12, 12, 3).unwrap();
        assert_eq!(a, b);
        assert!(a.cell_count() > 20, "{}", a.cell_count());
        let report = engines::solve(&Model::of_kakuro(&a), Engine::Gac, &Options::default());
        assert_eq!(report.count(), Count::Unique);
        assert!(large(2, 40, 1).is_err());
    }
}
