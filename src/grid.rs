//! The candidate state every technique reads: givens, placed digits and candidates.
//!
//! Owns [`Grid`]. A grid is built either from a puzzle (candidates computed from the filled
//! cells) or from a user's own pencilmarks (candidates taken as given, even where the user
//! missed an elimination). It applies placements and eliminations and offers the per-digit and
//! per-unit views finders need. It never decides anything by itself: no technique lives here.
//!
//! Invariant: a filled cell has no candidates; `digit_cells[d]` is always the set of empty cells
//! whose candidates contain `d`.

use crate::geometry::{peers, units_of, Cell, CellSet, Digit, DigitSet, Unit, CELLS, UNITS};

/// A puzzle in progress: givens, placed digits and the candidates of the empty cells.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Grid {
    values: [Digit; CELLS],
    givens: CellSet,
    candidates: [DigitSet; CELLS],
    /// For each digit 1..=9 (index d-1), the empty cells where it is still a candidate.
    digit_cells: [CellSet; 9],
    /// The cells holding a digit, kept in step with `values` (singles ask at every step).
    filled: CellSet,
    /// Empty cells per unit (index [`Unit::index`]), kept in step with `values`.
    unit_empties: [u8; UNITS],
    /// Digits placed per unit (index [`Unit::index`]), kept in step with `values`: full
    /// houses and most finders ask whether a unit holds a digit.
    unit_values: [DigitSet; UNITS],
}

impl Grid {
    /// A grid from an 81-character puzzle line, any non-digit (or `0`) an empty cell: the
    /// literal puzzles of unit tests.
    #[cfg(test)]
    pub(crate) fn from_test_line(line: &str) -> Grid {
        let digits: Vec<Digit> = line.bytes().map(|b| b.saturating_sub(b'0') % 10).collect();
        Grid::from_puzzle(&digits.try_into().expect("81 cells"))
    }

    /// A grid from a puzzle: every filled cell is a given, candidates are computed.
    /// Conflicting givens are not rejected here (the format layer names them); they simply
    /// leave some candidates missing.
    pub fn from_puzzle(cells: &[Digit; CELLS]) -> Grid {
        // The givens first, then every empty cell's candidates from its units' digits, in one
        // pass: the same grid as placing the givens one by one, which costs a peer walk each
        // (a batch of easy puzzles spent a twentieth of its time here).
        let mut grid = Grid::empty();
        for (cell, &d) in cells.iter().enumerate() {
            if (1..=9).contains(&d) {
                grid.values[cell] = d;
                grid.givens = grid.givens.with(cell);
                grid.mark_filled(cell);
                for unit in units_of(cell) {
                    grid.unit_values[unit.index()] = grid.unit_values[unit.index()].with(d);
                }
            }
        }
        grid.digit_cells = [CellSet::EMPTY; 9];
        for cell in 0..CELLS {
            if grid.values[cell] != 0 {
                grid.candidates[cell] = DigitSet::EMPTY;
                continue;
            }
            let placed = units_of(cell).into_iter().fold(DigitSet::EMPTY, |seen, u| {
                seen.union(grid.unit_values[u.index()])
            });
            let candidates = DigitSet::ALL.difference(placed);
            grid.candidates[cell] = candidates;
            for d in candidates {
                grid.digit_cells[d as usize - 1] = grid.digit_cells[d as usize - 1].with(cell);
            }
        }
        grid
    }

