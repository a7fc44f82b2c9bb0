//! HoDoKu 2.2's Nice Loops and AICs as its tabling search finds them (`TablingSolver`:
//! `checkNiceLoops`, `checkAics`), for the hodoku profile.
//!
//! HoDoKu does not search chains one by one: it tables every candidate's implications, true
//! and false (`hodoku_tabling`), and reads loops and AICs off the tables. Each implication keeps
//! the first way the breadth-first closing reached it, so a loop is the chain of first ways
//! from a premise back to its own cell, and an AIC the chain from a candidate assumed false to
//! a candidate true. Which loops exist, and which one HoDoKu applies, depend on that: a loop
//! whose first way crosses itself (a lasso) is dropped even where a longer clean one exists.
//!
//! Mirrored from HoDoKu, each because it changes the step taken:
//! - a loop needs three links; its first link must leave the start cell and its last link must
//!   not come from inside it; no cell but the start may be visited twice (an AIC not even the
//!   start);
//! - the first link's kind is read off the premise's table (strong for a premise assumed false),
//!   the last link's from the end node;
//! - a continuous loop's eliminations are collected along the chain: the other digits of a
//!   cell entered and left by strong links, and for each weak link between cells the digit in
//!   the cells that see both ends, outside the chain;
//! - an AIC with one digit at both ends needs two or more cells that see both ends; with two
//!   digits its ends must see each other;
//! - each set of eliminations is kept once, by its shortest chain (the first on a tie);
//! - the steps are sorted as `SolutionStep.compareTo` sorts them: most eliminations, then the
//!   lowest position-weighted sum of the eliminated candidates in HoDoKu's order of candidates
//!   (digit, then cell), then for steps of one type with the same eliminations the shortest
//!   chain; HoDoKu takes the first.
//!
//! The grouped search uses group nodes too, and like HoDoKu's it can return a loop without
//! one (named and scored as a plain loop).

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::hodoku_tabling::{
    candidate_node, cell_digit, grouped_chain_tables, is_on, node_candidate, node_cells,
    node_words, plain_chain_links, Node, Table, Tables, NORMAL_NODES,
};
use super::Emit;
use crate::geometry::{cell_name, line_cells_name, peers, Cell, CellSet, Digit};
use crate::grid::Grid;
use crate::step::{Candidate, ChainNode, Link, Pattern, Role, Step};
use crate::technique::{Facts, Technique};

/// Nice Loops and AICs without group nodes, in the order HoDoKu takes them.
pub fn nice_loops(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_loops(grid, false, emit)
}

/// Grouped Nice Loops and AICs (the tables hold group nodes), in HoDoKu's order.
pub fn grouped_nice_loops(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_loops(grid, true, emit)
}

/// A loop or AIC found: its kind, chain (premise first) and eliminations as HoDoKu lists them
/// for sorting (digit, then cell; no repeats).
struct Found {
    kind: Kind,
    chain: Vec<Node>,
    eliminations: Vec<(Digit, Cell)>,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    Continuous,
    Discontinuous,
    Aic,
}

/// The steps of one search, each set of eliminations once.
#[derive(Default)]
struct Loops {
    steps: Vec<Found>,
    by_eliminations: HashMap<Vec<(Digit, Cell)>, usize>,
}

impl Loops {
    /// Keeps a step unless one with the same eliminations and a chain as short is kept.
    fn offer(&mut self, kind: Kind, chain: Vec<Node>, raw: Vec<(Cell, Digit)>) {
        let mut eliminations: Vec<(Digit, Cell)> = raw.iter().map(|&(c, d)| (d, c)).collect();
        eliminations.sort_unstable();
        eliminations.dedup();
        if let Some(&kept) = self.by_eliminations.get(&eliminations) {
            if self.steps[kept].chain.len() <= chain.len() {
                return;
            }
        }
        self.by_eliminations
            .insert(eliminations.clone(), self.steps.len());
        self.steps.push(Found {
            kind,
            chain,
            eliminations,
        });
    }
}

