//! What a chaining rule found, before it becomes a [`Step`](crate::step::Step): the kind of
//! conclusion, the chains behind it, what it removes or places, the technique that names it,
//! and Sudoku Explainer's complexity and sort key. With the catalog's rating of those facts
//! (`Technique::se_rating_for`) they decide which hint the rule reports first.

use std::rc::Rc;

use crate::finders::se_order;
use crate::geometry::{cell_name, peers, Cell, Digit};
use crate::grid::Grid;
use crate::technique::{Facts, Technique};

use super::potentials::KeySet;
use super::types::{Arena, Cause, Rule};
pub use super::types::{ChainHint, HintKind};

impl HintKind {
    /// The last nodes of every chain the conclusion rests on.
    pub fn targets(&self) -> Vec<u32> {
        match self {
            HintKind::Cycle { on } => vec![*on],
            HintKind::Forcing { target } => vec![*target],
            HintKind::Binary { on, off, .. } => vec![*on, *off],
            HintKind::Cell { chains, .. } | HintKind::Region { chains, .. } => chains.clone(),
        }
    }
}

impl ChainHint {
    /// The last nodes of every chain the conclusion rests on.
    pub fn targets(&self) -> Vec<u32> {
        self.kind.targets()
    }

    /// What makes two hints the same chains for SE (`FullChain.equals`): each target's
    /// potential followed by the potentials of its chain in walk order, targets in order.
    pub(super) fn full_chain(&self) -> Rc<[u32]> {
        self.full_chain
            .get_or_init(|| {
                let mut out = Vec::new();
                let mut chain = Vec::new();
                for t in self.targets() {
                    self.arena.ancestors_into(t, &mut chain);
                    out.push(u32::MAX);
                    out.extend(chain.iter().map(|&id| self.arena.node(id).key() as u32));
                }
                out.into()
            })
            .clone()
    }

    /// The heap the hint's own lists take, in bytes: what it removes, its chains' ends and the
    /// sources of its rule parents once worked out (its arena is shared with the other hints
    /// of its search, and counted with them).
    pub fn heap_bytes(&self) -> usize {
        let chains = match &self.kind {
            HintKind::Cell { chains, .. } | HintKind::Region { chains, .. } => chains.capacity(),
            _ => 0,
        };
        self.removable.capacity() * std::mem::size_of::<(Cell, Digit)>()
            + chains * std::mem::size_of::<u32>()
            + self.rule_sources.get().map_or(0, |sources| {
                2 * std::mem::size_of::<usize>() + std::mem::size_of_val::<[_]>(sources)
            })
    }

    /// What the rating reads: the rule's level and the hint's complexity.
    pub fn facts(&self) -> Facts {
        Facts::ForcingChains {
            level: self.rule.level,
            complexity: self.complexity,
        }
    }
}

/// The technique of a hint of `rule` of this kind, found with these links.
pub(super) fn technique_of(rule: Rule, kind: &HintKind, x_links: bool, y_links: bool) -> Technique {
    use Technique::*;
    match kind {
        HintKind::Cycle { .. } => cycle_technique(x_links, y_links),
        HintKind::Forcing { .. } => forcing_chain_technique(y_links),
        _ if rule.level >= 2 => NestedForcingChains,
        _ if rule.level == 1 => DynamicForcingChainsPlus,
        HintKind::Binary { .. } if rule.nishio => NishioForcingChains,
        HintKind::Binary { absurd: true, .. } => DynamicContradictionForcingChains,
        HintKind::Binary { .. } => DynamicDoubleForcingChains,
        HintKind::Cell { .. } if rule.dynamic => DynamicCellForcingChains,
        HintKind::Cell { .. } => CellForcingChains,
        HintKind::Region { .. } if rule.dynamic => DynamicRegionForcingChains,
        HintKind::Region { .. } => RegionForcingChains,
    }
}

/// The technique of a bidirectional cycle along these links.
pub(super) fn cycle_technique(x_links: bool, y_links: bool) -> Technique {
    match (x_links, y_links) {
        (true, true) => Technique::BidirectionalCycle,
        (false, true) => Technique::BidirectionalYCycle,
        _ => Technique::BidirectionalXCycle,
    }
}

/// The technique of a forcing chain, which always takes X links, with Y links or without.
pub(super) fn forcing_chain_technique(y_links: bool) -> Technique {
    if y_links {
        Technique::ForcingChain
    } else {
        Technique::ForcingXChain
    }
}

impl HintKind {
    /// Every node the kind names (the targets, and a binary chain's source).
    fn named_nodes(&self) -> Vec<u32> {
        let mut ids = self.targets();
        if let HintKind::Binary { source, .. } = self {
            ids.push(*source);
        }
        ids
    }

