//! The bivalue universal grave: BUG+1 and BUG Types 2 to 4.
//!
//! - **BUG+1** (Bivalue Universal Grave + 1): every unsolved cell holds two candidates except
//!   one that holds three, and without one digit `d` of that cell every digit would have zero
//!   or two places in every row, column and box. Such a grave has zero or at least two
//!   solutions, so the cell must be `d`. At most one step. Sudoku Explainer's "BUG type 1",
//!   which this finder follows, also takes a cell of four or more candidates with as many BUG
//!   digits beyond two: the cell keeps its BUG digits. HoDoKu's BUG+1 takes the three-candidate
//!   cell only ([`hodoku_bug_plus_1`], the hodoku profile's finder).
//! - **BUG Types 2 to 4** (Sudoku Explainer's `BivalueUniversalGrave`): several BUG cells whose
//!   BUG digits, once removed, leave a grave, so one of them takes a BUG digit. Type 2: one
//!   same BUG digit, removed from the cells that see them all; Type 3: the BUG digits in a
//!   naked set with other cells of a shared unit (the step records the set's size, which its
//!   rating reads, `Facts::Type3`); Type 4: two BUG cells sharing a unit and a non-BUG digit
//!   locked there to them. The BUG cells are found as SE finds them (units box, row, column;
//!   digits ascending), with its early exits, and Types 2, 4, 3 are declared in the order SE
//!   tries them.
//!
//! Notation: `BUG+1: r4c5<>29` (the other candidates of the cell that must hold the digit);
//! the other types their BUG digits and cells in SE's order, `BUG Type 2: 3 in r2c2,r7c1 =>
//! r3c1,r7c2,r8c2<>3`.

use std::ops::ControlFlow;

use crate::finders::combinations::lexicographic;
use crate::finders::{se_order, Emit};
use crate::geometry::{cell_name, unit_words, Cell, CellSet, Digit, DigitSet, Unit};
use crate::grid::Grid;
use crate::step::{cell_list, Candidate, Pattern, Role, Step};
use crate::technique::{Facts, LockedSet, Technique};

/// The one unsolved cell that does not hold two candidates, if every other one does and it
/// holds at least three.
fn lone_wide_cell(grid: &Grid) -> Option<Cell> {
    let mut wide = None;
    for cell in grid.empty_cells().iter() {
        match grid.candidates(cell).len() {
            2 => {}
            n if n >= 3 && wide.is_none() => wide = Some(cell),
            _ => return None,
        }
    }
    wide
}

/// BUG+1 as Sudoku Explainer finds it (its "BUG type 1"): one cell of three or more candidates
/// in a grid of bivalue cells whose BUG digits, once removed, leave a grave; the cell keeps
/// only its BUG digits (one with three candidates: the digit that breaks the grave).
pub fn bug_plus_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    match lone_wide_cell(grid) {
        Some(cell) if grid.candidates(cell).len() == 3 => trivalue_bug(grid, cell, emit),
        Some(cell) => several_bug_digits(grid, cell, emit),
        None => ControlFlow::Continue(()),
    }
}

/// HoDoKu's BUG+1 (`UniquenessSolver.getBugPlus1`): only a grid whose one non-bivalue cell
/// holds three candidates.
pub fn hodoku_bug_plus_1(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    match lone_wide_cell(grid) {
        Some(cell) if grid.candidates(cell).len() == 3 => trivalue_bug(grid, cell, emit),
        _ => ControlFlow::Continue(()),
    }
}

