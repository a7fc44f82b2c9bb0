//! Unique Loops, and Sudoku Explainer's `UniqueLoops` group.
//!
//! - **Unique Loop** (SE's `UniqueLoops` beyond four cells): six or more cells with the same
//!   pair, chained so that every unit they enter holds two of them at alternate places; Types
//!   1 to 4 as for rectangles ([`loop_hints`]). Each step records the loop's cells and its
//!   Type 3 set, which its rating reads (`Facts::UniqueLoop`).
//! - **The `UniqueLoops` group**: Unique Rectangle Types 1 to 4 and Unique Loops are one search
//!   in SE, its steps sorted by rating, then type; [`unique_rectangles_and_loops`] does the
//!   same for the five techniques, so SE's step comes first.
//!
//! Notation: a loop lists its cells in loop order with the type,
//! `Unique Loop: 6/8 in r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 (type 1) => r1c2<>68`.

use std::ops::ControlFlow;

use super::rectangles::{
    unique_rectangle_1, unique_rectangle_2, unique_rectangle_3, unique_rectangle_4,
};
use super::type3::{se_type_3, Type3Set};
use crate::finders::{se_order, Emit, Finder};
use crate::geometry::{cell_name, unit_words, Cell, CellSet, DigitSet, Unit, UnitKind};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, round_rating, Candidate, Pattern, Role, Step};
use crate::technique::{Facts, Technique};

/// Sudoku Explainer's loop search (`UniqueLoops.checkForLoops`): from the last cell of `path`,
/// through each unit kind but the one just used, to every cell holding both `v1` and `v2`. At
/// most two cells with extra digits are allowed, or any number while all extra digits seen
/// are one same digit. `extras` gathers the extra digits of every cell looked at from this
/// cell on, siblings included, as SE's does. Closed loops (four cells or more) are collected.
#[allow(clippy::too_many_arguments)]
fn loop_search(
    grid: &Grid,
    cell: Cell,
    pair: DigitSet,
    path: &mut Vec<Cell>,
    allowed_extra: i32,
    mut extras: DigitSet,
    last_kind: Option<UnitKind>,
    units_at: [u32; 2],
    loops: &mut Vec<Vec<Cell>>,
) {
    path.push(cell);
    // The place `next` would take in the loop: even or odd.
    let parity = path.len() % 2;
    for kind in se_order::UNIT_KINDS {
        if Some(kind) == last_kind {
            continue;
        }
        for &next in Unit::containing(cell, kind).cells() {
            if next == path[0] && path.len() >= 4 {
                loops.push(path.clone());
            } else if !path.contains(&next) {
                let candidates = grid.candidates(next);
                if candidates.intersection(pair) != pair {
                    continue;
                }
                extras |= candidates - pair;
                let bivalue = candidates.len() == 2;
                // A unit holding a path cell at the same parity already (or two cells) would
                // make every loop through `next` invalid (`is_valid_loop`): those paths are not
                // walked, which leaves out no valid loop and no cell's extra digits.
                let next_units = crate::geometry::unit_mask_of(next);
                if units_at[parity] & next_units != 0 {
                    continue;
                }
                if bivalue || extras.len() == 1 || allowed_extra > 0 {
                    let allowed = allowed_extra - i32::from(!bivalue);
                    let mut units_next = units_at;
                    units_next[parity] |= next_units;
                    loop_search(
                        grid,
                        next,
                        pair,
                        path,
                        allowed,
                        extras,
                        Some(kind),
                        units_next,
                        loops,
                    );
                }
            }
        }
    }
    path.pop();
}

/// SE's `isValidLoop`: every unit the loop enters holds exactly two of its cells, one at an
/// even and one at an odd position of the loop.
fn is_valid_loop(cells: &[Cell]) -> bool {
    let mut seen = [[false; 27]; 2];
    for (i, &cell) in cells.iter().enumerate() {
        for unit in crate::geometry::units_of(cell) {
            let slot = &mut seen[i % 2][unit.index()];
            if *slot {
                return false;
            }
            *slot = true;
        }
    }
    seen[0] == seen[1]
}

