//! Wings: XY-Wing, XYZ-Wing, W-Wing and WXYZ-Wing.
//!
//! Each is a handful of cells, mostly bivalue, that together force a digit `z` into one of a
//! few cells; `z` then leaves every cell that sees all of them.
//!
//! - **XY-Wing**: a bivalue *pivot* `{x,y}` sees two bivalue *pincers* `{x,z}` and `{y,z}`.
//!   Whichever digit the pivot takes, one pincer loses it and becomes `z`: `z` leaves the cells
//!   that see both pincers.
//! - **XYZ-Wing**: the pivot holds `{x,y,z}`, the pincers `{x,z}` and `{y,z}`. If the pivot is
//!   `x` or `y`, a pincer is `z`; else the pivot is: `z` leaves the cells that see all three.
//! - **W-Wing**: two bivalue cells `A` and `B` with the same digits `{x,y}` that do not see each
//!   other, and a strong link on `y` (a unit where `y` has exactly two places) with one end
//!   seeing `A` and the other `B`. If `A` is not `x` it is `y`, so the link's end next to it is
//!   not `y`, the other end is, and `B` is not `y`, so `B` is `x`: `x` leaves the cells that see
//!   both `A` and `B`.
//! - **WXYZ-Wing** (the general, ALS-based form): a pivot and three wings it sees, four cells
//!   with exactly four digits between them, where every digit but one (`z`) is *restricted*:
//!   all its cells in the pattern see each other, so it can take at most one of the four cells.
//!   Without `z` the four cells would need four values from three restricted digits, which is
//!   impossible, so one of the pattern's `z` cells holds `z`, and `z` leaves every cell that
//!   sees all of them. Exactly one unrestricted digit is required (with none the four cells
//!   are a locked quad, another technique's business).
//!
//! Search order (fixed, so traces are deterministic):
//! - XY-Wing and XYZ-Wing follow Sudoku Explainer's `XYWing` rule: pivots in cell order (two
//!   candidates for an XY-Wing, three for an XYZ-Wing), then the pincers among the pivot's
//!   bivalue peers in SE's house order (box, then row, then column). SE tries every ordered
//!   pair of pincers, so it meets each wing twice; Stepwise takes each unordered pair once, at
//!   SE's first meeting (the earlier pincer in house order, then the later).
//! - W-Wing: the first bivalue cell in cell order, the second after it in cell order (same two
//!   digits, not a peer); the link digit, lower first; strong links of that digit in rows,
//!   columns, then boxes (a pair of cells counted once).
//! - WXYZ-Wing: pivots in cell order (two to four candidates), then sets of three wings among
//!   its peers with two to four candidates, in cell order. A set of four cells is reported
//!   once, from its first cell (in cell order) that sees the other three.
//!
//! Notation, as HoDoKu prints it: `XY-Wing: 1/2/5 in r2c8,r3c2,r6c9 => r2c2<>5` (digits `x/y/z`
//! with `x < y`, then the pivot and the pincers holding `x` and `y`), `XYZ-Wing` the same;
//! `W-Wing: 1/5 in r2c2,r8c8 connected by 5 in r2c5,r8c5 => r2c8,r8c2<>1` (the eliminated digit,
//! the link digit, the two bivalue cells, then the link's cells, each pair in cell order);
//! `WXYZ-Wing: 2/4/7/9 in r1c1,r1c5,r2c2,r5c1 => r2c5<>9` (the three restricted digits in order,
//! then `z`; the pivot, then the wings in cell order).

use std::ops::ControlFlow;

use super::Emit;
use crate::geometry::{cell_name, peers, unit_words, Cell, CellSet, Digit, DigitSet, Unit};
use crate::grid::Grid;
use crate::step::{cell_list, Candidate, Link, Pattern, Role, Step};
use crate::technique::Technique;

/// Empty cells whose number of candidates lies in `sizes`.
fn cells_with(grid: &Grid, sizes: std::ops::RangeInclusive<u32>) -> CellSet {
    grid.empty_cells()
        .iter()
        .filter(|&c| sizes.contains(&grid.candidates(c).len()))
        .collect()
}

