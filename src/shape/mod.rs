//! Grids of every size the engines solve: Sudoku of size N = a * b with boxes of a rows and b
//! columns (4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25...), and Latin squares of size 2 to 25
//! (rows and columns only). Owns [`Shape`] (its names, units and cell names), the puzzle of a
//! shape ([`ShapedPuzzle`]: checked values and givens, and the constraint problem it is), and
//! the cell symbols: `1`-`9`, then `A`-`P` for 10 to 25, `.` for empty.
//!
//! The 9x9 human pipeline does not use this module: it reads 9x9 puzzles with
//! [`crate::format`] and solves them with [`crate::solver`]. `read.rs` reads puzzles of any
//! shape (the line format, or rows of numbers) for the engines.

mod read;

use std::fmt;
use std::str::FromStr;

use crate::csp::{Constraint, Domain, Problem};
use crate::error::Error;

pub use read::{looks_like_header, parse_shaped, read_shaped, Rejected, ShapedRecords};

/// The smallest and largest grid sizes.
pub const MIN_SIZE: usize = 2;
/// Values run up to 25 (`P`), so grids up to 25x25.
pub const MAX_SIZE: usize = 25;

/// The shape of a grid.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A Sudoku of size `box_rows * box_cols`, whose boxes have `box_rows` rows and `box_cols`
    /// columns (both at least 2).
    Sudoku {
        /// Rows per box.
        box_rows: u8,
        /// Columns per box.
        box_cols: u8,
    },
    /// A Latin square of this size: every value once per row and column, no boxes.
    Latin {
        /// Rows (and columns, and values).
        size: u8,
    },
}

/// What a row, column or box is, for messages.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UnitKind {
    /// A row.
    Row,
    /// A column.
    Column,
    /// A box.
    Box,
}

impl UnitKind {
    fn word(self) -> &'static str {
        match self {
            UnitKind::Row => "row",
            UnitKind::Column => "column",
            UnitKind::Box => "box",
        }
    }
}

impl Shape {
    /// The classic 9x9 Sudoku.
    pub const CLASSIC: Shape = Shape::Sudoku {
        box_rows: 3,
        box_cols: 3,
    };

    /// A Sudoku of `size` with its usual boxes: as square as the size allows, wider than high
    /// (6x6: 2 rows by 3 columns; 12x12: 3 by 4). `None` when no boxes fit (a prime size) or
    /// the size is out of 4..=25.
    pub fn sudoku(size: usize) -> Option<Shape> {
        if !(MIN_SIZE..=MAX_SIZE).contains(&size) {
            return None;
        }
        let rows = (2..=size)
            .take_while(|r| r * r <= size)
            .filter(|r| size % r == 0)
            .last()?;
        Shape::boxes(rows, size / rows)
    }

    /// A Sudoku whose boxes have `rows` rows and `cols` columns (each at least 2, the size at
    /// most 25).
    pub fn boxes(rows: usize, cols: usize) -> Option<Shape> {
        if rows >= 2 && cols >= 2 && rows.checked_mul(cols).is_some_and(|n| n <= MAX_SIZE) {
            Some(Shape::Sudoku {
                box_rows: rows as u8,
                box_cols: cols as u8,
            })
        } else {
            None
        }
    }

    /// A Latin square of `size` (2..=25).
    pub fn latin(size: usize) -> Option<Shape> {
        (MIN_SIZE..=MAX_SIZE)
            .contains(&size)
            .then_some(Shape::Latin { size: size as u8 })
    }