/// A cell of four or more candidates, the only one beyond two: SE's BUG analysis ([`grave`])
/// finds its BUG digits, as many as it has candidates beyond two. Were it none of them, the
/// rest would be a grave, so it keeps them and loses the others.
fn several_bug_digits(grid: &Grid, cell: Cell, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    if grave.cells[..] != [cell] {
        return ControlFlow::Continue(());
    }
    let keep = grave.all_digits;
    let others = grid.candidates(cell) - keep;
    let text = format!(
        "Every unsolved cell but {} holds two candidates; if {} were none of {}, each digit would have exactly two places in every row, column and box it still needs, a grave that gives the puzzle no solution or several, so {} is one of them and loses its other candidates.",
        cell_name(cell),
        cell_name(cell),
        digit_list_of(keep),
        cell_name(cell)
    );
    let mut pattern = Pattern::default().cell(cell, Role::Fin);
    for d in keep.iter() {
        pattern = pattern.candidate(Candidate::new(cell, d), Role::Fin);
    }
    for o in others.iter() {
        pattern = pattern.candidate(Candidate::new(cell, o), Role::Pattern);
    }
    emit(Step::new(
        Technique::BugPlus1,
        vec![],
        others.iter().map(|o| Candidate::new(cell, o)).collect(),
        pattern,
        String::new(),
        text,
    ))
}

/// The three-candidate cell of a BUG+1: the digit without which the grid is a grave.
fn trivalue_bug(grid: &Grid, cell: Cell, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for d in grid.candidates(cell).iter() {
        // Every digit must have zero or two places in every unit once d leaves the cell.
        let grave = Unit::all().all(|unit| {
            (1..=9).all(|digit: Digit| {
                let mut places = unit.cell_set() & grid.digit_cells(digit);
                if digit == d {
                    places = places - CellSet::single(cell);
                }
                places.is_empty() || places.len() == 2
            })
        });
        if !grave {
            continue;
        }
        let others = grid.candidates(cell).without(d);
        let text = format!(
            "Every unsolved cell but {} holds two candidates; if {} were not {d}, each digit would have exactly two places in every row, column and box it still needs, a grave that gives the puzzle no solution or several, so {} is {d} and loses its other candidates.",
            cell_name(cell),
            cell_name(cell),
            cell_name(cell)
        );
        let mut pattern = Pattern::default()
            .cell(cell, Role::Fin)
            .candidate(Candidate::new(cell, d), Role::Placement);
        for o in others.iter() {
            pattern = pattern.candidate(Candidate::new(cell, o), Role::Pattern);
        }
        // Sudoku Explainer and HoDoKu both remove the other candidates rather than place the
        // digit (the naked single follows); the difference matters for SE's EP.
        return emit(Step::new(
            Technique::BugPlus1,
            vec![],
            others.iter().map(|o| Candidate::new(cell, o)).collect(),
            pattern,
            String::new(),
            text,
        ));
    }
    ControlFlow::Continue(())
}

/// What Sudoku Explainer's `BivalueUniversalGrave` finds: the BUG cells (cells of three or more
/// candidates that hold a digit appearing neither zero nor two times in some unit), each with
/// its BUG digits, such that without those digits every unsolved cell is bivalue and every
/// digit has zero or two places in every unit. At least one BUG cell then takes a BUG digit:
/// otherwise the grid left would have no solution or several.
struct Grave {
    /// In the order SE meets them: units box, row, column, digits ascending.
    cells: Vec<Cell>,
    digits: Vec<DigitSet>,
    all_digits: DigitSet,
    /// The cells that see every BUG cell, in SE's house order of the first BUG cell.
    common: Vec<Cell>,
}

impl Grave {
    fn digits_of(&self, cell: Cell) -> DigitSet {
        self.cells
            .iter()
            .position(|&c| c == cell)
            .map_or(DigitSet::EMPTY, |i| self.digits[i])
    }
}

