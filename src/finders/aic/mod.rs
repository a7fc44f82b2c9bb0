//! HoDoKu's chains, all alternating inference chains (AICs): Remote Pair, X-Chain, XY-Chain,
//! Continuous and Discontinuous Nice Loops, AICs, the grouped forms of the last three, and
//! AICs with ALS nodes. (Sudoku Explainer's chaining rules, which follow implications from an
//! assumption, are another family: `finders::forcing_chains`.)
//!
//! Every chain is a path through the link graph of [`links`] whose links alternate
//! strong and weak: a start node assumed false, a strong link makes the next true, a weak link
//! the one after false, and so on, so the path ends on a node that is true whenever the start
//! is false. One of the two ends is therefore true.
//!
//! Every step's sentence reads its chain link by link as a player follows it (`If r2c3 is not
//! 9, then r3c2 is 9, so r3c5 is not 9, ...`, `walk_words`), then says what follows.
//!
//! - **X-Chain**: one digit, links along units, at least three strong links (two are the
//!   Skyscraper, 2-String Kite and Turbot Fish): the digit leaves the cells that see both ends.
//! - **XY-Chain**: bivalue cells, strong inside each cell, weak between cells on a shared
//!   digit; both ends hold the same digit `d`: `d` leaves the cells that see both ends.
//! - **Remote Pair**: an XY-chain of four or more cells that all hold the same two digits;
//!   the ends hold different values, so both digits leave the cells that see both ends.
//! - **AIC**: any strong and weak links (cells and units). Its ends are true-or-true, so every
//!   candidate that conflicts with both ends goes (same digit: the cells that see both ends;
//!   two digits in cells that see each other: each end's digit leaves the other end's cell).
//!   Chains that are X- or XY-chains are left to those techniques.
//! - **Continuous Nice Loop**: an AIC whose ends conflict, closing a loop; every weak link of
//!   the loop then holds exactly one true node: a digit's candidates that see both ends of a
//!   weak link along a unit go, and so do the other digits of a cell whose two digits the
//!   loop links.
//! - **Discontinuous Nice Loop**: a loop from a candidate `T` back to its cell. If `T` true
//!   leads to `T` false (a weak link back on `T`'s digit), or to another digit of its cell
//!   true, `T` goes; if `T` false leads to `T` true (a strong link back), `T` is true and the
//!   cell's other digits go. As in HoDoKu, a loop of the second kind whose chain without `T`,
//!   read as an AIC, removes more than `T` is left to AIC.
//! - **Grouped** forms add group nodes: a digit's candidates in one box-line intersection,
//!   true when one of its cells is. A grouped step uses at least one group.
//!
//! Search: breadth-first over (node, true/false) states from every start node, in node order
//! (cells, then digits, then groups), so each end is reached by a shortest chain; a path never
//! takes a node that is already on it. Chains are capped at [`MAX_NODES`] nodes. Steps with the same eliminations are reported once, by their
//! shortest chain (on a tie the first found; a continuous loop prefers to start where two
//! strong links meet in one cell, as HoDoKu prints them); steps come out shortest first, then
//! by their eliminations.
//!
//! - **AIC with ALS nodes**: an AIC (groups allowed) that passes through an almost locked set:
//!   entering it on a digit that is then false there, the set is locked without it and holds
//!   the digit it is left on (see [`links`]).
//!
//! Notation: AICs in Eureka notation, the usual form for them: `(5)r1c1=(5-3)r1c4=(3)r6c4`,
//! nodes `(digit)cells`, `=` strong, `-` weak, consecutive nodes in one cell or one almost
//! locked set as one term, a set shown with all its cells (`(4=5)r4c5,r5c46,r6c6`). The others
//! in HoDoKu's own nice-loop notation (links `=d=` strong, `-d-` weak, links inside a cell not
//! written, groups `r4c45`/`r13c3`):
//! `X-Chain: 1 r7c3 =1= r7c7 -1- r4c7 =1= r4c4 -1- r6c5 =1= r9c5 => r9c1<>1`,
//! `XY-Chain: 4 4- r9c4 -6- r2c4 -7- r2c5 -5- r9c5 -4 => r8c46,r9c9<>4`,
//! `Remote Pair: 1/4 r1c2 -4- r3c3 -1- r8c3 -4- r8c6 => r1c6<>1`,
//! `Continuous Nice Loop: 3/4 6= r4c2 =1= r5c2 ... =6= r4c2 =1 => ...` (the digits removed,
//! then the loop from its start cell, with the closing link's digit before it and the first
//! link's after it), `Discontinuous Nice Loop: 1 r5c6 -1- r5c3 ... =4= r5c6 => r5c6<>1`.
//! The eliminations use Stepwise's shared notation (`r1c5,r3c5<>1`, `r5c4<>38`).

pub mod links;

use std::cell::RefCell;
use std::collections::BTreeMap;
use std::ops::ControlFlow;
use std::rc::Rc;

use super::hodoku_order;
use super::Emit;
use crate::cache::{self, Memory};
use crate::geometry::{cell_name, Cell, CellSet, Digit, DigitSet};
use crate::grid::Grid;
use crate::step::{digit_list, Candidate, ChainNode, Link, Pattern, Role, Step};
use crate::technique::{Facts, Technique};
use links::{GraphKind, LinkGraph, Node};

/// The longest chain searched, in nodes (a loop's start counted once). HoDoKu's chains in the
/// shared HoDoKu paths rarely pass 20 nodes, and the cap keeps every search a few milliseconds.
pub const MAX_NODES: usize = 20;

/// A path of nodes; `strong[i]` tells whether the link from `nodes[i]` to `nodes[i + 1]` is
/// used as a strong link. A loop repeats its start node at the end.
#[derive(Debug, Clone)]
struct Chain {
    nodes: Vec<usize>,
    strong: Vec<bool>,
}

impl Chain {
    /// Distinct nodes (a loop's start once).
    fn size(&self) -> usize {
        if self.nodes.len() > 1 && self.nodes.first() == self.nodes.last() {
            self.nodes.len() - 1
        } else {
            self.nodes.len()
        }
    }
}

/// Whether state `u` lies on the search's path to state `s`: it is then the ancestor of `s`
/// at its own distance. A chain never passes a node twice: a search about to enter a node
/// in one state asks whether the path holds the node in the other (the state it would enter
/// is not reached yet, so not on the path).
fn on_path(parent: &[u32], dist: &[u8], s: usize, u: usize) -> bool {
    let (du, ds) = (dist[u], dist[s]);
    if du == u8::MAX || du > ds {
        return false;
    }
    let mut at = s;
    for _ in du..ds {
        at = parent[at] as usize;
    }
    at == u
}

/// Breadth-first search over (node, true/false) states. One value serves every search of a
/// finder: each run resets only the states the previous one reached.
#[derive(Default)]
struct Search {
    /// Links from the start to each state (`node * 2 + on`), `u8::MAX` if not reached.
    dist: Vec<u8>,
    parent: Vec<u32>,
    /// The states reached, in the order they were met (the queue of the search).
    reached: Vec<u32>,
}

impl Search {
    fn state(node: usize, on: bool) -> usize {
        node * 2 + on as usize
    }

    /// From `start` in state `on`: a true node follows its weak links, a false one its strong
    /// links. Nodes touching `blocked` are never entered.
    fn run(&mut self, graph: &LinkGraph, start: usize, on: bool, blocked: CellSet) -> &Search {
        let n = graph.nodes.len() * 2;
        if self.dist.len() == n {
            for &s in &self.reached {
                self.dist[s as usize] = u8::MAX;
                self.parent[s as usize] = u32::MAX;
            }
        } else {
            self.dist.clear();
            self.dist.resize(n, u8::MAX);
            self.parent.clear();
            self.parent.resize(n, u32::MAX);
        }
        self.reached.clear();
        let (dist, parent) = (&mut self.dist, &mut self.parent);
        let first = Search::state(start, on);
        dist[first] = 0;
        self.reached.push(first as u32);
        let mut head = 0;
        while let Some(&s) = self.reached.get(head) {
            head += 1;
            let s = s as usize;
            // dist links = dist + 1 nodes; stop before a chain would pass the cap.
            if dist[s] as usize + 2 > MAX_NODES {
                continue;
            }
            let (node, is_on) = (s / 2, s % 2 == 1);
            let next = if is_on {
                &graph.weak[node]
            } else {
                &graph.strong[node]
            };
            for &m in next {
                let m = m as usize;
                if !blocked.is_empty() && !(graph.nodes[m].cells & blocked).is_empty() {
                    continue;
                }
                let t = Search::state(m, !is_on);
                if dist[t] == u8::MAX && !on_path(parent, dist, s, Search::state(m, is_on)) {
                    dist[t] = dist[s] + 1;
                    parent[t] = s as u32;
                    self.reached.push(t as u32);
                }
            }
        }
        self
    }

    fn reached(&self, node: usize, on: bool) -> bool {
        self.dist[Search::state(node, on)] != u8::MAX
    }

    fn links_to(&self, node: usize, on: bool) -> usize {
        self.dist[Search::state(node, on)] as usize
    }

    /// The chain from the start to `node` in state `on`.
    fn chain(&self, node: usize, on: bool) -> Chain {
        let mut states = vec![Search::state(node, on)];
        while let Some(&s) = states.last() {
            let p = self.parent[s];
            if p == u32::MAX {
                break;
            }
            states.push(p as usize);
        }
        states.reverse();
        let nodes = states.iter().map(|s| s / 2).collect();
        // A link out of a false node is used as strong.
        let strong = states[..states.len() - 1]
            .iter()
            .map(|s| s % 2 == 0)
            .collect();
        Chain { nodes, strong }
    }
}

/// No node repeats and no two nodes of one digit share a cell (a group and its own cell).
fn is_simple(graph: &LinkGraph, nodes: &[usize]) -> bool {
    for (i, &a) in nodes.iter().enumerate() {
        for &b in &nodes[i + 1..] {
            let (na, nb) = (&graph.nodes[a], &graph.nodes[b]);
            if a == b || (na.digit == nb.digit && !(na.cells & nb.cells).is_empty()) {
                return false;
            }
        }
    }
    true
}

fn uses_group(graph: &LinkGraph, chain: &Chain) -> bool {
    chain.nodes.iter().any(|&n| graph.nodes[n].is_group())
}

/// Whether two consecutive nodes are the two digits of one cell.
fn in_cell(a: &Node, b: &Node) -> bool {
    a.cell().is_some() && a.cell() == b.cell()
}

