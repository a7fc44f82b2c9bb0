//! Large Kakuro built from scratch, for sizes no published collection reaches (past 700
//! white cells): a pattern of white cells, a fill of digits, the clues read from the fill,
//! then parts filled again (or split) until the puzzle is unique.
//!
//! Owns [`grid`] (the commands' front door), [`large`] and [`at_level`] (grids of a level: made, rated with the human solve and
//! repaired where too hard; its doc says how). The steps, all driven by one seeded generator
//! (the same seed and size give the same puzzle):
//! 1. **pattern**: the first row and column black; black squares sprinkled at random where
//!    they leave no one-cell segment, until 30% of the squares inside are black; segments
//!    longer than 9 split; one-cell segments blackened and only the largest connected region
//!    kept, until nothing changes;
//! 2. **fill**: distinct digits in every segment by a randomized search (smallest domain
//!    first, forward checking), each segment leaning to small or to large digits: sums near
//!    a run's least or greatest have few combinations;
//! 3. **clues**: each run's sum from the fill;
//! 4. **uniqueness**: GAC propagation and shaving mark the cells they leave open (none open
//!    proves the puzzle unique, since the fill is a solution); the open cells are filled
//!    again with the settled ones kept, and every fourth round a few open cells turn black
//!    instead (the fill stays valid on what is left).
//!
//! Measured (one core): 38x38 gives 823 white cells in 3.7 s, 42x42 981 in 2.2 s, 46x46 1,216
//! in 3.5 s (seed 1). A search in place of shaving would split less, but on a grid with many
//! solutions it thrashes far from where they differ (20,000 nodes without a first solution
//! on a 750-cell fill); a uniform fill leaves almost every cell open (1,137 of 1,145).

use std::fmt;

use super::digits::Digits;
use super::engines::{self, model::Model, Engine};
use super::format::MAX_SIDE;
use super::logic::{self, Board, Level, Status, Technique};
use super::puzzle::{CellId, Kakuro, Square};
use crate::budget::Budget;
use crate::csp::rng::Rng;

/// Why no puzzle was made.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GenerateError {
    message: String,
    timeout: bool,
}

impl GenerateError {
    fn new(message: String) -> GenerateError {
        GenerateError {
            message,
            timeout: false,
        }
    }

    fn timeout() -> GenerateError {
        GenerateError {
            message: "the time ran out before a grid was made".to_string(),
            timeout: true,
        }
    }

    /// Whether the budget (its time, or a cancel) ran out first.
    pub fn is_timeout(&self) -> bool {
        self.timeout
    }
}

impl fmt::Display for GenerateError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for GenerateError {}

/// The chance, in percent, that a square starts black: low enough for long runs (and many
/// white cells), high enough that the splits leave a grid of mixed run lengths.
const BLACK_PERCENT: u64 = 30;
/// Digits a fill may try before it restarts.
const FILL_NODES: u64 = 200_000;
/// Rounds tried before giving up on uniqueness (never reached on the sizes measured).
const MAX_ROUNDS: usize = 200;
/// Attempts of [`at_level`] before it gives up, over the squares inside the grid: small grids
/// are quick to make and seldom expert (a 6x6 grid has some 17 white cells), large
/// ones slow and seldom need a second attempt.
const LEVEL_ATTEMPT_SQUARES: usize = 20_000;
/// The least share, in percent, of its first pattern's white squares that a grid of
/// [`at_level`] keeps; an attempt whose splits cut more away ends (a 20x20 grid kept 35 of
/// some 200 white cells without this).
const MIN_KEPT_PERCENT: usize = 60;
/// The fewest attempts of [`at_level`] at any size.
const MIN_LEVEL_ATTEMPTS: usize = 40;
/// Repairs of a grid rated too hard before the attempt ends.
const REPAIRS: usize = 12;
/// Every this many rounds, cells are split instead of filled again.
const SPLIT_EVERY: usize = 4;
/// A split blackens one in this many of the cells left open (at least one).
const SPLIT_SHARE: usize = 16;

