//! The candidate board as a standalone SVG picture, with a step's marks drawn on it.
//!
//! Owns [`SvgOptions`], [`step_svg`], [`grid_svg`] and [`legend_svg`]. The picture is SVG 1.1 text with no
//! script, no stylesheet, no font file and no element id (so several pictures can sit inline
//! in one HTML page): every look is an attribute, text uses the generic `sans-serif` family.
//! Its size depends on the options only, never on the step, so pictures of one path line up.
//!
//! With [`SvgOptions::overlay`] the picture is the step's marks alone, for a board drawn
//! elsewhere (the page lays it under its own board, whose cells are transparent, so the board's
//! digits sit on the discs): exactly the 9x9 board (`viewBox` its square), no background,
//! labels, margins, lines, digits or candidates' text; [`legend_svg`] is then the legend on its
//! own.
//!
//! Links that run along one row or column over the same stretch bow apart: each bows to the
//! side with fewer such links already drawn, further out for each one there (so a column with
//! several links shows each of them).
//!
//! What is drawn, bottom to top: the pattern's units shaded (base and other units slate, cover
//! units orange, translucent so a fish's crossings show both), the pattern's cells tinted by
//! their role's [`Tone`], the grid lines, the digits (givens bold black, digits filled in while
//! solving blue), each empty cell's candidates in a 3x3 mini-grid (digit `d` at row
//! `(d-1)/3`, column `(d-1)%3`, as on the terminal board), a disc of the tone's colour behind
//! each pattern candidate, a green ring around each placement, a red strike over each
//! elimination, and the chain links as arrows (strong solid, weak dashed; a group or ALS node
//! outlined). Below the board, the step's notation; beside it, an optional legend naming
//! every look used ([`Tone::description`]).
//!
//! Elements tests and pages can find: `class="elim"` (one per elimination), `class="place"`
//! (one per placement), `class="link strong"` / `class="link weak"` (one per distinct link),
//! `class="unit base"` / `"unit pattern"` / `"unit cover"`, `class="cell <tone>"`,
//! `class="mark <tone>"`, `class="group"` (a group or ALS node),
//! each with `data-cell="r1c2"` and `data-digit`, `data-unit` or `data-from`/`data-to`
//! (`r1c2#5`). Which candidate gets which tone is decided by [`StepMarks`], not here.

use std::fmt::Write;

use crate::geometry::{
    box_of, cell_at, cell_name, col_of, row_of, Cell, Digit, Unit, UnitKind, CELLS,
};
use crate::grid::Grid;
use crate::render::{role_words, StepMarks, Tone};
use crate::step::{Candidate, Link, Role, Step};
use crate::svg_text::{escape, num, wrap};

/// What a picture shows besides the board.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct SvgOptions {
    /// A legend beside the board naming every look used (the picture is wider).
    pub legend: bool,
    /// The step's notation under the board (the picture is taller).
    pub caption: bool,
    /// The marks alone, for a board drawn elsewhere (see the module doc); legend and caption
    /// are then left out whatever they say.
    pub overlay: bool,
}

impl Default for SvgOptions {
    /// Legend and caption both shown.
    fn default() -> SvgOptions {
        SvgOptions {
            legend: true,
            caption: true,
            overlay: false,
        }
    }
}

/// Side of a cell, in user units.
const CELL: f64 = 60.0;
/// Side of a candidate's slot in a cell's 3x3 mini-grid.
const SLOT: f64 = CELL / 3.0;
const BOARD: f64 = 9.0 * CELL;
/// Room for the row labels on the left and the column labels on top.
const LEFT: f64 = 30.0;
const TOP: f64 = 30.0;
const MARGIN: f64 = 14.0;
const LEGEND_GAP: f64 = 20.0;
const LEGEND_WIDTH: f64 = 230.0;
const LEGEND_ROW: f64 = 22.0;
const CAPTION_LINE: f64 = 17.0;
const CAPTION_LINES: usize = 3;
const CAPTION_FONT: f64 = 13.0;
/// Radius of the disc behind a marked candidate (the slot is 20 across).
const DISC: f64 = 9.0;

const GIVEN_COLOUR: &str = "#111111";
const FILLED_COLOUR: &str = "#1c5fb8";
const QUIET_COLOUR: &str = "#6e6e6e";
const PLACE_STROKE: &str = "#1e8e3e";
const PLACE_FILL: &str = "#c4edcf";
const PLACE_DIGIT: &str = "#0b5e22";
/// The strike over an eliminated candidate, brighter than the digit under it so both read.
const ELIM_COLOUR: &str = "#e53935";
const ELIM_DIGIT: &str = "#a31515";
const STRIKE_WIDTH: &str = "1.8";
const LINK_COLOUR: &str = "#d9480f";
const BASE_SHADE: &str = "#7d93b5";
const COVER_SHADE: &str = "#ff8c42";
const UNIT_OPACITY: &str = "0.2";

/// The picture of `step` drawn on `before`, the grid it applies to (before it is applied).
/// The `<title>` is the step's notation (a screen reader's name for the picture), the
/// `<desc>` its sentence. The same inputs always give the same bytes.
///
/// # Examples
///
/// ```
/// use stepwise::explain::grid_of;
/// use stepwise::format::parse_puzzle;
/// use stepwise::pipeline::{next_step, Options};
/// use stepwise::render::svg::{step_svg, SvgOptions};
///
/// let grid = grid_of(&parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap());
/// let step = next_step(&grid, &Options::default()).unwrap(); // Hidden Single: r1c6=8
/// let svg = step_svg(&grid, &step, &SvgOptions::default());
/// assert!(svg.starts_with("<svg "));
/// assert!(svg.contains("<title>Hidden Single: r1c6=8</title>"));
/// assert!(svg.contains(r#"class="place" data-cell="r1c6" data-digit="8""#));
/// ```
pub fn step_svg(before: &Grid, step: &Step, options: &SvgOptions) -> String {
    let marks = StepMarks::of(step);
    let notation = step.notation();
    // A step that neither places nor removes (a hint's cells only) is named by its technique.
    let title = notation.trim_end().trim_end_matches(':');
    let picture = Picture {
        grid: before,
        step: Some((step, &marks)),
        options,
    };
    picture.draw(title, Some(&step.text), Some(title))
}