    /// The shape a puzzle of `cells` cells has when no shape is given: 16, 36, 81, 256 and 625
    /// cells are the usual Sudokus (4x4, 6x6, 9x9, 16x16, 25x25); the square of a prime can
    /// only be a Latin square. `None` for any other count (a count that is not a square, or a
    /// size whose boxes could be cut two ways, such as 8x8).
    pub fn for_cell_count(cells: usize) -> Option<Shape> {
        let size = (1..=cells)
            .take_while(|s| s * s <= cells)
            .last()
            .unwrap_or(0);
        match cells {
            16 | 36 | 81 | 256 | 625 => Shape::sudoku(size),
            _ => {
                let prime = size >= 2 && (2..size).all(|d| size % d != 0);
                if size * size == cells && prime {
                    Shape::latin(size)
                } else {
                    None
                }
            }
        }
    }

    /// The number of rows, columns and values.
    pub fn size(self) -> usize {
        match self {
            Shape::Sudoku { box_rows, box_cols } => usize::from(box_rows) * usize::from(box_cols),
            Shape::Latin { size } => usize::from(size),
        }
    }

    /// The number of cells.
    pub fn cell_count(self) -> usize {
        self.size() * self.size()
    }

    /// Rows and columns of a box, for a Sudoku.
    pub fn box_size(self) -> Option<(usize, usize)> {
        match self {
            Shape::Sudoku { box_rows, box_cols } => {
                Some((usize::from(box_rows), usize::from(box_cols)))
            }
            Shape::Latin { .. } => None,
        }
    }

    /// Whether this is the classic 9x9 Sudoku, which the fast solver and the human pipeline
    /// handle.
    pub fn is_classic(self) -> bool {
        self == Shape::CLASSIC
    }

    /// The box of a cell given by row and column (0-based), numbered in reading order.
    fn box_of(self, row: usize, col: usize) -> Option<usize> {
        let (rows, cols) = self.box_size()?;
        Some(row / rows * (self.size() / cols) + col / cols)
    }

    /// Every unit: the rows, then the columns, then the boxes, each with its cells in reading
    /// order.
    pub fn units(self) -> Vec<(UnitKind, Vec<usize>)> {
        let n = self.size();
        let mut units = Vec::with_capacity(3 * n);
        for r in 0..n {
            units.push((UnitKind::Row, (0..n).map(|c| r * n + c).collect()));
        }
        for c in 0..n {
            units.push((UnitKind::Column, (0..n).map(|r| r * n + c).collect()));
        }
        if self.box_size().is_some() {
            let mut boxes = vec![Vec::with_capacity(n); n];
            for cell in 0..n * n {
                if let Some(b) = self.box_of(cell / n, cell % n) {
                    boxes[b].push(cell);
                }
            }
            units.extend(boxes.into_iter().map(|cells| (UnitKind::Box, cells)));
        }
        units
    }

    /// A cell's name: `r1c2`, rows and columns from 1 (`r10c12` on big grids).
    pub fn cell_name(self, cell: usize) -> String {
        let n = self.size();
        format!("r{}c{}", cell / n + 1, cell % n + 1)
    }

    /// The constraint problem of a puzzle of this shape (`cells` row-major, 0 for empty):
    /// one variable per cell with values 1..=N (a given's domain is its value alone), an
    /// all-different constraint per row, column and box.
    pub fn problem(self, cells: &[u8]) -> Problem {
        let n = self.size();
        let domains = (0..n * n)
            .map(|i| match cells.get(i).copied().unwrap_or(0) {
                0 => Domain::full(n as u8),
                v if usize::from(v) <= n => Domain::single(v),
                // A value out of range leaves the cell nothing: no solution.
                _ => Domain::EMPTY,
            })
            .collect();
        let constraints = self
            .units()
            .into_iter()
            .map(|(_, cells)| Constraint::AllDifferent(cells))
            .collect();
        Problem::new(n as u8, domains, constraints)
    }

