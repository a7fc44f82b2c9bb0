//! Sue de Coq, as HoDoKu 2.2 defines it (`MiscellaneousSolver`), extended forms included.
//!
//! Take two or three empty cells `C` of one box-line intersection (a box and a row or column)
//! holding `|C| + n` digits `V` between them, `n >= 2`. Add a set `L` of other cells of the line
//! and a set `B` of other cells of the box, at least one of each, such that:
//! - `L` and `B` hold digits of `V` (at least one each) and no digit of `V` in both;
//! - each may hold *extra* digits outside `V`, one more cell per extra digit (`L` with `e_L`
//!   extras counts for `|L| - e_L` digits of `V`, `B` likewise), and the two counts add up to
//!   `n`. An extra digit may sit in both `L` and `B` (HoDoKu's 2009 extension).
//!
//! Then `C`, `L` and `B` hold exactly as many digits as cells, counting an extra digit of both
//! sets twice: a digit of `V` in `C` and `L` is confined to the line (so once), one in `C` and
//! `B` to the box, one only in `C` to the intersection, an extra of `L` to the line, an extra of
//! `B` to the box. So every such digit is placed in the pattern, exactly once per house:
//! `V`'s digits outside `B`'s, and `L`'s extras, leave the rest of the line; `V`'s digits
//! outside `L`'s, and `B`'s extras, leave the rest of the box; an extra in both sets leaves both.
//! `C` need not be the whole intersection: the intersection's other cells may join `L` or `B`.
//!
//! Search order, as HoDoKu's: rows then columns, each with the boxes in order; in the
//! intersection, cell pairs and triples in cell order (a pair, then the triples extending it);
//! then the line's sets `L` and, for each, the box's sets `B`, both as subsets in depth-first
//! order of their cells. A set `B` holding a digit of `V` that `L` uses is skipped with every
//! set containing it.
//!
//! Notation, as HoDoKu prints it: `Sue de Coq: r3c46 - {3569} (r3c3 - {56}, r2c5 - {39}) =>
//! r1c4<>3, r3c1<>5, r3c8<>56` (the intersection cells and `V`, then `L` and `B` with their
//! digits, cells in HoDoKu's compact form; eliminations in Stepwise's grouping, where HoDoKu
//! groups them by digit).

use std::ops::ControlFlow;

use arrayvec::ArrayVec;

use super::als::compact_cells;
use super::Emit;
use crate::cache::{self, Memory};
use crate::geometry::{unit_words, Cell, CellSet, DigitSet, Unit};
use crate::grid::Grid;
use crate::step::{Candidate, Pattern, Role, Step};
use crate::technique::Technique;

/// The houses of one intersection and the empty cells of each.
struct Houses {
    line: Unit,
    block: Unit,
    line_cells: CellSet,
    block_cells: CellSet,
}

/// Digits of a set of cells.
fn digits_of(grid: &Grid, cells: CellSet) -> DigitSet {
    cells
        .iter()
        .fold(DigitSet::EMPTY, |acc, c| acc | grid.candidates(c))
}

/// Every subset of `cells` in depth-first order with its digits (`digits` those of `set`, the
/// subset being extended), skipping (with their supersets) the cells holding a digit outside
/// `allowed`; `visit` breaks the search.
fn subsets(
    grid: &Grid,
    cells: &[Cell],
    allowed: DigitSet,
    (set, digits): (CellSet, DigitSet),
    visit: &mut dyn FnMut(CellSet, DigitSet) -> ControlFlow<()>,
) -> ControlFlow<()> {
    for (i, &cell) in cells.iter().enumerate() {
        let candidates = grid.candidates(cell);
        if !(candidates - allowed).is_empty() {
            continue;
        }
        let grown = (set.with(cell), digits | candidates);
        visit(grown.0, grown.1)?;
        subsets(grid, &cells[i + 1..], allowed, grown, visit)?;
    }
    ControlFlow::Continue(())
}

/// Sue de Coq: two or three cells of a box-line intersection, a set in the line and a set in
/// the box that together lock their digits.
pub fn sue_de_coq(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut memory = BARREN.with(|b| std::mem::take(&mut *b.borrow_mut()));
    let flow = search(grid, &mut memory, emit);
    BARREN.with(|b| *b.borrow_mut() = memory);
    flow
}

/// What one intersection's search reads: the candidates of the 15 cells of its line and box in
/// cell order, each with bit 15 set when the cell is empty.
type HousesState = [u16; 15];