/// The chain's links as HoDoKu writes them: cells, with `=d=`/`-d-` between cells and links
/// inside a cell left out.
fn body(graph: &LinkGraph, chain: &Chain) -> String {
    let node = |i: usize| &graph.nodes[chain.nodes[i]];
    let mut out = node(0).cells_notation();
    for (i, &strong) in chain.strong.iter().enumerate() {
        let (a, b) = (node(i), node(i + 1));
        if in_cell(a, b) {
            continue;
        }
        let mark = if strong { '=' } else { '-' };
        out.push_str(&format!(" {mark}{}{mark} {}", a.digit, b.cells_notation()));
    }
    out
}

/// The chain in Eureka notation, as AICs are usually written: each node `(digit)cells`,
/// `=` for a strong link and `-` for a weak one, and consecutive nodes in one cell (or one
/// almost locked set, shown with all its cells) written as one term:
/// `(5)r1c1=(5-3)r1c4=(3)r6c4`, `(4)r2c5-(4=7)r2c13`.
fn eureka(graph: &LinkGraph, chain: &Chain) -> String {
    let node = |i: usize| &graph.nodes[chain.nodes[i]];
    let shown = |n: &Node| {
        if n.is_als() {
            super::als::compact_cells(n.als)
        } else {
            n.cells_notation()
        }
    };
    let mark = |strong: bool| if strong { '=' } else { '-' };
    let mut out = format!("({}", node(0).digit);
    for (i, &strong) in chain.strong.iter().enumerate() {
        let (a, b) = (node(i), node(i + 1));
        let same_term = in_cell(a, b) || (a.is_als() && a.als == b.als);
        if same_term {
            out.push(mark(strong));
            out.push_str(&b.digit.to_string());
        } else {
            out.push_str(&format!("){}{}({}", shown(a), mark(strong), b.digit));
        }
    }
    out.push(')');
    out.push_str(&shown(node(chain.nodes.len() - 1)));
    out
}

/// A node true (`on`) or false in words: `r3c2 is 9`, `r2c3 is not 9`, `9 is in r4c45`,
/// `9 is not in r4c45`; an almost locked set's node `the set r1c237 has no 9` or `9 is in
/// the set r1c237 (r1c23)`.
fn state_words(node: &Node, on: bool) -> String {
    let not = if on { "" } else { "not " };
    if node.is_als() {
        let set = super::als::compact_cells(node.als);
        if on {
            format!(
                "{} is in the set {set} ({})",
                node.digit,
                node.cells_notation()
            )
        } else {
            format!("the set {set} has no {}", node.digit)
        }
    } else if let Some(cell) = node.cell() {
        format!("{} is {not}{}", cell_name(cell), node.digit)
    } else {
        format!("{} is {not}in {}", node.digit, node.cells_notation())
    }
}

/// Whether the `i`-th node of `chain` is true where the chain reaches it: the start is
/// assumed false before a strong link (true before a weak one), a strong link makes the next
/// node true and a weak link makes it false.
fn node_on(chain: &Chain, i: usize) -> bool {
    if i == 0 {
        !chain.strong[0]
    } else {
        chain.strong[i - 1]
    }
}

/// The chain read link by link, as a player follows it: `If r2c3 is not 9, then r3c2 is 9,
/// so r3c5 is not 9, so r7c5 is 9`.
fn walk_words(graph: &LinkGraph, chain: &Chain) -> String {
    let mut out = String::from("If ");
    for (i, &n) in chain.nodes.iter().enumerate() {
        if i == 1 {
            out.push_str(", then ");
        } else if i > 1 {
            out.push_str(", so ");
        }
        out.push_str(&state_words(&graph.nodes[n], node_on(chain, i)));
    }
    out
}

/// Every candidate of the chain's nodes (a continuous loop never eliminates its own).
fn chain_candidates(graph: &LinkGraph, chain: &Chain) -> Vec<Candidate> {
    let mut out = Vec::new();
    for &n in &chain.nodes {
        let node = &graph.nodes[n];
        out.extend(node.cells.iter().map(|c| Candidate::new(c, node.digit)));
    }
    out
}

/// Candidates of `digit` in cells that see every cell of `cells`.
fn seeing_all(grid: &Grid, cells: CellSet, digit: Digit) -> impl Iterator<Item = Candidate> {
    (cells.common_peers() & grid.digit_cells(digit))
        .iter()
        .map(move |c| Candidate::new(c, digit))
}

/// Whether any candidate of `digit` sees every cell of `cells` (a chain between them with
/// `digit` at both ends eliminates something).
fn sees_both(grid: &Grid, cells: CellSet, digit: Digit) -> bool {
    !(cells.common_peers() & grid.digit_cells(digit)).is_empty()
}

/// Candidates that conflict with both `a` and `z` (true-or-true ends of a chain).
fn excluded_by_both(grid: &Grid, a: &Node, z: &Node) -> Vec<Candidate> {
    let mut out = Vec::new();
    if a.digit == z.digit {
        out.extend(seeing_all(grid, a.cells | z.cells, a.digit));
    } else {
        for (end, other) in [(a, z), (z, a)] {
            if let Some(cell) = end.cell() {
                if grid.candidates(cell).contains(other.digit) && other.excludes(cell, other.digit)
                {
                    out.push(Candidate::new(cell, other.digit));
                }
            }
        }
    }
    out
}

/// What a weak link of a closed loop removes: it now holds exactly one true node.
fn weak_link_eliminations(grid: &Grid, a: &Node, b: &Node) -> Vec<Candidate> {
    if in_cell(a, b) {
        let cell = a.cell().unwrap_or_default();
        grid.candidates(cell)
            .without(a.digit)
            .without(b.digit)
            .iter()
            .map(|d| Candidate::new(cell, d))
            .collect()
    } else if a.digit == b.digit {
        seeing_all(grid, a.cells | b.cells, a.digit).collect()
    } else {
        Vec::new()
    }
}

/// A found step before it is emitted.
struct Found {
    technique: Technique,
    chain: Chain,
    eliminations: Vec<Candidate>,
    subject: String,
    text: String,
    /// Among chains of one size, lower is preferred (see the module doc).
    preference: u8,
}

/// Steps keyed by their eliminations, keeping the shortest chain for each.
#[derive(Default)]
struct Collector {
    /// Eliminations -> (chain size, preference, step). The step is `None` where the collector
    /// keeps HoDoKu's choice alone and this is not it.
    by_eliminations: BTreeMap<Vec<Candidate>, Kept>,
    /// Whether only HoDoKu's choice among the steps is kept ([`Collector::hodoku_choice`]).
    hodoku_choice: bool,
    /// HoDoKu's choice so far: its key and eliminations.
    best: Option<(ChoiceKey, Vec<Candidate>)>,
    /// How many offers had something to eliminate (a search's barren-digit memory reads it).
    productive: usize,
}

/// What the collector keeps for a set of eliminations: the chain's size, its preference and
/// its step (if written).
type Kept = (usize, u8, Option<Step>);

/// Where a step stands in HoDoKu's choice: its sort key ([`hodoku_order::sort_key`]), then
/// its chain's size, then (compared apart) its eliminations: the order the steps are emitted
/// in breaks the key's ties.
type ChoiceKey = (hodoku_order::SortKey, usize);

impl Collector {
    /// A collector that keeps only the step HoDoKu would apply of all it is offered (the first
    /// of [`Collector::emit`]'s order with the least [`hodoku_order::sort_key`]), and writes
    /// no other step: the other offers are ranked by their eliminations and chain alone.
    fn hodoku_choice() -> Collector {
        Collector {
            hodoku_choice: true,
            ..Collector::default()
        }
    }

    /// Sorts and de-duplicates `eliminations`; whether a step with them and a chain of `size`
    /// nodes would be kept (checked before its words are written).
    fn wants(&mut self, eliminations: &mut Vec<Candidate>, size: usize, preference: u8) -> bool {
        eliminations.sort();
        eliminations.dedup();
        if eliminations.is_empty() {
            return false;
        }
        self.productive += 1;
        self.would_keep(eliminations, size, preference)
    }

    /// [`Collector::wants`] for a chain found by a search that may keep HoDoKu's choice
    /// alone: there the step is wanted only if it would be that choice so far. A chain that
    /// would be kept for its eliminations but is not the choice is noted as kept, unwritten.
    fn wants_chain(&mut self, eliminations: &mut Vec<Candidate>, chain: &Chain) -> bool {
        if !self.wants(eliminations, chain.size(), 0) {
            return false;
        }
        if !self.hodoku_choice {
            return true;
        }
        let key = (
            hodoku_order::sort_key(eliminations, chain.nodes.len()),
            chain.size(),
        );
        let chosen = self.best.as_ref().is_none_or(|(best, best_eliminations)| {
            (&key, &*eliminations) < (best, best_eliminations)
        });
        if !chosen {
            self.by_eliminations
                .insert(eliminations.clone(), (chain.size(), 0, None));
        }
        chosen
    }

    /// [`Collector::wants`] for eliminations already sorted and distinct.
    fn would_keep(&self, eliminations: &[Candidate], size: usize, preference: u8) -> bool {
        !eliminations.is_empty()
            && self
                .by_eliminations
                .get(eliminations)
                .is_none_or(|old| (old.0, old.1) > (size, preference))
    }

    fn offer(&mut self, graph: &LinkGraph, mut found: Found) {
        found.eliminations.sort();
        found.eliminations.dedup();
        if found.eliminations.is_empty() {
            return;
        }
        let key = found.eliminations.clone();
        let rank = (found.chain.size(), found.preference);
        match self.by_eliminations.get(&key) {
            Some(old) if (old.0, old.1) <= rank => {}
            _ => {
                if self.hodoku_choice {
                    // (`wants_chain` found this the choice so far: the last one goes unwritten)
                    if let Some((_, old)) = self.best.take() {
                        if let Some(kept) = self.by_eliminations.get_mut(&old) {
                            kept.2 = None;
                        }
                    }
                    let choice_key = (
                        hodoku_order::sort_key(&key, found.chain.nodes.len()),
                        rank.0,
                    );
                    self.best = Some((choice_key, key.clone()));
                }
                self.by_eliminations
                    .insert(key, (rank.0, rank.1, Some(step(graph, found))));
            }
        }
    }

    /// Shortest chains first, then by eliminations.
    fn emit(self, emit: &mut Emit<'_>) -> ControlFlow<()> {
        for step in self.into_steps() {
            emit(step)?;
        }
        ControlFlow::Continue(())
    }

    /// The steps in the order [`Collector::emit`] emits them.
    fn into_steps(self) -> Vec<Step> {
        let mut all: Vec<(Vec<Candidate>, Kept)> = self.by_eliminations.into_iter().collect();
        all.sort_by(|a, b| (a.1 .0, &a.0).cmp(&(b.1 .0, &b.0)));
        all.into_iter()
            .filter_map(|(_, (_, _, step))| step)
            .collect()
    }
}

