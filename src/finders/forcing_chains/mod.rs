//! Sudoku Explainer 1.2.1's chaining rules, its forcing chains and cycles, as SE finds and
//! rates them: from an assumption, implications are followed until they meet a conclusion.
//! (HoDoKu's chains, alternating strong and weak links from end to end, are another family:
//! `finders::aic`.)
//!
//! Owns SE's chaining rules, each one search over the whole grid whose hints are sorted and
//! reported in SE's order, so ratings agree with SE's:
//!
//! | rule (SE) | techniques |
//! |---|---|
//! | Forcing Chains & Cycles | Bidirectional X-Cycle, Bidirectional Y-Cycle, Forcing X-Chain, Bidirectional Cycle, Forcing Chain |
//! | Nishio Forcing Chains | Nishio Forcing Chains |
//! | Multiple Forcing Chains | Cell Forcing Chains, Region Forcing Chains |
//! | Dynamic Forcing Chains | Dynamic Contradiction / Double / Cell / Region Forcing Chains |
//! | Dynamic Forcing Chains (+) | Dynamic Forcing Chains (+) |
//! | Nested Forcing Chains, levels 2-5 | Nested Forcing Chains |
//!
//! A hint's difficulty is the catalog's rating of its technique with its facts
//! (`Technique::se_rating_for` with `Facts::ForcingChains`: the rule's level and the chains'
//! complexity, the distinct potentials of all its chains plus those of nested chains, which
//! give SE's length term). Within
//! a rule, hints are sorted by difficulty, then complexity, then SE's sort key (cycles and
//! forcing chains 2-4 by link kinds, double 1, cell 5, region 6, contradiction 7), ties kept
//! in search order; a hint removing the same candidates as an earlier one is dropped. The
//! pipeline takes the first, as SE does. Rules whose techniques are found together are one
//! *group* ([`group_leader`]): the pipeline runs the group's search once.
//!
//! Search order and link rules are in `engine.rs`; the inner techniques of levels 1-5 in
//! `advanced.rs`; the records all of them share (the rule, the potentials, the hints) in
//! `types.rs`, below them all. Notation is Stepwise's: the chain as potentials (`r1c2=5` true, `r1c2<>5`
//! false) joined by `->`, e.g.
//! `Forcing X-Chain: r1c6=3 -> r2c4<>3 -> r2c9=3 -> r1c7<>3 ... -> r1c6<>3 => r1c6<>3`;
//! forcing chains with several branches name the assumption and the common conclusion. The
//! step's sentence reads every branch in words (`If r1c6 is 3, then r2c4 is not 3, so r2c9 is
//! 3, ...: a contradiction, so r1c6 is not 3`; a potential with more parents than its main one
//! says `(with 2 more facts)`); the pattern carries every node (on/off) and every link, so a
//! page can draw the arrows.

mod advanced;
mod engine;
mod focus;
mod grid_key;
pub mod hint;
mod potentials;
mod screen;
mod types;

use std::ops::ControlFlow;

use super::Emit;
use crate::geometry::{cell_name, Cell, Digit};
use crate::grid::Grid;
use crate::step::{Candidate, Link, Pattern, Role, Step};
use crate::technique::Technique;

use engine::Search;
use hint::distinct_nodes;
pub use types::Rule;
use types::{Arena, ChainHint, HintKind};

/// The first technique of the group a chaining technique is found with; `None` for
/// techniques found on their own.
pub fn group_leader(technique: Technique) -> Option<Technique> {
    use Technique::*;
    match technique {
        t if FORCING_CHAINS_AND_CYCLES.contains(&t) => Some(FORCING_CHAINS_AND_CYCLES[0]),
        CellForcingChains | RegionForcingChains => Some(CellForcingChains),
        DynamicContradictionForcingChains
        | DynamicDoubleForcingChains
        | DynamicCellForcingChains
        | DynamicRegionForcingChains => Some(DynamicContradictionForcingChains),
        _ => None,
    }
}

fn emit_all(grid: &Grid, hints: Vec<ChainHint>, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for hint in &hints {
        emit(to_step(grid, hint))?;
    }
    ControlFlow::Continue(())
}

/// SE's "Forcing Chains & Cycles": X-cycles, Y-cycles, forcing X-chains, then mixed cycles
/// and forcing chains, sorted together.
pub fn forcing_chains_and_cycles(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(
        grid,
        Search::new(Rule::FORCING_CHAINS_AND_CYCLES, grid).run(),
        emit,
    )
}

