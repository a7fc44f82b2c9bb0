//! Fish: X-Wing, Swordfish and Jellyfish; their finned and sashimi forms; Franken and Mutant
//! fish of the same sizes, with and without fins.
//!
//! A fish on digit `d` of size n takes n *base* units whose candidates for `d` lie in no cell
//! twice (each base unit then holds exactly one `d`, in n different cells) and n *cover* units
//! that together hold every base candidate. Each cover unit holds at most one `d`, so the n
//! base digits fill the n covers one each: `d` can be removed from every cover cell outside
//! the bases, and from a base cell that lies in two covers (it would use up two covers at
//! once; HoDoKu calls this cannibalism).
//!
//! - Basic fish: rows as bases and columns as covers, or the other way round.
//! - Finned fish: some base candidates (the *fins*) lie outside the covers. Either a fin holds
//!   `d` or the fish does, so only the eliminations that see every fin stand. It is *sashimi*
//!   when a base unit keeps a single candidate once the fins are left out (HoDoKu's rule).
//! - Franken fish (HoDoKu's classes): rows, or rows and boxes, as bases against columns, or
//!   columns and boxes, as covers (or the same with rows and columns swapped), with at least
//!   one box. Mutant fish: every other mix of rows, columns and boxes. Franken and mutant
//!   fish with fins are reported as finned whatever their shape (HoDoKu has no sashimi class
//!   for them).
//!
//! Soundness rules: every base unit has at least two candidates and no placed `d`; base units
//! share no candidate cell (no endo fins, so the n base digits are n different cells); every
//! cover unit has no placed `d` and holds at least one base candidate; every base unit keeps
//! at least one candidate outside the fins. Covers may overlap; a base cell in two covers is
//! eliminated as described above.
//!
//! Notation (subject of the step): `4 r2r7 c3c8` (digit, base units run together, cover
//! units run together, each set in unit order rows, columns, boxes), then each fin as
//! ` f` + cell, space separated as HoDoKu prints them: `7 r1r4r8 c2c5c9 fr4c6 fr4c7`.
//!
//! Search order.
//! - X-Wing, Swordfish and Jellyfish follow Sudoku Explainer's `Fisherman`: columns as bases
//!   first, then rows; base line combinations in increasing bitmask order (lines 1-9 as bits
//!   0-8); digits 1-9 within each combination; a digit is skipped when it is placed more than
//!   9 - 2n times (the complementary fish on the other lines is then the smaller one), and a
//!   base line with fewer than two candidates makes no fish. A digit whose last whole search
//!   of that size found nothing is skipped while its candidates and placements stay the same
//!   (`barren_digits`), and a line combination no digit can take is passed over.
//! - The other fish: digits 1-9; then the kinds of base against cover units (rows against
//!   columns before columns against rows; for Franken fish rows and boxes against columns and
//!   boxes first; Mutant fish any unit against any unit); base unit combinations in
//!   increasing order of unit index (rows 1-9, columns 1-9, boxes 1-9); then a depth-first
//!   search for covers: take the first base candidate (in cell order) neither covered nor
//!   a fin, try its row, column and box in that order as the next cover, then try it as a
//!   fin (a unit tried before is not used again in that branch, so every cover set is met
//!   once). A digit none of whose candidates is outside every template (`templates`) is
//!   skipped, and so is a base set whose covers could reach none of those candidates: no fish
//!   eliminates a candidate some template holds, so neither can hold one.

use arrayvec::ArrayVec;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::ops::ControlFlow;

use super::{barren_digits, combinations, templates, Emit, Finder};
use crate::cache::{self, Memory};
use crate::geometry::{
    cell_name, peers, unit_mask_of, unit_sets_of, unit_words, units_of, Cell, CellSet, Digit, Unit,
    UnitKind,
};
use crate::grid::Grid;
use crate::step::{Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// Unit kinds as bits, as HoDoKu classifies a fish by the kinds of its base and cover units.
const ROWS: u8 = 1;
const COLUMNS: u8 = 2;
const BOXES: u8 = 4;
const ANY: u8 = ROWS | COLUMNS | BOXES;

fn kind_bit(unit: Unit) -> u8 {
    match unit.kind() {
        UnitKind::Row => ROWS,
        UnitKind::Column => COLUMNS,
        UnitKind::Box => BOXES,
    }
}

fn kinds_of(units: &[Unit]) -> u8 {
    units.iter().fold(0, |acc, &u| acc | kind_bit(u))
}

/// HoDoKu's three classes of fish.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    Basic,
    Franken,
    Mutant,
}

/// The class of a fish from the kinds of its base and cover units.
fn shape_of(base: u8, cover: u8) -> Shape {
    let lines = |b: u8, c: u8| b == ROWS && c == COLUMNS || b == COLUMNS && c == ROWS;
    let franken = |b: u8, c: u8| {
        (b == ROWS || b == ROWS | BOXES) && (c == COLUMNS || c == COLUMNS | BOXES)
            || (b == COLUMNS || b == COLUMNS | BOXES) && (c == ROWS || c == ROWS | BOXES)
    };
    if lines(base, cover) {
        Shape::Basic
    } else if franken(base, cover) {
        Shape::Franken
    } else {
        Shape::Mutant
    }
}

/// The (base kinds, cover kinds) passes that can produce a fish of a class.
fn passes(shape: Shape) -> &'static [(u8, u8)] {
    match shape {
        Shape::Basic => &[(ROWS, COLUMNS), (COLUMNS, ROWS)],
        Shape::Franken => &[
            (ROWS | BOXES, COLUMNS | BOXES),
            (COLUMNS | BOXES, ROWS | BOXES),
        ],
        Shape::Mutant => &[(ANY, ANY)],
    }
}

/// Which fins a technique takes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Fins {
    /// No fins at all.
    None,
    /// Fins, and no base unit down to one candidate without them.
    Finned,
    /// Fins, and some base unit down to one candidate without them.
    Sashimi,
    /// Any fins (Franken and Mutant fish).
    Any,
}

/// What one finder looks for.
#[derive(Debug, Clone, Copy)]
struct Spec {
    technique: Technique,
    size: usize,
    shape: Shape,
    fins: Fins,
    /// Whether a base set's fish come out in HoDoKu's order: by their covers, as HoDoKu
    /// tries cover units in combinations of increasing unit index (it takes the first). The
    /// search below meets them in another order.
    hodoku_order: bool,
}

/// A fish found, ready to become a step.
struct Fish {
    technique: Technique,
    digit: Digit,
    bases: Vec<Unit>,
    covers: Vec<Unit>,
    /// Base candidates inside the covers.
    body: CellSet,
    fins: CellSet,
    eliminations: CellSet,
}