fn step(graph: &LinkGraph, found: Found) -> Step {
    let chain = &found.chain;
    let mut pattern = Pattern::default();
    // The almost locked sets the chain passes through, in order.
    let mut sets: Vec<CellSet> = Vec::new();
    let last = chain.nodes.len() - 1;
    for (i, &n) in chain.nodes.iter().enumerate() {
        let node = &graph.nodes[n];
        // A node is false where the chain assumes it (the start) or a weak link reaches it.
        let role = if node_on(chain, i) {
            Role::On
        } else {
            Role::Off
        };
        // A loop's repeated start is listed once.
        if !(i == last && i > 0 && chain.nodes[0] == n) {
            pattern = pattern.candidates(
                node.cells.iter().map(|c| Candidate::new(c, node.digit)),
                role,
            );
        }
        pattern.nodes.push(ChainNode {
            digit: node.digit,
            cells: node.cells.iter().collect(),
            role,
            als: node.als.iter().collect(),
        });
        if node.is_als() && !sets.contains(&node.als) {
            sets.push(node.als);
        }
    }
    for (k, set) in sets.iter().enumerate() {
        pattern = pattern.cells(set.iter(), Role::Als(k as u8));
    }
    let anchor = |n: usize| {
        let node = &graph.nodes[n];
        Candidate::new(node.cells.first().unwrap_or_default(), node.digit)
    };
    pattern.links = chain
        .strong
        .iter()
        .enumerate()
        .map(|(i, &strong)| Link {
            from: anchor(chain.nodes[i]),
            to: anchor(chain.nodes[i + 1]),
            strong,
        })
        .collect();
    pattern = pattern.candidates(found.eliminations.iter().copied(), Role::Cover);
    // (At most `MAX_NODES` nodes, so the counts fit.)
    let facts = Facts::Chain {
        nodes: chain.size() as u8,
        strong_links: chain.strong.iter().filter(|&&s| s).count() as u8,
    };
    // The chain read link by link, then what follows from it (each finder's `text`).
    let text = format!("{}. {}", walk_words(graph, chain), found.text);
    Step::new(
        found.technique,
        vec![],
        found.eliminations,
        pattern,
        found.subject,
        text,
    )
    .with_facts(facts)
}

/// X-Chain: one digit, three or more strong links along units.
pub fn x_chain(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    x_chains(grid, false, Collector::default(), emit)
}

/// HoDoKu's X-Chain search, which also takes a chain that comes back to its start cell by a
/// strong link: the start cell then holds the digit, and HoDoKu removes it from every cell
/// that sees the start (the chain's own cells included).
pub fn hodoku_x_chain(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    x_chains(grid, true, Collector::default(), emit)
}

/// The step HoDoKu applies of [`hodoku_x_chain`]'s (see [`crate::finders::hodoku_choice`]).
pub fn hodoku_x_chain_choice(grid: &Grid) -> Option<Step> {
    choice(|emit| x_chains(grid, true, Collector::hodoku_choice(), emit))
}

/// The one step a search run with [`Collector::hodoku_choice`] emits, if any.
fn choice(search: impl FnOnce(&mut Emit<'_>) -> ControlFlow<()>) -> Option<Step> {
    let mut chosen = None;
    let _ = search(&mut |step| {
        chosen = Some(step);
        ControlFlow::Break(())
    });
    chosen
}

thread_local! {
    /// Per search (SE's X-Chain, HoDoKu's) and digit: the digit's candidate cells when that
    /// search last found nothing on it, or `u128::MAX`. A digit's chains, and so its steps,
    /// depend on those cells alone (the eliminations are of the digit too, so no other digit's
    /// steps meet them in the collector), and a pipeline step changes one or two digits: the
    /// others are not searched again.
    static CHAINLESS_DIGITS: std::cell::Cell<[[u128; 9]; 2]> =
        const { std::cell::Cell::new([[u128::MAX; 9]; 2]) };
}

fn x_chains(
    grid: &Grid,
    back_to_start: bool,
    mut found: Collector,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    let mut scratch = Search::default();
    let mut chainless = CHAINLESS_DIGITS.get();
    let remembered = &mut chainless[usize::from(back_to_start)];
    for digit in 1..=9 {
        let cells = grid.digit_cells(digit).0;
        if remembered[digit as usize - 1] == cells {
            continue;
        }
        let graph = LinkGraph::build(grid, GraphKind::single_digit(grid, digit));
        if crate::deadline::expired() {
            CHAINLESS_DIGITS.set(chainless);
            return ControlFlow::Break(()); // (a search cut short gives no step)
        }
        let productive_before = found.productive;
        for start in 0..graph.nodes.len() {
            let search = scratch.run(&graph, start, false, CellSet::EMPTY);
            for end in 0..graph.nodes.len() {
                // Three strong links and two weak ones at least.
                if end == start || !search.reached(end, true) || search.links_to(end, true) < 5 {
                    continue;
                }
                let (a, z) = (&graph.nodes[start], &graph.nodes[end]);
                if !sees_both(grid, a.cells | z.cells, digit) {
                    continue; // (nothing to eliminate: the chain is not worth tracing)
                }
                let chain = search.chain(end, true);
                if !is_simple(&graph, &chain.nodes) {
                    continue;
                }
                // As HoDoKu, a chain candidate that sees both ends goes too.
                let mut eliminations: Vec<Candidate> =
                    seeing_all(grid, a.cells | z.cells, digit).collect();
                if !found.wants_chain(&mut eliminations, &chain) {
                    continue;
                }
                found.offer(
                    &graph,
                    Found {
                        technique: Technique::XChain,
                        subject: format!("{digit} {}", body(&graph, &chain)),
                        text: format!(
                            "Either way {} or {}, so {}.",
                            state_words(a, true),
                            state_words(z, true),
                            crate::step::not_words(&eliminations)
                        ),
                        chain,
                        eliminations,
                        preference: 0,
                    },
                );
            }
            if back_to_start {
                offer_x_loop(grid, &graph, search, start, &mut found);
            }
        }
        remembered[digit as usize - 1] = if found.productive == productive_before {
            cells
        } else {
            u128::MAX
        };
    }
    CHAINLESS_DIGITS.set(chainless);
    found.emit(emit)
}

/// The shortest chains from `start` (searched from it as false) back to it by a strong link,
/// three strong links at least, as HoDoKu's X-Chain search meets them.
fn offer_x_loop(
    grid: &Grid,
    graph: &LinkGraph,
    search: &Search,
    start: usize,
    found: &mut Collector,
) {
    let a = &graph.nodes[start];
    for &end in &graph.strong[start] {
        let end = end as usize;
        if !search.reached(end, false) || search.links_to(end, false) < 4 {
            continue;
        }
        let mut chain = search.chain(end, false);
        if !is_simple(graph, &chain.nodes) {
            continue;
        }
        chain.nodes.push(start);
        chain.strong.push(true);
        let mut eliminations: Vec<Candidate> = seeing_all(grid, a.cells, a.digit).collect();
        if !found.wants_chain(&mut eliminations, &chain) {
            continue;
        }
        found.offer(
            graph,
            Found {
                technique: Technique::XChain,
                subject: format!("{} {}", a.digit, body(graph, &chain)),
                text: format!(
                    "If {} the chain makes it true, so it is true, and {}.",
                    state_words(a, false),
                    crate::step::not_words(&eliminations)
                ),
                chain,
                eliminations,
                preference: 0,
            },
        );
    }
}

/// Cells of a chain, in order, without repeats.
fn chain_cells(graph: &LinkGraph, chain: &Chain) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for &n in &chain.nodes {
        for c in graph.nodes[n].cells.iter() {
            if cells.last() != Some(&c) {
                cells.push(c);
            }
        }
    }
    cells
}

/// XY-Chain: bivalue cells from `d` in one end cell to `d` in the other.
pub fn xy_chain(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    xy_chains(grid, Collector::default(), emit)
}

/// The step HoDoKu applies of [`xy_chain`]'s, the hodoku profile's XY-Chain search too (see
/// [`crate::finders::hodoku_choice`]).
pub fn xy_chain_hodoku_choice(grid: &Grid) -> Option<Step> {
    choice(|emit| xy_chains(grid, Collector::hodoku_choice(), emit))
}

fn xy_chains(grid: &Grid, mut found: Collector, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let graph = LinkGraph::build(grid, GraphKind::bivalue(grid, grid.empty_cells()));
    let mut scratch = Search::default();
    for start in 0..graph.nodes.len() {
        if crate::deadline::expired() {
            return ControlFlow::Break(()); // (a search cut short gives no step)
        }
        let search = scratch.run(&graph, start, false, CellSet::EMPTY);
        let a = graph.nodes[start];
        for end in 0..graph.nodes.len() {
            let z = graph.nodes[end];
            if z.digit != a.digit || z.cells == a.cells || !search.reached(end, true) {
                continue;
            }
            if !sees_both(grid, a.cells | z.cells, a.digit) {
                continue; // (nothing to eliminate: the chain is not worth tracing)
            }
            let chain = search.chain(end, true);
            let cells = chain_cells(&graph, &chain);
            if cells.len() < 3 || !is_simple(&graph, &chain.nodes) {
                continue;
            }
            // All cells on the same two digits: a Remote Pair's business.
            let pair = grid.candidates(cells[0]);
            if cells.iter().all(|&c| grid.candidates(c) == pair) {
                continue;
            }
            let mut eliminations: Vec<Candidate> =
                seeing_all(grid, a.cells | z.cells, a.digit).collect();
            if !found.wants_chain(&mut eliminations, &chain) {
                continue;
            }
            let d = a.digit;
            found.offer(
                &graph,
                Found {
                    technique: Technique::XYChain,
                    subject: format!("{d} {d}- {} -{d}", body(&graph, &chain)),
                    text: format!(
                        "Either way {} or {} is {d}, so {}.",
                        cell_name(cells[0]),
                        cell_name(cells[cells.len() - 1]),
                        crate::step::not_words(&eliminations)
                    ),
                    chain,
                    eliminations,
                    preference: 0,
                },
            );
        }
    }
    found.emit(emit)
}

/// Remote Pair: four or more cells on the same two digits, each seeing the next.
pub fn remote_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let mut found = Collector::default();
    let mut scratch = Search::default();
    for (low, high, cells) in remote_pair_cells(grid) {
        let graph = LinkGraph::build(grid, GraphKind::bivalue(grid, cells));
        for start_cell in cells.iter() {
            if crate::deadline::expired() {
                return ControlFlow::Break(()); // (a search cut short gives no step)
            }
            let Some(start) = graph.single(start_cell, low) else {
                continue;
            };
            let search = scratch.run(&graph, start, false, CellSet::EMPTY);
            for end_cell in cells.iter() {
                let Some(end) = graph.single(end_cell, low) else {
                    continue;
                };
                if end == start || !search.reached(end, true) {
                    continue;
                }
                let chain = search.chain(end, true);
                let chain_cells = chain_cells(&graph, &chain);
                if chain_cells.len() < 4 || !is_simple(&graph, &chain.nodes) {
                    continue;
                }
                offer_remote_pair(grid, &graph, chain, &chain_cells, (low, high), &mut found);
            }
        }
    }
    found.emit(emit)
}

