//! Geometry of the 9x9 grid and the bitsets every other module works with.
//!
//! Owns: cell indices and their `r1c1` names, the 27 units (rows, columns, boxes), peers,
//! [`DigitSet`] (a 9-bit set of digits) and [`CellSet`] (an 81-bit set of cells).
//! Nothing here knows about puzzles or techniques.
//!
//! Cell indices are row-major, 0-based:
//! ```text
//!        c1 c2 c3   c4 c5 c6   c7 c8 c9
//!   r1    0  1  2 |  3  4  5 |  6  7  8     b1 | b2 | b3
//!   r2    9 10 11 | 12 13 14 | 15 16 17
//!   r3   18 19 20 | 21 22 23 | 24 25 26
//!        ---------+----------+---------
//!   r4   27 28 29 | 30 31 32 | 33 34 35     b4 | b5 | b6
//!   ...
//!   r9   72 73 74 | 75 76 77 | 78 79 80     b7 | b8 | b9
//! ```
//! Units are indexed 0..27: rows 0..9, columns 9..18, boxes 18..27. Digits are 1..=9.

use std::fmt;

/// A cell index, 0..81, row-major.
pub type Cell = usize;
/// A digit, 1..=9.
pub type Digit = u8;

/// Number of cells in the grid.
pub const CELLS: usize = 81;
/// Number of units (9 rows, 9 columns, 9 boxes).
pub const UNITS: usize = 27;

/// Row of a cell, 0..9.
pub const fn row_of(cell: Cell) -> usize {
    cell / 9
}
/// Column of a cell, 0..9.
pub const fn col_of(cell: Cell) -> usize {
    cell % 9
}
/// Box of a cell, 0..9 (boxes numbered left to right, top to bottom).
pub const fn box_of(cell: Cell) -> usize {
    (cell / 27) * 3 + (cell % 9) / 3
}
/// Cell index from 0-based row and column.
pub const fn cell_at(row: usize, col: usize) -> Cell {
    row * 9 + col
}

/// The `r1c1`-style name of a cell (1-based, as every Sudoku tool prints it).
pub fn cell_name(cell: Cell) -> String {
    let mut name = String::with_capacity(4);
    push_cell_name(&mut name, cell);
    name
}

/// Appends [`cell_name`] to `out`, without the formatting machinery (single steps write one
/// sentence each, and a batch writes millions).
pub(crate) fn push_cell_name(out: &mut String, cell: Cell) {
    out.push('r');
    out.push(char::from(b'1' + row_of(cell) as u8));
    out.push('c');
    out.push(char::from(b'1' + col_of(cell) as u8));
}

/// HoDoKu's name for cells of one row or one column: `r4c4`, a row's `r4c45`, a column's
/// `r13c3`.
pub fn line_cells_name(cells: CellSet) -> String {
    let rows: Vec<usize> = cells.iter().map(row_of).collect();
    let cols: Vec<usize> = cells.iter().map(col_of).collect();
    let digits = |xs: &[usize]| -> String {
        let mut xs = xs.to_vec();
        xs.dedup();
        xs.iter().map(|x| (x + 1).to_string()).collect()
    };
    if rows.iter().all(|&r| r == rows[0]) {
        format!("r{}c{}", rows[0] + 1, digits(&cols))
    } else {
        format!("r{}c{}", digits(&rows), cols[0] + 1)
    }
}

/// Parses `r4c7` (case-insensitive) into a cell index.
pub fn parse_cell_name(name: &str) -> Option<Cell> {
    let b = name.as_bytes();
    if b.len() != 4 || !b[0].eq_ignore_ascii_case(&b'r') || !b[2].eq_ignore_ascii_case(&b'c') {
        return None;
    }
    let row = (b[1] as char).to_digit(10)?;
    let col = (b[3] as char).to_digit(10)?;
    if !(1..=9).contains(&row) || !(1..=9).contains(&col) {
        return None;
    }
    Some(cell_at(row as usize - 1, col as usize - 1))
}