/// Slots of [`BarrenIntersections`]: line kind (rows, columns) x line x box.
const INTERSECTION_SLOTS: usize = 2 * 9 * 9;

/// Per box-line intersection, the state of its line and box when its whole search last found
/// nothing. The search of an intersection reads only those 15 cells and eliminates only
/// there, so while they are unchanged it finds nothing again; one pipeline step changes a few
/// cells, and most intersections are skipped at the next state.
#[derive(Default)]
struct BarrenIntersections {
    states: Vec<Option<HousesState>>,
}

impl BarrenIntersections {
    /// The bytes the memory takes once filled.
    fn bytes() -> usize {
        INTERSECTION_SLOTS * std::mem::size_of::<Option<HousesState>>()
    }
}

thread_local! {
    /// This thread's barren intersections, within `Memory::BarrenIntersections`' share of the
    /// cache bound.
    static BARREN: std::cell::RefCell<BarrenIntersections> =
        std::cell::RefCell::new(BarrenIntersections::default());
}

/// Forgets the barren intersections.
pub(super) fn clear_cache() {
    BARREN.with(|b| *b.borrow_mut() = BarrenIntersections::default());
}

/// What the barren intersections take, in bytes.
pub(super) fn cache_bytes() -> usize {
    BARREN.with(|b| b.borrow().states.capacity() * std::mem::size_of::<Option<HousesState>>())
}

/// The state of the cells `houses` (a line and a box) cover, see [`HousesState`].
fn houses_state(grid: &Grid, houses: CellSet, empty: CellSet) -> HousesState {
    let mut state = [0u16; 15];
    for (slot, cell) in state.iter_mut().zip(houses) {
        *slot = grid.candidates(cell).0 | u16::from(empty.contains(cell)) << 15;
    }
    state
}

/// Every intersection's search in HoDoKu's order, skipping those known to find nothing.
fn search(grid: &Grid, memory: &mut BarrenIntersections, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let remember = BarrenIntersections::bytes() <= cache::bound(Memory::BarrenIntersections);
    if !remember {
        memory.states = Vec::new();
    } else if memory.states.is_empty() {
        memory.states = vec![None; INTERSECTION_SLOTS];
    }
    let empty = grid.empty_cells();
    for (kind, lines) in [Unit::row as fn(usize) -> Unit, Unit::column]
        .into_iter()
        .enumerate()
    {
        for l in 0..9 {
            if crate::deadline::expired() {
                return ControlFlow::Break(()); // (a search cut short gives no step)
            }
            for b in 0..9 {
                let houses = Houses {
                    line: lines(l),
                    block: Unit::boxed(b),
                    line_cells: lines(l).cell_set() & empty,
                    block_cells: Unit::boxed(b).cell_set() & empty,
                };
                let inter: ArrayVec<Cell, 3> =
                    (houses.line_cells & houses.block_cells).iter().collect();
                if inter.len() < 2 {
                    continue;
                }
                let slot = (kind * 9 + l) * 9 + b;
                let state = houses_state(
                    grid,
                    houses.line.cell_set() | houses.block.cell_set(),
                    empty,
                );
                if memory.states.get(slot) == Some(&Some(state)) {
                    continue;
                }
                let mut found = false;
                let mut counted = |step: Step| {
                    found = true;
                    emit(step)
                };
                for (i, &c1) in inter.iter().enumerate() {
                    for (j, &c2) in inter.iter().enumerate().skip(i + 1) {
                        let pair = CellSet::single(c1).with(c2);
                        check_houses(grid, &houses, pair, &mut counted)?;
                        for &c3 in &inter[j + 1..] {
                            check_houses(grid, &houses, pair.with(c3), &mut counted)?;
                        }
                    }
                }
                if let Some(remembered) = memory.states.get_mut(slot) {
                    *remembered = (!found).then_some(state);
                }
            }
        }
    }
    ControlFlow::Continue(())
}