/// Sudoku Explainer's `UniqueLoops` rule: Unique Rectangle Types 1 to 4 (loops of four cells)
/// and Unique Loops (six cells or more) found together and sorted as SE sorts them, by rating
/// then by type (1, 2, 3, 4), ties in the order found: rectangles (Type 1, 2, 3, 4 finders in
/// turn), then loops. So a hidden-set Type 3 (4.5) comes before a Type 4 (4.5), and a Type 1
/// loop of six cells (4.6) before a Type 3 rectangle with a naked pair (4.6). One search
/// serves the five techniques ([`group_leader`]).
pub fn unique_rectangles_and_loops(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    sorted_rectangles_and_loops(grid, true, emit)
}

/// [`unique_rectangles_and_loops`] without the Unique Loops, for a profile that has no Unique
/// Loop (HoDoKu's): the same steps in the same order, less the loops, which a stable sort
/// leaves out without moving the others; the loop search was a third of this search's time.
pub fn unique_rectangles(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    sorted_rectangles_and_loops(grid, false, emit)
}

fn sorted_rectangles_and_loops(grid: &Grid, loops: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut steps: Vec<(u8, Step)> = Vec::new();
    let finders: [(u8, Finder); 4] = [
        (1, unique_rectangle_1),
        (2, unique_rectangle_2),
        (3, unique_rectangle_3),
        (4, unique_rectangle_4),
    ];
    for (kind, finder) in finders {
        let _ = finder(grid, &mut |step| {
            steps.push((kind, step));
            ControlFlow::Continue(())
        });
    }
    if loops {
        // SE's Type 2 takes every corner holding the pair plus the one same extra digit, three
        // corners too (HoDoKu's Type 5), and names it Type 2.
        let _ = super::rectangles::unique_rectangle_5(grid, &mut |mut step| {
            if step.pattern.cells_with(Role::Fin).count() == 3 {
                step.technique = Technique::UniqueRectangle2;
                steps.push((2, step));
            }
            ControlFlow::Continue(())
        });
        steps.extend(loop_hints(grid));
    }
    // Stable: equal ratings and types keep the order found.
    steps.sort_by(|(t1, s1), (t2, s2)| {
        round_rating(s1.rating())
            .total_cmp(&round_rating(s2.rating()))
            .then(t1.cmp(t2))
    });
    for (_, step) in steps {
        emit(step)?;
    }
    ControlFlow::Continue(())
}

/// The techniques found by [`unique_rectangles_and_loops`] have it as their one search, led by
/// Unique Rectangle Type 1; `None` for the other uniqueness techniques.
pub fn group_leader(technique: Technique) -> Option<Technique> {
    use Technique::*;
    match technique {
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueLoop => {
            Some(UniqueRectangle1)
        }
        _ => None,
    }
}

/// Unique Loop (Sudoku Explainer's `UniqueLoops` on loops of six cells or more; its four-cell
/// loops are the unique rectangles): cells holding the same two digits `a` and `b`, chained
/// from unit to unit so that every unit they enter holds two of them at alternate places. If
/// they all held only `a` and `b`, the loop could swap them, so some cell takes another digit.
/// - Type 1: one cell has extra digits; `a` and `b` leave it.
/// - Type 2: the cells with extra digits share one same extra digit `x`; `x` leaves every cell
///   that sees them all.
/// - Type 3: two cells with extra digits (two or more of them) share a unit, where the extra
///   digits make a naked set with other cells or leave a hidden set ([`se_type_3`]).
/// - Type 4: two cells with extra digits share a unit where `a` (or `b`) has no other place:
///   one of them is `a`, the other cannot be `b`, so `b` leaves both.
///
/// Search as SE does: loops from each bivalue cell in cell order, each step found once, with
/// its cells and Type 3 set as facts (rated by the catalog, `Facts::UniqueLoop`);
/// [`unique_rectangles_and_loops`] sorts them with the rectangles.
fn loop_hints(grid: &Grid) -> Vec<(u8, Step)> {
    let mut steps: Vec<(u8, Step)> = Vec::new();
    let mut seen: Vec<(u8, CellSet, String)> = Vec::new();
    for start in grid.empty_cells().iter() {
        if crate::deadline::expired() {
            return Vec::new(); // (a search cut short gives no step)
        }
        let pair = grid.candidates(start);
        if pair.len() != 2 {
            continue;
        }
        let mut loops = Vec::new();
        loop_search(
            grid,
            start,
            pair,
            &mut Vec::new(),
            2,
            DigitSet::EMPTY,
            None,
            [crate::geometry::unit_mask_of(start), 0],
            &mut loops,
        );
        for cells in loops {
            if cells.len() < 6 || !is_valid_loop(&cells) {
                continue;
            }
            for (kind, set, step) in loop_steps(grid, &cells, pair) {
                // SE's hint equality: same type, same cells (and the same Type 3 set).
                let key = (kind, cells.iter().copied().collect::<CellSet>(), set);
                if !seen.contains(&key) {
                    seen.push(key);
                    steps.push((kind, step));
                }
            }
        }
    }
    steps
}