fn emit_loops(grid: &Grid, grouped: bool, emit: &mut Emit<'_>) -> ControlFlow<()> {
    if grid.is_solved() {
        return ControlFlow::Continue(());
    }
    let tables = if grouped {
        grouped_chain_tables(grid, |tables| close_loop_tables(grid, tables)).0
    } else {
        let mut tables = plain_chain_links(grid);
        close_loop_tables(grid, &mut tables);
        std::rc::Rc::new(tables)
    };
    let mut loops = Loops::default();
    for on in [true, false] {
        for table in tables.candidates.iter().flatten() {
            if is_on(table.premise()) == on {
                check_nice_loops(grid, &tables, table, &mut loops);
            }
        }
    }
    for table in tables.candidates.iter().flatten() {
        if !is_on(table.premise()) {
            check_aics(grid, &tables, table, &mut loops);
        }
    }
    for found in hodoku_order(loops.steps) {
        emit(to_step(&tables, &found))?;
    }
    ControlFlow::Continue(())
}

/// The steps in the order `Collections.sort` leaves them with HoDoKu's `compareTo`: most
/// eliminations, then the lowest position-weighted index sum, steps that tie keeping the order
/// they were found in. Steps with the same eliminations (a shorter chain found later stays
/// beside the longer one, as in HoDoKu) are ordered among themselves as Java's stable binary
/// insertion sort orders them with that comparator: the shorter chain first when both are of one
/// type, else as found.
fn hodoku_order(steps: Vec<Found>) -> Vec<Found> {
    let mut groups: Vec<(std::cmp::Reverse<usize>, usize, usize, Vec<Found>)> = Vec::new();
    let mut group_of: HashMap<Vec<(Digit, Cell)>, usize> = HashMap::new();
    for (order, found) in steps.into_iter().enumerate() {
        match group_of.get(&found.eliminations) {
            Some(&g) => groups[g].3.push(found),
            None => {
                group_of.insert(found.eliminations.clone(), groups.len());
                let key = (
                    std::cmp::Reverse(found.eliminations.len()),
                    super::hodoku_order::index_sum(&found.eliminations),
                );
                groups.push((key.0, key.1, order, vec![found]));
            }
        }
    }
    groups.sort_by_key(|g| (g.0, g.1, g.2));
    let mut ordered = Vec::new();
    for (_, _, _, members) in groups {
        let mut sorted: Vec<Found> = Vec::with_capacity(members.len());
        for pivot in members {
            let (mut left, mut right) = (0, sorted.len());
            while left < right {
                let mid = (left + right) / 2;
                let other = &sorted[mid];
                let before = pivot.kind == other.kind && pivot.chain.len() < other.chain.len();
                if before {
                    right = mid;
                } else {
                    left = mid + 1;
                }
            }
            sorted.insert(left, pivot);
        }
        ordered.extend(sorted);
    }
    ordered
}

/// The first cell of a node (a group's lowest), as HoDoKu's entries name a node's cell.
fn cell_of(tables: &Tables, node: Node) -> Cell {
    node_candidate(tables, node).cell
}

/// The cells that see every cell of a node.
fn node_buddies(tables: &Tables, node: Node) -> CellSet {
    node_cells(tables, node).0.common_peers()
}

/// `addChain`'s lasso test on a chain read from its premise: a cell may not come back once the
/// chain has moved on from it (two consecutive nodes may share one). A nice loop may come back
/// to its start cell, an AIC may not.
fn is_lasso(tables: &Tables, chain: &[Node], aic: bool) -> bool {
    let first_cell = cell_of(tables, chain[0]);
    let mut lasso = CellSet::EMPTY;
    let mut last: Option<Node> = None;
    for &node in chain {
        let cell = cell_of(tables, node);
        if lasso.contains(cell) {
            return true;
        }
        if let Some(previous) = last {
            let previous_cell = cell_of(tables, previous);
            if previous_cell != first_cell || aic {
                lasso |= node_cells(tables, previous).0;
            }
        }
        last = Some(node);
    }
    false
}

