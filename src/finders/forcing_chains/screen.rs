//! A quick, exact screen for Sudoku Explainer's plain chaining rules (Forcing Chains & Cycles,
//! Multiple and Dynamic Forcing Chains): whether a search of the rule over a grid can find any
//! hint at all, and where.
//!
//! Nested chains run these rules thousands of times on grids an outer chain has reduced, and
//! most of those searches find nothing. Whether a search finds a hint depends only on *which*
//! potentials each assumption implies, not on the chains that imply them: a contradiction, a
//! potential both branches of a candidate imply (dynamic "double" chains), or one that every
//! branch of a cell or region implies, with something left to remove. Those sets are closures
//! under monotone link rules, the same whatever order the links are followed in, so they can
//! be computed as candidate bitsets without building nodes, parents or chains, several times
//! faster than the search. (For Forcing Chains & Cycles the question is whether a candidate
//! reaches its own opposite; see [`Screen::any_forcing_chain`].) The screen answers "none"
//! only when the search would return no hint; otherwise, for the multi-branch rules, it names
//! the parts of the search (a candidate's binary chains, a region's
//! or a cell's chains) that may give one, counting as such every part that uses a closure
//! which meets a contradiction (the search's partial closure depends on its order), and the
//! search runs only those.
//!
//! The link rules are the search's ([`super::engine`]): an "on" candidate turns off its cell's
//! other candidates and its digit's other places in box, row and column; an "off" candidate
//! turns on a cell's or unit's last candidate. Statically, "last" means the other of exactly
//! two in the grid; dynamically, the one not yet turned off, and a cell or unit of two or more
//! with none left is a contradiction (the search meets it when it turns the last one on).

use std::rc::Rc;

use arrayvec::ArrayVec;

use crate::finders::se_order;
use crate::geometry::{peers, Cell, CellSet, Digit};
use crate::grid::Grid;

use super::potentials::{release_spare, reserve_spare};
use super::types::Rule;

/// What one assumption implies: per digit (index `digit - 1`), the cells turned on and off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Implied {
    pub on: [u128; 9],
    pub off: [u128; 9],
}

impl Implied {
    const NONE: Implied = Implied {
        on: [0; 9],
        off: [0; 9],
    };

    /// Whether some candidate is both on and off.
    fn contradictory(&self) -> bool {
        (0..9).any(|d| self.on[d] & self.off[d] != 0)
    }
}

/// A dynamic closure being computed: what is implied so far (its "off" planes also by cell),
/// and the candidates turned on and off whose consequences are still to follow.
struct Closing {
    implied: Implied,
    off_masks: [u16; 81],
    to_on: ArrayVec<(u8, u8), 729>,
    to_off: ArrayVec<(u8, u8), 729>,
}

/// The grid as the screen reads it, and the closures it has computed.
pub(super) struct Screen<'g> {
    grid: &'g Grid,
    dynamic: bool,
    masks: [u16; 81],
    planes: [u128; 9],
    /// Cells with two or more candidates: an "on" conclusion there removes something.
    multi: u128,
    /// The "on" closures computed so far (see [`Closures`]).
    closures: Closures,
    /// For a dynamic screen of a grid reduced from the nested search's source: the source's
    /// "on" closures, and per digit the cells where an "off" candidate of a closure there
    /// means the closure may differ here (see [`SourceClosures`]).
    source: Option<(Rc<SourceClosures>, Box<Reduction>)>,
}

/// The dynamic "on" closures of every candidate of a nested search's source grid. On a grid
/// reduced from it (fewer candidates, none added), a candidate's closure is the source's
/// when, in every cell that lost candidates and every unit that lost places of a digit
/// where that closure turns some candidate off, two or more are left here: every link it
/// followed reads the same cells and units here, so it follows the same ones (every single
/// it found was in a cell or unit left as it was, so its candidate is still here), and no
/// cell or unit that changed gives a single or a contradiction. Nested chains screen
/// thousands of such grids per step, and about two thirds of their candidates' closures are
/// the source's.
pub(super) struct SourceClosures {
    grid: GridSets,
    /// Per candidate index, `i + 1` for the closure at `sets[i]`; 0 for a candidate the grid
    /// lacks or whose dynamic closure meets a contradiction.
    at: [u16; 729],
    sets: Vec<Implied>,
    /// For static reaches, per digit index the cells where the candidate has a strong link.
    linked: [u128; 9],
}

/// Static rules: per candidate index, what turning it off turns on (its cell's other
/// candidate, of two; its digit's other place, of two, in each unit), as (cell, digit index)
/// pairs, and how many (entries of candidates the grid lacks are stale, never read).
struct StrongLinks {
    to: [[(u8, u8); 4]; 729],
    count: [u8; 729],
    /// Per digit index, the cells where the candidate has a strong link: the only "off"
    /// candidates that turn anything on.
    linked: [u128; 9],
}

/// "On" closures by candidate: for a static rule everything the candidate reaches over the
/// links, for a dynamic one its closure up to a contradiction.
struct Closures {
    /// Where each candidate's closure is: 0 not computed yet, `i + 1` at `sets[i]`.
    at: [u16; 729],
    sets: Vec<Implied>,
    /// Candidates whose closure meets a contradiction (a static one: turns some candidate
    /// both on and off).
    contradicted: [u64; 12],
    /// The grid they were computed on.
    masks: [u16; 81],
    /// Its strong links, once a static screen has listed them.
    strong: Option<Box<StrongLinks>>,
}

impl Drop for Closures {
    fn drop(&mut self) {
        let mut sets = std::mem::take(&mut self.sets);
        sets.clear();
        let bytes = sets.capacity() * std::mem::size_of::<Implied>();
        keep_one(&SPARE_SETS, sets, bytes);
        if let Some(strong) = self.strong.take() {
            keep_one(&SPARE_STRONG, strong, std::mem::size_of::<StrongLinks>());
        }
    }
}

