//! The candidate board as text for a terminal, with a step's marks in colour or in plain
//! markers.
//!
//! Owns [`Style`] and [`board`]. The board is 70 columns wide and 38 lines high: each cell is
//! a 3x3 mini-grid of its candidates (digit `d` at row `(d-1)/3`, column `(d-1)%3`, so a
//! digit is always in the same place), a blank line between the cells of a box, HoDoKu's
//! `.---.` / `:---+---:` / `'---'` borders between boxes, `c1`..`c9` above and `r1`..`r9`
//! beside. Each candidate takes two characters, a marker and the digit: in
//! [`Style::Plain`] the marker says what the step does with it (`=5` placed, `-4`
//! eliminated, `*3` pattern, ...), and a legend line says which markers mean what; in
//! [`Style::Color`] the marker stays blank and ANSI colours say it instead (placement green,
//! elimination red and struck through, pattern roles by colour, pattern cells by background).
//! A filled cell shows its digit in the middle, `<5>` for a given and `[5]` for a digit
//! filled in while solving (bold, and blue for the latter, in colour); an empty cell with no
//! candidate left (a contradictory state) shows `??`. Below the board: the
//! step's notation, the units and cells of its pattern by role, and the legend.
//! Which candidate gets which mark is decided by [`StepMarks`], not here.

use std::io::IsTerminal;

use crate::geometry::{cell_name, col_of, row_of, Cell, Digit, Unit, CELLS};
use crate::grid::Grid;
use crate::render::{role_rank, role_words, StepMarks, Tone};
use crate::step::{Role, Step};

/// How the board is drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Style {
    /// ANSI colours and attributes.
    Color,
    /// Text markers only, no escape code at all: for pipes, files and `NO_COLOR`.
    Plain,
}

impl Style {
    /// Colour only on a terminal, and never when the user asked for none (the `NO_COLOR`
    /// convention, <https://no-color.org>).
    pub fn for_terminal(stdout_is_terminal: bool, no_color: bool) -> Style {
        if stdout_is_terminal && !no_color {
            Style::Color
        } else {
            Style::Plain
        }
    }

    /// [`Style::for_terminal`] for this process: standard output a terminal, `NO_COLOR` set
    /// to anything but the empty string.
    pub fn detect() -> Style {
        let no_color = std::env::var_os("NO_COLOR").is_some_and(|value| !value.is_empty());
        Style::for_terminal(std::io::stdout().is_terminal(), no_color)
    }
}

/// Width of the row labels (`r1 `) before the left border.
const LABEL_WIDTH: usize = 3;
/// Characters per cell: three candidates of a marker and a digit each.
const CELL_WIDTH: usize = 6;
/// A box's width from its left border to the next: three cells, the spaces between them, and
/// the space and the border after the last.
const BOX_WIDTH: usize = 3 * CELL_WIDTH + 2 + 2;
const BOARD_WIDTH: usize = LABEL_WIDTH + 1 + 3 * BOX_WIDTH;
/// Lines from one band of boxes to the next: three cells of three lines, two blank lines
/// between them, one border.
const BAND_HEIGHT: usize = 3 * 3 + 2 + 1;
/// The column header and the top border come before the first band.
const TOP_LINES: usize = 2;
const BOARD_HEIGHT: usize = TOP_LINES + 3 * BAND_HEIGHT;

/// The column where a cell's mini-grid starts.
fn cell_x(col: usize) -> usize {
    LABEL_WIDTH + 1 + (col / 3) * BOX_WIDTH + (col % 3) * (CELL_WIDTH + 1)
}

/// The line of a cell's mini-grid's top row.
fn cell_y(row: usize) -> usize {
    TOP_LINES + (row / 3) * BAND_HEIGHT + (row % 3) * 4
}

/// Where a digit's marker stands in a cell's mini-grid (the digit follows it), as
/// (column, line) offsets.
fn slot_offset(digit: Digit) -> (usize, usize) {
    let index = digit as usize - 1;
    (2 * (index % 3), index / 3)
}

