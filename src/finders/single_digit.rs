//! Single-digit patterns: Skyscraper, 2-String Kite, Turbot Fish and Empty Rectangle.
//!
//! All four are short chains on one digit `d`. A *strong link* is a conjugate pair: a unit
//! where `d` has exactly two places, so one of the two cells holds it. Two strong links whose
//! inner ends see each other (a *weak link*: they cannot both hold `d`) form the chain
//! `A =d= a -d- b =d= B`. If `A` is not `d`, `a` is, so `b` is not, so `B` is: `A` or `B`
//! holds `d`, and `d` leaves every cell that sees both ends. The four cells are distinct and
//! are never eliminated themselves.
//!
//! - **Skyscraper**: two strong links in two rows (or two columns) whose inner ends (the base)
//!   share a column (row); the ends (the tops) must not share one too, or it is an X-Wing.
//! - **2-String Kite**: a strong link in a row and one in a column, whose inner ends are two
//!   different cells of one box.
//! - **Turbot Fish**: HoDoKu's name for every other chain of this shape (its X-chains of three
//!   links): at least one strong link is a box's, or two row (column) links are joined in a
//!   box, not along a column (row). A chain is classified by its four cells, so a link that is
//!   a row's and a box's at once counts as a row link, and a chain shaped like a Skyscraper,
//!   an X-Wing or a 2-String Kite is never a Turbot Fish. (HoDoKu's own Skyscraper search
//!   only pairs the first or the second cells of the two lines, so it names a few crossed
//!   skyscrapers Turbot Fish; Stepwise names them by shape.)
//! - **Empty Rectangle** (HoDoKu's rule): a box whose candidates for `d` all lie in one row and
//!   one column of the box (the ER row and ER column), with a candidate off their crossing
//!   cell in each, and at least two in the ER row or in the ER column (with only one in
//!   each, the box is a strong link and the pattern a Turbot Fish). A strong link `p = q` in a
//!   column crosses the ER row at `p`, outside the box; the cell where `q`'s row meets the ER
//!   column, if it lies outside the box, loses `d`: were it `d`, `q` would not be, `p` would,
//!   and the box would have no place left in its ER row (seen by `p`) or its ER column (seen
//!   by the target). Likewise with a row's strong link crossing the ER column.
//!
//! Search order (fixed, so traces are deterministic):
//! - Skyscraper: rows, then columns (HoDoKu's order); digits 1-9; pairs of lines with two
//!   places for the digit, in index order.
//! - 2-String Kite: digits 1-9; row links (rows 1-9) against column links (columns 1-9); the
//!   inner ends in cell order.
//! - Turbot Fish: digits 1-9; pairs of strong links, links ordered by their unit (rows,
//!   columns, boxes; a pair of cells counted once); the inner ends in cell order.
//! - Empty Rectangle: digits 1-9; boxes 1-9 (a box has at most one ER row and column); the
//!   strong links in the columns crossing the ER row (column order), then in the rows
//!   crossing the ER column (row order).
//! - Each search passes over a digit its last whole search found nothing on while the digit's
//!   cells are the same (`barren_digits`).
//!
//! Notation, as HoDoKu prints it: `Skyscraper: 1 in r2c4,r6c6 (connected by r2c1,r6c1)`
//! (the ends, then the inner cells, each pair in cell order), the same for `2-String Kite`,
//! the chain for `Turbot Fish: 1 r6c6 =1= r6c2 -1- r9c2 =1= r7c1` (from the end with the
//! lower cell index), and `Empty Rectangle: 3 in b7 (r1c2,r1c9)` (the box, then the strong
//! link's cells).

use std::ops::ControlFlow;

use super::barren_digits::{Digits, Search};
use super::Emit;
use crate::geometry::{
    box_of, cell_at, cell_name, col_of, peers, row_of, unit_words, units_of, Cell, CellSet, Digit,
    Unit, UnitKind,
};
use crate::grid::Grid;
use crate::step::{cell_list, Candidate, Link, Pattern, Role, Step};
use crate::technique::Technique;

