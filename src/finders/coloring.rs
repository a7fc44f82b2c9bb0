//! Coloring: Simple Colors (Trap and Wrap) and Multi Colors (types 1 and 2), as HoDoKu names
//! and defines them.
//!
//! For one digit `d`, every strong link (a unit where `d` has exactly two places, a conjugate
//! pair) joins two cells of opposite colors. The cells joined this way, directly or through
//! other links, form a *cluster* colored in two colors; in the solution one color holds `d` in
//! every one of its cells and the other in none, but which is which is open.
//!
//! - **Simple Colors Wrap**: two cells of the same color of one cluster see each other. That
//!   color would put `d` twice in a unit, so it is false: `d` leaves all its cells.
//! - **Simple Colors Trap**: a cell outside the cluster sees a cell of each color. One of them
//!   holds `d`, so the cell does not.
//! - **Multi Colors 1**: two clusters, where a cell of color `a` of the first sees a cell of
//!   color `b` of the second. `a` and `b` are not both true, so `a'` (the opposite of `a`) or
//!   `b'` is: a cell outside both clusters that sees a cell of `a'` and one of `b'` loses `d`.
//!   Every such bridge between the two clusters counts in one step.
//! - **Multi Colors 2**: cells of color `a` of one cluster see cells of both colors of a
//!   second cluster. If `a` were true, both colors of the second cluster would be false,
//!   which cannot be: `a` is false and `d` leaves all its cells.
//!
//! (HoDoKu's code and its step names use these numbers; a few web pages swap them.)
//!
//! A cluster is a connected set of strong links, so it always holds both colors. A cluster
//! whose links do not two-color (an odd loop of strong links, possible only in a grid with no
//! solution) is skipped. A colored cell sees its partner of the other color, so "a cell that
//! sees both colors" is only asked of cells outside the clusters involved.
//!
//! Search order: digits 1-9; clusters by their first cell (reading order); the first color of
//! a cluster is the one holding that cell. Wrap checks each cluster's first color, then its
//! second; Trap each cluster; Multi Colors 1 each pair of clusters (first, second) in that
//! order; Multi Colors 2 each ordered pair (the cluster whose color goes, then the other).
//! HoDoKu's two searches pass over a digit their last whole search found nothing on while its
//! cells are the same (`barren_digits`).
//!
//! Notation, as HoDoKu prints it: the digit, then each cluster as its two colors' cells,
//! `Simple Colors Trap: 8 (r1c1,r2c4,r4c8) / (r1c6,r2c3,r4c4,r6c1) => r6c8<>8`,
//! `Multi Colors 1: 3 (r4c6) / (r8c6), (r5c2,r8c1,r9c5) / (r5c7,r9c2) => r4c7<>3`.

use std::ops::ControlFlow;

use super::barren_digits::{Digits, Search};
use super::Emit;
use crate::geometry::{cell_name, peers, Cell, CellSet, Digit, Unit, UnitKind};
use crate::grid::Grid;
use crate::step::{cell_list, Candidate, Link, Pattern, Role, Step};
use crate::technique::Technique;

/// A cluster of strong links on one digit, two-colored.
#[derive(Debug, Clone)]
struct Cluster {
    /// `colors[0]` holds the cluster's first cell.
    colors: [CellSet; 2],
    /// The strong links, each with the unit it lies in (the first of row, column, box).
    links: Vec<(Cell, Cell, Unit)>,
}

impl Cluster {
    fn cells(&self) -> CellSet {
        self.colors[0] | self.colors[1]
    }

    /// `(r1c1,r2c4) / (r1c6,r2c3)`.
    fn notation(&self) -> String {
        format!(
            "({}) / ({})",
            cell_list(self.colors[0]),
            cell_list(self.colors[1])
        )
    }
}

/// Every cell a cell of the set sees.
fn seen_by(cells: CellSet) -> CellSet {
    cells.iter().fold(CellSet::EMPTY, |acc, c| acc | peers(c))
}