/// The three kinds of unit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum UnitKind {
    /// A row, `r1`..`r9`: units 0..9.
    Row,
    /// A column, `c1`..`c9`: units 9..18.
    Column,
    /// A 3x3 box, `b1`..`b9` left to right, top to bottom: units 18..27.
    Box,
}

/// A unit (house): one of the 9 rows, 9 columns or 9 boxes, indexed 0..27.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Unit(pub u8);

impl Unit {
    /// Row `r`, 0-based (`Unit::row(0)` is `r1`).
    pub const fn row(r: usize) -> Unit {
        Unit(r as u8)
    }
    /// Column `c`, 0-based.
    pub const fn column(c: usize) -> Unit {
        Unit(9 + c as u8)
    }
    /// Box `b`, 0-based, left to right, top to bottom (`box` is a keyword).
    pub const fn boxed(b: usize) -> Unit {
        Unit(18 + b as u8)
    }
    /// The unit of `kind` numbered `index` (0..9).
    pub const fn of_kind(kind: UnitKind, index: usize) -> Unit {
        match kind {
            UnitKind::Row => Unit::row(index),
            UnitKind::Column => Unit::column(index),
            UnitKind::Box => Unit::boxed(index),
        }
    }
    /// The unit of `kind` that holds `cell`.
    pub const fn containing(cell: Cell, kind: UnitKind) -> Unit {
        match kind {
            UnitKind::Row => Unit::row(row_of(cell)),
            UnitKind::Column => Unit::column(col_of(cell)),
            UnitKind::Box => Unit::boxed(box_of(cell)),
        }
    }
    /// The unit's index, 0..27: rows, then columns, then boxes.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
    /// Whether the unit is a row, a column or a box.
    pub const fn kind(self) -> UnitKind {
        match self.0 / 9 {
            0 => UnitKind::Row,
            1 => UnitKind::Column,
            _ => UnitKind::Box,
        }
    }
    /// Position of the unit within its kind, 0..9.
    pub const fn number(self) -> usize {
        (self.0 % 9) as usize
    }
    /// The nine cells of the unit, in reading order.
    pub fn cells(self) -> &'static [Cell; 9] {
        &UNIT_CELLS[self.index()]
    }
    /// Where `cell` stands in [`Unit::cells`] (0..9), for a cell of this unit.
    pub const fn position_of(self, cell: Cell) -> usize {
        match self.kind() {
            UnitKind::Row => col_of(cell),
            UnitKind::Column => row_of(cell),
            UnitKind::Box => (row_of(cell) % 3) * 3 + col_of(cell) % 3,
        }
    }
    /// The unit's cells as a set.
    pub fn cell_set(self) -> CellSet {
        TABLES.unit_sets[self.index()]
    }
    /// All 27 units: rows, then columns, then boxes.
    pub fn all() -> impl Iterator<Item = Unit> {
        (0..UNITS as u8).map(Unit)
    }
}

impl fmt::Display for Unit {
    /// `r4`, `c7`, `b5`, as in HoDoKu's notation.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let letter = match self.kind() {
            UnitKind::Row => 'r',
            UnitKind::Column => 'c',
            UnitKind::Box => 'b',
        };
        write!(f, "{}{}", letter, self.number() + 1)
    }
}

/// Plain-English name of a unit, as messages and explanations say it: `row 4`, `column 7`, `box 5`.
pub fn unit_words(unit: Unit) -> String {
    let mut words = String::with_capacity(8);
    push_unit_words(&mut words, unit);
    words
}

/// Appends [`unit_words`] to `out`, without the formatting machinery.
pub(crate) fn push_unit_words(out: &mut String, unit: Unit) {
    out.push_str(match unit.kind() {
        UnitKind::Row => "row ",
        UnitKind::Column => "column ",
        UnitKind::Box => "box ",
    });
    out.push(char::from(b'1' + unit.number() as u8));
}