/// Closes the tables whose premise reaches a node a loop or an AIC could end on beyond its
/// direct implications: the searches below read nothing else
/// from the others (a direct implication is one link, a loop needs three), so their closing
/// is skipped.
fn close_loop_tables(grid: &Grid, tables: &mut Tables) {
    let reach = tables.reach();
    let mut wanted = vec![false; NORMAL_NODES as usize];
    for &premise in &tables.premises {
        let (start, _) = cell_digit(premise);
        let direct = tables.links.of_node(premise);
        let reached = reach.from(premise);
        let beyond =
            |node: Node| node != premise && reached.contains(node) && !direct.contains(&node);
        // A candidate of the premise's cell ends a nice loop; for a premise assumed false an
        // AIC's end too. These are the entries `check_nice_loops` and `check_aics` look at.
        let in_start_cell = grid.candidates(start).iter().any(|d| {
            beyond(candidate_node(start, d, false)) || beyond(candidate_node(start, d, true))
        });
        wanted[premise as usize] = in_start_cell
            || (!is_on(premise)
                && reached
                    .on_nodes()
                    .any(|node| ends_an_aic(grid, premise, node) && !direct.contains(&node)));
    }
    tables.close_where(|premise| wanted[premise as usize]);
}

/// Whether a node is one of a cell's candidates, on or off.
fn in_cell(cell: Cell, node: Node) -> bool {
    // A cell's candidate nodes are the 18 ids from `candidate_node(cell, 1, false)` on (group
    // nodes lie above them all): one subtraction tells.
    node.wrapping_sub(candidate_node(cell, 1, false)) < 18
}

/// Whether an AIC from `premise` (assumed false) to `node` (true) would eliminate something:
/// with one digit, two or more cells see both ends; with two, the ends see each other and each
/// holds the other's digit.
fn ends_an_aic(grid: &Grid, premise: Node, node: Node) -> bool {
    if node >= NORMAL_NODES || !is_on(node) {
        return false;
    }
    let (start, start_digit) = cell_digit(premise);
    let (end, end_digit) = cell_digit(node);
    if end == start {
        return false;
    }
    if start_digit == end_digit {
        (peers(start) & peers(end) & grid.digit_cells(start_digit)).len() >= 2
    } else {
        peers(start).contains(end)
            && grid.candidates(end).contains(start_digit)
            && grid.candidates(start).contains(end_digit)
    }
}

/// `checkNiceLoops`: every candidate of the premise's own cell that its table reaches.
fn check_nice_loops(grid: &Grid, tables: &Tables, table: &Table, loops: &mut Loops) {
    let (start, _) = cell_digit(table.premise());
    for (j, &node) in table.entries.iter().enumerate() {
        if j > 0 && in_cell(start, node) {
            check_nice_loop(grid, tables, table, j, loops);
        }
    }
}