/// Tries every line set and box set around the intersection cells `core`.
fn check_houses(
    grid: &Grid,
    houses: &Houses,
    core: CellSet,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    let v = digits_of(grid, core);
    let Some(n) = (v.len() as usize).checked_sub(core.len() as usize) else {
        return ControlFlow::Continue(());
    };
    if n < 2 {
        return ControlFlow::Continue(());
    }
    // On the stack: this runs for every intersection core and line set.
    let line_source: ArrayVec<Cell, 9> = (houses.line_cells - core).iter().collect();
    subsets(
        grid,
        &line_source,
        DigitSet::ALL,
        (CellSet::EMPTY, DigitSet::EMPTY),
        &mut |line_set, line_digits| {
            let line_extra = line_digits - v;
            // Saturating: a line set with more extra digits than cells is refused just
            // below, and the plain subtraction overflowed first (a panic in debug builds,
            // found by the fuzzer).
            let covered = (line_set.len() as usize).saturating_sub(line_extra.len() as usize);
            let holds_v = !(line_digits & v).is_empty();
            if !holds_v || line_set.len() <= line_extra.len() || covered >= n {
                return ControlFlow::Continue(());
            }
            // The box set may not use the line set's digits of V, and must hold one of V.
            let allowed = DigitSet::ALL - (line_digits & v);
            let block_source: ArrayVec<Cell, 9> = (houses.block_cells - core - line_set)
                .iter()
                .filter(|&c| (grid.candidates(c) - allowed).is_empty())
                .collect();
            if (digits_of(grid, block_source.iter().copied().collect()) & v).is_empty() {
                return ControlFlow::Continue(());
            }
            subsets(
                grid,
                &block_source,
                allowed,
                (CellSet::EMPTY, DigitSet::EMPTY),
                &mut |block_set, block_digits| {
                    let block_extra = block_digits - v;
                    if (block_digits & v).is_empty()
                        || block_set.len() as usize != n - covered + block_extra.len() as usize
                    {
                        return ControlFlow::Continue(());
                    }
                    let both = block_digits & line_digits;
                    let from_block = ((v | block_digits) - line_digits) | both;
                    let from_line = ((v | line_digits) - block_digits) | both;
                    let mut eliminations = Vec::new();
                    for (cells, digits) in [
                        (houses.block_cells - block_set - core, from_block),
                        (houses.line_cells - line_set - core, from_line),
                    ] {
                        for cell in cells {
                            for d in grid.candidates(cell) & digits {
                                eliminations.push(Candidate::new(cell, d));
                            }
                        }
                    }
                    if eliminations.is_empty() {
                        return ControlFlow::Continue(());
                    }
                    emit(sue_de_coq_step(
                        grid,
                        houses,
                        [
                            (core, v),
                            (line_set, line_digits),
                            (block_set, block_digits),
                        ],
                        eliminations,
                    ))
                },
            )
        },
    )
}

