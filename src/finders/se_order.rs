//! Sudoku Explainer's unit orders, one copy each. The pipeline takes the first step a rule
//! finds, so the order in which SE's rules meet units decides its paths and ratings; the
//! finders that follow SE read these orders here rather than writing them again:
//! - [`UNITS`]: every unit, boxes, then columns, then rows, as SE's singles and naked and
//!   hidden sets walk the grid;
//! - [`UNIT_KINDS`], [`units_of`] and [`unit_sets_of`]: a cell's box, row and column, in
//!   that order, as SE's chaining links, Unique Loops, BUGs and aligned exclusions take the
//!   units around a cell, and [`house_cells`], the cells of those units in that order.

use crate::geometry::{self, Cell, CellSet, Unit, UnitKind};

/// Every unit in the order SE's singles and sets walk them: boxes, then columns, then rows.
/// A table, since singles walk it at nearly every step.
pub(crate) const UNITS: [Unit; 27] = {
    let mut order = [Unit::row(0); 27];
    let mut i = 0;
    while i < 9 {
        order[i] = Unit::boxed(i);
        order[9 + i] = Unit::column(i);
        order[18 + i] = Unit::row(i);
        i += 1;
    }
    order
};

/// The kinds of unit around a cell in SE's order: box, row, column.
pub(crate) const UNIT_KINDS: [UnitKind; 3] = [UnitKind::Box, UnitKind::Row, UnitKind::Column];

/// A cell's box, row and column, in [`UNIT_KINDS`] order.
pub(crate) fn units_of(cell: Cell) -> [Unit; 3] {
    let [row, column, boxed] = geometry::units_of(cell);
    [boxed, row, column]
}

/// The cells of a cell's box, row and column, in [`UNIT_KINDS`] order.
pub(crate) fn unit_sets_of(cell: Cell) -> [CellSet; 3] {
    let [row, column, boxed] = geometry::unit_sets_of(cell);
    [boxed, row, column]
}

/// The 20 cells that share a house with `cell` in SE's order (`Cell.getHouseCells`): its box
/// in reading order, then the rest of its row, then the rest of its column. A table made once:
/// Aligned Triple Exclusion reads it for every cell at every call.
pub(crate) fn house_cells(cell: Cell) -> &'static [Cell; 20] {
    static TABLE: std::sync::OnceLock<[[Cell; 20]; 81]> = std::sync::OnceLock::new();
    let table = TABLE.get_or_init(|| {
        std::array::from_fn(|cell| {
            let mut cells = Vec::with_capacity(20);
            for unit in units_of(cell) {
                for &c in unit.cells() {
                    if c != cell && !cells.contains(&c) {
                        cells.push(c);
                    }
                }
            }
            cells.try_into().expect("every cell has 20 house cells")
        })
    });
    &table[cell]
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{cell_at, cell_name};

    #[test]
    fn house_cells_follow_sudoku_explainer_order() {
        let names: Vec<String> = house_cells(cell_at(4, 4))
            .iter()
            .map(|&c| cell_name(c))
            .collect();
        assert_eq!(names.len(), 20);
        assert_eq!(
            &names[..8],
            ["r4c4", "r4c5", "r4c6", "r5c4", "r5c6", "r6c4", "r6c5", "r6c6"]
        );
        assert_eq!(&names[8..11], ["r5c1", "r5c2", "r5c3"]);
        assert_eq!(&names[14..17], ["r1c5", "r2c5", "r3c5"]);
    }

    #[test]
    fn the_orders_name_every_unit_once_in_se_order() {
        let kinds: Vec<UnitKind> = UNITS.iter().map(|u| u.kind()).collect();
        let expected = [UnitKind::Box, UnitKind::Column, UnitKind::Row].map(|k| [k; 9]);
        assert_eq!(kinds, expected.concat());
        let mut seen: Vec<Unit> = UNITS.to_vec();
        seen.sort_by_key(|u| u.index());
        seen.dedup();
        assert_eq!(seen.len(), 27);
        for cell in 0..81 {
            let units = units_of(cell);
            assert_eq!(units.map(|u| u.kind()), UNIT_KINDS);
            assert!(units.iter().all(|u| u.cell_set().contains(cell)));
            assert_eq!(unit_sets_of(cell), units.map(|u| u.cell_set()));
        }
    }
}