/// The Type 1 to 4 steps of one valid loop, with their type and, for Type 3, the set's
/// notation (`with 1/9 in r8c3`; empty for the other types).
fn loop_steps(grid: &Grid, cells: &[Cell], pair: DigitSet) -> Vec<(u8, String, Step)> {
    let mut found = Vec::new();
    let mut digits = pair.iter();
    let (a, b) = (digits.next().unwrap_or(1), digits.next().unwrap_or(1));
    let extra_cells: Vec<Cell> = cells
        .iter()
        .copied()
        .filter(|&c| grid.candidates(c).len() > 2)
        .collect();
    let extras = extra_cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c))
        - pair;
    let subject = |kind: u8| {
        format!(
            "{a}/{b} in {} (type {kind})",
            cell_list(cells.iter().copied())
        )
    };
    let base = Pattern::default()
        .cells(cells.iter().copied(), Role::Pattern)
        .candidates(
            cells
                .iter()
                .flat_map(|&c| [Candidate::new(c, a), Candidate::new(c, b)]),
            Role::Pattern,
        );
    let mut push = |kind: u8,
                    eliminations: Vec<Candidate>,
                    pattern: Pattern,
                    text: String,
                    set: Option<&Type3Set>| {
        let set_subject = set.map(Type3Set::subject).unwrap_or_default();
        let full_subject = if set_subject.is_empty() {
            subject(kind)
        } else {
            format!("{} {set_subject}", subject(kind))
        };
        let step = Step::new(
            Technique::UniqueLoop,
            vec![],
            eliminations,
            pattern,
            full_subject,
            text,
        )
        .with_facts(Facts::UniqueLoop {
            cells: cells.len() as u8,
            set: set.map(|s| s.size),
        });
        found.push((kind, set_subject, step));
    };
    let n = cells.len();
    match extra_cells[..] {
        [rescue] => {
            let eliminations = vec![Candidate::new(rescue, a), Candidate::new(rescue, b)];
            let text = format!(
                "The {n} cells of the loop hold {a} and {b}, and all but {} hold nothing else; if it were {a} or {b} too, the loop could swap its {a}s and {b}s and the puzzle would have two solutions, so {} is neither.",
                cell_name(rescue),
                cell_name(rescue),
            );
            let pattern = base.candidates(eliminations.clone(), Role::Cover);
            push(1, eliminations, pattern, text, None);
        }
        [_, _, ..] => {
            if let Some(x) = extras.single_digit() {
                let extra_set: CellSet = extra_cells.iter().copied().collect();
                let targets = extra_set.common_peers() & grid.digit_cells(x);
                if !targets.is_empty() {
                    let eliminations: Vec<Candidate> =
                        targets.iter().map(|c| Candidate::new(c, x)).collect();
                    let text = format!(
                        "The {n} cells of the loop hold {a} and {b}; {} also hold {x}, and if none of them were {x} the loop could swap its {a}s and {b}s and the puzzle would have two solutions, so {x} leaves the cells that see them all.",
                        cell_list(extra_cells.iter().copied()),
                    );
                    let pattern = base
                        .clone()
                        .cells(extra_cells.iter().copied(), Role::Fin)
                        .candidates(extra_cells.iter().map(|&c| Candidate::new(c, x)), Role::Fin)
                        .candidates(eliminations.clone(), Role::Cover);
                    push(2, eliminations, pattern, text, None);
                }
            }
            if let [p, q] = extra_cells[..] {
                for set in se_type_3(grid, p, q, pair) {
                    let text = format!(
                        "The {n} cells of the loop hold {a} and {b}; if neither {} held another digit the loop could swap its {a}s and {b}s and the puzzle would have two solutions, so one of them holds one of {}; {}",
                        cell_list([p, q]),
                        digit_list(set.extras.iter()),
                        set.sentence(),
                    );
                    let pattern = set.pattern(grid, base.clone().cells([p, q], Role::Fin));
                    push(3, set.eliminations.clone(), pattern, text, Some(&set));
                }
                // SE keeps the last shared unit (box, row, column) where a digit is locked,
                // and prefers a locked `a` to a locked `b`.
                let mut locked = [None, None];
                for kind in se_order::UNIT_KINDS {
                    let unit = Unit::containing(p, kind);
                    if !unit.cell_set().contains(q) {
                        continue;
                    }
                    let others = unit.cell_set().without(p).without(q);
                    for (slot, d) in locked.iter_mut().zip([a, b]) {
                        if (others & grid.digit_cells(d)).is_empty() {
                            *slot = Some(unit);
                        }
                    }
                }
                let choice = match locked {
                    [Some(unit), _] => Some((unit, a, b)),
                    [None, Some(unit)] => Some((unit, b, a)),
                    [None, None] => None,
                };
                if let Some((unit, kept, removed)) = choice {
                    let eliminations = vec![Candidate::new(p, removed), Candidate::new(q, removed)];
                    let text = format!(
                        "The {n} cells of the loop hold {a} and {b}, and in {} {kept} has no place but {}: one of them is {kept}, and if the other were {removed} the loop could swap its digits and the puzzle would have two solutions, so {removed} leaves both.",
                        unit_words(unit),
                        cell_list([p, q]),
                    );
                    let pattern = base
                        .unit(unit, Role::Base)
                        .cells([p, q], Role::Fin)
                        .candidates(eliminations.clone(), Role::Cover);
                    push(4, eliminations, pattern, text, None);
                }
            }
        }
        [] => {}
    }
    found
}