impl Closures {
    /// The heap the closures take, in bytes.
    fn heap_bytes(&self) -> usize {
        self.sets.capacity() * std::mem::size_of::<Implied>()
            + self
                .strong
                .as_ref()
                .map_or(0, |_| std::mem::size_of::<StrongLinks>())
    }
}

/// A one-buffer pool: a value and the bytes it takes.
type SpareSlot<T> = std::thread::LocalKey<std::cell::Cell<Option<(T, usize)>>>;

/// Keeps `value` in `slot` (the one it replaces dropped) if the spare buffers' share of the
/// cache bound has room for its `bytes`.
fn keep_one<T: 'static>(slot: &'static SpareSlot<T>, value: T, bytes: usize) {
    let _ = slot.try_with(|slot| {
        if let Some((_, old)) = slot.take() {
            release_spare(old);
        }
        if reserve_spare(bytes) {
            slot.set(Some((value, bytes)));
        }
    });
}

/// The value `slot` keeps, taken out.
fn take_one<T: 'static>(slot: &'static SpareSlot<T>) -> Option<T> {
    let (value, bytes) = slot.try_with(|slot| slot.take()).ok().flatten()?;
    release_spare(bytes);
    Some(value)
}

/// Empties this thread's screen buffers and kept closures.
pub(super) fn drop_kept() {
    drop(take_one(&SPARE_SETS));
    drop(take_one(&SPARE_STRONG));
    drop(take_static_closures());
    // (dropping the closures gave their buffers back)
    drop(take_one(&SPARE_SETS));
    drop(take_one(&SPARE_STRONG));
}

/// The static closures kept from the last screen, taken out.
fn take_static_closures() -> Option<Closures> {
    let (closures, bytes) = STATIC_CLOSURES.try_with(|k| k.take()).ok().flatten()?;
    release_spare(bytes);
    Some(closures)
}

thread_local! {
    /// The buffer of the last closures dropped, for the next screen: a screen fills some
    /// hundred sets of 288 bytes, and growing a fresh buffer each time cost more than
    /// filling it.
    static SPARE_SETS: std::cell::Cell<Option<(Vec<Implied>, usize)>> =
        const { std::cell::Cell::new(None) };
    /// The strong-link table of the last closures dropped (6 KB), for the same reason.
    static SPARE_STRONG: std::cell::Cell<Option<(Box<StrongLinks>, usize)>> =
        const { std::cell::Cell::new(None) };
    /// The static closures of the last grid screened: Forcing Chains & Cycles and Multiple
    /// Forcing Chains follow the same links, and nested chains screen one after the other on
    /// the same reduced grid.
    static STATIC_CLOSURES: std::cell::Cell<Option<(Closures, usize)>> =
        const { std::cell::Cell::new(None) };
}

thread_local! {
    /// The candidates of a grid whose own Forcing Chains & Cycles loop plan is empty, while
    /// a nested search from it runs: the loop plans of the grids it reduces that grid to
    /// need only the strong links the reduction made (see [`Screen::loop_plan_with`]).
    static LOOP_FREE_SOURCE: std::cell::Cell<Option<GridSets>> =
        const { std::cell::Cell::new(None) };
}

thread_local! {
    /// The source grid of the nested search running, and its closures once a screen has
    /// needed them.
    static NESTED_SOURCE: std::cell::RefCell<Option<NestedSource>> =
        const { std::cell::RefCell::new(None) };
}

struct NestedSource {
    grid: Box<Grid>,
    dynamic: Option<Rc<SourceClosures>>,
    reaches: Option<Rc<SourceClosures>>,
}

/// A grid's candidates by cell and by digit.
#[derive(Clone, Copy)]
pub(super) struct GridSets {
    masks: [u16; 81],
    planes: [u128; 9],
}

impl GridSets {
    pub(super) fn of(grid: &Grid) -> GridSets {
        let mut planes = [0u128; 9];
        for (d, plane) in planes.iter_mut().enumerate() {
            *plane = grid.digit_cells(d as Digit + 1).0;
        }
        GridSets {
            masks: grid.candidate_masks(),
            planes,
        }
    }
}

/// Runs `f` (a nested search from `grid`) with `grid` as the source of the grids screened
/// meanwhile: the loop-free source of their loop plans, if its own loop plan is empty (as it
/// is wherever the pipeline runs nested chains in Sudoku Explainer's order: Forcing Chains &
/// Cycles came first and found nothing), and the source of their dynamic closures. Grids
/// that are not reduced from it are screened as usual.
pub(super) fn with_nested_source<T>(grid: &Grid, f: impl FnOnce() -> T) -> T {
    let loop_free = {
        let mut screen = Screen::new(Rule::FORCING_CHAINS_AND_CYCLES, grid);
        let plan = screen.loop_plan_with(None);
        screen.keep_static_closures();
        plan.is_some_and(|plan| plan.is_empty())
    };
    let previous = LOOP_FREE_SOURCE.with(|s| s.replace(loop_free.then(|| GridSets::of(grid))));
    let previous_source = NESTED_SOURCE.with(|s| {
        s.borrow_mut().replace(NestedSource {
            grid: Box::new(grid.clone()),
            dynamic: None,
            reaches: None,
        })
    });
    let result = f();
    LOOP_FREE_SOURCE.with(|s| s.set(previous));
    NESTED_SOURCE.with(|s| *s.borrow_mut() = previous_source);
    result
}