/// The cells of each unit, in reading order.
pub(crate) static UNIT_CELLS: [[Cell; 9]; UNITS] = build_unit_cells();

const fn build_unit_cells() -> [[Cell; 9]; UNITS] {
    let mut units = [[0; 9]; UNITS];
    let mut i = 0;
    while i < 9 {
        let mut j = 0;
        while j < 9 {
            units[i][j] = cell_at(i, j);
            units[9 + i][j] = cell_at(j, i);
            units[18 + i][j] = cell_at((i / 3) * 3 + j / 3, (i % 3) * 3 + j % 3);
            j += 1;
        }
        i += 1;
    }
    units
}

/// Precomputed sets, built once at compile time.
pub(crate) struct Tables {
    /// Cells of each unit as a set.
    pub unit_sets: [CellSet; UNITS],
    /// The 20 peers of each cell (same row, column or box, not the cell itself).
    pub peers: [CellSet; CELLS],
    /// The three units of each cell: row, column, box.
    pub cell_units: [[Unit; 3]; CELLS],
    /// The cells of each cell's three units, in the same order (row, column, box).
    pub cell_unit_sets: [[CellSet; 3]; CELLS],
}

/// The one table block.
pub(crate) static TABLES: Tables = build_tables();

const fn build_tables() -> Tables {
    let mut unit_sets = [CellSet::EMPTY; UNITS];
    let mut u = 0;
    while u < UNITS {
        let mut j = 0;
        while j < 9 {
            unit_sets[u] = unit_sets[u].with(UNIT_CELLS_CONST[u][j]);
            j += 1;
        }
        u += 1;
    }
    let mut peers = [CellSet::EMPTY; CELLS];
    let mut cell_units = [[Unit(0); 3]; CELLS];
    let mut cell_unit_sets = [[CellSet::EMPTY; 3]; CELLS];
    let mut c = 0;
    while c < CELLS {
        let r = Unit::row(row_of(c));
        let k = Unit::column(col_of(c));
        let b = Unit::boxed(box_of(c));
        cell_units[c] = [r, k, b];
        cell_unit_sets[c] = [
            unit_sets[r.index()],
            unit_sets[k.index()],
            unit_sets[b.index()],
        ];
        let all = unit_sets[r.index()].0 | unit_sets[k.index()].0 | unit_sets[b.index()].0;
        peers[c] = CellSet(all & !(1u128 << c));
        c += 1;
    }
    Tables {
        unit_sets,
        peers,
        cell_units,
        cell_unit_sets,
    }
}

const UNIT_CELLS_CONST: [[Cell; 9]; UNITS] = build_unit_cells();

/// The 20 peers of a cell.
pub fn peers(cell: Cell) -> CellSet {
    TABLES.peers[cell]
}

/// Row, column and box of a cell.
pub fn units_of(cell: Cell) -> [Unit; 3] {
    TABLES.cell_units[cell]
}

/// A cell's row, column and box as bits of a unit mask (bit = [`Unit::index`]).
#[inline]
pub(crate) fn unit_mask_of(cell: Cell) -> u32 {
    units_of(cell)
        .iter()
        .fold(0, |mask, unit| mask | 1 << unit.index())
}

/// The cells of a cell's row, column and box (the order of [`units_of`]).
pub(crate) fn unit_sets_of(cell: Cell) -> [CellSet; 3] {
    TABLES.cell_unit_sets[cell]
}

/// A set of digits 1..=9, stored as bits 0..9 (bit d-1 = digit d).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct DigitSet(pub u16);

impl DigitSet {
    /// No digit.
    pub const EMPTY: DigitSet = DigitSet(0);
    /// The digits 1 to 9.
    pub const ALL: DigitSet = DigitSet(0x1ff);

