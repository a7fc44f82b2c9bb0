//! The one reader of 81-character puzzle lines for the tests, examples and benches. Tests reach
//! it as `common::cells`; examples and benches include this file by path
//! (`#[path = "../tests/common/puzzle_line.rs"] mod puzzle_line;`), since they cannot share a
//! module otherwise.

/// The cells of a puzzle line: its first 81 characters, a digit 1-9 as itself and anything
/// else (`0`, `.`, the tab before a rated file's next field) an empty cell. Cells past the end
/// of a short line are empty.
pub fn cells(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (cell, ch) in cells.iter_mut().zip(line.chars()) {
        *cell = ch.to_digit(10).unwrap_or(0) as u8;
    }
    cells
}