/// Cells of `set` holding `digit`.
fn with_digit(grid: &Grid, set: CellSet, digit: Digit) -> CellSet {
    set & grid.digit_cells(digit)
}

/// Every candidate of `cells`, each with `role`.
fn cell_candidates(grid: &Grid, cells: &[Cell], role: Role) -> Vec<Marked> {
    cells
        .iter()
        .flat_map(|&c| {
            grid.candidates(c)
                .iter()
                .map(move |d| (Candidate::new(c, d), role))
        })
        .collect()
}

type Marked = (Candidate, Role);

fn add_candidates(mut pattern: Pattern, marked: Vec<Marked>) -> Pattern {
    for (candidate, role) in marked {
        pattern = pattern.candidate(candidate, role);
    }
    pattern
}

/// The peers of a cell in Sudoku Explainer's `getHouseCells` order: the box in reading order,
/// then the rest of the row, then the rest of the column.
fn se_house_order(cell: Cell) -> Vec<Cell> {
    let mut out: Vec<Cell> = Vec::with_capacity(20);
    let units = [
        Unit::boxed(crate::geometry::box_of(cell)),
        Unit::row(crate::geometry::row_of(cell)),
        Unit::column(crate::geometry::col_of(cell)),
    ];
    for unit in units {
        for &c in unit.cells() {
            if c != cell && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out
}

/// A pivot with two pincers: the shared shape of XY-Wing and XYZ-Wing.
fn xy_like(grid: &Grid, emit: &mut Emit<'_>, xyz: bool) -> ControlFlow<()> {
    let technique = if xyz {
        Technique::XYZWing
    } else {
        Technique::XYWing
    };
    let pivot_size = if xyz { 3 } else { 2 };
    let bivalue = cells_with(grid, 2..=2);
    for pivot in cells_with(grid, pivot_size..=pivot_size).iter() {
        let pivot_digits = grid.candidates(pivot);
        let pincers: Vec<Cell> = se_house_order(pivot)
            .into_iter()
            .filter(|&c| bivalue.contains(c))
            .collect();
        for (i, &p) in pincers.iter().enumerate() {
            for &q in &pincers[i + 1..] {
                let (dp, dq) = (grid.candidates(p), grid.candidates(q));
                let union = pivot_digits | dp | dq;
                let common = pivot_digits & dp & dq;
                let fits = if xyz {
                    union.len() == 3 && common.len() == 1 && dp != dq
                } else {
                    union.len() == 3 && common.is_empty()
                };
                if !fits {
                    continue;
                }
                let Some(z) = (dp & dq).single_digit() else {
                    continue;
                };
                // Cells that must see every cell that might hold z.
                let mut z_cells = CellSet::single(p).with(q);
                if xyz {
                    z_cells = z_cells.with(pivot);
                }
                let targets = with_digit(grid, z_cells.common_peers(), z) - CellSet::single(pivot);
                if targets.is_empty() {
                    continue;
                }
                // x is the lower of the pivot's other digits; the pincer holding x comes first.
                let others = pivot_digits.without(z);
                let mut it = others.iter();
                let (x, y) = (it.next().unwrap_or(0), it.next().unwrap_or(0));
                let (px, py) = if dp.contains(x) { (p, q) } else { (q, p) };
                let subject = format!("{x}/{y}/{z} in {}", cell_list([pivot, px, py]));
                let text = if xyz {
                    format!(
                        "{} holds {x}, {y} and {z} and sees {} ({x}/{z}) and {} ({y}/{z}): if it is {x}, {} is {z}; if it is {y}, {} is {z}; otherwise it is {z} itself, so {z} can be removed from the cells that see all three.",
                        cell_name(pivot),
                        cell_name(px),
                        cell_name(py),
                        cell_name(py),
                        cell_name(px)
                    )
                } else {
                    format!(
                        "{} holds only {x} and {y} and sees {} ({x}/{z}) and {} ({y}/{z}): if it is {x}, {} is {z}, and if it is {y}, {} is {z}, so {z} can be removed from the cells that see both pincers.",
                        cell_name(pivot),
                        cell_name(px),
                        cell_name(py),
                        cell_name(py),
                        cell_name(px)
                    )
                };
                let mut pattern = Pattern::default()
                    .cell(pivot, Role::Pivot)
                    .cells([px, py], Role::Pincer);
                let mut marked = cell_candidates(grid, &[pivot], Role::Pivot);
                marked.extend(cell_candidates(grid, &[px, py], Role::Pincer));
                marked.extend(targets.iter().map(|c| (Candidate::new(c, z), Role::Cover)));
                pattern = add_candidates(pattern, marked);
                emit(Step::new(
                    technique,
                    vec![],
                    targets.iter().map(|c| Candidate::new(c, z)).collect(),
                    pattern,
                    subject,
                    text,
                ))?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// XY-Wing: a bivalue pivot and two bivalue pincers sharing the eliminated digit.
pub fn xy_wing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    xy_like(grid, emit, false)
}

/// XYZ-Wing: a trivalue pivot and two bivalue pincers, all three holding the eliminated digit.
pub fn xyz_wing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    xy_like(grid, emit, true)
}

/// Strong links of `digit` (rows, columns, boxes; a pair of cells once), with their unit.
fn strong_links(grid: &Grid, digit: Digit) -> Vec<(Unit, Cell, Cell)> {
    let mut links: Vec<(Unit, Cell, Cell)> = Vec::new();
    for unit in Unit::all() {
        if grid.unit_has(unit, digit) {
            continue;
        }
        let cells = with_digit(grid, unit.cell_set(), digit);
        if cells.len() != 2 {
            continue;
        }
        let mut it = cells.iter();
        let (Some(a), Some(b)) = (it.next(), it.next()) else {
            continue;
        };
        if !links.iter().any(|&(_, c, d)| (c, d) == (a, b)) {
            links.push((unit, a, b));
        }
    }
    links
}

/// W-Wing: two equal bivalue cells joined by a strong link on one of their digits.
pub fn w_wing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let bivalue: Vec<Cell> = cells_with(grid, 2..=2).iter().collect();
    for (i, &a) in bivalue.iter().enumerate() {
        let digits = grid.candidates(a);
        for &b in &bivalue[i + 1..] {
            if grid.candidates(b) != digits || peers(a).contains(b) {
                continue;
            }
            for y in digits.iter() {
                let Some(x) = digits.without(y).single_digit() else {
                    continue;
                };
                let targets = with_digit(grid, CellSet::single(a).with(b).common_peers(), x);
                if targets.is_empty() {
                    continue;
                }
                for (unit, l1, l2) in strong_links(grid, y) {
                    if [l1, l2].iter().any(|&l| l == a || l == b) {
                        continue;
                    }
                    let joins = |p: Cell, q: Cell| peers(a).contains(p) && peers(b).contains(q);
                    let (near_a, near_b) = if joins(l1, l2) {
                        (l1, l2)
                    } else if joins(l2, l1) {
                        (l2, l1)
                    } else {
                        continue;
                    };
                    let subject = format!(
                        "{x}/{y} in {} connected by {y} in {}",
                        cell_list([a, b]),
                        cell_list([l1, l2])
                    );
                    let text = format!(
                        "{} and {} both hold only {x} and {y}, and {} has only two places for {y}, {} (which sees {}) and {} (which sees {}): if {} is not {x} it is {y}, so {} is not {y}, {} is, and {} is {x}; either way one of them is {x}, so {x} can be removed from the cells that see both.",
                        cell_name(a),
                        cell_name(b),
                        unit_words(unit),
                        cell_name(near_a),
                        cell_name(a),
                        cell_name(near_b),
                        cell_name(b),
                        cell_name(a),
                        cell_name(near_a),
                        cell_name(near_b),
                        cell_name(b)
                    );
                    let cand = |c: Cell, d: Digit| Candidate::new(c, d);
                    let mut pattern = Pattern::default()
                        .unit(unit, Role::Base)
                        .cells([a, b], Role::Pincer)
                        .cells([l1, l2], Role::Pattern);
                    let mut marked = cell_candidates(grid, &[a, b], Role::Pincer);
                    marked.push((cand(l1, y), Role::Pattern));
                    marked.push((cand(l2, y), Role::Pattern));
                    marked.extend(targets.iter().map(|c| (cand(c, x), Role::Cover)));
                    pattern = add_candidates(pattern, marked);
                    pattern.links = vec![
                        Link {
                            from: cand(a, y),
                            to: cand(near_a, y),
                            strong: false,
                        },
                        Link {
                            from: cand(near_a, y),
                            to: cand(near_b, y),
                            strong: true,
                        },
                        Link {
                            from: cand(near_b, y),
                            to: cand(b, y),
                            strong: false,
                        },
                    ];
                    emit(Step::new(
                        Technique::WWing,
                        vec![],
                        targets.iter().map(|c| cand(c, x)).collect(),
                        pattern,
                        subject,
                        text,
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Whether every cell of `cells` sees every other.
fn all_see_each_other(cells: CellSet) -> bool {
    cells
        .iter()
        .all(|c| (cells.without(c) - peers(c)).is_empty())
}

/// WXYZ-Wing: four cells, four digits, every digit but one confined to cells that see each
/// other.
pub fn wxyz_wing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let small = cells_with(grid, 2..=4);
    for pivot in small.iter() {
        if crate::deadline::expired() {
            return ControlFlow::Break(()); // (a search cut short gives no step)
        }
        let wings: Vec<Cell> = (small & peers(pivot)).iter().collect();
        for (i, &w1) in wings.iter().enumerate() {
            for (j, &w2) in wings.iter().enumerate().skip(i + 1) {
                for &w3 in &wings[j + 1..] {
                    let cells = [pivot, w1, w2, w3];
                    let set: CellSet = cells.into_iter().collect();
                    // Report a set once, from its first cell that sees the other three.
                    let first_hub = set.iter().find(|&c| (set.without(c) - peers(c)).is_empty());
                    if first_hub != Some(pivot) {
                        continue;
                    }
                    let union = cells
                        .iter()
                        .fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c));
                    if union.len() != 4 {
                        continue;
                    }
                    let unrestricted: Vec<Digit> = union
                        .iter()
                        .filter(|&d| !all_see_each_other(with_digit(grid, set, d)))
                        .collect();
                    let [z] = unrestricted[..] else {
                        continue;
                    };
                    let z_cells = with_digit(grid, set, z);
                    let targets = with_digit(grid, z_cells.common_peers(), z) - set;
                    if targets.is_empty() {
                        continue;
                    }
                    let restricted: Vec<String> =
                        union.without(z).iter().map(|d| d.to_string()).collect();
                    let subject = format!(
                        "{}/{z} in {}",
                        restricted.join("/"),
                        cell_list([pivot, w1, w2, w3])
                    );
                    let text = format!(
                        "{}, {}, {} and {} hold only the digits {} and {z}, and each of {} can go in at most one of them because its cells there see each other; the four cells cannot all be filled without {z}, so one of {} is {z}, and {z} can be removed from the cells that see all of those.",
                        cell_name(pivot),
                        cell_name(w1),
                        cell_name(w2),
                        cell_name(w3),
                        restricted.join(", "),
                        restricted.join(", "),
                        cell_list(z_cells.iter())
                    );
                    let mut pattern = Pattern::default()
                        .cell(pivot, Role::Pivot)
                        .cells([w1, w2, w3], Role::Pincer);
                    let mut marked = cell_candidates(grid, &[pivot], Role::Pivot);
                    marked.extend(cell_candidates(grid, &[w1, w2, w3], Role::Pincer));
                    marked.extend(targets.iter().map(|c| (Candidate::new(c, z), Role::Cover)));
                    pattern = add_candidates(pattern, marked);
                    emit(Step::new(
                        Technique::WXYZWing,
                        vec![],
                        targets.iter().map(|c| Candidate::new(c, z)).collect(),
                        pattern,
                        subject,
                        text,
                    ))?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::testing::check;

    // Reached from `.......9.....3..51.7..418...13...4......5...37.8....2...1.64....9......2...5.....`
    // (se121); the near miss: put 2 back into r5c1 (rank 0).
    const XY: &str = r#"
.----------------.-----------------.-------------.
| 1    3    26   | 678  278   5    | 27  9   4   |
| 489  268  2469 | 679  3     279  | 27  5   1   |
| 29   7    5    | 29   4     1    | 8   3   6   |
:----------------+-----------------+-------------:
| 5    1    3    | 789  2789  2789 | 4   6   78  |
| 69   26   29   | 4    5     78   | 1   78  3   |
| 7    4    8    | 3    1     6    | 9   2   5   |
:----------------+-----------------+-------------:
| 28   5    1    | 279  6     4    | 3   78  789 |
| 36   9    67   | 1    78    378  | 5   4   2   |
| 34   28   47   | 5    279   2379 | 6   1   789 |
'----------------'-----------------'-------------'
"#;
    const XY_MISS: &str = r#"
.----------------.-----------------.-------------.
| 1    3    26   | 678  278   5    | 27  9   4   |
| 489  268  2469 | 679  3     279  | 27  5   1   |
| 29   7    5    | 29   4     1    | 8   3   6   |
:----------------+-----------------+-------------:
| 5    1    3    | 789  2789  2789 | 4   6   78  |
| 269  26   29   | 4    5     78   | 1   78  3   |
| 7    4    8    | 3    1     6    | 9   2   5   |
:----------------+-----------------+-------------:
| 28   5    1    | 279  6     4    | 3   78  789 |
| 36   9    67   | 1    78    378  | 5   4   2   |
| 34   28   47   | 5    279   2379 | 6   1   789 |
'----------------'-----------------'-------------'
"#;

    // Reached from `.9..3..7.....4.....2.8.6.5..41...53.9.5...7.1.........8.......71.9...3.27..391..5`
    // (se121); the near miss: put 2 back into r6c6 (rank 0).
    const XYZ: &str = r#"
.-------------.---------------.---------------.
| 46   9  68  | 125  3    25  | 12    7   468 |
| 5    1  678 | 279  4    79  | 268   28  3   |
| 34   2  37  | 8    17   6   | 14    5   9   |
:-------------+---------------+---------------:
| 26   4  1   | 279  278  789 | 5     3   68  |
| 9    8  5   | 246  26   3   | 7     24  1   |
| 236  7  36  | 15   15   48  | 2468  9   468 |
:-------------+---------------+---------------:
| 8    3  4   | 256  256  25  | 9     1   7   |
| 1    5  9   | 47   78   478 | 3     6   2   |
| 7    6  2   | 3    9    1   | 48    48  5   |
'-------------'---------------'---------------'
"#;
    const XYZ_MISS: &str = r#"
.-------------.---------------.---------------.
| 46   9  68  | 125  3    25  | 12    7   468 |
| 5    1  678 | 279  4    79  | 268   28  3   |
| 34   2  37  | 8    17   6   | 14    5   9   |
:-------------+---------------+---------------:
| 26   4  1   | 279  278  789 | 5     3   68  |
| 9    8  5   | 246  26   3   | 7     24  1   |
| 236  7  36  | 15   15   248 | 2468  9   468 |
:-------------+---------------+---------------:
| 8    3  4   | 256  256  25  | 9     1   7   |
| 1    5  9   | 47   78   478 | 3     6   2   |
| 7    6  2   | 3    9    1   | 48    48  5   |
'-------------'---------------'---------------'
"#;

    // Reached from `...2.9...9......7..746..........35...48.6...3..68..2.........3.8..1....5.17.9....`
    // (se121); the near miss: put 9 back into r4c8 (rank 1).
    const W: &str = r#"
.----------------.------------.--------------.
| 136  3568  135 | 2   7   9  | 134  68  14  |
| 9    68    123 | 5   13  4  | 68   7   12  |
| 123  7     4   | 6   13  8  | 139  5   129 |
:----------------+------------+--------------:
| 127  29    129 | 79  4   3  | 5    68  68  |
| 5    4     8   | 79  6   2  | 79   1   3   |
| 37   39    6   | 8   5   1  | 2    49  479 |
:----------------+------------+--------------:
| 26   2569  259 | 4   8   67 | 17   3   179 |
| 8    369   39  | 1   2   67 | 479  49  5   |
| 4    1     7   | 3   9   5  | 68   2   68  |
'----------------'------------'--------------'
"#;
    const W_MISS: &str = r#"
.----------------.------------.---------------.
| 136  3568  135 | 2   7   9  | 134  68   14  |
| 9    68    123 | 5   13  4  | 68   7    12  |
| 123  7     4   | 6   13  8  | 139  5    129 |
:----------------+------------+---------------:
| 127  29    129 | 79  4   3  | 5    689  68  |
| 5    4     8   | 79  6   2  | 79   1    3   |
| 37   39    6   | 8   5   1  | 2    49   479 |
:----------------+------------+---------------:
| 26   2569  259 | 4   8   67 | 17   3    179 |
| 8    369   39  | 1   2   67 | 479  49   5   |
| 4    1     7   | 3   9   5  | 68   2    68  |
'----------------'------------'---------------'
"#;

    // Reached from `1...5.6...5.1.9.2.................6437...4.1.8............618.3..7......9....5...`
    // (se121); the near miss: put 2 back into r7c4 (rank 0).
    const WXYZ: &str = r#"
.----------------.--------------------.----------------.
| 1   238   238  | 2347    5     237  | 6     48   9   |
| 4   5     6    | 1       8     9    | 3     2    7   |
| 7   2389  2389 | 234     234   6    | 145   458  15  |
:----------------+--------------------+----------------:
| 25  129   1259 | 235789  2379  2378 | 579   6    4   |
| 3   7     259  | 6       29    4    | 259   1    8   |
| 8   6     4    | 2579    1     27   | 2579  3    25  |
:----------------+--------------------+----------------:
| 25  4     25   | 79      6     1    | 8     79   3   |
| 6   138   7    | 23489   2349  238  | 1245  459  125 |
| 9   138   138  | 23478   2347  5    | 124   47   6   |
'----------------'--------------------'----------------'
"#;
    const WXYZ_MISS: &str = r#"
.----------------.--------------------.----------------.
| 1   238   238  | 2347    5     237  | 6     48   9   |
| 4   5     6    | 1       8     9    | 3     2    7   |
| 7   2389  2389 | 234     234   6    | 145   458  15  |
:----------------+--------------------+----------------:
| 25  129   1259 | 235789  2379  2378 | 579   6    4   |
| 3   7     259  | 6       29    4    | 259   1    8   |
| 8   6     4    | 2579    1     27   | 2579  3    25  |
:----------------+--------------------+----------------:
| 25  4     25   | 279     6     1    | 8     79   3   |
| 6   138   7    | 23489   2349  238  | 1245  459  125 |
| 9   138   138  | 23478   2347  5    | 124   47   6   |
'----------------'--------------------'----------------'
"#;

    #[test]
    fn xy_wing() {
        check(
            Technique::XYWing,
            XY,
            "XY-Wing: 6/9/2 in r5c1,r5c2,r3c1 => r2c2<>2",
            XY_MISS,
        );
    }

    #[test]
    fn xyz_wing() {
        check(
            Technique::XYZWing,
            XYZ,
            "XYZ-Wing: 4/6/8 in r6c9,r6c6,r4c9 => r6c7<>8",
            XYZ_MISS,
        );
    }

    #[test]
    fn w_wing() {
        check(
            Technique::WWing,
            W,
            "W-Wing: 3/9 in r6c2,r8c3 connected by 9 in r6c8,r8c8 => r8c2<>3",
            W_MISS,
        );
    }

    #[test]
    fn wxyz_wing() {
        check(
            Technique::WXYZWing,
            WXYZ,
            "WXYZ-Wing: 2/5/9/7 in r6c4,r6c6,r6c9,r7c4 => r4c4<>7",
            WXYZ_MISS,
        );
    }
}