    /// The first pair of givens that share a unit and a value, in reading order (by the later
    /// cell, then the earlier one), with the unit they share (the row if both, else the column,
    /// else the box): `(first, second, value, unit kind, unit number from 1)`.
    pub fn first_conflict(self, cells: &[u8]) -> Option<(usize, usize, u8, UnitKind, usize)> {
        let n = self.size();
        for later in 0..cells.len().min(n * n) {
            let value = cells[later];
            if value == 0 {
                continue;
            }
            let (r, c) = (later / n, later % n);
            let same = |i: usize| cells[i] == value;
            let in_row = (r * n..later).find(|&i| same(i));
            let in_col = (0..r).map(|rr| rr * n + c).find(|&i| same(i));
            let in_box = self.box_of(r, c).and_then(|b| {
                (0..later).find(|&i| same(i) && self.box_of(i / n, i % n) == Some(b))
            });
            let earliest = [in_row, in_col, in_box].into_iter().flatten().min();
            if let Some(first) = earliest {
                let (kind, number) = if first / n == r {
                    (UnitKind::Row, r + 1)
                } else if first % n == c {
                    (UnitKind::Column, c + 1)
                } else {
                    (UnitKind::Box, self.box_of(r, c).unwrap_or(0) + 1)
                };
                return Some((first, later, value, kind, number));
            }
        }
        None
    }
}

impl fmt::Display for Shape {
    /// `9x9` for a Sudoku with its usual boxes, `3x2` (the box) for other boxes, `latin:5`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Shape::Latin { size } => write!(f, "latin:{size}"),
            Shape::Sudoku { box_rows, box_cols } => {
                let n = self.size();
                if Shape::sudoku(n) == Some(*self) {
                    write!(f, "{n}x{n}")
                } else {
                    write!(f, "{box_rows}x{box_cols}")
                }
            }
        }
    }
}

impl FromStr for Shape {
    type Err = Error;

    /// `NxN` (equal numbers: the grid, with its usual boxes: `4x4`, `6x6`, `16x16`), `AxB`
    /// (different numbers: the box, A rows by B columns: `3x2` is a 6x6 with boxes 3 high and 2
    /// wide), `latin:N` (or `latinN`). Case does not matter.
    fn from_str(s: &str) -> Result<Shape, Error> {
        let name = s.trim().to_ascii_lowercase();
        let unknown = |why: &str| Error::UnknownShape {
            name: s.to_string(),
            why: why.to_string(),
        };
        let number = |t: &str| t.trim().parse::<usize>().ok();
        if let Some(rest) = name.strip_prefix("latin") {
            let rest = rest.strip_prefix(':').unwrap_or(rest);
            return number(rest)
                .and_then(Shape::latin)
                .ok_or_else(|| unknown("a Latin square has a size from 2 to 25 (latin:5)"));
        }
        let Some((a, b)) = name
            .split_once('x')
            .and_then(|(a, b)| Some((number(a)?, number(b)?)))
        else {
            return Err(unknown(
                "expected NxN (4x4, 6x6, 9x9, 16x16, 25x25), boxes AxB (3x2) or latin:N",
            ));
        };
        if a == b {
            if !(MIN_SIZE..=MAX_SIZE).contains(&a) {
                return Err(unknown("grids run from 2x2 to 25x25"));
            }
            Shape::sudoku(a).ok_or_else(|| {
                unknown(&format!(
                    "a {a}x{a} grid has no boxes; for a Latin square write latin:{a}"
                ))
            })
        } else {
            Shape::boxes(a, b).ok_or_else(|| {
                unknown("boxes AxB need A and B of at least 2 and A * B of at most 25")
            })
        }
    }
}

/// The symbol of a value: `1`-`9`, then `A`-`P` for 10 to 25, `.` for 0 (empty).
pub fn symbol(value: u8) -> char {
    match value {
        0 => '.',
        1..=9 => char::from(b'0' + value),
        10..=35 => char::from(b'A' + value - 10),
        _ => '?',
    }
}

