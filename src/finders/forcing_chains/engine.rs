//! The chaining search itself, as Sudoku Explainer 1.2.1's `Chaining` rule runs it.
//!
//! From an assumption, implications are followed breadth first:
//! - an "on" candidate turns off the cell's other candidates (Y links, unless in Nishio mode)
//!   and the digit's other places in its box, row and column, in that order (X links);
//! - an "off" candidate turns on the cell's last candidate when the cell had two (Y), and the
//!   digit's last place in a box, row or column that had two (X).
//!
//! Static searches read the grid as it is. Dynamic ones remove every candidate turned off
//! from a working copy as they go, so later links see the reduced grid; a link made possible
//! by earlier removals lists those removals as extra parents ("hidden parents"), which is what
//! makes dynamic chains longer and harder. From level 1 on, when the implications run dry,
//! simpler techniques (and at levels 2 to 5 whole chaining rules) are applied to the reduced
//! grid and what they remove feeds the search again ([`super::advanced`]).
//!
//! The order of every loop (cells, digits, units box-row-column, queue discipline) is SE's,
//! since it decides which chain is met first and so the complexity and rating.

use std::collections::VecDeque;

use arrayvec::ArrayVec;
use std::rc::Rc;

use crate::finders::se_order;
use crate::geometry::{peers, Cell, CellSet, Digit, Unit};
use crate::grid::Grid;
use crate::technique::{Facts, Technique};

use super::advanced;
use super::hint::{complexity, cycle_technique, forcing_chain_technique, technique_of};
use super::potentials::{
    give_spare, key, take_spare, CandidateSet, FastMap, FastSet, KeySet, PotentialSet,
};
use super::screen::{screen, LoopPlan, Plan, Verdict};
use super::types::{Arena, Cause, ChainHint, HintKind, Rule};

/// A potential derived by one link, before it becomes a node.
struct Derived {
    cell: Cell,
    digit: Digit,
    cause: Cause,
    /// Main parent first, then hidden parents (at most 7 other places or 8 other digits).
    parents: ArrayVec<u32, 9>,
}

/// What one "on" potential turns off: at most 8 other digits and 20 peers.
type Offs = ArrayVec<(Cell, Digit, Cause), 28>;
/// What one "off" potential turns on: the cell's last digit and one place per unit.
type Ons = ArrayVec<Derived, 4>;

/// What an "on" potential turns off in `grid` (see [`Search::on_to_off`]).
fn on_to_off_in(grid: &Grid, cell: Cell, digit: Digit, y_links: bool, out: &mut Offs) {
    out.clear();
    if y_links {
        for d in grid.candidates(cell).without(digit) {
            out.push((cell, d, Cause::NakedSingle));
        }
    }
    let places = grid.digit_cells(digit).without(cell);
    let [b, r, c] = se_order::units_of(cell);
    let in_box = places & b.cell_set();
    for other in in_box.iter() {
        out.push((other, digit, Cause::HiddenBox));
    }
    // Cells of the cell's box met again in its row or column are already listed.
    for other in ((places & r.cell_set()) - in_box).iter() {
        out.push((other, digit, Cause::HiddenRow));
    }
    for other in ((places & c.cell_set()) - in_box).iter() {
        out.push((other, digit, Cause::HiddenColumn));
    }
}

/// The link rules of an "off" potential in `grid`, in SE's order: the cell's last candidate
/// when it had two (Y links; `unit` is `None`), then the digit's last place in its box, row
/// and column (X links, each place once; `unit` is the unit that forces it).
fn off_to_on_links(
    grid: &Grid,
    cell: Cell,
    digit: Digit,
    y_links: bool,
    x_links: bool,
    mut each: impl FnMut(Cell, Digit, Cause, Option<Unit>),
) {
    if y_links {
        let cands = grid.candidates(cell);
        if cands.len() == 2 {
            let other = cands.without(digit).first().expect("two candidates");
            each(cell, other, Cause::NakedSingle, None);
        }
    }
    if x_links {
        let mut met = CellSet::EMPTY;
        for unit in se_order::units_of(cell) {
            let places = grid.digit_cells(digit) & unit.cell_set();
            if !places.is_pair() {
                continue;
            }
            let other = places.without(cell).first().expect("two places");
            if met.contains(other) {
                continue;
            }
            met = met.with(other);
            each(other, digit, hidden_cause(unit), Some(unit));
        }
    }
}

/// One link of [`StaticLinks`]: the potential it reaches.
#[derive(Clone, Copy)]
struct StaticLink {
    cell: u8,
    digit: Digit,
    cause: Cause,
}

/// Every link of a grid that a rule never changes (static rules), listed once per potential
/// in the order the link rules give them, Y links first: the searches of such a rule follow
/// the same links from hundreds of starting points.
struct StaticLinks {
    /// Per candidate index (cell * 9 + digit - 1), where its "on" potential's links start in
    /// `offs`, and how many of them are Y links; the same for "off" potentials in `ons`.
    off_ranges: Vec<(u32, u8)>,
    offs: Vec<StaticLink>,
    on_ranges: Vec<(u32, u8)>,
    ons: Vec<StaticLink>,
}

impl StaticLinks {
    fn of(grid: &Grid) -> StaticLinks {
        let (off_ranges, offs, on_ranges, ons) = take_spare(&SPARE_LINKS).unwrap_or_else(|| {
            (
                Vec::with_capacity(CANDIDATES + 1),
                Vec::with_capacity(16 * CANDIDATES),
                Vec::with_capacity(CANDIDATES + 1),
                Vec::with_capacity(2 * CANDIDATES),
            )
        });
        let mut links = StaticLinks {
            off_ranges,
            offs,
            on_ranges,
            ons,
        };
        let mut scratch = Offs::new();
        let link = |cell: Cell, digit: Digit, cause: Cause| StaticLink {
            cell: cell as u8,
            digit,
            cause,
        };
        for cell in 0..81 {
            for digit in 1..=9 {
                let (mut y_offs, mut y_ons) = (0u8, 0u8);
                links.off_ranges.push((links.offs.len() as u32, 0));
                links.on_ranges.push((links.ons.len() as u32, 0));
                if grid.candidates(cell).contains(digit) {
                    on_to_off_in(grid, cell, digit, true, &mut scratch);
                    for &(c, d, cause) in &scratch {
                        y_offs += u8::from(cause == Cause::NakedSingle);
                        links.offs.push(link(c, d, cause));
                    }
                    off_to_on_links(grid, cell, digit, true, true, |c, d, cause, unit| {
                        y_ons += u8::from(unit.is_none());
                        links.ons.push(link(c, d, cause));
                    });
                }
                links.off_ranges.last_mut().expect("pushed").1 = y_offs;
                links.on_ranges.last_mut().expect("pushed").1 = y_ons;
            }
        }
        links.off_ranges.push((links.offs.len() as u32, 0));
        links.on_ranges.push((links.ons.len() as u32, 0));
        links
    }

