//! Whether an inner technique of Sudoku Explainer's advanced chains (levels 1-5) can give a
//! step the chain may use, before its finder runs.
//!
//! A chain whose direct implications ran dry runs Locked Candidates, Hidden and Naked Pairs
//! and X-Wings over the grid it has reduced, keeping only steps that rely on the chain's own
//! removals ([`super::advanced`]'s rule parents): a lock or X-Wing whose base units lost the
//! digit, a hidden pair whose unit lost one of its digits, a naked pair whose cells lost a
//! candidate. Those removals are few, so most runs find no such step. This module tells, with
//! a few bitset operations around the removals, whether such a step can exist at all; it may
//! say yes when there is none (the finder then runs and finds none), never no when there is
//! one, so the chain's potentials are the same.

use crate::geometry::{box_of, col_of, row_of, unit_sets_of, Cell, CellSet, TABLES};
use crate::grid::Grid;
use crate::technique::Technique;

/// The reduced grid and what the chain removed from it, by digit plane.
pub(super) struct Focus {
    /// Per digit index, the cells where the reduced grid has the digit.
    planes: [u128; 9],
    /// Per digit index, the cells the chain removed it from.
    removed: [u128; 9],
    /// Per cell, the reduced grid's candidates.
    masks: [u16; 81],
    /// Per cell, the candidates the chain removed.
    lost: [u16; 81],
    /// Per digit index, the units (bit per unit index) where the chain removed it.
    touched: [u32; 9],
}

fn unit_mask(unit: usize) -> u128 {
    TABLES.unit_sets[unit].0
}

/// The units of a unit mask (bit per unit index), in order.
fn units_in(mask: u32) -> impl Iterator<Item = usize> {
    let mut rest = mask;
    std::iter::from_fn(move || {
        (rest != 0).then(|| {
            let u = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            u
        })
    })
}

/// Whether a set has two or more members (without a population count, which a baseline
/// x86-64 target lacks).
fn at_least_two(set: u128) -> bool {
    set & set.wrapping_sub(1) != 0
}

/// Whether a set has at most two members.
fn at_most_two(set: u128) -> bool {
    let rest = set & set.wrapping_sub(1);
    rest & rest.wrapping_sub(1) == 0
}

impl Focus {
    pub(super) fn new(source: &Grid, work: &Grid) -> Focus {
        let mut planes = [0u128; 9];
        let mut removed = [0u128; 9];
        for d in 0..9 {
            let digit = d as u8 + 1;
            planes[d] = work.digit_cells(digit).0;
            removed[d] = source.digit_cells(digit).0 & !planes[d];
        }
        let masks = work.candidate_masks();
        let before = source.candidate_masks();
        let mut lost = [0u16; 81];
        for cell in 0..81 {
            lost[cell] = before[cell] & !masks[cell];
        }
        let mut touched = [0u32; 9];
        for (units, &cells) in touched.iter_mut().zip(&removed) {
            for cell in CellSet(cells).iter() {
                *units |= 1 << row_of(cell) | 1 << (9 + col_of(cell)) | 1 << (18 + box_of(cell));
            }
        }
        Focus {
            planes,
            removed,
            masks,
            lost,
            touched,
        }
    }

    /// Whether `technique`'s finder may give a step relying on the chain's removals (true for
    /// a technique this module does not know).
    pub(super) fn may_help(&self, technique: Technique) -> bool {
        match technique {
            Technique::LockedCandidatesPointing => self.lock(true),
            Technique::LockedCandidatesClaiming => self.lock(false),
            Technique::XWing => self.x_wing(),
            Technique::HiddenPair => self.hidden_pair(),
            Technique::NakedPair => self.naked_pair(),
            _ => true,
        }
    }

    /// A base unit (a box when pointing, a row or column when claiming) that lost the digit,
    /// whose two or more places lie in one crossing unit with places outside the base.
    fn lock(&self, pointing: bool) -> bool {
        let bases: u32 = if pointing { 0x1ff << 18 } else { 0x3ffff };
        (0..9).any(|d| {
            let plane = self.planes[d];
            units_in(self.touched[d] & bases).any(|base| {
                let base = unit_mask(base);
                let places = plane & base;
                if !at_least_two(places) {
                    return false;
                }
                // The crossing units holding the first place: the only ones that can hold
                // them all.
                let first = places.trailing_zeros() as Cell;
                let [row, column, boxed] = unit_sets_of(first);
                let covers = if pointing {
                    [row.0, column.0]
                } else {
                    [boxed.0, boxed.0]
                };
                covers
                    .iter()
                    .any(|&cover| places & !cover == 0 && plane & cover & !base != 0)
            })
        })
    }

    /// Two lines of one kind, one of which lost the digit, with the digit in the same two
    /// crossing lines (the finder's bases have two places each), which hold it elsewhere.
    fn x_wing(&self) -> bool {
        (0..9).any(|d| {
            let (plane, removed) = (self.planes[d], self.removed[d]);
            if removed == 0 {
                return false;
            }
            // Per row, the columns holding the digit; per column, the rows.
            let mut by_row = [0u16; 9];
            let mut by_column = [0u16; 9];
            for (r, columns) in by_row.iter_mut().enumerate() {
                *columns = ((plane >> (9 * r)) & 0x1ff) as u16;
                for (c, rows) in by_column.iter_mut().enumerate() {
                    *rows |= ((*columns >> c) & 1) << r;
                }
            }
            let touched = self.touched[d];
            let wing = |across: &[u16; 9], lines: usize, crossing: usize| {
                units_in((touched >> lines) & 0x1ff).any(|i| {
                    let line = unit_mask(lines + i);
                    CellSet(across[i] as u128).is_pair()
                        && (0..9).any(|k| {
                            let base = line | unit_mask(lines + k);
                            k != i
                                && across[k] == across[i]
                                && (0..9).any(|j| {
                                    across[i] & (1 << j) != 0
                                        && plane & unit_mask(crossing + j) & !base != 0
                                })
                        })
                })
            };
            wing(&by_row, 0, 9) || wing(&by_column, 9, 0)
        })
    }

    /// A unit that lost digit `a`, where `a` and some `b` have the same two places (the
    /// finder's digits have two places each), one of which has another candidate.
    fn hidden_pair(&self) -> bool {
        (0..9).any(|a| {
            units_in(self.touched[a]).any(|u| {
                let unit = unit_mask(u);
                let places = self.planes[a] & unit;
                CellSet(places).is_pair()
                    && (0..9).any(|b| {
                        b != a
                            && self.planes[b] & unit == places
                            && CellSet(places)
                                .iter()
                                .any(|c| self.masks[c] & !(1 << a | 1 << b) != 0)
                    })
            })
        })
    }

    /// A cell that lost a candidate and has at most two, with a cell of a shared unit whose
    /// candidates together with its own are at most two, which the unit holds elsewhere.
    fn naked_pair(&self) -> bool {
        (0..81).any(|cell| {
            let mask = self.masks[cell];
            self.lost[cell] != 0
                && mask != 0
                && at_most_two(mask as u128)
                && unit_sets_of(cell).iter().any(|unit| {
                    CellSet(unit.0).iter().any(|other| {
                        let digits = mask | self.masks[other];
                        other != cell
                            && self.masks[other] != 0
                            && at_most_two(digits as u128)
                            && (0..9).any(|d| {
                                digits & (1 << d) != 0
                                    && self.planes[d] & unit.0 & !(1u128 << cell | 1u128 << other)
                                        != 0
                            })
                    })
                })
        })
    }
}