    /// The set of one digit (1..=9).
    pub const fn single(d: Digit) -> DigitSet {
        DigitSet(1 << (d - 1))
    }
    /// Whether `d` (1..=9) is in the set.
    pub const fn contains(self, d: Digit) -> bool {
        self.0 & (1 << (d - 1)) != 0
    }
    /// The number of digits in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Whether the set has no digit.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The set with `d` added.
    pub const fn with(self, d: Digit) -> DigitSet {
        DigitSet(self.0 | (1 << (d - 1)))
    }
    /// The set with `d` removed.
    pub const fn without(self, d: Digit) -> DigitSet {
        DigitSet(self.0 & !(1 << (d - 1)))
    }
    /// The digits in either set (also `|`).
    pub const fn union(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 | o.0)
    }
    /// The digits in both sets (also `&`).
    pub const fn intersection(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & o.0)
    }
    /// The digits of this set that are not in `o` (also `-`).
    pub const fn difference(self, o: DigitSet) -> DigitSet {
        DigitSet(self.0 & !o.0)
    }
    /// The smallest digit, if any.
    pub const fn first(self) -> Option<Digit> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as Digit + 1)
        }
    }
    /// The only digit of a one-digit set.
    pub const fn single_digit(self) -> Option<Digit> {
        if self.0.count_ones() == 1 {
            self.first()
        } else {
            None
        }
    }
    /// The digits, ascending.
    pub fn iter(self) -> DigitIter {
        DigitIter(self.0)
    }
}

impl std::ops::BitOr for DigitSet {
    type Output = DigitSet;
    fn bitor(self, o: DigitSet) -> DigitSet {
        self.union(o)
    }
}
impl std::ops::BitAnd for DigitSet {
    type Output = DigitSet;
    fn bitand(self, o: DigitSet) -> DigitSet {
        self.intersection(o)
    }
}
impl std::ops::Sub for DigitSet {
    type Output = DigitSet;
    fn sub(self, o: DigitSet) -> DigitSet {
        self.difference(o)
    }
}
impl std::ops::BitOrAssign for DigitSet {
    fn bitor_assign(&mut self, o: DigitSet) {
        self.0 |= o.0;
    }
}

impl FromIterator<Digit> for DigitSet {
    fn from_iter<I: IntoIterator<Item = Digit>>(iter: I) -> Self {
        iter.into_iter().fold(DigitSet::EMPTY, DigitSet::with)
    }
}

impl IntoIterator for DigitSet {
    type Item = Digit;
    type IntoIter = DigitIter;
    fn into_iter(self) -> DigitIter {
        self.iter()
    }
}

/// Iterator over the digits of a [`DigitSet`], ascending.
pub struct DigitIter(u16);

impl Iterator for DigitIter {
    type Item = Digit;
    fn next(&mut self) -> Option<Digit> {
        if self.0 == 0 {
            return None;
        }
        let d = self.0.trailing_zeros() as Digit + 1;
        self.0 &= self.0 - 1;
        Some(d)
    }
}

impl fmt::Debug for DigitSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{{{}}}", self)
    }
}

impl fmt::Display for DigitSet {
    /// The digits run together, as pencilmarks are written: `{258}` prints `258`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for d in self.iter() {
            write!(f, "{d}")?;
        }
        Ok(())
    }
}

/// Bit 9r for each row r: the first cell of each row.
const ROW_FIRST_BITS: u128 = {
    let mut bits = 0;
    let mut r = 0;
    while r < 9 {
        bits |= 1 << (9 * r);
        r += 1;
    }
    bits
};

/// Bits 64 - 8k for k in 0..9: see [`CellSet::units_met`].
const ROW_GATHER: u128 = {
    let mut bits = 0;
    let mut k = 0;
    while k < 9 {
        bits |= 1 << (64 - 8 * k);
        k += 1;
    }
    bits
};

/// A set of cells, stored as bits 0..81 of a `u128`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Default, PartialOrd, Ord)]
pub struct CellSet(pub u128);