/// SE's "Nishio Forcing Chains": dynamic X-only chains from one assumption to a contradiction.
/// The techniques of SE's Forcing Chains & Cycles rule, found by one search.
pub const FORCING_CHAINS_AND_CYCLES: [Technique; 5] = [
    Technique::BidirectionalXCycle,
    Technique::BidirectionalYCycle,
    Technique::ForcingXChain,
    Technique::BidirectionalCycle,
    Technique::ForcingChain,
];

/// The first step of SE's Forcing Chains & Cycles rule, the one [`forcing_chains_and_cycles`]
/// emits first, found without searching for hints that cannot come first.
pub fn first_forcing_chain_or_cycle(grid: &Grid) -> Option<Step> {
    let hints = Search::new(Rule::FORCING_CHAINS_AND_CYCLES, grid)
        .first_only()
        .run();
    hints.first().map(|hint| to_step(grid, hint))
}

pub fn nishio(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(grid, Search::new(Rule::NISHIO, grid).run(), emit)
}

/// SE's "Multiple Forcing Chains": static cell and region forcing chains.
pub fn multiple(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(grid, Search::new(Rule::MULTIPLE, grid).run(), emit)
}

/// SE's "Dynamic Forcing Chains": contradiction, double, cell and region chains.
pub fn dynamic(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(grid, Search::new(Rule::DYNAMIC, grid).run(), emit)
}

/// SE's "Dynamic Forcing Chains (+)": dynamic chains that also use locked candidates, hidden
/// and naked pairs and X-Wings on the reduced grid.
pub fn dynamic_plus(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(grid, Search::new(Rule::nested(1), grid).run(), emit)
}

/// SE's nested forcing chains, levels 2 to 5 in turn: the first level that finds anything
/// gives the steps.
pub fn nested(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let hints = advanced::with_shared_levels(grid, || {
        (2..=5)
            .map(|level| Search::new(Rule::nested(level), grid).run())
            .find(|hints| !hints.is_empty())
    });
    match hints {
        Some(hints) => emit_all(grid, hints, emit),
        None => ControlFlow::Continue(()),
    }
}

/// A quick step of a multi-branch rule, where SE's exact choice is not wanted (HoDoKu's
/// profile, whose forcing chains and nets these rules stand in for: HoDoKu's own are other
/// searches, and its level is decided at the first such step). The rule's search stops at
/// the first candidate or cell whose chains give a hint, trying cells with the fewest
/// candidates first (bivalue cells give contradictions and common conclusions soonest), and
/// the first of that part's hints in SE's order is taken. Nested chains try level 4 first,
/// whose inner dynamic chains reach a conclusion soonest, then levels 2, 3 and 5. On the
/// forum's hardest puzzles this is several times faster than SE's choice among all hints.
/// `None` when `technique` does not lead such a rule or `accept` refuses one of the rule's
/// techniques (the caller then runs the full search); `Some(None)` when the rule finds
/// nothing.
pub fn quick_step(
    technique: Technique,
    grid: &Grid,
    accept: &dyn Fn(Technique) -> bool,
) -> Option<Option<Step>> {
    use strum::IntoEnumIterator;
    // The rule the technique leads (`None` for nested chains, a rule per level).
    let rule = match technique {
        Technique::NishioForcingChains => Some(Rule::NISHIO),
        Technique::CellForcingChains => Some(Rule::MULTIPLE),
        Technique::DynamicContradictionForcingChains => Some(Rule::DYNAMIC),
        Technique::DynamicForcingChainsPlus => Some(Rule::nested(1)),
        Technique::NestedForcingChains => None,
        _ => return None,
    };
    // The rule's techniques: the technique itself and those found with it.
    let mut named =
        Technique::iter().filter(|&t| t == technique || group_leader(t) == Some(technique));
    if !named.all(accept) {
        return None;
    }
    let first_of = |rule: Rule| Search::new(rule, grid).first_part_only().run();
    let hints = match rule {
        Some(rule) => first_of(rule),
        None => advanced::with_shared_levels(grid, || {
            [4, 2, 3, 5]
                .into_iter()
                .map(|level| first_of(Rule::nested(level)))
                .find(|hints| !hints.is_empty())
                .unwrap_or_default()
        }),
    };
    Some(hints.first().map(|hint| to_step(grid, hint)))
}

