//! A Kakuro board as a standalone SVG picture, with a step's marks drawn on it.
//!
//! Owns [`board_svg`]. SVG 1.1 text with no script, no stylesheet and no element id, as the
//! Sudoku pictures (every look an attribute, the generic `sans-serif` family); its size
//! depends on the grid only, so the pictures of one explanation line up.
//!
//! Drawn, bottom to top: each square (black, a clue square split by its diagonal with the down
//! sum below it and the across sum above it, a white cell tinted when the step marks it), the
//! row and column labels, the digits placed (entered ones bold black, those placed while
//! solving blue), each open cell's candidates in a 3x3 mini-grid (digit `d` at row `(d-1)/3`,
//! column `(d-1)%3`, as on the terminal board), a green ring around each placement and a red
//! strike over each elimination, and under the board the step in one line.
//!
//! Elements tests and pages can find, each with `data-cell="r3c4"` (and `data-digit` for a
//! candidate): `class="black"`, `class="clue"` (`data-square`), `class="sum down"` and
//! `class="sum across"` (with ` marked` added for the step's runs), `class="cell step"` and
//! `class="cell run"` (the step's own cells, its runs' cells), `class="placed"` and
//! `class="entered"` (digits), `class="cand"`, `class="place"` (one per placement),
//! `class="elim"` (one per candidate removed).

use std::fmt::Write;

use super::{CandidateMark, CellMark, Marks};
use crate::kakuro::logic::{Board, Step};
use crate::kakuro::puzzle::{CellId, Direction, Kakuro, Square};
use crate::svg_text::{escape, num, wrap};

/// Side of a square, in user units.
const SQUARE: f64 = 48.0;
/// Side of a candidate's slot in a cell's 3x3 mini-grid.
const SLOT: f64 = SQUARE / 3.0;
/// Room for the row labels on the left and the column labels on top.
const LEFT: f64 = 34.0;
const TOP: f64 = 26.0;
const MARGIN: f64 = 12.0;
const CAPTION_LINE: f64 = 17.0;
const CAPTION_LINES: usize = 3;
/// Radius of the disc behind a marked candidate.
const DISC: f64 = 7.0;

const BLACK: &str = "#2b2b2b";
const CLUE_FILL: &str = "#4a4a4a";
const SUM_COLOUR: &str = "#ffffff";
const MARKED_SUM: &str = "#ffd54f";
const GRID_LINE: &str = "#333333";
const ENTERED_COLOUR: &str = "#111111";
const PLACED_COLOUR: &str = "#1c5fb8";
const CAND_COLOUR: &str = "#555555";
const STEP_TINT: &str = "#fff1a8";
const RUN_TINT: &str = "#d6e6fb";
const PLACE_STROKE: &str = "#1e8e3e";
const PLACE_FILL: &str = "#c4edcf";
const PLACE_DIGIT: &str = "#0b5e22";
const ELIM_DISC: &str = "#fbd3d3";
const ELIM_COLOUR: &str = "#e53935";
const ELIM_DIGIT: &str = "#a31515";

/// The picture of `board` (the candidates before `step`, when one is given) with the step's
/// marks. The `<title>` names the step's technique and deductions, the `<desc>` is the whole
/// step; without a step the title counts the cells. The same inputs give the same bytes.
///
/// ```
/// use stepwise::kakuro::format::parse_text;
/// use stepwise::kakuro::logic::{next_step, Board};
/// use stepwise::kakuro::render::svg::board_svg;
///
/// let kakuro = parse_text("#   4\\_ 3\\_\n_\\3 .   .\n_\\4 .   .\n").unwrap();
/// let board = Board::new(&kakuro);
/// let step = next_step(&kakuro, &board).unwrap(); // 4 in r2-3c2 is only 1+3
/// let svg = board_svg(&kakuro, &board, Some(&step));
/// assert!(svg.starts_with("<svg "));
/// assert!(svg.contains(r#"class="elim" data-cell="r2c2" data-digit="2""#));
/// ```
pub fn board_svg(kakuro: &Kakuro, board: &Board, step: Option<&Step>) -> String {
    let marks = step.map_or_else(|| Marks::none(kakuro), |s| Marks::of(kakuro, s));
    let width = LEFT + kakuro.cols() as f64 * SQUARE + MARGIN;
    let board_bottom = TOP + kakuro.rows() as f64 * SQUARE + MARGIN;
    let height = match step {
        Some(_) => board_bottom + CAPTION_LINE * CAPTION_LINES as f64 + 4.0,
        None => board_bottom,
    };
    let mut svg = String::with_capacity(2048 + kakuro.cell_count() * 1024);
    // `write!` to a String cannot fail.
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}" font-family="sans-serif" role="img">"#,
        w = num(width),
        h = num(height)
    );
    let title = match step {
        Some(step) => format!("{}: {}", step.technique, step.deductions(kakuro)),
        None => format!(
            "Kakuro grid: {} white cells, {} filled",
            kakuro.cell_count(),
            (0..kakuro.cell_count())
                .filter(|&c| board.placed(c).is_some())
                .count()
        ),
    };
    let _ = writeln!(svg, "<title>{}</title>", escape(&title));
    if let Some(step) = step {
        let _ = writeln!(svg, "<desc>{}</desc>", escape(&step.describe(kakuro)));
    }
    let _ = writeln!(
        svg,
        r##"<rect class="background" x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
        num(width),
        num(height)
    );
    squares(&mut svg, kakuro, &marks);
    labels(&mut svg, kakuro);
    digits(&mut svg, kakuro, board);
    candidates(&mut svg, kakuro, board, &marks);
    if let Some(step) = step {
        let per_line = ((width - 2.0 * MARGIN) / 7.0) as usize;
        let _ = writeln!(
            svg,
            r##"<g class="caption" font-size="12" fill="#222222">"##
        );
        for (i, line) in wrap(&step.describe(kakuro), per_line, CAPTION_LINES)
            .iter()
            .enumerate()
        {
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(MARGIN),
                num(board_bottom + CAPTION_LINE * (i as f64 + 0.8)),
                escape(line)
            );
        }
        svg.push_str("</g>\n");
    }
    svg.push_str("</svg>\n");
    svg
}