/// The board: `grid`'s candidates with `step`'s marks (see the module documentation), every
/// line ending in `\n`. The step is drawn on the grid it applies to, before it is applied.
///
/// # Examples
///
/// ```
/// use stepwise::explain::grid_of;
/// use stepwise::format::parse_puzzle;
/// use stepwise::pipeline::{next_step, Options};
/// use stepwise::render::terminal::marker_position;
/// use stepwise::render::{board, Style};
///
/// let grid = grid_of(&parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap());
/// let step = next_step(&grid, &Options::default()).unwrap(); // Hidden Single: r1c6=8
/// let text = board(&grid, Some(&step), Style::Plain);
///
/// // In plain style the placement's marker is `=` before its digit.
/// let (line, column) = marker_position(step.placements[0].cell, 8);
/// assert_eq!(&text.lines().nth(line).unwrap()[column..column + 2], "=8");
/// assert!(text.lines().any(|l| l == "Hidden Single: r1c6=8"));
/// ```
pub fn board(grid: &Grid, step: Option<&Step>, style: Style) -> String {
    let marks = step.map(StepMarks::of);
    let mut canvas = Canvas::new(BOARD_WIDTH, BOARD_HEIGHT);
    draw_frame(&mut canvas, marks.as_ref(), style);
    for cell in 0..CELLS {
        draw_cell(&mut canvas, grid, cell, marks.as_ref(), style);
    }
    let mut out = canvas.render(style);
    if let (Some(step), Some(marks)) = (step, &marks) {
        out.push_str(&step.notation());
        out.push('\n');
        if let Some(line) = units_line(marks) {
            out.push_str(&line);
            out.push('\n');
        }
        if let Some(line) = cells_line(marks) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    if let Some(line) = legend_line(grid, marks.as_ref(), style) {
        out.push_str(&line);
        out.push('\n');
    }
    out
}

/// A character with its look.
type Painted = (char, Paint);

/// The look of a character: SGR parameters for the foreground (colour and attributes) and
/// the background, empty for the terminal's default.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
struct Paint {
    fg: &'static str,
    bg: &'static str,
}

impl Paint {
    const fn fg(fg: &'static str) -> Paint {
        Paint { fg, bg: "" }
    }

    fn is_default(self) -> bool {
        self.fg.is_empty() && self.bg.is_empty()
    }

    /// The escape sequence that sets this look from any other (reset first, so attributes
    /// such as bold never leak from one span into the next).
    fn escape(self) -> String {
        let mut params = String::from("0");
        for part in [self.fg, self.bg] {
            if !part.is_empty() {
                params.push(';');
                params.push_str(part);
            }
        }
        format!("\x1b[{params}m")
    }
}

/// Candidates the step does not touch: grey, so the marked ones stand out.
const QUIET: Paint = Paint::fg("90");
/// The same on a pattern cell's dark background, where grey would be hard to read.
const QUIET_ON_BACKGROUND: &str = "37";
const GIVEN: Paint = Paint::fg("1");
const FILLED_IN: Paint = Paint::fg("1;34");

/// How a tone looks: its plain marker, its colour, and the background of a cell of that tone.
struct Look {
    marker: char,
    fg: &'static str,
    bg: &'static str,
}

fn look(tone: Tone) -> Look {
    let (marker, fg, bg) = match tone {
        Tone::Placed => ('=', "1;32", "48;5;22"),
        Tone::Eliminated => ('-', "1;31;9", "48;5;52"),
        Tone::RuledOut => ('x', "31", "48;5;52"),
        Tone::Pattern => ('*', "1;96", "48;5;23"),
        Tone::Fin => ('#', "1;35", "48;5;53"),
        Tone::Pincer => ('^', "1;33", "48;5;58"),
        Tone::On => ('+', "1;94", "48;5;17"),
        Tone::Off => ('~', "1;33", "48;5;58"),
        Tone::ColorA => ('+', "1;94", "48;5;17"),
        Tone::ColorB => ('~', "1;33", "48;5;58"),
        Tone::ColorC => ('%', "1;35", "48;5;53"),
        Tone::ColorD => ('&', "1;36", "48;5;23"),
        Tone::Restricted => ('!', "1;33", "48;5;58"),
        Tone::Common => (':', "1;35", "48;5;53"),
        Tone::Set(index) => (
            '*',
            "1;36",
            ["48;5;23", "48;5;58", "48;5;53", "48;5;17"][index as usize % 4],
        ),
    };
    Look { marker, fg, bg }
}

/// A grid of painted characters, drawn into and then written out in one style.
struct Canvas {
    lines: Vec<Vec<Painted>>,
}

impl Canvas {
    fn new(width: usize, height: usize) -> Canvas {
        Canvas {
            lines: vec![vec![(' ', Paint::default()); width]; height],
        }
    }

    fn put(&mut self, x: usize, y: usize, text: &str, paint: Paint) {
        let Some(line) = self.lines.get_mut(y) else {
            return;
        };
        for (i, ch) in text.chars().enumerate() {
            if let Some(spot) = line.get_mut(x + i) {
                *spot = (ch, paint);
            }
        }
    }

    /// Gives every character of a span a background, keeping its foreground.
    fn shade(&mut self, x: usize, y: usize, width: usize, bg: &'static str) {
        if let Some(line) = self.lines.get_mut(y) {
            for spot in line.iter_mut().skip(x).take(width) {
                spot.1.bg = bg;
                if spot.1.fg == QUIET.fg {
                    spot.1.fg = QUIET_ON_BACKGROUND;
                }
            }
        }
    }

    fn render(&self, style: Style) -> String {
        let mut out = String::new();
        for line in &self.lines {
            let mut text = String::new();
            let mut current = Paint::default();
            for &(ch, paint) in line {
                if style == Style::Color && paint != current {
                    text.push_str(&if paint.is_default() {
                        "\x1b[0m".to_string()
                    } else {
                        paint.escape()
                    });
                    current = paint;
                }
                text.push(ch);
            }
            if !current.is_default() {
                text.push_str("\x1b[0m");
            }
            out.push_str(text.trim_end_matches(' '));
            out.push('\n');
        }
        out
    }
}

/// Column and row labels, coloured by the unit's role in the pattern; borders.
fn draw_frame(canvas: &mut Canvas, marks: Option<&StepMarks>, style: Style) {
    let label_paint = |unit: Unit| -> Paint {
        match (style, marks.and_then(|m| m.unit(unit))) {
            (Style::Color, Some(Role::Cover)) => Paint::fg("1;31"),
            (Style::Color, Some(_)) => Paint::fg("1;36"),
            _ => Paint::default(),
        }
    };
    for col in 0..9 {
        let label = format!("c{}", col + 1);
        canvas.put(cell_x(col) + 2, 0, &label, label_paint(Unit::column(col)));
    }
    for row in 0..9 {
        let label = format!("r{}", row + 1);
        canvas.put(0, cell_y(row) + 1, &label, label_paint(Unit::row(row)));
    }
    let border = |left: char, middle: char, right: char| -> String {
        let mut line = String::new();
        for b in 0..3 {
            line.push(if b == 0 { left } else { middle });
            line.push_str(&"-".repeat(BOX_WIDTH - 1));
        }
        line.push(right);
        line
    };
    canvas.put(LABEL_WIDTH, 1, &border('.', '.', '.'), Paint::default());
    for band in 0..3 {
        let bottom = TOP_LINES + band * BAND_HEIGHT + BAND_HEIGHT - 1;
        let line = if band == 2 {
            border('\'', '\'', '\'')
        } else {
            border(':', '+', ':')
        };
        canvas.put(LABEL_WIDTH, bottom, &line, Paint::default());
        for y in TOP_LINES + band * BAND_HEIGHT..bottom {
            for b in 0..=3 {
                canvas.put(LABEL_WIDTH + b * BOX_WIDTH, y, "|", Paint::default());
            }
        }
    }
}

fn draw_cell(
    canvas: &mut Canvas,
    grid: &Grid,
    cell: Cell,
    marks: Option<&StepMarks>,
    style: Style,
) {
    let (x, y) = (cell_x(col_of(cell)), cell_y(row_of(cell)));
    let value = grid.value(cell);
    if value != 0 {
        let (text, paint) = match (style, grid.is_given(cell)) {
            (Style::Plain, true) => (format!("<{value}>"), GIVEN),
            (Style::Plain, false) => (format!("[{value}]"), FILLED_IN),
            (Style::Color, true) => (format!(" {value} "), GIVEN),
            (Style::Color, false) => (format!(" {value} "), FILLED_IN),
        };
        canvas.put(x + 2, y + 1, &text, paint);
    } else if grid.candidates(cell).is_empty() {
        // An empty cell with no candidate left: the state is contradictory, say so in place.
        canvas.put(x + 2, y + 1, "??", Paint::fg("1;31"));
    } else {
        for digit in grid.candidates(cell) {
            let (dx, dy) = slot_offset(digit);
            let mark = marks.and_then(|m| m.candidate(cell, digit));
            let (marker, paint) = match mark {
                None => (' ', QUIET),
                Some(mark) => {
                    let look = look(mark.tone());
                    (look.marker, Paint::fg(look.fg))
                }
            };
            if style == Style::Plain {
                canvas.put(x + dx, y + dy, &marker.to_string(), Paint::default());
            }
            canvas.put(x + dx + 1, y + dy, &digit.to_string(), paint);
        }
    }
    if style == Style::Color {
        if let Some(role) = marks.and_then(|m| m.cell(cell)) {
            let bg = look(Tone::of_role(role)).bg;
            for line in 0..3 {
                canvas.shade(x, y + line, CELL_WIDTH, bg);
            }
        }
    }
}

/// `Units: base r2, r7; cover c5, c9`, roles in rank order, units in the pattern's order.
fn units_line(marks: &StepMarks) -> Option<String> {
    let mut roles: Vec<Role> = marks.units().iter().map(|m| m.role).collect();
    roles.sort_by_key(|&role| role_rank(role));
    roles.dedup();
    let groups: Vec<String> = roles
        .iter()
        .map(|&role| {
            let units: Vec<String> = marks
                .units()
                .iter()
                .filter(|m| m.role == role)
                .map(|m| m.item.to_string())
                .collect();
            format!("{} {}", role_words(role), units.join(", "))
        })
        .collect();
    (!groups.is_empty()).then(|| format!("Units: {}", groups.join("; ")))
}

/// `Cells: pattern r2c5, r2c9; fin r4c9`, each cell under its most telling role.
fn cells_line(marks: &StepMarks) -> Option<String> {
    let mut by_role: Vec<(Role, Vec<Cell>)> = Vec::new();
    for cell in 0..CELLS {
        if let Some(role) = marks.cell(cell) {
            match by_role.iter_mut().find(|(r, _)| *r == role) {
                Some((_, cells)) => cells.push(cell),
                None => by_role.push((role, vec![cell])),
            }
        }
    }
    by_role.sort_by_key(|(role, _)| (role_rank(*role), *role));
    let groups: Vec<String> = by_role
        .iter()
        .map(|(role, cells)| {
            let names: Vec<String> = cells.iter().map(|&c| cell_name(c)).collect();
            format!("{} {}", role_words(*role), names.join(", "))
        })
        .collect();
    (!groups.is_empty()).then(|| format!("Cells: {}", groups.join("; ")))
}

/// What the board's marks mean. Plain: always (the given and filled-in brackets need it
/// too); colour: only when a step is marked, each entry drawn in its own look.
fn legend_line(grid: &Grid, marks: Option<&StepMarks>, style: Style) -> Option<String> {
    let mut entries: Vec<String> = Vec::new();
    if style == Style::Plain {
        entries.push("<5> given".into());
        if (0..CELLS).any(|c| grid.value(c) != 0 && !grid.is_given(c)) {
            entries.push("[5] filled in".into());
        }
    } else if marks.is_none() {
        return None;
    }
    if let Some(marks) = marks {
        for tone in marks.tones() {
            let digit = sample_digit(marks, tone);
            let look = look(tone);
            entries.push(match style {
                Style::Plain => format!("{}{digit} {}", look.marker, tone.description()),
                Style::Color => format!(
                    "{}{digit}\x1b[0m {}",
                    Paint::fg(look.fg).escape(),
                    tone.description()
                ),
            });
        }
    }
    Some(format!("Legend: {}", entries.join("  ")))
}

/// A digit that has `tone` on the board, so the legend shows a real example.
fn sample_digit(marks: &StepMarks, tone: Tone) -> Digit {
    (0..CELLS)
        .flat_map(|cell| (1..=9).map(move |digit| (cell, digit)))
        .find(|&(cell, digit)| {
            marks
                .candidate(cell, digit)
                .is_some_and(|m| m.tone() == tone)
        })
        .map_or(5, |(_, digit)| digit)
}

/// Where a candidate's marker stands on a [`board`]: its 0-based line and column (in
/// characters, on a plain board), the digit right after it. For reading a board back.
pub fn marker_position(cell: Cell, digit: Digit) -> (usize, usize) {
    let (dx, dy) = slot_offset(digit);
    (cell_y(row_of(cell)) + dy, cell_x(col_of(cell)) + dx)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cell_at;

    #[test]
    fn colour_only_on_a_terminal_without_no_color() {
        assert_eq!(Style::for_terminal(true, false), Style::Color);
        assert_eq!(Style::for_terminal(true, true), Style::Plain);
        assert_eq!(Style::for_terminal(false, false), Style::Plain);
        assert_eq!(Style::for_terminal(false, true), Style::Plain);
    }

    #[test]
    fn the_board_fits_in_80_columns() {
        let grid = Grid::empty();
        for style in [Style::Plain, Style::Color] {
            let text = board(&grid, None, style);
            assert!(text.lines().count() >= BOARD_HEIGHT);
            for line in text.lines() {
                assert!(visible_width(line) <= 80, "{line}");
            }
        }
    }

    /// Characters a terminal shows: escape sequences take no room.
    fn visible_width(line: &str) -> usize {
        let mut width = 0;
        let mut in_escape = false;
        for ch in line.chars() {
            match (in_escape, ch) {
                (false, '\x1b') => in_escape = true,
                (false, _) => width += 1,
                (true, 'm') => in_escape = false,
                (true, _) => {}
            }
        }
        width
    }

    #[test]
    fn filled_and_dead_cells_are_told_apart() {
        let mut grid = Grid::from_puzzle(&{
            let mut cells = [0; CELLS];
            cells[0] = 5;
            cells
        });
        grid.place(1, 3);
        for digit in 1..=9 {
            grid.eliminate(2, digit);
        }
        let text = board(&grid, None, Style::Plain);
        let middle = text.lines().nth(cell_y(0) + 1).unwrap();
        assert!(middle.starts_with("r1 |  <5>    [3]    ??   |"), "{middle}");
        assert!(text.ends_with("Legend: <5> given  [5] filled in\n"));
    }

    #[test]
    fn every_candidate_stands_in_its_slot() {
        let grid = Grid::empty();
        let text = board(&grid, None, Style::Plain);
        let lines: Vec<Vec<char>> = text.lines().map(|l| l.chars().collect()).collect();
        for row in 0..9 {
            for col in 0..9 {
                let cell = cell_at(row, col);
                for digit in 1..=9u8 {
                    let (y, x) = marker_position(cell, digit);
                    assert_eq!(lines[y][x], ' ');
                    assert_eq!(lines[y][x + 1], char::from(b'0' + digit));
                }
            }
        }
    }
}