impl CellSet {
    /// No cell.
    pub const EMPTY: CellSet = CellSet(0);
    /// All 81 cells.
    pub const ALL: CellSet = CellSet((1u128 << 81) - 1);

    /// The set of one cell (0..81).
    pub const fn single(c: Cell) -> CellSet {
        CellSet(1 << c)
    }
    /// Whether cell `c` is in the set.
    pub const fn contains(self, c: Cell) -> bool {
        self.0 & (1 << c) != 0
    }
    /// The number of cells in the set.
    pub const fn len(self) -> u32 {
        self.0.count_ones()
    }
    /// Exactly two cells, without a population count (which is slow on a baseline x86-64
    /// target): the chaining searches ask this for every link.
    pub const fn is_pair(self) -> bool {
        let rest = self.0 & self.0.wrapping_sub(1);
        rest != 0 && rest & rest.wrapping_sub(1) == 0
    }
    /// Two cells or more, without a population count.
    pub const fn has_two_or_more(self) -> bool {
        self.0 & self.0.wrapping_sub(1) != 0
    }
    /// Whether the set has no cell.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The set with cell `c` added.
    pub const fn with(self, c: Cell) -> CellSet {
        CellSet(self.0 | (1 << c))
    }
    /// The set with cell `c` removed.
    pub const fn without(self, c: Cell) -> CellSet {
        CellSet(self.0 & !(1 << c))
    }
    /// The cells in either set (also `|`).
    pub const fn union(self, o: CellSet) -> CellSet {
        CellSet(self.0 | o.0)
    }
    /// The cells in both sets (also `&`).
    pub const fn intersection(self, o: CellSet) -> CellSet {
        CellSet(self.0 & o.0)
    }
    /// The cells of this set that are not in `o` (also `-`).
    pub const fn difference(self, o: CellSet) -> CellSet {
        CellSet(self.0 & !o.0)
    }
    /// The lowest cell index, if any.
    pub const fn first(self) -> Option<Cell> {
        if self.0 == 0 {
            None
        } else {
            Some(self.0.trailing_zeros() as Cell)
        }
    }
    /// The cells, ascending.
    pub fn iter(self) -> CellIter {
        CellIter(self.0)
    }
    /// The units holding a cell of this set, as bits of a unit mask (bit = [`Unit::index`]),
    /// read off the set's bits a row at a time rather than cell by cell.
    pub fn units_met(self) -> u32 {
        let x = self.0;
        // Bit 9r of `spread` is set where row r holds a cell (each bit takes in the eight above
        // it, all in its own row); multiplying by bits 64 - 8k moves bit 9r to bit 64 + r, and
        // every other product bit lands apart from the rest, so nothing carries.
        let spread = {
            let two = x | x >> 1;
            let four = two | two >> 2;
            (four | four >> 4 | x >> 8) & ROW_FIRST_BITS
        };
        let rows = (spread.wrapping_mul(ROW_GATHER) >> 64) as u32 & 0x1ff;
        // Each band's three rows folded onto its first: bits 27b..27b+9 hold band b's columns.
        let bands = x | x >> 9 | x >> 18;
        let columns = ((bands | bands >> 27 | bands >> 54) & 0x1ff) as u32;
        let mut boxes = 0u32;
        for band in 0..3 {
            let stacks = ((bands >> (27 * band)) & 0x1ff) as u32;
            // Bit 2 of each three-bit stack is set where the stack holds a cell.
            let held = (((stacks & 0o333) + 0o333) | stacks) & 0o444;
            let three = (held >> 2 & 1) | (held >> 4 & 2) | (held >> 6 & 4);
            boxes |= three << (3 * band);
        }
        rows | columns << 9 | boxes << 18
    }

    /// Cells that see every cell of this set (the common peers), excluding the set itself.
    pub fn common_peers(self) -> CellSet {
        let mut acc = CellSet::ALL;
        for c in self.iter() {
            acc = acc.intersection(peers(c));
        }
        acc.difference(self)
    }
}