impl Fish {
    fn step(mut self) -> Step {
        self.bases.sort();
        self.covers.sort();
        let run = |units: &[Unit]| units.iter().map(|u| u.to_string()).collect::<String>();
        let mut subject = format!("{} {} {}", self.digit, run(&self.bases), run(&self.covers));
        for fin in self.fins {
            subject.push_str(" f");
            subject.push_str(&cell_name(fin));
        }
        let digit = self.digit;
        let candidates = |cells: CellSet| cells.iter().map(move |c| Candidate::new(c, digit));
        let mut pattern = Pattern::default();
        for &u in &self.bases {
            pattern = pattern.unit(u, Role::Base);
        }
        for &u in &self.covers {
            pattern = pattern.unit(u, Role::Cover);
        }
        pattern = pattern
            .cells(self.body.iter(), Role::Pattern)
            .candidates(candidates(self.body), Role::Pattern)
            .cells(self.fins.iter(), Role::Fin)
            .candidates(candidates(self.fins), Role::Fin);
        let text = self.text();
        Step::new(
            self.technique,
            vec![],
            candidates(self.eliminations).collect(),
            pattern,
            subject,
            text,
        )
    }

    fn text(&self) -> String {
        let d = self.digit;
        let bases = units_phrase(&self.bases);
        let covers = units_phrase(&self.covers);
        let cannibal = if (self.eliminations & self.body).is_empty() {
            ""
        } else {
            " (and from a cell of the fish that lies in two of them)"
        };
        match self.fins.len() {
            0 => format!(
                "In {bases}, {d} can only go in {covers}, so {d} can be removed from the other cells of {covers}{cannibal}."
            ),
            n => {
                let fins: Vec<String> = self.fins.iter().map(cell_name).collect();
                let (fin_words, see) = if n == 1 {
                    (format!("the fin {}", fins[0]), "the fin")
                } else {
                    (format!("the fins {}", and_list(&fins)), "every fin")
                };
                format!(
                    "In {bases}, {d} can only go in {covers} or in {fin_words}; either a fin holds {d} or the fish does, so {d} can be removed from the cells of {covers} that see {see}{cannibal}."
                )
            }
        }
    }
}

/// `a`, `a and b`, `a, b and c`.
fn and_list(items: &[String]) -> String {
    match items {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {}", init.join(", "), last),
    }
}

/// `rows 2 and 7`, or `row 1, row 8 and box 1` when the kinds are mixed.
fn units_phrase(units: &[Unit]) -> String {
    let mut units = units.to_vec();
    units.sort();
    let kind = units[0].kind();
    if units.iter().all(|u| u.kind() == kind) {
        let word = match kind {
            UnitKind::Row => "rows",
            UnitKind::Column => "columns",
            UnitKind::Box => "boxes",
        };
        let numbers: Vec<String> = units.iter().map(|u| (u.number() + 1).to_string()).collect();
        if numbers.len() == 1 {
            unit_words(units[0])
        } else {
            format!("{word} {}", and_list(&numbers))
        }
    } else {
        and_list(&units.iter().map(|&u| unit_words(u)).collect::<Vec<_>>())
    }
}