/// The running nested search's source closures (dynamic, or static reaches), computed on
/// first use.
fn source_closures(dynamic: bool) -> Option<Rc<SourceClosures>> {
    let taken = NESTED_SOURCE.with(|s| {
        let mut s = s.borrow_mut();
        let ready = s.as_ref().map(|source| {
            if dynamic {
                source.dynamic.clone()
            } else {
                source.reaches.clone()
            }
        });
        match ready {
            None => None,
            Some(Some(ready)) => Some(Err(ready)),
            // (taken out meanwhile, so the screen computing them computes its own)
            Some(None) => s.take().map(Ok),
        }
    })?;
    let mut source = match taken {
        Err(ready) => return Some(ready),
        Ok(source) => source,
    };
    let rule = if dynamic {
        Rule::DYNAMIC
    } else {
        Rule::MULTIPLE
    };
    let ready = {
        let grid = &source.grid;
        let mut screen = Screen::new(rule, grid);
        let mut at = [0u16; 729];
        let mut sets = Vec::new();
        for cell in 0..81 {
            if crate::deadline::expired() {
                break; // (a candidate left out has its closure computed where it is needed)
            }
            for digit in grid.candidates(cell) {
                let found = if dynamic {
                    screen.on_closure(cell, digit)
                } else {
                    Some(screen.closure_at(cell, digit))
                };
                if let Some(i) = found {
                    sets.push(screen.closures.sets[i]);
                    at[cell * 9 + digit as usize - 1] = sets.len() as u16;
                }
            }
        }
        let linked = if dynamic {
            [0; 9]
        } else {
            screen.strong().linked
        };
        Rc::new(SourceClosures {
            grid: GridSets {
                masks: screen.masks,
                planes: screen.planes,
            },
            at,
            sets,
            linked,
        })
    };
    if dynamic {
        source.dynamic = Some(ready.clone());
    } else {
        source.reaches = Some(ready.clone());
    }
    NESTED_SOURCE.with(|s| *s.borrow_mut() = Some(source));
    Some(ready)
}

/// Where a reduced grid differs from the source: the cells that lost candidates, the units
/// that lost places of a digit, and per digit the cells of both.
struct Reduction {
    touched: [u128; 9],
    lost_cells: u128,
    lost_units: ArrayVec<(u8, u128), 243>,
}

impl Reduction {
    /// How the grid of `masks` and `planes` was reduced from `source` (`None` for a grid
    /// that was not: one with a candidate the source lacks).
    fn between(source: &GridSets, masks: &[u16; 81], planes: &[u128; 9]) -> Option<Reduction> {
        let mut lost_cells = 0u128;
        for (cell, (&here, &there)) in masks.iter().zip(&source.masks).enumerate() {
            if here & !there != 0 {
                return None;
            }
            if here != there {
                lost_cells |= bit(cell);
            }
        }
        let mut reduction = Reduction {
            touched: [lost_cells; 9],
            lost_cells,
            lost_units: ArrayVec::new(),
        };
        for (d, (&here, &there)) in planes.iter().zip(&source.planes).enumerate() {
            if here == there {
                continue;
            }
            for unit in crate::geometry::Unit::all() {
                let unit = unit.cell_set().0;
                if here & unit != there & unit {
                    reduction.touched[d] |= unit;
                    reduction.lost_units.push((d as u8, unit));
                }
            }
        }
        Some(reduction)
    }
}

/// The parts of a Multiple or Dynamic Forcing Chains search that may give a hint, in the
/// search's own terms: the search runs only these, and the others give none (a hint comes
/// from one part, and what a part finds does not depend on which others ran).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Plan {
    /// Per cell, the digits (bit `digit - 1`) whose binary chains may give a hint.
    pub binary: [u16; 81],
    /// Per cell, for each digit `d` three bits from `3 * (d - 1)`: the units (box, row,
    /// column) whose region chains, started from this cell, may give a hint.
    pub regions: [u32; 81],
    /// The cells whose cell chains may give a hint.
    pub cells: u128,
}

impl Plan {
    /// Whether any part of `cell` may give a hint.
    pub fn has(&self, cell: Cell) -> bool {
        self.binary[cell] != 0 || self.regions[cell] != 0 || self.cells & bit(cell) != 0
    }
}

/// The candidates a Forcing Chains & Cycles search may find a hint from (bit `digit - 1` per
/// cell): the search starts chains and cycles only from these, and the others give none.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct LoopPlan {
    /// Forcing chains from the candidate "on" (to its "off").
    pub on_forcing: [u16; 81],
    /// Forcing chains from the candidate "off" (to its "on").
    pub off_forcing: [u16; 81],
    /// Bidirectional cycles through the candidate.
    pub cycles: [u16; 81],
    /// Bidirectional X-cycles through the candidate (a subset of `cycles`).
    pub x_cycles: [u16; 81],
}

impl LoopPlan {
    /// Whether no chain or cycle can give a hint.
    fn is_empty(&self) -> bool {
        self.on_forcing.iter().all(|&m| m == 0) && self.off_forcing.iter().all(|&m| m == 0)
    }

    /// Whether a search from `cell` = `digit` may give a hint: (cycles, forcing from "on",
    /// forcing from "off"), for X links only or not.
    pub fn of(&self, cell: Cell, digit: Digit, x_only: bool) -> (bool, bool, bool) {
        let b = 1 << (digit - 1);
        (
            if x_only {
                self.x_cycles[cell] & b != 0
            } else {
                self.cycles[cell] & b != 0
            },
            self.on_forcing[cell] & b != 0,
            self.off_forcing[cell] & b != 0,
        )
    }
}

/// The screen's answer.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Verdict {
    /// The rule's search finds no hint on this grid.
    NoHint,
    /// Only these parts of the search may find one: run them.
    Only(Box<Plan>),
    /// Only chains and cycles from these candidates may find one (Forcing Chains & Cycles).
    Loops(Box<LoopPlan>),
    /// It may find one: run it all.
    Search,
}

