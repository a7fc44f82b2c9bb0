//! Sudoku Explainer's Type 3 sets (`UniqueLoops.createType3Hints`), shared by the Type 3
//! Unique Rectangle and the Type 3 Unique Loop. Two cells of the pattern hold its pair and
//! extra digits, and one of them takes an extra digit: with other cells of a unit holding
//! both, the extra digits (as one cell) make a naked set, whose digits leave the unit's other
//! cells; or, since at most one of the two takes a pair digit, the pair digits and others fill
//! a hidden set. Each set found carries the size its step's rating reads.

use crate::finders::combinations::masks;
use crate::finders::se_order;
use crate::geometry::{unit_words, Cell, CellSet, Digit, DigitSet, Unit};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, Candidate, Pattern, Role};
use crate::technique::LockedSet;

/// The set a Type 3 step rests on: Sudoku Explainer's naked or hidden set in a unit shared by
/// the two cells with extra digits.
#[derive(Debug, Clone)]
pub(super) struct Type3Set {
    pub(super) unit: Unit,
    /// Hidden (the pair digits and others confined to the cells) or naked.
    pub(super) hidden: bool,
    /// The set's cells besides the two extra cells.
    pub(super) cells: Vec<Cell>,
    pub(super) digits: DigitSet,
    /// The extra digits of the two cells.
    pub(super) extras: DigitSet,
    pub(super) eliminations: Vec<Candidate>,
    /// The size the rating reads: a naked set's digits (the extra cells counting as one
    /// cell), a hidden set's cells.
    pub(super) size: LockedSet,
}

impl Type3Set {
    /// `with 1/9 in r8c3` (naked) or `with hidden 2/5 in r2c8`.
    pub(super) fn subject(&self) -> String {
        format!(
            "with {}{} in {}",
            if self.hidden { "hidden " } else { "" },
            self.digits
                .iter()
                .map(|d| d.to_string())
                .collect::<Vec<_>>()
                .join("/"),
            cell_list(self.cells.iter().copied()),
        )
    }

    pub(super) fn sentence(&self) -> String {
        if self.hidden {
            format!(
                "at most one of them holds a digit of the pair, so in {} the digits {} need {} besides that one, and {} can hold nothing else.",
                unit_words(self.unit),
                digit_list(self.digits.iter()),
                cell_list(self.cells.iter().copied()),
                cell_list(self.cells.iter().copied()),
            )
        } else {
            format!(
                "with {} that makes a naked set of {} digits in {}, so those digits can be removed from its other cells.",
                cell_list(self.cells.iter().copied()),
                self.digits.len(),
                unit_words(self.unit),
            )
        }
    }

    pub(super) fn pattern(&self, grid: &Grid, base: Pattern) -> Pattern {
        let mut pattern = base
            .unit(self.unit, Role::Base)
            .cells(self.cells.iter().copied(), Role::Subset)
            .candidates(self.eliminations.clone(), Role::Cover);
        for &c in &self.cells {
            pattern = pattern.candidates(
                (grid.candidates(c) & self.digits)
                    .iter()
                    .map(|d| Candidate::new(c, d)),
                Role::Subset,
            );
        }
        pattern
    }
}

