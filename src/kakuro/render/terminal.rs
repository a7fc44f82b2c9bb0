//! A Kakuro board as text for a terminal, with a step's marks in colour or in plain markers.
//!
//! Owns [`board_text`]. Each square is 6 characters by 3 lines between `|` and `+------+`
//! borders, with `c1`.. above and `r1`.. beside (the cells' names). A black square is
//! `######`; a clue square its diagonal, the across sum at the top right and the down sum at
//! the bottom left; an open cell its candidates in a 3x3 mini-grid (digit `d` at row
//! `(d-1)/3`, column `(d-1)%3`, as in the SVG), each a marker and the digit; a cell with its
//! digit `[5]` (placed while solving) or `<5>` (entered by the player).
//!
//! Plain (for pipes, files and `NO_COLOR`): the marker says what the step does, `=5` placed,
//! `-4` removed, `*3` a candidate of the step's own cell, `:3` of a cell of its runs, and the
//! step's clues are starred (`*16`); a legend line says so. In colour the markers stay blank:
//! placements green, eliminations red and struck through, the step's cells on yellow, its
//! runs' cells on blue, its clues bold yellow.

use super::{CandidateMark, CellMark, Marks};
use crate::kakuro::logic::{Board, Step};
use crate::kakuro::puzzle::{CellId, Direction, Kakuro, Square};

/// Characters of a square inside its borders.
const WIDTH: usize = 6;

const RESET: &str = "\x1b[0m";
const PLACED: &str = "\x1b[1;32m";
const REMOVED: &str = "\x1b[1;31;9m";
const STEP_CELL: &str = "\x1b[30;48;5;229m";
const RUN_CELL: &str = "\x1b[30;48;5;153m";
const MARKED_CLUE: &str = "\x1b[1;33m";
const FILLED: &str = "\x1b[1;34m";
const BLACK: &str = "\x1b[2m";

/// The legend of the plain markers.
pub const LEGEND: &str = "legend: =5 placed, -4 removed, *3 a candidate of the step's cell, \
                          :3 of a cell of its runs, *16 the step's clue, [5] placed before, \
                          <5> entered";

/// The board (the candidates before `step`, when one is given) with the step's marks, in
/// ANSI colour when `colour`, else in plain markers with the legend; the step's line below.
///
/// ```
/// use stepwise::kakuro::format::parse_text;
/// use stepwise::kakuro::logic::{next_step, Board};
/// use stepwise::kakuro::render::terminal::board_text;
///
/// let kakuro = parse_text("#   4\\_ 3\\_\n_\\3 .   .\n_\\4 .   .\n").unwrap();
/// let board = Board::new(&kakuro);
/// let step = next_step(&kakuro, &board).unwrap();
/// let text = board_text(&kakuro, &board, Some(&step), false);
/// assert!(text.contains("-4"), "{text}");
/// assert!(!text.contains('\x1b'));
/// ```
pub fn board_text(kakuro: &Kakuro, board: &Board, step: Option<&Step>, colour: bool) -> String {
    let marks = step.map_or_else(|| Marks::none(kakuro), |s| Marks::of(kakuro, s));
    let label_width = format!("r{}", kakuro.rows()).len() + 1;
    let mut out = String::new();
    out.push_str(&" ".repeat(label_width + 1));
    for col in 0..kakuro.cols() {
        out.push_str(&format!("{:^WIDTH$} ", format!("c{}", col + 1)));
    }
    let trimmed = out.trim_end().len();
    out.truncate(trimmed);
    out.push('\n');
    let border = format!(
        "{}+{}\n",
        " ".repeat(label_width),
        format!("{}+", "-".repeat(WIDTH)).repeat(kakuro.cols())
    );
    out.push_str(&border);
    for row in 0..kakuro.rows() {
        for line in 0..3 {
            let label = if line == 1 {
                format!("r{}", row + 1)
            } else {
                String::new()
            };
            out.push_str(&format!("{label:<label_width$}|"));
            for col in 0..kakuro.cols() {
                out.push_str(&square_line(
                    kakuro,
                    board,
                    &marks,
                    (row, col),
                    line,
                    colour,
                ));
                out.push('|');
            }
            out.push('\n');
        }
        out.push_str(&border);
    }
    if let Some(step) = step {
        out.push_str(&step.describe(kakuro));
        out.push('\n');
    }
    if !colour && !marks.is_empty() {
        out.push_str(LEGEND);
        out.push('\n');
    }
    out
}