/// Whether `rule`'s search over `grid` can find a hint, and for Multiple and Dynamic Forcing
/// Chains where. Only plain (level 0) Forcing Chains & Cycles, Multiple and Dynamic Forcing
/// Chains are screened; every other rule gets [`Verdict::Search`].
pub(super) fn screen(rule: Rule, grid: &Grid) -> Verdict {
    if rule == Rule::FORCING_CHAINS_AND_CYCLES {
        let mut screen = Screen::new(rule, grid);
        let plan = screen.loop_plan();
        screen.keep_static_closures();
        return match plan {
            None => Verdict::Search,
            Some(plan) if plan.is_empty() => Verdict::NoHint,
            Some(plan) => Verdict::Loops(Box::new(plan)),
        };
    }
    if !rule.multiple || rule.nishio || rule.level != 0 {
        return Verdict::Search;
    }
    let mut screen = Screen::new(rule, grid);
    let plan = screen.plan();
    screen.keep_static_closures();
    if (0..81).any(|cell| plan.has(cell)) {
        Verdict::Only(Box::new(plan))
    } else {
        Verdict::NoHint
    }
}

fn bit(cell: Cell) -> u128 {
    1u128 << cell
}

/// Whether a candidate mask holds exactly two digits (without a population count, which a
/// baseline x86-64 target lacks).
fn is_pair(mask: u16) -> bool {
    let rest = mask & mask.wrapping_sub(1);
    rest != 0 && rest & rest.wrapping_sub(1) == 0
}

/// A cell's box, row and column as cell masks, in SE's link order.
fn box_row_column(cell: Cell) -> [u128; 3] {
    se_order::unit_sets_of(cell).map(|set| set.0)
}

impl<'g> Screen<'g> {
    pub(super) fn new(rule: Rule, grid: &'g Grid) -> Screen<'g> {
        let mut planes = [0u128; 9];
        for (d, plane) in planes.iter_mut().enumerate() {
            *plane = grid.digit_cells(d as Digit + 1).0;
        }
        let masks = grid.candidate_masks();
        let mut multi = 0u128;
        for (cell, &m) in masks.iter().enumerate() {
            if m & m.wrapping_sub(1) != 0 {
                multi |= 1 << cell;
            }
        }
        let kept = if rule.dynamic {
            None
        } else {
            take_static_closures().filter(|kept| kept.masks == masks)
        };
        let closures = kept.unwrap_or_else(|| Closures {
            at: [0; 729],
            sets: take_one(&SPARE_SETS).unwrap_or_default(),
            contradicted: [0; 12],
            masks,
            strong: None,
        });
        let source = source_closures(rule.dynamic).and_then(|source| {
            let reduction = Reduction::between(&source.grid, &masks, &planes)?;
            Some((source, Box::new(reduction)))
        });
        let mut screen = Screen {
            grid,
            dynamic: rule.dynamic,
            masks,
            planes,
            multi,
            closures,
            source,
        };
        if !rule.dynamic && screen.closures.strong.is_none() {
            screen.list_strong_links();
        }
        screen
    }

    /// Fills `strong` from the grid's bivalue cells and the units where a digit has two
    /// places.
    fn list_strong_links(&mut self) {
        let mut strong = take_one(&SPARE_STRONG).unwrap_or_else(|| {
            Box::new(StrongLinks {
                to: [[(0, 0); 4]; 729],
                count: [0; 729],
                linked: [0; 9],
            })
        });
        strong.linked = [0; 9];
        for cell in 0..81 {
            let mask = self.masks[cell];
            let mut digits = mask;
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                let index = cell * 9 + d;
                let mut count = 0;
                if is_pair(mask) {
                    let other = (mask & !(1 << d)).trailing_zeros() as u8;
                    strong.to[index][count] = (cell as u8, other);
                    count += 1;
                }
                for unit in box_row_column(cell) {
                    let places = CellSet(self.planes[d] & unit);
                    if places.is_pair() {
                        let other = places.without(cell).first().expect("two places") as u8;
                        // (a place met again in the cell's row or column is listed once)
                        if !strong.to[index][..count].contains(&(other, d as u8)) {
                            strong.to[index][count] = (other, d as u8);
                            count += 1;
                        }
                    }
                }
                strong.count[index] = count as u8;
                if count > 0 {
                    strong.linked[d] |= bit(cell);
                }
            }
        }
        self.closures.strong = Some(strong);
    }

    /// The strong links of a static screen.
    fn strong(&self) -> &StrongLinks {
        self.closures
            .strong
            .as_ref()
            .expect("a static screen lists its strong links")
    }

    /// Leaves a static screen's closures for the next screen of the same grid.
    fn keep_static_closures(self) {
        if !self.dynamic {
            drop(take_static_closures()); // (the one it replaces, counted out)
            let bytes = self.closures.heap_bytes();
            if reserve_spare(bytes) {
                STATIC_CLOSURES.with(|k| k.set(Some((self.closures, bytes))));
            }
        }
    }

    /// The parts of the search that may give a hint (or that the screen leaves to the
    /// search): the search's loops, over sets instead of chains.
    fn plan(&mut self) -> Plan {
        let mut plan = Plan {
            binary: [0; 81],
            regions: [0; 81],
            cells: 0,
        };
        for cell in 0..81 {
            if crate::deadline::expired() {
                break; // (the search it plans gives no hint now)
            }
            let mask = self.masks[cell];
            let count = mask.count_ones();
            if self.grid.value(cell) != 0 {
                continue;
            }
            // The cells the search processes: two or more candidates when dynamic, three or
            // more when static.
            if !(count > 2 || (count > 1 && self.dynamic)) {
                continue;
            }
            let mut branches: ArrayVec<usize, 9> = ArrayVec::new();
            // A branch that met a contradiction: the search's partial closure depends on its
            // order, so what it shares with others is left to the search.
            let mut cut_short = false;
            for digit in self.grid.candidates(cell) {
                let d = digit as usize - 1;
                let on = self.on_closure(cell, digit);
                if self.dynamic {
                    // A contradiction either way is a hint; so is a potential both imply.
                    let hint = match (on, self.off_closure(cell, digit)) {
                        (Some(on), Some(Some(off))) => {
                            count >= 3 && self.common_conclusion(&[on, off])
                        }
                        (Some(_), Some(None)) => false, // "off" implies nothing else
                        _ => true,
                    };
                    if hint {
                        plan.binary[cell] |= 1 << d;
                    }
                }
                plan.regions[cell] |= self.region_units(cell, digit) << (3 * d);
                match on {
                    Some(on) => branches.push(on),
                    None => cut_short = true,
                }
            }
            if cut_short || self.common_conclusion(&branches) {
                plan.cells |= bit(cell);
            }
        }
        plan
    }

