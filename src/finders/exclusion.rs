//! Exclusion: Aligned Pair Exclusion (6.2) and Aligned Triple Exclusion (7.5), Sudoku
//! Explainer 1.2.1's rules `AlignedPairExclusion` and `AlignedExclusion` of degree 3.
//!
//! Two (three) *base* cells are looked at together. Every combination of values they could
//! take is tested; it is impossible when two of the cells see each other and take the same
//! digit, or when some *excluding cell* that sees all the base cells would be left empty
//! (every one of its candidates taken by the combination). A candidate of a base cell that
//! belongs to no possible combination is eliminated.
//!
//! Aligned Pair Exclusion follows SE's `AlignedPairExclusion`:
//! - A cell can be a base cell when it is empty with at least two candidates, none of its
//!   peers is an empty cell with a single candidate, and at least one of its peers is bivalue.
//!   These cells are listed in cell order.
//! - Pairs of base cells are taken in the order of SE's two-element permutation: the second
//!   cell in list order, then the first among those before it (`(0,1), (0,2), (1,2), (0,3)`…).
//!   The base cells need not see each other.
//! - A pair is used only when at least two bivalue cells (the *excluding cells*) see both.
//! - Value pairs run over the first cell's candidates, then the second's, lower first.
//!
//! Aligned Triple Exclusion follows SE's `AlignedExclusion(3)`:
//! - Peers are walked in SE's house order: the cell's box in reading order, then the rest of
//!   its row, then the rest of its column. A base cell has at least two candidates, no peer
//!   with a single candidate and at least one peer with two or three candidates (its
//!   potential excluders, kept in that order). Base cells are listed in cell order.
//! - The first two cells are the pairs of base cells in APE's order. The third runs over the
//!   *twin area*: the first cell's potential excluders, then the second's, that are base cells
//!   themselves (each once, the first two left out), in that order; so the third cell may come
//!   before the others in cell order, and the same three cells may be tried more than once.
//! - A triple is used only when at least two cells are potential excluders of all three; the
//!   first of them (in the first cell's order) that a combination empties is its locking cell.
//!
//! Notation (HoDoKu has no such step; Stepwise's own):
//! `Aligned Pair Exclusion: r1c2,r1c5 (excluded by r3c1{12},r7c5{24}) => r1c2<>4`: the base
//! cells (for the triple in SE's order: the pair, then the third), then in cell order the
//! excluding cells that rule out a combination (for the triple: one holding an eliminated
//! candidate), each with its digits.

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::{se_order, Emit};
use crate::cache::{self, Memory};
use crate::geometry::{cell_name, peers, Cell, CellSet, Digit, DigitSet};
use crate::grid::Grid;
use crate::step::{cell_list, Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// Whether `cell` qualifies as a base cell, as SE decides it.
fn is_base(grid: &Grid, cell: Cell) -> bool {
    if grid.value(cell) != 0 || grid.candidates(cell).len() < 2 {
        return false;
    }
    let mut has_bivalue = false;
    for p in peers(cell).iter() {
        if grid.value(p) != 0 {
            continue;
        }
        match grid.candidates(p).len() {
            1 => return false,
            2 => has_bivalue = true,
            _ => {}
        }
    }
    has_bivalue
}

fn digits_word(d: DigitSet) -> String {
    d.iter().map(|x| x.to_string()).collect()
}

/// The pattern of an aligned exclusion: the base cells (their removed candidates as cover)
/// and the excluding cells with all their candidates.
fn exclusion_pattern(
    grid: &Grid,
    bases: &[Cell],
    lockers: &[Cell],
    eliminations: &[Candidate],
) -> Pattern {
    let mut pattern = Pattern::default()
        .cells(bases.iter().copied(), Role::Base)
        .cells(lockers.iter().copied(), Role::Pattern);
    for &cell in bases {
        for d in grid.candidates(cell).iter() {
            let c = Candidate::new(cell, d);
            let role = if eliminations.contains(&c) {
                Role::Cover
            } else {
                Role::Base
            };
            pattern = pattern.candidate(c, role);
        }
    }
    for &e in lockers {
        for d in grid.candidates(e).iter() {
            pattern = pattern.candidate(Candidate::new(e, d), Role::Pattern);
        }
    }
    pattern
}

/// The bit of the value pair `(a, b)` in [`excluded_value_pairs`].
fn value_pair_bit(a: Digit, b: Digit) -> u128 {
    1 << ((a as u32 - 1) * 9 + b as u32 - 1)
}

/// The value pairs the bivalue cells `excluders` rule out (both orders of each cell's two
/// digits).
fn excluded_value_pairs(grid: &Grid, excluders: CellSet) -> u128 {
    excluders.iter().fold(0, |bits, e| {
        let mut digits = grid.candidates(e).iter();
        match (digits.next(), digits.next()) {
            (Some(x), Some(y)) => bits | value_pair_bit(x, y) | value_pair_bit(y, x),
            _ => bits,
        }
    })
}

/// The values of two cells left in some pair of values (a pair repeating a digit is out when
/// the cells see each other) that `excluded` does not rule out; `excluded` is asked of every
/// pair, in the order of the first cell's values, then the second's.
fn values_left(
    v0: DigitSet,
    v1: DigitSet,
    aligned: bool,
    mut excluded: impl FnMut(Digit, Digit) -> bool,
) -> (DigitSet, DigitSet) {
    let mut allowed0 = DigitSet::EMPTY;
    let mut allowed1 = DigitSet::EMPTY;
    for a in v0.iter() {
        for b in v1.iter() {
            if aligned && a == b {
                continue;
            }
            if excluded(a, b) {
                continue;
            }
            allowed0 = allowed0.with(a);
            allowed1 = allowed1.with(b);
        }
    }
    (allowed0, allowed1)
}

/// [`values_left`] with the pairs ruled out given as bits ([`value_pair_bit`]): a row of
/// nine bits per value of the first cell, so each value is one set operation rather than nine
/// tests.
fn values_left_of(
    v0: DigitSet,
    v1: DigitSet,
    aligned: bool,
    excluded: u128,
) -> (DigitSet, DigitSet) {
    let mut allowed0 = DigitSet::EMPTY;
    let mut allowed1 = DigitSet::EMPTY;
    for a in v0.iter() {
        let mut partners = v1 - DigitSet(((excluded >> ((a as u32 - 1) * 9)) & 0x1ff) as u16);
        if aligned {
            partners = partners.without(a);
        }
        if !partners.is_empty() {
            allowed0 = allowed0.with(a);
            allowed1 |= partners;
        }
    }
    (allowed0, allowed1)
}

/// Aligned Pair Exclusion: value pairs of two cells ruled out by bivalue cells seeing both.
pub fn aligned_pair_exclusion(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let bases: Vec<Cell> = grid
        .empty_cells()
        .iter()
        .filter(|&c| is_base(grid, c))
        .collect();
    let bivalue: CellSet = grid
        .empty_cells()
        .iter()
        .filter(|&c| grid.candidates(c).len() == 2)
        .collect();
    for (j, &second) in bases.iter().enumerate() {
        if crate::deadline::expired() {
            return ControlFlow::Break(()); // (a search cut short gives no step)
        }
        for &first in &bases[..j] {
            let common = peers(first) & peers(second) & bivalue;
            if !common.has_two_or_more() {
                continue;
            }
            let aligned = peers(first).contains(second);
            let (v0, v1) = (grid.candidates(first), grid.candidates(second));
            // Most pairs remove nothing: the value pairs the excluders rule out, as bits, say
            // so before the excluders are listed one by one.
            let excluded = excluded_value_pairs(grid, common);
            let (allowed0, allowed1) = values_left_of(v0, v1, aligned, excluded);
            if allowed0 == v0 && allowed1 == v1 {
                continue;
            }
            let excluders: Vec<Cell> = common.iter().collect();
            let mut used = vec![false; excluders.len()];
            values_left(v0, v1, aligned, |a, b| {
                let pair = DigitSet::single(a).with(b);
                let first_excluder = excluders
                    .iter()
                    .position(|&e| grid.candidates(e).difference(pair).is_empty());
                if let Some(k) = first_excluder {
                    used[k] = true;
                }
                first_excluder.is_some()
            });
            let gone0 = v0.difference(allowed0);
            let gone1 = v1.difference(allowed1);
            if gone0.is_empty() && gone1.is_empty() {
                continue;
            }
            let eliminations: Vec<Candidate> = gone0
                .iter()
                .map(|d| Candidate::new(first, d))
                .chain(gone1.iter().map(|d| Candidate::new(second, d)))
                .collect();
            let lockers: Vec<Cell> = excluders
                .iter()
                .zip(&used)
                .filter(|(_, &u)| u)
                .map(|(&e, _)| e)
                .collect();
            let lockers_text: Vec<String> = lockers
                .iter()
                .map(|&e| format!("{}{{{}}}", cell_name(e), digits_word(grid.candidates(e))))
                .collect();
            let subject = format!(
                "{} (excluded by {})",
                cell_list([first, second]),
                lockers_text.join(",")
            );
            let gone_words: Vec<String> = eliminations
                .iter()
                .map(|c| format!("{} from {}", c.digit, cell_name(c.cell)))
                .collect();
            let text = format!(
                "Every pair of values that {} and {} could take either repeats a digit they both see or fills both digits of a bivalue cell that sees them ({}), so {} can be removed.",
                cell_name(first),
                cell_name(second),
                lockers_text.join(", "),
                gone_words.join(" and ")
            );
            let pattern = exclusion_pattern(grid, &[first, second], &lockers, &eliminations);
            emit(Step::new(
                Technique::AlignedPairExclusion,
                vec![],
                eliminations,
                pattern,
                subject,
                text,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// A base cell of Aligned Triple Exclusion with its potential excluders (house cells with two
/// or three candidates), in SE's house order.
struct TripleBase {
    cell: Cell,
    excluders: ArrayVec<Cell, 20>,
    excluder_set: CellSet,
}

/// Aligned Triple Exclusion: value triples of three cells ruled out by cells of two or three
/// candidates that see all three (or by a repeated digit in a shared house).
pub fn aligned_triple_exclusion(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut bases: Vec<TripleBase> = Vec::new();
    for cell in 0..81 {
        if grid.candidates(cell).len() < 2 {
            continue;
        }
        let mut excluders = ArrayVec::new();
        let mut next_to_single = false;
        for &p in se_order::house_cells(cell) {
            match grid.candidates(p).len() {
                1 => next_to_single = true,
                2 | 3 => excluders.push(p),
                _ => {}
            }
        }
        if !next_to_single && !excluders.is_empty() {
            let excluder_set = excluders.iter().copied().collect();
            bases.push(TripleBase {
                cell,
                excluders,
                excluder_set,
            });
        }
    }
    if bases.len() < 3 {
        return ControlFlow::Continue(());
    }
    let mut memory = BARREN.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let flow = walk_triples(grid, &bases, &mut memory, emit);
    BARREN.with(|b| *b.borrow_mut() = memory);
    flow
}

/// Cell triples (sorted, packed) as one bit each.
const TRIPLE_BITS: usize = 81 * 81 * 81;

fn triple_bit(cells: [Cell; 3]) -> usize {
    let mut sorted = cells;
    sorted.sort_unstable();
    (sorted[0] * 81 + sorted[1]) * 81 + sorted[2]
}

fn has_bit(bits: &[u64], bit: usize) -> bool {
    bits.get(bit / 64)
        .is_some_and(|w| w & (1 << (bit % 64)) != 0)
}

/// The triples of cells found to remove nothing, with the candidates every cell had then: a
/// triple whose cells and common excluders still have those candidates removes nothing again
/// (an excluder that left the common ones only allows more value triples). One pipeline step
/// changes few cells, and most triples are barren, so the next search skips nearly all of
/// them.
#[derive(Default)]
struct BarrenTriples {
    /// Candidates of every cell when `earlier` was filled.
    masks: Option<[u16; 81]>,
    /// Barren triples as of `masks`.
    earlier: Vec<u64>,
    /// Barren triples met by the search running (the next `earlier`).
    now: Vec<u64>,
    /// The words of `earlier` and of `now` holding a bit, so a generation is cleared word by
    /// word rather than whole (66 KB at every search).
    earlier_words: Vec<u32>,
    now_words: Vec<u32>,
}

impl BarrenTriples {
    /// The bytes both generations take (with their word lists, a word of four bytes at most
    /// per bit word).
    fn bytes() -> usize {
        2 * TRIPLE_BITS.div_ceil(64) * (std::mem::size_of::<u64>() + std::mem::size_of::<u32>())
    }

    /// Records the triple `bit` as barren in the generation being filled.
    fn mark_barren(&mut self, bit: usize) {
        let word = &mut self.now[bit / 64];
        if *word == 0 {
            self.now_words.push((bit / 64) as u32);
        }
        *word |= 1 << (bit % 64);
    }
}

thread_local! {
    /// This thread's barren triples, within `Memory::BarrenTriples`'s share of the cache bound.
    static BARREN: std::cell::RefCell<BarrenTriples> = std::cell::RefCell::new(BarrenTriples::default());
}

/// Forgets the barren triples.
pub(super) fn clear_cache() {
    BARREN.with(|b| *b.borrow_mut() = BarrenTriples::default());
}

/// What the barren triples take, in bytes.
pub(super) fn cache_bytes() -> usize {
    BARREN.with(|b| {
        let b = b.borrow();
        (b.earlier.capacity() + b.now.capacity()) * std::mem::size_of::<u64>()
            + (b.earlier_words.capacity() + b.now_words.capacity()) * std::mem::size_of::<u32>()
    })
}

/// The triples of `bases` in SE's order, each tried unless it is known to remove nothing.
fn walk_triples(
    grid: &Grid,
    bases: &[TripleBase],
    memory: &mut BarrenTriples,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    let masks = grid.candidate_masks();
    let remember = BarrenTriples::bytes() <= cache::bound(Memory::BarrenTriples);
    // Cells whose candidates are not those the earlier barren triples were found with.
    let changed: CellSet = match (&memory.masks, remember) {
        (Some(before), true) => (0..81).filter(|&c| before[c] != masks[c]).collect(),
        _ => CellSet::ALL,
    };
    if memory.now.len() == TRIPLE_BITS.div_ceil(64) {
        for &w in &memory.now_words {
            memory.now[w as usize] = 0;
        }
    } else {
        memory.now = vec![0; TRIPLE_BITS.div_ceil(64)];
    }
    memory.now_words.clear();
    let mut index_of = [usize::MAX; 81];
    let mut base_cells = CellSet::EMPTY;
    for (i, b) in bases.iter().enumerate() {
        index_of[b.cell] = i;
        base_cells = base_cells.with(b.cell);
    }
    let mut flow = ControlFlow::Continue(());
    'pairs: for j in 1..bases.len() {
        if crate::deadline::expired() {
            flow = ControlFlow::Break(()); // (a search cut short gives no step)
            break;
        }
        for i in 0..j {
            let (b0, b1) = (&bases[i], &bases[j]);
            // A triple needs two excluders common to all three cells, so to these two first.
            let pair_common = b0.excluder_set & b1.excluder_set;
            if pair_common.len() < 2 {
                continue;
            }
            // SE's twin area: the first cell's excluders, then the second's, that are base
            // cells themselves, in that order (each once, the pair left out).
            let twins = (b0.excluder_set | b1.excluder_set) & base_cells;
            let twins = twins.without(b0.cell).without(b1.cell);
            if twins.is_empty() {
                continue;
            }
            let second_only = twins - b0.excluder_set;
            let firsts = b0.excluders.iter().filter(|&&c| twins.contains(c));
            let seconds = b1.excluders.iter().filter(|&&c| second_only.contains(c));
            for &c in firsts.chain(seconds) {
                let b2 = &bases[index_of[c]];
                let common_set = pair_common & b2.excluder_set;
                if common_set.len() < 2 {
                    continue;
                }
                // Whether a triple removes anything does not depend on the order SE meets its
                // cells in (the same houses, the same common excluders): one met before that
                // removed nothing is not tried again.
                let cells = [b0.cell, b1.cell, b2.cell];
                let bit = triple_bit(cells);
                if has_bit(&memory.now, bit) {
                    continue;
                }
                let touched = (common_set | CellSet::from_iter(cells)) & changed;
                if touched.is_empty() && has_bit(&memory.earlier, bit) {
                    memory.mark_barren(bit);
                    continue;
                }
                match triple_step(grid, cells, common_set, &b0.excluders, emit) {
                    Some(ControlFlow::Continue(())) => {}
                    Some(ControlFlow::Break(())) => {
                        flow = ControlFlow::Break(());
                        break 'pairs;
                    }
                    None => memory.mark_barren(bit),
                }
            }
        }
    }
    if remember && !crate::deadline::expired() {
        // (the triples not reached are simply not remembered)
        std::mem::swap(&mut memory.earlier, &mut memory.now);
        std::mem::swap(&mut memory.earlier_words, &mut memory.now_words);
        memory.masks = Some(masks);
    } else {
        *memory = BarrenTriples::default();
    }
    flow
}

/// The excluders among `cells` whose candidates all lie in `digits`, with their candidates.
fn excluders_within(
    grid: &Grid,
    cells: impl Iterator<Item = Cell>,
    digits: DigitSet,
) -> ArrayVec<(Cell, DigitSet), 20> {
    cells
        .map(|e| (e, grid.candidates(e)))
        .filter(|(_, d)| d.difference(digits).is_empty())
        .collect()
}

/// Whether cells 0 and 1, 0 and 2, 1 and 2 share a house (and so cannot hold one digit).
fn pairs_sharing_a_house(cells: [Cell; 3]) -> [bool; 3] {
    [(0, 1), (0, 2), (1, 2)].map(|(x, y)| peers(cells[x]).contains(cells[y]))
}

/// The values each of `cells` takes in some value triple that repeats no digit in a shared
/// house and empties none of the `common` excluders; records each ruled-out triple with the
/// first excluder it empties (SE's locking cell).
fn allowed_values(
    cells: [Cell; 3],
    candidates: [DigitSet; 3],
    common: &[(Cell, DigitSet)],
    locked: &mut Vec<([Digit; 3], Cell)>,
) -> [DigitSet; 3] {
    let [see01, see02, see12] = pairs_sharing_a_house(cells);
    let mut allowed = [DigitSet::EMPTY; 3];
    for a in candidates[0] {
        for b in candidates[1] {
            if see01 && a == b {
                continue;
            }
            for c in candidates[2] {
                if (see02 && a == c) || (see12 && b == c) {
                    continue;
                }
                let taken = DigitSet::single(a).with(b).with(c);
                if let Some(&(e, _)) = common.iter().find(|(_, d)| d.difference(taken).is_empty()) {
                    locked.push(([a, b, c], e));
                    continue;
                }
                allowed = [allowed[0].with(a), allowed[1].with(b), allowed[2].with(c)];
            }
        }
    }
    allowed
}

/// The same allowed values as [`allowed_values`], found pair by pair: for values `a` and `b`
/// of the first two cells, an excluder with no digit outside `{a, b}` rules out every third
/// value, and one with a single digit outside rules out that one digit.
fn allowed_by_pairs(
    cells: [Cell; 3],
    candidates: [DigitSet; 3],
    common: &[(Cell, DigitSet)],
) -> [DigitSet; 3] {
    let [see01, see02, see12] = pairs_sharing_a_house(cells);
    let mut allowed = [DigitSet::EMPTY; 3];
    for a in candidates[0] {
        for b in candidates[1] {
            if see01 && a == b {
                continue;
            }
            let pair = DigitSet::single(a).with(b);
            let mut third = candidates[2];
            if see02 {
                third = third.without(a);
            }
            if see12 {
                third = third.without(b);
            }
            for &(_, digits) in common {
                let rest = digits.difference(pair);
                if rest.len() <= 1 {
                    // Empty rest: the excluder is emptied whatever the third value is.
                    third = if rest.is_empty() {
                        DigitSet::EMPTY
                    } else {
                        third - rest
                    };
                }
            }
            if !third.is_empty() {
                allowed = [allowed[0].with(a), allowed[1].with(b), allowed[2] | third];
                if allowed == candidates {
                    return allowed;
                }
            }
        }
    }
    allowed
}

/// Tests every value triple of `cells` against the same-house rule and the `common`
/// excluders (in SE's order: the first one a triple empties is its locking cell) and emits
/// the step if some candidate belongs to no allowed triple.
/// `common_set` holds the excluders common to the three cells; `order` lists them (among
/// others) in the first cell's house order, SE's order for choosing a locking cell.
fn triple_step(
    grid: &Grid,
    cells: [Cell; 3],
    common_set: CellSet,
    order: &[Cell],
    emit: &mut Emit<'_>,
) -> Option<ControlFlow<()>> {
    let candidates = cells.map(|c| grid.candidates(c));
    // Only an excluder within the base cells' digits can ever be emptied; dropping the others
    // keeps SE's choice of locking cell (the first one emptied).
    let digits = candidates[0] | candidates[1] | candidates[2];
    // Most triples of cells remove nothing: a first pass, by pairs of values (in any order
    // of the excluders), stops as soon as every candidate is allowed; only a triple that
    // removes something is walked again, value by value, for its locking cells.
    let unordered = excluders_within(grid, common_set.iter(), digits);
    if allowed_by_pairs(cells, candidates, &unordered) == candidates {
        return None;
    }
    let in_order = order.iter().copied().filter(|&c| common_set.contains(c));
    let common = excluders_within(grid, in_order, digits);
    // Triples ruled out by an excluder, with that excluder.
    let mut locked: Vec<([Digit; 3], Cell)> = Vec::new();
    let allowed = allowed_values(cells, candidates, &common, &mut locked);
    let gone: Vec<DigitSet> = (0..3).map(|i| candidates[i] - allowed[i]).collect();
    if gone.iter().all(|g| g.is_empty()) {
        return None;
    }
    let eliminations: Vec<Candidate> = (0..3)
        .flat_map(|i| gone[i].iter().map(move |d| Candidate::new(cells[i], d)))
        .collect();
    // The excluders SE would show: those locking a triple that holds a removed candidate.
    let mut lockers: Vec<Cell> = locked
        .iter()
        .filter(|(values, _)| (0..3).any(|i| gone[i].contains(values[i])))
        .map(|&(_, e)| e)
        .collect();
    lockers.sort_unstable();
    lockers.dedup();
    let lockers_text: Vec<String> = lockers
        .iter()
        .map(|&e| format!("{}{{{}}}", cell_name(e), digits_word(grid.candidates(e))))
        .collect();
    let subject = if lockers.is_empty() {
        cell_list(cells)
    } else {
        format!(
            "{} (excluded by {})",
            cell_list(cells),
            lockers_text.join(",")
        )
    };
    let gone_words: Vec<String> = eliminations
        .iter()
        .map(|c| format!("{} from {}", c.digit, cell_name(c.cell)))
        .collect();
    let text = format!(
        "Every triple of values that {}, {} and {} could take either repeats a digit in a house they share or takes every digit of a cell that sees all three ({}), so {} can be removed.",
        cell_name(cells[0]),
        cell_name(cells[1]),
        cell_name(cells[2]),
        lockers_text.join(", "),
        gone_words.join(" and ")
    );
    let pattern = exclusion_pattern(grid, &cells, &lockers, &eliminations);
    Some(emit(Step::new(
        Technique::AlignedTripleExclusion,
        vec![],
        eliminations,
        pattern,
        subject,
        text,
    )))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::first;
    use crate::finders::testing::{assert_memory_changes_nothing, check, pencilmark};

    /// The value rows agree with the pair-by-pair test, on random candidates and exclusions.
    #[test]
    fn value_rows_leave_what_the_pair_test_leaves() {
        let mut state = 0x9e37_79b9_7f4a_7c15_u64;
        let mut next = || {
            state = state
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1);
            state >> 11
        };
        let mut removed = 0;
        for _ in 0..20_000 {
            let v0 = DigitSet((next() & 0x1ff) as u16);
            let v1 = DigitSet((next() & 0x1ff) as u16);
            // (53 random bits from each draw, overlapping, so all 81 bits vary)
            let excluded = (u128::from(next()) | u128::from(next()) << 40) & ((1 << 81) - 1);
            for aligned in [false, true] {
                let by_pairs =
                    values_left(v0, v1, aligned, |a, b| excluded & value_pair_bit(a, b) != 0);
                assert_eq!(values_left_of(v0, v1, aligned, excluded), by_pairs);
                removed += usize::from(by_pairs != (v0, v1));
            }
        }
        assert!(removed > 1000, "too few cases remove a value: {removed}");
    }

    const EXAMPLE: &str = "
        7 1 8 29 25 259 3 46 46
        9 235 235 6 4 1 25 78 78
        4 25 6 78 3 78 259 15 19
        18 6 17 34 9 34 78 2 5
        3 257 9 27 8 2567 167 147 147
        258 24578 2457 1 256 2567 678 9 3
        168 9 1347 5 16 3468 17 13678 2
        12568 2358 1235 2389 7 23689 4 13568 1689
        12568 234578 123457 23489 126 234689 59 135678 16789";

    #[test]
    fn aligned_pair_exclusion_example_and_near_miss() {
        let near_miss = EXAMPLE.replace(" 17 13678", " 178 13678");
        check(
            Technique::AlignedPairExclusion,
            EXAMPLE,
            "Aligned Pair Exclusion: r4c7,r7c1 (excluded by r4c1{18},r7c7{17}) => r7c1<>1",
            &near_miss,
        );
    }

    /// The states where Sudoku Explainer 1.2.1 itself used the rule on its paths for
    /// `../shared/data/rated/se121.tsv` (replayed from `se121-paths.txt`): the first step
    /// found is SE's (SE's `A3,B3` is r3c1,r3c2 and `A1,A2` is r1c1,r2c1).
    #[test]
    fn first_step_matches_sudoku_explainer() {
        let cases = [
            (
                "4 25 23 6 1 259 39 8 7
                 9 25678 27 258 3 2578 12 246 14
                 367 268 1 289 78 4 5 26 39
                 37 479 5 149 6 179 12 12349 8
                 8 1 6 45 2 359 39 7 459
                 2 479 3479 134589 478 135789 6 149 145
                 16 269 8 7 5 12 4 139 139
                 17 247 247 1238 9 1238 78 5 6
                 5 3 79 148 48 6 78 19 2",
                "Aligned Pair Exclusion: r3c1,r3c2 (excluded by r1c3{23},r2c3{27},r3c5{78},r3c8{26}) => r3c2<>2",
            ),
            (
                "1259 6 7 3 159 4 1258 2589 1259
                 12359 239 4 169 1569 8 1256 2569 7
                 8 19 15 2 15679 1567 4 569 3
                 6 1238 1238 7 4 1235 9 258 125
                 4 5 9 8 136 1236 1237 27 126
                 12 7 1238 16 1356 9 12358 4 1256
                 3579 389 358 69 2 367 567 1 4
                 12379 4 123 5 13679 1367 267 2679 8
                 12579 129 6 4 8 17 257 3 259",
                "Aligned Pair Exclusion: r1c1,r2c1 (excluded by r3c2{19},r3c3{15},r6c1{12}) => r2c1<>1",
            ),
        ];
        for (grid, expected) in cases {
            let step = first(Technique::AlignedPairExclusion, &pencilmark(grid)).expect("a step");
            assert_eq!(step.notation(), expected);
        }
    }

    #[test]
    fn a_peer_with_one_candidate_disqualifies_a_base_cell() {
        // r4c1 down to 8 alone: r4c7 and r7c1 both see it, so neither is a base cell.
        let example = pencilmark(EXAMPLE);
        assert!(is_base(&example, 27 + 6) && is_base(&example, 54));
        let mut masks = example.candidate_masks();
        masks[27] = 1 << 7;
        let grid = Grid::from_pencilmarks(example.values(), &masks);
        assert!(!is_base(&grid, 27 + 6));
        assert!(!is_base(&grid, 54));
    }

    const TRIPLE_EXAMPLE: &str = "
        123478 128 9 6 1378 1357 458 278 2457
                 12478 5 14 478 9 17 3 678 24678
                 78 6 34 3458 578 2 458 9 1
                 68 9 7 1 25 4 568 28 3
                 38 4 2 3578 35678 3567 9 1 56
                 5 138 136 38 26 9 7 4 268
                 9 7 1456 2 156 156 1468 3 468
                 1236 23 8 379 4 1367 16 5 79
                 14 13 1456 3579 13567 8 2 67 4679";

    #[test]
    fn aligned_triple_exclusion_example_and_near_miss() {
        // With 6 back in r9c1 it holds 1, 4 and 6: r8c1 = 1 no longer empties it.
        let near_miss =
            TRIPLE_EXAMPLE.replace("\n                 14 13", "\n                 146 13");
        check(
            Technique::AlignedTripleExclusion,
            TRIPLE_EXAMPLE,
            "Aligned Triple Exclusion: r8c1,r9c9,r9c8 (excluded by r8c7{16},r8c9{79},r9c1{14}) => r8c1<>1",
            &near_miss,
        );
    }

    /// The pair-by-pair check is only a faster way to the same allowed values: on the example
    /// grid, every triple of cells with two or more candidates, against every excluder set
    /// drawn from their common house cells, gives what the value-by-value walk gives.
    #[test]
    fn pair_check_allows_what_the_triple_walk_allows() {
        for text in [TRIPLE_EXAMPLE, EXAMPLE] {
            let grid = pencilmark(text);
            let open: Vec<Cell> = (0..81).filter(|&c| grid.candidates(c).len() >= 2).collect();
            let mut compared = 0;
            let mut differing_from_candidates = 0;
            for (i, &x) in open.iter().enumerate() {
                for (j, &y) in open.iter().enumerate().skip(i + 1) {
                    for &z in open.iter().skip(j + 1) {
                        let cells = [x, y, z];
                        let common: Vec<(Cell, DigitSet)> = (peers(x) & peers(y) & peers(z))
                            .iter()
                            .map(|e| (e, grid.candidates(e)))
                            .filter(|(_, d)| (2..=3).contains(&d.len()))
                            .collect();
                        let candidates = cells.map(|c| grid.candidates(c));
                        let walked = allowed_values(cells, candidates, &common, &mut Vec::new());
                        let paired = allowed_by_pairs(cells, candidates, &common);
                        if walked != candidates {
                            differing_from_candidates += 1;
                            assert_eq!(paired, walked, "{cells:?}");
                        } else {
                            assert_eq!(paired, candidates, "{cells:?}");
                        }
                        compared += 1;
                    }
                }
            }
            assert!(compared > 1000, "{compared}");
            assert!(
                differing_from_candidates > 0 || text == EXAMPLE,
                "no triple removed anything"
            );
        }
    }

    /// A real state with an Aligned Triple Exclusion (r1c4<>1), whose se path goes on to meet
    /// more of them.
    const TRIPLE_THEN_PATH: &str = "
        1256 12 158 1368 7 126 9 4 1236
        16 7 128 138 9 4 238 136 5
        3 49 49 168 12 5 28 7 126
        259 8 7 4 235 26 1 3569 239
        4 6 3 159 8 129 27 59 279
        1259 129 1259 569 235 7 346 8 46
        8 12349 1246 7 145 39 456 169 1469
        7 39 146 159 145 139 456 2 8
        19 5 149 2 6 8 347 139 137";

    /// Barren triples remembered from the state before change nothing found: every Aligned
    /// Triple Exclusion of every state of a real path (`TRIPLE_THEN_PATH`, solved with the
    /// se profile), searched with the memory as the previous state left it and with it
    /// emptied first.
    #[test]
    fn remembered_barren_triples_change_no_result() {
        assert_memory_changes_nothing(
            pencilmark(TRIPLE_THEN_PATH),
            &crate::pipeline::Options::sudoku_explainer(),
            Technique::AlignedTripleExclusion,
            (clear_cache, || cache_bytes() > 0),
            10,
        );
    }

    /// Every state where Sudoku Explainer 1.2.1 used Aligned Triplet Exclusion on its paths for
    /// `se121.tsv` (replayed from `se121-paths.txt` with `examples/se_replay.rs`): the first
    /// step found is SE's, its three cells in SE's order (SE's `A8,I9,H9` is r8c1,r9c9,r9c8).
    #[test]
    fn first_triple_step_matches_sudoku_explainer() {
        let cases = [
            (
                "123478 128 9 6 1378 1357 458 278 2457
                 12478 5 14 478 9 17 3 678 24678
                 78 6 34 3458 578 2 458 9 1
                 68 9 7 1 25 4 568 28 3
                 38 4 2 3578 35678 3567 9 1 56
                 5 138 136 38 26 9 7 4 268
                 9 7 1456 2 156 156 1468 3 468
                 1236 23 8 379 4 1367 16 5 79
                 14 13 1456 3579 13567 8 2 67 4679",
                "Aligned Triple Exclusion: r8c1,r9c9,r9c8 (excluded by r8c7{16},r8c9{79},r9c1{14}) => r8c1<>1",
            ),
            (
                "34789 1 378 579 36 24569 367 28 467
                 347 378 5 17 136 26 9 28 467
                 2 3679 367 79 8 49 1 34 5
                 38 238 1 6 459 589 235 7 249
                 678 4 2678 3 579 589 256 1 269
                 5 367 9 2 47 1 36 34 8
                 3678 35678 3678 159 2 569 4 59 13
                 1 59 4 8 59 3 27 6 27
                 369 23569 236 4 16 7 8 59 13",
                "Aligned Triple Exclusion: r7c2,r9c5,r7c8 (excluded by r7c4{159},r7c6{569}) => r7c2<>5",
            ),
            (
                "458 6 24578 278 2789 1 3 249 789
                 48 9 238 5 2378 2367 2467 2468 1
                 1 37 2378 36 4 269 267 2689 5
                 2 1 78 678 5 4 9 68 3
                 59 45 459 368 1 36 26 7 268
                 68 37 3678 9 278 27 5 1 4
                 7 2 1 4 39 359 8 569 69
                 3 8 49 27 6 259 1 2459 279
                 4569 45 69 1 279 8 47 3 279",
                "Aligned Triple Exclusion: r1c3,r3c3,r2c3 (excluded by r3c2{37},r4c3{78}) => r1c3<>7",
            ),
            (
                "178 147 478 2 5 69 78 69 3
                 6 5 278 1789 3 789 4 189 12
                 3 27 9 14678 14 4678 278 1568 1256
                 4 267 5 679 26 2679 1 3 8
                 127 8 3 1457 14 2457 6 27 9
                 9 16 267 167 8 3 5 27 4
                 278 2367 678 3568 26 1 9 4 2567
                 28 9 1 4568 7 4568 3 568 256
                 5 23467 4678 368 9 268 28 168 167",
                "Aligned Triple Exclusion: r7c1,r7c2,r7c3 (excluded by r7c5{26},r8c1{28}) => r7c2<>2",
            ),
            (
                TRIPLE_THEN_PATH,
                "Aligned Triple Exclusion: r1c4,r3c7,r1c6 (excluded by r3c4{168},r3c5{12}) => r1c4<>1",
            ),
            (
                "1256 12 158 368 7 126 9 4 1236
                 16 7 128 138 9 4 238 136 5
                 3 49 49 168 12 5 28 7 126
                 259 8 7 4 235 26 1 3569 239
                 4 6 3 159 8 129 27 59 279
                 1259 129 1259 569 235 7 346 8 46
                 8 12349 1246 7 145 39 456 169 1469
                 7 39 146 159 145 139 456 2 8
                 19 5 149 2 6 8 347 139 137",
                "Aligned Triple Exclusion: r1c6,r3c7,r2c4 (excluded by r3c4{168},r3c5{12}) => r2c4<>1",
            ),
            (
                "3456 24589 1 236 2456 2356 458 23489 7
                 34567 2457 23567 8 9 123567 145 1234 125
                 3457 245789 2389 237 12457 12357 6 123489 12589
                 2 6 47 479 3 79 158 18 158
                 13 18 38 5 26 26 9 7 4
                 9 457 457 47 18 18 3 26 26
                 67 279 269 1 2678 4 78 5 3
                 8 3 246 2679 2567 25679 147 1469 169
                 14567 1457 4567 3679 678 36789 2 4689 689",
                "Aligned Triple Exclusion: r7c3,r9c3,r8c3 (excluded by r4c3{47},r7c1{67},r7c2{279}) => r9c3<>7",
            ),
            (
                "178 37 123 5 123 1378 9 4 6
                 179 5 1239 6 134 134 27 8 17
                 178 6 4 178 9 278 3 25 157
                 3 8 56 4 7 2569 1 256 59
                 4 1 56 38 236 3689 25678 35679 35789
                 2 9 7 138 136 3568 4568 36 3458
                 6 347 138 9 5 1347 478 37 2
                 5 347 389 2 346 3467 4678 1 34789
                 179 2 139 137 8 13467 4567 3679 34579",
                "Aligned Triple Exclusion: r6c4,r6c6,r6c5 (excluded by r5c4{38},r6c8{36}) => r6c6<>3",
            ),
            (
                "1 24 3 259 259 2689 468 67 4678
                 8 24 6 7 23 12 134 9 5
                 9 7 5 368 168 4 2 36 18
                 27 5 1 268 26 3 9 4 2678
                 3 6 278 129 4 289 1578 257 1278
                 4 9 28 126 7 5 168 26 3
                 5 13 27 4 1239 129 367 8 269
                 6 138 4 23589 1289 7 35 235 29
                 27 38 9 23568 258 68 3457 1 247",
                "Aligned Triple Exclusion: r2c5,r4c4,r6c4 (excluded by r3c4{368},r4c5{26}) => r6c4<>6",
            ),
        ];
        for (grid, expected) in cases {
            let step = first(Technique::AlignedTripleExclusion, &pencilmark(grid)).expect("a step");
            assert_eq!(step.notation(), expected);
            assert!((step.rating() - 7.5).abs() < 1e-9);
        }
    }
}