/// Sudoku Explainer's Type 3 search (`UniqueLoops.createType3Hints`) for two cells `c1`, `c2`
/// of a rectangle or loop that hold the pair and extra digits: one of them takes an extra
/// digit, so
/// - *naked*: the extra digits, as one pseudo-cell in place of `c1`, with other cells of a
///   unit shared by both form a naked set, whose digits leave the unit's other cells;
/// - *hidden*: at most one of the two takes a pair digit, so if the pair digits and others
///   (not extra digits) have, besides `c1` and `c2`, as many places as there are digits
///   less one, those places hold only those digits.
///
/// Order as SE's: set size from the number of extra digits up, units box, row, column, the
/// naked sets of a unit before its hidden ones; SE's size limits (a naked set of `n` in a
/// unit of at least `2n` empty cells, a hidden one of more than `2n`); combinations in SE's
/// increasing bit order
/// ([`masks`]). A naked set also needs its digits covered by the other cells and the
/// extra digits common to both cells, and every member two digits or more, as SE asks.
pub(super) fn se_type_3(grid: &Grid, c1: Cell, c2: Cell, pair: DigitSet) -> Vec<Type3Set> {
    let extras = (grid.candidates(c1) | grid.candidates(c2)) - pair;
    let mut found = Vec::new();
    if extras.len() < 2 {
        return found;
    }
    let common_extras = extras & grid.candidates(c1) & grid.candidates(c2);
    for degree in extras.len() as usize..=7 {
        for kind in se_order::UNIT_KINDS {
            let unit = Unit::containing(c1, kind);
            if !unit.cell_set().contains(c2) {
                continue;
            }
            let cells = unit.cells();
            let empty = cells.iter().filter(|&&c| grid.value(c) == 0).count();
            let index1 = cells.iter().position(|&c| c == c1).unwrap_or(0);
            let index2 = cells.iter().position(|&c| c == c2).unwrap_or(0);
            if degree * 2 <= empty {
                for chosen in masks(9, degree as u32) {
                    let has = |i: usize| chosen & (1 << i) != 0;
                    if !has(index1) || has(index2) {
                        continue;
                    }
                    let others: Vec<Cell> = (0..9)
                        .filter(|&i| has(i) && i != index1)
                        .map(|i| cells[i])
                        .collect();
                    let covered = others
                        .iter()
                        .fold(common_extras, |acc, &c| acc | grid.candidates(c));
                    if covered.len() as usize != degree {
                        continue;
                    }
                    if others.iter().any(|&c| grid.candidates(c).len() < 2) {
                        continue;
                    }
                    let digits = others
                        .iter()
                        .fold(extras, |acc, &c| acc | grid.candidates(c));
                    if digits.len() as usize != degree {
                        continue;
                    }
                    let eliminations: Vec<Candidate> = cells
                        .iter()
                        .filter(|&&c| c != c1 && c != c2 && !others.contains(&c))
                        .flat_map(|&c| {
                            (grid.candidates(c) & digits)
                                .iter()
                                .map(move |d| Candidate::new(c, d))
                        })
                        .collect();
                    if !eliminations.is_empty() {
                        found.push(Type3Set {
                            unit,
                            hidden: false,
                            size: LockedSet::Naked {
                                digits: degree as u8,
                            },
                            cells: others,
                            digits,
                            extras,
                            eliminations,
                        });
                    }
                }
            }
            if degree * 2 < empty {
                let rest: Vec<Digit> = (1..=9)
                    .filter(|&d| !pair.contains(d) && !extras.contains(d))
                    .collect();
                if degree - 2 > rest.len() {
                    continue;
                }
                for chosen in masks(rest.len() as u32, degree as u32 - 2) {
                    let digits = (0..rest.len())
                        .filter(|&i| chosen & (1 << i) != 0)
                        .fold(pair, |acc, i| acc.with(rest[i]));
                    let mut places = CellSet::EMPTY;
                    let mut every_digit_placed = true;
                    for d in digits.iter() {
                        let at = (unit.cell_set() & grid.digit_cells(d)).without(c2);
                        every_digit_placed &= !at.is_empty();
                        places |= at;
                    }
                    if !every_digit_placed || places.len() as usize != degree {
                        continue;
                    }
                    let set_cells: Vec<Cell> = places.without(c1).without(c2).iter().collect();
                    let eliminations: Vec<Candidate> = set_cells
                        .iter()
                        .flat_map(|&c| {
                            (grid.candidates(c) - digits)
                                .iter()
                                .map(move |d| Candidate::new(c, d))
                        })
                        .collect();
                    if !eliminations.is_empty() {
                        found.push(Type3Set {
                            unit,
                            hidden: true,
                            size: LockedSet::Hidden {
                                cells: set_cells.len() as u8,
                            },
                            cells: set_cells,
                            digits,
                            extras,
                            eliminations,
                        });
                    }
                }
            }
        }
    }
    found
}
