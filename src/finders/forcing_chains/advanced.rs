//! Dynamic chains "plus" and nested chains: when a dynamic search runs out of direct
//! implications, techniques are applied to the grid the chain has reduced, and what they
//! remove joins the chain (Sudoku Explainer's `getAdvancedPotentials`).
//!
//! The inner rules, tried in this order until one of them removes something:
//! - level 1 and up: locked candidates (pointing and claiming), hidden pair, naked pair,
//!   X-Wing;
//! - level 2: then Forcing Chains & Cycles; level 3: then also Multiple Forcing Chains;
//! - level 4: then Dynamic Forcing Chains; level 5: then also Dynamic Forcing Chains at level
//!   `level - 3`.
//!
//! A removal joins the chain only if the inner step needed some candidate the chain had
//! already removed (its *rule parents*; otherwise the step was available without the chain
//! and would have been found earlier). The rule parents become the new node's parents, so
//! they count towards the chain's complexity, and a nested chain's own complexity is added.
//!
//! Levels share work: a level's closures run exactly as the level below's until the latter's
//! inner rules run dry (the inner rules are the level below's plus more, tried in the same
//! order), so level 3 meets the reduced grids of level 2 again, and level 5 those of level 4.
//! The inner Forcing Chains & Cycles and Dynamic Forcing Chains results (the hints that
//! needed the chain's removals, with their rule parents) are therefore kept per reduced grid
//! for the duration of one [`with_shared_levels`] scope.

use std::cell::RefCell;
use std::rc::Rc;

use crate::finders::{all, se_order};
use crate::geometry::{Cell, Digit, Unit};
use crate::grid::Grid;
use crate::step::{Role, Step};
use crate::technique::Technique;

use super::focus::Focus;
use super::grid_key::GridKey;
use super::hint::compacted;
use super::potentials::{FastMap, KeySet, PotentialSet};
use super::types::{Arena, Cause, ChainHint, HintKind, Rule, RuleSource};
use crate::cache::{self, Memory};