fn sue_de_coq_step(
    grid: &Grid,
    houses: &Houses,
    sets: [(CellSet, DigitSet); 3],
    eliminations: Vec<Candidate>,
) -> Step {
    let [(core, v), (line_set, line_digits), (block_set, block_digits)] = sets;
    let subject = format!(
        "{} - {{{v}}} ({} - {{{line_digits}}}, {} - {{{block_digits}}})",
        compact_cells(core),
        compact_cells(line_set),
        compact_cells(block_set)
    );
    let text = format!(
        "{} hold {v}, {} more digits than cells; {} in {} ({line_digits}) and {} in {} ({block_digits}) cover the rest without sharing a digit of {v}, so the three sets hold as many digits as cells: each digit is placed in them once per house and leaves the rest of {} and {}.",
        compact_cells(core),
        v.len() - core.len(),
        compact_cells(line_set),
        unit_words(houses.line),
        compact_cells(block_set),
        unit_words(houses.block),
        unit_words(houses.line),
        unit_words(houses.block)
    );
    let mut pattern = Pattern::default()
        .unit(houses.line, Role::Base)
        .unit(houses.block, Role::Base);
    for (i, (cells, _)) in sets.iter().enumerate() {
        pattern = pattern.cells(cells.iter(), Role::Als(i as u8));
        for cell in cells.iter() {
            pattern = pattern.candidates(
                grid.candidates(cell)
                    .iter()
                    .map(|d| Candidate::new(cell, d)),
                Role::Pattern,
            );
        }
    }
    pattern = pattern.candidates(eliminations.iter().copied(), Role::Cover);
    Step::new(
        Technique::SueDeCoq,
        vec![],
        eliminations,
        pattern,
        subject,
        text,
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::testing::{check, pencilmark};

    // HoDoKu's own step 27 on `...6.2...4...7...686549.....12...9..9...2...4..8...63.....564236...3...8...7.8...`
    // (rated/hodoku-paths.txt): `Sue de Coq: r79c3 - {1379} (r2c3 - {39}, r7c1 - {17}) =>
    // r1c3<>9`, in the state replayed from HoDoKu's path.
    const SDC: &str = r#"
.---------------.------------.-----------------.
| 137  379  179 | 6   8  2   | 35    4     59  |
| 4    2    39  | 15  7  15  | 38    89    6   |
| 8    6    5   | 4   9  3   | 2     17    17  |
:---------------+------------+-----------------:
| 357  1    2   | 38  6  4   | 9     578   57  |
| 9    37   6   | 38  2  57  | 1578  1578  4   |
| 57   4    8   | 59  1  579 | 6     3     2   |
:---------------+------------+-----------------:
| 17   8    179 | 19  5  6   | 4     2     3   |
| 6    59   4   | 2   3  19  | 157   1579  8   |
| 2    359  13  | 7   4  8   | 15    6     159 |
'---------------'------------'-----------------'
"#;
    // The near miss: 1 put back into r2c3 (no placed 1 sees it); the column cell now shares 1
    // with the box cell r7c1, and no other set completes the pattern.
    const SDC_MISS: &str = r#"
.---------------.------------.-----------------.
| 137  379  179 | 6   8  2   | 35    4     59  |
| 4    2    139 | 15  7  15  | 38    89    6   |
| 8    6    5   | 4   9  3   | 2     17    17  |
:---------------+------------+-----------------:
| 357  1    2   | 38  6  4   | 9     578   57  |
| 9    37   6   | 38  2  57  | 1578  1578  4   |
| 57   4    8   | 59  1  579 | 6     3     2   |
:---------------+------------+-----------------:
| 17   8    179 | 19  5  6   | 4     2     3   |
| 6    59   4   | 2   3  19  | 157   1579  8   |
| 2    359  13  | 7   4  8   | 15    6     159 |
'---------------'------------'-----------------'
"#;

    // HoDoKu's step 23 on `..7.419.......2.7..8..7...465....1.....128.....9....327...5..2..2.7.......428.6..`
    // (rated/hodoku-paths.txt), replayed from HoDoKu's path: its step comes first, then an
    // extended form whose row set r3c38 holds a digit outside the intersection's (1) in one
    // more cell.
    const SDC_EXTENDED: &str = r#"
.----------------.----------------.----------------.
| 2     36   7   | 3568  4   1    | 9    568  356  |
| 359   4    156 | 568   39  2    | 38   7    1356 |
| 1359  8    56  | 3569  7   3569 | 2    156  4    |
:----------------+----------------+----------------:
| 6     5    2   | 39    39  7    | 1    4    8    |
| 4     7    3   | 1     2   8    | 5    69   69   |
| 8     1    9   | 45    6   45   | 7    3    2    |
:----------------+----------------+----------------:
| 7     369  168 | 3469  5   3469 | 348  2    139  |
| 35    2    568 | 7     1   3469 | 348  589  359  |
| 15    39   4   | 2     8   39   | 6    15   7    |
'----------------'----------------'----------------'
"#;

    #[test]
    fn extended_forms_follow_hodokus_step() {
        let steps = crate::finders::all(Technique::SueDeCoq, &pencilmark(SDC_EXTENDED));
        let notations: Vec<String> = steps.iter().map(|s| s.notation()).collect();
        assert_eq!(
            notations,
            [
                "Sue de Coq: r3c46 - {3569} (r3c3 - {56}, r2c5 - {39}) => r1c4<>3, r3c1<>5, r3c8<>56",
                "Sue de Coq: r3c46 - {3569} (r3c38 - {156}, r2c5 - {39}) => r1c4<>3, r3c1<>15",
            ]
        );
    }

    /// The barren intersections change no result: at every state of the hodoku path of the
    /// extended example's puzzle, every Sue de Coq found with the memory as the earlier states
    /// left it is found without it, and the other way round.
    #[test]
    fn remembered_barren_intersections_change_no_result() {
        let puzzle =
            "..7.419.......2.7..8..7...465....1.....128.....9....327...5..2..2.7.......428.6..";
        crate::finders::testing::assert_memory_changes_nothing(
            Grid::from_test_line(puzzle),
            &crate::pipeline::Options::hodoku(),
            Technique::SueDeCoq,
            (clear_cache, || cache_bytes() > 0),
            20,
        );
    }

    #[test]
    fn sue_de_coq() {
        check(
            Technique::SueDeCoq,
            SDC,
            "Sue de Coq: r79c3 - {1379} (r2c3 - {39}, r7c1 - {17}) => r1c3<>9",
            SDC_MISS,
        );
    }
}