/// SE's BUG analysis, with its early exits; `None` when the grid is no BUG pattern (or one SE
/// gives up on: several BUG cells with several BUG digits and no cell seeing them all).
fn grave(grid: &Grid) -> Option<Grave> {
    let mut candidates = grid.candidate_masks().map(DigitSet);
    let mut found = Grave {
        cells: Vec::new(),
        digits: Vec::new(),
        all_digits: DigitSet::EMPTY,
        common: Vec::new(),
    };
    let mut common: Option<Vec<Cell>> = None;
    let units = se_order::UNIT_KINDS
        .into_iter()
        .flat_map(|kind| (0..9).map(move |i| Unit::of_kind(kind, i)));
    for unit in units {
        for digit in 1..=9 {
            let places = unit.cell_set() & grid.digit_cells(digit);
            if places.is_empty() || places.len() == 2 {
                continue;
            }
            let mut wide = places.iter().filter(|&c| grid.candidates(c).len() >= 3);
            match (wide.next(), wide.next()) {
                (None, _) => return None,
                (Some(cell), None) => {
                    let i = match found.cells.iter().position(|&c| c == cell) {
                        Some(i) => i,
                        None => {
                            found.cells.push(cell);
                            found.digits.push(DigitSet::EMPTY);
                            found.cells.len() - 1
                        }
                    };
                    found.digits[i] = found.digits[i].with(digit);
                    found.all_digits = found.all_digits.with(digit);
                    candidates[cell] = candidates[cell].without(digit);
                    let house = se_order::house_cells(cell).to_vec();
                    let mut kept = match common.take() {
                        None => house,
                        Some(cells) => cells.into_iter().filter(|c| house.contains(c)).collect(),
                    };
                    kept.retain(|c| !found.cells.contains(c));
                    if found.cells.len() > 1 && found.all_digits.len() > 1 && kept.is_empty() {
                        return None;
                    }
                    common = Some(kept);
                }
                _ => {}
            }
        }
    }
    let empty = grid.empty_cells();
    if empty.iter().any(|c| candidates[c].len() != 2) {
        return None;
    }
    for unit in Unit::all() {
        for digit in 1..=9 {
            let places = unit
                .cells()
                .iter()
                .filter(|&&c| candidates[c].contains(digit))
                .count();
            if places != 0 && places != 2 {
                return None;
            }
        }
    }
    found.common = common.unwrap_or_default();
    Some(found)
}

/// The units (box, row, column, SE's order) holding every given cell.
fn shared_units_se(cells: &[Cell]) -> Vec<Unit> {
    se_order::UNIT_KINDS
        .iter()
        .map(|&kind| Unit::containing(cells[0], kind))
        .filter(|unit| cells.iter().all(|&c| unit.cell_set().contains(c)))
        .collect()
}

/// BUG Type 2 (Sudoku Explainer's "BUG type 2", 5.7): several BUG cells, all with the same one
/// BUG digit `x`: one of them is `x`, so `x` leaves every cell that sees them all.
pub fn bug_type_2(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    let Some(x) = grave.all_digits.single_digit() else {
        return ControlFlow::Continue(());
    };
    if grave.cells.len() < 2 {
        return ControlFlow::Continue(());
    }
    let eliminations: Vec<Candidate> = grave
        .common
        .iter()
        .filter(|&&c| grid.candidates(c).contains(x))
        .map(|&c| Candidate::new(c, x))
        .collect();
    if eliminations.is_empty() {
        return ControlFlow::Continue(());
    }
    let text = format!(
        "Without the {x} of {}, every unsolved cell would hold two candidates and every digit would have two places in each row, column and box it still needs, a grave with no solution or several; so one of them is {x}, and {x} leaves the cells that see them all.",
        cell_list(grave.cells.iter().copied()),
    );
    let pattern = Pattern::default()
        .cells(grave.cells.iter().copied(), Role::Fin)
        .candidates(grave.cells.iter().map(|&c| Candidate::new(c, x)), Role::Fin)
        .candidates(eliminations.clone(), Role::Cover);
    emit(Step::new(
        Technique::BugType2,
        vec![],
        eliminations,
        pattern,
        format!("{x} in {}", cell_list(grave.cells.iter().copied())),
        text,
    ))
}