/// The cells that GAC propagation and shaving leave more than one digit: where the grid
/// may have several solutions. None open proves it unique (the fill is a solution, and
/// propagation removes no digit of a solution). A search would prove uniqueness with fewer
/// splits, but on a grid with many solutions it thrashes far from where they differ;
/// shaving never searches.
fn undetermined(kakuro: &Kakuro) -> Vec<usize> {
    let model = Model::of_kakuro(kakuro);
    let Ok(mut state) = engines::propagate_root(&model, Engine::Gac) else {
        return Vec::new();
    };
    if engines::shave_root(&model, Engine::Gac, &mut state).is_err() {
        return Vec::new();
    }
    (0..kakuro.cell_count())
        .filter(|&c| state.domains[c].len() > 1)
        .collect()
}

/// The generator's stream of `seed`: the core's xorshift64* ([`Rng::xorshift`]), unsalted,
/// so that a seed gives the grids it always gave.
fn rng(seed: u64) -> Rng {
    Rng::xorshift(seed, 0)
}

/// How a fill leans each segment's digits to one end: the weight of the lean against a noise
/// drawn below `noise`. Sums near a run's least or greatest have few combinations (easy
/// clues); a weak lean leaves middle sums with many (the combination techniques' work).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct Lean {
    strength: i32,
    noise: usize,
}

impl Lean {
    /// The lean of [`large`], which its seeds' grids keep.
    const PLAIN: Lean = Lean {
        strength: 1,
        noise: 5,
    };

    /// The lean for a level: stronger for the easy ones.
    fn of(level: Level) -> Lean {
        match level {
            Level::Easy => Lean {
                strength: 4,
                noise: 3,
            },
            Level::Medium => Lean {
                strength: 2,
                noise: 5,
            },
            Level::Hard | Level::Expert => Lean::PLAIN,
        }
    }
}

/// Which squares are white.
struct Pattern {
    rows: usize,
    cols: usize,
    white: Vec<bool>,
}

impl Pattern {
    /// A random pattern: black squares sprinkled where they leave no one-cell segment until
    /// [`BLACK_PERCENT`] of the squares inside are black, then long segments split, then
    /// settled.
    fn random(rows: usize, cols: usize, rng: &mut Rng) -> Pattern {
        let mut pattern = Pattern {
            rows,
            cols,
            white: (0..rows * cols)
                .map(|i| i / cols > 0 && i % cols > 0)
                .collect(),
        };
        let inside = (rows - 1) * (cols - 1);
        let target = inside * BLACK_PERCENT as usize / 100;
        let mut black = 0;
        for _ in 0..inside * 8 {
            if black >= target {
                break;
            }
            let at = rng.below_modulo(rows * cols);
            if pattern.white[at] && pattern.can_blacken(at) {
                pattern.white[at] = false;
                black += 1;
            }
        }
        for (start, step, length) in pattern.segments() {
            if length <= 9 {
                continue;
            }
            // Both parts keep two cells or more and the first at most nine; a place that
            // leaves no one-cell segment across it if there is one.
            let places: Vec<usize> = (2..=length.min(12) - 3).map(|i| start + i * step).collect();
            let allowed: Vec<usize> = places
                .iter()
                .copied()
                .filter(|&at| pattern.can_blacken(at))
                .collect();
            let from = if allowed.is_empty() {
                &places
            } else {
                &allowed
            };
            pattern.white[from[rng.below_modulo(from.len())]] = false;
        }
        pattern.settle(rng);
        pattern
    }

    /// The white stretches beside a white square: left, right, up, down.
    fn arms(&self, at: usize) -> [usize; 4] {
        let (r, c) = (at / self.cols, at % self.cols);
        let stretch = |dr: isize, dc: isize| {
            let mut length = 0;
            let (mut r, mut c) = (r as isize + dr, c as isize + dc);
            while r >= 0
                && c >= 0
                && (r as usize) < self.rows
                && (c as usize) < self.cols
                && self.white[r as usize * self.cols + c as usize]
            {
                length += 1;
                r += dr;
                c += dc;
            }
            length
        };
        [stretch(0, -1), stretch(0, 1), stretch(-1, 0), stretch(1, 0)]
    }