    fn slice<'a>(
        ranges: &[(u32, u8)],
        all: &'a [StaticLink],
        i: usize,
    ) -> (&'a [StaticLink], usize) {
        let (start, y) = ranges[i];
        (&all[start as usize..ranges[i + 1].0 as usize], y as usize)
    }

    /// An "on" potential's links to "off" ones, and how many lead Y links.
    fn offs_of(&self, cell: Cell, digit: Digit) -> (&[StaticLink], usize) {
        Self::slice(&self.off_ranges, &self.offs, cell * 9 + digit as usize - 1)
    }

    /// An "off" potential's links to "on" ones, and how many lead Y links.
    fn ons_of(&self, cell: Cell, digit: Digit) -> (&[StaticLink], usize) {
        Self::slice(&self.on_ranges, &self.ons, cell * 9 + digit as usize - 1)
    }
}

/// The buffers of a dropped [`StaticLinks`], emptied.
type SpareLinks = (
    Vec<(u32, u8)>,
    Vec<StaticLink>,
    Vec<(u32, u8)>,
    Vec<StaticLink>,
);

impl Drop for StaticLinks {
    fn drop(&mut self) {
        let mut spare: SpareLinks = (
            std::mem::take(&mut self.off_ranges),
            std::mem::take(&mut self.offs),
            std::mem::take(&mut self.on_ranges),
            std::mem::take(&mut self.ons),
        );
        spare.0.clear();
        spare.1.clear();
        spare.2.clear();
        spare.3.clear();
        let bytes = (spare.0.capacity() + spare.2.capacity()) * std::mem::size_of::<(u32, u8)>()
            + (spare.1.capacity() + spare.3.capacity()) * std::mem::size_of::<StaticLink>();
        give_spare(&SPARE_LINKS, spare, bytes, SPARE_LINKS_LIMIT);
    }
}