/// BUG Type 4 (SE's "BUG type 4", 5.7): two BUG cells in one unit that, besides their BUG
/// digits, share one digit `v`, which therefore has only those two places there (it was never
/// a BUG digit). One of them is `v` and the other must then take its BUG digit, so each keeps
/// only `v` and its BUG digits.
pub fn bug_type_4(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    let [p, q] = grave.cells[..] else {
        return ControlFlow::Continue(());
    };
    if grave.all_digits.len() > 1 && grave.common.is_empty() {
        return ControlFlow::Continue(());
    }
    let Some(v) = ((grid.candidates(p) & grid.candidates(q)) - grave.all_digits).single_digit()
    else {
        return ControlFlow::Continue(());
    };
    for unit in shared_units_se(&[p, q]) {
        let mut eliminations = Vec::new();
        for c in [p, q] {
            let gone = grid.candidates(c) - grave.digits_of(c) - DigitSet::single(v);
            eliminations.extend(gone.iter().map(|d| Candidate::new(c, d)));
        }
        if eliminations.is_empty() {
            continue;
        }
        let text = format!(
            "{} (BUG digits {}) and {} (BUG digits {}) are the BUG cells: one of them takes a BUG digit, or the grid left would be a grave with no solution or several; {v} has only those two places in {}, so the one that is not {v} takes a BUG digit, and each keeps only {v} and its BUG digits.",
            cell_name(p),
            grave.digits_of(p),
            cell_name(q),
            grave.digits_of(q),
            unit_words(unit),
        );
        let pattern = Pattern::default()
            .unit(unit, Role::Base)
            .cells([p, q], Role::Fin)
            .candidates([Candidate::new(p, v), Candidate::new(q, v)], Role::Pattern)
            .candidates(eliminations.clone(), Role::Cover);
        return emit(Step::new(
            Technique::BugType4,
            vec![],
            eliminations,
            pattern,
            format!(
                "{} in {} with {v} in {unit}",
                digit_list_of(grave.all_digits),
                cell_list([p, q])
            ),
            text,
        ));
    }
    ControlFlow::Continue(())
}

/// `3,6`: the digits of a set, with commas.
fn digit_list_of(digits: DigitSet) -> String {
    crate::step::digit_list(digits)
}

