//! HoDoKu 2.2's singles queues, replayed beside the grid so that the hodoku path takes the
//! single HoDoKu takes, and copied for the trials of HoDoKu's forcing nets
//! (`hodoku_tabling`), which play singles from the same queues.
//!
//! HoDoKu does not search the grid for singles. Its grid (`Sudoku2`) keeps two first-in
//! first-out queues, one of naked singles and one of hidden singles, and appends to them as
//! candidates go: a cell left with one candidate joins the naked queue, a digit left with one
//! place in a unit joins the hidden queue (the first cell of the unit that still has it). Its
//! Full House search reads the naked queue without taking from it; its Naked and Hidden Single
//! searches take entries until one is still open. Which single comes first therefore depends
//! on the order in which every earlier step removed candidates, and HoDoKu's score counts a
//! Hidden Single (14) apart from a Naked Single or Full House (4): on the Easy puzzles of
//! `rated/hodoku.tsv` a search in reading order gave a different score on a third of them.
//!
//! [`HodokuSingles`] keeps HoDoKu's own bookkeeping (candidate masks, the count of places per
//! unit and digit, the two queues) and changes it exactly as `Sudoku2.setCell` and
//! `setCandidate` do: a placement removes the digit from the cell's peers in ascending order,
//! then the cell's own candidates; an elimination removes one candidate. A puzzle is loaded
//! as HoDoKu loads a line, givens placed in reading order on an empty grid.

use crate::finders::singles::{full_house_step, hidden_single_step, naked_single_step};
use crate::geometry::{peers, units_of, Cell, CellSet, Digit, Unit, CELLS, UNITS};
use crate::grid::Grid;
use crate::step::{Candidate, Role, Step};
use crate::technique::{Technique, TechniqueSet};

/// Every candidate of a cell, as HoDoKu's masks hold them (bit `d - 1` for digit `d`).
const ALL: u16 = 0x1ff;

/// A first-in first-out queue of singles as `SudokuSinglesQueue` keeps it: entries are taken
/// from the front, and a removal takes out the first matching entry still waiting.
#[derive(Debug, Clone, Default)]
struct Queue {
    entries: Vec<(Cell, Digit)>,
    next: usize,
}

impl Queue {
    fn push(&mut self, cell: Cell, digit: Digit) {
        self.entries.push((cell, digit));
    }

    /// The front entry, taken out. HoDoKu starts its array again once it has been read to the
    /// end; so does this.
    fn take(&mut self) -> Option<(Cell, Digit)> {
        let entry = *self.entries.get(self.next)?;
        self.next += 1;
        if self.next == self.entries.len() {
            self.entries.clear();
            self.next = 0;
        }
        Some(entry)
    }

    fn clear(&mut self) {
        self.entries.clear();
        self.next = 0;
    }

    /// The entries still waiting, front first.
    fn waiting(&self) -> &[(Cell, Digit)] {
        &self.entries[self.next..]
    }

    /// Takes out the first waiting entry that `matches`.
    fn remove_first(&mut self, matches: impl Fn(&(Cell, Digit)) -> bool) {
        if let Some(at) = self.waiting().iter().position(matches) {
            self.entries.remove(self.next + at);
        }
    }
}

/// HoDoKu's grid bookkeeping for singles: what `Sudoku2` holds of it.
#[derive(Debug, Clone)]
pub(crate) struct HodokuSingles {
    values: [Digit; CELLS],
    /// Candidate masks; a placed cell has none.
    masks: [u16; CELLS],
    /// The cells holding each digit as a candidate (`masks` by digit), so that a placement
    /// visits only the peers it changes.
    digit_cells: [CellSet; 9],
    /// How many cells of unit `u` still have digit `d` as a candidate: `free[u][d]`.
    free: [[u8; 10]; UNITS],
    naked: Queue,
    hidden: Queue,
}

impl HodokuSingles {
    /// The bookkeeping for `grid` as HoDoKu would have it after loading the puzzle: an empty
    /// grid, the placed digits set in reading order, then any candidate the grid no longer
    /// has removed, in reading order (a pencilmark state; a puzzle's own line has none).
    pub(crate) fn new(grid: &Grid) -> HodokuSingles {
        let mut state = HodokuSingles {
            values: [0; CELLS],
            masks: [ALL; CELLS],
            digit_cells: [CellSet::ALL; 9],
            free: [[9; 10]; UNITS],
            naked: Queue::default(),
            hidden: Queue::default(),
        };
        for cell in 0..CELLS {
            if grid.value(cell) != 0 {
                state.place(cell, grid.value(cell));
            }
        }
        for cell in 0..CELLS {
            if grid.value(cell) == 0 {
                for digit in 1..=9 {
                    if !grid.candidates(cell).contains(digit) {
                        state.eliminate(cell, digit);
                    }
                }
            }
        }
        state
    }