    /// Where Forcing Chains & Cycles can find a hint: the candidates whose "on" reaches their
    /// "off" over the static links, those whose "off" reaches their "on" (through a strong
    /// link's partner, since "off" turns on exactly those), and the cycle sources that may
    /// remove something. A bidirectional cycle removes a candidate `r` that sees an "on" node
    /// and an "off" node of its digit on the loop: assuming `r` true turns the second off,
    /// which leads round the loop to the first turned on, which turns `r` off. So `r` has a
    /// forcing chain of its own, its "on" reaches every node of the loop, the cycle's source
    /// among them, and the source's "on" reaches the first node, so `r`'s "off". A cycle from
    /// a source that reaches no such `r` both ways removes nothing. `None`
    /// (search everything) for a grid with a cell whose only candidate's digit is still in a
    /// peer (which no grid the pipeline or an outer chain makes has), since the search starts
    /// no chain there.
    pub(super) fn loop_plan(&mut self) -> Option<LoopPlan> {
        let source = LOOP_FREE_SOURCE
            .with(|s| s.get())
            .filter(|source| (0..81).all(|c| self.masks[c] & !source.masks[c] == 0));
        self.loop_plan_with(source.as_ref())
    }

    /// [`Screen::loop_plan`], given the candidates of a grid this one was reduced from whose
    /// own loop plan is empty (`loop_free_source`), or not. With one, only the reaches of the
    /// strong links the reduction made are needed. The static links form an implication
    /// graph where `u` leads to `v` exactly when "not `v`" leads to "not `u`" (a weak link
    /// joins two "on"s to two "off"s both ways, a strong link two "off"s to two "on"s). A
    /// path here that used only links the source has would be one there, so every chain
    /// from a candidate to its opposite uses a new strong link `off(u) -> on(v)`. "On" `c`
    /// reaches "off" `c` over it when "on" `c` reaches "off" `u` and "on" `v` reaches "off"
    /// `c`, that is, when the "on" closures of both `u` and `v` hold "off" `c`; "off" `c`
    /// reaches "on" `c` when both hold "on" `c`. Likewise a cycle source `s` and a removed
    /// candidate `r` reach each other exactly when the closure of `r` holds both "on" and
    /// "off" `s`.
    pub(super) fn loop_plan_with(
        &mut self,
        loop_free_source: Option<&GridSets>,
    ) -> Option<LoopPlan> {
        let mut plan = LoopPlan {
            on_forcing: [0; 81],
            off_forcing: [0; 81],
            cycles: [0; 81],
            x_cycles: [0; 81],
        };
        for cell in 0..81 {
            let mask = self.masks[cell];
            if self.grid.value(cell) == 0 && mask != 0 && mask & (mask - 1) == 0 {
                let d = mask.trailing_zeros() as usize;
                if self.planes[d] & peers(cell).0 != 0 {
                    return None;
                }
            }
        }
        let starts = self.chain_starts();
        let removers = match loop_free_source {
            Some(source) => self.forcing_from_new_links(source, starts, &mut plan),
            None => self.forcing_from_every_candidate(starts, &mut plan),
        };
        // A cycle source and a candidate its cycle removes reach each other: the source's
        // "on" turns the removed candidate off, whose "on" reaches the source's. By the
        // graph's symmetry, the removed candidate's "on" reaches both the source's "on" and
        // its "off".
        for &(_, r_d, r_at) in &removers {
            let reach = &self.closures.sets[r_at];
            for (d, (&on, &off)) in reach.on.iter().zip(&reach.off).enumerate() {
                let sources = on & off & starts;
                if sources == 0 {
                    continue;
                }
                let b = 1 << d;
                // An X-cycle's nodes, and what it removes, are of its one digit.
                let x_cycle = d == r_d;
                for cell in CellSet(sources).iter() {
                    plan.cycles[cell] |= b;
                    if x_cycle {
                        plan.x_cycles[cell] |= b;
                    }
                }
            }
        }
        Some(plan)
    }

    /// The cells chains start from: unsolved, with two candidates or more.
    fn chain_starts(&self) -> u128 {
        let mut starts = 0u128;
        for cell in 0..81 {
            let mask = self.masks[cell];
            if self.grid.value(cell) == 0 && mask & mask.wrapping_sub(1) != 0 {
                starts |= bit(cell);
            }
        }
        starts
    }

    /// Fills the plan's forcing chains from every candidate's own reach; returns the
    /// candidates a forcing chain removes, with their reaches.
    fn forcing_from_every_candidate(
        &mut self,
        starts: u128,
        plan: &mut LoopPlan,
    ) -> Vec<(Cell, usize, usize)> {
        let mut removers = Vec::new();
        for cell in CellSet(starts).iter() {
            for digit in self.grid.candidates(cell) {
                let d = digit as usize - 1;
                let own = self.closure_at(cell, digit);
                if self.closures.sets[own].off[d] & bit(cell) != 0 {
                    plan.on_forcing[cell] |= 1 << d;
                    removers.push((cell, d, own));
                }
                let index = cell * 9 + d;
                for i in 0..self.strong().count[index] as usize {
                    let (other, y) = self.strong().to[index][i];
                    let at = self.closure_at(other as Cell, y + 1);
                    if self.closures.sets[at].on[d] & bit(cell) != 0 {
                        plan.off_forcing[cell] |= 1 << d;
                        break;
                    }
                }
            }
        }
        removers
    }