/// HoDoKu's longest Remote Pair: ten cells (`RESTRICT_CHAIN_LENGTH`, 20 links, reached by its
/// default `restrictChainSize`).
const HODOKU_REMOTE_PAIR_CELLS: usize = 10;

/// HoDoKu 2.2's Remote Pair search (`ChainSolver.getChains(REMOTE_PAIR)`), for the hodoku
/// profile: every path of four, six, eight or ten distinct cells on one pair, each seeing the
/// next, depth first from each start cell, not only the shortest path between two ends as
/// [`remote_pair`] takes. A longer path between the same ends passes more cells and can
/// eliminate more, and HoDoKu applies the step with the most eliminations. As in HoDoKu, a path
/// counts only where a candidate of the pair sees both its ends (it checks nothing else
/// first); the shortest chain is kept for each set of eliminations, the first found of equal
/// ones (start cells in order, then each cell's neighbours in order).
pub fn hodoku_remote_pair(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    hodoku_remote_pairs(grid, Collector::default(), emit)
}

/// The step HoDoKu applies of [`hodoku_remote_pair`]'s (see
/// [`crate::finders::hodoku_choice`]).
pub fn hodoku_remote_pair_choice(grid: &Grid) -> Option<Step> {
    choice(|emit| hodoku_remote_pairs(grid, Collector::hodoku_choice(), emit))
}

fn hodoku_remote_pairs(grid: &Grid, mut found: Collector, emit: &mut Emit<'_>) -> ControlFlow<()> {
    for (low, high, cells) in remote_pair_cells(grid) {
        let graph = LinkGraph::build(grid, GraphKind::bivalue(grid, cells));
        for start in cells.iter() {
            if crate::deadline::expired() {
                return ControlFlow::Break(()); // (a search cut short gives no step)
            }
            let mut path = vec![start];
            extend_remote_pair(grid, &graph, cells, (low, high), &mut path, &mut found);
        }
    }
    found.emit(emit)
}

/// Every longer path from `path` through `cells`, offering those of an even number of cells.
fn extend_remote_pair(
    grid: &Grid,
    graph: &LinkGraph,
    cells: CellSet,
    pair: (Digit, Digit),
    path: &mut Vec<Cell>,
    found: &mut Collector,
) {
    let last = *path.last().expect("a path starts with its start cell");
    for next in (cells & crate::geometry::peers(last)).iter() {
        if path.contains(&next) {
            continue;
        }
        path.push(next);
        let ends = CellSet::single(path[0]).with(next);
        if path.len() >= 4
            && path.len() % 2 == 0
            && (seeing_all(grid, ends, pair.0).next().is_some()
                || seeing_all(grid, ends, pair.1).next().is_some())
        {
            let chain = cells_chain(graph, path, pair);
            offer_remote_pair(grid, graph, chain, path, pair, found);
        }
        if path.len() < HODOKU_REMOTE_PAIR_CELLS {
            extend_remote_pair(grid, graph, cells, pair, path, found);
        }
        path.pop();
    }
}

/// The chain through `cells` of one pair: from the first cell's low digit, a strong link inside
/// each cell to its other digit, a weak link from there to the next cell.
fn cells_chain(graph: &LinkGraph, cells: &[Cell], (low, high): (Digit, Digit)) -> Chain {
    let mut nodes = Vec::with_capacity(cells.len() * 2);
    let mut strong = Vec::with_capacity(cells.len() * 2);
    for (k, &cell) in cells.iter().enumerate() {
        let (first, second) = if k % 2 == 0 { (low, high) } else { (high, low) };
        for digit in [first, second] {
            nodes.push(
                graph
                    .single(cell, digit)
                    .expect("a bivalue cell's digits are nodes"),
            );
        }
        strong.push(true);
        if k + 1 < cells.len() {
            strong.push(false);
        }
    }
    Chain { nodes, strong }
}

/// Each pair of digits with the empty cells that hold exactly it, where there are four or more.
fn remote_pair_cells(grid: &Grid) -> Vec<(Digit, Digit, CellSet)> {
    // The bivalue cells, by their pair's mask, in one pass over the grid.
    let mut by_pair = [CellSet::EMPTY; 1 << 9];
    for cell in grid.empty_cells().iter() {
        let digits = grid.candidates(cell);
        if digits.len() == 2 {
            by_pair[digits.0 as usize] = by_pair[digits.0 as usize].with(cell);
        }
    }
    let mut out = Vec::new();
    for low in 1..=9u8 {
        for high in low + 1..=9u8 {
            let cells = by_pair[DigitSet::single(low).with(high).0 as usize];
            if cells.len() >= 4 {
                out.push((low, high, cells));
            }
        }
    }
    out
}

/// Offers the Remote Pair of `chain` through `chain_cells`: cells an odd number of links apart
/// (three or more) hold different values, as HoDoKu counts them; the ends are one such pair.
fn offer_remote_pair(
    grid: &Grid,
    graph: &LinkGraph,
    chain: Chain,
    chain_cells: &[Cell],
    (low, high): (Digit, Digit),
    found: &mut Collector,
) {
    let mut eliminations = Vec::new();
    for (i, &p) in chain_cells.iter().enumerate() {
        for &q in chain_cells.iter().skip(i + 3).step_by(2) {
            let ends = CellSet::single(p).with(q);
            eliminations.extend(
                seeing_all(grid, ends, low)
                    .chain(seeing_all(grid, ends, high))
                    .filter(|c| !chain_cells.contains(&c.cell)),
            );
        }
    }
    if !found.wants_chain(&mut eliminations, &chain) {
        return;
    }
    let (start_cell, end_cell) = (chain_cells[0], chain_cells[chain_cells.len() - 1]);
    found.offer(graph, Found {
        technique: Technique::RemotePair,
        subject: format!("{low}/{high} {}", body(graph, &chain)),
        text: format!(
            "The cells {} all hold only {low} and {high} and each sees the next, so their values alternate: {} and {} hold different ones, so {}.",
            crate::step::cell_list(chain_cells.iter().copied()),
            cell_name(start_cell),
            cell_name(end_cell),
            crate::step::not_words(&eliminations)
        ),
        chain,
        eliminations,
        preference: 0,
    });
}

/// Whether a chain is an X-chain (one digit) or an XY-chain (strong links only inside
/// bivalue cells, weak links only between cells, both ends on one digit).
fn is_x_or_xy(graph: &LinkGraph, chain: &Chain) -> bool {
    let node = |i: usize| &graph.nodes[chain.nodes[i]];
    let one_digit = chain
        .nodes
        .iter()
        .all(|&n| graph.nodes[n].digit == node(0).digit);
    let xy = node(0).digit == node(chain.nodes.len() - 1).digit
        && chain
            .strong
            .iter()
            .enumerate()
            .all(|(i, &strong)| strong == in_cell(node(i), node(i + 1)));
    one_digit || xy
}

fn grouped_technique(grouped: bool, plain: Technique, with_groups: Technique) -> Technique {
    if grouped {
        with_groups
    } else {
        plain
    }
}

/// Which nodes an AIC search uses; each kind reports only chains that need its newest nodes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum AicNodes {
    Candidates,
    Groups,
    /// Groups and almost locked sets; the chain passes through at least one set.
    Als,
}

/// Whether the chain passes through an almost locked set (two consecutive nodes of one set).
fn uses_als(graph: &LinkGraph, chain: &Chain) -> bool {
    chain.nodes.windows(2).any(|w| {
        let (a, b) = (&graph.nodes[w[0]], &graph.nodes[w[1]]);
        a.is_als() && a.als == b.als
    })
}

/// AIC (plain, grouped or with ALS nodes): ends true-or-true, eliminations that conflict with
/// both.
fn aic_search(grid: &Grid, emit: &mut Emit<'_>, kind: AicNodes) -> ControlFlow<()> {
    let graph_kind = match kind {
        AicNodes::Candidates => GraphKind::full(grid, false),
        AicNodes::Groups => GraphKind::full(grid, true),
        AicNodes::Als => GraphKind::with_als(grid),
    };
    let graph = LinkGraph::shared(grid, graph_kind);
    if kind != AicNodes::Als {
        // Searched together with the continuous loops on the same graph.
        for step in &loops_and_aics(grid, &graph, kind == AicNodes::Groups).aics {
            emit(step.clone())?;
        }
        return ControlFlow::Continue(());
    }
    let mut found = Collector::default();
    let mut scratch = Search::default();
    for start in 0..graph.nodes.len() {
        if crate::deadline::expired() {
            return ControlFlow::Break(()); // (a search cut short gives no step)
        }
        // Chains start on candidates and groups; a set's node is met inside the chain (a chain
        // from one is the reverse of a chain to it).
        if graph.nodes[start].is_als() {
            continue;
        }
        let search = scratch.run(&graph, start, false, CellSet::EMPTY);
        aics_from(grid, &graph, search, start, kind, &mut found);
    }
    found.emit(emit)
}

/// The AICs from `start` (assumed false) that `search` reached, offered to `found`.
fn aics_from(
    grid: &Grid,
    graph: &LinkGraph,
    search: &Search,
    start: usize,
    kind: AicNodes,
    found: &mut Collector,
) {
    let technique = match kind {
        AicNodes::Candidates => Technique::Aic,
        AicNodes::Groups => Technique::GroupedAic,
        AicNodes::Als => Technique::AlsAic,
    };
    let a = graph.nodes[start];
    for end in 0..graph.nodes.len() {
        if end == start || !search.reached(end, true) || search.links_to(end, true) < 3 {
            continue;
        }
        let z = graph.nodes[end];
        // Ends that conflict close a loop: a Continuous Nice Loop. Without sets, those are
        // the nodes weakly linked to the start (a sorted list).
        let conflicts = if kind == AicNodes::Als {
            a.excludes_node(&z)
        } else {
            graph.weak[start].binary_search(&(end as u16)).is_ok()
        };
        if conflicts {
            continue;
        }
        // The eliminations depend on the ends alone and the chain's size on its length:
        // whether the step would be kept is known before the chain is built.
        let mut eliminations = excluded_by_both(grid, &a, &z);
        if !found.wants(&mut eliminations, search.links_to(end, true) + 1, 0) {
            continue;
        }
        let chain = search.chain(end, true);
        let wanted_nodes = match kind {
            AicNodes::Candidates => !uses_group(graph, &chain) && !is_x_or_xy(graph, &chain),
            AicNodes::Groups => uses_group(graph, &chain),
            AicNodes::Als => uses_als(graph, &chain),
        };
        if !wanted_nodes || !is_simple(graph, &chain.nodes) {
            continue;
        }
        found.offer(
            graph,
            Found {
                technique,
                subject: eureka(graph, &chain),
                text: format!(
                    "Either way {} or {}, so {}.",
                    state_words(&a, true),
                    state_words(&z, true),
                    crate::step::not_words(&eliminations)
                ),
                chain,
                eliminations,
                preference: 0,
            },
        );
    }
}