/// A square's top left corner.
fn origin(row: usize, col: usize) -> (f64, f64) {
    (LEFT + col as f64 * SQUARE, TOP + row as f64 * SQUARE)
}

/// `r3c4`, a square's name (the cells' names, 1-based).
fn square_name(row: usize, col: usize) -> String {
    format!("r{}c{}", row + 1, col + 1)
}

/// Every square: black, clue (with its sums) or white (tinted when marked), with its border.
fn squares(svg: &mut String, kakuro: &Kakuro, marks: &Marks) {
    svg.push_str(&format!(
        "<g class=\"squares\" stroke=\"{GRID_LINE}\" stroke-width=\"1\">\n"
    ));
    let mut sums = String::new();
    for row in 0..kakuro.rows() {
        for col in 0..kakuro.cols() {
            let (x, y) = origin(row, col);
            let at = format!(
                r#"x="{}" y="{}" width="{SQUARE}" height="{SQUARE}""#,
                num(x),
                num(y)
            );
            match kakuro.square(row, col) {
                Square::Black => {
                    let _ = writeln!(svg, r#"<rect class="black" {at} fill="{BLACK}"/>"#);
                }
                Square::Clue { down, right } => {
                    let name = square_name(row, col);
                    let _ = writeln!(
                        svg,
                        r#"<rect class="clue" data-square="{name}" {at} fill="{CLUE_FILL}"/>"#
                    );
                    let _ = writeln!(
                        svg,
                        r#"<path class="diagonal" d="M{} {}L{} {}" stroke="{SUM_COLOUR}"/>"#,
                        num(x),
                        num(y),
                        num(x + SQUARE),
                        num(y + SQUARE)
                    );
                    for (sum, direction, sx, sy) in [
                        (down, Direction::Down, x + SQUARE * 0.28, y + SQUARE * 0.86),
                        (
                            right,
                            Direction::Across,
                            x + SQUARE * 0.72,
                            y + SQUARE * 0.4,
                        ),
                    ] {
                        let Some(sum) = sum else { continue };
                        let marked = marks.clue((row, col), direction);
                        let class = match direction {
                            Direction::Down => "down",
                            Direction::Across => "across",
                        };
                        let look = if marked {
                            format!(r#" font-weight="bold" fill="{MARKED_SUM}""#)
                        } else {
                            format!(r#" fill="{SUM_COLOUR}""#)
                        };
                        let _ = writeln!(
                            sums,
                            r#"<text class="sum {class}{}" data-square="{name}" x="{}" y="{}"{look}>{sum}</text>"#,
                            if marked { " marked" } else { "" },
                            num(sx),
                            num(sy)
                        );
                    }
                }
                Square::White(_) => {
                    let cell = kakuro.cell_at(row, col).expect("a white square is a cell");
                    let name = kakuro.cell_name(cell);
                    let (class, fill) = match marks.cell(cell) {
                        Some(CellMark::Step) => ("cell step", STEP_TINT),
                        Some(CellMark::Run) => ("cell run", RUN_TINT),
                        None => ("cell", "#ffffff"),
                    };
                    let _ = writeln!(
                        svg,
                        r#"<rect class="{class}" data-cell="{name}" {at} fill="{fill}"/>"#
                    );
                }
            }
        }
    }
    svg.push_str("</g>\n");
    if !sums.is_empty() {
        let _ = write!(
            svg,
            "<g class=\"sums\" font-size=\"14\" text-anchor=\"middle\">\n{sums}</g>\n"
        );
    }
}

/// `c1`.. above, `r1`.. beside.
fn labels(svg: &mut String, kakuro: &Kakuro) {
    let _ = writeln!(
        svg,
        r##"<g class="labels" font-size="12" fill="#555555" text-anchor="middle">"##
    );
    for col in 0..kakuro.cols() {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">c{}</text>"#,
            num(LEFT + (col as f64 + 0.5) * SQUARE),
            num(TOP - 8.0),
            col + 1
        );
    }
    for row in 0..kakuro.rows() {
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}">r{}</text>"#,
            num(LEFT / 2.0),
            num(TOP + (row as f64 + 0.5) * SQUARE + 4.0),
            row + 1
        );
    }
    svg.push_str("</g>\n");
}