    /// Fills the plan's forcing chains from the reaches of the strong links that are not in
    /// `source` (see [`Screen::loop_plan_with`]); returns what [`Screen::forcing_from_every_candidate`]
    /// does.
    fn forcing_from_new_links(
        &mut self,
        source: &GridSets,
        starts: u128,
        plan: &mut LoopPlan,
    ) -> Vec<(Cell, usize, usize)> {
        // Where a new link can be: a cell that lost candidates, or a unit that lost places
        // of the digit.
        let lost_units = Reduction::between(source, &self.masks, &self.planes)
            .expect("a grid reduced from the source")
            .touched;
        let source_planes = &source.planes;
        let (mut on_forcing, mut off_forcing) = ([0u128; 9], [0u128; 9]);
        for (cell, &source_mask) in source.masks.iter().enumerate() {
            let mut digits = self.masks[cell];
            while digits != 0 {
                let d = digits.trailing_zeros() as usize;
                digits &= digits - 1;
                if lost_units[d] & bit(cell) == 0 {
                    continue;
                }
                let index = cell * 9 + d;
                for i in 0..self.strong().count[index] as usize {
                    let (other, y) = self.strong().to[index][i];
                    let (other, y) = (other as usize, y as usize);
                    // Each link once, from its first end.
                    if other * 9 + y < index {
                        continue;
                    }
                    let in_source = if other == cell {
                        source_mask == self.masks[cell]
                    } else {
                        let pair = bit(cell) | bit(other);
                        box_row_column(cell)
                            .iter()
                            .any(|&unit| unit & pair == pair && source_planes[d] & unit == pair)
                    };
                    if in_source {
                        continue;
                    }
                    let a = self.closure_at(cell, d as Digit + 1);
                    let b = self.closure_at(other, y as Digit + 1);
                    let (a, b) = (&self.closures.sets[a], &self.closures.sets[b]);
                    for x in 0..9 {
                        on_forcing[x] |= a.off[x] & b.off[x];
                        off_forcing[x] |= a.on[x] & b.on[x];
                    }
                }
            }
        }
        let mut removers = Vec::new();
        for d in 0..9 {
            for cell in CellSet(on_forcing[d] & starts).iter() {
                plan.on_forcing[cell] |= 1 << d;
                let at = self.closure_at(cell, d as Digit + 1);
                removers.push((cell, d, at));
            }
            for cell in CellSet(off_forcing[d] & starts).iter() {
                plan.off_forcing[cell] |= 1 << d;
            }
        }
        removers
    }

    /// Everything assuming `cell` = digit index `d` reaches over the static links (Y and X),
    /// contradictions and all. Only "on" candidates are queued: each turns off its cell's
    /// other candidates and its digit's other places at once, as sets, and of those only the
    /// ones with a strong link turn anything on.
    fn reach(&self, cell: Cell, d: usize) -> Implied {
        let strong = self.strong();
        let (mut on_set, mut off_set) = ([0u128; 9], [0u128; 9]);
        let mut to_on: ArrayVec<(u8, u8), 729> = ArrayVec::new();
        on_set[d] = bit(cell);
        to_on.push((cell as u8, d as u8));
        let (at, sets) = (&self.closures.at, &self.closures.sets);
        // Turns on what turning `(c, y)` off turns on. A candidate whose reach is known
        // already brings all of it at once: that set is closed, so nothing in it needs
        // following again.
        let partners = |on_set: &mut [u128; 9],
                        off_set: &mut [u128; 9],
                        to_on: &mut ArrayVec<(u8, u8), 729>,
                        c: usize,
                        y: usize| {
            let index = c * 9 + y;
            for &(cell_on, z) in &strong.to[index][..strong.count[index] as usize] {
                let (cell_on, z) = (cell_on as usize, z as usize);
                if on_set[z] & bit(cell_on) != 0 {
                    continue;
                }
                match at[cell_on * 9 + z] {
                    0 => {
                        on_set[z] |= bit(cell_on);
                        to_on.push((cell_on as u8, z as u8));
                    }
                    known => {
                        let known = &sets[known as usize - 1];
                        for x in 0..9 {
                            on_set[x] |= known.on[x];
                            off_set[x] |= known.off[x];
                        }
                    }
                }
            }
        };
        while let Some((c, x)) = to_on.pop() {
            let (c, x) = (c as usize, x as usize);
            let mut others = self.masks[c] & !(1 << x);
            while others != 0 {
                let y = others.trailing_zeros() as usize;
                others &= others - 1;
                if off_set[y] & bit(c) == 0 {
                    off_set[y] |= bit(c);
                    if strong.linked[y] & bit(c) != 0 {
                        partners(&mut on_set, &mut off_set, &mut to_on, c, y);
                    }
                }
            }
            let turned = self.planes[x] & peers(c).0 & !off_set[x];
            off_set[x] |= turned;
            let mut linked = turned & strong.linked[x];
            while linked != 0 {
                let other = linked.trailing_zeros() as usize;
                linked &= linked - 1;
                partners(&mut on_set, &mut off_set, &mut to_on, other, x);
            }
        }
        Implied {
            on: on_set,
            off: off_set,
        }
    }

    /// Region chains from `cell`, for the units where it is the digit's first place: the
    /// units (bits 0-2: box, row, column) where every place's "on" closure shares a
    /// conclusion, or one of them met a contradiction.
    fn region_units(&mut self, cell: Cell, digit: Digit) -> u32 {
        let plane = self.planes[digit as usize - 1];
        let mut units = 0;
        for (i, unit) in box_row_column(cell).into_iter().enumerate() {
            let places = plane & unit;
            // Two places or more (the rule is multiple), and `cell` first among them.
            if places & places.wrapping_sub(1) == 0 || places.trailing_zeros() as Cell != cell {
                continue;
            }
            let mut branches: ArrayVec<usize, 9> = ArrayVec::new();
            let mut cut_short = false;
            for place in CellSet(places).iter() {
                match self.on_closure(place, digit) {
                    Some(at) => branches.push(at),
                    None => cut_short = true,
                }
            }
            if cut_short || self.common_conclusion(&branches) {
                units |= 1 << i;
            }
        }
        units
    }