/// The strong links of `digit`, a pair of cells once (the first of row, column, box).
fn strong_links(grid: &Grid, digit: Digit) -> Vec<(Cell, Cell, Unit)> {
    let mut links: Vec<(Cell, Cell, Unit)> = Vec::new();
    for kind in [UnitKind::Row, UnitKind::Column, UnitKind::Box] {
        for unit in Unit::all().filter(|u| u.kind() == kind) {
            if grid.unit_has(unit, digit) {
                continue;
            }
            let cells = grid.digit_cells(digit) & unit.cell_set();
            if cells.len() != 2 {
                continue;
            }
            let mut it = cells.iter();
            let (Some(a), Some(b)) = (it.next(), it.next()) else {
                continue;
            };
            if !links.iter().any(|&(x, y, _)| (x, y) == (a, b)) {
                links.push((a, b, unit));
            }
        }
    }
    links
}

/// The clusters of `digit`, ordered by their first cell.
fn clusters(grid: &Grid, digit: Digit) -> Vec<Cluster> {
    let links = strong_links(grid, digit);
    let mut remaining: CellSet = links.iter().flat_map(|&(a, b, _)| [a, b]).collect();
    let mut out = Vec::new();
    while let Some(start) = remaining.first() {
        let mut colors = [CellSet::single(start), CellSet::EMPTY];
        let mut queue = vec![(start, 0usize)];
        let mut consistent = true;
        while let Some((cell, color)) = queue.pop() {
            for &(a, b, _) in &links {
                let other = if a == cell {
                    b
                } else if b == cell {
                    a
                } else {
                    continue;
                };
                let opposite = 1 - color;
                if colors[color].contains(other) {
                    consistent = false;
                } else if !colors[opposite].contains(other) {
                    colors[opposite] = colors[opposite].with(other);
                    queue.push((other, opposite));
                }
            }
        }
        let cells = colors[0] | colors[1];
        remaining = remaining - cells;
        if consistent {
            let links = links
                .iter()
                .copied()
                .filter(|&(a, _, _)| cells.contains(a))
                .collect();
            out.push(Cluster { colors, links });
        }
    }
    out
}

/// Pairs of cells of one color that see each other.
fn clashes(color: CellSet) -> Vec<(Cell, Cell)> {
    let mut out = Vec::new();
    for a in color {
        for b in color & peers(a) {
            if a < b {
                out.push((a, b));
            }
        }
    }
    out
}

/// The pattern of a cluster: its links as strong links, its colors with their roles.
fn cluster_pattern(
    mut pattern: Pattern,
    digit: Digit,
    cluster: &Cluster,
    roles: [Role; 2],
) -> Pattern {
    let cand = |c: Cell| Candidate::new(c, digit);
    for &(a, b, unit) in &cluster.links {
        pattern = pattern.unit(unit, Role::Base);
        pattern.links.push(Link {
            from: cand(a),
            to: cand(b),
            strong: true,
        });
    }
    for (color, role) in cluster.colors.iter().zip(roles) {
        pattern = pattern
            .cells(color.iter(), role)
            .candidates(color.iter().map(cand), role);
    }
    pattern
}

fn weak_link(digit: Digit, a: Cell, b: Cell) -> Link {
    Link {
        from: Candidate::new(a, digit),
        to: Candidate::new(b, digit),
        strong: false,
    }
}

fn step(
    technique: Technique,
    digit: Digit,
    eliminated: CellSet,
    pattern: Pattern,
    subject: String,
    text: String,
) -> Step {
    let cand = |c: Cell| Candidate::new(c, digit);
    let pattern = pattern.candidates(eliminated.iter().map(cand), Role::Cover);
    Step::new(
        technique,
        vec![],
        eliminated.iter().map(cand).collect(),
        pattern,
        subject,
        text,
    )
}

/// "r1c1" or "r1c1, r2c4 and r6c1".
fn cells_words(cells: CellSet) -> String {
    let names: Vec<String> = cells.iter().map(cell_name).collect();
    match names.as_slice() {
        [] => String::new(),
        [one] => one.clone(),
        [init @ .., last] => format!("{} and {last}", init.join(", ")),
    }
}