/// Continuous Nice Loop (grouped or not).
fn continuous_search(grid: &Grid, emit: &mut Emit<'_>, grouped: bool) -> ControlFlow<()> {
    let graph = LinkGraph::shared(grid, GraphKind::full(grid, grouped));
    for step in &loops_and_aics(grid, &graph, grouped).loops {
        emit(step.clone())?;
    }
    ControlFlow::Continue(())
}

/// The continuous nice loops and the AICs of one graph (plain or grouped), in the order each
/// finder emits them.
struct LoopsAndAics {
    loops: Vec<Step>,
    aics: Vec<Step>,
}

/// The continuous nice loops and AICs of `graph` (the shared full graph of `grid`): both
/// search from every start assumed false, so one search from each start serves both, and the
/// steps are kept for the other finder. Each thread keeps the last few, each with the graph it
/// came from, within `Memory::NiceLoops`'s share of the cache bound; a graph is shared only
/// for an equal state (see [`LinkGraph::shared`]).
fn loops_and_aics(grid: &Grid, graph: &Rc<LinkGraph>, grouped: bool) -> Rc<LoopsAndAics> {
    if let Some(known) = FOUND.with(|found| {
        found
            .borrow()
            .iter()
            .find(|(g, _)| Rc::ptr_eq(g, graph))
            .map(|(_, steps)| Rc::clone(steps))
    }) {
        return known;
    }
    let loop_technique = grouped_technique(
        grouped,
        Technique::ContinuousNiceLoop,
        Technique::GroupedContinuousNiceLoop,
    );
    let aic_nodes = if grouped {
        AicNodes::Groups
    } else {
        AicNodes::Candidates
    };
    let (mut loops, mut aics) = (Collector::default(), Collector::default());
    let mut scratch = Search::default();
    for start in 0..graph.nodes.len() {
        if crate::deadline::expired() {
            break; // (what was found is not kept, see below)
        }
        let search = scratch.run(graph, start, false, CellSet::EMPTY);
        loops_from(grid, graph, search, start, loop_technique, &mut loops);
        aics_from(grid, graph, search, start, aic_nodes, &mut aics);
    }
    let steps = Rc::new(LoopsAndAics {
        loops: loops.into_steps(),
        aics: aics.into_steps(),
    });
    if crate::deadline::expired() {
        return steps; // (a search the deadline may have cut short is not kept)
    }
    FOUND.with(|found| {
        let mut found = found.borrow_mut();
        if found.len() == KEPT_FOUND {
            found.remove(0);
        }
        found.push((Rc::clone(graph), Rc::clone(&steps)));
        // (the oldest go first while the steps kept are over the share)
        while found_bytes(&found) > cache::bound(Memory::NiceLoops) {
            found.remove(0);
        }
    });
    steps
}

/// The plain and the grouped graph of one state.
const KEPT_FOUND: usize = 2;

thread_local! {
    static FOUND: RefCell<Vec<(Rc<LinkGraph>, Rc<LoopsAndAics>)>> =
        const { RefCell::new(Vec::new()) };
}

/// What the kept loops and AICs take, in bytes (their graphs are counted with the link
/// graphs).
fn found_bytes(found: &[(Rc<LinkGraph>, Rc<LoopsAndAics>)]) -> usize {
    found
        .iter()
        .map(|(_, steps)| {
            std::mem::size_of::<(Rc<LinkGraph>, Rc<LoopsAndAics>, LoopsAndAics)>()
                + steps
                    .loops
                    .iter()
                    .chain(&steps.aics)
                    .map(step_bytes)
                    .sum::<usize>()
        })
        .sum()
}

/// The heap a step takes, in bytes: its record, lists, pattern and sentences.
fn step_bytes(step: &Step) -> usize {
    fn list<T>(list: &Vec<T>) -> usize {
        list.capacity() * std::mem::size_of::<T>()
    }
    let p = &step.pattern;
    std::mem::size_of::<Step>()
        + list(&step.placements)
        + list(&step.eliminations)
        + std::mem::size_of::<Pattern>()
        + list(&p.units)
        + list(&p.cells)
        + list(&p.candidates)
        + list(&p.links)
        + list(&p.nodes)
        + step.subject.capacity()
        + step.text.capacity()
}

/// Forgets the kept graphs and the loops and AICs found on them.
pub(super) fn clear_caches() {
    CHAINLESS_DIGITS.set([[u128::MAX; 9]; 2]);
    FOUND.with(|found| found.borrow_mut().clear());
    links::clear_cache();
}

/// Forgets the kept graphs, or the loops and AICs, when they hold more than their share.
pub(super) fn trim_caches() {
    if FOUND.with(|found| found_bytes(&found.borrow())) > cache::bound(Memory::NiceLoops) {
        FOUND.with(|found| found.borrow_mut().clear());
    }
    if links::cache_bytes() > cache::bound(Memory::LinkGraphs) {
        links::clear_cache();
    }
}

/// What the kept graphs, loops and AICs take, in bytes.
pub(super) fn cache_bytes() -> usize {
    FOUND.with(|found| found_bytes(&found.borrow())) + links::cache_bytes()
}

/// The continuous nice loops through `start` (assumed false) that `search` reached, offered to
/// `found`.
fn loops_from(
    grid: &Grid,
    graph: &LinkGraph,
    search: &Search,
    start: usize,
    technique: Technique,
    found: &mut Collector,
) {
    let grouped = technique == Technique::GroupedContinuousNiceLoop;
    let a = graph.nodes[start];
    // The ends that conflict with the start are the nodes weakly linked to it (in the full
    // graph), in node order.
    for &end in &graph.weak[start] {
        let end = end as usize;
        // Four links at least with the closing one (the cheap tests first).
        if end == start || !search.reached(end, true) || search.links_to(end, true) < 3 {
            continue;
        }
        let z = graph.nodes[end];
        if !a.excludes_node(&z) {
            continue;
        }
        let mut chain = search.chain(end, true);
        if !is_simple(graph, &chain.nodes) || uses_group(graph, &chain) != grouped {
            continue;
        }
        // Close the loop with the weak link back to the start.
        chain.nodes.push(start);
        chain.strong.push(false);
        let own = chain_candidates(graph, &chain);
        let mut eliminations = Vec::new();
        for (i, &strong) in chain.strong.iter().enumerate() {
            if !strong {
                let (p, q) = (
                    &graph.nodes[chain.nodes[i]],
                    &graph.nodes[chain.nodes[i + 1]],
                );
                eliminations.extend(weak_link_eliminations(grid, p, q));
            }
        }
        eliminations.retain(|c| !own.contains(c));
        let closes_in_cell = in_cell(&a, &z);
        if !found.wants(&mut eliminations, chain.size(), u8::from(!closes_in_cell)) {
            continue;
        }
        let removed: DigitSet = eliminations
            .iter()
            .map(|c| c.digit)
            .fold(DigitSet::EMPTY, |acc, d| acc.with(d));
        let close_mark = if closes_in_cell { '=' } else { '-' };
        // The first link written out of the start cell (a link inside it is not written).
        let opening = (0..chain.strong.len())
            .find(|&i| {
                !in_cell(
                    &graph.nodes[chain.nodes[i]],
                    &graph.nodes[chain.nodes[i + 1]],
                )
            })
            .unwrap_or(0);
        let open_mark = if chain.strong[opening] { '=' } else { '-' };
        let open_digit = graph.nodes[chain.nodes[opening]].digit;
        // The loop's start cell with the closing link's digit before and the first
        // link's after; a closing link inside the cell is HoDoKu's usual start.
        let mut shown = chain.clone();
        let subject = if closes_in_cell {
            shown.nodes.pop();
            shown.strong.pop();
            format!(
                "{} {}{close_mark} {} {open_mark}{}",
                digit_list_slash(removed),
                z.digit,
                body(graph, &shown),
                open_digit
            )
        } else {
            format!(
                "{} {}{close_mark} {} {open_mark}{}",
                digit_list_slash(removed),
                a.digit,
                body(graph, &shown),
                open_digit
            )
        };
        found.offer(graph, Found {
            technique,
            subject,
            text: "The chain closes on itself through a weak link, so every weak link of the loop holds exactly one true candidate, and a candidate that conflicts with both ends of one of them goes.".to_string(),
            chain,
            eliminations,
            preference: u8::from(!closes_in_cell),
        });
    }
}

/// `1/2/4`: digits joined by slashes, as HoDoKu lists a loop's removed digits.
fn digit_list_slash(digits: DigitSet) -> String {
    digit_list(digits.iter()).replace(',', "/")
}