thread_local! {
    /// Lists of dropped searches, reused: nested chains run thousands of short static inner
    /// searches, each listing its grid's links.
    static SPARE_LINKS: std::cell::RefCell<Vec<(SpareLinks, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Empties this thread's pool of spare link lists.
pub(super) fn drop_spare_links() {
    super::potentials::drop_spares(&SPARE_LINKS);
}

/// Most spare link lists kept per thread.
const SPARE_LINKS_LIMIT: usize = 8;

/// Number of candidates of a grid (81 cells, 9 digits).
const CANDIDATES: usize = 729;

fn hidden_cause(unit: Unit) -> Cause {
    match unit.kind() {
        crate::geometry::UnitKind::Box => Cause::HiddenBox,
        crate::geometry::UnitKind::Row => Cause::HiddenRow,
        crate::geometry::UnitKind::Column => Cause::HiddenColumn,
    }
}

/// What a hint removes, and the digit it places when its conclusion is a true candidate.
type Conclusion = (Vec<(Cell, Digit)>, Option<(Cell, Digit)>);

/// A hint's place in SE's order: difficulty, then complexity, then sort key, then the order
/// found (a stable sort's tie-break). Difficulties are positive, and a positive float's bits
/// order as its value does.
fn order_key((index, hint): (usize, &RawHint)) -> (u64, u32, u8, usize) {
    debug_assert!(hint.difficulty.is_sign_positive() && hint.difficulty.is_finite());
    (
        hint.difficulty.to_bits(),
        hint.complexity,
        hint.sort_key,
        index,
    )
}

/// A hint under construction: everything but the shared arena.
pub(super) struct RawHint {
    pub kind: HintKind,
    pub technique: Technique,
    pub x_links: bool,
    pub y_links: bool,
    pub removable: Vec<(Cell, Digit)>,
    pub placement: Option<(Cell, Digit)>,
    pub complexity: u32,
    pub difficulty: f64,
    pub sort_key: u8,
}

impl RawHint {
    /// A hint of `rule` whose complexity is read off its chains and whose difficulty is the
    /// catalog's rating of its technique with those facts.
    fn new(
        arena: &Arena,
        rule: Rule,
        kind: HintKind,
        (x_links, y_links): (bool, bool),
        (removable, placement): Conclusion,
        sort_key: u8,
    ) -> RawHint {
        let complexity = complexity(arena, &kind.targets());
        let technique = technique_of(rule, &kind, x_links, y_links);
        RawHint {
            kind,
            technique,
            x_links,
            y_links,
            removable,
            placement,
            complexity,
            difficulty: difficulty(rule, technique, complexity),
            sort_key,
        }
    }
}

/// Sudoku Explainer's difficulty of a hint of `rule` named `technique` with chains of this
/// complexity: the catalog's rating of those facts.
fn difficulty(rule: Rule, technique: Technique, complexity: u32) -> f64 {
    technique.se_rating_for(Facts::ForcingChains {
        level: rule.level,
        complexity,
    })
}

/// One run of a chaining rule over one grid.
pub(super) struct Search<'g> {
    pub arena: Arena,
    pub rule: Rule,
    pub grid: &'g Grid,
    pub hints: Vec<RawHint>,
    /// Queues kept between searches so each search does not allocate its own.
    queues: (VecDeque<u32>, VecDeque<u32>),
    /// Closures of "candidate is true" assumptions that region chains computed for later
    /// cells; those cells' own binary chains start from the same assumption and reuse them.
    on_closures: FastMap<(Cell, Digit), Rc<Closure>>,
    /// The grid's links listed once, for rules that never change the grid (listed when the
    /// search runs, so a search the screen ends costs nothing more).
    links: Option<StaticLinks>,
    /// When only the first hint in SE's order is wanted: the lowest difficulty found so far.
    /// Searches whose hints cannot reach it are skipped (a hint of higher difficulty is
    /// never first, whatever its complexity); `None` finds every hint.
    bound: Option<f64>,
    /// The only parts of a multiple-chains search that may give hints, when the screen
    /// named them; `None` runs every part.
    plan: Option<Box<Plan>>,
    /// The only candidates a Forcing Chains & Cycles search may find hints from, when the
    /// screen named them; `None` searches from every candidate.
    loop_plan: Option<Box<LoopPlan>>,
    /// Whether a multiple-chains search ends at the first part that gives a hint (see
    /// [`Search::first_part_only`]).
    first_part_only: bool,
}

/// An inner chaining rule's search, as the nested levels run it ([`advanced::potentials`]).
fn inner_search(rule: Rule, grid: &Grid) -> Vec<ChainHint> {
    Search::new(rule, grid).run()
}

/// Everything one assumption implies, and the contradiction it met, if any.
struct Closure {
    on: PotentialSet,
    off: PotentialSet,
    contradiction: Option<(u32, u32)>,
}

impl<'g> Search<'g> {
    pub fn new(rule: Rule, grid: &'g Grid) -> Search<'g> {
        Search {
            arena: Arena::new(),
            rule,
            grid,
            hints: Vec::new(),
            queues: (VecDeque::new(), VecDeque::new()),
            on_closures: FastMap::default(),
            links: None,
            bound: None,
            plan: None,
            loop_plan: None,
            first_part_only: false,
        }
    }

    /// Lists the grid's links for a static rule, once.
    pub(super) fn list_links(&mut self) {
        if !self.rule.dynamic && self.links.is_none() {
            self.links = Some(StaticLinks::of(self.grid));
        }
    }

    /// A search for the first hint only (see `bound`).
    pub fn first_only(mut self) -> Search<'g> {
        self.bound = Some(f64::INFINITY);
        self
    }

    /// A multiple-chains search that ends as soon as a candidate's chains (its binary and
    /// region chains, or at the end of its cell the cell's) give a hint, returning those hints
    /// in SE's order: not SE's choice among all hints, but a sound one found in a fraction of
    /// the time.
    pub fn first_part_only(mut self) -> Search<'g> {
        self.first_part_only = true;
        self
    }

    /// Whether hints of `technique` cannot come first, whatever their complexity (the
    /// least difficulty is the rating without a length term).
    fn beyond_bound(&self, technique: Technique) -> bool {
        self.beyond_bound_at(technique, 0)
    }

    /// Whether hints of `technique` and complexity at least `complexity` cannot come first
    /// (the difficulty computed as a hint's is, so the comparison is exact).
    fn beyond_bound_at(&self, technique: Technique, complexity: u32) -> bool {
        self.bound
            .is_some_and(|bound| difficulty(self.rule, technique, complexity) > bound)
    }

    fn push_hint(&mut self, hint: RawHint) {
        if let Some(bound) = &mut self.bound {
            if hint.difficulty < *bound {
                *bound = hint.difficulty;
            }
        }
        self.hints.push(hint);
    }

    /// Runs the rule over the whole grid and returns its hints in SE's order: sorted by
    /// difficulty, complexity and sort key (stable), hints removing the same candidates as an
    /// earlier one dropped.
    pub fn run(mut self) -> Vec<ChainHint> {
        if crate::deadline::expired() {
            return Vec::new(); // (nested chains run thousands of searches: none past it)
        }
        match screen(self.rule, self.grid) {
            Verdict::NoHint => return Vec::new(), // most searches inside nested chains
            Verdict::Only(plan) => self.plan = Some(plan),
            Verdict::Loops(plan) => self.loop_plan = Some(plan),
            Verdict::Search => {}
        }
        self.run_unscreened()
    }

    /// [`Search::run`] without the screen.
    pub(super) fn run_unscreened(mut self) -> Vec<ChainHint> {
        self.list_links();
        if self.rule.multiple || self.rule.dynamic {
            self.multiple_chains();
        } else {
            self.loops(false, true);
            self.loops(true, false);
            self.loops(true, true);
        }
        if crate::deadline::expired() {
            return Vec::new(); // cut short: no hint rather than a partial choice
        }
        // SE's order (difficulty, complexity, sort key; stable) is worked out on the hints'
        // indices, and the hints dropped for repeating an earlier one's eliminations are never
        // made: sorting the hints themselves moved each some dozen times.
        let kept: Vec<usize> = {
            let raw = &self.hints;
            let mut keys: Vec<_> = raw.iter().enumerate().map(order_key).collect();
            keys.sort_unstable();
            let mut seen = FastSet::default();
            keys.into_iter()
                .map(|(.., index)| index)
                .filter(|&i| seen.insert(&raw[i].removable[..]))
                .collect()
        };
        let rule = self.rule;
        let arena = Rc::new(self.arena);
        let mut slots: Vec<Option<RawHint>> = self.hints.into_iter().map(Some).collect();
        kept.into_iter()
            .filter_map(|i| slots[i].take())
            .map(|h| ChainHint {
                rule,
                kind: h.kind,
                technique: h.technique,
                x_links: h.x_links,
                y_links: h.y_links,
                removable: h.removable,
                placement: h.placement,
                complexity: h.complexity,
                difficulty: h.difficulty,
                sort_key: h.sort_key,
                arena: arena.clone(),
                rule_sources: Default::default(),
                full_chain: Default::default(),
            })
            .collect()
    }

    // ----- links -------------------------------------------------------------------------

    /// What an "on" potential turns off: the cell's other candidates (with Y links), then the
    /// digit's other places in box, row and column.
    fn on_to_off(&self, grid: &Grid, p: u32, y_links: bool, out: &mut Offs) {
        let node = self.arena.node(p);
        let (cell, digit) = (node.cell, node.digit);
        if let Some(links) = &self.links {
            // Static rules read the search's own grid: its links are listed already.
            let (all, y_count) = links.offs_of(cell, digit);
            let skip = if y_links { 0 } else { y_count };
            out.clear();
            out.extend(
                all[skip..]
                    .iter()
                    .map(|l| (l.cell as Cell, l.digit, l.cause)),
            );
            return;
        }
        on_to_off_in(grid, cell, digit, y_links, out);
    }

    /// What an "off" potential turns on: the cell's last candidate (Y links), the digit's last
    /// place in a box, row or column (X links). `hidden` is the grid before any dynamic
    /// removal and the chain's "off" potentials: removals since then that the link needs
    /// become hidden parents.
    fn off_to_on(
        &self,
        grid: &Grid,
        p: u32,
        hidden: Option<(&Grid, &PotentialSet)>,
        y_links: bool,
        x_links: bool,
        out: &mut Ons,
    ) {
        let node = self.arena.node(p);
        let (cell, digit) = (node.cell, node.digit);
        if let Some(links) = &self.links {
            // A static rule's grid never loses a candidate, so no link has hidden parents.
            let (all, y_count) = links.ons_of(cell, digit);
            out.clear();
            let (ys, xs) = all.split_at(y_count);
            let chosen = ys
                .iter()
                .filter(|_| y_links)
                .chain(xs.iter().filter(|_| x_links));
            for l in chosen {
                let mut parents = ArrayVec::new();
                parents.push(p);
                out.push(Derived {
                    cell: l.cell as Cell,
                    digit: l.digit,
                    cause: l.cause,
                    parents,
                });
            }
            return;
        }
        self.off_to_on_in(grid, p, hidden, y_links, x_links, out);
    }

    /// [`Search::off_to_on`] computed from `grid`.
    fn off_to_on_in(
        &self,
        grid: &Grid,
        p: u32,
        hidden: Option<(&Grid, &PotentialSet)>,
        y_links: bool,
        x_links: bool,
        out: &mut Ons,
    ) {
        out.clear();
        let node = self.arena.node(p);
        let (cell, digit) = (node.cell, node.digit);
        off_to_on_links(
            grid,
            cell,
            digit,
            y_links,
            x_links,
            |on_cell, on_digit, cause, unit| {
                let mut parents = ArrayVec::new();
                parents.push(p);
                if let Some((src, offs)) = hidden {
                    match unit {
                        None => {
                            for d in src.candidates(cell).difference(grid.candidates(cell)) {
                                parents
                                    .push(offs.get(cell, d).expect("a removed candidate is off"));
                            }
                        }
                        Some(unit) => {
                            // Unit cells ascend in reading order, so this is SE's region order.
                            let places = grid.digit_cells(digit) & unit.cell_set();
                            let removed = (src.digit_cells(digit) & unit.cell_set()) - places;
                            for c in removed.iter() {
                                parents.push(offs.get(c, digit).expect("a removed place is off"));
                            }
                        }
                    }
                }
                out.push(Derived {
                    cell: on_cell,
                    digit: on_digit,
                    cause,
                    parents,
                });
            },
        );
    }

    fn node_of(&mut self, d: &Derived, on: bool) -> u32 {
        self.arena
            .push(d.cell, d.digit, on, d.cause, &d.parents, None)
    }

    // ----- the full implication closure (multiple, dynamic, Nishio) ------------------------

    /// Completes `to_on` and `to_off` with everything they imply. Returns the first pair of
    /// nodes (on, off) for one candidate, if the assumption leads to a contradiction.
    pub(super) fn close(
        &mut self,
        grid: &Grid,
        to_on: &mut PotentialSet,
        to_off: &mut PotentialSet,
    ) -> Option<(u32, u32)> {
        // The search's queues, reused: a closure is computed for every assumption.
        let (mut pending_on, mut pending_off) = std::mem::take(&mut self.queues);
        pending_on.clear();
        pending_off.clear();
        pending_on.extend(to_on.order.iter().copied());
        pending_off.extend(to_off.order.iter().copied());
        let found = self.close_with(grid, to_on, to_off, &mut pending_on, &mut pending_off);
        self.queues = (pending_on, pending_off);
        found
    }

    fn close_with(
        &mut self,
        grid: &Grid,
        to_on: &mut PotentialSet,
        to_off: &mut PotentialSet,
        pending_on: &mut VecDeque<u32>,
        pending_off: &mut VecDeque<u32>,
    ) -> Option<(u32, u32)> {
        let y_links = !self.rule.nishio;
        // Dynamic rules work on a copy that loses every candidate turned off; `grid` stays
        // as it was, for the hidden parents. Static rules read `grid` itself.
        let mut reduced = self.rule.dynamic.then(|| grid.clone());
        let (mut offs, mut ons) = (Offs::new(), Ons::new());
        loop {
            if let Some(p) = pending_on.pop_front() {
                self.on_to_off(reduced.as_ref().unwrap_or(grid), p, y_links, &mut offs);
                for &(cell, digit, cause) in &offs {
                    if let Some(on) = to_on.get(cell, digit) {
                        let off = self.arena.derive(cell, digit, false, cause, p);
                        return Some((on, off));
                    }
                    if !to_off.contains(cell, digit) {
                        let id = self.arena.derive(cell, digit, false, cause, p);
                        to_off.add(&self.arena, id);
                        pending_off.push_back(id);
                    }
                }
            } else if let Some(p) = pending_off.pop_front() {
                let work = reduced.as_ref().unwrap_or(grid);
                self.off_to_on(work, p, Some((grid, to_off)), y_links, true, &mut ons);
                if let Some(work) = reduced.as_mut() {
                    let n = self.arena.node(p);
                    work.eliminate(n.cell, n.digit);
                }
                for d in &ons {
                    if let Some(off) = to_off.get(d.cell, d.digit) {
                        let on = self.node_of(d, true);
                        return Some((on, off));
                    }
                    if !to_on.contains(d.cell, d.digit) {
                        let id = self.node_of(d, true);
                        to_on.add(&self.arena, id);
                        pending_on.push_back(id);
                    }
                }
            } else {
                break;
            }
            if pending_on.is_empty() && pending_off.is_empty() && self.rule.level > 0 {
                if crate::deadline::expired() {
                    return None; // (the search gives no hint now; its inner ones cost most)
                }
                let work = reduced.as_ref().unwrap_or(grid);
                let level = self.rule.level;
                for id in
                    advanced::potentials(&mut self.arena, level, inner_search, work, grid, to_off)
                {
                    let n = self.arena.node(id);
                    if !to_off.contains(n.cell, n.digit) {
                        to_off.add(&self.arena, id);
                        pending_off.push_back(id);
                    }
                }
            }
        }
        None
    }

    // ----- Forcing Chains & Cycles (static, one assumption) --------------------------------

    fn loops(&mut self, y_links: bool, x_links: bool) {
        let grid = self.grid;
        for cell in 0..81 {
            if crate::deadline::expired() {
                return;
            }
            let cands = grid.candidates(cell);
            if grid.value(cell) != 0 || cands.len() < 2 {
                continue;
            }
            for digit in cands {
                self.unary(cell, digit, y_links, x_links);
            }
        }
    }

    fn unary(&mut self, cell: Cell, digit: Digit, y_links: bool, x_links: bool) {
        let grid = self.grid;
        if grid.candidates(cell).len() > 2 && !x_links {
            return; // a Y-cycle can only start in a bivalue cell
        }
        // A chain can come back to the assumption being true only by a strong link into it:
        // its cell's other candidate (Y links, a bivalue cell) or the digit's other place in
        // a unit where it has two (X links). Without one, no cycle closes and no forcing
        // chain from "false" ends at "true", so those searches would find nothing.
        let reenterable = (y_links && grid.candidates(cell).len() == 2)
            || (x_links
                && se_order::units_of(cell)
                    .iter()
                    .any(|u| (grid.digit_cells(digit) & u.cell_set()).is_pair()));
        let (cycle_may, on_may, off_may) = match &self.loop_plan {
            Some(plan) => plan.of(cell, digit, !y_links),
            None => (true, true, true),
        };
        if !(cycle_may || on_may || off_may) {
            return;
        }
        let source = self.arena.assume(cell, digit, true);
        let cycles =
            if !cycle_may || !reenterable || self.beyond_bound(cycle_technique(x_links, y_links)) {
                Vec::new()
            } else {
                self.cycles(source, y_links, x_links)
            };
        let mut chains = Vec::new();
        if x_links && !self.beyond_bound(forcing_chain_technique(y_links)) {
            if on_may {
                chains.extend(self.forcing(source, y_links));
            }
            if reenterable && off_may {
                let source_off = self.arena.assume(cell, digit, false);
                chains.extend(self.forcing(source_off, y_links));
            }
        }
        for end in cycles {
            if let Some(h) = self.cycle_hint(end, y_links, x_links) {
                self.push_hint(h);
            }
        }
        for target in chains {
            if let Some(h) = self.forcing_hint(target, y_links, x_links) {
                self.push_hint(h);
            }
        }
    }

    /// Bidirectional cycles through `source` (on): breadth first, off potentials re-expanded
    /// once per parent, on potentials once.
    fn cycles(&mut self, source: u32, y_links: bool, x_links: bool) -> Vec<u32> {
        // Cycles are static: the links are listed (taken out while the arena grows).
        let links = self.links.take().expect("a static rule lists its links");
        let source_key = self.arena.node(source).key();
        let src = self.arena.node(source);
        let mut to_on = CandidateSet::default();
        to_on.insert(src.cell, src.digit);
        // Every "off" potential derived so far: one never derived is on no main path.
        let mut seen_off = CandidateSet::default();
        let (mut pending_on, mut pending_off) = std::mem::take(&mut self.queues);
        pending_on.clear();
        pending_off.clear();
        pending_on.push_back(source);
        let mut found = Vec::new();
        let mut length = 0;
        let (mut expanded, mut closing) = (KeySet::default(), KeySet::default());
        let technique = cycle_technique(x_links, y_links);
        while !pending_on.is_empty() || !pending_off.is_empty() {
            length += 1;
            // A loop closed from here on has more than `length` potentials.
            if self.beyond_bound_at(technique, length) {
                pending_on.clear();
                pending_off.clear();
                break;
            }
            while let Some(p) = pending_on.pop_front() {
                let node = self.arena.node(p);
                let (offs, y_count) = links.offs_of(node.cell, node.digit);
                let offs = if y_links { offs } else { &offs[y_count..] };
                let mut above = None;
                for l in offs {
                    let (cell, digit) = (l.cell as Cell, l.digit);
                    // An "off" potential expanded before without closing the loop would be
                    // skipped when dequeued (on a static grid it derives the same "on"
                    // potentials every time): it is not made at all.
                    let k = key(cell, digit, false);
                    if expanded.contains(k) && !closing.contains(k) {
                        continue;
                    }
                    let on_main_path = seen_off.contains(cell, digit)
                        && above
                            .get_or_insert_with(|| self.arena.main_path_keys(p))
                            .contains(k);
                    if !on_main_path {
                        let id = self.arena.derive(cell, digit, false, l.cause, p);
                        pending_off.push_back(id);
                        seen_off.insert(cell, digit);
                    }
                }
            }
            length += 1;
            while let Some(p) = pending_off.pop_front() {
                // An "off" potential met again through another parent derives the same "on"
                // potentials (the grid is static), all already in `to_on` from its first
                // expansion: it matters only if one of them closes the loop.
                let node = self.arena.node(p);
                let k = node.key();
                if !expanded.insert(k) && !closing.contains(k) {
                    continue;
                }
                let (ons, y_count) = links.ons_of(node.cell, node.digit);
                let (ys, xs) = ons.split_at(y_count);
                let ons = ys
                    .iter()
                    .filter(|_| y_links)
                    .chain(xs.iter().filter(|_| x_links));
                for l in ons {
                    let (cell, digit) = (l.cell as Cell, l.digit);
                    if key(cell, digit, true) == source_key {
                        closing.insert(k);
                    }
                    let closes = length >= 4 && key(cell, digit, true) == source_key;
                    let fresh = !to_on.contains(cell, digit);
                    if closes || fresh {
                        let id = self.arena.derive(cell, digit, true, l.cause, p);
                        if closes {
                            found.push(id);
                        }
                        if fresh {
                            pending_on.push_back(id);
                            to_on.insert(cell, digit);
                        }
                    }
                }
            }
        }
        self.queues = (pending_on, pending_off);
        self.links = Some(links);
        found
    }

    /// A forcing chain from `source` to its own opposite: at most one (the first found).
    fn forcing(&mut self, source: u32, y_links: bool) -> Option<u32> {
        let (mut on, mut off) = std::mem::take(&mut self.queues);
        on.clear();
        off.clear();
        let found = self.forcing_with(source, y_links, &mut on, &mut off);
        self.queues = (on, off);
        found
    }

    fn forcing_with(
        &mut self,
        source: u32,
        y_links: bool,
        pending_on: &mut VecDeque<u32>,
        pending_off: &mut VecDeque<u32>,
    ) -> Option<u32> {
        // Forcing chains of this rule are static: the links are listed (taken out while the
        // arena grows, put back on every return).
        let links = self.links.take().expect("a static rule lists its links");
        let found = self.forcing_along(&links, source, y_links, pending_on, pending_off);
        self.links = Some(links);
        found
    }

    fn forcing_along(
        &mut self,
        links: &StaticLinks,
        source: u32,
        y_links: bool,
        pending_on: &mut VecDeque<u32>,
        pending_off: &mut VecDeque<u32>,
    ) -> Option<u32> {
        let src = self.arena.node(source).clone();
        let mut to_on = CandidateSet::default();
        let mut to_off = CandidateSet::default();
        if src.on {
            to_on.insert(src.cell, src.digit);
            pending_on.push_back(source);
        } else {
            to_off.insert(src.cell, src.digit);
            pending_off.push_back(source);
        }
        let technique = forcing_chain_technique(y_links);
        // Breadth first, so each phase derives potentials one link further from the source;
        // a chain ending there has more potentials than that depth.
        let mut depth = 0;
        let mut too_deep = |search: &Search, pending: &VecDeque<u32>| {
            if pending.is_empty() {
                return false;
            }
            depth += 1;
            search.beyond_bound_at(technique, depth)
        };
        while !pending_on.is_empty() || !pending_off.is_empty() {
            if too_deep(self, pending_on) {
                break;
            }
            while let Some(p) = pending_on.pop_front() {
                let node = self.arena.node(p);
                let (offs, y_count) = links.offs_of(node.cell, node.digit);
                let offs = if y_links { offs } else { &offs[y_count..] };
                for l in offs {
                    let (cell, digit) = (l.cell as Cell, l.digit);
                    if src.on && cell == src.cell && digit == src.digit {
                        // The first chain back to the assumption is the one SE keeps; the
                        // rest of the search cannot change it.
                        return Some(self.arena.derive(cell, digit, false, l.cause, p));
                    }
                    // Every "off" potential of this search is in `to_off`, the main path's
                    // included, so a candidate not there is not an ancestor either.
                    if !to_off.contains(cell, digit) {
                        let id = self.arena.derive(cell, digit, false, l.cause, p);
                        pending_off.push_back(id);
                        to_off.insert(cell, digit);
                    }
                }
            }
            if too_deep(self, pending_off) {
                break;
            }
            while let Some(p) = pending_off.pop_front() {
                let node = self.arena.node(p);
                let (ons, y_count) = links.ons_of(node.cell, node.digit);
                // Forcing chains take X links always, Y links with `y_links`.
                let ons = if y_links { ons } else { &ons[y_count..] };
                for l in ons {
                    let (cell, digit) = (l.cell as Cell, l.digit);
                    if !src.on && cell == src.cell && digit == src.digit {
                        return Some(self.arena.derive(cell, digit, true, l.cause, p));
                    }
                    if !to_on.contains(cell, digit) {
                        let id = self.arena.derive(cell, digit, true, l.cause, p);
                        pending_on.push_back(id);
                        to_on.insert(cell, digit);
                    }
                }
            }
        }
        None
    }

    fn cycle_hint(&self, on: u32, y_links: bool, x_links: bool) -> Option<RawHint> {
        let mut chain = Vec::new();
        let mut p = on;
        while let Some(parent) = self.arena.main_parent(p) {
            chain.push(p);
            p = parent;
        }
        let cells: Vec<Cell> = chain.iter().map(|&id| self.arena.node(id).cell).collect();
        let removable = self.confirm_cycle_removals(&chain, &cells);
        if removable.is_empty() {
            return None;
        }
        Some(RawHint::new(
            &self.arena,
            self.rule,
            HintKind::Cycle { on },
            (x_links, y_links),
            (removable, None),
            sort_key_of_links(x_links, y_links),
        ))
    }

    /// Candidates that see an "on" node of the loop and an "off" node of the same digit.
    fn confirm_cycle_removals(&self, chain: &[u32], cells: &[Cell]) -> Vec<(Cell, Digit)> {
        let grid = self.grid;
        let mut forward = KeySet::default();
        let mut backward = KeySet::default();
        for &id in chain {
            let n = self.arena.node(id);
            for c in (grid.digit_cells(n.digit) & peers(n.cell)).iter() {
                if cells.contains(&c) {
                    continue;
                }
                if n.on {
                    forward.insert(key(c, n.digit, false));
                } else {
                    backward.insert(key(c, n.digit, false));
                }
            }
        }
        let mut removable = Vec::new();
        for cell in 0..81 {
            for d in grid.candidates(cell) {
                let k = key(cell, d, false);
                if forward.contains(k) && backward.contains(k) {
                    removable.push((cell, d));
                }
            }
        }
        removable
    }

    fn forcing_hint(&self, target: u32, y_links: bool, x_links: bool) -> Option<RawHint> {
        let n = self.arena.node(target);
        let conclusion = self.conclusion(n.cell, n.digit, n.on);
        if conclusion.0.is_empty() {
            return None;
        }
        Some(RawHint::new(
            &self.arena,
            self.rule,
            HintKind::Forcing { target },
            (x_links, y_links),
            conclusion,
            sort_key_of_links(x_links, y_links),
        ))
    }

    /// What concluding a potential removes: its other candidates when it is "on" (with the
    /// placement), itself when "off".
    fn conclusion(&self, cell: Cell, digit: Digit, on: bool) -> Conclusion {
        if on {
            let others = self.grid.candidates(cell).without(digit);
            (
                others.iter().map(|d| (cell, d)).collect(),
                Some((cell, digit)),
            )
        } else {
            (vec![(cell, digit)], None)
        }
    }

    // ----- Multiple, dynamic and Nishio chains -----------------------------------------------

    fn multiple_chains(&mut self) {
        let grid = self.grid;
        let mut order: ArrayVec<Cell, 81> = (0..81).collect();
        if self.first_part_only {
            // (a quick search tries the cells with fewest candidates first)
            order.sort_by_key(|&cell| grid.candidates(cell).len());
        }
        for cell in order {
            if crate::deadline::expired() {
                return;
            }
            let count = grid.candidates(cell).len();
            if grid.value(cell) != 0 || self.plan.as_ref().is_some_and(|p| !p.has(cell)) {
                continue;
            }
            if count > 2 || (count > 1 && self.rule.dynamic) {
                self.multiple_chains_of_cell(cell, count);
                if self.first_part_only && !self.hints.is_empty() {
                    return;
                }
            }
        }
    }

    fn multiple_chains_of_cell(&mut self, cell: Cell, count: u32) {
        let grid = self.grid;
        let rule = self.rule;
        // The parts to run: all of them unless the screen named some.
        let (binary_digits, region_units, cell_chains) = match &self.plan {
            Some(plan) => (
                plan.binary[cell],
                plan.regions[cell],
                plan.cells & (1 << cell) != 0,
            ),
            None => (u16::MAX, u32::MAX, true),
        };
        let mut value_on: Vec<PotentialSet> = Vec::new();
        let mut value_off: Vec<PotentialSet> = Vec::new();
        for digit in grid.candidates(cell) {
            let d = digit as usize - 1;
            let units = (region_units >> (3 * d)) & 0b111;
            let binary = binary_digits & (1 << d) != 0;
            if !binary && units == 0 && !cell_chains {
                continue;
            }
            let mut on_to_on = PotentialSet::default();
            let mut on_to_off = PotentialSet::default();
            if binary {
                let double = count >= 3 && !rule.nishio && rule.dynamic;
                let contradiction = rule.dynamic || rule.nishio;
                self.binary(
                    cell,
                    digit,
                    &mut on_to_on,
                    &mut on_to_off,
                    double,
                    contradiction,
                );
            } else {
                let closure = self.on_closure(cell, digit, true);
                on_to_on.clone_from(&closure.on);
                on_to_off.clone_from(&closure.off);
            }
            if !rule.nishio {
                self.regions(cell, digit, &on_to_on, &on_to_off, units);
            }
            if self.first_part_only && !self.hints.is_empty() {
                return; // (the cell's chains would need every digit's outcome)
            }
            value_on.push(on_to_on);
            value_off.push(on_to_off);
        }
        if !cell_chains || rule.nishio || !(count == 2 || (rule.multiple && count > 2)) {
            return;
        }
        for outcomes in [&value_on, &value_off] {
            let branches: Vec<&PotentialSet> = outcomes.iter().collect();
            for p in self.common(&branches) {
                let n = self.arena.node(p).clone();
                let chains: Vec<u32> = branches
                    .iter()
                    .map(|set| set.get(n.cell, n.digit).expect("common to every value"))
                    .collect();
                if let Some(h) =
                    self.reduction_hint(HintKind::Cell { cell, chains }, n.cell, n.digit, n.on, 5)
                {
                    self.push_hint(h);
                }
            }
        }
    }

    /// The potentials of the first branch (its nodes, in its order) that every branch holds.
    fn common(&self, branches: &[&PotentialSet]) -> Vec<u32> {
        branches[0]
            .order
            .iter()
            .copied()
            .filter(|&id| {
                let n = self.arena.node(id);
                branches[1..].iter().all(|b| b.contains(n.cell, n.digit))
            })
            .collect()
    }

    /// What assuming `cell` = `digit` implies (SE's `doChaining` from that one potential),
    /// computed once per search: region chains need it for places after their first, and the
    /// place's own binary chain (`last_use`) later takes it over.
    fn on_closure(&mut self, cell: Cell, digit: Digit, last_use: bool) -> Rc<Closure> {
        let cached = if last_use {
            self.on_closures.remove(&(cell, digit))
        } else {
            self.on_closures.get(&(cell, digit)).cloned()
        };
        if let Some(closure) = cached {
            return closure;
        }
        let source = self.arena.assume(cell, digit, true);
        let mut on = PotentialSet::default();
        let mut off = PotentialSet::default();
        on.add(&self.arena, source);
        let contradiction = self.close(self.grid, &mut on, &mut off);
        let closure = Rc::new(Closure {
            on,
            off,
            contradiction,
        });
        if !last_use {
            self.on_closures.insert((cell, digit), closure.clone());
        }
        closure
    }

    fn binary(
        &mut self,
        cell: Cell,
        digit: Digit,
        on_to_on: &mut PotentialSet,
        on_to_off: &mut PotentialSet,
        double: bool,
        contradiction: bool,
    ) {
        let grid = self.grid;
        let closure = self.on_closure(cell, digit, true);
        let source_on = closure.on.order[0];
        let source_off = self.arena.assume(cell, digit, false);
        on_to_on.clone_from(&closure.on);
        on_to_off.clone_from(&closure.off);
        if let Some((on, off)) = closure.contradiction {
            if contradiction {
                // The assumption "on" is absurd: the candidate goes.
                self.push_binary(source_on, on, off, true, (cell, digit, false));
            }
        }
        let mut off_to_on = PotentialSet::default();
        let mut off_to_off = PotentialSet::default();
        off_to_off.add(&self.arena, source_off);
        if let Some((on, off)) = self.close(grid, &mut off_to_on, &mut off_to_off) {
            if contradiction {
                // The assumption "off" is absurd: the candidate is the cell's digit.
                self.push_binary(source_off, on, off, true, (cell, digit, true));
            }
        }
        if double {
            for &p in &on_to_on.order {
                let n = self.arena.node(p);
                if let Some(q) = off_to_on.get(n.cell, n.digit) {
                    let (c, d) = (n.cell, n.digit);
                    self.push_binary(source_on, p, q, false, (c, d, true));
                }
            }
            for &p in &on_to_off.order {
                let n = self.arena.node(p);
                if let Some(q) = off_to_off.get(n.cell, n.digit) {
                    let (c, d) = (n.cell, n.digit);
                    self.push_binary(source_off, p, q, false, (c, d, false));
                }
            }
        }
    }

    /// A binary chaining hint; `result` is the concluded potential.
    fn push_binary(
        &mut self,
        source: u32,
        on: u32,
        off: u32,
        absurd: bool,
        result: (Cell, Digit, bool),
    ) {
        let (cell, digit, state) = result;
        let conclusion = self.conclusion(cell, digit, state);
        if conclusion.0.is_empty() {
            return;
        }
        let hint = RawHint::new(
            &self.arena,
            self.rule,
            HintKind::Binary {
                source,
                on,
                off,
                absurd,
            },
            (true, true),
            conclusion,
            if absurd { 7 } else { 1 },
        );
        self.push_hint(hint);
    }

    fn regions(
        &mut self,
        cell: Cell,
        digit: Digit,
        on_to_on: &PotentialSet,
        on_to_off: &PotentialSet,
        units: u32,
    ) {
        let grid = self.grid;
        for (i, unit) in se_order::units_of(cell).into_iter().enumerate() {
            if units & (1 << i) == 0 {
                continue; // (a part the screen found no hint in)
            }
            let places = grid.positions(unit, digit);
            let count = places.count_ones();
            if !(count == 2 || (self.rule.multiple && count > 2)) {
                continue;
            }
            let cells: Vec<Cell> = (0..9)
                .filter(|&i| places & (1 << i) != 0)
                .map(|i| unit.cells()[i])
                .collect();
            if cells[0] != cell {
                continue; // each unit is done once, from its first place
            }
            // The other places' outcomes; the cell's own are the ones given.
            let others: Vec<Rc<Closure>> = cells[1..]
                .iter()
                .map(|&c| self.on_closure(c, digit, false))
                .collect();
            let branch_on: Vec<&PotentialSet> = std::iter::once(on_to_on)
                .chain(others.iter().map(|o| &o.on))
                .collect();
            let branch_off: Vec<&PotentialSet> = std::iter::once(on_to_off)
                .chain(others.iter().map(|o| &o.off))
                .collect();
            for branches in [&branch_on, &branch_off] {
                for p in self.common(branches) {
                    let n = self.arena.node(p).clone();
                    let chains: Vec<u32> = branches
                        .iter()
                        .map(|set| set.get(n.cell, n.digit).expect("common to every place"))
                        .collect();
                    if let Some(h) = self.reduction_hint(
                        HintKind::Region {
                            unit,
                            digit,
                            chains,
                        },
                        n.cell,
                        n.digit,
                        n.on,
                        6,
                    ) {
                        self.push_hint(h);
                    }
                }
            }
        }
    }

    fn reduction_hint(
        &self,
        kind: HintKind,
        cell: Cell,
        digit: Digit,
        on: bool,
        sort_key: u8,
    ) -> Option<RawHint> {
        let conclusion = self.conclusion(cell, digit, on);
        if conclusion.0.is_empty() {
            return None;
        }
        Some(RawHint::new(
            &self.arena,
            self.rule,
            kind,
            (true, true),
            conclusion,
            sort_key,
        ))
    }
}