/// Sudoku Explainer's X-Wing, Swordfish and Jellyfish (see the module doc for the order).
fn basic(grid: &Grid, size: usize, technique: Technique, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut placed = [0usize; 10];
    for &v in grid.values() {
        placed[v as usize] += 1;
    }
    let search = [
        barren_digits::Search::XWing,
        barren_digits::Search::Swordfish,
        barren_digits::Search::Jellyfish,
    ][size - 2];
    let mut digits = barren_digits::Digits::new(search, grid);
    for (base_kind, cover_kind) in [
        (UnitKind::Column, UnitKind::Row),
        (UnitKind::Row, UnitKind::Column),
    ] {
        // Each digit's places per base line, and the lines that can be bases (two to `size`
        // places, as the covers hold them all; digit not placed there), once per pass rather
        // than per line combination.
        let mut places = [[0u16; 9]; 10];
        let mut usable = [0u16; 10];
        for digit in (1..=9u8).filter(|&d| !digits.skips(d)) {
            for (i, slot) in places[digit as usize].iter_mut().enumerate() {
                let b = Unit::of_kind(base_kind, i);
                let p = grid.positions(b, digit);
                *slot = p;
                if (2..=size as u32).contains(&p.count_ones()) && !grid.unit_has(b, digit) {
                    usable[digit as usize] |= 1 << i;
                }
            }
        }
        if usable.iter().all(|u| (u.count_ones() as usize) < size) {
            continue; // no digit has enough base lines
        }
        let usable_by_any = usable.iter().fold(0, |any, u| any | u);
        for mask in combinations::masks(9, size as u32) {
            if mask & !usable_by_any != 0 {
                continue; // (no digit can take every line of it)
            }
            for digit in 1..=9u8 {
                let d = digit as usize;
                if placed[d] + 2 * size > 9 || mask & !usable[d] != 0 {
                    continue;
                }
                let union = (0..9)
                    .filter(|i| mask & (1 << i) != 0)
                    .fold(0u16, |u, i| u | places[d][i]);
                if union.count_ones() as usize != size {
                    continue;
                }
                let lines_of = |m: u16, kind: UnitKind| {
                    (0..9)
                        .filter(move |i| m & (1 << i) != 0)
                        .map(move |i| Unit::of_kind(kind, i))
                };
                let area = |m: u16, kind: UnitKind| {
                    lines_of(m, kind).fold(CellSet::EMPTY, |a, u| a | u.cell_set())
                };
                let base_area = area(mask, base_kind);
                let eliminations = (grid.digit_cells(digit) & area(union, cover_kind)) - base_area;
                if eliminations.is_empty() {
                    continue;
                }
                let fish = Fish {
                    technique,
                    digit,
                    bases: lines_of(mask, base_kind).collect(),
                    covers: lines_of(union, cover_kind).collect(),
                    body: grid.digit_cells(digit) & base_area,
                    fins: CellSet::EMPTY,
                    eliminations,
                };
                digits.found(digit);
                emit(fish.step())?;
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

/// The cover units chosen so far (a fish has at most four; a fixed array, as a search meets
/// millions of base sets).
type Covers = ArrayVec<Unit, 4>;

/// The search for one digit and one pass of the general fish finder.
struct Search<'e, 'f> {
    spec: Spec,
    digit: Digit,
    /// Cells holding the digit as a candidate.
    cells: CellSet,
    /// The units that may be covers by kind (bit = unit index).
    cover_units: u32,
    /// The cells of the rows, columns and boxes that may be covers and do not hold the digit
    /// (the bases not taken out).
    cover_areas: [CellSet; 3],
    /// The digit's candidates no template holds: the only ones a fish can eliminate.
    deletable: CellSet,
    /// Units (bit = unit index) that cannot be covers: the bases and those holding the
    /// digit already.
    blocked: u32,
    bases: Vec<Unit>,
    base_cells: CellSet,
    /// Once the bases are chosen: every cell a fish on them could eliminate (reachable from
    /// the covers and deletable), a superset of the targets that fins are checked against.
    reachable: CellSet,
    /// Whether a fish of the sibling technique (sashimi for finned, finned for sashimi) was
    /// met: the two searches are the same but for that last test.
    sibling_found: bool,
    /// When the digit only lost cells since a search found no fish: the units that lost one.
    /// Base sets touching none of them are skipped (see `LAST_FISHLESS`).
    fresh_units: Option<u32>,
    /// Cover branches tried, so the deadline is looked at every so often inside one base
    /// set's search (a mutant jellyfish's can take milliseconds).
    branches: u32,
    /// With `hodoku_order`, the chosen bases' fish, each under its cover units' indices,
    /// emitted in that order once the bases' search is over.
    pending: Vec<([u8; 4], Step)>,
    emit: &'e mut Emit<'f>,
}

impl Search<'_, '_> {
    /// Chooses base units `from` the candidate list, pairwise disjoint in candidates.
    fn choose_bases(&mut self, candidates: &[(Unit, CellSet)], from: usize) -> ControlFlow<()> {
        if self.bases.len() == self.spec.size {
            // Mutant jellyfish try thousands of bases per digit: the deadline is checked for
            // each (a search it stops gives no step, see `crate::deadline`).
            if crate::deadline::expired() {
                return ControlFlow::Break(());
            }
            let blocked = self.blocked;
            let base_mask = self.bases.iter().fold(0u32, |m, u| m | 1 << u.index());
            if self.fresh_units.is_some_and(|fresh| fresh & base_mask == 0) {
                return ControlFlow::Continue(());
            }
            self.reachable = self.reachable_cells() & self.deletable;
            if self.reachable.is_empty() {
                // (every target of a fish on these bases would be reachable and deletable)
                return ControlFlow::Continue(());
            }
            self.blocked |= base_mask;
            let mut covers = Covers::new();
            let flow =
                self.choose_covers(&mut covers, 0, CellSet::EMPTY, CellSet::EMPTY, CellSet::ALL);
            self.blocked = blocked;
            flow?;
            if !self.pending.is_empty() {
                self.pending.sort_by_key(|(covers, _)| *covers);
                for (_, step) in std::mem::take(&mut self.pending) {
                    (self.emit)(step)?;
                }
            }
            return ControlFlow::Continue(());
        }
        let needed = self.spec.size - self.bases.len();
        for i in from..candidates.len() {
            if candidates.len() - i < needed {
                break;
            }
            let (unit, cells) = candidates[i];
            if !(cells & self.base_cells).is_empty() {
                continue;
            }
            self.bases.push(unit);
            self.base_cells |= cells;
            let flow = self.choose_bases(candidates, i + 1);
            self.bases.pop();
            self.base_cells = self.base_cells - cells;
            flow?;
        }
        ControlFlow::Continue(())
    }

    /// The cells a fish on the chosen bases could eliminate: the digit's cells outside the
    /// bases, and base cells that two covers could share (cannibalism), which needs two of
    /// the cell's units to be possible covers. A basic fish's covers are parallel lines, so
    /// it has none of the latter.
    fn reachable_cells(&self) -> CellSet {
        // The cells of the possible covers by kind: the pass's areas less the bases (units of
        // one kind are disjoint, so taking a unit's cells out takes out that unit alone).
        let [mut rows, mut columns, mut boxes] = self.cover_areas;
        for base in &self.bases {
            let area = match base.kind() {
                UnitKind::Row => &mut rows,
                UnitKind::Column => &mut columns,
                UnitKind::Box => &mut boxes,
            };
            *area = *area - base.cell_set();
        }
        let in_two = (rows & columns) | (rows & boxes) | (columns & boxes);
        (self.cells - self.base_cells) | (self.base_cells & in_two)
    }

    /// Depth-first search for covers: the first base cell neither covered nor a fin is
    /// covered by its row, column or box, or becomes a fin. `forbidden` holds units an
    /// earlier branch already tried; `sight` is the set of cells seeing every fin so far.
    fn choose_covers(
        &mut self,
        covers: &mut Covers,
        forbidden: u32,
        covered: CellSet,
        fins: CellSet,
        sight: CellSet,
    ) -> ControlFlow<()> {
        self.branches = self.branches.wrapping_add(1);
        if self.branches % 1024 == 0 && crate::deadline::expired() {
            return ControlFlow::Break(());
        }
        let open = self.base_cells - covered - fins;
        if covers.len() == self.spec.size {
            return self.conclude(covers, fins | open);
        }
        let Some(cell) = open.first() else {
            // Fewer covers than bases would do: not a fish (the grid would be contradictory
            // without a fin).
            return ControlFlow::Continue(());
        };
        if !fins.is_empty() && !self.some_target_possible(covers, forbidden, open, sight) {
            return ControlFlow::Continue(());
        }
        let mut tried = forbidden;
        for unit in units_of(cell) {
            let bit = 1u32 << unit.index();
            if self.cover_units & !(self.blocked | tried) & bit == 0 {
                continue;
            }
            covers.push(unit);
            let flow = self.choose_covers(
                covers,
                tried,
                covered | (unit.cell_set() & self.base_cells),
                fins,
                sight,
            );
            covers.pop();
            flow?;
            tried |= bit;
        }
        if self.spec.fins != Fins::None {
            let sight = sight & peers(cell);
            // Every target sees every fin.
            let reachable = self.reachable;
            // Fins only grow down this branch, so a base unit left with no candidate outside
            // them can never be part of the fish.
            let fins_after = fins.with(cell);
            let base_keeps_one = self
                .bases
                .iter()
                .find(|b| b.cell_set().contains(cell))
                .is_none_or(|b| !((b.cell_set() & self.base_cells) - fins_after).is_empty());
            if base_keeps_one && !(sight & reachable).is_empty() {
                let all_units = unit_mask_of(cell);
                return self.choose_covers(
                    covers,
                    forbidden | all_units,
                    covered,
                    fins_after,
                    sight,
                );
            }
        }
        ControlFlow::Continue(())
    }

    /// Whether some cell could still be a target down this branch. A target sees every fin
    /// (so it is in `sight`), lies in a cover, and every open base cell it does not see must
    /// be covered, since it would otherwise end as a fin: all that within the covers still to
    /// choose, each a unit neither blocked nor `forbidden`.
    fn some_target_possible(
        &self,
        covers: &[Unit],
        forbidden: u32,
        open: CellSet,
        sight: CellSet,
    ) -> bool {
        let area = covers.iter().fold(CellSet::EMPTY, |a, c| a | c.cell_set());
        let allowed = self.cover_units & !(self.blocked | forbidden);
        let left = self.spec.size - covers.len();
        (sight & self.reachable).iter().any(|target| {
            let mut must_cover = open - peers(target);
            if !area.contains(target) {
                must_cover = must_cover.with(target);
            }
            coverable(must_cover, left, allowed)
        })
    }

    /// Checks a complete base and cover choice and emits its step.
    fn conclude(&mut self, covers: &[Unit], fins: CellSet) -> ControlFlow<()> {
        let spec = self.spec;
        if fins.is_empty() != (spec.fins == Fins::None) {
            return ControlFlow::Continue(());
        }
        // Targets first: most cover choices eliminate nothing, and this test is the cheapest
        // that says so (the others only filter, so their order changes nothing found).
        let mut once = CellSet::EMPTY;
        let mut twice = CellSet::EMPTY;
        for c in covers {
            let area = c.cell_set();
            twice |= once & area;
            once |= area;
        }
        let body = self.base_cells - fins;
        let mut targets = ((self.cells & once) - self.base_cells) | (body & twice);
        if !fins.is_empty() {
            targets = targets & fins.common_peers();
        }
        if targets.is_empty() {
            return ControlFlow::Continue(());
        }
        if shape_of(kinds_of(&self.bases), kinds_of(covers)) != spec.shape {
            return ControlFlow::Continue(());
        }
        // Every base unit keeps a candidate outside the fins; sashimi when one keeps only one.
        let mut sashimi = false;
        for b in &self.bases {
            match ((b.cell_set() & self.base_cells) - fins).len() {
                0 => return ControlFlow::Continue(()),
                1 => sashimi = true,
                _ => {}
            }
        }
        let wanted = match spec.fins {
            Fins::None | Fins::Any => true,
            Fins::Finned => !sashimi,
            Fins::Sashimi => sashimi,
        };
        if !wanted {
            self.sibling_found = true;
            return ControlFlow::Continue(());
        }
        let fish = Fish {
            technique: spec.technique,
            digit: self.digit,
            bases: self.bases.clone(),
            covers: covers.to_vec(),
            body,
            fins,
            eliminations: targets,
        };
        if spec.hodoku_order {
            let mut key = [u8::MAX; 4];
            for (slot, cover) in key.iter_mut().zip(covers) {
                *slot = cover.index() as u8;
            }
            key[..covers.len()].sort_unstable();
            self.pending.push((key, fish.step()));
            return ControlFlow::Continue(());
        }
        (self.emit)(fish.step())
    }
}

/// Whether `cells` lie within `count` of the `allowed` units (bit = unit index).
fn coverable(cells: CellSet, count: usize, allowed: u32) -> bool {
    let Some(first) = cells.first() else {
        return true;
    };
    if count == 0 {
        return false;
    }
    if count == 1 {
        return within_one_unit(cells, first, allowed);
    }
    let (units, sets) = (units_of(first), unit_sets_of(first));
    (0..3).any(|i| {
        if allowed & (1 << units[i].index()) == 0 {
            return false;
        }
        let left = cells - sets[i];
        match left.first() {
            None => true,
            // The most frequent calls, answered without going one level deeper.
            Some(next) if count == 2 => within_one_unit(left, next, allowed),
            Some(_) => coverable(left, count - 1, allowed),
        }
    })
}

/// Whether one of the `allowed` units of `first`, a cell of `cells`, holds all of `cells`.
fn within_one_unit(cells: CellSet, first: Cell, allowed: u32) -> bool {
    let (units, sets) = (units_of(first), unit_sets_of(first));
    (0..3).any(|i| allowed & (1 << units[i].index()) != 0 && (cells - sets[i]).is_empty())
}

/// What one digit's general fish search depends on, and nothing else: the technique (which
/// fixes size, shape and fins), the digit, its candidate cells and the units holding it.
type DigitKey = (Technique, Digit, u128, u32);

thread_local! {
    /// Digits whose search found no fish of a technique, within `Memory::Fishless`'s share
    /// of the cache bound (cleared when full). A pipeline step changes the candidates of only
    /// a few digits, and the slow general searches (finned Franken fish above all) then skip
    /// the others; the search is a function of the key, so skipping it changes nothing found,
    /// nor the order.
    static FISHLESS: RefCell<HashSet<DigitKey>> = RefCell::new(HashSet::new());
    /// Per technique and digit, the candidate cells and units holding the digit of the
    /// latest search that found no fish. A fish of the same bases needs no cell it did not
    /// have then (fewer cells outside the bases only take targets away), so when the digit
    /// has lost cells since, and no unit has gained it, only base sets touching a unit that
    /// lost one are searched again (a step removes a candidate or two: a third or fewer of
    /// the base sets).
    static LAST_FISHLESS: RefCell<HashMap<(Technique, Digit), (u128, u32)>> =
        RefCell::new(HashMap::new());
}

/// What the remembered digits take, in bytes.
fn fishless_bytes(fishless: &HashSet<DigitKey>) -> usize {
    cache::map_bytes::<DigitKey, ()>(fishless.capacity())
}

/// What the latest fishless searches take, in bytes.
fn last_fishless_bytes(last: &HashMap<(Technique, Digit), (u128, u32)>) -> usize {
    cache::map_bytes::<(Technique, Digit), (u128, u32)>(last.capacity())
}

/// Forgets every fishless digit.
pub(super) fn clear_cache() {
    FISHLESS.with(|f| *f.borrow_mut() = HashSet::new());
    LAST_FISHLESS.with(|l| *l.borrow_mut() = HashMap::new());
}

/// What the fishless digits remembered take, in bytes.
pub(super) fn cache_bytes() -> usize {
    FISHLESS.with(|f| fishless_bytes(&f.borrow()))
        + LAST_FISHLESS.with(|l| last_fishless_bytes(&l.borrow()))
}

/// The units (bit = unit index) that lost a cell of `digit` since its latest search for
/// `technique` found no fish, when every cell it has now was a cell then and the units
/// holding the digit are the same; `None` when the search must look at every base set.
fn units_losing_cells(
    technique: Technique,
    digit: Digit,
    cells: CellSet,
    placed: u32,
) -> Option<u32> {
    let (before, placed_before) =
        LAST_FISHLESS.with(|l| l.borrow().get(&(technique, digit)).copied())?;
    let before = CellSet(before);
    if placed_before != placed || !(cells - before).is_empty() {
        return None;
    }
    Some(
        (before - cells)
            .iter()
            .fold(0, |mask, cell| mask | unit_mask_of(cell)),
    )
}

/// The general fish finder (finned, sashimi, Franken and Mutant fish).
fn general(grid: &Grid, spec: Spec, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for digit in 1..=9u8 {
        if crate::deadline::expired() {
            return ControlFlow::Break(());
        }
        let cells = grid.digit_cells(digit);
        if cells.len() < 2 * spec.size as u32 {
            continue;
        }
        let placed: u32 = Unit::all()
            .filter(|&u| grid.unit_has(u, digit))
            .fold(0, |m, u| m | 1 << u.index());
        let key = (spec.technique, digit, cells.0, placed);
        if FISHLESS.with(|f| f.borrow().contains(&key)) {
            continue;
        }
        // A fish eliminates only candidates no template of the digit holds (`templates`).
        let deletable = deletable_cells(grid, digit);
        if deletable.is_empty() {
            continue;
        }
        let fresh_units = units_losing_cells(spec.technique, digit, cells, placed);
        let mut found = false;
        let mut sibling_found = false;
        let mut counted = |step: Step| {
            found = true;
            emit(step)
        };
        for &(base_kinds, cover_kinds) in passes(spec.shape) {
            let candidates: Vec<(Unit, CellSet)> = Unit::all()
                .filter(|&u| kind_bit(u) & base_kinds != 0 && placed & (1 << u.index()) == 0)
                .map(|u| (u, cells & u.cell_set()))
                .filter(|(_, c)| c.len() >= 2)
                .collect();
            let cover_units = Unit::all()
                .filter(|&u| kind_bit(u) & cover_kinds != 0)
                .fold(0, |m, u| m | 1 << u.index());
            let mut cover_areas = [CellSet::EMPTY; 3];
            for unit in Unit::all().filter(|u| (cover_units & !placed) & (1 << u.index()) != 0) {
                cover_areas[unit.index() / 9] |= unit.cell_set();
            }
            let mut search = Search {
                spec,
                digit,
                cells,
                cover_units,
                cover_areas,
                deletable,
                blocked: placed,
                bases: Vec::with_capacity(spec.size),
                base_cells: CellSet::EMPTY,
                reachable: CellSet::EMPTY,
                sibling_found: false,
                fresh_units,
                branches: 0,
                pending: Vec::new(),
                emit: &mut counted,
            };
            search.choose_bases(&candidates, 0)?;
            sibling_found |= search.sibling_found;
        }
        if !found {
            remember_fishless(key);
        }
        // The finned and sashimi forms come one after the other in HoDoKu's order: the
        // search just made also tells whether the other form has a fish on this digit.
        // (A search that skipped base sets knows nothing of the other form on them.)
        let sibling_known = !sibling_found && fresh_units.is_none();
        if let Some(sibling) = sibling(spec.technique).filter(|_| sibling_known) {
            remember_fishless((sibling, digit, cells.0, placed));
        }
    }
    ControlFlow::Continue(())
}

/// The digit's candidates a fish could eliminate (see `templates`); in tests, optionally all
/// of them, to show the template test changes nothing found.
fn deletable_cells(grid: &Grid, digit: Digit) -> CellSet {
    #[cfg(test)]
    if tests::WITHOUT_TEMPLATES.with(std::cell::Cell::get) {
        return grid.digit_cells(digit);
    }
    templates::deletable(grid, digit)
}

fn remember_fishless(key: DigitKey) {
    if crate::deadline::expired() {
        return; // (a search the deadline may have cut short proves nothing)
    }
    FISHLESS.with(|f| {
        let mut f = f.borrow_mut();
        if f.len() == f.capacity() {
            // The table would grow: within the share, or start again.
            let grown = cache::map_bytes::<DigitKey, ()>((2 * f.capacity()).max(4));
            if grown > cache::bound(Memory::Fishless) {
                *f = HashSet::new();
                if cache::map_bytes::<DigitKey, ()>(4) > cache::bound(Memory::Fishless) {
                    return; // (no room at all)
                }
            }
        }
        f.insert(key);
        let (technique, digit, cells, placed) = key;
        LAST_FISHLESS.with(|l| {
            let mut l = l.borrow_mut();
            let room = fishless_bytes(&f)
                + cache::map_bytes::<(Technique, Digit), (u128, u32)>(
                    l.capacity().max(l.len() + 1),
                );
            if room <= cache::bound(Memory::Fishless) {
                l.insert((technique, digit), (cells, placed));
            }
        });
    });
}

/// The sashimi form of a finned basic fish, and the other way round.
fn sibling(technique: Technique) -> Option<Technique> {
    use Technique::*;
    Some(match technique {
        FinnedXWing => SashimiXWing,
        SashimiXWing => FinnedXWing,
        FinnedSwordfish => SashimiSwordfish,
        SashimiSwordfish => FinnedSwordfish,
        FinnedJellyfish => SashimiJellyfish,
        SashimiJellyfish => FinnedJellyfish,
        _ => return None,
    })
}

fn spec(technique: Technique, size: usize, shape: Shape, fins: Fins, hodoku_order: bool) -> Spec {
    Spec {
        technique,
        size,
        shape,
        fins,
        hodoku_order,
    }
}

/// X-Wing: two rows (columns) whose candidates for a digit lie in the same two columns (rows).
pub fn x_wing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    basic(grid, 2, Technique::XWing, emit)
}
/// Swordfish: the same with three lines.
pub fn swordfish(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    basic(grid, 3, Technique::Swordfish, emit)
}
/// Jellyfish: the same with four lines.
pub fn jellyfish(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    basic(grid, 4, Technique::Jellyfish, emit)
}

macro_rules! general_finders {
    ($($(#[$doc:meta])* $name:ident, $hodoku_name:ident => $technique:ident, $size:literal, $shape:ident, $fins:ident;)*) => {
        $(
            $(#[$doc])*
            pub fn $name(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
                general(grid, spec(Technique::$technique, $size, Shape::$shape, Fins::$fins, false), emit)
            }
            /// The same search with each base set's fish in HoDoKu's order (see `Spec`).
            fn $hodoku_name(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
                general(grid, spec(Technique::$technique, $size, Shape::$shape, Fins::$fins, true), emit)
            }
        )*

        /// The search HoDoKu's profile runs for `technique`, when it is a fish the general
        /// search finds.
        pub fn hodoku_finder(technique: Technique) -> Option<Finder> {
            match technique {
                $(Technique::$technique => Some($hodoku_name),)*
                _ => None,
            }
        }
    };
}

general_finders! {
    /// Finned X-Wing: an X-Wing with fins, no base line down to one candidate without them.
    finned_x_wing, hodoku_finned_x_wing => FinnedXWing, 2, Basic, Finned;
    /// Sashimi X-Wing: a finned X-Wing with a base line down to one candidate without fins.
    sashimi_x_wing, hodoku_sashimi_x_wing => SashimiXWing, 2, Basic, Sashimi;
    /// Finned Swordfish.
    finned_swordfish, hodoku_finned_swordfish => FinnedSwordfish, 3, Basic, Finned;
    /// Sashimi Swordfish.
    sashimi_swordfish, hodoku_sashimi_swordfish => SashimiSwordfish, 3, Basic, Sashimi;
    /// Finned Jellyfish.
    finned_jellyfish, hodoku_finned_jellyfish => FinnedJellyfish, 4, Basic, Finned;
    /// Sashimi Jellyfish.
    sashimi_jellyfish, hodoku_sashimi_jellyfish => SashimiJellyfish, 4, Basic, Sashimi;
    /// Franken X-Wing: two bases and two covers, lines of one direction with boxes.
    franken_x_wing, hodoku_franken_x_wing => FrankenXWing, 2, Franken, None;
    /// Franken Swordfish.
    franken_swordfish, hodoku_franken_swordfish => FrankenSwordfish, 3, Franken, None;
    /// Franken Jellyfish.
    franken_jellyfish, hodoku_franken_jellyfish => FrankenJellyfish, 4, Franken, None;
    /// Finned Franken X-Wing.
    finned_franken_x_wing, hodoku_finned_franken_x_wing => FinnedFrankenXWing, 2, Franken, Any;
    /// Finned Franken Swordfish.
    finned_franken_swordfish, hodoku_finned_franken_swordfish => FinnedFrankenSwordfish, 3, Franken, Any;
    /// Finned Franken Jellyfish.
    finned_franken_jellyfish, hodoku_finned_franken_jellyfish => FinnedFrankenJellyfish, 4, Franken, Any;
    /// Mutant X-Wing: two bases and two covers mixing rows and columns.
    mutant_x_wing, hodoku_mutant_x_wing => MutantXWing, 2, Mutant, None;
    /// Mutant Swordfish.
    mutant_swordfish, hodoku_mutant_swordfish => MutantSwordfish, 3, Mutant, None;
    /// Mutant Jellyfish.
    mutant_jellyfish, hodoku_mutant_jellyfish => MutantJellyfish, 4, Mutant, None;
    /// Finned Mutant X-Wing.
    finned_mutant_x_wing, hodoku_finned_mutant_x_wing => FinnedMutantXWing, 2, Mutant, Any;
    /// Finned Mutant Swordfish.
    finned_mutant_swordfish, hodoku_finned_mutant_swordfish => FinnedMutantSwordfish, 3, Mutant, Any;
    /// Finned Mutant Jellyfish.
    finned_mutant_jellyfish, hodoku_finned_mutant_jellyfish => FinnedMutantJellyfish, 4, Mutant, Any;
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::finders::testing::memory_changes_nothing;
    use crate::finders::{all, first};
    use crate::format::{parse_puzzle, Format};
    use crate::geometry::parse_cell_name;
    use crate::pipeline::Options;
    use crate::solver::{validity, Validity};
    use strum::IntoEnumIterator;

    /// A grid from a pencilmark grid (with or without HoDoKu's borders).
    fn pencilmarks(text: &str) -> Grid {
        let input = parse_puzzle(text, Some(Format::Pencilmark)).expect("test grid parses");
        Grid::from_pencilmarks(&input.cells, &input.candidates.expect("pencilmarks"))
    }

    fn cells(names: &[&str]) -> CellSet {
        names
            .iter()
            .map(|n| parse_cell_name(n).expect("cell name"))
            .collect()
    }

    fn fish_techniques() -> Vec<Technique> {
        Technique::iter()
            .filter(|t| t.family() == crate::technique::Family::Fish)
            .collect()
    }

    /// Every step a finder finds on a grid agrees with the grid's solution.
    fn assert_sound(technique: Technique, grid: &Grid) {
        let Validity::Unique(solution) = validity(grid.values()) else {
            panic!("test grids come from puzzles with one solution");
        };
        for step in all(technique, grid) {
            for e in &step.eliminations {
                assert_ne!(solution[e.cell], e.digit, "unsound: {step}");
            }
        }
    }

    /// Remembering fishless digits changes nothing: along the extended profile's path of a
    /// hard puzzle, every general fish technique finds the same steps, in the same order,
    /// with the memory as the path left it and with it emptied first.
    #[test]
    fn remembered_fishless_digits_change_no_result() {
        let (mut states, mut fish_seen) = (0, 0);
        for (puzzle, options) in walks() {
            let (walked, found, _) = memory_changes_nothing(
                Grid::from_test_line(puzzle),
                &options,
                &general_fish(&options),
                clear_cache,
                || cache_bytes() > 0,
            );
            states += walked;
            fish_seen += found;
        }
        assert!(
            states > 80 && fish_seen > 0,
            "{states} states, {fish_seen} fish"
        );
    }

    /// Searches of X-Wing, Swordfish and Jellyfish give the same steps with the fishless
    /// digits remembered along the path as with the memory emptied first.
    #[test]
    fn remembered_basic_fishless_digits_change_no_result() {
        use crate::finders::testing::{assert_barren_memory_changes_nothing, Searches};
        let puzzles: Vec<&str> = walks().iter().map(|(puzzle, _)| *puzzle).collect();
        assert_barren_memory_changes_nothing(
            &puzzles,
            &[Options::sudoku_explainer(), Options::hodoku()],
            Searches::Techniques(&[Technique::XWing, Technique::Swordfish, Technique::Jellyfish]),
            (barren_digits::clear, barren_digits::any_remembered),
            (200, 0),
        );
    }

    /// The extended profile (every fish) and the hodoku profile (HoDoKu's order, Franken
    /// fish) on top1465 puzzles whose paths meet general fish searches at many states.
    fn walks() -> [(&'static str, Options); 4] {
        [
            (
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                Options::extended(),
            ),
            (
                "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
                Options::hodoku(),
            ),
            (
                "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
                Options::hodoku(),
            ),
            (
                ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
                Options::hodoku(),
            ),
        ]
    }

    /// The fish the general search finds among a profile's techniques.
    fn general_fish(options: &Options) -> Vec<Technique> {
        fish_techniques()
            .into_iter()
            .filter(|t| {
                !matches!(
                    t,
                    Technique::XWing | Technique::Swordfish | Technique::Jellyfish
                )
            })
            .filter(|t| options.techniques.contains(t))
            .collect()
    }

    thread_local! {
        /// Set: the general search takes every candidate as deletable (no template test).
        pub(super) static WITHOUT_TEMPLATES: std::cell::Cell<bool> =
            const { std::cell::Cell::new(false) };
    }

    #[test]
    fn the_template_test_changes_nothing_found() {
        // At every state of the walks, each general fish search with and without the test
        // finds the same steps in the same order, and each of their eliminations is deletable.
        let (mut states, mut fish_seen, mut pruned_digits) = (0, 0, 0);
        for (puzzle, options) in walks() {
            let techniques = general_fish(&options);
            let mut grid = Grid::from_test_line(puzzle);
            while let Some(step) = crate::pipeline::next_step(&grid, &options) {
                let search = |without: bool| -> Vec<Vec<String>> {
                    WITHOUT_TEMPLATES.with(|w| w.set(without));
                    clear_cache();
                    let found = techniques
                        .iter()
                        .map(|&t| all(t, &grid).iter().map(Step::notation).collect())
                        .collect();
                    WITHOUT_TEMPLATES.with(|w| w.set(false));
                    found
                };
                let (with, without) = (search(false), search(true));
                assert_eq!(with, without, "{puzzle} state {states}");
                for &t in &techniques {
                    for fish in all(t, &grid) {
                        for elimination in &fish.eliminations {
                            let deletable = templates::deletable(&grid, elimination.digit);
                            assert!(deletable.contains(elimination.cell), "{}", fish.notation());
                        }
                    }
                }
                fish_seen += with.iter().map(Vec::len).sum::<usize>();
                pruned_digits += (1..=9)
                    .filter(|&d| {
                        let cells = grid.digit_cells(d);
                        !cells.is_empty() && templates::deletable(&grid, d).is_empty()
                    })
                    .count();
                crate::pipeline::apply(&mut grid, &step);
                states += 1;
            }
        }
        assert!(
            states > 80 && fish_seen > 0 && pruned_digits > states,
            "{states} states, {fish_seen} fish, {pruned_digits} digits skipped"
        );
    }

    // A real state (magictour top1465, extended profile) with a row-based X-Wing on 9.
    const X_WING: &str = "
        1    59    24  269  7    8   269  45  3
        58   6     24  3    49   1   7    58  29
        89   7     3   269  469  5   269  48  1
        2    1     5   7    36   34  8    9   46
        469  49    7   5    8    2   1    3   46
        346  34    8   69   1    49  5    2   7
        35   235   1   8    359  6   4    7   259
        45   458   9   1    2    7   3    6   58
        7    2358  6   4    359  39  29   1   2589";

    #[test]
    fn x_wing_clears_its_two_columns() {
        let grid = pencilmarks(X_WING);
        let step = first(Technique::XWing, &grid).expect("an X-Wing");
        assert_eq!(step.notation(), "X-Wing: 9 r2r7 c5c9 => r3c5,r9c59<>9");
        assert_eq!(
            step.eliminations
                .iter()
                .map(|e| e.cell)
                .collect::<CellSet>(),
            cells(&["r3c5", "r9c5", "r9c9"])
        );
        let bases: Vec<String> = step
            .pattern
            .units_with(Role::Base)
            .map(|u| u.to_string())
            .collect();
        let covers: Vec<String> = step
            .pattern
            .units_with(Role::Cover)
            .map(|u| u.to_string())
            .collect();
        assert_eq!(
            (bases, covers),
            (
                vec!["r2".into(), "r7".into()],
                vec!["c5".into(), "c9".into()]
            )
        );
        assert_eq!(
            step.pattern.cells_with(Role::Pattern).collect::<CellSet>(),
            cells(&["r2c5", "r2c9", "r7c5", "r7c9"])
        );
        assert_eq!(all(Technique::XWing, &grid).len(), 1);
        // A fish without fins is no finned fish, and a basic fish is neither Franken nor Mutant.
        for t in [
            Technique::FinnedXWing,
            Technique::FrankenXWing,
            Technique::MutantXWing,
        ] {
            assert!(all(t, &grid).is_empty(), "{t}");
        }
    }

    #[test]
    fn x_wing_near_miss_gives_nothing() {
        // 9 put back in r2c1: row 2 has three places for its 9.
        let mut masks = pencilmarks(X_WING).candidate_masks();
        masks[parse_cell_name("r2c1").unwrap()] |= 1 << 8;
        let grid = Grid::from_pencilmarks(pencilmarks(X_WING).values(), &masks);
        assert!(all(Technique::XWing, &grid).is_empty());
    }

    // A real state (se121) where the fins r7c6 and r9c1 lie in different boxes: the target
    // r7c2 sees one by its row and the other by its box.
    const FINNED_MUTANT_JELLYFISH: &str = "
        379   56    379   1568   4     568    239  158  29
        39    1     4     7      258   258    39   58   6
        8     56    2     9      156   3      4    157  57
        2     348   38    56     7     56     1    9    48
        147   9     178   2348   238   248    5    6    2478
        6     478   5     248    9     1      28   47   3
        5     348   1389  13468  1368  4689   7    2    489
        3479  2378  6     23458  2358  24589  89   45   1
        149   248   189   12458  1258  7      6    3    4589";

    #[test]
    fn finned_mutant_jellyfish_needs_targets_seeing_every_fin() {
        let grid = pencilmarks(FINNED_MUTANT_JELLYFISH);
        let step = first(Technique::FinnedMutantJellyfish, &grid).expect("a fish");
        assert_eq!(
            step.notation(),
            "Finned Mutant Jellyfish: 4 r4c1c6c8 r5r8c2b6 fr7c6 fr9c1 => r7c2<>4"
        );
        assert_eq!(
            step.pattern.cells_with(Role::Fin).collect::<CellSet>(),
            cells(&["r7c6", "r9c1"])
        );
        for t in fish_techniques() {
            assert_sound(t, &grid);
        }
    }

    /// Every fish page's example gives its documented first step, every step found there is
    /// sound, and the near miss gives nothing.
    #[test]
    fn page_examples_and_near_misses() {
        macro_rules! pages {
            ($($t:ident => $slug:literal),* $(,)?) => {
                [$((Technique::$t, include_str!(concat!("../../techniques/", $slug, ".md")))),*]
            };
        }
        let pages = pages![
            XWing => "x-wing", Swordfish => "swordfish", Jellyfish => "jellyfish",
            FinnedXWing => "finned-x-wing", SashimiXWing => "sashimi-x-wing",
            FinnedSwordfish => "finned-swordfish", SashimiSwordfish => "sashimi-swordfish",
            FinnedJellyfish => "finned-jellyfish", SashimiJellyfish => "sashimi-jellyfish",
            FrankenXWing => "franken-x-wing", FrankenSwordfish => "franken-swordfish",
            FrankenJellyfish => "franken-jellyfish",
            FinnedFrankenXWing => "finned-franken-x-wing",
            FinnedFrankenSwordfish => "finned-franken-swordfish",
            FinnedFrankenJellyfish => "finned-franken-jellyfish",
            MutantXWing => "mutant-x-wing", MutantSwordfish => "mutant-swordfish",
            MutantJellyfish => "mutant-jellyfish",
            FinnedMutantXWing => "finned-mutant-x-wing",
            FinnedMutantSwordfish => "finned-mutant-swordfish",
            FinnedMutantJellyfish => "finned-mutant-jellyfish",
        ];
        assert_eq!(pages.len(), fish_techniques().len());
        for (technique, page) in pages {
            assert_eq!(page.lines().next(), Some(format!("# {technique}").as_str()));
            let block = |info: &str, nth: usize| -> String {
                let fence = format!("```{info}\n");
                let start = page.match_indices(&fence).nth(nth).expect("block").0 + fence.len();
                let len = page[start..].find("```").expect("closed block");
                page[start..start + len].to_string()
            };
            let example = pencilmarks(&block("pencilmark", 0));
            let step = first(technique, &example).map(|s| s.notation());
            assert_eq!(
                step.as_deref(),
                Some(block("step", 0).trim()),
                "{technique}"
            );
            assert_sound(technique, &example);
            let near_miss = pencilmarks(&block("pencilmark", 1));
            assert!(
                all(technique, &near_miss).is_empty(),
                "{technique} near miss"
            );
        }
    }

    /// A made-up grid (every digit open everywhere except 1) where row 1 has its 1 in r1c1 or
    /// r1c2 and box 4 in r4c1 or r5c1: a Franken X-Wing on rows/boxes r1 b4 and covers c1 b1.
    /// r1c1 lies in both covers; as a 1 it would fill both, leaving box 4 no place. The search
    /// over every fill of the candidates confirms that no solution has 1 there.
    #[test]
    fn a_base_cell_in_two_covers_is_eliminated() {
        let one = 1u16;
        let mut masks = [0x1ffu16; 81];
        for (cell, mask) in masks.iter_mut().enumerate() {
            let r1 = cell / 9 == 0 && cell % 9 >= 2;
            let b4 = Unit::boxed(3).cell_set().contains(cell)
                && !cells(&["r4c1", "r5c1"]).contains(cell);
            if r1 || b4 {
                *mask &= !one;
            }
        }
        let grid = Grid::from_pencilmarks(&[0; 81], &masks);
        let steps = all(Technique::FrankenXWing, &grid);
        let step = steps
            .iter()
            .find(|s| s.subject == "1 r1b4 c1b1")
            .expect("the Franken X-Wing");
        let r1c1 = parse_cell_name("r1c1").unwrap();
        assert!(step.eliminations.iter().any(|e| e.cell == r1c1));
        assert!(step.text.contains("lies in two of them"), "{}", step.text);
        let mut forced = masks;
        forced[r1c1] = one;
        assert_eq!(
            crate::solver::count_solutions_with_candidates(&forced, 1).count,
            0
        );
        // Every elimination of every fish on this grid holds in every fill (checked on a
        // sample of targets: forcing one must leave no solution).
        for t in fish_techniques() {
            for s in all(t, &grid).iter().take(3) {
                for e in s.eliminations.iter().take(3) {
                    let mut forced = masks;
                    forced[e.cell] = 1 << (e.digit - 1);
                    let n = crate::solver::count_solutions_with_candidates(&forced, 1).count;
                    assert_eq!(n, 0, "{s}");
                }
            }
        }
    }

    #[test]
    fn a_solved_grid_has_no_fish() {
        let line =
            "534678912672195348198342567859761423426853791713924856961537284287419635345286179";
        let mut values = [0u8; 81];
        for (i, ch) in line.chars().enumerate() {
            values[i] = ch.to_digit(10).unwrap() as u8;
        }
        let grid = Grid::from_puzzle(&values);
        for t in fish_techniques() {
            assert!(all(t, &grid).is_empty(), "{t}");
        }
    }

    #[test]
    fn classes_follow_hodoku() {
        assert_eq!(shape_of(ROWS, COLUMNS), Shape::Basic);
        assert_eq!(shape_of(COLUMNS, ROWS), Shape::Basic);
        assert_eq!(shape_of(ROWS | BOXES, COLUMNS), Shape::Franken);
        assert_eq!(shape_of(ROWS, COLUMNS | BOXES), Shape::Franken);
        assert_eq!(shape_of(COLUMNS | BOXES, ROWS | BOXES), Shape::Franken);
        assert_eq!(shape_of(BOXES, COLUMNS), Shape::Mutant);
        assert_eq!(shape_of(ROWS | COLUMNS, BOXES), Shape::Mutant);
        assert_eq!(shape_of(ROWS, ROWS | COLUMNS), Shape::Mutant);
        assert_eq!(shape_of(ROWS | BOXES, ROWS | COLUMNS), Shape::Mutant);
    }

    #[test]
    fn sudoku_explainer_profile_tries_each_fish_after_its_naked_subset() {
        let order = Options::sudoku_explainer().techniques;
        let at = |t: Technique| order.iter().position(|&x| x == t).expect("in the profile");
        use Technique::*;
        for (naked, fish, hidden) in [
            (NakedPair, XWing, HiddenPair),
            (NakedTriple, Swordfish, HiddenTriple),
            (NakedQuad, Jellyfish, HiddenQuad),
        ] {
            assert!(at(naked) < at(fish) && at(fish) < at(hidden), "{fish}");
        }
        // The other fish are not Sudoku Explainer's.
        assert_eq!(
            order
                .iter()
                .filter(|t| t.family() == crate::technique::Family::Fish)
                .count(),
            3
        );
    }
}