/// The value of a cell symbol: `1`-`9`, `A`-`P` or `a`-`p` for 10 to 25 (values past the
/// grid's size are the caller's to refuse, with their position), 0 for an empty cell (`.`,
/// `0`, `*`, `-`, `_`). `None` for any other character.
pub fn symbol_value(c: char) -> Option<u8> {
    match c {
        '.' | '0' | '*' | '-' | '_' => Some(0),
        '1'..='9' => Some(c as u8 - b'0'),
        'A'..='P' => Some(c as u8 - b'A' + 10),
        'a'..='p' => Some(c as u8 - b'a' + 10),
        _ => None,
    }
}

/// The cells as one line of symbols (`.` for empty).
pub fn to_line(cells: &[u8]) -> String {
    cells.iter().map(|&v| symbol(v)).collect()
}

/// The cells as a grid: one row a line, cells separated by spaces, ` |` between boxes and a
/// `---+---` line between bands of boxes (none for a Latin square); every line ends in `\n`.
pub fn to_grid(shape: Shape, cells: &[u8]) -> String {
    let n = shape.size();
    let (box_rows, box_cols) = shape.box_size().unwrap_or((n, n));
    let mut out = String::new();
    let mut separator = String::new();
    for c in 0..n {
        if c > 0 && c % box_cols == 0 {
            separator.push_str("-+-");
        } else if c > 0 {
            separator.push('-');
        }
        separator.push('-');
    }
    for r in 0..n {
        if r > 0 && r % box_rows == 0 {
            out.push_str(&separator);
            out.push('\n');
        }
        for c in 0..n {
            if c > 0 && c % box_cols == 0 {
                out.push_str(" |");
            }
            if c > 0 {
                out.push(' ');
            }
            out.push(symbol(cells.get(r * n + c).copied().unwrap_or(0)));
        }
        out.push('\n');
    }
    out
}

/// A puzzle of some shape, read and checked: every value within the size, no two givens of
/// one value in a unit.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShapedPuzzle {
    /// Its shape.
    pub shape: Shape,
    /// Row-major, 0 for empty, 1..=N for a given.
    pub cells: Vec<u8>,
    /// The 1-based line of its input where it starts (1 when built from cells).
    pub line: usize,
}

impl ShapedPuzzle {
    /// A puzzle from its cells, checked: the count, every value, and conflicting givens
    /// (reported with no line).
    pub fn new(shape: Shape, cells: Vec<u8>) -> Result<ShapedPuzzle, Error> {
        if cells.len() != shape.cell_count() {
            return Err(Error::ShapeCellCount {
                line: 1,
                found: cells.len(),
                expected: shape.cell_count(),
                shape: shape.to_string(),
            });
        }
        if let Some(cell) = cells.iter().position(|&v| usize::from(v) > shape.size()) {
            return Err(Error::ValueOutOfRange {
                line: 1,
                column: cell + 1,
                value: u32::from(cells[cell]),
                max: shape.size(),
            });
        }
        check_conflicts(shape, &cells, None)?;
        Ok(ShapedPuzzle {
            shape,
            cells,
            line: 1,
        })
    }

    /// The classic 9x9 puzzle of a line of the 9x9 reader's cells.
    pub fn classic(cells: &[u8; 81]) -> Result<ShapedPuzzle, Error> {
        ShapedPuzzle::new(Shape::CLASSIC, cells.to_vec())
    }

    /// The constraint problem to solve.
    pub fn problem(&self) -> Problem {
        self.shape.problem(&self.cells)
    }

    /// The puzzle as one line of symbols.
    pub fn to_line(&self) -> String {
        to_line(&self.cells)
    }

    /// The number of givens.
    pub fn givens(&self) -> usize {
        self.cells.iter().filter(|&&v| v != 0).count()
    }
}