    /// Whether every branch (an "on" closure, by its place in `closures.sets`) implies some
    /// potential whose conclusion removes something: an "off" one always does, an "on" one
    /// when its cell has another candidate.
    fn common_conclusion(&self, branches: &[usize]) -> bool {
        let Some((&first, rest)) = branches.split_first() else {
            return false;
        };
        let first = &self.closures.sets[first];
        (0..9).any(|d| {
            let (mut on, mut off) = (first.on[d] & self.multi, first.off[d]);
            for &b in rest {
                let b = &self.closures.sets[b];
                on &= b.on[d];
                off &= b.off[d];
            }
            on | off != 0
        })
    }

    /// The "on" closure of a candidate, computed once: its place in `closures.sets`, `None`
    /// when it meets a contradiction.
    fn on_closure(&mut self, cell: Cell, digit: Digit) -> Option<usize> {
        let at = self.closure_at(cell, digit);
        let index = cell * 9 + digit as usize - 1;
        (self.closures.contradicted[index / 64] & (1 << (index % 64)) == 0).then_some(at)
    }

    /// Where the "on" closure of a candidate is in `closures.sets`, computed if need be.
    fn closure_at(&mut self, cell: Cell, digit: Digit) -> usize {
        let index = cell * 9 + digit as usize - 1;
        let at = self.closures.at[index];
        if at != 0 {
            return at as usize - 1;
        }
        let (implied, contradicted) = if self.dynamic {
            match self.unchanged_source_closure(index) {
                Some(implied) => (implied, false),
                None => match self.close(cell, digit, true) {
                    Some(implied) => (implied, false),
                    None => (Implied::NONE, true),
                },
            }
        } else {
            let implied = self
                .unchanged_source_closure(index)
                .unwrap_or_else(|| self.reach(cell, digit as usize - 1));
            (implied, implied.contradictory())
        };
        if contradicted {
            self.closures.contradicted[index / 64] |= 1 << (index % 64);
        }
        self.closures.sets.push(implied);
        self.closures.at[index] = self.closures.sets.len() as u16;
        self.closures.sets.len() - 1
    }

    /// The source's closure of candidate `index`, when it is this grid's too (see
    /// [`SourceClosures`]).
    fn unchanged_source_closure(&self, index: usize) -> Option<Implied> {
        let (source, reduction) = self.source.as_ref()?;
        let at = source.at[index].checked_sub(1)?;
        let known = &source.sets[at as usize];
        if !self.dynamic {
            return self.unchanged_source_reach(source, reduction, known);
        }
        if (0..9).all(|d| known.off[d] & reduction.touched[d] == 0) {
            return Some(*known);
        }
        // A cell or unit that lost candidates, where the closure turns some off, reads the
        // same here as there as long as two or more are left: no single, no contradiction.
        let mut cells = 0u128;
        for off in &known.off {
            cells |= off & reduction.lost_cells;
        }
        for cell in CellSet(cells).iter() {
            let mut off_mask = 0u16;
            for (d, off) in known.off.iter().enumerate() {
                off_mask |= (((off >> cell) & 1) as u16) << d;
            }
            let left = self.masks[cell] & !off_mask;
            if left & left.wrapping_sub(1) == 0 {
                return None;
            }
        }
        for &(d, unit) in &reduction.lost_units {
            let off = known.off[d as usize];
            if off & unit == 0 {
                continue;
            }
            let left = self.planes[d as usize] & unit & !off;
            if left & left.wrapping_sub(1) == 0 {
                return None;
            }
        }
        Some(*known)
    }

    /// The source's static reach `known` of a candidate, as this grid's (see
    /// [`SourceClosures`]), when it touches no candidate the reduction removed but as an
    /// "off" one without a strong link there (which leads nowhere), and no "off" candidate
    /// with a strong link here in a cell or unit that changed (which may be a new link).
    fn unchanged_source_reach(
        &self,
        source: &SourceClosures,
        reduction: &Reduction,
        known: &Implied,
    ) -> Option<Implied> {
        let linked = &self.strong().linked;
        let mut reach = *known;
        for (d, off) in reach.off.iter_mut().enumerate() {
            let removed = source.grid.planes[d] & !self.planes[d];
            if known.on[d] & removed != 0
                || *off & removed & source.linked[d] != 0
                || *off & linked[d] & reduction.touched[d] != 0
            {
                return None;
            }
            *off &= self.planes[d];
        }
        Some(reach)
    }

    /// A candidate's static reach, computed (for tests).
    #[cfg(test)]
    pub(super) fn reach_of(&self, cell: Cell, digit: Digit) -> Implied {
        self.reach(cell, digit as usize - 1)
    }

    /// The source's closure of a candidate when it is this grid's too (for tests).
    #[cfg(test)]
    pub(super) fn source_closure_of(&self, cell: Cell, digit: Digit) -> Option<Implied> {
        self.unchanged_source_closure(cell * 9 + digit as usize - 1)
    }

    /// The "off" closure of a candidate (dynamic): when a strong link leads from it (its
    /// cell's other candidate, of two; its digit's other place, of two, in a unit) it is the
    /// "on" closure of that partner, since each implies the other (`Some(Some(i))`, or `None`
    /// for a contradiction); without one it implies nothing more (`Some(None)`).
    fn off_closure(&mut self, cell: Cell, digit: Digit) -> Option<Option<usize>> {
        let d = digit as usize - 1;
        let mask = self.masks[cell];
        if is_pair(mask) {
            let other = (mask & !(1 << d)).trailing_zeros() as Digit + 1;
            return self.on_closure(cell, other).map(Some);
        }
        for unit in box_row_column(cell) {
            let places = CellSet(self.planes[d] & unit);
            if places.is_pair() {
                let other = places.without(cell).first().expect("two places");
                return self.on_closure(other, digit).map(Some);
            }
        }
        Some(None)
    }