impl std::ops::BitOr for CellSet {
    type Output = CellSet;
    fn bitor(self, o: CellSet) -> CellSet {
        self.union(o)
    }
}
impl std::ops::BitAnd for CellSet {
    type Output = CellSet;
    fn bitand(self, o: CellSet) -> CellSet {
        self.intersection(o)
    }
}
impl std::ops::Sub for CellSet {
    type Output = CellSet;
    fn sub(self, o: CellSet) -> CellSet {
        self.difference(o)
    }
}
impl std::ops::BitOrAssign for CellSet {
    fn bitor_assign(&mut self, o: CellSet) {
        self.0 |= o.0;
    }
}

impl FromIterator<Cell> for CellSet {
    fn from_iter<I: IntoIterator<Item = Cell>>(iter: I) -> Self {
        iter.into_iter().fold(CellSet::EMPTY, CellSet::with)
    }
}

impl IntoIterator for CellSet {
    type Item = Cell;
    type IntoIter = CellIter;
    fn into_iter(self) -> CellIter {
        self.iter()
    }
}

/// Iterator over the cells of a [`CellSet`], ascending.
pub struct CellIter(u128);

impl Iterator for CellIter {
    type Item = Cell;
    fn next(&mut self) -> Option<Cell> {
        if self.0 == 0 {
            return None;
        }
        let c = self.0.trailing_zeros() as Cell;
        self.0 &= self.0 - 1;
        Some(c)
    }
}

/// The indices of the bits set in a slice of words (bit `i` of word `w` is `64 * w + i`),
/// ascending, each word perhaps masked by the same word of a second slice: the sets of the
/// chain searches' reach and of the ALS graph, too wide for one integer. A plain loop: chained
/// iterator adapters over the words cost those searches more than the work they fed.
pub struct WordBits<'a> {
    words: &'a [u64],
    mask: Option<&'a [u64]>,
    /// The next word to read.
    next: usize,
    /// The bits of the word read last still to give, and the index of its bit 0.
    bits: u64,
    base: usize,
}

impl<'a> WordBits<'a> {
    /// The bits set in `words`.
    pub fn of(words: &'a [u64]) -> WordBits<'a> {
        WordBits {
            words,
            mask: None,
            next: 0,
            bits: 0,
            base: 0,
        }
    }

    /// The bits set in both `words` and `mask` (as long as `words`).
    pub fn masked(words: &'a [u64], mask: &'a [u64]) -> WordBits<'a> {
        WordBits {
            mask: Some(mask),
            ..WordBits::of(words)
        }
    }
}

impl Iterator for WordBits<'_> {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.bits == 0 {
            let w = self.next;
            let &word = self.words.get(w)?;
            self.bits = match self.mask {
                Some(mask) => word & mask[w],
                None => word,
            };
            self.base = w * 64;
            self.next += 1;
        }
        let bit = self.bits.trailing_zeros() as usize;
        self.bits &= self.bits - 1;
        Some(self.base + bit)
    }
}