/// BUG Type 3 (SE's "BUG type 3", 5.7 plus 0.1 per digit of the naked set beyond the first):
/// the BUG cells share a unit and, with `k - 1` other cells of it, their BUG digits make a
/// naked set of `k` digits (one BUG cell takes a BUG digit, so the set is locked): those digits
/// leave the unit's other cells. Units box, row, column; sets by size, then cells in SE's order.
pub fn bug_type_3(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let Some(grave) = grave(grid) else {
        return ControlFlow::Continue(());
    };
    // One BUG cell is SE's Type 1, one BUG digit its Type 2.
    if grave.cells.len() < 2 || grave.all_digits.len() < 2 || grave.common.is_empty() {
        return ControlFlow::Continue(());
    }
    for unit in shared_units_se(&grave.cells) {
        let others: Vec<Cell> = grave
            .common
            .iter()
            .copied()
            .filter(|&c| unit.cell_set().contains(c))
            .collect();
        for size in 2..=6 {
            if others.len() < size {
                continue;
            }
            lexicographic(&others, size - 1, &mut |chosen| {
                if chosen.iter().any(|&c| grid.candidates(c).len() < 2) {
                    return ControlFlow::Continue(());
                }
                let set = chosen
                    .iter()
                    .fold(DigitSet::EMPTY, |acc, &c| acc | grid.candidates(c));
                if set.len() as usize != size || (set | grave.all_digits) != set {
                    return ControlFlow::Continue(());
                }
                let chosen_set: CellSet = chosen.iter().copied().collect();
                let eliminations: Vec<Candidate> = others
                    .iter()
                    .filter(|&&c| !chosen_set.contains(c))
                    .flat_map(|&c| {
                        (grid.candidates(c) & set)
                            .iter()
                            .map(move |d| Candidate::new(c, d))
                    })
                    .collect();
                if eliminations.is_empty() {
                    return ControlFlow::Continue(());
                }
                let text = format!(
                    "One of the BUG cells {} takes one of its BUG digits {}, or the grid left would be a grave with no solution or several; with {} that makes a naked set of {} in {}, so those digits leave its other cells.",
                    cell_list(grave.cells.iter().copied()),
                    grave.all_digits,
                    cell_list(chosen.iter().copied()),
                    set,
                    unit_words(unit),
                );
                let mut pattern = Pattern::default()
                    .unit(unit, Role::Base)
                    .cells(grave.cells.iter().copied(), Role::Fin)
                    .cells(chosen.iter().copied(), Role::Subset)
                    .candidates(eliminations.clone(), Role::Cover);
                for (i, &c) in grave.cells.iter().enumerate() {
                    pattern = pattern.candidates(
                        grave.digits[i].iter().map(|d| Candidate::new(c, d)),
                        Role::Fin,
                    );
                }
                let step = Step::new(
                    Technique::BugType3,
                    vec![],
                    eliminations,
                    pattern,
                    format!(
                        "{} in {} with {} in {}",
                        digit_list_of(grave.all_digits),
                        cell_list(grave.cells.iter().copied()),
                        set.iter()
                            .map(|d| d.to_string())
                            .collect::<Vec<_>>()
                            .join("/"),
                        cell_list(chosen.iter().copied()),
                    ),
                    text,
                )
                .with_facts(Facts::Type3 {
                    set: LockedSet::Naked { digits: size as u8 },
                });
                emit(step)
            })?;
        }
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use crate::finders::testing::{check, pencilmark};
    use crate::technique::Technique;

    const BUG_PLUS_1: &str = r"
.------------.-------------.-----------.
| 9   1   5  | 7    3   8  | 24  6  24 |
| 24  24  6  | 5    9   1  | 7   3  8  |
| 3   7   8  | 4    2   6  | 9   5  1  |
:------------+-------------+-----------:
| 12  56  9  | 38   15  23 | 68  4  7  |
| 8   3   24 | 6    7   24 | 1   9  5  |
| 14  56  7  | 89   15  49 | 68  2  3  |
:------------+-------------+-----------:
| 5   89  24 | 29   48  7  | 3   1  6  |
| 7   24  3  | 1    6   5  | 24  8  9  |
| 6   89  1  | 239  48  39 | 5   7  24 |
'------------'-------------'-----------'
";

    #[test]
    fn bug_plus_1_example_and_near_miss() {
        // With 2 in r7c2 too there are two cells of three candidates: no BUG+1.
        check(
            Technique::BugPlus1,
            BUG_PLUS_1,
            "BUG+1: r9c4<>23",
            &BUG_PLUS_1.replace("| 5   89  24 |", "| 5   289 24 |"),
        );
        // HoDoKu's BUG+1 finds the same.
        let mut hodoku = Vec::new();
        let _ = super::hodoku_bug_plus_1(&pencilmark(BUG_PLUS_1), &mut |s| {
            hodoku.push(s.notation());
            std::ops::ControlFlow::Continue(())
        });
        assert_eq!(hodoku, ["BUG+1: r9c4<>23"]);
    }

    /// Sudoku Explainer 1.2.1's step 43 on top1465's
    /// `..14.7...5.....6.....8.....4.86...7.....2.3...........63..5...........41.2.......`
    /// ("BUG type 1: B3", r3c2<>4,9, 5.6): r3c2 holds four candidates, two of them (6 and 7)
    /// BUG digits.
    const BUG_TWO_DIGITS: &str = r"
.--------------.------------.------------.
| 38  68    1  | 4   36  7  | 9   2   5  |
| 5   47    39 | 2   1   39 | 6   8   47 |
| 27  4679  26 | 8   69  5  | 47  1   3  |
:--------------+------------+------------:
| 4   5     8  | 6   39  39 | 1   7   2  |
| 79  1     69 | 57  2   48 | 3   56  48 |
| 23  67    23 | 57  48  1  | 48  56  9  |
:--------------+------------+------------:
| 6   3     4  | 1   5   2  | 78  9   78 |
| 89  89    5  | 3   7   6  | 2   4   1  |
| 1   2     7  | 9   48  48 | 5   3   6  |
'--------------'------------'------------'
";

    #[test]
    fn bug_plus_1_takes_several_bug_digits_as_sudoku_explainer_does() {
        // With 9 in r3c1 too there are two cells of three candidates or more: no BUG+1.
        let near_miss = BUG_TWO_DIGITS.replace("| 27  4679  26 |", "| 279 4679  26 |");
        check(
            Technique::BugPlus1,
            BUG_TWO_DIGITS,
            "BUG+1: r3c2<>49",
            &near_miss,
        );
        let grid = pencilmark(BUG_TWO_DIGITS);
        let step = crate::finders::first(Technique::BugPlus1, &grid).expect("a step");
        assert!((step.rating() - 5.6).abs() < 1e-9);
        // HoDoKu's BUG+1 wants a cell of three candidates.
        let mut hodoku = Vec::new();
        let _ = super::hodoku_bug_plus_1(&grid, &mut |s| {
            hodoku.push(s);
            std::ops::ControlFlow::Continue(())
        });
        assert!(hodoku.is_empty(), "{hodoku:?}");
        // 8 in r9c4 of the BUG+1 example makes 8 a BUG digit too: r9c4 keeps 8 and 9.
        let four = pencilmark(&BUG_PLUS_1.replace("| 239  48  39 |", "| 2389 48  39 |"));
        let step = crate::finders::first(Technique::BugPlus1, &four).expect("a step");
        assert_eq!(step.notation(), "BUG+1: r9c4<>23");
        let _ = super::hodoku_bug_plus_1(&four, &mut |s| {
            hodoku.push(s);
            std::ops::ControlFlow::Continue(())
        });
        assert!(hodoku.is_empty(), "{hodoku:?}");
    }

    const BUG_2: &str = r"
.--------------.-----------.------------.
| 8    4    7  | 1  6   9  | 3   2   5  |
| 56   235  23 | 4  37  8  | 1   67  9  |
| 36   9    1  | 5  37  2  | 4   8   67 |
:--------------+-----------+------------:
| 37   1    39 | 6  8   5  | 79  4   2  |
| 2    67   8  | 9  4   3  | 5   67  1  |
| 45   56   49 | 7  2   1  | 69  3   8  |
:--------------+-----------+------------:
| 347  37   5  | 2  1   46 | 8   9   36 |
| 1    23   24 | 8  9   46 | 67  5   37 |
| 9    8    6  | 3  5   7  | 2   1   4  |
'--------------'-----------'------------'
";

    #[test]
    fn bug_type_2_example_and_near_miss() {
        // With 6 back in r2c2 it holds four candidates: no grave.
        let near_miss = BUG_2.replace("| 56   235  23 |", "| 56   2356 23 |");
        check(
            Technique::BugType2,
            BUG_2,
            "BUG Type 2: 3 in r2c2,r7c1 => r3c1,r7c2,r8c2<>3",
            &near_miss,
        );
    }

    /// Every state where Sudoku Explainer 1.2.1 used BUG type 2 on its paths for `se121.tsv`
    /// (replayed from `se121-paths.txt`): the first step is SE's, its cells in SE's order.
    #[test]
    fn first_bug_type_2_step_matches_sudoku_explainer() {
        let cases = [
            (
                "5 9 3 6 4 27 17 8 127
                 67 1 26 3 5 8 4 9 27
                 78 4 28 1 9 27 6 5 3
                 9 5 7 8 1 3 2 4 6
                 2 68 1 4 67 9 5 3 78
                 3 68 4 2 67 5 9 17 178
                 4 3 68 9 2 1 78 67 5
                 1 7 9 5 8 6 3 2 4
                 68 2 5 7 3 4 18 16 9",
                "BUG Type 2: 7 in r1c9,r6c9 => r2c9,r5c9<>7",
            ),
            (
                "8 4 7 1 6 9 3 2 5
                 56 235 23 4 37 8 1 67 9
                 36 9 1 5 37 2 4 8 67
                 37 1 39 6 8 5 79 4 2
                 2 67 8 9 4 3 5 67 1
                 45 56 49 7 2 1 69 3 8
                 347 37 5 2 1 46 8 9 36
                 1 23 24 8 9 46 67 5 37
                 9 8 6 3 5 7 2 1 4",
                "BUG Type 2: 3 in r2c2,r7c1 => r3c1,r7c2,r8c2<>3",
            ),
            (
                "89 589 6 57 2 1 3 78 4
                 1 58 27 9 3 4 25 67 68
                 27 4 3 6 8 57 19 25 19
                 68 67 5 78 9 2 4 1 3
                 4 1 28 58 6 3 25 9 7
                 27 3 9 1 4 57 8 26 56
                 5 2 18 3 7 9 6 4 18
                 69 67 17 4 5 8 19 3 2
                 3 89 4 2 1 6 7 58 589",
                "BUG Type 2: 8 in r1c2,r9c9 => r9c2<>8",
            ),
        ];
        for (grid, expected) in cases {
            let step =
                crate::finders::first(Technique::BugType2, &pencilmark(grid)).expect("a step");
            assert_eq!(step.notation(), expected);
            assert!((step.rating() - 5.7).abs() < 1e-9);
        }
    }

    const BUG_3: &str = r"
.-------------.-----------.------------.
| 57  235  4  | 38  1   6 | 9   78  25 |
| 23  6    8  | 5   7   9 | 1   4   23 |
| 1   59   79 | 48  34  2 | 35  78  6  |
:-------------+-----------+------------:
| 27  239  79 | 23  6   5 | 4   1   8  |
| 35  4    1  | 7   9   8 | 6   2   35 |
| 8   25   6  | 1   23  4 | 35  9   7  |
:-------------+-----------+------------:
| 4   7    2  | 9   5   3 | 8   6   1  |
| 6   8    3  | 24  24  1 | 7   5   9  |
| 9   1    5  | 6   8   7 | 2   3   4  |
'-------------'-----------'------------'
";

    #[test]
    fn bug_type_3_example_and_near_miss() {
        // With 3 back in r3c2 it holds three candidates too, and no Type 3 is left.
        let near_miss = BUG_3.replace("| 1   59   79 |", "| 1   359  79 |");
        check(
            Technique::BugType3,
            BUG_3,
            "BUG Type 3: 2,5 in r1c2,r4c2 with 2/5 in r6c2 => r3c2<>5",
            &near_miss,
        );
        let step = crate::finders::first(Technique::BugType3, &pencilmark(BUG_3)).expect("a step");
        assert!(
            (step.rating() - 5.8).abs() < 1e-9,
            "a naked pair: 5.7 + 0.1"
        );
    }

    const BUG_4: &str = r"
.-----------.-------------.-----------.
| 5   2  7  | 4   9    1  | 8   6  3  |
| 4   9  3  | 5   68   68 | 7   1  2  |
| 1   6  8  | 2   3    7  | 5   9  4  |
:-----------+-------------+-----------:
| 6   5  4  | 8   7    2  | 1   3  9  |
| 7   8  9  | 16  16   3  | 4   2  5  |
| 2   3  1  | 9   5    4  | 6   8  7  |
:-----------+-------------+-----------:
| 38  1  26 | 7   4    9  | 23  5  68 |
| 9   7  5  | 13  128  68 | 23  4  68 |
| 38  4  26 | 36  268  5  | 9   7  1  |
'-----------'-------------'-----------'
";

    #[test]
    fn bug_type_4_example_and_near_miss() {
        // With 6 back in r8c4 it holds three candidates too, and no Type 4 is left.
        let near_miss = BUG_4.replace("| 9   7  5  | 13  128  68 |", "| 9   7  5  | 136 128  68 |");
        check(
            Technique::BugType4,
            BUG_4,
            "BUG Type 4: 6,8 in r9c5,r8c5 with 2 in b8 => r8c5<>1, r9c5<>8",
            &near_miss,
        );
    }
}