/// A strong link: the only two places for `digit` in `unit`, in cell order.
#[derive(Debug, Clone, Copy)]
struct StrongLink {
    unit: Unit,
    cells: [Cell; 2],
}

impl StrongLink {
    /// The other cell of the pair (`cell` must be one of them).
    fn other(&self, cell: Cell) -> Cell {
        if self.cells[0] == cell {
            self.cells[1]
        } else {
            self.cells[0]
        }
    }
}

/// The strong link of `digit` in `unit`, if the digit has exactly two places there.
fn strong_link(grid: &Grid, digit: Digit, unit: Unit) -> Option<StrongLink> {
    if grid.unit_has(unit, digit) {
        return None;
    }
    let cells = grid.digit_cells(digit) & unit.cell_set();
    if cells.len() != 2 {
        return None;
    }
    let mut it = cells.iter();
    let first = it.next()?;
    let second = it.next()?;
    Some(StrongLink {
        unit,
        cells: [first, second],
    })
}

/// Strong links of `digit` in the units of one kind, in unit order.
fn strong_links_of_kind(grid: &Grid, digit: Digit, kind: UnitKind) -> Vec<StrongLink> {
    (0..9)
        .map(|i| Unit::of_kind(kind, i))
        .filter_map(|u| strong_link(grid, digit, u))
        .collect()
}

/// Whether `a` and `b` are the only two places for `digit` in their common unit of `kind`.
fn is_link_of_kind(grid: &Grid, digit: Digit, a: Cell, b: Cell, kind: UnitKind) -> bool {
    let shared = match kind {
        UnitKind::Row => row_of(a) == row_of(b),
        UnitKind::Column => col_of(a) == col_of(b),
        UnitKind::Box => box_of(a) == box_of(b),
    };
    if !shared {
        return false;
    }
    let unit = Unit::containing(a, kind);
    strong_link(grid, digit, unit).is_some()
}

/// The first unit (row, column, box) that holds both cells.
fn common_unit(a: Cell, b: Cell) -> Option<Unit> {
    units_of(a).into_iter().find(|u| u.cell_set().contains(b))
}

/// A chain `ends[0] =d= inner[0] -d- inner[1] =d= ends[1]` with its two strong links.
struct Chain {
    digit: Digit,
    ends: [Cell; 2],
    inner: [Cell; 2],
    units: [Unit; 2],
}

impl Chain {
    fn cells(&self) -> CellSet {
        [self.ends[0], self.ends[1], self.inner[0], self.inner[1]]
            .into_iter()
            .collect()
    }

    /// The digit's candidates that see both ends, outside the chain.
    fn targets(&self, grid: &Grid) -> CellSet {
        (grid.digit_cells(self.digit) & peers(self.ends[0]) & peers(self.ends[1])) - self.cells()
    }

    /// The same chain read from the other end.
    fn reversed(self) -> Chain {
        Chain {
            digit: self.digit,
            ends: [self.ends[1], self.ends[0]],
            inner: [self.inner[1], self.inner[0]],
            units: [self.units[1], self.units[0]],
        }
    }

    fn pattern(&self, targets: CellSet) -> Pattern {
        let d = self.digit;
        let cand = |c: Cell| Candidate::new(c, d);
        let mut pattern = Pattern::default()
            .unit(self.units[0], Role::Base)
            .unit(self.units[1], Role::Base);
        if let Some(weak) = common_unit(self.inner[0], self.inner[1]) {
            pattern = pattern.unit(weak, Role::Pattern);
        }
        pattern = pattern
            .cells(self.ends, Role::Pincer)
            .cells(self.inner, Role::Pattern)
            .candidates(self.ends.map(cand), Role::Pincer)
            .candidates(self.inner.map(cand), Role::Pattern)
            .candidates(targets.iter().map(cand), Role::Cover);
        pattern.links = vec![
            Link {
                from: cand(self.ends[0]),
                to: cand(self.inner[0]),
                strong: true,
            },
            Link {
                from: cand(self.inner[0]),
                to: cand(self.inner[1]),
                strong: false,
            },
            Link {
                from: cand(self.inner[1]),
                to: cand(self.ends[1]),
                strong: true,
            },
        ];
        pattern
    }