    /// The same kind with its node ids mapped by `map`.
    fn renumbered(&self, map: impl Fn(u32) -> u32) -> HintKind {
        match self {
            HintKind::Cycle { on } => HintKind::Cycle { on: map(*on) },
            HintKind::Forcing { target } => HintKind::Forcing {
                target: map(*target),
            },
            HintKind::Binary {
                source,
                on,
                off,
                absurd,
            } => HintKind::Binary {
                source: map(*source),
                on: map(*on),
                off: map(*off),
                absurd: *absurd,
            },
            HintKind::Cell { cell, chains } => HintKind::Cell {
                cell: *cell,
                chains: chains.iter().map(|&t| map(t)).collect(),
            },
            HintKind::Region {
                unit,
                digit,
                chains,
            } => HintKind::Region {
                unit: *unit,
                digit: *digit,
                chains: chains.iter().map(|&t| map(t)).collect(),
            },
        }
    }
}

/// The hints of one search moved onto one small arena that holds only their chains (every
/// node their named nodes rest on, in the old order, so every walk over it meets the same
/// potentials in the same order). Inner searches of nested chains keep a few hints from an
/// arena of every closure they computed; compacting lets the big arena be reused at once.
pub(super) fn compacted(hints: &[ChainHint]) -> Vec<ChainHint> {
    let Some(first) = hints.first() else {
        return Vec::new();
    };
    let old = &*first.arena;
    debug_assert!(hints.iter().all(|h| Rc::ptr_eq(&h.arena, &first.arena)));
    const UNSEEN: u32 = u32::MAX;
    let mut new_id = vec![UNSEEN; old.nodes.len()];
    let mut stack: Vec<u32> = hints.iter().flat_map(|h| h.kind.named_nodes()).collect();
    while let Some(id) = stack.pop() {
        if new_id[id as usize] == UNSEEN {
            new_id[id as usize] = 0;
            stack.extend_from_slice(old.parents_of(id));
        }
    }
    let mut kept = 0u32;
    let mut parent_count = 0usize;
    for (id, slot) in new_id.iter_mut().enumerate() {
        if *slot != UNSEEN {
            *slot = kept;
            kept += 1;
            parent_count += old.nodes[id].parent_count as usize;
        }
    }
    let mut arena = Arena::sized(kept as usize, parent_count);
    for (id, &slot) in new_id.iter().enumerate() {
        if slot == UNSEEN {
            continue;
        }
        let n = &old.nodes[id];
        let parents: Vec<u32> = old
            .parents_of(id as u32)
            .iter()
            .map(|&p| new_id[p as usize])
            .collect();
        arena.push(n.cell, n.digit, n.on, n.cause, &parents, n.nested.clone());
    }
    let arena = Rc::new(arena);
    hints
        .iter()
        .map(|h| ChainHint {
            rule: h.rule,
            kind: h.kind.renumbered(|id| new_id[id as usize]),
            technique: h.technique,
            x_links: h.x_links,
            y_links: h.y_links,
            removable: h.removable.clone(),
            placement: h.placement,
            complexity: h.complexity,
            difficulty: h.difficulty,
            sort_key: h.sort_key,
            arena: arena.clone(),
            rule_sources: h.rule_sources.clone(),
            full_chain: h.full_chain.clone(),
        })
        .collect()
}

/// Flat complexity of a set of chains plus the complexity of each distinct nested chain met
/// along them (SE's `getFlatComplexity` + `getNestedComplexity`).
pub fn complexity(arena: &Arena, targets: &[u32]) -> u32 {
    let mut flat = 0;
    let mut nested_total = 0u32;
    let mut seen: Vec<*const ChainHint> = Vec::new();
    let mut seen_chains: Vec<Rc<[u32]>> = Vec::new();
    let mut chain = Vec::with_capacity(64);
    for &t in targets {
        arena.ancestors_into(t, &mut chain);
        flat += chain.len();
        for &id in &chain {
            if let Some(nested) = &arena.node(id).nested {
                let ptr = Rc::as_ptr(nested);
                if seen.contains(&ptr) {
                    continue;
                }
                seen.push(ptr);
                // SE counts a nested chain once per distinct `FullChain`: two hints found on
                // different grids with the same chains count once.
                let full = nested.full_chain();
                if !seen_chains.contains(&full) {
                    seen_chains.push(full);
                    nested_total += nested.complexity;
                }
            }
        }
    }
    flat as u32 + nested_total
}

/// The distinct candidates along the chains, for drawing: each node with its parents.
pub fn distinct_nodes(arena: &Arena, targets: &[u32]) -> Vec<u32> {
    let mut seen = KeySet::default();
    let mut out = Vec::new();
    for &t in targets {
        for id in arena.ancestors(t) {
            if seen.insert(arena.node(id).key()) {
                out.push(id);
            }
        }
    }
    out
}

