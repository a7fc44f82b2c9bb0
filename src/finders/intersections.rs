//! Intersections: Locked Candidates (Pointing and Claiming) and Sudoku Explainer's direct forms.
//!
//! - Pointing (Type 1): in a box, a digit's candidates all lie in one row or column; the digit
//!   can then be removed from the rest of that line.
//! - Claiming (Type 2): in a row or column, a digit's candidates all lie in one box; the digit
//!   can be removed from the rest of that box.
//! - Direct Pointing / Direct Claiming: the same patterns when their eliminations leave a
//!   digit with a single place in some unit; the step places that hidden single (as Sudoku
//!   Explainer does, without applying the eliminations).
//!
//! Search order: pointing by box 1-9, digit 1-9, row before column; claiming by row 1-9 then
//! column 1-9, digit 1-9.

use std::ops::ControlFlow;

use super::singles::{hidden_single_after, unit_words};
use super::Emit;
use crate::geometry::{cell_name, Cell, CellSet, Digit, Unit, UnitKind};
use crate::grid::Grid;
use crate::step::{Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// One locked-candidates pattern: `digit` in `base` confined to the intersection with `cover`.
struct Lock {
    digit: Digit,
    base: Unit,
    cover: Unit,
    cells: CellSet,
    eliminations: Vec<Candidate>,
}

/// The unit of `kind` containing every cell of a non-empty set, if there is one.
fn shared_unit(cells: CellSet, kind: UnitKind) -> Option<Unit> {
    let first = cells.first()?;
    let unit = crate::geometry::units_of(first)
        .into_iter()
        .find(|u| u.kind() == kind)?;
    (cells - unit.cell_set()).is_empty().then_some(unit)
}

/// Every lock with `base` of the given kinds, in the documented order.
fn locks(
    grid: &Grid,
    pointing: bool,
    mut each: impl FnMut(Lock) -> ControlFlow<()>,
) -> ControlFlow<()> {
    let bases: Vec<Unit> = if pointing {
        (0..9).map(Unit::boxed).collect()
    } else {
        (0..9)
            .map(Unit::row)
            .chain((0..9).map(Unit::column))
            .collect()
    };
    let cover_kinds: &[UnitKind] = if pointing {
        &[UnitKind::Row, UnitKind::Column]
    } else {
        &[UnitKind::Box]
    };
    for base in bases {
        for digit in 1..=9 {
            let cells = grid.digit_cells(digit) & base.cell_set();
            if cells.len() < 2 {
                // One place is a hidden single, none is a contradiction: neither is a lock.
                continue;
            }
            for &kind in cover_kinds {
                let Some(cover) = shared_unit(cells, kind) else {
                    continue;
                };
                let targets = (grid.digit_cells(digit) & cover.cell_set()) - base.cell_set();
                if targets.is_empty() {
                    continue;
                }
                let eliminations = targets.iter().map(|c| Candidate::new(c, digit)).collect();
                each(Lock {
                    digit,
                    base,
                    cover,
                    cells,
                    eliminations,
                })?;
            }
        }
    }
    ControlFlow::Continue(())
}

fn pattern(lock: &Lock) -> Pattern {
    Pattern::default()
        .unit(lock.base, Role::Base)
        .unit(lock.cover, Role::Cover)
        .cells(lock.cells.iter(), Role::Pattern)
        .candidates(
            lock.cells.iter().map(|c| Candidate::new(c, lock.digit)),
            Role::Pattern,
        )
}

fn lock_text(lock: &Lock) -> String {
    format!(
        "In {}, {} can only go where it meets {}, so {} can be removed from the other cells of {}.",
        unit_words(lock.base),
        lock.digit,
        unit_words(lock.cover),
        lock.digit,
        unit_words(lock.cover)
    )
}

fn locked_candidates(grid: &Grid, pointing: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let technique = if pointing {
        Technique::LockedCandidatesPointing
    } else {
        Technique::LockedCandidatesClaiming
    };
    locks(grid, pointing, |lock| {
        let subject = format!("{} in {}", lock.digit, lock.base);
        let pattern = pattern(&lock).candidates(lock.eliminations.iter().copied(), Role::Cover);
        emit(Step::new(
            technique,
            vec![],
            lock.eliminations.clone(),
            pattern,
            subject,
            lock_text(&lock),
        ))
    })
}

fn direct(grid: &Grid, pointing: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let technique = if pointing {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    };
    locks(grid, pointing, |lock| {
        let Some((unit, cell, digit)) = hidden_single_after(grid, &lock.eliminations) else {
            return ControlFlow::Continue(());
        };
        emit(direct_step(technique, &lock, unit, cell, digit))
    })
}

fn direct_step(technique: Technique, lock: &Lock, unit: Unit, cell: Cell, digit: Digit) -> Step {
    let subject = format!("{} in {}", lock.digit, lock.base);
    let pattern = pattern(lock)
        .candidates(lock.eliminations.iter().copied(), Role::Cover)
        .unit(unit, Role::Base)
        .cell(cell, Role::Placement)
        .candidate(Candidate::new(cell, digit), Role::Placement);
    let text = format!(
        "In {}, {} is locked into {}; that leaves {} as the only place for {} in {}.",
        unit_words(lock.base),
        lock.digit,
        unit_words(lock.cover),
        cell_name(cell),
        digit,
        unit_words(unit)
    );
    Step::new(
        technique,
        vec![Candidate::new(cell, digit)],
        vec![],
        pattern,
        subject,
        text,
    )
}

/// Locked Candidates Type 1 (Pointing).
pub fn pointing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    locked_candidates(grid, true, emit)
}

/// Locked Candidates Type 2 (Claiming).
pub fn claiming(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    locked_candidates(grid, false, emit)
}

/// Sudoku Explainer's Direct Pointing: a pointing lock whose eliminations give a hidden single.
pub fn direct_pointing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    direct(grid, true, emit)
}

/// Sudoku Explainer's Direct Claiming: a claiming lock whose eliminations give a hidden single.
pub fn direct_claiming(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    direct(grid, false, emit)
}