impl fmt::Debug for CellSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<String> = self.iter().map(cell_name).collect();
        write!(f, "{{{}}}", names.join(","))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn word_bits_gives_every_bit_set_in_order() {
        let words = [0b1001, 0, 1 << 63, 5];
        let bits: Vec<usize> = WordBits::of(&words).collect();
        assert_eq!(bits, [0, 3, 191, 192, 194]);
        let mask = [u64::MAX, u64::MAX, 0, 4];
        let masked: Vec<usize> = WordBits::masked(&words, &mask).collect();
        assert_eq!(masked, [0, 3, 194]);
        assert_eq!(WordBits::of(&[]).next(), None);
    }

    #[test]
    fn names_of_cells_and_units() {
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(cell_name(cell_at(3, 6)), "r4c7");
        assert_eq!(unit_words(Unit::row(3)), "row 4");
        assert_eq!(unit_words(Unit::column(6)), "column 7");
        assert_eq!(unit_words(Unit::boxed(8)), "box 9");
    }

    /// The units a set meets, read a row at a time, are those counted unit by unit, on sets of
    /// every size from a fixed pseudo-random sequence and on every single cell.
    #[test]
    fn units_met_are_the_units_holding_a_cell() {
        let counted = |set: CellSet| {
            Unit::all()
                .filter(|unit| !(unit.cell_set() & set).is_empty())
                .fold(0u32, |mask, unit| mask | 1 << unit.index())
        };
        for cell in 0..CELLS {
            assert_eq!(
                CellSet::single(cell).units_met(),
                unit_mask_of(cell),
                "{cell}"
            );
        }
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for round in 0..3000 {
            let mut set = CellSet::EMPTY;
            for _ in 0..round % 30 {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                set = set.with((state % CELLS as u64) as Cell);
            }
            assert_eq!(set.units_met(), counted(set), "{set:?}");
        }
        assert_eq!(CellSet::EMPTY.units_met(), 0);
        assert_eq!(CellSet::ALL.units_met(), (1 << 27) - 1);
    }

    #[test]
    fn position_of_is_the_index_in_the_unit_cells() {
        for unit in Unit::all() {
            for (i, &c) in unit.cells().iter().enumerate() {
                assert_eq!(unit.position_of(c), i, "{unit} {c}");
            }
        }
    }

    #[test]
    fn is_pair_means_exactly_two_cells() {
        assert!(!CellSet::EMPTY.is_pair());
        assert!(!CellSet::single(80).is_pair());
        assert!(CellSet::single(0).with(80).is_pair());
        assert!(!CellSet::single(0).with(40).with(80).is_pair());
        assert!(CellSet::single(0).with(40).with(80).has_two_or_more());
        assert!(!CellSet::EMPTY.has_two_or_more() && !CellSet::single(80).has_two_or_more());
        for a in 0..CELLS {
            for b in [0, 17, 63, 64, 80] {
                let set = CellSet::single(a).with(b);
                assert_eq!(set.is_pair(), set.len() == 2);
                assert_eq!(set.has_two_or_more(), set.len() >= 2);
            }
        }
    }

    #[test]
    fn names_round_trip() {
        for c in 0..CELLS {
            assert_eq!(parse_cell_name(&cell_name(c)), Some(c));
        }
        assert_eq!(cell_name(0), "r1c1");
        assert_eq!(cell_name(80), "r9c9");
        assert_eq!(parse_cell_name("r0c1"), None);
        assert_eq!(parse_cell_name("x1c1"), None);
    }

    #[test]
    fn units_and_peers() {
        assert_eq!(
            Unit::boxed(4).cells(),
            &[30, 31, 32, 39, 40, 41, 48, 49, 50]
        );
        assert_eq!(Unit::column(2).cells()[8], 74);
        for c in 0..CELLS {
            assert_eq!(peers(c).len(), 20);
            assert!(!peers(c).contains(c));
            for u in units_of(c) {
                assert!(u.cell_set().contains(c));
            }
        }
        assert_eq!(Unit::boxed(8).to_string(), "b9");
        assert_eq!(Unit::row(0).to_string(), "r1");
        assert_eq!(Unit::column(6).to_string(), "c7");
    }

    #[test]
    fn digit_set_algebra() {
        let s: DigitSet = [1, 5, 9].into_iter().collect();
        assert_eq!(s.len(), 3);
        assert_eq!(s.to_string(), "159");
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![1, 5, 9]);
        assert_eq!((s - DigitSet::single(5)).to_string(), "19");
        assert_eq!(DigitSet::single(7).single_digit(), Some(7));
        assert_eq!(s.single_digit(), None);
    }

    #[test]
    fn common_peers_of_a_pair() {
        // r1c1 and r1c9 share row 1 only.
        let s: CellSet = [0, 8].into_iter().collect();
        assert_eq!(s.common_peers(), Unit::row(0).cell_set() - s);
    }
}