    /// The "on" closure of a candidate as the screen keeps it (computed if need be), as sets,
    /// or `None` when it meets a contradiction (for tests comparing it with the search's).
    #[cfg(test)]
    pub(super) fn kept_on_closure(&mut self, cell: Cell, digit: Digit) -> Option<Implied> {
        self.on_closure(cell, digit)
            .map(|at| self.closures.sets[at])
    }

    /// What [`Screen::off_closure`] takes the "off" closure of a candidate to be, as sets
    /// (for tests comparing it with the closure itself).
    #[cfg(test)]
    pub(super) fn off_closure_as_sets(&mut self, cell: Cell, digit: Digit) -> Option<Implied> {
        match self.off_closure(cell, digit)? {
            Some(at) => Some(self.closures.sets[at]),
            None => {
                let mut implied = Implied::NONE;
                implied.off[digit as usize - 1] = bit(cell);
                Some(implied)
            }
        }
    }

    /// Everything assuming `cell` = `digit` (`on`) or `cell` <> `digit` implies under the
    /// dynamic link rules, or `None` when it meets a contradiction (static closures are
    /// [`Screen::reach`]).
    pub(super) fn close(&self, cell: Cell, digit: Digit, on: bool) -> Option<Implied> {
        let mut state = Closing {
            implied: Implied::NONE,
            off_masks: [0u16; 81],
            to_on: ArrayVec::new(),
            to_off: ArrayVec::new(),
        };
        let d = digit as usize - 1;
        if on {
            state.implied.on[d] |= bit(cell);
            state.to_on.push((cell as u8, d as u8));
        } else {
            state.implied.off[d] |= bit(cell);
            state.off_masks[cell] |= 1 << d;
            state.to_off.push((cell as u8, d as u8));
        }
        loop {
            if let Some((c, d)) = state.to_on.pop() {
                let (c, d) = (c as usize, d as usize);
                let Closing {
                    implied,
                    off_masks,
                    to_off,
                    ..
                } = &mut state;
                // The cell's other candidates.
                let mut others = self.masks[c] & !(1 << d) & !off_masks[c];
                while others != 0 {
                    let x = others.trailing_zeros() as usize;
                    others &= others - 1;
                    if implied.on[x] & bit(c) != 0 {
                        return None;
                    }
                    off_masks[c] |= 1 << x;
                    implied.off[x] |= bit(c);
                    to_off.push((c as u8, x as u8));
                }
                // The digit's other places among the cell's peers.
                let turned = self.planes[d] & peers(c).0 & !implied.off[d];
                if turned & implied.on[d] != 0 {
                    return None;
                }
                implied.off[d] |= turned;
                for other in CellSet(turned).iter() {
                    off_masks[other] |= 1 << d;
                    to_off.push((other as u8, d as u8));
                }
            } else if let Some((c, d)) = state.to_off.pop() {
                let (c, d) = (c as usize, d as usize);
                let mask = self.masks[c];
                let left = mask & !state.off_masks[c];
                if left == 0 {
                    if mask & mask.wrapping_sub(1) != 0 {
                        return None;
                    }
                } else if left & (left - 1) == 0 {
                    let x = left.trailing_zeros() as usize;
                    if !self.turn_on(&mut state, c, x) {
                        return None;
                    }
                }
                for unit in box_row_column(c) {
                    let places = self.planes[d] & unit;
                    let left = places & !state.implied.off[d];
                    if left == 0 {
                        if places & places.wrapping_sub(1) != 0 {
                            return None;
                        }
                    } else if left & left.wrapping_sub(1) == 0 {
                        let other = left.trailing_zeros() as usize;
                        if !self.turn_on(&mut state, other, d) {
                            return None;
                        }
                    }
                }
            } else {
                // (every contradiction is met above; this only guards that claim)
                let implied = state.implied;
                return (!implied.contradictory()).then_some(implied);
            }
        }
    }

    /// Turns `cell` = digit index `d` on; false when it is already off (a contradiction). A
    /// candidate whose "on" closure is known already brings all of it at once (a
    /// contradiction if that closure met one): everything it implies on a grid with fewer
    /// candidates off, this closure implies too (more "off" only leaves cells and units
    /// fewer candidates). Its "on" candidates need no following again; its "off" ones are
    /// queued, since with this closure's other "off" candidates they may leave a single.
    fn turn_on(&self, state: &mut Closing, cell: Cell, d: usize) -> bool {
        let implied = &mut state.implied;
        if implied.off[d] & bit(cell) != 0 {
            return false;
        }
        if implied.on[d] & bit(cell) != 0 {
            return true;
        }
        let index = cell * 9 + d;
        let known = self.closures.at[index];
        if known == 0 {
            implied.on[d] |= bit(cell);
            state.to_on.push((cell as u8, d as u8));
            return true;
        }
        if self.closures.contradicted[index / 64] & (1 << (index % 64)) != 0 {
            return false;
        }
        let known = &self.closures.sets[known as usize - 1];
        for x in 0..9 {
            if known.on[x] & implied.off[x] != 0 || known.off[x] & implied.on[x] != 0 {
                return false;
            }
            implied.on[x] |= known.on[x];
            let mut fresh = known.off[x] & !implied.off[x];
            implied.off[x] |= fresh;
            while fresh != 0 {
                let c = fresh.trailing_zeros() as usize;
                fresh &= fresh - 1;
                state.off_masks[c] |= 1 << x;
                state.to_off.push((c as u8, x as u8));
            }
        }
        true
    }
}