/// One inner rule of `getAdvancedPotentials`.
enum Inner {
    /// Techniques that make one SE rule together (pointing and claiming are SE's `Locking`).
    Techniques(&'static [Technique]),
    Chaining(Rule),
}

fn inner_rules(level: u8) -> Vec<Inner> {
    let mut rules = vec![
        Inner::Techniques(&[
            Technique::LockedCandidatesPointing,
            Technique::LockedCandidatesClaiming,
        ]),
        Inner::Techniques(&[Technique::HiddenPair]),
        Inner::Techniques(&[Technique::NakedPair]),
        Inner::Techniques(&[Technique::XWing]),
    ];
    if level < 4 {
        if level >= 2 {
            rules.push(Inner::Chaining(Rule::FORCING_CHAINS_AND_CYCLES));
        }
        if level >= 3 {
            rules.push(Inner::Chaining(Rule::MULTIPLE));
        }
    } else {
        rules.push(Inner::Chaining(Rule::DYNAMIC));
        if level >= 5 {
            rules.push(Inner::Chaining(Rule::nested(level - 3)));
        }
    }
    rules
}

/// How an inner chaining rule's search is run: the engine's own search, which the engine
/// hands in ([`potentials`]), so that this file, which the engine calls, does not call back
/// into it.
pub(super) type InnerSearch = fn(Rule, &Grid) -> Vec<ChainHint>;

/// Inner chaining hints that needed the outer chain's removals, each with its rule parents.
type Useful = Rc<[(Rc<ChainHint>, Vec<(Cell, Digit)>)]>;

/// Results of the plain inner chaining rules per (rule, reduced grid), for one outer grid,
/// within `Memory::LevelResults`'s share of the thread's cache bound.
struct LevelCache {
    source: [u16; 81],
    results: FastMap<GridKey, Useful>,
    /// What `results` holds, in bytes ([`useful_bytes`] of each entry).
    bytes: usize,
}

thread_local! {
    static LEVEL_CACHE: RefCell<Option<LevelCache>> = const { RefCell::new(None) };
}

/// Runs `f` (the levels of one nested search over `grid`) with inner results shared between
/// levels; the cache is dropped afterwards, so it never outlives one pipeline step.
pub(super) fn with_shared_levels<T>(grid: &Grid, f: impl FnOnce() -> T) -> T {
    LEVEL_CACHE.with(|c| {
        *c.borrow_mut() = Some(LevelCache {
            source: grid.candidate_masks(),
            results: FastMap::default(),
            bytes: 0,
        })
    });
    let result = super::screen::with_nested_source(grid, f);
    LEVEL_CACHE.with(|c| *c.borrow_mut() = None);
    result
}

/// The heap an entry of a [`LevelCache`] owns: its key and slot, and each useful hint's record,
/// lists and rule parents, its arena counted too (shared with [`RAW_HINTS`] while it keeps the
/// hints, but kept alive by this entry once it drops them).
fn useful_bytes(useful: &Useful) -> usize {
    let arena = useful
        .first()
        .map_or(0, |(hint, _)| hint.arena.heap_bytes());
    let hints: usize = useful
        .iter()
        .map(|(hint, parents)| {
            std::mem::size_of::<(usize, usize, ChainHint)>()
                + hint.heap_bytes()
                + parents.capacity() * std::mem::size_of::<(Cell, Digit)>()
        })
        .sum();
    cache::map_bytes::<GridKey, Useful>(1) + std::mem::size_of_val::<[_]>(useful) + hints + arena
}

/// The useful hints of a plain chaining `rule` on the reduced grid `work` of a chain that
/// started from `source`: cached when a [`with_shared_levels`] scope for `source` is open
/// (nested searches inside level 5 start from other grids and are not cached), read from the
/// rule's kept hints ([`raw_hints`]) otherwise.
fn useful_hints(rule: Rule, work: &Grid, source: &Grid, search: InnerSearch) -> Useful {
    if rule.level != 0 {
        return fresh(rule, work, source, search);
    }
    let key = GridKey::new(rule, work);
    // Each use gets hints of its own, as a search of its own would give: a nested chain met
    // twice counts twice in a hint's complexity unless it is the same hint.
    let compute = || -> Useful {
        raw_hints(rule, key, work, search)
            .iter()
            .filter_map(|hint| {
                let parents = chain_parents(hint, source, work);
                (!parents.is_empty()).then(|| (Rc::new(hint.clone()), parents))
            })
            .collect()
    };
    let cached = LEVEL_CACHE.with(|c| {
        c.borrow().as_ref().and_then(|cache| {
            (cache.source == source.candidate_masks())
                .then(|| cache.results.get(&key).cloned())
                .flatten()
        })
    });
    if let Some(useful) = cached {
        return useful;
    }
    let useful = compute();
    LEVEL_CACHE.with(|c| {
        if let Some(cache) = c.borrow_mut().as_mut() {
            let bytes = useful_bytes(&useful);
            // (once the share is full, later results are computed as they are met)
            if cache.source == source.candidate_masks()
                && cache.bytes + bytes <= cache::bound(Memory::LevelResults)
            {
                cache.bytes += bytes;
                cache.results.insert(key, useful.clone());
            }
        }
    });
    useful
}

/// The useful hints of `rule` on `work`, searched for now.
fn fresh(rule: Rule, work: &Grid, source: &Grid, search: InnerSearch) -> Useful {
    let (hints, parents): (Vec<ChainHint>, Vec<_>) = search(rule, work)
        .into_iter()
        .filter_map(|hint| {
            let parents = chain_parents(&hint, source, work);
            (!parents.is_empty()).then_some((hint, parents))
        })
        .unzip();
    compacted(&hints)
        .into_iter()
        .map(Rc::new)
        .zip(parents)
        .collect()
}

/// Every hint of plain inner chaining rules per (rule, reduced grid), compacted, kept across
/// pipeline steps: an outer chain removes much the same candidates from one step to the next,
/// so later steps meet many of the same reduced grids (a quarter of the inner Dynamic Forcing
/// Chains time of a hard 11.9 puzzle). A rule's hints are a function of the grid alone.
/// Two generations within `Memory::InnerHints`'s share of the thread's cache bound, half
/// each: when the newer is full, it becomes the older and the older is dropped, so what the
/// last steps used stays.
#[derive(Default)]
struct RawHints {
    newer: Generation,
    older: Generation,
}

/// A rule's hints on one grid, and the bytes they take.
type KeptHints = (Rc<[ChainHint]>, usize);

/// Kept hints with what each entry takes, in bytes ([`raw_bytes`]), and their sum.
#[derive(Default)]
struct Generation {
    hints: FastMap<GridKey, KeptHints>,
    bytes: usize,
}

thread_local! {
    static RAW_HINTS: RefCell<RawHints> = RefCell::new(RawHints::default());
}

impl RawHints {
    fn keep(&mut self, key: GridKey, hints: Rc<[ChainHint]>, bytes: usize) {
        let generation = cache::bound(Memory::InnerHints) / 2;
        if bytes > generation {
            return; // (more than a generation may hold: searched again when met again)
        }
        if self.newer.bytes + bytes > generation {
            self.older = std::mem::take(&mut self.newer);
            if self.older.bytes > generation {
                self.older = Generation::default(); // (the bound shrank meanwhile)
            }
        }
        self.newer.bytes += bytes;
        self.newer.hints.insert(key, (hints, bytes));
    }
}

/// The heap an entry of [`RawHints`] owns: its key and slot, its hints' records and lists, and
/// their one compacted arena.
fn raw_bytes(hints: &[ChainHint]) -> usize {
    cache::map_bytes::<GridKey, KeptHints>(1)
        + std::mem::size_of::<(usize, usize)>()
        + std::mem::size_of_val(hints)
        + hints.iter().map(ChainHint::heap_bytes).sum::<usize>()
        + hints.first().map_or(0, |h| h.arena.heap_bytes())
}

/// Drops every kept inner hint.
pub(super) fn forget_raw_hints() {
    RAW_HINTS.with(|r| *r.borrow_mut() = RawHints::default());
}

/// What the kept inner hints take now, in bytes.
pub(super) fn raw_hints_bytes() -> usize {
    RAW_HINTS.with(|r| {
        let r = r.borrow();
        r.newer.bytes + r.older.bytes
    })
}

/// Every hint of the plain chaining `rule` (level 0) on `work`, in the rule's order; `key` is
/// the rule's and `work`'s.
fn raw_hints(rule: Rule, key: GridKey, work: &Grid, search: InnerSearch) -> Rc<[ChainHint]> {
    let kept = RAW_HINTS.with(|r| {
        let mut r = r.borrow_mut();
        if let Some((hints, _)) = r.newer.hints.get(&key) {
            return Some(hints.clone());
        }
        let (hints, bytes) = r.older.hints.remove(&key)?;
        r.older.bytes -= bytes;
        r.keep(key, hints.clone(), bytes);
        Some(hints)
    });
    if let Some(hints) = kept {
        return hints;
    }
    let hints: Rc<[ChainHint]> = compacted(&search(rule, work)).into();
    if !crate::deadline::expired() {
        // (a search the deadline may have cut short is not kept)
        for hint in hints.iter() {
            // Worked out now, so the entry's size is known (every use needs them).
            hint.rule_sources.get_or_init(|| rule_sources(hint));
        }
        let bytes = raw_bytes(&hints);
        RAW_HINTS.with(|r| r.borrow_mut().keep(key, hints.clone(), bytes));
    }
    hints
}

/// The removals the inner rules add to a chain whose direct implications ran dry, as new
/// "off" nodes of the search's `arena`. `level` is the search's rule's level, `search` runs the
/// inner chaining rules' searches, `work` is the reduced grid, `source` the grid the chain
/// started from, `offs` the chain's "off" potentials (the rule parents are among them).
pub(super) fn potentials(
    arena: &mut Arena,
    level: u8,
    search: InnerSearch,
    work: &Grid,
    source: &Grid,
    offs: &PotentialSet,
) -> Vec<u32> {
    let mut result = Vec::new();
    let focus = Focus::new(source, work);
    for inner in inner_rules(level) {
        match inner {
            Inner::Techniques(techniques) => {
                for &t in techniques {
                    if !focus.may_help(t) {
                        continue; // no step of it could rely on the chain's removals
                    }
                    for step in all(t, work) {
                        let parents = step_parents(&step, source, work);
                        if parents.is_empty() {
                            continue;
                        }
                        let ids: Vec<u32> = parents
                            .iter()
                            .map(|&(c, d)| offs.get(c, d).expect("rule parent is off"))
                            .collect();
                        for e in &step.eliminations {
                            let id =
                                arena.push(e.cell, e.digit, false, Cause::Advanced, &ids, None);
                            result.push(id);
                        }
                    }
                }
            }
            Inner::Chaining(rule) => {
                for (nested, parents) in useful_hints(rule, work, source, search).iter() {
                    let ids: Vec<u32> = parents
                        .iter()
                        .map(|&(c, d)| offs.get(c, d).expect("rule parent is off"))
                        .collect();
                    for &(cell, digit) in &nested.removable {
                        let id = arena.push(
                            cell,
                            digit,
                            false,
                            Cause::Advanced,
                            &ids,
                            Some(nested.clone()),
                        );
                        result.push(id);
                    }
                }
            }
        }
        if !result.is_empty() {
            break;
        }
    }
    result
}

/// Candidates of `digit` in `unit` that the chain removed.
fn removed_in_unit(
    unit: Unit,
    digit: Digit,
    source: &Grid,
    work: &Grid,
    out: &mut Vec<(Cell, Digit)>,
) {
    for &c in unit.cells() {
        if source.candidates(c).contains(digit)
            && !work.candidates(c).contains(digit)
            && !out.contains(&(c, digit))
        {
            out.push((c, digit));
        }
    }
}

/// The chain's removals an inner technique's step relied on.
pub(super) fn step_parents(step: &Step, source: &Grid, work: &Grid) -> Vec<(Cell, Digit)> {
    let mut out = Vec::new();
    let Some(first) = step.eliminations.first() else {
        return out;
    };
    match step.technique {
        Technique::LockedCandidatesPointing
        | Technique::LockedCandidatesClaiming
        | Technique::XWing => {
            // SE's LockingHint: the base units' lost candidates, except those in a cover
            // unit (the step holds whether or not they are gone).
            let covers: Vec<Unit> = step.pattern.units_with(Role::Cover).collect();
            for unit in step.pattern.units_with(Role::Base) {
                removed_in_unit(unit, first.digit, source, work, &mut out);
            }
            out.retain(|&(c, _)| !covers.iter().any(|u| u.cell_set().contains(c)));
        }
        Technique::HiddenPair => {
            let digits: Vec<Digit> = {
                let mut d: Vec<Digit> = step
                    .pattern
                    .candidates
                    .iter()
                    .filter(|m| m.role == Role::Subset)
                    .map(|m| m.item.digit)
                    .collect();
                d.sort_unstable();
                d.dedup();
                d
            };
            for unit in step.pattern.units_with(Role::Base) {
                for &d in &digits {
                    removed_in_unit(unit, d, source, work, &mut out);
                }
            }
        }
        Technique::NakedPair => {
            for c in step.pattern.cells_with(Role::Subset) {
                for d in source.candidates(c).difference(work.candidates(c)) {
                    out.push((c, d));
                }
            }
        }
        _ => {}
    }
    out
}

/// The chain's removals a nested chain relied on: for every "on" potential of its chains
/// that followed from a single (or is the start of a cell or region chain), the candidates
/// the outer chain had removed from that cell or unit (SE's `collectRuleParents`).
fn chain_parents(hint: &ChainHint, source: &Grid, work: &Grid) -> Vec<(Cell, Digit)> {
    let sources = hint.rule_sources.get_or_init(|| rule_sources(hint));
    let mut out: Vec<(Cell, Digit)> = Vec::new();
    for &rule_source in sources.iter() {
        match rule_source {
            RuleSource::Cell(cell) => {
                for d in source.candidates(cell).difference(work.candidates(cell)) {
                    if !out.contains(&(cell, d)) {
                        out.push((cell, d));
                    }
                }
            }
            RuleSource::Unit(unit, digit) => removed_in_unit(unit, digit, source, work, &mut out),
        }
    }
    out
}

/// The [`RuleSource`]s of a hint's chains in SE's order (each target's chain walked level
/// by level from the target, each potential once per target), each kept once: a repeat
/// would only add removals already there.
fn rule_sources(hint: &ChainHint) -> Rc<[RuleSource]> {
    let arena = &hint.arena;
    let mut out: Vec<RuleSource> = Vec::new();
    let mut queue: Vec<u32> = Vec::new();
    for target in hint.targets() {
        let mut done = KeySet::default();
        // The walk's queue: level by level, a potential met again skipped when reached.
        queue.clear();
        queue.push(target);
        let mut next = 0;
        while let Some(&id) = queue.get(next) {
            next += 1;
            let n = arena.node(id);
            if !done.insert(n.key()) {
                continue;
            }
            let cause = match (n.cause, &hint.kind) {
                (Cause::Assumption, HintKind::Cell { .. }) => Some(Cause::NakedSingle),
                (Cause::Assumption, HintKind::Region { unit, .. }) => Some(unit_cause(*unit)),
                (Cause::Assumption, _) => None,
                (c, _) => Some(c),
            };
            if n.on {
                if let Some(cause) = cause {
                    add_single_source(cause, n.cell, n.digit, &mut out);
                }
            }
            queue.extend_from_slice(arena.parents_of(id));
        }
    }
    if let HintKind::Cycle { on } = hint.kind {
        // SE's CycleHint also lists the reversed cycle as a chain: each potential of the loop
        // with its state flipped and its cause kept, from the start. The potentials that were
        // "off" become "on" there, and a single's cause then names a cell or unit too.
        let mut main_path = vec![on];
        while let Some(&parent) = arena.parents_of(*main_path.last().unwrap()).first() {
            main_path.push(parent);
        }
        let mut done = KeySet::default();
        for &id in main_path.iter().rev() {
            let n = arena.node(id);
            if !done.insert(super::potentials::key(n.cell, n.digit, !n.on)) || n.on {
                continue;
            }
            add_single_source(n.cause, n.cell, n.digit, &mut out);
        }
    }
    out.into()
}

/// For an "on" potential that a single made (`cause`), where its rule parents come from: the
/// cell for a naked single, the unit and digit for a hidden one (kept once in `out`).
fn add_single_source(cause: Cause, cell: Cell, digit: Digit, out: &mut Vec<RuleSource>) {
    let found = match cause {
        Cause::NakedSingle => RuleSource::Cell(cell),
        Cause::HiddenBox | Cause::HiddenRow | Cause::HiddenColumn => {
            let [b, r, col] = se_order::units_of(cell);
            let unit = match cause {
                Cause::HiddenBox => b,
                Cause::HiddenRow => r,
                _ => col,
            };
            RuleSource::Unit(unit, digit)
        }
        _ => return,
    };
    if !out.contains(&found) {
        out.push(found);
    }
}

fn unit_cause(unit: Unit) -> Cause {
    match unit.kind() {
        crate::geometry::UnitKind::Box => Cause::HiddenBox,
        crate::geometry::UnitKind::Row => Cause::HiddenRow,
        crate::geometry::UnitKind::Column => Cause::HiddenColumn,
    }
}