/// Empties this thread's chaining memories: the kept inner hints and the spare buffers.
pub(super) fn clear_caches() {
    advanced::forget_raw_hints();
    engine::drop_spare_links();
    screen::drop_kept();
    potentials::drop_spare_arenas_and_sets();
}

/// Empties the chaining memories that hold more than their share of the bound.
pub(super) fn trim_caches() {
    use crate::cache::{bound, Memory};
    if advanced::raw_hints_bytes() > bound(Memory::InnerHints) {
        advanced::forget_raw_hints();
    }
    if potentials::spare_bytes() > bound(Memory::SpareBuffers) {
        engine::drop_spare_links();
        screen::drop_kept();
        potentials::drop_spare_arenas_and_sets();
    }
}

/// What this thread's chaining memories hold, in bytes.
pub(super) fn cache_bytes() -> usize {
    advanced::raw_hints_bytes() + potentials::spare_bytes()
}

/// Every hint of one chaining rule on `grid`, in the order the rule reports them (for tests
/// and tools that look beyond the first step).
pub fn search(rule: Rule, grid: &Grid) -> Vec<ChainHint> {
    Search::new(rule, grid).run()
}

/// `r1c2=5` for an "on" potential, `r1c2<>5` for an "off" one.
fn potential_name(arena: &Arena, id: u32) -> String {
    let n = arena.node(id);
    format!(
        "{}{}{}",
        cell_name(n.cell),
        if n.on { "=" } else { "<>" },
        n.digit
    )
}

/// The main path from an assumption to `target`, assumption first.
fn main_path(arena: &Arena, target: u32) -> Vec<u32> {
    let mut path = vec![target];
    let mut p = target;
    while let Some(parent) = arena.main_parent(p) {
        path.push(parent);
        p = parent;
    }
    path.reverse();
    path
}

/// The main path in words: `r1c2=5 -> r1c7<>5 -> ...`; a node with more parents than its
/// main one is marked `(+n)`.
fn path_text(arena: &Arena, target: u32) -> String {
    main_path(arena, target)
        .iter()
        .map(|&id| {
            let extra = arena.parents_of(id).len().saturating_sub(1);
            if extra > 0 {
                format!("{} (+{extra})", potential_name(arena, id))
            } else {
                potential_name(arena, id)
            }
        })
        .collect::<Vec<_>>()
        .join(" -> ")
}

/// A potential in words: `r1c2 is 5`, `r1c2 is not 5`.
fn potential_words(arena: &Arena, id: u32) -> String {
    let n = arena.node(id);
    format!(
        "{} is {}{}",
        cell_name(n.cell),
        if n.on { "" } else { "not " },
        n.digit
    )
}

/// The main path read as a player follows it: `r1c2 is 5, then r1c7 is not 5, so r3c7 is 5`
/// (a node that needs more than its main parent says `(with n more facts)`).
fn path_words(arena: &Arena, target: u32) -> String {
    let words: Vec<String> = main_path(arena, target)
        .iter()
        .map(|&id| {
            let extra = arena.parents_of(id).len().saturating_sub(1);
            if extra > 0 {
                format!(
                    "{} (with {extra} more fact{})",
                    potential_words(arena, id),
                    if extra == 1 { "" } else { "s" }
                )
            } else {
                potential_words(arena, id)
            }
        })
        .collect();
    match words.split_first() {
        Some((first, rest)) if !rest.is_empty() => {
            format!("{first}, then {}", rest.join(", so "))
        }
        _ => words.join(""),
    }
}

/// `Either way r1c2 is 5.`, or `Either way r1c2 is not 5, so ...` when more follows.
fn either_way(result: &str, conclusion: &str) -> String {
    if result == conclusion {
        format!("Either way {result}.")
    } else {
        format!("Either way {result}, so {conclusion}.")
    }
}

/// The conclusion in words: `r1c2 is 5`, `r1c2 is not 5 and r3c4 is not 1`.
fn conclusion_words(placement: Option<(Cell, Digit)>, removable: &[(Cell, Digit)]) -> String {
    match placement {
        Some((c, d)) => format!("{} is {d}", cell_name(c)),
        None => {
            let parts: Vec<String> = removable
                .iter()
                .map(|&(c, d)| format!("{} is not {d}", cell_name(c)))
                .collect();
            match parts.split_last() {
                Some((last, rest)) if !rest.is_empty() => {
                    format!("{} and {last}", rest.join(", "))
                }
                _ => parts.join(""),
            }
        }
    }
}

