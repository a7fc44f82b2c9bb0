//! Real puzzles the hint and explain targets start from, their solutions, the soundness check
//! of a step, and a reader of the fuzzer's bytes.

use stepwise::solver::{validity, Validity};
use stepwise::step::Step;

/// Puzzles with one solution each, from the easiest to the hardest: Wikipedia's example (all
/// singles), Sudoku Explainer 1.2.1's ratings 2.0 to 8.3 (`rated/se121.tsv`), the first of
/// top1465, and Golden Nugget (11.9, nested chains: only a budget ends it).
pub const PUZZLES: [&str; 11] = [
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    "...8...75.2..71.9.......2.....9...1..7....6....1..8...74...21.8....8.759...5....4",
    "..............1..2.34....5........3.1....2.6.7.....4......5.......43.8..29.......",
    "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...",
    "1.98.4.....359....46.....8....4.5.6..51.3.24..4.9.2....3.....56....583.....3.98.7",
    "..............1.23..4.56.......7.4.8.9.......23..........3.......59..8..1........",
    "...18.9....8..46..52...6.8..46.....11.......48.....73..8.3...65..78..2....9.41...",
    ".....534.3849...............15.3.9........1.2....2..8.....8..139.7.........6...5.",
    "....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....",
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
];

/// The cells of an 81-character line, `.` for empty.
pub fn cells(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.chars()) {
        *cell = ch.to_digit(10).unwrap_or(0) as u8;
    }
    cells
}

/// A puzzle of [`PUZZLES`] (index taken modulo their number) and its solution.
pub fn puzzle(index: u8) -> ([u8; 81], [u8; 81]) {
    let cells = cells(PUZZLES[index as usize % PUZZLES.len()]);
    match validity(&cells) {
        Validity::Unique(solution) => (cells, solution),
        other => panic!("a built-in puzzle lost its unique solution: {other:?}"),
    }
}

/// Panics, naming the step, when it places a digit other than the solution's or removes the
/// solution's digit: a wrong deduction, the worst bug Stepwise can have.
pub fn assert_sound(step: &Step, solution: &[u8; 81], context: &str) {
    for p in &step.placements {
        assert_eq!(
            solution[p.cell], p.digit,
            "unsound placement in {step} ({context})"
        );
    }
    for e in &step.eliminations {
        assert_ne!(
            solution[e.cell], e.digit,
            "unsound elimination in {step} ({context})"
        );
    }
}

/// The fuzzer's bytes read one at a time; zeros once they run out, so every input, however
/// short, makes a whole case.
pub struct Bytes<'a> {
    data: &'a [u8],
}

impl<'a> Bytes<'a> {
    /// Reads `data` from its start.
    pub fn new(data: &'a [u8]) -> Bytes<'a> {
        Bytes { data }
    }

    /// The next byte, 0 past the end.
    pub fn byte(&mut self) -> u8 {
        match self.data.split_first() {
            Some((&first, rest)) => {
                self.data = rest;
                first
            }
            None => 0,
        }
    }

    /// The next byte modulo `n`.
    pub fn below(&mut self, n: usize) -> usize {
        self.byte() as usize % n
    }

    /// Whether bytes are left.
    pub fn is_empty(&self) -> bool {
        self.data.is_empty()
    }
}