    /// Records a step taken: its placements, then its eliminations in the order HoDoKu's
    /// search for that technique lists them ([`hodoku_elimination_order`]).
    pub(crate) fn apply(&mut self, step: &Step) {
        for p in &step.placements {
            self.place(p.cell, p.digit);
        }
        match hodoku_elimination_order(step) {
            Some(order) => order.iter().for_each(|e| self.eliminate(e.cell, e.digit)),
            None => step
                .eliminations
                .iter()
                .for_each(|e| self.eliminate(e.cell, e.digit)),
        }
    }

    /// The single HoDoKu takes next among the enabled singles: a Full House from the naked
    /// queue (left in it), else the first open Naked Single, else the first open Hidden
    /// Single (both taken from their queue, as HoDoKu's searches take them). `None` when the
    /// queues hold none; the entries read on the way are gone, as in HoDoKu.
    pub(crate) fn next_single(&mut self, enabled: TechniqueSet) -> Option<Step> {
        if enabled.contains(Technique::FullHouse) {
            if let Some(step) = self.full_house() {
                return Some(step);
            }
        }
        if enabled.contains(Technique::NakedSingle) {
            while let Some((cell, digit)) = self.naked.take() {
                if self.values[cell] == 0 {
                    return Some(naked_single_step(cell, digit));
                }
            }
        }
        if enabled.contains(Technique::HiddenSingleBox)
            || enabled.contains(Technique::HiddenSingleLine)
        {
            // HoDoKu looks at the first entry of an open cell only, found or not.
            while let Some((cell, digit)) = self.hidden.take() {
                if self.values[cell] != 0 {
                    continue;
                }
                let unit = constraints(cell)
                    .into_iter()
                    .find(|&u| self.free[u.index()][digit as usize] == 1)?;
                let step = hidden_single_step(unit, cell, digit);
                return enabled.contains(step.technique).then_some(step);
            }
        }
        None
    }

    /// Makes this the same grid as `base` with both queues empty, keeping the queues' room:
    /// what a trial on a copy of HoDoKu's grid starts from when the solver has just found no
    /// single (its queues then hold none still open). A forcing net search plays some 400
    /// trials on copies of one grid, and a fresh copy's queues grew from nothing in each.
    pub(crate) fn reset_to(&mut self, base: &HodokuSingles) {
        self.values = base.values;
        self.masks = base.masks;
        self.digit_cells = base.digit_cells;
        self.free = base.free;
        self.naked.clear();
        self.hidden.clear();
    }

    /// A cell's candidates as HoDoKu's mask holds them (bit `d - 1` for digit `d`).
    pub(crate) fn mask(&self, cell: Cell) -> u16 {
        self.masks[cell]
    }

    /// Every single the queues hold, as `findAllNakedSingles` then `findAllHiddenSingles` list
    /// them without taking them: open naked entries in queue order (the digit the entry was
    /// queued with, even if a later removal left the cell none), then for each open cell not
    /// yet listed its first hidden entry whose cell has a unit with one place left for the
    /// digit. Written into `singles` (emptied first), whose room the trials keep.
    pub(crate) fn all_singles(&self, singles: &mut Vec<(Cell, Digit)>) {
        singles.clear();
        singles.extend(
            self.naked
                .waiting()
                .iter()
                .copied()
                .filter(|&(cell, _)| self.values[cell] == 0),
        );
        let mut listed = CellSet::EMPTY;
        for &(cell, digit) in self.hidden.waiting() {
            if self.values[cell] != 0 || listed.contains(cell) {
                continue;
            }
            if constraints(cell)
                .iter()
                .any(|u| self.free[u.index()][digit as usize] == 1)
            {
                singles.push((cell, digit));
                listed = listed.with(cell);
            }
        }
    }

    /// A waiting naked single whose cell is the last open one of a unit: rows, columns, then
    /// boxes, as HoDoKu checks a cell's constraints.
    fn full_house(&self) -> Option<Step> {
        self.naked.waiting().iter().find_map(|&(cell, digit)| {
            if self.values[cell] != 0 {
                return None;
            }
            let unit = constraints(cell)
                .into_iter()
                .find(|u| (1..=9).all(|d| d == digit || self.free[u.index()][d as usize] == 0))?;
            Some(full_house_step(unit, cell, digit))
        })
    }