fn sort_key_of_links(x_links: bool, y_links: bool) -> u8 {
    match (x_links, y_links) {
        (true, true) => 4,
        (false, true) => 3,
        _ => 2,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The listed links are the link rules' own, in their order, for every candidate of a
    /// real position (top1465's first puzzle after its singles), with Y links counted first.
    #[test]
    fn static_links_list_what_the_link_rules_give() {
        let line =
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
        let mut grid = Grid::from_test_line(line);
        let options = crate::pipeline::Options::sudoku_explainer();
        while let Some(step) = crate::pipeline::next_step(&grid, &options) {
            if step.technique.se_rating() > 2.0 {
                break;
            }
            crate::pipeline::apply(&mut grid, &step);
        }
        let links = StaticLinks::of(&grid);
        let mut checked = 0;
        for cell in 0..81 {
            for digit in grid.candidates(cell) {
                let mut offs = Offs::new();
                on_to_off_in(&grid, cell, digit, true, &mut offs);
                let (listed, y_count) = links.offs_of(cell, digit);
                let listed: Vec<_> = listed
                    .iter()
                    .map(|l| (l.cell as Cell, l.digit, l.cause))
                    .collect();
                assert_eq!(
                    listed,
                    offs.to_vec(),
                    "offs of r{}c{} {digit}",
                    cell / 9 + 1,
                    cell % 9 + 1
                );
                let mut y_offs = Offs::new();
                on_to_off_in(&grid, cell, digit, false, &mut y_offs);
                assert_eq!(offs.len() - y_count, y_offs.len());
                let mut ons = Vec::new();
                off_to_on_links(&grid, cell, digit, true, true, |c, d, cause, _| {
                    ons.push((c, d, cause))
                });
                let (listed, y_count) = links.ons_of(cell, digit);
                let listed: Vec<_> = listed
                    .iter()
                    .map(|l| (l.cell as Cell, l.digit, l.cause))
                    .collect();
                assert_eq!(listed, ons);
                assert_eq!(y_count, usize::from(grid.candidates(cell).len() == 2));
                checked += 1;
            }
        }
        assert!(checked > 100, "{checked} candidates");
    }
}