/// Placed digits: a player's entered ones bold black, those placed while solving blue.
fn digits(svg: &mut String, kakuro: &Kakuro, board: &Board) {
    svg.push_str("<g class=\"digits\" font-size=\"28\" text-anchor=\"middle\">\n");
    for cell in 0..kakuro.cell_count() {
        let Some(digit) = board.placed(cell) else {
            continue;
        };
        let (row, col) = kakuro.position(cell);
        let (x, y) = origin(row, col);
        let (class, look) = if kakuro.entered(cell) == Some(digit) {
            (
                "entered",
                format!(r#"font-weight="bold" fill="{ENTERED_COLOUR}""#),
            )
        } else {
            ("placed", format!(r#"fill="{PLACED_COLOUR}""#))
        };
        let _ = writeln!(
            svg,
            r#"<text class="{class}" data-cell="{}" x="{}" y="{}" {look}>{digit}</text>"#,
            kakuro.cell_name(cell),
            num(x + SQUARE / 2.0),
            num(y + SQUARE / 2.0 + 10.0)
        );
    }
    svg.push_str("</g>\n");
}

/// The centre of `digit`'s slot in `cell`.
fn slot_centre(kakuro: &Kakuro, cell: CellId, digit: u8) -> (f64, f64) {
    let (row, col) = kakuro.position(cell);
    let (x, y) = origin(row, col);
    let d = usize::from(digit - 1);
    (
        x + (d % 3) as f64 * SLOT + SLOT / 2.0,
        y + (d / 3) as f64 * SLOT + SLOT / 2.0,
    )
}

/// Each open cell's candidates; a ring behind a placement, a disc and a strike over an
/// elimination.
fn candidates(svg: &mut String, kakuro: &Kakuro, board: &Board, marks: &Marks) {
    let mut discs = String::new();
    let mut texts = String::new();
    let mut strikes = String::new();
    for cell in (0..kakuro.cell_count()).filter(|&c| board.placed(c).is_none()) {
        for digit in board.candidates(cell).iter() {
            let (x, y) = slot_centre(kakuro, cell, digit);
            let at = format!(
                r#"data-cell="{}" data-digit="{digit}""#,
                kakuro.cell_name(cell)
            );
            let look = match marks.candidate(cell, digit) {
                None => format!(r#" fill="{CAND_COLOUR}""#),
                Some(CandidateMark::Placed) => {
                    let _ = writeln!(
                        discs,
                        r#"<circle class="place" {at} cx="{}" cy="{}" r="{DISC}" fill="{PLACE_FILL}" stroke="{PLACE_STROKE}" stroke-width="2"/>"#,
                        num(x),
                        num(y)
                    );
                    format!(r#" font-weight="bold" fill="{PLACE_DIGIT}""#)
                }
                Some(CandidateMark::Removed) => {
                    let _ = writeln!(
                        discs,
                        r#"<circle class="mark removed" {at} cx="{}" cy="{}" r="{DISC}" fill="{ELIM_DISC}"/>"#,
                        num(x),
                        num(y)
                    );
                    let r = DISC * 0.8;
                    let _ = writeln!(
                        strikes,
                        r#"<path class="elim" {at} d="M{} {}L{} {}" stroke="{ELIM_COLOUR}" stroke-width="1.6"/>"#,
                        num(x - r),
                        num(y + r),
                        num(x + r),
                        num(y - r)
                    );
                    format!(r#" font-weight="bold" fill="{ELIM_DIGIT}""#)
                }
            };
            let _ = writeln!(
                texts,
                r#"<text class="cand" {at} x="{}" y="{}"{look}>{digit}</text>"#,
                num(x),
                num(y + 4.0)
            );
        }
    }
    for (class, group, extra) in [
        ("marks", discs, ""),
        (
            "candidates",
            texts,
            r#" font-size="11" text-anchor="middle""#,
        ),
        ("strikes", strikes, ""),
    ] {
        if !group.is_empty() {
            let _ = write!(svg, "<g class=\"{class}\"{extra}>\n{group}</g>\n");
        }
    }
}