    /// A grid from a user's own pencilmarks: filled cells are `values` (non-zero), the
    /// candidates of empty cells are `candidates` (bit d-1 = digit d) as written, even where
    /// the user missed an elimination a technique would make. The one exception: a digit
    /// already placed in a peer is never kept as a candidate (see [`Grid::stale_candidates`]),
    /// since every finder relies on that invariant to stay sound. A cell with zero value and
    /// a single candidate stays an unsolved cell with one candidate. Filled cells count as givens.
    pub fn from_pencilmarks(values: &[Digit; CELLS], candidates: &[u16; CELLS]) -> Grid {
        let mut grid = Grid {
            values: [0; CELLS],
            givens: CellSet::EMPTY,
            candidates: [DigitSet::EMPTY; CELLS],
            digit_cells: [CellSet::EMPTY; 9],
            filled: CellSet::EMPTY,
            unit_empties: [9; UNITS],
            unit_values: [DigitSet::EMPTY; UNITS],
        };
        for cell in 0..CELLS {
            let d = values[cell];
            if (1..=9).contains(&d) {
                grid.values[cell] = d;
                grid.mark_filled(cell);
                for unit in units_of(cell) {
                    grid.unit_values[unit.index()] = grid.unit_values[unit.index()].with(d);
                }
                grid.givens = grid.givens.with(cell);
            } else {
                let placed_in_peers: DigitSet = peers(cell)
                    .iter()
                    .map(|p| values[p])
                    .filter(|v| (1..=9).contains(v))
                    .collect();
                let set = DigitSet(candidates[cell] & DigitSet::ALL.0) - placed_in_peers;
                grid.candidates[cell] = set;
                for digit in set {
                    grid.digit_cells[digit as usize - 1] =
                        grid.digit_cells[digit as usize - 1].with(cell);
                }
            }
        }
        grid
    }

    /// The same grid with only the filled cells of `givens` counted as givens: the other filled
    /// cells were placed while solving. Avoidable rectangles need to tell them apart, and are
    /// sound only when these givens alone have one solution.
    pub fn with_givens(mut self, givens: CellSet) -> Grid {
        self.givens = givens - self.empty_cells();
        self
    }

    /// Candidates written in empty cells although a peer already holds that digit: the
    /// eliminations the user has not made yet, which [`Grid::from_pencilmarks`] drops.
    pub fn stale_candidates(
        values: &[Digit; CELLS],
        candidates: &[u16; CELLS],
    ) -> Vec<(Cell, Digit, Cell)> {
        let mut stale = Vec::new();
        for cell in (0..CELLS).filter(|&c| values[c] == 0) {
            for digit in DigitSet(candidates[cell] & DigitSet::ALL.0) {
                if let Some(peer) = peers(cell).iter().find(|&p| values[p] == digit) {
                    stale.push((cell, digit, peer));
                }
            }
        }
        stale
    }

    /// The empty grid: all cells empty, all candidates open.
    pub fn empty() -> Grid {
        Grid {
            values: [0; CELLS],
            givens: CellSet::EMPTY,
            candidates: [DigitSet::ALL; CELLS],
            digit_cells: [CellSet::ALL; 9],
            filled: CellSet::EMPTY,
            unit_empties: [9; UNITS],
            unit_values: [DigitSet::EMPTY; UNITS],
        }
    }

    /// Digit in a cell, 0 if empty.
    pub fn value(&self, cell: Cell) -> Digit {
        self.values[cell]
    }
    /// All cell values, 0 for empty.
    pub fn values(&self) -> &[Digit; CELLS] {
        &self.values
    }
    /// Candidates of a cell (empty for a filled cell).
    pub fn candidates(&self, cell: Cell) -> DigitSet {
        self.candidates[cell]
    }
    /// Candidates of every cell as raw masks (bit d-1 = digit d).
    pub fn candidate_masks(&self) -> [u16; CELLS] {
        self.candidates.map(|s| s.0)
    }
    /// Whether the cell was given in the puzzle (as opposed to placed while solving).
    pub fn is_given(&self, cell: Cell) -> bool {
        self.givens.contains(cell)
    }
    /// The cells given in the puzzle (see [`Grid::is_given`]).
    pub fn givens(&self) -> CellSet {
        self.givens
    }
    /// Empty cells where `digit` is still a candidate.
    pub fn digit_cells(&self, digit: Digit) -> CellSet {
        self.digit_cells[digit as usize - 1]
    }
    /// Where `digit` can still go in `unit`, as positions 0..9 within the unit (bit i = `unit.cells()[i]`).
    pub fn positions(&self, unit: Unit, digit: Digit) -> u16 {
        // Only the digit's places are visited: this runs in the innermost loops of most finders.
        let mut mask = 0u16;
        for c in (self.digit_cells(digit) & unit.cell_set()).iter() {
            mask |= 1 << unit.position_of(c);
        }
        mask
    }
    /// Empty cells of the grid.
    pub fn empty_cells(&self) -> CellSet {
        CellSet::ALL - self.filled
    }
    /// Whether `digit` is already placed in `unit`.
    pub fn unit_has(&self, unit: Unit, digit: Digit) -> bool {
        self.unit_values[unit.index()].contains(digit)
    }
    /// The digits placed in `unit`.
    pub fn placed_in(&self, unit: Unit) -> DigitSet {
        self.unit_values[unit.index()]
    }
    fn values_in(&self, unit: Unit) -> DigitSet {
        unit.cells()
            .iter()
            .map(|&c| self.values[c])
            .filter(|&v| v != 0)
            .collect()
    }
    /// Every cell filled.
    pub fn is_solved(&self) -> bool {
        self.filled == CellSet::ALL
    }
    /// Number of empty cells.
    pub fn empty_count(&self) -> usize {
        self.empty_cells().len() as usize
    }