/// A chaining hint as a step: technique, placement and removals, the pattern of every node
/// and link, the subject and the sentence listing each branch.
fn to_step(grid: &Grid, hint: &ChainHint) -> Step {
    let technique = hint.technique;
    let arena = &hint.arena;
    let targets = hint.targets();
    let placements: Vec<Candidate> = hint
        .placement
        .iter()
        .map(|&(c, d)| Candidate::new(c, d))
        .collect();
    let eliminations: Vec<Candidate> = hint
        .removable
        .iter()
        .map(|&(c, d)| Candidate::new(c, d))
        .collect();
    let mut pattern = Pattern::default();
    for id in distinct_nodes(arena, &targets) {
        let n = arena.node(id);
        let role = if n.on { Role::On } else { Role::Off };
        pattern = pattern.candidate(Candidate::new(n.cell, n.digit), role);
        for &parent in arena.parents_of(id) {
            let p = arena.node(parent);
            pattern.links.push(Link {
                from: Candidate::new(p.cell, p.digit),
                to: Candidate::new(n.cell, n.digit),
                strong: n.on,
            });
        }
    }
    let conclusion = conclusion_words(hint.placement, &hint.removable);
    // Each text reads the chains as a player follows them (`If r1c2 is 5, then ...`); the
    // subject keeps the notation (`r1c2=5 -> r1c7<>5`).
    let (subject, text) = match &hint.kind {
        HintKind::Cycle { on } => {
            let path = path_text(arena, *on);
            let text = format!(
                "If {}: the loop holds whichever state its first candidate takes, so every \
                 candidate that sees a true node both ways round goes: {conclusion}.",
                path_words(arena, *on)
            );
            (path, text)
        }
        HintKind::Forcing { target } => {
            let path = path_text(arena, *target);
            let text = format!(
                "If {}: a contradiction, so {conclusion}.",
                path_words(arena, *target)
            );
            (path, text)
        }
        HintKind::Binary {
            source,
            on,
            off,
            absurd,
        } => {
            let assumption = potential_name(arena, *source);
            let (on_n, off_n) = (arena.node(*on), arena.node(*off));
            if *absurd {
                let clash = format!(
                    "{}={} and {}<>{}",
                    cell_name(on_n.cell),
                    on_n.digit,
                    cell_name(off_n.cell),
                    off_n.digit
                );
                let subject = format!("{assumption} leads to {clash}");
                let text = format!(
                    "If {}; and if {}: {} would be both {} and not, a contradiction, so \
                     {conclusion}.",
                    path_words(arena, *on),
                    path_words(arena, *off),
                    cell_name(on_n.cell),
                    on_n.digit
                );
                (subject, text)
            } else {
                let result = potential_name(arena, *on);
                let subject = format!("{assumption} either way gives {result}");
                let text = format!(
                    "If {}. And if {}. {}",
                    path_words(arena, *on),
                    path_words(arena, *off),
                    either_way(&potential_words(arena, *on), &conclusion)
                );
                (subject, text)
            }
        }
        HintKind::Cell { cell, chains } => {
            let digits: String = grid
                .candidates(*cell)
                .iter()
                .map(|d| d.to_string())
                .collect();
            let result = potential_name(arena, chains[0]);
            let subject = format!("each of {}={{{digits}}} gives {result}", cell_name(*cell));
            let branches: Vec<String> = chains
                .iter()
                .map(|&t| format!("If {}.", path_words(arena, t)))
                .collect();
            let text = format!(
                "{} is one of {}. {} {}",
                cell_name(*cell),
                crate::step::digit_list(grid.candidates(*cell).iter()).replace(',', ", "),
                branches.join(" "),
                either_way(&potential_words(arena, chains[0]), &conclusion)
            );
            (subject, text)
        }
        HintKind::Region {
            unit,
            digit,
            chains,
        } => {
            let result = potential_name(arena, chains[0]);
            let subject = format!("each place of {digit} in {unit} gives {result}");
            let branches: Vec<String> = chains
                .iter()
                .map(|&t| format!("If {}.", path_words(arena, t)))
                .collect();
            let text = format!(
                "{digit} goes somewhere in {unit}. {} {}",
                branches.join(" "),
                either_way(&potential_words(arena, chains[0]), &conclusion)
            );
            (subject, text)
        }
    };
    Step::new(technique, placements, eliminations, pattern, subject, text).with_facts(hint.facts())
}

#[cfg(test)]
mod tests;