    /// Whether blackening a white square leaves every segment around it empty or of two
    /// cells or more.
    fn can_blacken(&self, at: usize) -> bool {
        self.arms(at).iter().all(|&arm| arm != 1)
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
                    let at = 2 + rng.below_modulo(length.min(12) - 4);
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

/// Distinct digits in every segment of `pattern`, a digit per square (0 on black), keeping
/// the digits of `kept` (non-zero entries), or `None` when the search passed its budget.
///
/// Digits are tried in an order that leans each segment to one end (small digits in one
/// segment, large in another, a coin toss per segment, with noise): sums near a run's least
/// or greatest have few combinations, so the clues leave fewer solutions than a uniform fill.
fn fill(pattern: &Pattern, kept: &[u8], lean_by: Lean, rng: &mut Rng) -> Option<Vec<u8>> {
    let squares = pattern.white.len();
    let mut peers: Vec<Vec<usize>> = vec![Vec::new(); squares];
    let mut lean = vec![0i32; squares];
    for (start, step, length) in pattern.segments() {
        let toward_small = rng.below_modulo(2) == 0;
        for i in 0..length {
            lean[start + i * step] += if toward_small { 1 } else { -1 };
            for j in 0..length {
                if i != j {
                    peers[start + i * step].push(start + j * step);
                }
            }
        }
    }
    let whites: Vec<usize> = (0..squares).filter(|&s| pattern.white[s]).collect();
    let mut domains = vec![Digits::ALL; squares];
    let mut assigned = vec![0u8; squares];
    for &square in &whites {
        let digit = kept[square];
        if digit == 0 {
            continue;
        }
        if !domains[square].contains(digit) {
            return None;
        }
        assigned[square] = digit;
        domains[square] = Digits::single(digit);
        for &peer in &peers[square] {
            domains[peer] = domains[peer].without(digit);
        }
    }
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
    // Tried last to first: the digits the square's segments lean to come last.
    let ordered = |square: usize, domain: Digits, rng: &mut Rng| -> Vec<u8> {
        let mut digits: Vec<(i32, u8)> = domain
            .iter()
            .map(|d| {
                let toward = lean[square] * (i32::from(d) - 5) * lean_by.strength;
                (toward + rng.below_modulo(lean_by.noise) as i32, d)
            })
            .collect();
        digits.sort_unstable();
        digits.into_iter().map(|(_, d)| d).collect()
    };
    let Some(first) = choose(&domains, &assigned) else {
        return Some(assigned);
    };
    if domains.iter().any(|d| d.is_empty()) {
        return None;
    }
    let mut stack = vec![Frame {
        order: ordered(first, domains[first], rng),
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
                order: ordered(next, domains[next], rng),
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
            let down = (at / cols + 1 < rows)
                .then(|| run_sum(at + cols, cols))
                .flatten();
            match (down, right) {
                (None, None) => Square::Black,
                (down, right) => Square::Clue { down, right },
            }
        })
        .collect();
    Kakuro::new(rows, cols, squares)
        .map_err(|e| GenerateError::new(format!("a bad grid was built: {e}")))
}

/// Refuses sides outside 4 to [`MAX_SIDE`].
fn check_size(rows: usize, cols: usize) -> Result<(), GenerateError> {
    if !(4..=MAX_SIDE).contains(&rows) || !(4..=MAX_SIDE).contains(&cols) {
        return Err(GenerateError::new(format!(
            "a grid of {rows}x{cols}: rows and columns must be 4 to {MAX_SIDE}"
        )));
    }
    Ok(())
}

/// The commands' front door: a unique grid of `rows` x `cols` squares from `seed`, rated
/// `level` when one is asked ([`at_level`]), else any ([`large`]), within `budget` (a spent
/// one is a timeout error, [`GenerateError::is_timeout`]).
pub fn grid(
    rows: usize,
    cols: usize,
    level: Option<Level>,
    seed: u64,
    budget: &Budget,
) -> Result<Kakuro, GenerateError> {
    match level {
        Some(level) => at_level(rows, cols, level, seed, budget),
        None => {
            let _in_force = budget.enter();
            large(rows, cols, seed)
        }
    }
}

/// A unique Kakuro of `rows` x `cols` squares from `seed`, named `stepwise-kakuro-RxC-seedS`
/// with the command that makes it again as its source; within the thread's budget.
pub fn large(rows: usize, cols: usize, seed: u64) -> Result<Kakuro, GenerateError> {
    check_size(rows, cols)?;
    let mut rng = rng(seed);
    let mut build = Build::start(rows, cols, Lean::PLAIN, &mut rng);
    let mut kakuro = build.unique(&mut rng)?.ok_or_else(|| {
        GenerateError::new(format!(
            "no unique grid after {MAX_ROUNDS} rounds (seed {seed})"
        ))
    })?;
    kakuro.id = Some(format!("stepwise-kakuro-{rows}x{cols}-seed{seed}"));
    kakuro.source = Some(format!(
        "generated by Stepwise: stepwise kakuro generate --rows {rows} --cols {cols} --seed {seed}"
    ));
    Ok(kakuro)
}

/// A pattern and its fill, on their way to a unique puzzle.
struct Build {
    pattern: Pattern,
    digits: Vec<u8>,
    lean: Lean,
}

impl Build {
    /// A random pattern and a first fill.
    fn start(rows: usize, cols: usize, lean: Lean, rng: &mut Rng) -> Build {
        let pattern = Pattern::random(rows, cols, rng);
        let none = vec![0u8; rows * cols];
        let digits = loop {
            if let Some(digits) = fill(&pattern, &none, lean, rng) {
                break digits;
            }
        };
        Build {
            pattern,
            digits,
            lean,
        }
    }

    /// How many squares are white.
    fn whites(&self) -> usize {
        self.pattern.white.iter().filter(|&&w| w).count()
    }

    /// The squares of `kakuro`'s `cells`.
    fn squares(&self, kakuro: &Kakuro, cells: &[CellId]) -> Vec<usize> {
        cells
            .iter()
            .map(|&cell| {
                let (r, c) = kakuro.position(cell);
                r * self.pattern.cols + c
            })
            .collect()
    }

    /// Fills `squares` again, the others kept (unchanged when no fill is found).
    fn refill(&mut self, squares: &[usize], rng: &mut Rng) {
        let mut kept = self.digits.clone();
        for &square in squares {
            kept[square] = 0;
        }
        if let Some(refilled) = fill(&self.pattern, &kept, self.lean, rng) {
            self.digits = refilled;
        }
    }

    /// The puzzle once unique: rounds of refilling the cells that propagation and shaving
    /// leave open, every [`SPLIT_EVERY`]th splitting some instead. `None` after
    /// [`MAX_ROUNDS`]; a timeout when the thread's budget runs out.
    fn unique(&mut self, rng: &mut Rng) -> Result<Option<Kakuro>, GenerateError> {
        for round in 0..MAX_ROUNDS {
            if crate::deadline::expired() {
                return Err(GenerateError::timeout());
            }
            if self.whites() == 0 {
                // Splits took every square (seen on 6x6 grids).
                return Ok(None);
            }
            let kakuro = with_clues(&self.pattern, &self.digits)?;
            let open = undetermined(&kakuro);
            if open.is_empty() {
                return Ok(Some(kakuro));
            }
            let squares = self.squares(&kakuro, &open);
            if round % SPLIT_EVERY == SPLIT_EVERY - 1 {
                split_some(&mut self.pattern, &squares, rng);
            } else {
                // New sums where the old ones left a choice.
                self.refill(&squares, rng);
            }
        }
        Ok(None)
    }
}

/// A unique Kakuro of `rows` x `cols` squares whose human solve is rated `level`, from `seed`,
/// within `budget`: named `stepwise-kakuro-RxC-LEVEL-seedS`, with the command that makes it
/// again as its source.
///
/// Each attempt (at most [`LEVEL_ATTEMPT_SQUARES`] over the squares inside, at least
/// [`MIN_LEVEL_ATTEMPTS`], each its own stream of `seed`) builds a unique grid whose fill
/// leans as the level asks ([`Lean::of`]) and rates it. A grid rated too hard is repaired, at
/// most [`REPAIRS`] times: the cells a solver of the level leaves open (its techniques alone,
/// [`Level::techniques`]) are filled again, and the grid is made unique and rated again. A
/// grid rated too easy, or cut down by splits below [`MIN_KEPT_PERCENT`] of its first white
/// squares, ends the attempt. A spent budget is a timeout error
/// ([`GenerateError::is_timeout`]).
pub fn at_level(
    rows: usize,
    cols: usize,
    level: Level,
    seed: u64,
    budget: &Budget,
) -> Result<Kakuro, GenerateError> {
    check_size(rows, cols)?;
    let _in_force = budget.enter();
    let techniques: Vec<Technique> = level.techniques().collect();
    // What the last attempt ended with, for the error.
    let mut last = "not unique".to_string();
    let attempts = (LEVEL_ATTEMPT_SQUARES / ((rows - 1) * (cols - 1))).max(MIN_LEVEL_ATTEMPTS);
    for attempt in 0..attempts as u64 {
        let mut rng = Rng::xorshift(seed, attempt + 1);
        let mut build = Build::start(rows, cols, Lean::of(level), &mut rng);
        let started = build.whites();
        for repair in 0..=REPAIRS {
            let Some(mut kakuro) = build.unique(&mut rng)? else {
                break;
            };
            if kakuro.cell_count() * 100 < started * MIN_KEPT_PERCENT {
                // Splits cut the grid down (a region cut off is dropped): not the size asked.
                last = format!("cut down to {} white cells", kakuro.cell_count());
                break;
            }
            let trace = logic::solve(&kakuro);
            if trace.status == Status::Timeout {
                return Err(GenerateError::timeout());
            }
            let rated = trace.rating().level;
            last = format!("rated {rated}");
            if rated == level && trace.is_solved() {
                kakuro.id = Some(format!("stepwise-kakuro-{rows}x{cols}-{level}-seed{seed}"));
                kakuro.source = Some(format!(
                    "generated by Stepwise: stepwise kakuro generate --rows {rows} --cols {cols} --level {level} --seed {seed}"
                ));
                return Ok(kakuro);
            }
            if rated < level || repair == REPAIRS {
                break;
            }
            let stopped = logic::solve_with(&kakuro, Board::new(&kakuro), &techniques);
            if stopped.status == Status::Timeout {
                return Err(GenerateError::timeout());
            }
            let open: Vec<CellId> = (0..kakuro.cell_count())
                .filter(|&c| stopped.board.placed(c).is_none())
                .collect();
            // Refilled, never split: splits shrink the grid (a 38x38 easy grid kept 585
            // white cells with a split every fourth repair, 758 without).
            let squares = build.squares(&kakuro, &open);
            build.refill(&squares, &mut rng);
        }
    }
    Err(GenerateError::new(format!(
        "no {level} grid of {rows}x{cols} after {attempts} attempts (seed {seed}; the last one {last}): try another seed or a larger size"
    )))
}

/// Blackens a few of the `open` squares, apart from each other and where no one-cell segment
/// is left first, and settles the pattern (the fill stays valid on what is left).
fn split_some(pattern: &mut Pattern, open: &[usize], rng: &mut Rng) {
    let mut order = open.to_vec();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below_modulo(i + 1));
    }
    order.sort_by_key(|&square| !pattern.can_blacken(square));
    let wanted = open.len().div_ceil(SPLIT_SHARE);
    let cols = pattern.cols;
    let mut chosen: Vec<usize> = Vec::new();
    for square in order {
        let far = |other: &usize| {
            (square / cols).abs_diff(other / cols) + (square % cols).abs_diff(other % cols) > 2
        };
        if chosen.iter().all(far) {
            chosen.push(square);
            if chosen.len() == wanted {
                break;
            }
        }
    }
    for square in chosen {
        pattern.white[square] = false;
    }
    pattern.settle(rng);
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kakuro::engines::{Count, Options};

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