fn check_nice_loop(grid: &Grid, tables: &Tables, table: &Table, j: usize, loops: &mut Loops) {
    // Three links at least.
    if table.depths[j] <= 1 {
        return;
    }
    let end = table.entries[j];
    let chain = table.path_to_entry(j);
    let n = chain.len();
    let cell = |i: usize| cell_of(tables, chain[i]);
    // The last link may not come from inside the start cell, the first must leave it.
    if cell(n - 1) == cell(n - 2) || is_lasso(tables, &chain, false) || cell(0) == cell(1) {
        return;
    }
    let premise = table.premise();
    let (start, start_digit) = cell_digit(premise);
    let (_, end_digit) = cell_digit(end);
    let first_strong = is_on(table.entries[1]);
    let last_strong = is_on(end);
    let mut raw: Vec<(Cell, Digit)> = Vec::new();
    let mut kind = Kind::Discontinuous;
    let same = start_digit == end_digit;
    if !first_strong && !last_strong && same {
        raw.push((start, start_digit));
    } else if first_strong && last_strong && same {
        for d in grid.candidates(start).iter().filter(|&d| d != start_digit) {
            raw.push((start, d));
        }
    } else if first_strong != last_strong && !same {
        raw.push((start, if first_strong { end_digit } else { start_digit }));
    } else if (!first_strong && !last_strong && grid.candidates(start).len() == 2 && !same)
        || (first_strong && last_strong && !same)
        || (first_strong != last_strong && same)
    {
        kind = Kind::Continuous;
        // The chain's cells but its end (which is the start cell).
        let chain_cells = chain[..n - 1]
            .iter()
            .fold(CellSet::EMPTY, |acc, &x| acc | node_cells(tables, x).0);
        let strong = |i: usize| is_on(chain[i]);
        let digit = |i: usize| node_cells(tables, chain[i]).1;
        let last = n - 1;
        for i in 0..=last {
            let two_strong = if i == 0 {
                first_strong && last_strong
            } else {
                strong(i)
                    && i + 2 <= last
                    && cell(i - 1) != cell(i)
                    && !strong(i + 1)
                    && cell(i) == cell(i + 1)
                    && strong(i + 2)
                    && cell(i + 1) != cell(i + 2)
            };
            if two_strong {
                let (keep1, keep2) = if i == 0 {
                    (start_digit, end_digit)
                } else {
                    (digit(i), digit(i + 2))
                };
                for d in grid.candidates(cell(i)).iter() {
                    if d != keep1 && d != keep2 {
                        raw.push((cell(i), d));
                    }
                }
            }
            if i > 0 && !strong(i) && cell(i - 1) != cell(i) {
                let d = digit(i);
                let seen = (node_buddies(tables, chain[i - 1])
                    & node_buddies(tables, chain[i])
                    & grid.digit_cells(d))
                    - chain_cells;
                for c in seen.without(start).iter() {
                    raw.push((c, d));
                }
            }
        }
    }
    if !raw.is_empty() {
        loops.offer(kind, chain, raw);
    }
}

/// `checkAics`: from a candidate assumed false to another candidate true, outside its cell.
fn check_aics(grid: &Grid, tables: &Tables, table: &Table, loops: &mut Loops) {
    let premise = table.premise();
    for j in 1..table.entries.len() {
        if ends_an_aic(grid, premise, table.entries[j]) {
            check_aic(grid, tables, table, j, loops);
        }
    }
}

fn check_aic(grid: &Grid, tables: &Tables, table: &Table, j: usize, loops: &mut Loops) {
    if table.depths[j] <= 1 {
        return;
    }
    let (start, start_digit) = cell_digit(table.premise());
    let (end, end_digit) = cell_digit(table.entries[j]);
    let mut raw = Vec::new();
    if start_digit == end_digit {
        let seen = peers(start) & peers(end) & grid.digit_cells(start_digit);
        if seen.len() > 1 {
            raw.extend(seen.without(start).iter().map(|c| (c, start_digit)));
        }
    } else {
        if grid.candidates(start).contains(end_digit) {
            raw.push((start, end_digit));
        }
        if grid.candidates(end).contains(start_digit) {
            raw.push((end, start_digit));
        }
    }
    if raw.is_empty() {
        return;
    }
    let chain = table.path_to_entry(j);
    if is_lasso(tables, &chain, true) {
        return;
    }
    loops.offer(Kind::Aic, chain, raw);
}