/// The error for the first conflicting pair of givens, if any.
fn check_conflicts(shape: Shape, cells: &[u8], line: Option<usize>) -> Result<(), Error> {
    match shape.first_conflict(cells) {
        None => Ok(()),
        Some((first, second, value, kind, number)) => {
            let n = shape.size();
            Err(Error::ShapeConflict {
                line,
                first: (first / n, first % n),
                second: (second / n, second % n),
                value,
                unit: format!("{} {number}", kind.word()),
            })
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shapes_by_name_and_back() {
        for (name, size, boxes) in [
            ("4x4", 4, Some((2, 2))),
            ("6x6", 6, Some((2, 3))),
            ("3x2", 6, Some((3, 2))),
            ("8x8", 8, Some((2, 4))),
            ("9x9", 9, Some((3, 3))),
            ("12x12", 12, Some((3, 4))),
            ("16x16", 16, Some((4, 4))),
            ("25x25", 25, Some((5, 5))),
            ("latin:3", 3, None),
            ("latin:25", 25, None),
        ] {
            let shape: Shape = name.parse().unwrap();
            assert_eq!(shape.size(), size, "{name}");
            assert_eq!(shape.box_size(), boxes, "{name}");
            assert_eq!(shape.to_string(), name);
        }
        assert_eq!("LATIN5".parse::<Shape>().unwrap(), Shape::latin(5).unwrap());
        for bad in [
            "7x7", "1x4", "26x26", "latin:1", "latin:26", "9", "axb", "5x6", "",
        ] {
            let e = bad.parse::<Shape>().unwrap_err();
            assert!(e.to_string().starts_with("unknown shape"), "{bad}: {e}");
        }
        assert!("7x7"
            .parse::<Shape>()
            .unwrap_err()
            .to_string()
            .contains("latin:7"));
    }

    #[test]
    fn shapes_from_cell_counts() {
        assert_eq!(Shape::for_cell_count(16), Shape::sudoku(4));
        assert_eq!(Shape::for_cell_count(81), Some(Shape::CLASSIC));
        assert_eq!(Shape::for_cell_count(625), Shape::sudoku(25));
        assert_eq!(Shape::for_cell_count(9), Shape::latin(3));
        assert_eq!(Shape::for_cell_count(49), Shape::latin(7));
        assert_eq!(Shape::for_cell_count(64), None);
        assert_eq!(Shape::for_cell_count(80), None);
        assert_eq!(Shape::for_cell_count(1), None);
    }

    #[test]
    fn units_and_conflicts() {
        let shape = Shape::sudoku(6).unwrap();
        let units = shape.units();
        assert_eq!(units.len(), 18);
        // Box 2 of a 6x6 (2 rows by 3 columns): r1c4..r2c6.
        assert_eq!(units[13].1, vec![3, 4, 5, 9, 10, 11]);
        assert_eq!(Shape::latin(4).unwrap().units().len(), 8);
        let mut cells = vec![0u8; 36];
        cells[0] = 3;
        cells[7] = 3; // r2c2: same box as r1c1
        assert_eq!(
            shape.first_conflict(&cells),
            Some((0, 7, 3, UnitKind::Box, 1))
        );
        let e = ShapedPuzzle::new(shape, cells).unwrap_err();
        assert_eq!(e.to_string(), "r1c1 and r2c2 both hold 3 (box 1)");
        assert_eq!(shape.cell_name(35), "r6c6");
    }

    #[test]
    fn symbols_and_grids() {
        assert_eq!(symbol(10), 'A');
        assert_eq!(symbol(25), 'P');
        assert_eq!(symbol_value('p'), Some(25));
        assert_eq!(symbol_value('0'), Some(0));
        assert_eq!(symbol_value('!'), None);
        assert_eq!(symbol_value('Q'), None);
        let shape = Shape::sudoku(4).unwrap();
        let cells = [1, 2, 3, 4, 3, 4, 1, 2, 2, 1, 4, 3, 4, 3, 2, 1];
        assert_eq!(
            to_grid(shape, &cells),
            "1 2 | 3 4\n3 4 | 1 2\n----+----\n2 1 | 4 3\n4 3 | 2 1\n"
        );
        assert_eq!(to_line(&cells), "1234341221434321");
    }
}