    /// Places `digit` in `cell` and removes it from the candidates of the cell's peers.
    pub fn place(&mut self, cell: Cell, digit: Digit) {
        debug_assert!((1..=9).contains(&digit));
        for d in self.candidates[cell] {
            self.digit_cells[d as usize - 1] = self.digit_cells[d as usize - 1].without(cell);
        }
        self.candidates[cell] = DigitSet::EMPTY;
        let replaced = self.values[cell];
        self.values[cell] = digit;
        self.mark_filled(cell);
        if replaced == 0 {
            for unit in units_of(cell) {
                self.unit_values[unit.index()] = self.unit_values[unit.index()].with(digit);
            }
        } else {
            // A filled cell given another digit: the old one may still be elsewhere in a unit.
            for unit in units_of(cell) {
                self.unit_values[unit.index()] = self.values_in(unit);
            }
        }
        let index = digit as usize - 1;
        for peer in (self.digit_cells[index] & peers(cell)).iter() {
            self.candidates[peer] = self.candidates[peer].without(digit);
        }
        self.digit_cells[index] = self.digit_cells[index] - peers(cell);
    }

    fn mark_filled(&mut self, cell: Cell) {
        if !self.filled.contains(cell) {
            self.filled = self.filled.with(cell);
            for unit in units_of(cell) {
                self.unit_empties[unit.index()] -= 1;
            }
        }
    }

    /// How many cells of `unit` are empty.
    pub fn empties_in(&self, unit: Unit) -> usize {
        self.unit_empties[unit.index()] as usize
    }

    /// Removes a candidate; returns whether it was there.
    pub fn eliminate(&mut self, cell: Cell, digit: Digit) -> bool {
        if !self.candidates[cell].contains(digit) {
            return false;
        }
        self.candidates[cell] = self.candidates[cell].without(digit);
        self.digit_cells[digit as usize - 1] = self.digit_cells[digit as usize - 1].without(cell);
        true
    }

    /// An empty cell with no candidate left, if any: the state is then contradictory.
    pub fn dead_cell(&self) -> Option<Cell> {
        (0..CELLS).find(|&c| self.values[c] == 0 && self.candidates[c].is_empty())
    }

    /// The 81-character line of the filled cells, `.` for empty.
    pub fn to_line(&self) -> String {
        self.values
            .iter()
            .map(|&v| if v == 0 { '.' } else { (b'0' + v) as char })
            .collect()
    }
}