#[cfg(test)]
mod tests {
    use std::ops::ControlFlow;

    use super::{unique_rectangles, unique_rectangles_and_loops};
    use crate::finders::testing::{check, pencilmark};
    use crate::grid::Grid;
    use crate::step::Step;
    use crate::technique::Technique;

    /// SE's `UniqueLoops` sorts by rating, then type: at 4.5 the hidden-set Type 3 on
    /// r2c2,r2c3,r9c2,r9c3 comes before the Type 4 on the same rectangle (se121-paths.txt,
    /// step 36 of `....9...61.........6.1...2....6.....286.49..7.7...3.49.....4.9..47.2........61.38`).
    #[test]
    fn type_3_before_type_4_at_equal_rating_as_sudoku_explainer() {
        let grid = pencilmark(
            r"
.---------------.-----------.------------.
| 78  35   345  | 48  9   2 | 1   57  6  |
| 1   259  2459 | 48  37  6 | 89  57  34 |
| 78  6    49   | 1   37  5 | 89  2   34 |
:---------------+-----------+------------:
| 4   39   39   | 6   1   7 | 2   8   5  |
| 2   8    6    | 5   4   9 | 3   1   7  |
| 5   7    1    | 2   8   3 | 6   4   9  |
:---------------+-----------+------------:
| 6   1    8    | 3   5   4 | 7   9   2  |
| 3   4    7    | 9   2   8 | 5   6   1  |
| 9   25   25   | 7   6   1 | 4   3   8  |
'---------------'-----------'------------'
",
        );
        assert!(crate::finders::first(Technique::UniqueRectangle4, &grid).is_some());
        let step = crate::finders::first_accepted(Technique::UniqueRectangle1, &grid, &|_| true)
            .expect("a step");
        assert_eq!(
            step.notation(),
            "Unique Rectangle Type 3: 2/5 in r2c2,r2c3,r9c2,r9c3 with hidden 2/5 in r2c8 => r2c8<>7"
        );
    }

    const LOOP: &str = r"
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
";

    #[test]
    fn unique_loop_example_and_near_miss() {
        // With 9 back in r4c8 two loop cells have extra digits: no Type 1 (nor 2 or 4).
        let near_miss = LOOP.replace("| 5    68  68  |", "| 5    689 68  |");
        check(
            Technique::UniqueLoop,
            LOOP,
            "Unique Loop: 6/8 in r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 (type 1) => r1c2<>68",
            &near_miss,
        );
    }