/// Discontinuous Nice Loop (grouped or not): a loop from a candidate back to its cell.
fn discontinuous_search(grid: &Grid, emit: &mut Emit<'_>, grouped: bool) -> ControlFlow<()> {
    let technique = grouped_technique(
        grouped,
        Technique::DiscontinuousNiceLoop,
        Technique::GroupedDiscontinuousNiceLoop,
    );
    let graph = LinkGraph::shared(grid, GraphKind::full(grid, grouped));
    let mut found = Collector::default();
    let mut scratch = Search::default();
    let mut links_back = vec![false; graph.nodes.len()];
    let mut ends: Vec<u16> = Vec::new();
    for target in 0..graph.nodes.len() {
        if crate::deadline::expired() {
            return ControlFlow::Break(()); // (a search cut short gives no step)
        }
        let t = graph.nodes[target];
        let Some(cell) = t.cell() else {
            continue;
        };
        let blocked = CellSet::single(cell);
        let offer = |found: &mut Collector,
                     chain: Chain,
                     mut eliminations: Vec<Candidate>,
                     why: &dyn Fn() -> String| {
            if chain.nodes.len() < 4
                || !is_simple(&graph, &chain.nodes[1..chain.nodes.len() - 1])
                || uses_group(&graph, &chain) != grouped
                || !found.wants(&mut eliminations, chain.size(), 0)
            {
                return;
            }
            let removed: DigitSet = eliminations
                .iter()
                .fold(DigitSet::EMPTY, |acc, c| acc.with(c.digit));
            found.offer(
                &graph,
                Found {
                    technique,
                    subject: format!("{} {}", digit_list_slash(removed), body(&graph, &chain)),
                    text: why(),
                    chain,
                    eliminations,
                    preference: 0,
                },
            );
        };
        // The only ends tried below, in node order: the nodes that exclude T (outside its
        // cell: those weakly linked to it) and those strongly linked to another digit of the
        // cell (links are symmetric).
        ends.clear();
        ends.extend_from_slice(&graph.weak[target]);
        for other in grid.candidates(cell).without(t.digit).iter() {
            if let Some(back) = graph.single(cell, other) {
                for &m in &graph.strong[back] {
                    links_back[m as usize] = true;
                    ends.push(m);
                }
            }
        }
        ends.sort_unstable();
        ends.dedup();
        let removes_t = vec![Candidate::new(cell, t.digit)];
        // T true leads back to T false, or to another digit of its cell true.
        let search = scratch.run(&graph, target, true, blocked);
        for &end in &ends {
            let end = end as usize;
            // Each loop below is checked against the steps kept before it is built: it would
            // have `links_to + 2` nodes, `links_to + 1` of them distinct if it closes on T.
            if search.reached(end, true)
                && graph.nodes[end].excludes(cell, t.digit)
                && found.would_keep(&removes_t, search.links_to(end, true) + 1, 0)
            {
                let mut chain = search.chain(end, true);
                chain.nodes.push(target);
                chain.strong.push(false);
                offer(&mut found, chain, removes_t.clone(), &|| {
                    format!(
                        "Assuming {} is {} leads to its opposite, so {} is not {}.",
                        cell_name(cell),
                        t.digit,
                        cell_name(cell),
                        t.digit
                    )
                });
            }
            if search.reached(end, false)
                && links_back[end]
                && found.would_keep(&removes_t, search.links_to(end, false) + 2, 0)
            {
                for other in grid.candidates(cell).without(t.digit).iter() {
                    let Some(back) = graph.single(cell, other) else {
                        continue;
                    };
                    if graph.strong[end].contains(&(back as u16)) {
                        let mut chain = search.chain(end, false);
                        chain.nodes.push(back);
                        chain.strong.push(true);
                        // HoDoKu's rule: when the chain without T, read as an AIC, removes
                        // more than T, it is reported as that AIC instead.
                        let first = &graph.nodes[chain.nodes[1]];
                        if excluded_by_both(grid, first, &graph.nodes[back]).len() > 1 {
                            continue;
                        }
                        offer(&mut found, chain, removes_t.clone(), &|| {
                            format!(
                                "Assuming {} is {} makes it {other} as well, so {} is not {}.",
                                cell_name(cell),
                                t.digit,
                                cell_name(cell),
                                t.digit
                            )
                        });
                    }
                }
            }
        }
        for &end in &ends {
            links_back[end as usize] = false;
        }
        // T false leads back to T true: T is true.
        let search = scratch.run(&graph, target, false, blocked);
        // The ends strongly linked to T, in node order (links are symmetric, lists sorted).
        let others: Vec<Candidate> = grid
            .candidates(cell)
            .without(t.digit)
            .iter()
            .map(|d| Candidate::new(cell, d))
            .collect();
        for &end in &graph.strong[target] {
            let end = end as usize;
            if search.reached(end, false)
                && found.would_keep(&others, search.links_to(end, false) + 1, 0)
            {
                let mut chain = search.chain(end, false);
                chain.nodes.push(target);
                chain.strong.push(true);
                offer(&mut found, chain, others.clone(), &|| {
                    format!(
                        "Assuming {} is not {} leads to its opposite, so {} is {} and its other candidates go.",
                        cell_name(cell),
                        t.digit,
                        cell_name(cell),
                        t.digit
                    )
                });
            }
        }
    }
    found.emit(emit)
}

/// AIC: a chain of strong and weak links on several digits, ends true-or-true.
pub fn aic(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    aic_search(grid, emit, AicNodes::Candidates)
}

/// Grouped AIC: an AIC through at least one group node.
pub fn grouped_aic(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    aic_search(grid, emit, AicNodes::Groups)
}

/// AIC with ALS nodes: an AIC (groups allowed) through at least one almost locked set.
pub fn als_aic(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    aic_search(grid, emit, AicNodes::Als)
}

/// Continuous Nice Loop: an AIC whose ends conflict, closed into a loop.
pub fn continuous_nice_loop(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    continuous_search(grid, emit, false)
}

/// Grouped Continuous Nice Loop.
pub fn grouped_continuous_nice_loop(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    continuous_search(grid, emit, true)
}

/// Discontinuous Nice Loop: a loop from a candidate back to its own cell.
pub fn discontinuous_nice_loop(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    discontinuous_search(grid, emit, false)
}