    /// `Sudoku2.setCell`: the digit leaves the cell's peers in ascending order, then the cell's
    /// own candidates leave its units.
    pub(crate) fn place(&mut self, cell: Cell, digit: Digit) {
        if self.values[cell] == digit {
            return;
        }
        self.values[cell] = digit;
        let own = self.masks[cell];
        self.masks[cell] = 0;
        // (the other digits' sets do not hold the cell)
        let mut digits = own;
        while digits != 0 {
            let at = digits.trailing_zeros() as usize;
            self.digit_cells[at] = self.digit_cells[at].without(cell);
            digits &= digits - 1;
        }
        // Ascending, as HoDoKu visits the peers; those without the digit it passes over.
        for peer in (peers(cell) & self.digit_cells[digit as usize - 1]).iter() {
            self.eliminate(peer, digit);
        }
        let mut left = own;
        while left != 0 {
            let candidate = left.trailing_zeros() as Digit + 1;
            left &= left - 1;
            for unit in constraints(cell) {
                let free = &mut self.free[unit.index()][candidate as usize];
                *free -= 1;
                if *free == 1 && candidate != digit {
                    self.add_hidden(unit, candidate);
                }
            }
        }
    }

    /// `Sudoku2.setCandidate(index, value, false)`: one candidate leaves a cell; a cell left with
    /// one joins the naked queue, a digit left with one place in a unit the hidden queue, and a
    /// digit with none leaves it.
    #[inline]
    pub(crate) fn eliminate(&mut self, cell: Cell, digit: Digit) {
        if self.masks[cell] & bit(digit) == 0 {
            return;
        }
        self.masks[cell] &= !bit(digit);
        let at = digit as usize - 1;
        self.digit_cells[at] = self.digit_cells[at].without(cell);
        let left = self.masks[cell];
        if left == 0 {
            // HoDoKu stops here: the grid has no solution.
            return;
        }
        if left.count_ones() == 1 {
            self.naked.push(cell, left.trailing_zeros() as Digit + 1);
        }
        for unit in constraints(cell) {
            let free = &mut self.free[unit.index()][digit as usize];
            *free -= 1;
            match *free {
                1 => self.add_hidden(unit, digit),
                0 => self
                    .hidden
                    .remove_first(|&(c, d)| d == digit && constraints(c).contains(&unit)),
                _ => {}
            }
        }
    }

    /// Queues the first cell of `unit` that still has `digit`, if any (every unit lists its
    /// cells ascending, so the lowest of the digit's cells there).
    fn add_hidden(&mut self, unit: Unit, digit: Digit) {
        if let Some(cell) = (self.digit_cells[digit as usize - 1] & unit.cell_set()).first() {
            self.hidden.push(cell, digit);
        }
    }
}

/// A step's eliminations in the order HoDoKu's own search for the technique adds them to its
/// step (`SimpleSolver`), where it is known; otherwise the step's order (cell, then digit, for
/// most finders). The order decides which singles join HoDoKu's queues first.
/// - Naked and locked subsets: each unit the subset's cells share, row, column, box; in it,
///   each other cell in the unit's order; in a cell, digits ascending.
/// - Hidden subsets and locked candidates: by cell (in a unit's order, which is ascending in
///   every unit), then digit.
///
/// `None` where the step's own order is HoDoKu's (or unknown): nothing to copy.
fn hodoku_elimination_order(step: &Step) -> Option<Vec<Candidate>> {
    use Technique::*;
    if step.eliminations.len() < 2 {
        return None;
    }
    let mut order = step.eliminations.clone();
    match step.technique {
        NakedPair | NakedTriple | NakedQuad | LockedPair | LockedTriple => {
            let subset: Vec<Cell> = step
                .pattern
                .cells
                .iter()
                .filter(|c| c.role == Role::Subset)
                .map(|c| c.item)
                .collect();
            let &first = subset.first()?;
            let shared = constraints(first)
                .into_iter()
                .filter(|u| subset.iter().all(|&c| u.cell_set().contains(c)));
            order.sort_by_key(|e| (e.cell, e.digit));
            let mut ranked = Vec::with_capacity(order.len());
            for unit in shared {
                for &cell in unit.cells() {
                    for e in order.iter().filter(|e| e.cell == cell) {
                        if !ranked.contains(e) {
                            ranked.push(*e);
                        }
                    }
                }
            }
            // Every elimination lies in a shared unit; none is left out if one did not.
            for e in &order {
                if !ranked.contains(e) {
                    ranked.push(*e);
                }
            }
            order = ranked;
        }
        HiddenPair
        | HiddenTriple
        | HiddenQuad
        | LockedCandidatesPointing
        | LockedCandidatesClaiming => order.sort_by_key(|e| (e.cell, e.digit)),
        _ => return None,
    }
    Some(order)
}

fn bit(digit: Digit) -> u16 {
    1 << (digit - 1)
}

/// A cell's units in HoDoKu's order of constraints: row, column, box ([`units_of`] already
/// reads them so; HoDoKu's constraint numbers are [`Unit::index`]).
fn constraints(cell: Cell) -> [Unit; 3] {
    units_of(cell)
}
