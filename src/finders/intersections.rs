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
//! Search order is Sudoku Explainer's: pointing into columns, then into rows; claiming from
//! columns, then from rows; each pass by base unit 1-9, then the crossing cover unit, then
//! digit 1-9 (SE's `Locking.getHints` loops). A direct form's single lies
//! in another unit of the base's kind that crosses the cover (SE's `Locking` in direct mode).

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::{barren_digits, Emit};
use crate::geometry::{cell_name, unit_words, Cell, CellSet, Digit, Unit, UnitKind};
use crate::grid::Grid;
use crate::step::{Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// One locked-candidates pattern: `digit` in `base` confined to the intersection with `cover`.
#[derive(Clone, Copy)]
struct Lock {
    digit: Digit,
    base: Unit,
    cover: Unit,
    cells: CellSet,
    /// The cover's other cells holding the digit (a set, not a list: most locks the direct
    /// forms look at are dropped, and this runs at most steps).
    targets: CellSet,
}

impl Lock {
    fn eliminations(&self) -> impl Iterator<Item = Candidate> + '_ {
        self.targets.iter().map(|c| Candidate::new(c, self.digit))
    }
}

/// The unit of `kind` containing every cell of a non-empty set, if there is one.
fn shared_unit(cells: CellSet, kind: UnitKind) -> Option<Unit> {
    let first = cells.first()?;
    let unit = Unit::containing(first, kind);
    (cells - unit.cell_set()).is_empty().then_some(unit)
}

/// Every lock in Sudoku Explainer's order: pointing with column covers then row covers,
/// claiming from columns then rows; each pass by base unit, cover unit, then digit.
fn locks(
    grid: &Grid,
    pointing: bool,
    each: impl FnMut(Lock) -> ControlFlow<()>,
) -> ControlFlow<()> {
    locks_of_digits(grid, pointing, 0, each)
}

/// [`locks`] of the digits not in `passed_over` (bit `d` for digit `d`).
fn locks_of_digits(
    grid: &Grid,
    pointing: bool,
    passed_over: u16,
    mut each: impl FnMut(Lock) -> ControlFlow<()>,
) -> ControlFlow<()> {
    // (base kind, cover kind) passes.
    let passes: [(UnitKind, UnitKind); 2] = if pointing {
        [
            (UnitKind::Box, UnitKind::Column),
            (UnitKind::Box, UnitKind::Row),
        ]
    } else {
        [
            (UnitKind::Column, UnitKind::Box),
            (UnitKind::Row, UnitKind::Box),
        ]
    };
    for (base_kind, cover_kind) in passes {
        for base in (0..9).map(|i| Unit::of_kind(base_kind, i)) {
            // SE walks the covers crossing the base in order, and the digits within each.
            // At most one lock per digit; on the stack, since this runs at most steps of SE's
            // order (the direct forms come right after the hidden singles).
            let mut found: ArrayVec<Lock, 9> = ArrayVec::new();
            for digit in (1..=9).filter(|d| passed_over & 1 << d == 0) {
                let cells = grid.digit_cells(digit) & base.cell_set();
                if cells.len() < 2 {
                    // One place is a hidden single, none is a contradiction: neither is a lock.
                    continue;
                }
                let Some(cover) = shared_unit(cells, cover_kind) else {
                    continue;
                };
                let targets = (grid.digit_cells(digit) & cover.cell_set()) - base.cell_set();
                found.push(Lock {
                    digit,
                    base,
                    cover,
                    cells,
                    targets,
                });
            }
            found.sort_by_key(|lock| (lock.cover.index(), lock.digit));
            // By copy, not by moving the whole array into an iterator.
            for &lock in &found {
                each(lock)?;
            }
        }
    }
    ControlFlow::Continue(())
}

/// Sudoku Explainer's direct check: another unit of the base's kind, crossing the cover, where
/// the digit had several places and has exactly one left outside the cover.
fn following_hidden_single(grid: &Grid, lock: &Lock) -> Option<(Unit, Cell)> {
    let kind = lock.base.kind();
    (0..9)
        .map(|i| Unit::of_kind(kind, i))
        .filter(|&u| u != lock.base)
        .find_map(|unit| {
            if (unit.cell_set() & lock.cover.cell_set()).is_empty() {
                return None;
            }
            let places = grid.digit_cells(lock.digit) & unit.cell_set();
            let remaining = places - lock.cover.cell_set();
            (places.len() > 1 && remaining.len() == 1)
                .then(|| (unit, remaining.first().expect("one cell")))
        })
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
    // A digit whose last whole search found no lock with eliminations, unchanged since, is
    // passed over: its locks read and remove that digit alone.
    let search = if pointing {
        barren_digits::Search::Pointing
    } else {
        barren_digits::Search::Claiming
    };
    let mut digits = barren_digits::Digits::new(search, grid);
    let passed_over = (1..=9u8)
        .filter(|&d| digits.skips(d))
        .fold(0u16, |mask, d| mask | 1 << d);
    let flow = locks_of_digits(grid, pointing, passed_over, |lock| {
        if lock.targets.is_empty() {
            return ControlFlow::Continue(());
        }
        digits.found(lock.digit);
        let subject = format!("{} in {}", lock.digit, lock.base);
        let pattern = pattern(&lock).candidates(lock.eliminations(), Role::Cover);
        emit(Step::new(
            technique,
            vec![],
            lock.eliminations().collect(),
            pattern,
            subject,
            lock_text(&lock),
        ))
    });
    if flow.is_continue() {
        digits.finish();
    }
    flow
}

fn direct(grid: &Grid, pointing: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let technique = if pointing {
        Technique::DirectPointing
    } else {
        Technique::DirectClaiming
    };
    locks(grid, pointing, |lock| {
        // Without eliminations the digit has no place in the cover outside the base, so no
        // crossing unit can lose a place to the lock: skip the check.
        if lock.targets.is_empty() {
            return ControlFlow::Continue(());
        }
        match following_hidden_single(grid, &lock) {
            Some((unit, cell)) => emit(direct_step(technique, &lock, unit, cell, lock.digit)),
            None => ControlFlow::Continue(()),
        }
    })
}

fn direct_step(technique: Technique, lock: &Lock, unit: Unit, cell: Cell, digit: Digit) -> Step {
    let subject = format!("{} in {}", lock.digit, lock.base);
    let pattern = pattern(lock)
        .candidates(lock.eliminations(), Role::Cover)
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

#[cfg(test)]
mod tests {
    use crate::technique::Technique;

    /// Both searches give the same steps with the barren digits remembered along se and hodoku
    /// paths as with the memory emptied first.
    #[test]
    fn remembered_barren_digits_change_no_result() {
        crate::finders::testing::assert_barren_digits_change_nothing(
            &[
                crate::pipeline::Options::sudoku_explainer(),
                crate::pipeline::Options::hodoku(),
            ],
            &[
                Technique::LockedCandidatesPointing,
                Technique::LockedCandidatesClaiming,
            ],
            (200, 20),
        );
    }
}