/// The picture of a grid alone: givens, filled-in digits and candidates, nothing marked.
///
/// ```
/// use stepwise::grid::Grid;
/// use stepwise::render::svg::{grid_svg, SvgOptions};
///
/// let svg = grid_svg(&Grid::empty(), &SvgOptions::default());
/// assert_eq!(svg.matches("class=\"cand\"").count(), 81 * 9);
/// ```
pub fn grid_svg(grid: &Grid, options: &SvgOptions) -> String {
    let picture = Picture {
        grid,
        step: None,
        options,
    };
    let empty = grid.empty_count();
    let title = format!(
        "Sudoku grid: {} givens, {} filled in, {empty} empty",
        grid.givens().len(),
        CELLS - empty - grid.givens().len() as usize
    );
    picture.draw(&title, None, None)
}

/// The legend of `step`'s picture on `before` alone (the entries [`step_svg`] draws beside the
/// board): a small picture for a page that lays an overlay on its own board.
///
/// ```
/// use stepwise::explain::grid_of;
/// use stepwise::format::parse_puzzle;
/// use stepwise::pipeline::{next_step, Options};
/// use stepwise::render::svg::legend_svg;
///
/// let grid = grid_of(&parse_puzzle("53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79", None).unwrap());
/// let step = next_step(&grid, &Options::default()).unwrap();
/// assert!(legend_svg(&grid, &step).contains("placed"));
/// ```
pub fn legend_svg(before: &Grid, step: &Step) -> String {
    let marks = StepMarks::of(step);
    let options = SvgOptions::default();
    let picture = Picture {
        grid: before,
        step: Some((step, &marks)),
        options: &options,
    };
    let rows = picture.legend_entries().len() + 1;
    let (x, y) = (LEFT + BOARD + LEGEND_GAP - 4.0, TOP - 4.0);
    let (w, h) = (LEGEND_WIDTH, rows as f64 * LEGEND_ROW + 8.0);
    let mut svg = String::with_capacity(4096);
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" class="legend" width="{}" height="{}" viewBox="{} {} {} {}" font-family="sans-serif" role="img">"#,
        num(w),
        num(h),
        num(x),
        num(y),
        num(w),
        num(h)
    );
    let _ = writeln!(svg, "<title>Legend</title>");
    picture.draw_legend(&mut svg);
    svg.push_str("</svg>\n");
    svg
}

/// One picture being drawn.
struct Picture<'a> {
    grid: &'a Grid,
    step: Option<(&'a Step, &'a StepMarks)>,
    options: &'a SvgOptions,
}