/// One line (0 to 2) of one square, `WIDTH` characters wide when printed.
fn square_line(
    kakuro: &Kakuro,
    board: &Board,
    marks: &Marks,
    square: (usize, usize),
    line: usize,
    colour: bool,
) -> String {
    let paint = |text: String, code: &str| {
        if colour {
            format!("{code}{text}{RESET}")
        } else {
            text
        }
    };
    match kakuro.square(square.0, square.1) {
        Square::Black => paint("#".repeat(WIDTH), BLACK),
        Square::Clue { down, right } => {
            let sum = |value: Option<u32>, direction: Direction| -> String {
                let Some(value) = value else {
                    return String::new();
                };
                match (marks.clue(square, direction), colour) {
                    (false, _) => value.to_string(),
                    (true, false) => format!("*{value}"),
                    (true, true) => format!("{MARKED_CLUE}{value}{RESET}"),
                }
            };
            let printed = |text: &str| {
                if colour {
                    text.replace(MARKED_CLUE, "").replace(RESET, "").len()
                } else {
                    text.len()
                }
            };
            match line {
                0 => {
                    let across = sum(right, Direction::Across);
                    let pad = (WIDTH - 1).saturating_sub(printed(&across));
                    format!("\\{}{across}", " ".repeat(pad))
                }
                1 => "  \\   ".to_string(),
                _ => {
                    let below = sum(down, Direction::Down);
                    let pad = (WIDTH - 2).saturating_sub(printed(&below));
                    format!("{below}{}\\ ", " ".repeat(pad))
                }
            }
        }
        Square::White(_) => {
            let cell = kakuro
                .cell_at(square.0, square.1)
                .expect("a white square is a cell");
            let background = match marks.cell(cell) {
                Some(CellMark::Step) => STEP_CELL,
                Some(CellMark::Run) => RUN_CELL,
                None => "",
            };
            let text = cell_line(kakuro, board, marks, cell, line, colour, background);
            if colour && !background.is_empty() {
                format!("{background}{text}{RESET}")
            } else {
                text
            }
        }
    }
}

/// One line of a white cell: its digit in the middle line, or three candidates.
fn cell_line(
    kakuro: &Kakuro,
    board: &Board,
    marks: &Marks,
    cell: CellId,
    line: usize,
    colour: bool,
    background: &str,
) -> String {
    if let Some(digit) = board.placed(cell) {
        if line != 1 {
            return " ".repeat(WIDTH);
        }
        let shown = if kakuro.entered(cell) == Some(digit) {
            format!("<{digit}>")
        } else {
            format!("[{digit}]")
        };
        return if colour {
            format!(" {FILLED}{shown}{RESET}{background}  ")
        } else {
            format!(" {shown}  ")
        };
    }
    let candidates = board.candidates(cell);
    let mut text = String::new();
    for digit in (line * 3 + 1..=line * 3 + 3).map(|d| d as u8) {
        if !candidates.contains(digit) {
            text.push_str("  ");
            continue;
        }
        let mark = marks.candidate(cell, digit);
        if colour {
            match mark {
                Some(CandidateMark::Placed) => {
                    text.push_str(&format!(" {PLACED}{digit}{RESET}{background}"))
                }
                Some(CandidateMark::Removed) => {
                    text.push_str(&format!(" {REMOVED}{digit}{RESET}{background}"))
                }
                None => text.push_str(&format!(" {digit}")),
            }
        } else {
            let marker = match (mark, marks.cell(cell)) {
                (Some(CandidateMark::Placed), _) => '=',
                (Some(CandidateMark::Removed), _) => '-',
                (None, Some(CellMark::Step)) => '*',
                (None, Some(CellMark::Run)) => ':',
                (None, None) => ' ',
            };
            text.push(marker);
            text.push_str(&digit.to_string());
        }
    }
    text
}