    /// `1 in r2c4,r6c6 (connected by r2c1,r6c1)`: ends, then inner cells, each in cell order.
    fn connected_subject(&self) -> String {
        let mut ends = self.ends;
        ends.sort_unstable();
        let mut inner = self.inner;
        inner.sort_unstable();
        format!(
            "{} in {} (connected by {})",
            self.digit,
            cell_list(ends),
            cell_list(inner)
        )
    }

    /// `1 r6c6 =1= r6c2 -1- r9c2 =1= r7c1`.
    fn chain_subject(&self) -> String {
        let d = self.digit;
        format!(
            "{d} {} ={d}= {} -{d}- {} ={d}= {}",
            cell_name(self.ends[0]),
            cell_name(self.inner[0]),
            cell_name(self.inner[1]),
            cell_name(self.ends[1])
        )
    }

    fn step(&self, technique: Technique, targets: CellSet, subject: String, text: String) -> Step {
        let d = self.digit;
        Step::new(
            technique,
            vec![],
            targets.iter().map(|c| Candidate::new(c, d)).collect(),
            self.pattern(targets),
            subject,
            text,
        )
    }

    /// The shared sentence ending: why one end holds the digit.
    fn because(&self) -> String {
        let d = self.digit;
        format!(
            "if {} is not {d} then {} is, so {} is not and {} is; either way {} or {} is {d}",
            cell_name(self.ends[0]),
            cell_name(self.inner[0]),
            cell_name(self.inner[1]),
            cell_name(self.ends[1]),
            cell_name(self.ends[0]),
            cell_name(self.ends[1])
        )
    }
}