    /// The rectangles-only search is the whole group's less its loops, in the same order: on
    /// the Unique Loop example (where loops and rectangles are both found) and on every state
    /// of a few top1465 paths.
    #[test]
    fn the_rectangles_only_search_is_the_group_less_its_loops() {
        let mut grids: Vec<Grid> = [LOOP].iter().map(|g| pencilmark(g)).collect();
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
        ];
        for line in puzzles {
            let mut grid = Grid::from_test_line(line);
            let trace = crate::pipeline::solve(&grid, &crate::pipeline::Options::default());
            for step in &trace.steps {
                grids.push(grid.clone());
                crate::pipeline::apply(&mut grid, step);
            }
        }
        let mut rectangles_seen = 0;
        let mut loops_seen = 0;
        for grid in &grids {
            let collect = |search: crate::finders::Finder| {
                let mut steps = Vec::new();
                let _ = search(grid, &mut |s| {
                    steps.push(s);
                    ControlFlow::Continue(())
                });
                steps
            };
            let all = collect(unique_rectangles_and_loops);
            let rectangles = collect(unique_rectangles);
            loops_seen += all
                .iter()
                .filter(|s| s.technique == Technique::UniqueLoop)
                .count();
            rectangles_seen += rectangles.len();
            let without_loops: Vec<Step> = all
                .into_iter()
                .filter(|s| s.technique != Technique::UniqueLoop)
                .collect();
            assert_eq!(rectangles, without_loops);
        }
        assert!(
            rectangles_seen > 0 && loops_seen > 0,
            "{rectangles_seen} {loops_seen}"
        );
    }

    /// Every state where Sudoku Explainer 1.2.1 used a Unique Loop on its paths for
    /// `se121.tsv` (replayed from `se121-paths.txt` with `examples/se_replay.rs`): the first
    /// step found is SE's, with its loop in SE's order and its rating (4.6 for six cells, 4.7
    /// for eight).
    #[test]
    fn first_loop_step_matches_sudoku_explainer() {
        let cases = [
            (
                "5 9 7 468 1 46 246 3 28
                 46 46 8 3 7 2 1 9 5
                 1 3 2 59 468 59 46 68 7
                 3 5 1 2467 46 467 9 68 28
                 7 2 6 1 9 8 3 5 4
                 9 8 4 256 36 35 26 7 1
                 2 1 5 89 38 39 7 4 6
                 8 46 9 467 2 467 5 1 3
                 46 7 3 46 5 1 8 2 9",
                "Unique Loop: 4/6 in r2c1,r2c2,r8c2,r8c4,r9c4,r9c1 (type 1) => r8c4<>46",
                4.6,
            ),
            (
                "5 9 7 468 1 46 246 3 28
                 46 46 8 3 7 2 1 9 5
                 1 3 2 59 468 59 46 68 7
                 3 5 1 246 46 7 9 68 28
                 7 2 6 1 9 8 3 5 4
                 9 8 4 256 36 35 26 7 1
                 2 1 5 89 38 39 7 4 6
                 8 46 9 7 2 46 5 1 3
                 46 7 3 46 5 1 8 2 9",
                "Unique Loop: 4/6 in r1c6,r1c4,r9c4,r9c1,r2c1,r2c2,r8c2,r8c6 (type 1) => r1c4<>46",
                4.7,
            ),
            (
                "136 3568 135 2 7 9 134 68 14
                 9 68 123 5 13 4 68 7 12
                 123 7 4 6 13 8 139 5 129
                 127 29 129 79 4 3 5 68 68
                 5 4 8 79 6 2 79 1 3
                 37 39 6 8 5 1 2 49 479
                 26 2569 259 4 8 67 17 3 179
                 8 369 39 1 2 67 479 49 5
                 4 1 7 3 9 5 68 2 68",
                "Unique Loop: 6/8 in r1c8,r1c2,r2c2,r2c7,r9c7,r9c9,r4c9,r4c8 (type 1) => r1c2<>68",
                4.7,
            ),
        ];
        for (grid, expected, rating) in cases {
            let step =
                crate::finders::first(Technique::UniqueLoop, &pencilmark(grid)).expect("a step");
            assert_eq!(step.notation(), expected);
            assert!((step.rating() - rating).abs() < 1e-9, "{}", step.rating());
        }
    }
}