/// Grouped Discontinuous Nice Loop.
pub fn grouped_discontinuous_nice_loop(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    discontinuous_search(grid, emit, true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::testing::{check, pencilmark, solved};
    use crate::finders::{all, first};

    /// Digits remembered as chainless change nothing found: at every state of a real path (an
    /// Unfair puzzle of `rated/hodoku.tsv`, hodoku profile), both X-Chain searches give the
    /// same steps with the memory as the previous state left it and emptied first.
    #[test]
    fn remembered_chainless_digits_change_no_result() {
        const PUZZLE: &str =
            "..6...5....3..4...2...7.4....93...7....46....8....23...7..9..2....5...161........";
        let digits: Vec<u8> = PUZZLE.bytes().map(|b| b.saturating_sub(b'0')).collect();
        let mut grid = Grid::from_puzzle(&digits.try_into().expect("81 cells"));
        let options = crate::pipeline::Options::hodoku();
        // Every step, then HoDoKu's choice alone (the two collectors share the memory).
        let search = |grid: &Grid, back_to_start: bool| -> Vec<String> {
            let mut steps = Vec::new();
            let _ = x_chains(grid, back_to_start, Collector::default(), &mut |step| {
                steps.push(step.notation());
                ControlFlow::Continue(())
            });
            let choice = Collector::hodoku_choice();
            let _ = x_chains(grid, back_to_start, choice, &mut |step| {
                steps.push(step.notation());
                ControlFlow::Continue(())
            });
            steps
        };
        // Forgets one search's digits, leaving the other's as they are.
        let forget = |back_to_start: bool| {
            let mut chainless = CHAINLESS_DIGITS.get();
            chainless[usize::from(back_to_start)] = [u128::MAX; 9];
            CHAINLESS_DIGITS.set(chainless);
        };
        forget(false);
        forget(true);
        let (mut states, mut found, mut skipped) = (0, 0, 0);
        while let Some(step) = crate::pipeline::next_step(&grid, &options) {
            for back_to_start in [false, true] {
                let remembered = CHAINLESS_DIGITS.get()[usize::from(back_to_start)];
                skipped += (1..=9u8)
                    .filter(|&d| remembered[d as usize - 1] == grid.digit_cells(d).0)
                    .count();
                let warm = search(&grid, back_to_start);
                forget(back_to_start);
                let cold = search(&grid, back_to_start);
                assert_eq!(warm, cold, "state {states}");
                found += cold.len();
            }
            crate::pipeline::apply(&mut grid, &step);
            states += 1;
        }
        assert!(grid.is_solved());
        assert!(
            states > 20 && found >= 2 && skipped > states,
            "{states} states, {found} steps, {skipped} digits skipped"
        );
    }

    /// The chain searches' HoDoKu choice, ranked before any step is written, is the step the
    /// least sort key picks of every step the search writes: at every state of hodoku paths
    /// (a Remote Pair puzzle, two of HoDoKu's Unfair ones), for the three searches.
    #[test]
    fn hodoku_choice_is_the_least_of_every_step() {
        use crate::finders::{all_hodoku, hodoku_choice, hodoku_order::step_sort_key};
        let options = crate::pipeline::Options::hodoku();
        let (mut states, mut choices, mut among_several) = (0, 0, 0);
        for puzzle in [
            "..6...5....3..4...2...7.4....93...7....46....8....23...7..9..2....5...161........",
            "1.......3.6.3..7...7...5..121.7...9...7........8.1..2....8.64....9.2..6....4.....",
            "87.........53.6..1...2.9...68.......7..1..84....9.......1..42.52.....43..........",
        ] {
            let mut grid = Grid::from_test_line(puzzle);
            while let Some(step) = crate::pipeline::next_step(&grid, &options) {
                for technique in [Technique::XChain, Technique::XYChain, Technique::RemotePair] {
                    let every = all_hodoku(technique, &grid);
                    let least = every.iter().min_by_key(|s| step_sort_key(s)).cloned();
                    assert_eq!(
                        hodoku_choice(technique, &grid),
                        least,
                        "{technique}, state {states}"
                    );
                    choices += usize::from(least.is_some());
                    among_several += usize::from(every.len() > 1);
                }
                crate::pipeline::apply(&mut grid, &step);
                states += 1;
            }
        }
        assert!(
            states > 200 && choices > 100 && among_several > 60,
            "{states} states, {choices} choices, {among_several} among several"
        );
    }

    /// On a state from HoDoKu's own path: the first step is `expected` (HoDoKu's deduction),
    /// every step replays soundly against the solution, and the near miss and the solved grid
    /// give nothing.
    fn check_first(technique: Technique, example: &str, expected: &str, near_miss: &str) {
        let grid = pencilmark(example);
        let step = first(technique, &grid).expect("a step on the example");
        assert_eq!(step.notation(), expected);
        assert!(step.text.ends_with('.'), "{}", step.text);
        let solution = solved(&grid);
        for s in all(technique, &grid) {
            for e in &s.eliminations {
                assert_ne!(solution.value(e.cell), e.digit, "{s}");
            }
        }
        assert!(all(technique, &pencilmark(near_miss)).is_empty());
        assert!(all(technique, &solution).is_empty());
    }

    /// As `testing::check`, for a state given as an 81-character line (candidates from the
    /// placed digits alone).
    fn check_line(technique: Technique, example: &str, expected: &str, near_miss: &str) {
        let line = Grid::from_test_line;
        let grid = line(example);
        let step = first(technique, &grid).expect("a step on the example");
        assert_eq!(step.notation(), expected);
        assert!(step.text.ends_with('.'), "{}", step.text);
        assert_eq!(all(technique, &grid).len(), 1);
        assert!(all(technique, &line(near_miss)).is_empty());
        assert!(all(technique, &solved(&grid)).is_empty());
    }

    // HoDoKu's own state and step (puzzle `..............1..2.34.....5.......6.....3..1.2..4........5..3.71.6..8...9........`); near miss: put 7 back into r5c4.
    const REMOTE_PAIR: &str = r#"
.---------------.------------.----------.
| 78   12   12  | 78  5   3  | 9  4  6  |
| 567  69   579 | 67  4   1  | 8  3  2  |
| 68   3    4   | 9   68  2  | 1  7  5  |
:---------------+------------+----------:
| 3    89   57  | 1   2   57 | 4  6  89 |
| 567  4    579 | 68  3   57 | 2  1  89 |
| 2    168  18  | 4   68  9  | 7  5  3  |
:---------------+------------+----------:
| 4    28   28  | 5   1   6  | 3  9  7  |
| 1    7    6   | 3   9   8  | 5  2  4  |
| 9    5    3   | 2   7   4  | 6  8  1  |
'---------------'------------'----------'
"#;
    const REMOTE_PAIR_MISS: &str = r#"
.---------------.-------------.----------.
| 78   12   12  | 78   5   3  | 9  4  6  |
| 567  69   579 | 67   4   1  | 8  3  2  |
| 68   3    4   | 9    68  2  | 1  7  5  |
:---------------+-------------+----------:
| 3    89   57  | 1    2   57 | 4  6  89 |
| 567  4    579 | 678  3   57 | 2  1  89 |
| 2    168  18  | 4    68  9  | 7  5  3  |
:---------------+-------------+----------:
| 4    28   28  | 5    1   6  | 3  9  7  |
| 1    7    6   | 3    9   8  | 5  2  4  |
| 9    5    3   | 2    7   4  | 6  8  1  |
'---------------'-------------'----------'
"#;

    #[test]
    fn remote_pair() {
        check_first(
            Technique::RemotePair,
            REMOTE_PAIR,
            "Remote Pair: 6/8 r3c1 -8- r3c5 -6- r6c5 -8- r5c4 => r5c1<>6",
            REMOTE_PAIR_MISS,
        );
    }

    // HoDoKu's own state and step (puzzle `98.7..6..5...9..7...7..6...4...3......85...9......2..3.1..4......96...8......1..2`); near miss: put 1 back into r3c4.
    const X_CHAIN: &str = r#"
.---------------------.----------------.--------------------.
| 9      8      1234  | 7     125  345 | 6      12345  15   |
| 5      2346   12346 | 123   9    34  | 123    7      8    |
| 123    234    7     | 238   258  6   | 2359   12345  459  |
:---------------------+----------------+--------------------:
| 4      567    156   | 189   3    89  | 12578  1256   1567 |
| 23     23     8     | 5     16   7   | 4      9      16   |
| 167    9      156   | 4     168  2   | 578    156    3    |
:---------------------+----------------+--------------------:
| 23678  1      2356  | 2389  4    89  | 3579   356    5679 |
| 237    23457  9     | 6     257  35  | 135    8      1457 |
| 3678   34567  3456  | 389   578  1   | 359    3456   2    |
'---------------------'----------------'--------------------'
"#;
    const X_CHAIN_MISS: &str = r#"
.---------------------.----------------.--------------------.
| 9      8      1234  | 7     125  345 | 6      12345  15   |
| 5      2346   12346 | 123   9    34  | 123    7      8    |
| 123    234    7     | 1238  258  6   | 2359   12345  459  |
:---------------------+----------------+--------------------:
| 4      567    156   | 189   3    89  | 12578  1256   1567 |
| 23     23     8     | 5     16   7   | 4      9      16   |
| 167    9      156   | 4     168  2   | 578    156    3    |
:---------------------+----------------+--------------------:
| 23678  1      2356  | 2389  4    89  | 3579   356    5679 |
| 237    23457  9     | 6     257  35  | 135    8      1457 |
| 3678   34567  3456  | 389   578  1   | 359    3456   2    |
'---------------------'----------------'--------------------'
"#;

    #[test]
    fn x_chain() {
        check_first(
            Technique::XChain,
            X_CHAIN,
            "X-Chain: 1 r2c4 =1= r1c5 -1- r5c5 =1= r5c9 -1- r8c9 =1= r8c7 => r2c7<>1",
            X_CHAIN_MISS,
        );
    }

    // HoDoKu's own state and step (puzzle `6.......4.9.7...5...1...8...3..97......2.3......5.6.2.8.....6...7...2.9...4.....1`); near miss: put 2 back into r2c5.
    const XY_CHAIN: &str = r#"
.-----------------.----------------.-----------------.
| 6     8    2357 | 39    235  159 | 237   137  4    |
| 4     9    23   | 7     16   8   | 12    5    236  |
| 2357  25   1    | 36    235  4   | 8     367  9    |
:-----------------+----------------+-----------------:
| 125   3    2568 | 18    9    7   | 45    46   568  |
| 57    16   5678 | 2     4    3   | 9     18   5678 |
| 179   4    789  | 5     18   6   | 13    2    378  |
:-----------------+----------------+-----------------:
| 8     15   259  | 349   37   159 | 6     347  235  |
| 135   7    356  | 1468  168  2   | 345   9    358  |
| 2359  256  4    | 68    357  59  | 2357  378  1    |
'-----------------'----------------'-----------------'
"#;
    const XY_CHAIN_MISS: &str = r#"
.-----------------.----------------.-----------------.
| 6     8    2357 | 39    235  159 | 237   137  4    |
| 4     9    23   | 7     126  8   | 12    5    236  |
| 2357  25   1    | 36    235  4   | 8     367  9    |
:-----------------+----------------+-----------------:
| 125   3    2568 | 18    9    7   | 45    46   568  |
| 57    16   5678 | 2     4    3   | 9     18   5678 |
| 179   4    789  | 5     18   6   | 13    2    378  |
:-----------------+----------------+-----------------:
| 8     15   259  | 349   37   159 | 6     347  235  |
| 135   7    356  | 1468  168  2   | 345   9    358  |
| 2359  256  4    | 68    357  59  | 2357  378  1    |
'-----------------'----------------'-----------------'
"#;

    #[test]
    fn xy_chain() {
        check_first(
            Technique::XYChain,
            XY_CHAIN,
            "XY-Chain: 3 3- r2c3 -2- r2c7 -1- r2c5 -6- r3c4 -3 => r3c1<>3",
            XY_CHAIN_MISS,
        );
    }

    // HoDoKu's own state and step (puzzle `4.......7...568....9.....6.5.9.1.7.61.......9.64.9.21...81746............4.682.3.`); near miss: put 2 back into r2c2.
    const CONTINUOUS_NICE_LOOP: &str = r#"
.---------------.--------------.------------------.
| 4   58    6   | 39   23   19 | 1358  258  7     |
| 27  137   137 | 5    6    8  | 149   249  134   |
| 28  9     135 | 247  234  17 | 1358  6    12358 |
:---------------+--------------+------------------:
| 5   28    9   | 248  1    3  | 7     48   6     |
| 1   2378  237 | 248  245  6  | 3458  458  9     |
| 38  6     4   | 78   9    57 | 2     1    358   |
:---------------+--------------+------------------:
| 39  35    8   | 1    7    4  | 6     259  25    |
| 6   12    12  | 39   35   59 | 48    7    48    |
| 79  4     57  | 6    8    2  | 159   3    15    |
'---------------'--------------'------------------'
"#;
    const CONTINUOUS_NICE_LOOP_MISS: &str = r#"
.---------------.--------------.------------------.
| 4   58    6   | 39   23   19 | 1358  258  7     |
| 27  1237  137 | 5    6    8  | 149   249  134   |
| 28  9     135 | 247  234  17 | 1358  6    12358 |
:---------------+--------------+------------------:
| 5   28    9   | 248  1    3  | 7     48   6     |
| 1   2378  237 | 248  245  6  | 3458  458  9     |
| 38  6     4   | 78   9    57 | 2     1    358   |
:---------------+--------------+------------------:
| 39  35    8   | 1    7    4  | 6     259  25    |
| 6   12    12  | 39   35   59 | 48    7    48    |
| 79  4     57  | 6    8    2  | 159   3    15    |
'---------------'--------------'------------------'
"#;

    #[test]
    fn continuous_nice_loop() {
        check_first(
            Technique::ContinuousNiceLoop,
            CONTINUOUS_NICE_LOOP,
            "Continuous Nice Loop: 4 9= r2c8 =2= r2c1 =7= r9c1 =9= r7c1 -9- r7c8 =9= r2c8 =2 => r2c8<>4",
            CONTINUOUS_NICE_LOOP_MISS,
        );
    }

    // HoDoKu's own state and step (puzzle `98.7..6..5...9......6..8.4.4....3..2.5.....3...3...4.6.1.8..7....5..2.6.....5...1`); near miss: put 1 back into r1c5.
    const DISCONTINUOUS_NICE_LOOP: &str = r#"
.-------------------.------------------.------------------.
| 9     8     14    | 7     23     145 | 6     12    35   |
| 5     2347  1247  | 6     9      14  | 1238  1278  378  |
| 1237  237   6     | 1235  123    8   | 139   4     3579 |
:-------------------+------------------+------------------:
| 4     6     1789  | 19    178    3   | 5     1789  2    |
| 1278  5     12789 | 1249  12478  6   | 189   3     789  |
| 1278  279   3     | 1259  1278   15  | 4     1789  6    |
:-------------------+------------------+------------------:
| 23    1     24    | 8     6      9   | 7     5     34   |
| 78    479   5     | 134   134    2   | 389   6     3489 |
| 6     349   489   | 34    5      7   | 238   289   1    |
'-------------------'------------------'------------------'
"#;
    const DISCONTINUOUS_NICE_LOOP_MISS: &str = r#"
.-------------------.------------------.------------------.
| 9     8     14    | 7     123    145 | 6     12    35   |
| 5     2347  1247  | 6     9      14  | 1238  1278  378  |
| 1237  237   6     | 1235  123    8   | 139   4     3579 |
:-------------------+------------------+------------------:
| 4     6     1789  | 19    178    3   | 5     1789  2    |
| 1278  5     12789 | 1249  12478  6   | 189   3     789  |
| 1278  279   3     | 1259  1278   15  | 4     1789  6    |
:-------------------+------------------+------------------:
| 23    1     24    | 8     6      9   | 7     5     34   |
| 78    479   5     | 134   134    2   | 389   6     3489 |
| 6     349   489   | 34    5      7   | 238   289   1    |
'-------------------'------------------'------------------'
"#;

    #[test]
    fn discontinuous_nice_loop() {
        check_first(
            Technique::DiscontinuousNiceLoop,
            DISCONTINUOUS_NICE_LOOP,
            "Discontinuous Nice Loop: 2 r3c4 -2- r1c5 -3- r1c9 -5- r1c6 =5= r3c4 => r3c4<>2",
            DISCONTINUOUS_NICE_LOOP_MISS,
        );
    }

    // HoDoKu's own state and step (puzzle `98.7..6..5..........4.8..3.2...1......74...1......39...2.8....5..8..1.7.....4...6`); near miss: put 7 back into r3c7.
    const AIC: &str = r#"
.--------------------.--------------------.-------------------.
| 9      8      123  | 7      35     24   | 6     245   14    |
| 5      1367   26   | 1369   369    2469 | 2478  2489  24789 |
| 167    167    4    | 12569  8      269  | 25    3     1279  |
:--------------------+--------------------+-------------------:
| 2      34569  3569 | 69     1      8    | 3457  456   347   |
| 368    369    7    | 4      269    5    | 238   1     238   |
| 1468   1456   156  | 26     7      3    | 9     2456  248   |
:--------------------+--------------------+-------------------:
| 13467  2      1369 | 8      369    679  | 134   49    5     |
| 346    34569  8    | 23569  23569  1    | 234   7     2349  |
| 137    13579  1359 | 2359   4      279  | 1238  289   6     |
'--------------------'--------------------'-------------------'
"#;
    const AIC_MISS: &str = r#"
.--------------------.--------------------.-------------------.
| 9      8      123  | 7      35     24   | 6     245   14    |
| 5      1367   26   | 1369   369    2469 | 2478  2489  24789 |
| 167    167    4    | 12569  8      269  | 257   3     1279  |
:--------------------+--------------------+-------------------:
| 2      34569  3569 | 69     1      8    | 3457  456   347   |
| 368    369    7    | 4      269    5    | 238   1     238   |
| 1468   1456   156  | 26     7      3    | 9     2456  248   |
:--------------------+--------------------+-------------------:
| 13467  2      1369 | 8      369    679  | 134   49    5     |
| 346    34569  8    | 23569  23569  1    | 234   7     2349  |
| 137    13579  1359 | 2359   4      279  | 1238  289   6     |
'--------------------'--------------------'-------------------'
"#;

    #[test]
    fn aic() {
        check_first(
            Technique::Aic,
            AIC,
            "AIC: (2)r2c3=(2-3)r1c3=(3-5)r1c5=(5)r1c8-(5=2)r3c7 => r2c789<>2",
            AIC_MISS,
        );
    }

    // From Stepwise's solve of a puzzle of the HoDoKu set; near miss: put 2 back into r5c6 (rank 0).
    const GROUPED_CONTINUOUS_NICE_LOOP: &str = r#"
.-----------------.-------------------.------------------.
| 458   6   24578 | 278   2789  1     | 3     2489  2789 |
| 48    9   2378  | 5     2378  2367  | 2467  2468  1    |
| 1     37  2378  | 2368  4     23679 | 267   2689  5    |
:-----------------+-------------------+------------------:
| 2     1   678   | 3678  5     4     | 9     68    368  |
| 59    45  459   | 1368  138   36    | 26    7     2368 |
| 68    37  3678  | 9     278   267   | 5     1     4    |
:-----------------+-------------------+------------------:
| 7     2   1     | 4     39    359   | 8     569   69   |
| 3     8   49    | 27    6     2579  | 1     2459  279  |
| 4569  45  69    | 127   1279  8     | 247   3     279  |
'-----------------'-------------------'------------------'
"#;
    const GROUPED_CONTINUOUS_NICE_LOOP_MISS: &str = r#"
.-----------------.-------------------.------------------.
| 458   6   24578 | 278   2789  1     | 3     2489  2789 |
| 48    9   2378  | 5     2378  2367  | 2467  2468  1    |
| 1     37  2378  | 2368  4     23679 | 267   2689  5    |
:-----------------+-------------------+------------------:
| 2     1   678   | 3678  5     4     | 9     68    368  |
| 59    45  459   | 1368  138   236   | 26    7     2368 |
| 68    37  3678  | 9     278   267   | 5     1     4    |
:-----------------+-------------------+------------------:
| 7     2   1     | 4     39    359   | 8     569   69   |
| 3     8   49    | 27    6     2579  | 1     2459  279  |
| 4569  45  69    | 127   1279  8     | 247   3     279  |
'-----------------'-------------------'------------------'
"#;

    #[test]
    fn grouped_continuous_nice_loop() {
        check(
            Technique::GroupedContinuousNiceLoop,
            GROUPED_CONTINUOUS_NICE_LOOP,
            "Grouped Continuous Nice Loop: 2/3/6/8 6= r3c4 =3= r45c4 -3- r5c6 -6- r23c6 =6= r3c4 =3 => r3c4<>28, r5c5<>3, r6c6<>6",
            GROUPED_CONTINUOUS_NICE_LOOP_MISS,
        );
    }

    // HoDoKu's own state and step (puzzle `98.7..6..5...8......7..6...4..3...2..9...8..4..8.6.9...2.....1...9.5.7.......1..3`); near miss: put 6 back into r9c8.
    const GROUPED_DISCONTINUOUS_NICE_LOOP: &str = r#"
.-------------------.----------------.-------------------.
| 9     8     1234  | 7    1234  234 | 6      345   15   |
| 5     1346  12346 | 24   8     9   | 1234   347   127  |
| 123   134   7     | 5    1234  6   | 12348  3489  289  |
:-------------------+----------------+-------------------:
| 4     167   16    | 3    9     5   | 18     2     1678 |
| 236   9     2356  | 1    7     8   | 35     56    4    |
| 137   1357  8     | 24   6     24  | 9      357   157  |
:-------------------+----------------+-------------------:
| 368   2     3456  | 689  34    7   | 45     1     689  |
| 1368  134   9     | 68   5     234 | 7      468   268  |
| 678   4567  456   | 689  24    1   | 2458   589   3    |
'-------------------'----------------'-------------------'
"#;
    const GROUPED_DISCONTINUOUS_NICE_LOOP_MISS: &str = r#"
.-------------------.----------------.-------------------.
| 9     8     1234  | 7    1234  234 | 6      345   15   |
| 5     1346  12346 | 24   8     9   | 1234   347   127  |
| 123   134   7     | 5    1234  6   | 12348  3489  289  |
:-------------------+----------------+-------------------:
| 4     167   16    | 3    9     5   | 18     2     1678 |
| 236   9     2356  | 1    7     8   | 35     56    4    |
| 137   1357  8     | 24   6     24  | 9      357   157  |
:-------------------+----------------+-------------------:
| 368   2     3456  | 689  34    7   | 45     1     689  |
| 1368  134   9     | 68   5     234 | 7      468   268  |
| 678   4567  456   | 689  24    1   | 2458   5689  3    |
'-------------------'----------------'-------------------'
"#;

    #[test]
    fn grouped_discontinuous_nice_loop() {
        check_first(
            Technique::GroupedDiscontinuousNiceLoop,
            GROUPED_DISCONTINUOUS_NICE_LOOP,
            "Grouped Discontinuous Nice Loop: 8 r7c4 -8- r8c4 -6- r8c89 =6= r7c9 =9= r7c4 => r7c4<>8",
            GROUPED_DISCONTINUOUS_NICE_LOOP_MISS,
        );
    }

    // From Stepwise's solve of a puzzle of the HoDoKu set; near miss: clear r2c6 (was 5) (rank 1).
    #[test]
    fn grouped_aic() {
        check_line(
            Technique::GroupedAic,
            "21.3..5..84.61532.53.82.1..478953612152467893963182457684...235721536984395248761",
            "Grouped AIC: (6)r1c3=(6)r1c9-(6=9)r3c9-(9)r3c6=(9)r1c56 => r1c3<>9",
            "21.3..5..84.61.32.53.82.1..478953612152467893963182457684...235721536984395248761",
        );
    }

    /// Through two almost locked sets: 4 leaves column 3's set {r5c3, r7c3, r8c3} (it then
    /// holds 2, 5, 8, so 5 is in r7c3 or r8c3), and box 5's set {r4c5, r5c4, r5c6, r6c6}.
    const ALS_AIC: &str = r#"
.--------------------.--------------------.--------------.
| 1     25678  45678 | 23458  9     23457 | 346   25  38 |
| 2478  25678  56789 | 23458  2358  23457 | 3469  25  1  |
| 248   3      24589 | 6      1258  145   | 49    7   89 |
:--------------------+--------------------+--------------:
| 3478  178    13478 | 1348   38    9     | 5     6   2  |
| 5     9      248   | 248    6     24    | 1     3   7  |
| 23    126    1236  | 1235   7     235   | 8     9   4  |
:--------------------+--------------------+--------------:
| 6     258    258   | 7      125   125   | 39    4   39 |
| 9     4      25    | 235    235   8     | 7     1   6  |
| 37    17     137   | 9      4     6     | 2     8   5  |
'--------------------'--------------------'--------------'
"#;

    /// The same state with 1 back in r7c3: column 3's set is no longer almost locked.
    const ALS_AIC_MISS: &str = r#"
.--------------------.--------------------.--------------.
| 1     25678  45678 | 23458  9     23457 | 346   25  38 |
| 2478  25678  56789 | 23458  2358  23457 | 3469  25  1  |
| 248   3      24589 | 6      1258  145   | 49    7   89 |
:--------------------+--------------------+--------------:
| 3478  178    13478 | 1348   38    9     | 5     6   2  |
| 5     9      248   | 248    6     24    | 1     3   7  |
| 23    126    1236  | 1235   7     235   | 8     9   4  |
:--------------------+--------------------+--------------:
| 6     258    1258  | 7      125   125   | 39    4   39 |
| 9     4      25    | 235    235   8     | 7     1   6  |
| 37    17     137   | 9      4     6     | 2     8   5  |
'--------------------'--------------------'--------------'
"#;

    #[test]
    fn als_aic() {
        check_first(
            Technique::AlsAic,
            ALS_AIC,
            "AIC with ALS nodes: (5)r3c56=(5)r3c3-(5=4)r578c3-(4=5)r4c5,r5c46,r6c6 => r1c6,r2c6<>5",
            ALS_AIC_MISS,
        );
        let step = first(Technique::AlsAic, &pencilmark(ALS_AIC)).expect("a step");
        // The sets' cells are drawn as sets A and B; the inner links are strong.
        let set_cells = |k: u8| {
            step.pattern
                .cells
                .iter()
                .filter(|m| m.role == Role::Als(k))
                .count()
        };
        assert_eq!((set_cells(0), set_cells(1)), (3, 4));
        let nodes = &step.pattern.nodes;
        assert_eq!(nodes.len(), 6);
        assert!(nodes[2].als.len() == 3 && nodes[3].als.len() == 3);
        assert!(step.pattern.links[2].strong && step.pattern.links[4].strong);
    }
}