/// Simple Colors Wrap: a color with two cells that see each other is false.
pub fn simple_colors_wrap(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for digit in 1..=9 {
        for cluster in clusters(grid, digit) {
            if let Some(step) = wrap(digit, &cluster) {
                emit(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Simple Colors Trap: a cell outside a cluster that sees both its colors.
pub fn simple_colors_trap(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for digit in 1..=9 {
        for cluster in clusters(grid, digit) {
            if let Some(step) = trap(grid, digit, &cluster) {
                emit(step)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// HoDoKu's Simple Colors search, which finds both kinds: for each digit and cluster, a Wrap,
/// then a Trap (HoDoKu takes the first).
pub fn hodoku_simple_colors(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut digits = Digits::new(Search::SimpleColors, grid);
    for digit in 1..=9 {
        if digits.skips(digit) {
            continue;
        }
        for cluster in clusters(grid, digit) {
            for step in [wrap(digit, &cluster), trap(grid, digit, &cluster)]
                .into_iter()
                .flatten()
            {
                digits.found(digit);
                emit(step)?;
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

/// The cluster's Simple Colors Wrap, if a color has two cells that see each other.
fn wrap(digit: Digit, cluster: &Cluster) -> Option<Step> {
    let mut eliminated = CellSet::EMPTY;
    let mut weak = Vec::new();
    for color in cluster.colors {
        let pairs = clashes(color);
        if !pairs.is_empty() {
            eliminated |= color;
            weak.extend(pairs.into_iter().map(|(a, b)| weak_link(digit, a, b)));
        }
    }
    let &Link { from, to, .. } = weak.first()?;
    let true_color = cluster.cells() - eliminated;
    let mut pattern = cluster_pattern(
        Pattern::default(),
        digit,
        cluster,
        if eliminated == cluster.colors[0] {
            [Role::Off, Role::On]
        } else {
            [Role::On, Role::Off]
        },
    );
    pattern.links.extend(weak);
    let text = format!(
        "A cluster of strong links on {digit} is colored in two colors, one of which holds {digit}; {} and {} have the same color and see each other, so that color is false: {digit} can be removed from {}{}.",
        cell_name(from.cell),
        cell_name(to.cell),
        cells_words(eliminated),
        if true_color.is_empty() {
            String::new()
        } else {
            let verb = if true_color.len() == 1 { "holds" } else { "hold" };
            format!(", and {} {verb} {digit}", cells_words(true_color))
        }
    );
    Some(step(
        Technique::SimpleColorsWrap,
        digit,
        eliminated,
        pattern,
        format!("{digit} {}", cluster.notation()),
        text,
    ))
}

/// The cluster's Simple Colors Trap, if cells outside it see both its colors. (HoDoKu asks it
/// of every cell; a cell of the cluster sees both colors only when a color also wraps, and
/// its search finds the Wrap first.)
fn trap(grid: &Grid, digit: Digit, cluster: &Cluster) -> Option<Step> {
    let eliminated =
        (grid.digit_cells(digit) & seen_by(cluster.colors[0]) & seen_by(cluster.colors[1]))
            - cluster.cells();
    if eliminated.is_empty() {
        return None;
    }
    let pattern = cluster_pattern(
        Pattern::default(),
        digit,
        cluster,
        [Role::ColorA, Role::ColorB],
    );
    let text = format!(
        "A cluster of strong links on {digit} is colored in two colors, one of which holds {digit}; {} {} a cell of each color, so {digit} can be removed there.",
        cells_words(eliminated),
        if eliminated.len() == 1 { "sees" } else { "each see" }
    );
    Some(step(
        Technique::SimpleColorsTrap,
        digit,
        eliminated,
        pattern,
        format!("{digit} {}", cluster.notation()),
        text,
    ))
}

/// The pattern of two clusters: the first in colors A/B, the second in C/D.
fn two_cluster_pattern(digit: Digit, first: &Cluster, second: &Cluster) -> Pattern {
    let pattern = cluster_pattern(
        Pattern::default(),
        digit,
        first,
        [Role::ColorA, Role::ColorB],
    );
    cluster_pattern(pattern, digit, second, [Role::ColorC, Role::ColorD])
}

/// The first pair of cells, one of `a` and one of `b`, that see each other.
fn bridge(a: CellSet, b: CellSet) -> Option<(Cell, Cell)> {
    a.iter()
        .find_map(|x| (peers(x) & b).first().map(|y| (x, y)))
}

/// Multi Colors 1: two clusters joined by a weak link between two colors; a cell seeing both
/// opposite colors loses the digit.
pub fn multi_colors_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for digit in 1..=9 {
        let clusters = clusters(grid, digit);
        for (i, first) in clusters.iter().enumerate() {
            for second in &clusters[i + 1..] {
                if let Some(step) = multi_1(grid, digit, first, second, false) {
                    emit(step)?;
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Multi Colors 2: a color that sees both colors of another cluster is false.
pub fn multi_colors_2(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for digit in 1..=9 {
        let clusters = clusters(grid, digit);
        for (i, first) in clusters.iter().enumerate() {
            for (j, second) in clusters.iter().enumerate() {
                if i != j {
                    if let Some(step) = multi_2(digit, first, second) {
                        emit(step)?;
                    }
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// HoDoKu's Multi Colors search, which finds both types: for each digit and each ordered pair
/// of clusters, a Type 2 with the first cluster's color false, then a Type 1, whose
/// eliminations HoDoKu takes from every cell that sees both opposite colors, the clusters'
/// own cells included (HoDoKu takes the first step; a Type 1 is the same for both orders).
pub fn hodoku_multi_colors(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut digits = Digits::new(Search::MultiColors, grid);
    for digit in 1..=9 {
        if digits.skips(digit) {
            continue;
        }
        let clusters = clusters(grid, digit);
        for (i, first) in clusters.iter().enumerate() {
            for (j, second) in clusters.iter().enumerate() {
                if i == j {
                    continue;
                }
                if let Some(step) = multi_2(digit, first, second) {
                    digits.found(digit);
                    emit(step)?;
                }
                if i < j {
                    if let Some(step) = multi_1(grid, digit, first, second, true) {
                        digits.found(digit);
                        emit(step)?;
                    }
                }
            }
        }
    }
    digits.finish();
    ControlFlow::Continue(())
}

/// The two clusters' Multi Colors 1, if a bridge between two of their colors leaves cells
/// seeing both opposite colors; those of the clusters themselves only `with_cluster_cells`.
fn multi_1(
    grid: &Grid,
    digit: Digit,
    first: &Cluster,
    second: &Cluster,
    with_cluster_cells: bool,
) -> Option<Step> {
    let mut candidates = grid.digit_cells(digit);
    if !with_cluster_cells {
        candidates = candidates - first.cells() - second.cells();
    }
    let mut eliminated = CellSet::EMPTY;
    let mut bridges = Vec::new();
    for x in 0..2 {
        for y in 0..2 {
            let Some((a, b)) = bridge(first.colors[x], second.colors[y]) else {
                continue;
            };
            let found = candidates & seen_by(first.colors[1 - x]) & seen_by(second.colors[1 - y]);
            if !found.is_empty() {
                eliminated |= found;
                bridges.push((a, b));
            }
        }
    }
    let &(a, b) = bridges.first()?;
    let text = format!(
        "Two clusters of strong links on {digit} are each colored in two colors; {} and {} see each other, so their colors are not both true and one of the two opposite colors holds {digit}; {} {} a cell of each of those, so {digit} can be removed there.",
        cell_name(a),
        cell_name(b),
        cells_words(eliminated),
        if eliminated.len() == 1 { "sees" } else { "each see" }
    );
    let clusters = (first, second);
    Some(two_cluster_step(
        Technique::MultiColors1,
        digit,
        clusters,
        eliminated,
        &bridges,
        text,
    ))
}

/// Multi Colors 2 of an ordered pair of clusters, if a color of the first sees both colors of
/// the second.
fn multi_2(digit: Digit, first: &Cluster, second: &Cluster) -> Option<Step> {
    let mut eliminated = CellSet::EMPTY;
    let mut bridges = Vec::new();
    for color in first.colors {
        let seen = [
            bridge(color, second.colors[0]),
            bridge(color, second.colors[1]),
        ];
        if let [Some(x), Some(y)] = seen {
            eliminated |= color;
            bridges.extend([x, y]);
        }
    }
    if eliminated.is_empty() {
        return None;
    }
    let text = format!(
        "Two clusters of strong links on {digit} are each colored in two colors; the color of {} sees both colors of the other cluster, one of which holds {digit}, so that color is false: {digit} can be removed from {}.",
        cells_words(eliminated),
        cells_words(eliminated)
    );
    let clusters = (first, second);
    Some(two_cluster_step(
        Technique::MultiColors2,
        digit,
        clusters,
        eliminated,
        &bridges,
        text,
    ))
}

/// A Multi Colors step: both clusters in four colors, the bridges between them as weak links.
fn two_cluster_step(
    technique: Technique,
    digit: Digit,
    (first, second): (&Cluster, &Cluster),
    eliminated: CellSet,
    bridges: &[(Cell, Cell)],
    text: String,
) -> Step {
    let mut pattern = two_cluster_pattern(digit, first, second);
    pattern
        .links
        .extend(bridges.iter().map(|&(a, b)| weak_link(digit, a, b)));
    let subject = format!("{digit} {}, {}", first.notation(), second.notation());
    step(technique, digit, eliminated, pattern, subject, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::testing::{check, pencilmark};
    use crate::finders::{all, first};

    /// HoDoKu's two coloring searches give the same steps with the barren digits remembered
    /// along hodoku paths as with the memory emptied first.
    #[test]
    fn remembered_barren_digits_change_no_result() {
        use crate::finders::testing::{assert_barren_memory_changes_nothing, Searches};
        use crate::finders::{barren_digits, Finder};
        let searches: [Finder; 2] = [hodoku_simple_colors, hodoku_multi_colors];
        assert_barren_memory_changes_nothing(
            &[
                "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
                "84...9..1....8.2......7..4...1..4....83....6...9.....4...7...3..1.8....5.2..3.4..",
                ".4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........",
            ],
            &[crate::pipeline::Options::hodoku()],
            Searches::Finders(&searches),
            (barren_digits::clear, barren_digits::any_remembered),
            (100, 5),
        );
    }

    // Reached from `84...9..1....8.2......7..4...1..4....83....6...9.....4...7...3..1.8....5.2..3.4..`;
    // the near miss puts 7 back in r9c3.
    const TRAP: &str = r#"
.--------------------.---------------------.-------------------.
| 8      4      2567 | 256   256     9     | 3     57     1    |
| 15679  35679  56   | 4     8       1356  | 2     579    679  |
| 1569   3569   256  | 1256  7       12356 | 5689  4      689  |
:--------------------+---------------------+-------------------:
| 2567   567    1    | 2569  2569    4     | 5789  25789  3    |
| 4      8      3    | 1259  1259    7     | 159   6      29   |
| 2567   567    9    | 3     1256    8     | 157   1257   4    |
:--------------------+---------------------+-------------------:
| 569    569    4568 | 7     124569  1256  | 1689  3      2689 |
| 3      1      467  | 8     2469    26    | 679   279    5    |
| 5679   2      568  | 1569  3       156   | 4     189    6789 |
'--------------------'---------------------'-------------------'
"#;
    const TRAP_MISS: &str = r#"
.--------------------.---------------------.-------------------.
| 8      4      2567 | 256   256     9     | 3     57     1    |
| 15679  35679  56   | 4     8       1356  | 2     579    679  |
| 1569   3569   256  | 1256  7       12356 | 5689  4      689  |
:--------------------+---------------------+-------------------:
| 2567   567    1    | 2569  2569    4     | 5789  25789  3    |
| 4      8      3    | 1259  1259    7     | 159   6      29   |
| 2567   567    9    | 3     1256    8     | 157   1257   4    |
:--------------------+---------------------+-------------------:
| 569    569    4568 | 7     124569  1256  | 1689  3      2689 |
| 3      1      467  | 8     2469    26    | 679   279    5    |
| 5679   2      5678 | 1569  3       156   | 4     189    6789 |
'--------------------'---------------------'-------------------'
"#;

    // Reached from `.96....1.8.4.7...2.....1.64..7592....8.4.3.7....8179..46.7.....9...3.4.6.2....73.`;
    // the near miss puts 2 back in r1c5.
    const WRAP: &str = r#"
.------------.---------------.--------------.
| 23  9   6  | 23  458  458  | 58  1    7   |
| 8   1   4  | 36  7    56   | 35  9    2   |
| 7   35  25 | 9   28   1    | 38  6    4   |
:------------+---------------+--------------:
| 13  34  7  | 5   9    2    | 6   48   18  |
| 12  8   9  | 4   6    3    | 12  7    5   |
| 6   45  25 | 8   1    7    | 9   24   3   |
:------------+---------------+--------------:
| 4   6   3  | 7   258  589  | 12  258  189 |
| 9   7   18 | 12  3    58   | 4   258  6   |
| 5   2   18 | 16  48   4689 | 7   3    89  |
'------------'---------------'--------------'
"#;
    const WRAP_MISS: &str = r#"
.------------.----------------.--------------.
| 23  9   6  | 23  2458  458  | 58  1    7   |
| 8   1   4  | 36  7     56   | 35  9    2   |
| 7   35  25 | 9   28    1    | 38  6    4   |
:------------+----------------+--------------:
| 13  34  7  | 5   9     2    | 6   48   18  |
| 12  8   9  | 4   6     3    | 12  7    5   |
| 6   45  25 | 8   1     7    | 9   24   3   |
:------------+----------------+--------------:
| 4   6   3  | 7   258   589  | 12  258  189 |
| 9   7   18 | 12  3     58   | 4   258  6   |
| 5   2   18 | 16  48    4689 | 7   3    89  |
'------------'----------------'--------------'
"#;

    // Reached from `.4...6..52.8.....33...........6...1.7...23.....658.......8.........957......7.43.`;
    // the near miss puts 8 back in r4c2.
    const MULTI_1: &str = r#"
.---------------.------------.--------------------.
| 9    4    17  | 27   3   6 | 128   278    5     |
| 2    156  8   | 47   15  9 | 16    47     3     |
| 3    156  157 | 247  15  8 | 1269  24679  24679 |
:---------------+------------+--------------------:
| 58   39   2   | 6    4   7 | 3589  1      89    |
| 7    158  15  | 9    2   3 | 568   456    468   |
| 4    39   6   | 5    8   1 | 239   279    279   |
:---------------+------------+--------------------:
| 1    7    3   | 8    6   4 | 259   259    29    |
| 68   2    4   | 3    9   5 | 7     68     1     |
| 568  58   9   | 1    7   2 | 4     3      68    |
'---------------'------------'--------------------'
"#;
    const MULTI_1_MISS: &str = r#"
.---------------.------------.--------------------.
| 9    4    17  | 27   3   6 | 128   278    5     |
| 2    156  8   | 47   15  9 | 16    47     3     |
| 3    156  157 | 247  15  8 | 1269  24679  24679 |
:---------------+------------+--------------------:
| 58   389  2   | 6    4   7 | 3589  1      89    |
| 7    158  15  | 9    2   3 | 568   456    468   |
| 4    39   6   | 5    8   1 | 239   279    279   |
:---------------+------------+--------------------:
| 1    7    3   | 8    6   4 | 259   259    29    |
| 68   2    4   | 3    9   5 | 7     68     1     |
| 568  58   9   | 1    7   2 | 4     3      68    |
'---------------'------------'--------------------'
"#;

    // Reached from `.3..9...18.....6...17..6...7..2.1.4.......87......3....6...235.4..3.......8.....9`;
    // the near miss puts 7 back in r2c5.
    const MULTI_2: &str = r#"
.-----------------------.--------------------.-----------------.
| 56     3      456     | 457     9      8   | 457   2    1    |
| 8      2459   2459    | 1       23     457 | 6     39   457  |
| 259    1      7       | 45      23     6   | 459   389  458  |
:-----------------------+--------------------+-----------------:
| 7      589    3569    | 2       568    1   | 59    4    356  |
| 12569  2459   1234569 | 4569    456    45  | 8     7    2356 |
| 2569   24589  24569   | 456789  45678  3   | 1259  169  256  |
:-----------------------+--------------------+-----------------:
| 19     6      19      | 478     478    2   | 3     5    478  |
| 4      257    25      | 3       15678  9   | 127   168  2678 |
| 3      257    8       | 4567    14567  457 | 124   16   9    |
'-----------------------'--------------------'-----------------'
"#;
    const MULTI_2_MISS: &str = r#"
.-----------------------.--------------------.-----------------.
| 56     3      456     | 457     9      8   | 457   2    1    |
| 8      2459   2459    | 1       237    457 | 6     39   457  |
| 259    1      7       | 45      23     6   | 459   389  458  |
:-----------------------+--------------------+-----------------:
| 7      589    3569    | 2       568    1   | 59    4    356  |
| 12569  2459   1234569 | 4569    456    45  | 8     7    2356 |
| 2569   24589  24569   | 456789  45678  3   | 1259  169  256  |
:-----------------------+--------------------+-----------------:
| 19     6      19      | 478     478    2   | 3     5    478  |
| 4      257    25      | 3       15678  9   | 127   168  2678 |
| 3      257    8       | 4567    14567  457 | 124   16   9    |
'-----------------------'--------------------'-----------------'
"#;

    #[test]
    fn simple_colors_trap() {
        check(
            Technique::SimpleColorsTrap,
            TRAP,
            "Simple Colors Trap: 7 (r1c3,r2c9,r9c1) / (r1c8,r8c3,r9c9) => r2c8<>7",
            TRAP_MISS,
        );
    }

    #[test]
    fn simple_colors_wrap() {
        check(
            Technique::SimpleColorsWrap,
            WRAP,
            "Simple Colors Wrap: 2 (r1c1,r3c5,r5c7,r6c3,r8c4) / (r1c4,r3c3,r5c1,r6c8,r7c5,r7c7,r8c8) => r1c4,r3c3,r5c1,r6c8,r7c57,r8c8<>2",
            WRAP_MISS,
        );
    }

    #[test]
    fn multi_colors_1() {
        check(
            Technique::MultiColors1,
            MULTI_1,
            "Multi Colors 1: 8 (r1c7,r8c8) / (r1c8,r8c1,r9c9), (r4c1,r9c2) / (r5c2) => r5c7<>8",
            MULTI_1_MISS,
        );
    }

    #[test]
    fn multi_colors_2() {
        check(
            Technique::MultiColors2,
            MULTI_2,
            "Multi Colors 2: 7 (r1c4,r2c9,r8c7,r9c6) / (r1c7,r2c6), (r8c2) / (r9c2) => r1c4,r2c9,r8c7,r9c6<>7",
            MULTI_2_MISS,
        );
    }

    #[test]
    fn clusters_are_two_colored_and_ordered_by_first_cell() {
        let grid = pencilmark(TRAP);
        for digit in 1..=9 {
            let found = clusters(&grid, digit);
            for w in found.windows(2) {
                assert!(w[0].cells().first() < w[1].cells().first());
            }
            for c in &found {
                assert!((c.colors[0] & c.colors[1]).is_empty());
                assert_eq!(c.colors[0].first(), c.cells().first());
                for &(a, b, _) in &c.links {
                    assert_ne!(c.colors[0].contains(a), c.colors[0].contains(b));
                }
            }
        }
    }

    #[test]
    fn wrap_marks_the_false_color_off() {
        let step = first(Technique::SimpleColorsWrap, &pencilmark(WRAP)).expect("a step");
        let off: CellSet = step.pattern.cells_with(Role::Off).collect();
        let eliminated: CellSet = step.eliminations.iter().map(|c| c.cell).collect();
        assert_eq!(off, eliminated);
        assert!(step.pattern.links.iter().any(|l| !l.strong));
    }

    #[test]
    fn an_empty_grid_has_no_coloring() {
        let grid = Grid::empty();
        for t in [
            Technique::SimpleColorsTrap,
            Technique::SimpleColorsWrap,
            Technique::MultiColors1,
            Technique::MultiColors2,
        ] {
            assert!(all(t, &grid).is_empty());
        }
    }
}