impl std::fmt::Debug for Grid {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "Grid({})", self.to_line())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cell_at;

    /// A digit's positions in a unit are those of the unit's cells holding it, in
    /// unit order, for every unit and digit of a grid with some candidates taken out.
    #[test]
    fn positions_follow_the_units_cell_order() {
        let mut grid = Grid::from_test_line(
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        );
        for (cell, digit) in [(1, 1), (10, 6), (40, 5), (80, 9), (72, 2), (20, 7)] {
            grid.eliminate(cell, digit);
        }
        for unit in Unit::all() {
            for digit in 1..=9 {
                let naive = unit
                    .cells()
                    .iter()
                    .enumerate()
                    .filter(|&(_, &c)| grid.candidates(c).contains(digit))
                    .fold(0u16, |mask, (i, _)| mask | 1 << i);
                assert_eq!(grid.positions(unit, digit), naive, "{unit} digit {digit}");
            }
        }
    }

    fn parse(line: &str) -> [Digit; CELLS] {
        let mut cells = [0; CELLS];
        for (i, ch) in line.chars().enumerate() {
            cells[i] = ch.to_digit(10).unwrap_or(0) as Digit;
        }
        cells
    }

    /// Placing the givens one by one, as `from_puzzle` once did.
    fn placed_one_by_one(cells: &[Digit; CELLS]) -> Grid {
        let mut grid = Grid::empty();
        for (cell, &d) in cells.iter().enumerate() {
            if (1..=9).contains(&d) {
                grid.place(cell, d);
                grid.givens = grid.givens.with(cell);
            }
        }
        grid
    }

    #[test]
    fn from_puzzle_is_the_givens_placed_one_by_one() {
        let lines = [
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
            "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
            // Conflicting givens (two 5s in row 1, two 3s in box 1) and a full row.
            "55.......3.3............................................................123456789",
            ".................................................................................",
        ];
        for line in lines {
            assert_eq!(line.len(), CELLS);
            let cells = parse(line);
            assert!(
                Grid::from_puzzle(&cells) == placed_one_by_one(&cells),
                "{line}"
            );
        }
    }

    #[test]
    fn empty_cells_per_unit_follow_every_placement() {
        let check = |grid: &Grid| {
            for unit in Unit::all() {
                let empty = unit.cells().iter().filter(|&&c| grid.value(c) == 0).count();
                assert_eq!(grid.empties_in(unit), empty, "{unit}");
            }
            let empty: CellSet = (0..CELLS).filter(|&c| grid.value(c) == 0).collect();
            assert_eq!(grid.empty_cells(), empty);
        };
        let mut values = [0u8; CELLS];
        values[0] = 5;
        values[40] = 3;
        let mut grid = Grid::from_puzzle(&values);
        check(&grid);
        grid.place(80, 1);
        grid.place(80, 1);
        check(&grid);
        assert_eq!(grid.empty_count(), 78);
        check(&Grid::from_pencilmarks(&values, &[0x1FF; CELLS]));
    }

    #[test]
    fn candidates_follow_placements() {
        let puzzle =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let grid = Grid::from_puzzle(&parse(puzzle));
        assert_eq!(grid.to_line(), puzzle);
        assert!(grid.candidates(0).is_empty());
        // r1c2 sees 4 and 3 in its row, 7 and 8 in column 2 (r5c2=8? r6c2=7) and nothing else.
        let c = grid.candidates(cell_at(0, 1));
        assert!(!c.contains(4) && !c.contains(3) && !c.contains(8) && !c.contains(7));
        for d in 1..=9 {
            for cell in grid.digit_cells(d) {
                assert!(grid.candidates(cell).contains(d));
            }
        }
        assert_eq!(grid.givens().len(), 18);
    }

    #[test]
    fn eliminate_and_positions() {
        let mut grid = Grid::empty();
        assert_eq!(grid.positions(Unit::row(0), 5), 0x1ff);
        assert!(grid.eliminate(cell_at(0, 3), 5));
        assert!(!grid.eliminate(cell_at(0, 3), 5));
        assert_eq!(grid.positions(Unit::row(0), 5), 0x1ff & !(1 << 3));
        grid.place(cell_at(0, 0), 5);
        assert_eq!(grid.positions(Unit::row(0), 5), 0);
        assert_eq!(grid.positions(Unit::boxed(0), 5), 0);
        assert!(!grid.is_given(0));
    }

    #[test]
    fn pencilmarks_are_taken_as_given() {
        let mut values = [0; CELLS];
        values[0] = 1;
        let mut cands = [0x1ffu16; CELLS];
        cands[1] = 0b111; // 1, 2 and 3, although r1c1 holds 1: the user missed it
        cands[80] = 0b11; // r9c9: 1 and 2, though more could go there: kept as written
        let grid = Grid::from_pencilmarks(&values, &cands);
        assert_eq!(grid.candidates(1).to_string(), "23");
        assert_eq!(grid.candidates(80).to_string(), "12");
        assert!(grid.candidates(0).is_empty());
        assert!(!grid.digit_cells(1).contains(1));
        let stale = Grid::stale_candidates(&values, &cands);
        assert_eq!(stale.len(), 20, "every peer of r1c1 lists 1");
        assert!(stale.contains(&(1, 1, 0)));
    }
}