impl Picture<'_> {
    fn width(&self) -> f64 {
        if self.options.overlay {
            return BOARD;
        }
        let board_right = LEFT + BOARD + MARGIN;
        if self.options.legend {
            LEFT + BOARD + LEGEND_GAP + LEGEND_WIDTH
        } else {
            board_right
        }
    }

    fn height(&self) -> f64 {
        if self.options.overlay {
            return BOARD;
        }
        let board_bottom = TOP + BOARD + MARGIN;
        if self.options.caption {
            board_bottom + CAPTION_LINE * CAPTION_LINES as f64 + 4.0
        } else {
            board_bottom
        }
    }

    fn marks(&self) -> Option<&StepMarks> {
        self.step.map(|(_, marks)| marks)
    }

    fn draw(&self, title: &str, desc: Option<&str>, caption: Option<&str>) -> String {
        let (width, height) = (self.width(), self.height());
        let overlay = self.options.overlay;
        let mut svg = String::with_capacity(if overlay { 4096 } else { 48 * 1024 });
        // `write!` to a String cannot fail. An overlay's box is the board's square.
        let (x0, y0) = if overlay { (LEFT, TOP) } else { (0.0, 0.0) };
        let _ = writeln!(
            svg,
            r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1"{class} width="{w}" height="{h}" viewBox="{x} {y} {w} {h}" font-family="sans-serif" role="img">"#,
            class = if overlay { r#" class="overlay""# } else { "" },
            x = num(x0),
            y = num(y0),
            w = num(width),
            h = num(height)
        );
        let _ = writeln!(svg, "<title>{}</title>", escape(title));
        if let Some(desc) = desc.filter(|d| !d.is_empty()) {
            let _ = writeln!(svg, "<desc>{}</desc>", escape(desc));
        }
        if overlay {
            self.draw_units(&mut svg);
            self.draw_cell_tints(&mut svg);
            self.draw_candidates(&mut svg);
            self.draw_links(&mut svg);
            svg.push_str("</svg>\n");
            return svg;
        }
        let _ = writeln!(
            svg,
            r##"<rect class="background" x="0" y="0" width="{}" height="{}" fill="#ffffff"/>"##,
            num(width),
            num(height)
        );
        self.draw_units(&mut svg);
        self.draw_cell_tints(&mut svg);
        draw_lines(&mut svg);
        self.draw_labels(&mut svg);
        self.draw_digits(&mut svg);
        self.draw_candidates(&mut svg);
        self.draw_links(&mut svg);
        if self.options.caption {
            if let Some(caption) = caption {
                self.draw_caption(&mut svg, caption);
            }
        }
        if self.options.legend {
            self.draw_legend(&mut svg);
        }
        svg.push_str("</svg>\n");
        svg
    }

    /// The pattern's units, translucent, base (and other roles) slate, cover orange.
    fn draw_units(&self, svg: &mut String) {
        let Some(marks) = self.marks() else { return };
        if marks.units().is_empty() {
            return;
        }
        let _ = writeln!(svg, r#"<g class="units" fill-opacity="{UNIT_OPACITY}">"#);
        for marked in marks.units() {
            let (x, y, w, h) = unit_rect(marked.item);
            let (class, fill) = unit_look(marked.role);
            let _ = writeln!(
                svg,
                r#"<rect class="unit {class}" data-unit="{}" x="{}" y="{}" width="{}" height="{}" fill="{fill}"/>"#,
                marked.item,
                num(x),
                num(y),
                num(w),
                num(h)
            );
        }
        svg.push_str("</g>\n");
    }

    /// Each pattern cell tinted by its role's tone.
    fn draw_cell_tints(&self, svg: &mut String) {
        let Some(marks) = self.marks() else { return };
        let cells: Vec<(Cell, Tone)> = (0..CELLS)
            .filter_map(|cell| marks.cell(cell).map(|role| (cell, Tone::of_role(role))))
            .collect();
        if cells.is_empty() {
            return;
        }
        svg.push_str("<g class=\"cells\">\n");
        for (cell, tone) in cells {
            let (x, y) = cell_origin(cell);
            let _ = writeln!(
                svg,
                r#"<rect class="cell {}" data-cell="{}" x="{}" y="{}" width="{CELL}" height="{CELL}" fill="{}"/>"#,
                tone_class(tone),
                cell_name(cell),
                num(x),
                num(y),
                look(tone).tint
            );
        }
        svg.push_str("</g>\n");
    }

    /// `c1`..`c9` above, `r1`..`r9` beside, bold in the unit's colour when it has a role.
    fn draw_labels(&self, svg: &mut String) {
        let marks = self.marks();
        let _ = writeln!(
            svg,
            r##"<g class="labels" font-size="13" fill="#555555" text-anchor="middle">"##
        );
        for i in 0..9 {
            for (unit, x, y, label) in [
                (
                    Unit::column(i),
                    LEFT + (i as f64 + 0.5) * CELL,
                    TOP - 10.0,
                    format!("c{}", i + 1),
                ),
                (
                    Unit::row(i),
                    LEFT / 2.0,
                    TOP + (i as f64 + 0.5) * CELL + 4.5,
                    format!("r{}", i + 1),
                ),
            ] {
                let role = marks.and_then(|m| m.unit(unit));
                let look = match role {
                    Some(role) => format!(
                        r#" font-weight="bold" fill="{}""#,
                        if role == Role::Cover {
                            "#c2410c"
                        } else {
                            "#1d4ed8"
                        }
                    ),
                    None => String::new(),
                };
                let _ = writeln!(
                    svg,
                    r#"<text x="{}" y="{}"{look}>{label}</text>"#,
                    num(x),
                    num(y)
                );
            }
        }
        svg.push_str("</g>\n");
    }

    /// Filled cells: givens bold black, digits filled in while solving blue; a cell with no
    /// candidate left a red question mark.
    fn draw_digits(&self, svg: &mut String) {
        svg.push_str("<g class=\"digits\" font-size=\"34\" text-anchor=\"middle\">\n");
        for cell in 0..CELLS {
            let (x, y) = cell_origin(cell);
            let (cx, baseline) = (x + CELL / 2.0, y + CELL / 2.0 + 12.0);
            let value = self.grid.value(cell);
            let (class, text, look) = if value != 0 && self.grid.is_given(cell) {
                (
                    "given",
                    value.to_string(),
                    format!(r#"font-weight="bold" fill="{GIVEN_COLOUR}""#),
                )
            } else if value != 0 {
                (
                    "filled",
                    value.to_string(),
                    format!(r#"fill="{FILLED_COLOUR}""#),
                )
            } else if self.grid.candidates(cell).is_empty() {
                ("dead", "?".to_string(), format!(r#"fill="{ELIM_COLOUR}""#))
            } else {
                continue;
            };
            let _ = writeln!(
                svg,
                r#"<text class="{class}" data-cell="{}" x="{}" y="{}" {look}>{text}</text>"#,
                cell_name(cell),
                num(cx),
                num(baseline)
            );
        }
        svg.push_str("</g>\n");
    }

    /// Every candidate in its slot; behind a marked one its tone's disc or the placement's
    /// ring, over an eliminated one a red strike.
    fn draw_candidates(&self, svg: &mut String) {
        let marks = self.marks();
        let mut discs = String::new();
        let mut digits = String::new();
        let mut crosses = String::new();
        for cell in (0..CELLS).filter(|&c| self.grid.value(c) == 0) {
            for digit in self.grid.candidates(cell) {
                let (x, y) = slot_centre(cell, digit);
                let baseline = num(y + 5.0);
                let at = format!(r#"data-cell="{}" data-digit="{digit}""#, cell_name(cell));
                let tone = marks
                    .and_then(|m| m.candidate(cell, digit))
                    .map(|m| m.tone());
                let look_attrs = match tone {
                    None => String::new(),
                    Some(Tone::Placed) => {
                        let _ = writeln!(
                            discs,
                            r#"<circle class="place" {at} cx="{}" cy="{}" r="{DISC}" fill="{PLACE_FILL}" stroke="{PLACE_STROKE}" stroke-width="2.5"/>"#,
                            num(x),
                            num(y)
                        );
                        format!(r#" font-weight="bold" fill="{PLACE_DIGIT}""#)
                    }
                    Some(Tone::Eliminated) => {
                        // A pale disc and a thin strike, so the struck digit stays readable.
                        let _ = writeln!(
                            discs,
                            r#"<circle class="mark eliminated" {at} cx="{}" cy="{}" r="{DISC}" fill="{}"/>"#,
                            num(x),
                            num(y),
                            look(Tone::Eliminated).disc
                        );
                        let _ =
                            writeln!(crosses, r#"<path class="elim" {at} d="{}"/>"#, strike(x, y));
                        format!(r#" font-weight="bold" fill="{ELIM_DIGIT}""#)
                    }
                    Some(tone) => {
                        let _ = writeln!(
                            discs,
                            r#"<circle class="mark {}" {at} cx="{}" cy="{}" r="{DISC}" fill="{}"/>"#,
                            tone_class(tone),
                            num(x),
                            num(y),
                            look(tone).disc
                        );
                        format!(r#" font-weight="bold" fill="{GIVEN_COLOUR}""#)
                    }
                };
                let _ = writeln!(
                    digits,
                    r#"<text class="cand" {at} x="{}" y="{baseline}"{look_attrs}>{digit}</text>"#,
                    num(x)
                );
            }
        }
        if !discs.is_empty() {
            let _ = write!(svg, "<g class=\"marks\">\n{discs}</g>\n");
        }
        // An overlay leaves the digits to the board it is laid under.
        if !self.options.overlay {
            let _ = write!(
                svg,
                "<g class=\"candidates\" font-size=\"14\" text-anchor=\"middle\" fill=\"{QUIET_COLOUR}\">\n{digits}</g>\n"
            );
        }
        if !crosses.is_empty() {
            let _ = write!(
                svg,
                "<g class=\"eliminations\" stroke=\"{ELIM_COLOUR}\" stroke-width=\"{STRIKE_WIDTH}\" stroke-linecap=\"round\" fill=\"none\">\n{crosses}</g>\n"
            );
        }
    }

    /// Group and ALS nodes outlined, then each distinct link as an arrow, bending left of its
    /// way so that two links between the same candidates both show.
    fn draw_links(&self, svg: &mut String) {
        let Some((step, _)) = self.step else { return };
        let pattern = &step.pattern;
        let mut links: Vec<&Link> = Vec::new();
        for link in &pattern.links {
            if !links.contains(&link) {
                links.push(link);
            }
        }
        let groups: Vec<_> = pattern.nodes.iter().filter(|n| n.cells.len() > 1).collect();
        if links.is_empty() && groups.is_empty() {
            return;
        }
        let _ = writeln!(
            svg,
            r#"<g class="links" stroke="{LINK_COLOUR}" fill="none">"#
        );
        let mut outlined: Vec<(Digit, &[Cell])> = Vec::new();
        for node in groups {
            if outlined.contains(&(node.digit, node.cells.as_slice())) {
                continue;
            }
            outlined.push((node.digit, node.cells.as_slice()));
            let centres: Vec<(f64, f64)> = node
                .cells
                .iter()
                .map(|&cell| slot_centre(cell, node.digit))
                .collect();
            let names: Vec<String> = node.cells.iter().map(|&c| cell_name(c)).collect();
            let at = format!(
                r#"data-cells="{}" data-digit="{}""#,
                names.join(" "),
                node.digit
            );
            let first = node.cells[0];
            let one_box = node.cells.iter().all(|&c| box_of(c) == box_of(first));
            let one_line = node.cells.iter().all(|&c| row_of(c) == row_of(first))
                || node.cells.iter().all(|&c| col_of(c) == col_of(first));
            if one_box && one_line {
                // A group of a box-line intersection: one frame around its candidates.
                let pad = SLOT / 2.0;
                let x0 = centres.iter().map(|c| c.0).fold(f64::MAX, f64::min) - pad;
                let y0 = centres.iter().map(|c| c.1).fold(f64::MAX, f64::min) - pad;
                let x1 = centres.iter().map(|c| c.0).fold(f64::MIN, f64::max) + pad;
                let y1 = centres.iter().map(|c| c.1).fold(f64::MIN, f64::max) + pad;
                let _ = writeln!(
                    svg,
                    r#"<rect class="group" {at} x="{}" y="{}" width="{}" height="{}" rx="6" stroke-width="1.5"/>"#,
                    num(x0),
                    num(y0),
                    num(x1 - x0),
                    num(y1 - y0)
                );
            } else {
                // An ALS node's cells may lie apart: a ring around each candidate instead of
                // a frame over cells that are not in the node.
                let rings: String = centres
                    .iter()
                    .map(|&(x, y)| {
                        format!(
                            r#"<circle cx="{}" cy="{}" r="{}"/>"#,
                            num(x),
                            num(y),
                            num(SLOT / 2.0)
                        )
                    })
                    .collect();
                let _ = writeln!(
                    svg,
                    r#"<g class="group" {at} stroke-width="1.5">{rings}</g>"#
                );
            }
        }
        let mut lanes: Vec<Lane> = Vec::new();
        for link in links {
            let (from, to) = self.link_ends(link);
            if from == to {
                continue;
            }
            let (class, dash) = if link.strong {
                ("strong", "")
            } else {
                ("weak", r#" stroke-dasharray="5 3""#)
            };
            let (side, spread) = spread_apart(&mut lanes, from, to, self.clearer_side(from, to));
            let _ = writeln!(
                svg,
                r#"<g class="link {class}" data-from="{}" data-to="{}">{}</g>"#,
                candidate_name(link.from),
                candidate_name(link.to),
                arrow(from, to, side, spread, dash)
            );
        }
        svg.push_str("</g>\n");
    }

    /// Where a link's arrow starts and ends: its candidates' slots, or for a group node (a
    /// link names only the group's first cell) the group's slot nearest the other end.
    fn link_ends(&self, link: &Link) -> ((f64, f64), (f64, f64)) {
        let (a, b) = (
            slot_centre(link.from.cell, link.from.digit),
            slot_centre(link.to.cell, link.to.digit),
        );
        (
            self.nearest_of_group(link.from, b),
            self.nearest_of_group(link.to, a),
        )
    }

    /// The side to bow a link's curve to: the one whose curve passes over fewer digits and
    /// less of the margin; on a tie, towards the board's centre.
    fn clearer_side(&self, a: (f64, f64), b: (f64, f64)) -> f64 {
        let centre = (LEFT + BOARD / 2.0, TOP + BOARD / 2.0);
        let normal = (b.1 - a.1, a.0 - b.0);
        let middle = ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0);
        let inward = if (centre.0 - middle.0) * normal.0 + (centre.1 - middle.1) * normal.1 < -0.01
        {
            -1.0
        } else {
            1.0
        };
        let cost = |side: f64| -> usize {
            let (c1, c2) = controls(a, b, side, 1.0);
            (1..8)
                .map(|i| cubic_at(a, c1, c2, b, i as f64 / 8.0))
                .filter(|&p| self.covers_something(p, a, b))
                .count()
        };
        if cost(-inward) < cost(inward) {
            -inward
        } else {
            inward
        }
    }

    /// Whether a point of a curve lies over a digit (a candidate other than the link's own
    /// ends, or a filled cell's digit) or outside the board.
    fn covers_something(&self, p: (f64, f64), a: (f64, f64), b: (f64, f64)) -> bool {
        let (x, y) = (p.0 - LEFT, p.1 - TOP);
        if !(0.0..BOARD).contains(&x) || !(0.0..BOARD).contains(&y) {
            return true;
        }
        let cell = cell_at((y / CELL) as usize, (x / CELL) as usize);
        if self.grid.value(cell) != 0 {
            let (cx, cy) = (
                cell_origin(cell).0 + CELL / 2.0,
                cell_origin(cell).1 + CELL / 2.0,
            );
            return (p.0 - cx).abs() < 13.0 && (p.1 - cy).abs() < 17.0;
        }
        let slot = ((y % CELL) / SLOT) as usize * 3 + ((x % CELL) / SLOT) as usize;
        let digit = (slot.min(8) + 1) as Digit;
        let centre = slot_centre(cell, digit);
        self.grid.candidates(cell).contains(digit)
            && centre != a
            && centre != b
            && distance(p, centre) < SLOT / 2.0
    }

    fn nearest_of_group(&self, end: Candidate, other: (f64, f64)) -> (f64, f64) {
        let own = slot_centre(end.cell, end.digit);
        let Some((step, _)) = self.step else {
            return own;
        };
        let group = step
            .pattern
            .nodes
            .iter()
            .find(|n| n.digit == end.digit && n.cells.len() > 1 && n.cells[0] == end.cell);
        let Some(group) = group else { return own };
        group
            .cells
            .iter()
            .map(|&cell| slot_centre(cell, end.digit))
            .min_by(|p, q| distance(*p, other).total_cmp(&distance(*q, other)))
            .unwrap_or(own)
    }

    /// The notation under the board, wrapped at spaces, cut with an ellipsis after three lines
    /// (the title keeps it whole).
    fn draw_caption(&self, svg: &mut String, caption: &str) {
        let x = LEFT;
        let width = self.width() - LEFT - MARGIN;
        // Average glyph width of a sans-serif face, generously: better short lines than clipped.
        let per_line = (width / (CAPTION_FONT * 0.6)) as usize;
        let lines = wrap(caption, per_line, CAPTION_LINES);
        let _ = writeln!(
            svg,
            r##"<g class="caption" font-size="{CAPTION_FONT}" fill="#222222">"##
        );
        for (i, line) in lines.iter().enumerate() {
            let _ = writeln!(
                svg,
                r#"<text x="{}" y="{}">{}</text>"#,
                num(x),
                num(TOP + BOARD + MARGIN + CAPTION_LINE * (i as f64 + 1.0) - 4.0),
                escape(line)
            );
        }
        svg.push_str("</g>\n");
    }

    /// One row per look used: the digits' kinds, the units' roles, each tone (a disc for
    /// candidates, a square for cells), the link kinds.
    fn draw_legend(&self, svg: &mut String) {
        let x = LEFT + BOARD + LEGEND_GAP;
        let mut y = TOP;
        let _ = writeln!(svg, r##"<g class="legend" font-size="12" fill="#222222">"##);
        let _ = writeln!(
            svg,
            r#"<text x="{}" y="{}" font-weight="bold">Legend</text>"#,
            num(x),
            num(y + 12.0)
        );
        y += LEGEND_ROW;
        for entry in self.legend_entries() {
            let (sx, sy) = (x + 8.0, y + 8.0);
            let swatch = match entry.swatch {
                Swatch::Digit(colour, bold) => format!(
                    r#"<text x="{}" y="{}" font-size="16" text-anchor="middle" fill="{colour}"{}>5</text>"#,
                    num(sx),
                    num(sy + 6.0),
                    if bold { r#" font-weight="bold""# } else { "" }
                ),
                Swatch::Unit(fill) => format!(
                    r#"<rect x="{}" y="{}" width="16" height="16" fill="{fill}" fill-opacity="{UNIT_OPACITY}" stroke="{fill}"/>"#,
                    num(x),
                    num(y)
                ),
                Swatch::Tone { tone, cell, disc } => {
                    let mut s = String::new();
                    if cell {
                        let _ = write!(
                            s,
                            r##"<rect x="{}" y="{}" width="16" height="16" fill="{}" stroke="#bbbbbb"/>"##,
                            num(x),
                            num(y),
                            look(tone).tint
                        );
                    }
                    if disc {
                        let _ = write!(s, "{}", legend_disc(tone, sx, sy));
                    }
                    s
                }
                Swatch::Link(strong) => format!(
                    r#"<path d="M{} {}L{} {}" stroke="{LINK_COLOUR}" stroke-width="1.8"{}/>"#,
                    num(x - 2.0),
                    num(sy),
                    num(x + 18.0),
                    num(sy),
                    if strong {
                        ""
                    } else {
                        r#" stroke-dasharray="5 3""#
                    }
                ),
            };
            let _ = writeln!(
                svg,
                r#"<g class="entry">{swatch}<text x="{}" y="{}">{}</text></g>"#,
                num(x + 26.0),
                num(y + 12.5),
                escape(&entry.text)
            );
            y += LEGEND_ROW;
        }
        svg.push_str("</g>\n");
    }

    fn legend_entries(&self) -> Vec<LegendEntry> {
        let mut entries = vec![LegendEntry {
            swatch: Swatch::Digit(GIVEN_COLOUR, true),
            text: "given".into(),
        }];
        if (0..CELLS).any(|c| self.grid.value(c) != 0 && !self.grid.is_given(c)) {
            entries.push(LegendEntry {
                swatch: Swatch::Digit(FILLED_COLOUR, false),
                text: "filled in".into(),
            });
        }
        let Some((step, marks)) = self.step else {
            return entries;
        };
        // Units: the roles that share the blue shade, then cover.
        let mut shared: Vec<Role> = Vec::new();
        let mut cover = false;
        for marked in marks.units() {
            if marked.role == Role::Cover {
                cover = true;
            } else if !shared.contains(&marked.role) {
                shared.push(marked.role);
            }
        }
        if !shared.is_empty() {
            let words: Vec<String> = shared.iter().map(|&r| role_words(r)).collect();
            entries.push(LegendEntry {
                swatch: Swatch::Unit(BASE_SHADE),
                text: format!(
                    "{} unit{}",
                    words.join(" and "),
                    if marks.units().len() > 1 { "s" } else { "" }
                ),
            });
        }
        if cover {
            entries.push(LegendEntry {
                swatch: Swatch::Unit(COVER_SHADE),
                text: "cover units".into(),
            });
        }
        // Tones, in `Tone`'s order, each once whether it marks candidates, cells or both.
        let mut tones: Vec<(Tone, bool, bool)> = Vec::new();
        let mut note = |tone: Tone, cell: bool| match tones.iter_mut().find(|t| t.0 == tone) {
            Some(entry) => {
                entry.1 |= cell;
                entry.2 |= !cell;
            }
            None => tones.push((tone, cell, !cell)),
        };
        for tone in marks.tones() {
            note(tone, false);
        }
        for cell in 0..CELLS {
            if let Some(role) = marks.cell(cell) {
                note(Tone::of_role(role), true);
            }
        }
        tones.sort_by_key(|t| t.0);
        for (tone, cell, disc) in tones {
            entries.push(LegendEntry {
                swatch: Swatch::Tone { tone, cell, disc },
                text: self.tone_text(tone, marks),
            });
        }
        for strong in [true, false] {
            if step.pattern.links.iter().any(|l| l.strong == strong) {
                entries.push(LegendEntry {
                    swatch: Swatch::Link(strong),
                    text: if strong { "strong link" } else { "weak link" }.into(),
                });
            }
        }
        entries
    }

    /// A tone's words; a set's tone names the sets it marks (`almost locked set A`), since
    /// four looks serve any number of sets.
    fn tone_text(&self, tone: Tone, marks: &StepMarks) -> String {
        let Tone::Set(look) = tone else {
            return tone.description().to_string();
        };
        let mut letters: Vec<u8> = (0..CELLS)
            .filter_map(|cell| match marks.cell(cell) {
                Some(Role::Als(index)) if index % 4 == look => Some(index),
                _ => None,
            })
            .collect();
        letters.sort_unstable();
        letters.dedup();
        let names: Vec<String> = letters
            .iter()
            .map(|&i| ((b'A' + i % 26) as char).to_string())
            .collect();
        format!("{} {}", tone.description(), names.join(", "))
    }
}

struct LegendEntry {
    swatch: Swatch,
    text: String,
}

enum Swatch {
    /// A sample digit in a colour, bold or not.
    Digit(&'static str, bool),
    /// A unit's shade.
    Unit(&'static str),
    /// A tone: a cell's tint (`cell`), a candidate's mark (`disc`), or both.
    Tone { tone: Tone, cell: bool, disc: bool },
    /// A strong (`true`) or weak link.
    Link(bool),
}

/// A candidate's mark of a tone in the legend, as drawn on the board.
fn legend_disc(tone: Tone, x: f64, y: f64) -> String {
    let (x_, y_) = (num(x), num(y));
    match tone {
        Tone::Placed => format!(
            r#"<circle cx="{x_}" cy="{y_}" r="{DISC}" fill="{PLACE_FILL}" stroke="{PLACE_STROKE}" stroke-width="2.5"/><text x="{x_}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{PLACE_DIGIT}">5</text>"#,
            num(y + 5.0)
        ),
        Tone::Eliminated => format!(
            r#"<circle cx="{x_}" cy="{y_}" r="{DISC}" fill="{}"/><text x="{x_}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{ELIM_DIGIT}">5</text><path d="{}" stroke="{ELIM_COLOUR}" stroke-width="{STRIKE_WIDTH}" stroke-linecap="round"/>"#,
            look(Tone::Eliminated).disc,
            num(y + 5.0),
            strike(x, y)
        ),
        tone => format!(
            r#"<circle cx="{x_}" cy="{y_}" r="{DISC}" fill="{}"/><text x="{x_}" y="{}" font-size="14" font-weight="bold" text-anchor="middle" fill="{GIVEN_COLOUR}">5</text>"#,
            look(tone).disc,
            num(y + 5.0)
        ),
    }
}

/// How a tone looks: the disc behind a candidate and the tint of a cell.
struct Look {
    disc: &'static str,
    tint: &'static str,
}

/// The colours follow the terminal board's: cyan pattern, blue "on" and first colour, yellow
/// "off" and second colour, magenta fins, orange pincers and restricted commons.
fn look(tone: Tone) -> Look {
    let (disc, tint) = match tone {
        Tone::Placed => (PLACE_FILL, "#e3f6e8"),
        Tone::Eliminated => ("#fbd5d5", "#fde2e2"),
        Tone::RuledOut => ("#f7c1c1", "#fde8e8"),
        Tone::Pattern => ("#7fd6d6", "#d2f1f1"),
        Tone::Fin => ("#e0a8f0", "#f3defa"),
        Tone::Pincer => ("#ffb066", "#ffe6cc"),
        Tone::On | Tone::ColorA => ("#8cbcf7", "#d6e6fc"),
        Tone::Off | Tone::ColorB => ("#ffd36e", "#fff0c2"),
        Tone::ColorC => ("#e0a8f0", "#f3defa"),
        Tone::ColorD => ("#a3dba0", "#dcf2da"),
        Tone::Restricted => ("#ffb066", "#ffe6cc"),
        Tone::Common => ("#e0a8f0", "#f3defa"),
        Tone::Set(index) => match index % 4 {
            0 => ("#7fd6d6", "#e2f4dc"),
            1 => ("#ffd36e", "#fbefc4"),
            2 => ("#e0a8f0", "#f0dcf7"),
            _ => ("#8cbcf7", "#dbe7fb"),
        },
    };
    Look { disc, tint }
}

/// A tone's class name, as the step's JSON writes roles: `pattern`, `color-a`, `set-b`.
fn tone_class(tone: Tone) -> String {
    match tone {
        Tone::Placed => "placed".into(),
        Tone::Eliminated => "eliminated".into(),
        Tone::RuledOut => "ruled-out".into(),
        Tone::Pattern => "pattern".into(),
        Tone::Fin => "fin".into(),
        Tone::Pincer => "pincer".into(),
        Tone::On => "on".into(),
        Tone::Off => "off".into(),
        Tone::ColorA => "color-a".into(),
        Tone::ColorB => "color-b".into(),
        Tone::ColorC => "color-c".into(),
        Tone::ColorD => "color-d".into(),
        Tone::Restricted => "restricted".into(),
        Tone::Common => "common".into(),
        Tone::Set(index) => format!("set-{}", (b'a' + index % 4) as char),
    }
}

/// A unit role's class and shade: cover orange, every other role slate.
fn unit_look(role: Role) -> (&'static str, &'static str) {
    match role {
        Role::Cover => ("cover", COVER_SHADE),
        Role::Base => ("base", BASE_SHADE),
        _ => ("pattern", BASE_SHADE),
    }
}

/// The thin cell lines, then the thick box lines and border over them.
fn draw_lines(svg: &mut String) {
    let mut thin = String::new();
    let mut thick = String::new();
    for i in 0..=9 {
        let at = i as f64 * CELL;
        let target = if i % 3 == 0 { &mut thick } else { &mut thin };
        let _ = write!(
            target,
            "M{} {}V{}M{} {}H{}",
            num(LEFT + at),
            num(TOP),
            num(TOP + BOARD),
            num(LEFT),
            num(TOP + at),
            num(LEFT + BOARD)
        );
    }
    let _ = writeln!(
        svg,
        r##"<path class="cell-lines" d="{thin}" stroke="#9a9a9a" stroke-width="0.8" fill="none"/>"##
    );
    let _ = writeln!(
        svg,
        r##"<path class="box-lines" d="{thick}" stroke="#222222" stroke-width="2.5" stroke-linecap="square" fill="none"/>"##
    );
}

/// A link drawn along one row or column: its line, its stretch and the side it bowed to.
struct Lane {
    /// Along a row (`true`) or a column.
    across: bool,
    /// The line's coordinate (y of a row's link, x of a column's).
    at: f64,
    /// The stretch it covers along the line.
    from: f64,
    to: f64,
    /// The side it bowed to on the board: -1 up or left, 1 down or right.
    towards: f64,
}

/// The side (as [`controls`] takes it) and the spread of a link's bow. A link along a row or
/// column whose stretch overlaps links already drawn along the same line (within half a cell)
/// bows to the side where fewer of them bow, further out for each one there; any other link
/// keeps `side` and the usual bow.
fn spread_apart(lanes: &mut Vec<Lane>, a: (f64, f64), b: (f64, f64), side: f64) -> (f64, f64) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let across = dy.abs() < 1.0;
    if !across && dx.abs() >= 1.0 {
        return (side, 1.0);
    }
    let (at, lo, hi, run) = if across {
        (a.1, a.0.min(b.0), a.0.max(b.0), dx)
    } else {
        (a.0, a.1.min(b.1), a.1.max(b.1), dy)
    };
    // [`controls`]' normal of a link along a row points down for a leftward run (dx < 0) and
    // right for a downward run along a column: the side on the board is `side` times this.
    let normal = if across { -run.signum() } else { run.signum() };
    let crowd = |towards: f64| {
        lanes
            .iter()
            .filter(|l| {
                l.across == across
                    && (l.at - at).abs() < CELL / 2.0
                    && l.from < hi - 1.0
                    && lo < l.to - 1.0
                    && l.towards == towards
            })
            .count()
    };
    let wanted = side * normal;
    let (here, there) = (crowd(wanted), crowd(-wanted));
    let towards = if there < here { -wanted } else { wanted };
    let crowded = here.min(there);
    lanes.push(Lane {
        across,
        at,
        from: lo,
        to: hi,
        towards,
    });
    (towards * normal, 1.0 + 0.9 * crowded as f64)
}

/// The two control points of a link's cubic curve from `a` to `b`, bowed to the side `side`
/// (1 or -1) of the line, `spread` times the usual bow: short links (inside one cell) bowed
/// more, or nothing would be left between the discs.
fn controls(a: (f64, f64), b: (f64, f64), side: f64, spread: f64) -> ((f64, f64), (f64, f64)) {
    let (dx, dy) = (b.0 - a.0, b.1 - a.1);
    let length = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
    let bow = spread
        * if length < 45.0 {
            16.0
        } else {
            (length * 0.1).clamp(10.0, 28.0)
        };
    // A cubic whose two control points stand `reach` off the line peaks at 3/4 of it.
    let reach = side * bow / 0.75;
    let (nx, ny) = (dy / length, -dx / length);
    (
        (a.0 + dx * 0.25 + nx * reach, a.1 + dy * 0.25 + ny * reach),
        (a.0 + dx * 0.75 + nx * reach, a.1 + dy * 0.75 + ny * reach),
    )
}

/// The point at `t` of the cubic curve `a`, `c1`, `c2`, `b`.
fn cubic_at(a: (f64, f64), c1: (f64, f64), c2: (f64, f64), b: (f64, f64), t: f64) -> (f64, f64) {
    let u = 1.0 - t;
    let (w0, w1, w2, w3) = (u * u * u, 3.0 * u * u * t, 3.0 * u * t * t, t * t * t);
    (
        w0 * a.0 + w1 * c1.0 + w2 * c2.0 + w3 * b.0,
        w0 * a.1 + w1 * c1.1 + w2 * c2.1 + w3 * b.1,
    )
}

/// An arrow from `a` to `b` along the curve of [`controls`], both ends pulled back to the
/// discs' edge, the head a triangle (no marker element, so no id).
fn arrow(a: (f64, f64), b: (f64, f64), side: f64, spread: f64, dash: &str) -> String {
    let (c1, c2) = controls(a, b, side, spread);
    let start = toward(a, c1, DISC);
    let tip = toward(b, c2, DISC + 1.0);
    // The tangent at the end of a cubic curve points from the last control point to the end.
    let (tx, ty) = unit_vector(c2, tip);
    let (head, half) = (8.0, 3.5);
    let base = (tip.0 - tx * head, tip.1 - ty * head);
    format!(
        r#"<path d="M{} {}C{} {} {} {} {} {}" stroke-width="1.8"{dash}/><path class="head" d="M{} {}L{} {}L{} {}Z" fill="{LINK_COLOUR}" stroke="none"/>"#,
        num(start.0),
        num(start.1),
        num(c1.0),
        num(c1.1),
        num(c2.0),
        num(c2.1),
        num(base.0),
        num(base.1),
        num(tip.0),
        num(tip.1),
        num(base.0 - ty * half),
        num(base.1 + tx * half),
        num(base.0 + ty * half),
        num(base.1 - tx * half)
    )
}

/// The path of the strike over a candidate at (`x`, `y`): one slash, bottom left to top
/// right, across the whole disc (a cross would hide the digit).
fn strike(x: f64, y: f64) -> String {
    let r = 8.0;
    format!(
        "M{} {}L{} {}",
        num(x - r),
        num(y + r),
        num(x + r),
        num(y - r)
    )
}

/// `from` moved `by` towards `to`.
fn toward(from: (f64, f64), to: (f64, f64), by: f64) -> (f64, f64) {
    let (ux, uy) = unit_vector(from, to);
    (from.0 + ux * by, from.1 + uy * by)
}

fn unit_vector(from: (f64, f64), to: (f64, f64)) -> (f64, f64) {
    let (dx, dy) = (to.0 - from.0, to.1 - from.1);
    let length = (dx * dx + dy * dy).sqrt().max(f64::EPSILON);
    (dx / length, dy / length)
}

fn distance(p: (f64, f64), q: (f64, f64)) -> f64 {
    ((p.0 - q.0).powi(2) + (p.1 - q.1).powi(2)).sqrt()
}

fn cell_origin(cell: Cell) -> (f64, f64) {
    (
        LEFT + col_of(cell) as f64 * CELL,
        TOP + row_of(cell) as f64 * CELL,
    )
}

/// The centre of a digit's slot in a cell's mini-grid.
fn slot_centre(cell: Cell, digit: Digit) -> (f64, f64) {
    let (x, y) = cell_origin(cell);
    let index = digit.clamp(1, 9) as usize - 1;
    (
        x + SLOT * ((index % 3) as f64 + 0.5),
        y + SLOT * ((index / 3) as f64 + 0.5),
    )
}

/// The rectangle a unit covers on the board.
fn unit_rect(unit: Unit) -> (f64, f64, f64, f64) {
    let n = unit.number() as f64;
    match unit.kind() {
        UnitKind::Row => (LEFT, TOP + n * CELL, BOARD, CELL),
        UnitKind::Column => (LEFT + n * CELL, TOP, CELL, BOARD),
        UnitKind::Box => (
            LEFT + (unit.number() % 3) as f64 * 3.0 * CELL,
            TOP + (unit.number() / 3) as f64 * 3.0 * CELL,
            3.0 * CELL,
            3.0 * CELL,
        ),
    }
}

/// `r1c2#5`, a link end's name in `data-from` and `data-to`.
fn candidate_name(candidate: Candidate) -> String {
    format!("{}#{}", cell_name(candidate.cell), candidate.digit)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn links_along_one_column_bow_apart() {
        let mut lanes = Vec::new();
        // Two links down column 1 over the same stretch, both asking for the same side: the
        // second bows to the other side; a third on that column goes further out.
        let (a, b) = (slot_centre(0, 1), slot_centre(54, 1));
        let (c, d) = (slot_centre(9, 1), slot_centre(63, 1));
        let first = spread_apart(&mut lanes, a, b, 1.0);
        let second = spread_apart(&mut lanes, c, d, 1.0);
        assert_eq!(first, (1.0, 1.0));
        assert_eq!(second.0, -1.0, "the other side");
        let third = spread_apart(&mut lanes, a, d, 1.0);
        assert!(third.1 > 1.0, "further out: {third:?}");
        // Drawn upwards, the same side on the board is the opposite side of the way.
        let mut lanes = Vec::new();
        let down = spread_apart(&mut lanes, a, b, 1.0);
        let up = spread_apart(&mut lanes, d, c, 1.0);
        assert_eq!((down.0, up.0), (1.0, 1.0), "opposite sides on the board");
        // A diagonal link keeps its side and bow; links on other columns do not crowd.
        assert_eq!(
            spread_apart(&mut lanes, a, slot_centre(80, 9), -1.0),
            (-1.0, 1.0)
        );
        let far = spread_apart(&mut lanes, slot_centre(4, 1), slot_centre(58, 1), 1.0);
        assert_eq!(far, (1.0, 1.0));
    }

    #[test]
    fn slots_follow_the_mini_grid() {
        assert_eq!(slot_centre(0, 1), (LEFT + 10.0, TOP + 10.0));
        assert_eq!(slot_centre(0, 9), (LEFT + 50.0, TOP + 50.0));
        assert_eq!(
            slot_centre(80, 6),
            (LEFT + 8.0 * CELL + 50.0, TOP + 8.0 * CELL + 30.0)
        );
    }
}