fn technique_of(kind: Kind, grouped: bool) -> Technique {
    use Technique::*;
    match (kind, grouped) {
        (Kind::Continuous, false) => ContinuousNiceLoop,
        (Kind::Continuous, true) => GroupedContinuousNiceLoop,
        (Kind::Discontinuous, false) => DiscontinuousNiceLoop,
        (Kind::Discontinuous, true) => GroupedDiscontinuousNiceLoop,
        (Kind::Aic, false) => Aic,
        (Kind::Aic, true) => GroupedAic,
    }
}

/// A node's cells as HoDoKu writes them (`r4c4`, a group `r4c45`).
fn cells_text(tables: &Tables, node: Node) -> String {
    line_cells_name(node_cells(tables, node).0)
}

/// The chain as HoDoKu prints it: the removed digits, then cells with `=d=` for a strong link
/// and `-d-` for a weak one between cells (links inside a cell are not written); a loop's
/// start cell carries its closing and opening links' digits.
fn subject(tables: &Tables, found: &Found) -> String {
    let mut digits: Vec<Digit> = found.eliminations.iter().map(|&(d, _)| d).collect();
    digits.dedup();
    let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
    let chain = &found.chain;
    let cell = |i: usize| cell_of(tables, chain[i]);
    let mark = |i: usize| if is_on(chain[i]) { '=' } else { '-' };
    let digit = |i: usize| node_cells(tables, chain[i]).1;
    let mut out = digits.join("/");
    out.push(' ');
    out.push_str(&cells_text(tables, chain[0]));
    for i in 1..chain.len() {
        if cell(i) == cell(i - 1) && chain[i] < NORMAL_NODES && chain[i - 1] < NORMAL_NODES {
            continue;
        }
        out.push_str(&format!(
            " {}{}{} {}",
            mark(i),
            digit(i),
            mark(i),
            cells_text(tables, chain[i])
        ));
    }
    out
}

fn to_step(tables: &Tables, found: &Found) -> Step {
    let chain = &found.chain;
    let grouped = chain.iter().any(|&n| n >= NORMAL_NODES);
    let technique = technique_of(found.kind, grouped);
    let mut pattern = Pattern::default();
    for &node in chain {
        let (cells, digit) = node_cells(tables, node);
        let role = if is_on(node) { Role::On } else { Role::Off };
        pattern = pattern.candidates(cells.iter().map(|c| Candidate::new(c, digit)), role);
        pattern.nodes.push(ChainNode {
            digit,
            cells: cells.iter().collect(),
            role,
            als: Vec::new(),
        });
    }
    for pair in chain.windows(2) {
        pattern.links.push(Link {
            from: node_candidate(tables, pair[0]),
            to: node_candidate(tables, pair[1]),
            strong: is_on(pair[1]),
        });
    }
    let eliminations: Vec<Candidate> = found
        .eliminations
        .iter()
        .map(|&(d, c)| Candidate::new(c, d))
        .collect();
    pattern = pattern.candidates(eliminations.iter().copied(), Role::Cover);
    let words: Vec<String> = chain.iter().map(|&n| node_words(tables, n)).collect();
    let removed: Vec<String> = eliminations
        .iter()
        .map(|c| format!("{}<>{}", cell_name(c.cell), c.digit))
        .collect();
    let why = match found.kind {
        Kind::Aic => "One of the chain's two ends is true, so what sees both goes",
        Kind::Discontinuous => {
            "The loop comes back to its start cell and rules the premise's way out"
        }
        Kind::Continuous => {
            "The loop closes on itself, so each of its weak links holds exactly one true candidate"
        }
    };
    let text = format!(
        "If {}, then {}. {why}: {}.",
        words[0],
        words[1..].join(", so "),
        removed.join(", ")
    );
    let facts = Facts::Chain {
        nodes: chain.len().min(u8::MAX as usize) as u8,
        strong_links: chain[1..].iter().filter(|&&n| is_on(n)).count().min(255) as u8,
    };
    Step::new(
        technique,
        vec![],
        eliminations,
        pattern,
        subject(tables, found),
        text,
    )
    .with_facts(facts)
}