impl ChainHint {
    /// Replays every link of the hint's chains against `grid`, the state the rule ran on, and
    /// checks that the chains end where the conclusion says. Returns the number of links
    /// checked. Links that a nested rule or an inner technique made (cause `Advanced`) are
    /// checked only for their shape (they follow from "off" potentials); the inner hints'
    /// own chains ran on a reduced grid and are not replayed here.
    pub fn check_links(&self, grid: &Grid) -> Result<usize, String> {
        let arena = &*self.arena;
        let name = |id: u32| {
            let n = arena.node(id);
            format!(
                "{}{}{}",
                cell_name(n.cell),
                if n.on { "=" } else { "<>" },
                n.digit
            )
        };
        let mut checked = 0;
        for &target in &self.targets() {
            for id in arena.ancestors(target) {
                let n = arena.node(id);
                if !grid.candidates(n.cell).contains(n.digit) {
                    return Err(format!("{} is not a candidate", name(id)));
                }
                let parents = arena.parents_of(id);
                let bad = |why: &str| Err(format!("{} does not follow: {why}", name(id)));
                match n.cause {
                    Cause::Assumption => {
                        if !parents.is_empty() {
                            return bad("an assumption has parents");
                        }
                    }
                    Cause::Advanced => {
                        if n.on || parents.iter().any(|&p| arena.node(p).on) {
                            return bad("an inner rule removes candidates from removals");
                        }
                    }
                    cause if !n.on => {
                        // "Off" from one "on" parent: same cell, or same digit in a shared unit.
                        let [p] = parents else {
                            return bad("an elimination has one parent");
                        };
                        let p = arena.node(*p);
                        let ok = p.on
                            && match cause {
                                Cause::NakedSingle => p.cell == n.cell && p.digit != n.digit,
                                _ => {
                                    p.digit == n.digit
                                        && p.cell != n.cell
                                        && peers(p.cell).contains(n.cell)
                                }
                            };
                        if !ok {
                            return bad("its parent does not exclude it");
                        }
                    }
                    cause => {
                        // "On" from "off" parents: every other candidate of the cell, or every
                        // other place of the digit in the unit, is off.
                        let offs: Vec<(usize, u8)> = parents
                            .iter()
                            .map(|&p| arena.node(p))
                            .filter(|p| !p.on)
                            .map(|p| (p.cell, p.digit))
                            .collect();
                        if offs.len() != parents.len() {
                            return bad("a placement follows from removals only");
                        }
                        let covered = match cause {
                            Cause::NakedSingle => grid
                                .candidates(n.cell)
                                .without(n.digit)
                                .iter()
                                .all(|d| offs.contains(&(n.cell, d))),
                            _ => {
                                let [b, r, c] = se_order::units_of(n.cell);
                                let unit = match cause {
                                    Cause::HiddenBox => b,
                                    Cause::HiddenRow => r,
                                    _ => c,
                                };
                                (grid.digit_cells(n.digit) & unit.cell_set())
                                    .without(n.cell)
                                    .iter()
                                    .all(|c| offs.contains(&(c, n.digit)))
                            }
                        };
                        if !covered {
                            return bad("some other candidate is still possible");
                        }
                    }
                }
                checked += parents.len();
            }
        }
        self.check_conclusion(grid).map(|()| checked)
    }

    /// The root (assumption) of a chain.
    fn root(&self, mut id: u32) -> u32 {
        while let Some(p) = self.arena.main_parent(id) {
            id = p;
        }
        id
    }

    fn check_conclusion(&self, grid: &Grid) -> Result<(), String> {
        let arena = &*self.arena;
        let same = |a: u32, b: u32| {
            let (x, y) = (arena.node(a), arena.node(b));
            x.cell == y.cell && x.digit == y.digit
        };
        let ok = match &self.kind {
            HintKind::Cycle { on } => {
                let root = self.root(*on);
                same(root, *on) && arena.node(*on).on && arena.node(root).on
            }
            HintKind::Forcing { target } => {
                let root = self.root(*target);
                same(root, *target) && arena.node(root).on != arena.node(*target).on
            }
            HintKind::Binary {
                source,
                on,
                off,
                absurd,
            } => {
                let (a, b) = (arena.node(*on), arena.node(*off));
                if *absurd {
                    same(*on, *off)
                        && a.on
                        && !b.on
                        && same(self.root(*on), *source)
                        && same(self.root(*off), *source)
                } else {
                    same(*on, *off)
                        && a.on == b.on
                        && arena.node(self.root(*on)).on
                        && !arena.node(self.root(*off)).on
                }
            }
            HintKind::Cell { cell, chains } => {
                let digits: Vec<u8> = chains
                    .iter()
                    .map(|&t| arena.node(self.root(t)))
                    .filter(|r| r.cell == *cell && r.on)
                    .map(|r| r.digit)
                    .collect();
                digits == grid.candidates(*cell).iter().collect::<Vec<_>>()
                    && chains
                        .windows(2)
                        .all(|w| same(w[0], w[1]) && arena.node(w[0]).on == arena.node(w[1]).on)
            }
            HintKind::Region {
                unit,
                digit,
                chains,
            } => {
                let cells: Vec<usize> = chains
                    .iter()
                    .map(|&t| arena.node(self.root(t)))
                    .filter(|r| r.digit == *digit && r.on)
                    .map(|r| r.cell)
                    .collect();
                cells
                    == (grid.digit_cells(*digit) & unit.cell_set())
                        .iter()
                        .collect::<Vec<_>>()
                    && chains
                        .windows(2)
                        .all(|w| same(w[0], w[1]) && arena.node(w[0]).on == arena.node(w[1]).on)
            }
        };
        if ok {
            Ok(())
        } else {
            Err("the chains do not end in the stated conclusion".into())
        }
    }
}