/// Skyscraper: two parallel strong links whose inner ends share a crossing line.
pub fn skyscraper(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut digits = Digits::new(Search::Skyscraper, grid);
    for (kind, cross) in [
        (UnitKind::Row, col_of as fn(Cell) -> usize),
        (UnitKind::Column, row_of as fn(Cell) -> usize),
    ] {
        for digit in 1..=9 {
            if digits.skips(digit) {
                continue;
            }
            let links = strong_links_of_kind(grid, digit, kind);
            for (i, first) in links.iter().enumerate() {
                for second in &links[i + 1..] {
                    let Some(chain) = skyscraper_chain(digit, first, second, cross) else {
                        continue;
                    };
                    let targets = chain.targets(grid);
                    if targets.is_empty() {
                        continue;
                    }
                    let crossing = common_unit(chain.inner[0], chain.inner[1])
                        .map(unit_words)
                        .unwrap_or_default();
                    let text = format!(
                        "{} and {} each have only two places for {digit}, and one of each pair lies in {crossing}: {}, so {digit} can be removed from the cells that see both.",
                        capitalized(&unit_words(first.unit)),
                        unit_words(second.unit),
                        chain.because()
                    );
                    digits.found(digit);
                    emit(chain.step(
                        Technique::Skyscraper,
                        targets,
                        chain.connected_subject(),
                        text,
                    ))?;
                }
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

/// The skyscraper two parallel links make, if one cell of each shares a crossing line and the
/// other two do not (both sharing is an X-Wing).
fn skyscraper_chain(
    digit: Digit,
    first: &StrongLink,
    second: &StrongLink,
    cross: fn(Cell) -> usize,
) -> Option<Chain> {
    for a in first.cells {
        for b in second.cells {
            if cross(a) != cross(b) {
                continue;
            }
            let (top_a, top_b) = (first.other(a), second.other(b));
            if cross(top_a) == cross(top_b) {
                return None;
            }
            return Some(Chain {
                digit,
                ends: [top_a, top_b],
                inner: [a, b],
                units: [first.unit, second.unit],
            });
        }
    }
    None
}

/// 2-String Kite: a row's strong link and a column's, joined in a box.
pub fn two_string_kite(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut digits = Digits::new(Search::TwoStringKite, grid);
    for digit in 1..=9 {
        if digits.skips(digit) {
            continue;
        }
        let rows = strong_links_of_kind(grid, digit, UnitKind::Row);
        let columns = strong_links_of_kind(grid, digit, UnitKind::Column);
        for row in &rows {
            for column in &columns {
                for a in row.cells {
                    for b in column.cells {
                        let chain = Chain {
                            digit,
                            ends: [row.other(a), column.other(b)],
                            inner: [a, b],
                            units: [row.unit, column.unit],
                        };
                        if box_of(a) != box_of(b) || chain.cells().len() != 4 {
                            continue;
                        }
                        let targets = chain.targets(grid);
                        if targets.is_empty() {
                            continue;
                        }
                        let text = format!(
                            "{} and {} each have only two places for {digit}, and one of each pair lies in box {}: {}, so {digit} can be removed from the cells that see both.",
                            capitalized(&unit_words(row.unit)),
                            unit_words(column.unit),
                            box_of(a) + 1,
                            chain.because()
                        );
                        digits.found(digit);
                        emit(chain.step(
                            Technique::TwoStringKite,
                            targets,
                            chain.connected_subject(),
                            text,
                        ))?;
                    }
                }
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

/// Whether a chain's four cells make a Skyscraper (or an X-Wing), whatever units the search
/// took its links from.
fn is_skyscraper_shape(grid: &Grid, chain: &Chain) -> bool {
    let [a_end, b_end] = chain.ends;
    let [a, b] = chain.inner;
    let d = chain.digit;
    let rows = is_link_of_kind(grid, d, a_end, a, UnitKind::Row)
        && is_link_of_kind(grid, d, b, b_end, UnitKind::Row)
        && col_of(a) == col_of(b);
    let columns = is_link_of_kind(grid, d, a_end, a, UnitKind::Column)
        && is_link_of_kind(grid, d, b, b_end, UnitKind::Column)
        && row_of(a) == row_of(b);
    rows || columns
}

/// Whether a chain's four cells make a 2-String Kite.
fn is_kite_shape(grid: &Grid, chain: &Chain) -> bool {
    let [a_end, b_end] = chain.ends;
    let [a, b] = chain.inner;
    let d = chain.digit;
    let row_column = is_link_of_kind(grid, d, a_end, a, UnitKind::Row)
        && is_link_of_kind(grid, d, b, b_end, UnitKind::Column);
    let column_row = is_link_of_kind(grid, d, a_end, a, UnitKind::Column)
        && is_link_of_kind(grid, d, b, b_end, UnitKind::Row);
    (row_column || column_row) && box_of(a) == box_of(b)
}

/// Turbot Fish: every other chain of two strong links joined by a weak link.
pub fn turbot_fish(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut digits = Digits::new(Search::TurbotFish, grid);
    for digit in 1..=9 {
        if digits.skips(digit) {
            continue;
        }
        let mut links: Vec<StrongLink> = Vec::new();
        for kind in [UnitKind::Row, UnitKind::Column, UnitKind::Box] {
            for link in strong_links_of_kind(grid, digit, kind) {
                if !links.iter().any(|l| l.cells == link.cells) {
                    links.push(link);
                }
            }
        }
        for (i, first) in links.iter().enumerate() {
            for second in &links[i + 1..] {
                for a in first.cells {
                    for b in second.cells {
                        let chain = Chain {
                            digit,
                            ends: [first.other(a), second.other(b)],
                            inner: [a, b],
                            units: [first.unit, second.unit],
                        };
                        if !peers(a).contains(b) || chain.cells().len() != 4 {
                            continue;
                        }
                        if is_skyscraper_shape(grid, &chain) || is_kite_shape(grid, &chain) {
                            continue;
                        }
                        let targets = chain.targets(grid);
                        if targets.is_empty() {
                            continue;
                        }
                        let chain = if chain.ends[0] < chain.ends[1] {
                            chain
                        } else {
                            chain.reversed()
                        };
                        let text = format!(
                            "{} and {} each have only two places for {digit}, and {} and {} see each other: {}, so {digit} can be removed from the cells that see both.",
                            capitalized(&unit_words(chain.units[0])),
                            unit_words(chain.units[1]),
                            cell_name(chain.inner[0]),
                            cell_name(chain.inner[1]),
                            chain.because()
                        );
                        digits.found(digit);
                        emit(chain.step(
                            Technique::TurbotFish,
                            targets,
                            chain.chain_subject(),
                            text,
                        ))?;
                    }
                }
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

/// The ER row and ER column of `digit` in a box, if its candidates form an empty rectangle.
fn empty_rectangle_lines(grid: &Grid, digit: Digit, boxed: Unit) -> Option<(Unit, Unit)> {
    if grid.unit_has(boxed, digit) {
        return None;
    }
    let cells = grid.digit_cells(digit) & boxed.cell_set();
    if cells.len() < 2 {
        return None;
    }
    let corner = boxed.cells()[0];
    for r in row_of(corner)..row_of(corner) + 3 {
        for c in col_of(corner)..col_of(corner) + 3 {
            let (row, column) = (Unit::row(r), Unit::column(c));
            let in_row = cells & row.cell_set();
            let in_column = cells & column.cell_set();
            if !(cells - in_row - in_column).is_empty() {
                continue;
            }
            if (in_row - column.cell_set()).is_empty() || (in_column - row.cell_set()).is_empty() {
                continue;
            }
            if in_row.len() < 2 && in_column.len() < 2 {
                continue;
            }
            return Some((row, column));
        }
    }
    None
}

/// Empty Rectangle: a box's candidates in one row and one column, and a strong link crossing
/// one of them.
pub fn empty_rectangle(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut digits = Digits::new(Search::EmptyRectangle, grid);
    for digit in 1..=9 {
        if digits.skips(digit) {
            continue;
        }
        for b in 0..9 {
            let boxed = Unit::boxed(b);
            let Some((er_row, er_column)) = empty_rectangle_lines(grid, digit, boxed) else {
                continue;
            };
            // Strong links in columns crossing the ER row, then in rows crossing the ER column.
            let passes = [
                (er_row, UnitKind::Column, er_column),
                (er_column, UnitKind::Row, er_row),
            ];
            for (line, crossing_kind, other_line) in passes {
                let crossings = (grid.digit_cells(digit) & line.cell_set()) - boxed.cell_set();
                for p in crossings {
                    let crossing = Unit::containing(p, crossing_kind);
                    let Some(link) = strong_link(grid, digit, crossing) else {
                        continue;
                    };
                    let q = link.other(p);
                    // The target: where q's line (parallel to `line`) meets `other_line`.
                    let target = match crossing_kind {
                        UnitKind::Column => cell_at(row_of(q), other_line.number()),
                        _ => cell_at(other_line.number(), col_of(q)),
                    };
                    if box_of(target) == b || !grid.digit_cells(digit).contains(target) {
                        continue;
                    }
                    digits.found(digit);
                    emit(empty_rectangle_step(
                        grid, digit, boxed, er_row, er_column, link, p, target,
                    ))?;
                }
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

#[allow(clippy::too_many_arguments)]
fn empty_rectangle_step(
    grid: &Grid,
    digit: Digit,
    boxed: Unit,
    er_row: Unit,
    er_column: Unit,
    link: StrongLink,
    p: Cell,
    target: Cell,
) -> Step {
    let q = link.other(p);
    let cand = |c: Cell| Candidate::new(c, digit);
    let box_cells = grid.digit_cells(digit) & boxed.cell_set();
    let mut pattern = Pattern::default()
        .unit(boxed, Role::Base)
        .unit(link.unit, Role::Base)
        .unit(er_row, Role::Pattern)
        .unit(er_column, Role::Pattern)
        .cells(box_cells.iter(), Role::Pattern)
        .cells([p, q], Role::Pattern)
        .candidates(box_cells.iter().map(cand), Role::Pattern)
        .candidates([cand(p), cand(q)], Role::Pattern)
        .candidate(cand(target), Role::Cover);
    pattern.links = vec![Link {
        from: cand(p),
        to: cand(q),
        strong: true,
    }];
    let subject = format!("{digit} in {boxed} ({})", cell_list(link.cells));
    let text = format!(
        "In box {}, {digit} lies only in {} and {}; {} and {} are the only places for {digit} in {}, so if {} were {digit}, {} would be too and box {} would have no place left for {digit}.",
        boxed.number() + 1,
        unit_words(er_row),
        unit_words(er_column),
        cell_name(link.cells[0]),
        cell_name(link.cells[1]),
        unit_words(link.unit),
        cell_name(target),
        cell_name(p),
        boxed.number() + 1
    );
    Step::new(
        Technique::EmptyRectangle,
        vec![],
        vec![cand(target)],
        pattern,
        subject,
        text,
    )
}

fn capitalized(s: &str) -> String {
    let mut chars = s.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::testing::{check, pencilmark};
    use crate::finders::{all, first};

    /// The four searches give the same steps with the barren digits remembered along hodoku
    /// paths as with the memory emptied first.
    #[test]
    fn remembered_barren_digits_change_no_result() {
        crate::finders::testing::assert_barren_digits_change_nothing(
            &[crate::pipeline::Options::hodoku()],
            &[
                Technique::Skyscraper,
                Technique::TwoStringKite,
                Technique::TurbotFish,
                Technique::EmptyRectangle,
            ],
            (100, 10),
        );
    }

    // Reached from `....4.....14.....6..29.3...2...7..9..9....5..6.5..1..35.....72...6.....1.....7.3.`
    // (se121); the near miss puts 7 back in r1c9, so column 9 has three places for 7.
    const SKYSCRAPER: &str = r#"
.--------------------.--------------------.------------------.
| 3789   56     3789 | 15678  4     568   | 239  1578   29   |
| 39     1      4    | 2578   258   258   | 39   578    6    |
| 78     56     2    | 9      1568  3     | 48   14578  4578 |
:--------------------+--------------------+------------------:
| 2      348    38   | 56     7     56    | 1    9      48   |
| 1478   9      178  | 2348   238   248   | 5    6      2478 |
| 6      478    5    | 248    9     1     | 248  478    3    |
:--------------------+--------------------+------------------:
| 5      348    1389 | 13468  1368  4689  | 7    2      489  |
| 34789  23478  6    | 23458  2358  24589 | 489  458    1    |
| 1489   248    189  | 12458  1258  7     | 6    3      4589 |
'--------------------'--------------------'------------------'
"#;
    const SKYSCRAPER_MISS: &str = r#"
.--------------------.--------------------.------------------.
| 3789   56     3789 | 15678  4     568   | 239  1578   279  |
| 39     1      4    | 2578   258   258   | 39   578    6    |
| 78     56     2    | 9      1568  3     | 48   14578  4578 |
:--------------------+--------------------+------------------:
| 2      348    38   | 56     7     56    | 1    9      48   |
| 1478   9      178  | 2348   238   248   | 5    6      2478 |
| 6      478    5    | 248    9     1     | 248  478    3    |
:--------------------+--------------------+------------------:
| 5      348    1389 | 13468  1368  4689  | 7    2      489  |
| 34789  23478  6    | 23458  2358  24589 | 489  458    1    |
| 1489   248    189  | 12458  1258  7     | 6    3      4589 |
'--------------------'--------------------'------------------'
"#;

    // Reached from `...25....65....4..3.9......4.....13..8....6.9....835.......1.4..91.7.3..5...9....`;
    // the near miss puts 2 back in r2c8, so row 2 has three places for 2.
    const KITE: &str = r#"
.-------------------.-------------------.------------------.
| 178  147    478   | 2      5    69    | 78   69    3     |
| 6    5      278   | 13789  13   789   | 4    189   127   |
| 3    27     9     | 14678  146  4678  | 278  1568  12567 |
:-------------------+-------------------+------------------:
| 4    267    5     | 679    26   2679  | 1    3     8     |
| 127  8      3     | 1457   124  2457  | 6    27    9     |
| 9    1267   267   | 167    8    3     | 5    27    4     |
:-------------------+-------------------+------------------:
| 278  2367   2678  | 3568   236  1     | 9    4     2567  |
| 28   9      1     | 4568   7    24568 | 3    568   256   |
| 5    23467  24678 | 368    9    268   | 278  168   1267  |
'-------------------'-------------------'------------------'
"#;
    const KITE_MISS: &str = r#"
.-------------------.-------------------.------------------.
| 178  147    478   | 2      5    69    | 78   69    3     |
| 6    5      278   | 13789  13   789   | 4    1289  127   |
| 3    27     9     | 14678  146  4678  | 278  1568  12567 |
:-------------------+-------------------+------------------:
| 4    267    5     | 679    26   2679  | 1    3     8     |
| 127  8      3     | 1457   124  2457  | 6    27    9     |
| 9    1267   267   | 167    8    3     | 5    27    4     |
:-------------------+-------------------+------------------:
| 278  2367   2678  | 3568   236  1     | 9    4     2567  |
| 28   9      1     | 4568   7    24568 | 3    568   256   |
| 5    23467  24678 | 368    9    268   | 278  168   1267  |
'-------------------'-------------------'------------------'
"#;

    // Reached from `1.98.4.....359....46.....8....4.5.6..51.3.24..4.9.2....3.....56....583.....3.98.7`
    // (HoDoKu takes the same step there); the near miss puts 2 back in r9c3.
    const TURBOT: &str = r#"
.----------------.--------------.----------------.
| 1    27   9    | 8    26   4  | 567   237  35  |
| 27   8    3    | 5    9    16 | 1467  127  124 |
| 4    6    5    | 127  27   3  | 9     8    12  |
:----------------+--------------+----------------:
| 237  9    27   | 4    18   5  | 17    6    38  |
| 8    5    1    | 67   3    67 | 2     4    9   |
| 367  4    67   | 9    18   2  | 157   137  358 |
:----------------+--------------+----------------:
| 9    3    8    | 127  247  17 | 14    5    6   |
| 267  127  2467 | 16   5    8  | 3     9    124 |
| 5    12   46   | 3    46   9  | 8     12   7   |
'----------------'--------------'----------------'
"#;
    const TURBOT_MISS: &str = r#"
.----------------.--------------.----------------.
| 1    27   9    | 8    26   4  | 567   237  35  |
| 27   8    3    | 5    9    16 | 1467  127  124 |
| 4    6    5    | 127  27   3  | 9     8    12  |
:----------------+--------------+----------------:
| 237  9    27   | 4    18   5  | 17    6    38  |
| 8    5    1    | 67   3    67 | 2     4    9   |
| 367  4    67   | 9    18   2  | 157   137  358 |
:----------------+--------------+----------------:
| 9    3    8    | 127  247  17 | 14    5    6   |
| 267  127  2467 | 16   5    8  | 3     9    124 |
| 5    12   246  | 3    46   9  | 8     12   7   |
'----------------'--------------'----------------'
"#;

    // Reached from `....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....`;
    // the near miss puts 9 back in r4c2, which leaves box 4 no empty rectangle.
    const EMPTY_RECTANGLE: &str = r#"
.----------------.-------------------.--------------------.
| 459  2    3489 | 458   1     34568 | 34569   349    7   |
| 7    1    348  | 458   9     34568 | 23456   234    256 |
| 6    459  349  | 2     345   7     | 13459   1349   8   |
:----------------+-------------------+--------------------:
| 489  37   16   | 4789  468   1489  | 123489  5      129 |
| 2    49   16   | 3     4568  1589  | 1489    7      19  |
| 489  37   5    | 4789  2     1489  | 134689  13489  169 |
:----------------+-------------------+--------------------:
| 359  6    7    | 1     35    359   | 28      28     4   |
| 1    459  49   | 4589  458   2     | 7       6      3   |
| 34   8    2    | 6     7     34    | 159     19     159 |
'----------------'-------------------'--------------------'
"#;
    const EMPTY_RECTANGLE_MISS: &str = r#"
.----------------.-------------------.--------------------.
| 459  2    3489 | 458   1     34568 | 34569   349    7   |
| 7    1    348  | 458   9     34568 | 23456   234    256 |
| 6    459  349  | 2     345   7     | 13459   1349   8   |
:----------------+-------------------+--------------------:
| 489  379  16   | 4789  468   1489  | 123489  5      129 |
| 2    49   16   | 3     4568  1589  | 1489    7      19  |
| 489  37   5    | 4789  2     1489  | 134689  13489  169 |
:----------------+-------------------+--------------------:
| 359  6    7    | 1     35    359   | 28      28     4   |
| 1    459  49   | 4589  458   2     | 7       6      3   |
| 34   8    2    | 6     7     34    | 159     19     159 |
'----------------'-------------------'--------------------'
"#;

    #[test]
    fn skyscraper() {
        check(
            Technique::Skyscraper,
            SKYSCRAPER,
            "Skyscraper: 7 in r1c3,r3c9 (connected by r5c3,r5c9) => r1c8,r3c1<>7",
            SKYSCRAPER_MISS,
        );
    }

    #[test]
    fn two_string_kite() {
        check(
            Technique::TwoStringKite,
            KITE,
            "2-String Kite: 2 in r2c3,r9c7 (connected by r2c9,r3c7) => r9c3<>2",
            KITE_MISS,
        );
    }

    #[test]
    fn turbot_fish() {
        check(
            Technique::TurbotFish,
            TURBOT,
            "Turbot Fish: 2 r2c1 =2= r1c2 -2- r9c2 =2= r9c8 => r2c8<>2",
            TURBOT_MISS,
        );
    }

    #[test]
    fn empty_rectangle() {
        check(
            Technique::EmptyRectangle,
            EMPTY_RECTANGLE,
            "Empty Rectangle: 9 in b4 (r7c1,r7c6) => r5c6<>9",
            EMPTY_RECTANGLE_MISS,
        );
    }

    #[test]
    fn turbot_fish_leaves_skyscrapers_and_kites_to_their_finders() {
        for (grid, technique) in [
            (pencilmark(SKYSCRAPER), Technique::Skyscraper),
            (pencilmark(KITE), Technique::TwoStringKite),
        ] {
            let pattern = |s: &Step| {
                let mut cells: Vec<Cell> = s.pattern.cells.iter().map(|m| m.item).collect();
                cells.sort_unstable();
                cells
            };
            let found = pattern(&first(technique, &grid).expect("the pattern"));
            assert!(all(Technique::TurbotFish, &grid)
                .iter()
                .all(|s| pattern(s) != found));
        }
    }

    #[test]
    fn chain_pattern_has_two_strong_links_and_a_weak_one() {
        let step = first(Technique::Skyscraper, &pencilmark(SKYSCRAPER)).expect("a step");
        let kinds: Vec<bool> = step.pattern.links.iter().map(|l| l.strong).collect();
        assert_eq!(kinds, vec![true, false, true]);
        assert_eq!(step.pattern.units_with(Role::Base).count(), 2);
    }

    #[test]
    fn an_empty_grid_has_no_single_digit_pattern() {
        let grid = Grid::empty();
        for t in [
            Technique::Skyscraper,
            Technique::TwoStringKite,
            Technique::TurbotFish,
            Technique::EmptyRectangle,
        ] {
            assert!(all(t, &grid).is_empty());
        }
    }
}
