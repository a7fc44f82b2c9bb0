//! HoDoKu 2.2's Forcing Chains and Forcing Nets (its `TablingSolver`), for the hodoku profile.
//!
//! HoDoKu assumes each candidate true and false in turn and tables what follows: a *chain*
//! table holds the direct implications (a cell's other digits go, the digit leaves the cell's
//! units; a bivalue cell or a conjugate pair turns the other candidate on; grouped nodes of a
//! box-line intersection take part too), a *net* table what four rounds of singles played on a
//! copy of the grid give. Every table is then closed over the tables of its own implications:
//! here, for chain and net tables alike, only those a conclusion is drawn from (the checks read
//! every table's candidates from its reach, `hodoku_reach`, which holds the same candidates).
//! A table that holds a contradiction (its premise's opposite, a candidate both true and false,
//! two digits in a cell, a digit twice in a unit, a cell or a unit emptied of a digit) refutes
//! its premise; what both tables of one candidate hold, or the tables of every candidate of a
//! cell or every place of a digit in a unit, is true (a verity).
//!
//! What decides HoDoKu's score is which conclusion it applies, not how it shows it: of all it
//! finds, HoDoKu sorts placements first, by cell, then eliminations by cell and digit
//! (`TablingComparator`; each conclusion is kept once, with its shortest chains), and takes
//! the first. The finders here emit every conclusion in that order; [`first_step`] finds the
//! first alone (all the pipeline takes), for a fraction of the checks. Forcing Net runs only
//! where Forcing Chain finds nothing, so each of its conclusions needs a net.
//!
//! Mirrored HoDoKu details, each of which changes what is found: a table holds at most 1000
//! entries; a unit is emptied of a digit only when every cell of it where the digit is not
//! ruled out by a placed digit is off; net trials play the singles HoDoKu's queues list
//! (`hodoku_singles`), round by round, even where an earlier single of the same round clashes.

use std::borrow::Cow;
use std::cell::{OnceCell, RefCell};
use std::collections::BTreeMap;
use std::fmt;
use std::ops::ControlFlow;
use std::rc::Rc;

use arrayvec::ArrayVec;

use super::hodoku_reach::{Reach, MAX_WORDS};

use super::hodoku_singles::HodokuSingles;
use super::Emit;
use crate::geometry::{
    cell_name, peers, unit_sets_of, units_of, Cell, CellSet, Digit, Unit, WordBits, CELLS,
};
use crate::grid::Grid;
use crate::step::{Candidate, Link, Pattern, Role, Step};
use crate::technique::Technique;

/// HoDoKu's `MAX_TABLE_ENTRY_LENGTH`: a full table takes no more implications.
const MAX_ENTRIES: usize = 1000;
/// HoDoKu's `ANZ_TABLE_LOOK_AHEAD`: rounds of singles a net trial plays.
const LOOK_AHEAD: usize = 4;
/// Node ids below this are single candidates on or off; above, grouped nodes.
pub(super) const NORMAL_NODES: u32 = (CELLS * 9 * 2) as u32;

/// A node: a candidate or a group node, true (on) or false (off).
pub(super) type Node = u32;

pub(super) fn candidate_node(cell: Cell, digit: Digit, on: bool) -> Node {
    ((cell * 9 + digit as usize - 1) * 2 + usize::from(on)) as Node
}

pub(super) fn group_node(group: usize, on: bool) -> Node {
    NORMAL_NODES + (group * 2) as Node + Node::from(on)
}

pub(super) fn is_on(node: Node) -> bool {
    node % 2 == 1
}

/// The cell and digit of a candidate node.
pub(super) fn cell_digit(node: Node) -> (Cell, Digit) {
    let index = (node / 2) as usize;
    (index / 9, (index % 9 + 1) as Digit)
}

/// Two or three places of a digit in one box-line intersection, as `GroupNode` finds them:
/// rows first, then columns, each with its boxes in order.
pub(super) struct GroupNode {
    pub(super) digit: Digit,
    pub(super) cells: CellSet,
    /// The row or the column the cells share.
    line: Unit,
    block: Unit,
    /// The cells that see every cell of the group.
    pub(super) buddies: CellSet,
}

pub(super) fn group_nodes(grid: &Grid) -> Vec<GroupNode> {
    let mut groups = Vec::new();
    let lines = (0..9).map(Unit::row).chain((0..9).map(Unit::column));
    for line in lines {
        for digit in 1..=9 {
            let in_line = grid.digit_cells(digit) & line.cell_set();
            if in_line.is_empty() {
                continue;
            }
            for b in 0..9 {
                let block = Unit::boxed(b);
                let cells = in_line & block.cell_set();
                if cells.len() >= 2 {
                    groups.push(GroupNode {
                        digit,
                        cells,
                        line,
                        block,
                        buddies: cells.common_peers(),
                    });
                }
            }
        }
    }
    groups
}

/// One premise's implications in the order they were found, each with the entry it was reached
/// from, and the candidates set on and off by digit.
#[derive(Clone)]
pub(super) struct Table {
    pub(super) entries: Vec<Node>,
    parents: Vec<u16>,
    pub(super) depths: Vec<u16>,
    /// The candidates the closed table sets on and off, worked out when first asked for: the
    /// contradiction and verity checks read them, the loops read the entries alone (and
    /// marking every entry of every table was a tenth of building them).
    marks: OnceCell<Marks>,
    /// Whether the table holds everything its premise implies, not just the direct
    /// implications (the loop searches close only the tables that can hold a loop).
    closed: bool,
}

/// At most this many spare tables are kept (a search makes tables only for the premises it
/// closes, a few hundred at most).
const SPARE_TABLES: usize = 2048;

thread_local! {
    /// The last search's tables, emptied, for the next search to fill: when every premise had
    /// a table of growing lists, taking fresh memory for each cost a tenth of the hodoku
    /// profile's time in allocation, copying and page faults.
    // Boxed on purpose: a table moves from here to a search and back (see `Table::new`).
    #[allow(clippy::vec_box)]
    static SPARE: RefCell<Vec<Box<Table>>> = const { RefCell::new(Vec::new()) };
}

thread_local! {
    /// The last grouped chain tables built and the grid they were built on. HoDoKu's forcing
    /// chain search builds exactly the tables its grouped nice loop search built, and runs
    /// on the same grid whenever the searches between them (ALS, Franken fish) found nothing.
    static LAST_GROUPED_CHAINS: RefCell<Option<(Grid, Rc<Tables>)>> = const { RefCell::new(None) };
}

/// Drops the spare tables and the last grouped chain tables (see
/// [`crate::finders::clear_caches`]).
pub(super) fn clear_spare_tables() {
    let _ = LAST_GROUPED_CHAINS.try_with(|last| *last.borrow_mut() = None);
    SPARE.with(|spare| *spare.borrow_mut() = Vec::new());
}

/// [`open_tables`] in chain mode with groups, shared with the previous caller on the same
/// grid, after `prepare` has closed what this caller needs (what an earlier caller closed stays
/// closed); returns the tables and what `prepare` gave.
pub(super) fn grouped_chain_tables<R>(
    grid: &Grid,
    prepare: impl FnOnce(&mut Tables) -> R,
) -> (Rc<Tables>, R) {
    LAST_GROUPED_CHAINS.with(|last| {
        let mut last = last.borrow_mut();
        if !matches!(&*last, Some((built_on, _)) if built_on == grid) {
            // The old tables go back to the spares before the new ones are built.
            *last = None;
            *last = Some((grid.clone(), Rc::new(open_tables(grid, Mode::Chains, true))));
        }
        let (_, shared) = last.as_mut().expect("tables for this grid");
        if Rc::get_mut(shared).is_none() {
            // An earlier caller still holds them (the pipeline's callers let go first): this
            // caller's are built afresh, the same.
            *shared = Rc::new(open_tables(grid, Mode::Chains, true));
        }
        let result = prepare(Rc::get_mut(shared).expect("tables held here alone"));
        (shared.clone(), result)
    })
}

impl Table {
    /// The table of `premise` holding its direct implications, `direct` (each once, and not
    /// the premise): the premise at depth 0, each implication at depth 1 reached from it.
    /// Boxed: the tables move between the spares and the searches, and a table is too large to
    /// copy each time.
    fn new(premise: Node, direct: &[Node]) -> Box<Table> {
        let mut table = match SPARE.with(|spare| spare.borrow_mut().pop()) {
            Some(mut spare) => {
                spare.entries.clear();
                spare.parents.clear();
                spare.depths.clear();
                spare.marks = OnceCell::new();
                spare.closed = false;
                spare
            }
            None => Box::new(Table {
                entries: Vec::new(),
                parents: Vec::new(),
                depths: Vec::new(),
                marks: OnceCell::new(),
                closed: false,
            }),
        };
        debug_assert!(direct.len() < MAX_ENTRIES && !direct.contains(&premise));
        table.entries.push(premise);
        table.entries.extend_from_slice(direct);
        table.parents.resize(table.entries.len(), 0);
        table.depths.push(0);
        table.depths.resize(table.entries.len(), 1);
        table
    }

    pub(super) fn premise(&self) -> Node {
        self.entries[0]
    }

    /// The candidates the table's entries set on and off (see [`Tables::marks_of`]).
    fn marks(&self) -> &Marks {
        self.marks
            .get_or_init(|| Marks::of(self.entries.iter().copied()))
    }

    fn index_of(&self, node: Node) -> Option<usize> {
        self.entries.iter().position(|&n| n == node)
    }

    /// The entries from the premise to `node`, by the way it was first reached.
    pub(super) fn path_to(&self, node: Node) -> Vec<Node> {
        match self.index_of(node) {
            Some(at) => self.path_to_entry(at),
            None => vec![self.premise(), node],
        }
    }

    /// [`Table::path_to`] the entry at index `at`.
    pub(super) fn path_to_entry(&self, mut at: usize) -> Vec<Node> {
        let mut path = Vec::with_capacity(self.depths[at] as usize + 1);
        path.push(self.entries[at]);
        while at != 0 {
            at = self.parents[at] as usize;
            path.push(self.entries[at]);
        }
        path.reverse();
        path
    }

    fn depth_of(&self, node: Node) -> usize {
        self.index_of(node).map_or(0, |at| self.depths[at] as usize)
    }
}

/// Every table of one search: on and off per candidate, made from the direct implications
/// of every node (candidates' and group nodes') when a search first needs it in order.
pub(super) struct Tables {
    pub(super) candidates: Vec<Option<Box<Table>>>,
    pub(super) group_nodes: Vec<GroupNode>,
    /// Every node's direct implications, for closing tables when they are asked for.
    pub(super) links: DirectLinks,
    /// The candidate nodes of the grid, each a premise, in node order.
    pub(super) premises: Vec<Node>,
    /// What each node reaches, worked out when first asked for.
    reach: OnceCell<Reach>,
    /// Per component of the reach, the candidates its members' tables set on and off, worked
    /// out when a check first reads them (see [`Tables::mark_from_reach`]).
    component_marks: Vec<OnceCell<Marks>>,
}

impl Drop for Tables {
    /// The tables go back to the spares, for the next search. When the thread is ending (the
    /// last grouped tables are dropped with the thread's other locals, perhaps after the
    /// spares), they are simply freed.
    fn drop(&mut self) {
        let _ = SPARE.try_with(|spare| {
            let Ok(mut spare) = spare.try_borrow_mut() else {
                return;
            };
            let room = SPARE_TABLES.saturating_sub(spare.len());
            spare.extend(self.candidates.drain(..).flatten().take(room));
        });
    }
}

impl Tables {
    pub(super) fn node_count(&self) -> usize {
        NORMAL_NODES as usize + 2 * self.group_nodes.len()
    }

    /// What every node reaches (see [`Reach`]).
    pub(super) fn reach(&self) -> &Reach {
        self.reach.get_or_init(|| {
            Reach::of(
                self.premises.iter().copied(),
                |node| self.links.of_node(node),
                is_on,
                self.node_count(),
            )
        })
    }

    /// Readies the checks to read every open table from its reach, as its closed self would
    /// hold it: the checks need only what it holds, and only the few tables a conclusion is
    /// drawn from need their order (see [`Found::settle`]). A table whose reach could overfill
    /// it is closed instead, as its closing stops at [`MAX_ENTRIES`]: the reach counts premises
    /// alone, so every group node is counted in too (at most 587 counted so on se-hardest,
    /// rated/hodoku.tsv and every 50th of forum 11+).
    fn mark_from_reach(&mut self) {
        let reach = self.reach();
        let group_entries = 2 * self.group_nodes.len();
        let mut overfull = vec![false; NORMAL_NODES as usize];
        for &premise in &self.premises {
            let reached = reach.from(premise);
            overfull[premise as usize] =
                reached.count() + usize::from(!reached.contains(premise)) + group_entries
                    > MAX_ENTRIES;
        }
        self.close_where(|premise| overfull[premise as usize]);
        let components = self.reach().component_count();
        self.component_marks = (0..components).map(|_| OnceCell::new()).collect();
    }

    /// The candidates `premise`'s table sets on and off: an open table's read from its reach
    /// (the nodes of one component reach the same nodes, themselves among them, so they share
    /// them), a closed one's from its entries, and one that implies nothing holds its premise.
    fn marks_of(&self, premise: Node) -> Cow<'_, Marks> {
        if let Some(table) = self.of(premise).filter(|table| table.closed) {
            return Cow::Borrowed(table.marks());
        }
        let reach = self.reach();
        match reach.component_of(premise) {
            Some(c) => Cow::Borrowed(
                self.component_marks[c].get_or_init(|| Marks::of(reach.from(premise).nodes())),
            ),
            None => Cow::Owned(Marks::of(std::iter::once(premise))),
        }
    }

    /// Into `held`: the premises `premise`'s table holds, as bits of the reach's numbering
    /// ([`Reach::bit_of`], `Reach::words` words): its reach and itself, or for a closed table
    /// cut at [`MAX_ENTRIES`], its entries. Every check over several tables reads these, a
    /// few words a table where its marks are 36.
    fn held(&self, premise: Node, held: &mut Held) {
        let reach = self.reach();
        let words = reach.words();
        held[..words].fill(0);
        match self.of(premise) {
            Some(table) if table.closed && table.entries.len() >= MAX_ENTRIES => {
                for bit in table.entries.iter().filter_map(|&n| reach.bit_of(n)) {
                    held[bit / 64] |= 1 << (bit % 64);
                }
            }
            _ => {
                let set = reach.from(premise).words();
                held[..set.len()].copy_from_slice(set);
                if let Some(bit) = reach.bit_of(premise) {
                    held[bit / 64] |= 1 << (bit % 64);
                }
            }
        }
    }

    /// Closes every premise's table.
    #[cfg(test)]
    pub(super) fn close_all(&mut self) {
        let mut premise = vec![false; NORMAL_NODES as usize];
        for &p in &self.premises {
            premise[p as usize] = true;
        }
        self.close_where(|p| premise[p as usize]);
    }

    /// Closes the candidates' tables whose premise `wanted` picks, unless closed already,
    /// making those not made yet from the direct implications (`wanted` picks candidates of
    /// the grid alone). A table's closing reads the direct implications alone, so tables can
    /// be closed in any order and at any time with the same result.
    pub(super) fn close_where(&mut self, wanted: impl Fn(Node) -> bool) {
        let mut scratch: Option<Closing> = None;
        let nodes = self.node_count();
        // HoDoKu closes the tables on first, then off; the order changes nothing here, but
        // keeps the tables' memory reused in the same order as before.
        for on in [true, false] {
            for index in 0..self.candidates.len() {
                let node = index as Node;
                if is_on(node) != on || !wanted(node) {
                    continue;
                }
                let table = self.candidates[index]
                    .get_or_insert_with(|| Table::new(node, self.links.of_node(node)));
                if table.closed {
                    continue;
                }
                let scratch = scratch.get_or_insert_with(|| Closing::new(nodes));
                scratch.close(&self.links, table);
                table.closed = true;
            }
        }
    }

    /// A candidate's table, if made.
    fn of(&self, premise: Node) -> Option<&Table> {
        self.candidates.get(premise as usize)?.as_deref()
    }

    /// Whether `premise`'s table is closed.
    fn is_closed(&self, premise: Node) -> bool {
        self.of(premise).is_some_and(|table| table.closed)
    }
}

/// How the tables are filled.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) enum Mode {
    Chains,
    Nets,
}

/// The premises a table holds, as bits (see [`Tables::held`]).
type Held = [u64; MAX_WORDS];

/// The candidates a table sets on and off, each by digit.
#[derive(Clone)]
struct Marks {
    on: [CellSet; 9],
    off: [CellSet; 9],
}

impl Marks {
    /// The candidate nodes among `nodes` (group nodes are left out). Each node's bit is set
    /// in a plain array of words, found in a table made once (marking every entry of every
    /// net table was a tenth of the hodoku profile's time on forum 11+: a division and an
    /// unpredictable on-or-off branch a node).
    fn of(nodes: impl Iterator<Item = Node>) -> Marks {
        // Words 2s and 2s + 1 hold set s's cells: sets 0..9 the digits on, 9..18 off.
        let mut words = [0u64; 36];
        let bits = mark_bits();
        for node in nodes.filter(|&n| n < NORMAL_NODES) {
            let bit = bits[node as usize];
            words[usize::from(bit >> 6)] |= 1 << (bit & 63);
        }
        let set = |s: usize| CellSet(u128::from(words[2 * s]) | u128::from(words[2 * s + 1]) << 64);
        Marks {
            on: std::array::from_fn(set),
            off: std::array::from_fn(|i| set(9 + i)),
        }
    }
}

/// Per candidate node, where [`Marks::of`] sets its bit: the word times 64 plus the bit.
fn mark_bits() -> &'static [u16; NORMAL_NODES as usize] {
    static BITS: std::sync::OnceLock<[u16; NORMAL_NODES as usize]> = std::sync::OnceLock::new();
    BITS.get_or_init(|| {
        std::array::from_fn(|node| {
            let (cell, digit) = cell_digit(node as Node);
            let set = usize::from(!is_on(node as Node)) * 9 + digit as usize - 1;
            ((2 * set + cell / 64) * 64 + cell % 64) as u16
        })
    })
}

/// Every candidate's table, closed.
#[cfg(test)]
pub(super) fn build_tables(grid: &Grid, mode: Mode, with_groups: bool) -> Tables {
    let mut tables = open_tables(grid, mode, with_groups);
    tables.close_all();
    tables
}

/// Every candidate's direct implications in chain mode without group nodes, and no tables yet:
/// [`Tables::close_where`] makes and closes those asked for.
pub(super) fn plain_chain_links(grid: &Grid) -> Tables {
    open_tables(grid, Mode::Chains, false)
}

/// Every candidate of the grid on and off, in node order.
fn candidate_premises(grid: &Grid) -> Vec<Node> {
    let mut premises = Vec::new();
    for cell in 0..CELLS {
        for digit in grid.candidates(cell).iter() {
            premises.push(candidate_node(cell, digit, false));
            premises.push(candidate_node(cell, digit, true));
        }
    }
    premises
}

/// Every node's direct implications, and no tables yet: [`Tables::close_where`] makes and
/// closes those a search reads in order (the others are read from their reach). The lists are
/// written one after another into [`DirectLinks`], each as HoDoKu's table of the premise holds
/// them (without the premise), so no table is made for most premises.
pub(super) fn open_tables(grid: &Grid, mode: Mode, with_groups: bool) -> Tables {
    let group_nodes = if with_groups {
        group_nodes(grid)
    } else {
        Vec::new()
    };
    let nodes = NORMAL_NODES as usize + 2 * group_nodes.len();
    // Room for about as many links as a search has (on forum 11+, some 3,000 in chain mode
    // and 9,000 in net mode): growing the list as it fills copied it over and over.
    let premises = candidate_premises(grid);
    let room = premises.len() * if mode == Mode::Nets { 32 } else { 8 };
    let mut lists = Lists::new(nodes, room);
    let trial_base = (mode == Mode::Nets).then(|| HodokuSingles::new(grid));
    let mut trial = trial_base.clone();
    let mut singles = Vec::new();
    let joins = GroupJoins::new(grid, &group_nodes);
    for cell in 0..CELLS {
        let own = grid.candidates(cell);
        for digit in 1..=9 {
            for on in [false, true] {
                let premise = candidate_node(cell, digit, on);
                lists.start(premise);
                if !own.contains(digit) {
                    continue;
                }
                match (&trial_base, &mut trial) {
                    (Some(base), Some(trial)) => {
                        trial.reset_to(base);
                        net_links(grid, trial, cell, digit, on, &mut lists, &mut singles);
                    }
                    _ => chain_links(grid, cell, digit, on, |node| lists.add(node)),
                }
                // Then the group nodes it leads to, added after its own implications.
                for &group in joins.of(premise) {
                    lists.add(group);
                }
            }
        }
    }
    add_group_lists(grid, &group_nodes, &mut lists);
    Tables {
        candidates: vec![None; NORMAL_NODES as usize],
        links: lists.finish(),
        group_nodes,
        premises,
        reach: OnceCell::new(),
        component_marks: Vec::new(),
    }
}

/// The direct implications' lists as they are written, node by node in node order: each list
/// takes a node once, and stops when its table would be full (the premise is its first
/// entry), as `TableEntry` does.
struct Lists {
    links: DirectLinks,
    /// Per node, the number of the last list that took it (`round` is the current one's).
    held_in: Vec<u32>,
    round: u32,
    /// The length the current list's links may not reach (its table would be full).
    full_at: usize,
}

impl Lists {
    /// Lists for `nodes` nodes, with room for `room` links.
    fn new(nodes: usize, room: usize) -> Lists {
        Lists {
            links: DirectLinks {
                starts: Vec::with_capacity(nodes + 1),
                nodes: Vec::with_capacity(room),
            },
            held_in: vec![0; nodes],
            round: 0,
            full_at: 0,
        }
    }

    /// Starts the list of `premise`, the next node in order.
    fn start(&mut self, premise: Node) {
        debug_assert_eq!(self.links.starts.len(), premise as usize);
        self.links.starts.push(self.links.nodes.len() as u32);
        self.round += 1;
        self.held_in[premise as usize] = self.round;
        // (the premise is the table's first entry)
        self.full_at = self.links.nodes.len() + MAX_ENTRIES - 1;
    }

    fn add(&mut self, node: Node) {
        let held = &mut self.held_in[node as usize];
        if *held == self.round || self.links.nodes.len() >= self.full_at {
            return;
        }
        *held = self.round;
        self.links.nodes.push(node);
    }

    /// The lists, ended.
    fn finish(mut self) -> DirectLinks {
        self.links.starts.push(self.links.nodes.len() as u32);
        self.links
    }
}

/// The group nodes each candidate leads to (`fillTablesWithGroupNodes` adds them to the
/// candidates' tables): a candidate on turns off every group node of its digit whose cells it
/// all sees; off, it turns on a group node that holds every other place of the digit in a
/// house of its cell.
struct GroupJoins {
    /// Candidate `n`'s group nodes are `groups[first[n]..first[n + 1]]`, in HoDoKu's order.
    first: Vec<u32>,
    groups: Vec<Node>,
}

impl GroupJoins {
    fn new(grid: &Grid, group_nodes: &[GroupNode]) -> GroupJoins {
        let mut pairs: Vec<(Node, Node)> = Vec::new();
        for (g, group) in group_nodes.iter().enumerate() {
            let digit = group.digit;
            let seeing = grid.digit_cells(digit) & group.buddies;
            for cell in seeing.iter() {
                pairs.push((candidate_node(cell, digit, true), group_node(g, false)));
            }
            for house in [group.block, group.line] {
                let only = seeing & house.cell_set();
                if only.len() == 1 {
                    let cell = only.first().expect("one cell");
                    pairs.push((candidate_node(cell, digit, false), group_node(g, true)));
                }
            }
        }
        // Each candidate's group nodes, in the order met: counted, then placed.
        let mut first = vec![0u32; NORMAL_NODES as usize + 1];
        for &(candidate, _) in &pairs {
            first[candidate as usize + 1] += 1;
        }
        for n in 0..NORMAL_NODES as usize {
            first[n + 1] += first[n];
        }
        let mut next = first.clone();
        let mut groups = vec![0; pairs.len()];
        for &(candidate, group) in &pairs {
            groups[next[candidate as usize] as usize] = group;
            next[candidate as usize] += 1;
        }
        GroupJoins { first, groups }
    }

    fn of(&self, candidate: Node) -> &[Node] {
        let n = candidate as usize;
        &self.groups[self.first[n] as usize..self.first[n + 1] as usize]
    }
}

/// The direct implications of a candidate on or off, in HoDoKu's order, each given to `add`
/// once (a peer can share two houses with the cell: it comes with the first).
fn chain_links(grid: &Grid, cell: Cell, digit: Digit, on: bool, mut add: impl FnMut(Node)) {
    let own = grid.candidates(cell);
    let others = grid.digit_cells(digit).without(cell);
    let mut seen = CellSet::EMPTY;
    if on {
        for other in own.iter().filter(|&d| d != digit) {
            add(candidate_node(cell, other, false));
        }
        for unit in crate::geometry::unit_sets_of(cell) {
            let new = (others & unit) - seen;
            for peer in new.iter() {
                add(candidate_node(peer, digit, false));
            }
            seen |= new;
        }
    } else {
        if own.len() == 2 {
            let other = own
                .without(digit)
                .first()
                .expect("a bivalue cell's other digit");
            add(candidate_node(cell, other, true));
        }
        for unit in crate::geometry::unit_sets_of(cell) {
            // The house's only other place: a conjugate pair.
            let places = others & unit;
            if places.len() == 1 && (places & seen).is_empty() {
                let other = places.first().expect("the conjugate");
                add(candidate_node(other, digit, true));
                seen |= places;
            }
        }
    }
}

/// A net trial (`getTableEntry`): the premise played on `state`, a copy of the grid, then four
/// rounds of every single the copy's queues list; what it sets goes to the premise's list.
fn net_links(
    grid: &Grid,
    state: &mut HodokuSingles,
    cell: Cell,
    digit: Digit,
    on: bool,
    lists: &mut Lists,
    singles: &mut Vec<(Cell, Digit)>,
) {
    if on {
        trial_place(grid, state, lists, cell, digit);
    } else {
        state.eliminate(cell, digit);
        let left = state.mask(cell);
        if left.count_ones() == 1 {
            let only = left.trailing_zeros() as Digit + 1;
            trial_place(grid, state, lists, cell, only);
        }
    }
    for _ in 0..LOOK_AHEAD {
        state.all_singles(singles);
        for &(single, value) in singles.iter() {
            trial_place(grid, state, lists, single, value);
        }
    }
}

/// `TablingSolver.setCell`: the placement, the digit off in every peer that had it in the grid
/// the search started from, and the cell's other digits (as the trial left them) off.
fn trial_place(
    grid: &Grid,
    state: &mut HodokuSingles,
    lists: &mut Lists,
    cell: Cell,
    digit: Digit,
) {
    let seen = grid.digit_cells(digit).without(cell) & peers(cell);
    let own = state.mask(cell);
    state.place(cell, digit);
    lists.add(candidate_node(cell, digit, true));
    for peer in seen.iter() {
        lists.add(candidate_node(peer, digit, false));
    }
    let mut others = own & !(1 << (digit - 1));
    while others != 0 {
        let other = others.trailing_zeros() as Digit + 1;
        others &= others - 1;
        lists.add(candidate_node(cell, other, false));
    }
}

/// `fillTablesWithGroupNodes`: the lists of each group node off and on, after every
/// candidate's, in node order (what the candidates lead to is [`GroupJoins`]).
fn add_group_lists(grid: &Grid, group_nodes: &[GroupNode], lists: &mut Lists) {
    // Each digit's group nodes, in order (a group meets those of its own digit alone).
    let mut of_digit: [Vec<usize>; 9] = Default::default();
    for (g, group) in group_nodes.iter().enumerate() {
        of_digit[group.digit as usize - 1].push(g);
    }
    for (g, group) in group_nodes.iter().enumerate() {
        let digit = group.digit;
        let seeing = grid.digit_cells(digit) & group.buddies;
        // The other group nodes of the digit that share a house without overlapping, in order
        // (two more in its line at most, six in its block), and per house (line, block) how
        // many do and the first.
        let mut shared: ArrayVec<usize, 16> = ArrayVec::new();
        let mut sharing: [(usize, Option<usize>); 2] = [(0, None), (0, None)];
        for &h in &of_digit[digit as usize - 1] {
            let other = &group_nodes[h];
            if h == g || !(other.cells & group.cells).is_empty() {
                continue;
            }
            let shares = [other.line == group.line, other.block == group.block];
            for (i, _) in shares.iter().enumerate().filter(|(_, &s)| s) {
                sharing[i].0 += 1;
                sharing[i].1.get_or_insert(h);
            }
            if shares.contains(&true) {
                shared.push(h);
            }
        }
        // Off: a house whose only other place is one cell turns it on; a house whose only
        // other places form one group turns that group on.
        lists.start(group_node(g, false));
        for house in [group.block, group.line] {
            let only = seeing & house.cell_set();
            if only.len() == 1 {
                let cell = only.first().expect("one cell");
                lists.add(candidate_node(cell, digit, true));
            }
        }
        for (i, house) in [group.line, group.block].into_iter().enumerate() {
            if let (1, Some(h)) = sharing[i] {
                let rest = (grid.digit_cells(digit) & house.cell_set())
                    - group.cells
                    - group_nodes[h].cells;
                if rest.is_empty() {
                    lists.add(group_node(h, true));
                }
            }
        }
        // On: the digit off in every cell the group sees, and in every group node it shares a
        // house with.
        lists.start(group_node(g, true));
        for cell in seeing.iter() {
            lists.add(candidate_node(cell, digit, false));
        }
        for &h in &shared {
            lists.add(group_node(h, false));
        }
    }
}

/// The entries the table being closed gains, in a fixed array: this loop is most of the
/// tabling searches' time, and most implications met are already in the table, so each is
/// written at the end whether or not it is new and kept by advancing the length only when it
/// is (no branch to mispredict, no growing of vectors).
struct Closing {
    /// Each entry with its parent and depth in one word (`pack`): one store an implication.
    entries: Box<[u64; MAX_ENTRIES]>,
    /// Per node, the number of the last table closed that held it (`round` is the table's):
    /// membership with nothing to clear between tables, and each test and update on the
    /// node's own word (a bitset's word is shared by neighbouring nodes, which a direct list
    /// often holds, and its updates wait on each other).
    held_in: Vec<u32>,
    round: u32,
}

impl Closing {
    fn new(nodes: usize) -> Closing {
        Closing {
            entries: Box::new([0; MAX_ENTRIES]),
            held_in: vec![0; nodes],
            round: 0,
        }
    }
}

/// A table entry as closing keeps it: the node in the low half, its parent's index and its
/// depth above.
fn pack(node: Node, parent: u16, depth: u16) -> u64 {
    u64::from(node) | u64::from(parent) << 32 | u64::from(depth) << 48
}

/// Every node's direct implications, one list after another in one vector (closing reads them
/// over and over: one block of memory rather than a table apiece).
#[derive(Default)]
pub(super) struct DirectLinks {
    /// Where node `n`'s implications start and end: `starts[n]..starts[n + 1]`.
    starts: Vec<u32>,
    nodes: Vec<Node>,
}

impl DirectLinks {
    pub(super) fn of_node(&self, node: Node) -> &[Node] {
        let n = node as usize;
        &self.nodes[self.starts[n] as usize..self.starts[n + 1] as usize]
    }
}

impl Closing {
    fn close(&mut self, links: &DirectLinks, dest: &mut Table) {
        let start = dest.entries.len();
        self.round += 1;
        for &node in &dest.entries {
            self.held_in[node as usize] = self.round;
        }
        // The direct implications' own, read from the table; then those of the entries added
        // here, which the loop itself appends to (all in the order a queue would take them).
        let mut len = start;
        for j in 1..start {
            if len >= MAX_ENTRIES {
                break;
            }
            let below = pack(0, j as u16, dest.depths[j] + 1);
            len = self.expand(links.of_node(dest.entries[j]), below, len);
        }
        let mut j = start.max(1);
        while j < len && len < MAX_ENTRIES {
            let entry = self.entries[j];
            let below = pack(0, j as u16, (entry >> 48) as u16 + 1);
            len = self.expand(links.of_node(entry as Node), below, len);
            j += 1;
        }
        let new = &self.entries[start..len];
        dest.entries.extend(new.iter().map(|&e| e as Node));
        dest.parents.extend(new.iter().map(|&e| (e >> 32) as u16));
        dest.depths.extend(new.iter().map(|&e| (e >> 48) as u16));
    }

    /// Appends the nodes of `direct` the table does not hold yet, each with the parent and
    /// depth in `below`, to the `len` entries so far; returns the new length.
    #[inline(always)]
    fn expand(&mut self, direct: &[Node], below: u64, mut len: usize) -> usize {
        let round = self.round;
        if len + direct.len() <= MAX_ENTRIES {
            for &node in direct {
                let held = &mut self.held_in[node as usize];
                let known = usize::from(*held == round);
                *held = round;
                self.entries[len] = below | u64::from(node);
                len += 1 - known;
            }
        } else {
            for &node in direct {
                let held = &mut self.held_in[node as usize];
                if *held == round {
                    continue;
                }
                if len >= MAX_ENTRIES {
                    break;
                }
                *held = round;
                self.entries[len] = below | u64::from(node);
                len += 1;
            }
        }
        len
    }
}

/// A conclusion: placements sort before eliminations, each by cell then digit (HoDoKu's
/// order of taking them).
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Conclusion {
    Place(Cell, Digit),
    Eliminate(Cell, Digit),
}

/// Where a contradiction shows, or what a verity's premises cover; put in words only for the
/// derivations kept (a search meets thousands and keeps the shortest of each conclusion).
#[derive(Debug, Clone, Copy)]
enum Place {
    /// `r1c2`: a cell.
    Cell(Cell),
    /// `r1c2 either way`: both states of a candidate of the cell.
    EitherWay(Cell),
    /// `b3`: a house.
    House(Unit),
    /// `4 in b3`: every place of a digit in a house.
    DigitIn(Digit, Unit),
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Cell(cell) => write!(f, "{}", cell_name(cell)),
            Place::EitherWay(cell) => write!(f, "{} either way", cell_name(cell)),
            Place::House(house) => write!(f, "{house}"),
            Place::DigitIn(digit, house) => write!(f, "{digit} in {house}"),
        }
    }
}

/// A derivation's chains: each its table's premise and its last node (nine at most: the
/// candidates of a cell, the places of a digit in a house).
type Chains = ArrayVec<(Node, Node), 9>;

/// Why a conclusion holds: a premise refuted by a contradiction where the chains meet, or
/// one outcome of several premises one of which is true.
struct Derivation {
    /// The refuted premise, for a contradiction; `None` for a verity.
    refuted: Option<Node>,
    /// Where the contradiction shows, or what the verity's premises cover.
    place: Place,
    chains: Chains,
    length: usize,
}

/// The conclusions of one search, each with its shortest derivation.
struct Found {
    conclusions: BTreeMap<Conclusion, Derivation>,
    /// The derivations the checks met, in order, each with whether all its chains start at
    /// one premise; their lengths are worked out once their tables are closed (`settle`).
    met: Vec<(Conclusion, Derivation, bool)>,
    /// Which conclusions are kept.
    wanted: Wanted,
    /// The least conclusion met so far, when only the least is wanted: derivations of greater
    /// ones are not noted.
    least: Option<Conclusion>,
    /// The depths of one table's entries by node, for the refutations of one table: a
    /// contradiction's table is a large one, and its chains' ends were found by scanning it
    /// once per end (a thirtieth of the hodoku profile's time on forum 11+).
    depths: DepthIndex,
}

impl Found {
    /// Nothing found yet, on tables of `nodes` nodes.
    fn new(nodes: usize, wanted: Wanted) -> Found {
        Found {
            conclusions: BTreeMap::new(),
            met: Vec::new(),
            wanted,
            least: None,
            depths: DepthIndex {
                premise: None,
                stamp: vec![0; nodes],
                depth: vec![0; nodes],
                round: 0,
            },
        }
    }

    /// Notes a derivation whose chains start at several premises.
    fn add(&mut self, conclusion: Conclusion, derivation: Derivation) {
        self.note(conclusion, derivation, false);
    }

    /// Notes a derivation whose chains all start at one premise.
    fn add_from(&mut self, conclusion: Conclusion, derivation: Derivation) {
        self.note(conclusion, derivation, true);
    }

    /// Whether a derivation of `conclusion` would be noted (only the least is wanted: the
    /// checks skip making the others).
    fn wants(&self, conclusion: Conclusion) -> bool {
        self.wanted == Wanted::All || self.least.is_none_or(|least| conclusion <= least)
    }

    fn note(&mut self, conclusion: Conclusion, derivation: Derivation, one_premise: bool) {
        if !self.wants(conclusion) {
            return;
        }
        if self.wanted == Wanted::Least {
            self.least = Some(conclusion);
        }
        self.met.push((conclusion, derivation, one_premise));
    }

    /// Closes the tables the derivations met start from, then keeps, for each conclusion, the
    /// shortest derivation (the first met on a tie); a derivation's length is the sum of its
    /// chains' depths. Only the least conclusion's, when only that is wanted.
    fn settle(&mut self, tables: &mut Tables) {
        if let Some(least) = self.least {
            self.met.retain(|(conclusion, _, _)| *conclusion == least);
        }
        let mut starts = vec![false; NORMAL_NODES as usize];
        for (_, derivation, _) in &self.met {
            for &(premise, _) in &derivation.chains {
                starts[premise as usize] = true;
            }
        }
        tables.close_where(|premise| starts[premise as usize]);
        for (conclusion, derivation, one_premise) in std::mem::take(&mut self.met) {
            let length = derivation
                .chains
                .iter()
                .map(|&(premise, end)| match tables.of(premise) {
                    Some(table) if one_premise => self.depths.depth(table, end),
                    Some(table) => table.depth_of(end),
                    None => 0,
                })
                .sum();
            self.keep(conclusion, length, derivation);
        }
    }

    /// Keeps `derivation`, of `length`, unless the conclusion has one as short.
    fn keep(&mut self, conclusion: Conclusion, length: usize, derivation: Derivation) {
        match self.conclusions.get(&conclusion) {
            Some(kept) if kept.length <= length => {}
            _ => {
                let derivation = Derivation {
                    length,
                    ..derivation
                };
                self.conclusions.insert(conclusion, derivation);
            }
        }
    }
}

/// Each node's depth in one table, looked up without scanning it: filled when a table other
/// than the last one is asked about (entries are unique in a table; a node it does not hold
/// has depth 0, as [`Table::depth_of`] gives).
struct DepthIndex {
    /// The table indexed, by its premise.
    premise: Option<Node>,
    /// `round` where the node is in the indexed table.
    stamp: Vec<u32>,
    depth: Vec<u16>,
    round: u32,
}

impl DepthIndex {
    fn depth(&mut self, table: &Table, node: Node) -> usize {
        if self.premise != Some(table.premise()) {
            self.premise = Some(table.premise());
            self.round += 1;
            for (&entry, &depth) in table.entries.iter().zip(&table.depths) {
                self.stamp[entry as usize] = self.round;
                self.depth[entry as usize] = depth;
            }
        }
        let at = node as usize;
        if self.stamp[at] == self.round {
            self.depth[at] as usize
        } else {
            0
        }
    }
}

/// The houses HoDoKu checks, in its order: rows, columns, boxes.
fn houses() -> impl Iterator<Item = Unit> {
    (0..9)
        .map(Unit::row)
        .chain((0..9).map(Unit::column))
        .chain((0..9).map(Unit::boxed))
}

/// Every empty cell where a placed digit does not rule `digit` out, by digit
/// (`getCandidatesAllowed`).
pub(crate) fn allowed(grid: &Grid) -> [CellSet; 9] {
    let empty = grid.empty_cells();
    let mut allowed = [empty; 9];
    for cell in (CellSet::ALL - empty).iter() {
        let d = grid.value(cell) as usize - 1;
        allowed[d] = allowed[d] - peers(cell);
    }
    allowed
}

/// [`allowed`] with the units each digit's allowed places meet (bit = [`Unit::index`]).
struct Allowed {
    places: [CellSet; 9],
    units: [u32; 9],
}

impl Allowed {
    fn of(grid: &Grid) -> Allowed {
        let places = allowed(grid);
        Allowed {
            places,
            units: places.map(CellSet::units_met),
        }
    }
}

/// Which conclusions a search keeps.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wanted {
    /// Every conclusion, each with its shortest derivation.
    All,
    /// The least conclusion alone (the one HoDoKu applies), with its shortest derivation.
    Least,
}

fn search(grid: &Grid, mode: Mode, wanted: Wanted) -> (Rc<Tables>, Found) {
    match mode {
        Mode::Chains => grouped_chain_tables(grid, |tables| {
            tables.mark_from_reach();
            check_tables(grid, tables, wanted)
        }),
        Mode::Nets => {
            // Net tables are dense, but the first step alone checks few of them, and their
            // reach is now cheaper than closing them all (forum12 1,471 -> 1,431 M).
            let mut tables = open_tables(grid, mode, true);
            tables.mark_from_reach();
            let found = check_tables(grid, &mut tables, wanted);
            (Rc::new(tables), found)
        }
    }
}

/// Every check on every table's marks, then the derivations' tables closed for their lengths.
fn check_tables(grid: &Grid, tables: &mut Tables, wanted: Wanted) -> Found {
    let mut found = match wanted {
        Wanted::All => check_marks(grid, tables),
        Wanted::Least => check_marks_for_least(grid, tables),
    };
    found.settle(tables);
    found
}

/// The checks, on the tables' marks.
fn check_marks(grid: &Grid, tables: &Tables) -> Found {
    let mut found = Found::new(tables.node_count(), Wanted::All);
    let allowed = Allowed::of(grid);
    for cell in 0..CELLS {
        for digit in grid.candidates(cell).iter() {
            for on in [true, false] {
                let premise = candidate_node(cell, digit, on);
                check_one(grid, tables, premise, &allowed, &mut found);
            }
        }
    }
    check_pairs_and_sets(grid, tables, &mut found);
    found
}

/// The checks that find the least conclusion, with every derivation of it in the order
/// [`check_marks`] meets them. A table's own checks conclude only that its premise is false,
/// so once the checks over several tables have bounded the least conclusion, the tables are
/// checked in the order of what they would conclude, up to the first refuted (or the bound):
/// most tables need no check at all.
fn check_marks_for_least(grid: &Grid, tables: &Tables) -> Found {
    let mut found = Found::new(tables.node_count(), Wanted::Least);
    check_pairs_and_sets(grid, tables, &mut found);
    // (check_marks meets a table's own derivations before those of several tables)
    let of_several = std::mem::take(&mut found.met);
    let allowed = Allowed::of(grid);
    // Tables marked from their reach (chain mode) share their marks by component, and the
    // table of a premise that implies nothing holds that premise alone: a table's own checks
    // run only where they could find what the checks of another table did not. (The one check
    // that reads the premise, its opposite among the marks, finds nothing in a component
    // another member of which found nothing: that member reaches both the premise and its
    // opposite, a candidate both on and off.)
    let reach = tables.reach.get();
    let mut cleared = vec![false; reach.map_or(0, Reach::component_count)];
    let dead_cell = grid
        .empty_cells()
        .iter()
        .any(|c| grid.candidates(c).is_empty());
    // Off tables conclude placements, which come before the on tables' eliminations.
    'tables: for on in [false, true] {
        for cell in 0..CELLS {
            for digit in grid.candidates(cell).iter() {
                let premise = candidate_node(cell, digit, on);
                if found.least.is_some_and(|least| refutation(premise) > least) {
                    break 'tables;
                }
                let component = reach
                    .filter(|_| !tables.is_closed(premise))
                    .map(|reach| reach.component_of(premise));
                match component {
                    Some(Some(c)) if cleared[c] => continue,
                    Some(None) if !dead_cell && !alone_refutes(grid, &allowed, premise) => continue,
                    _ => {}
                }
                check_one(grid, tables, premise, &allowed, &mut found);
                if !found.met.is_empty() {
                    break 'tables;
                }
                if let Some(Some(c)) = component {
                    cleared[c] = true;
                }
            }
        }
    }
    found.met.extend(of_several);
    found
}

/// Whether [`check_one`] finds a contradiction in a table that holds its premise alone, on a
/// grid without a cell emptied of candidates: a cell whose only candidate the premise turns
/// off, or a house whose only allowed place for the digit it turns off.
fn alone_refutes(grid: &Grid, allowed: &Allowed, premise: Node) -> bool {
    if is_on(premise) {
        return false;
    }
    let (cell, digit) = cell_digit(premise);
    let places = allowed.places[digit as usize - 1];
    grid.candidates(cell).len() == 1
        || (places.contains(cell)
            && unit_sets_of(cell)
                .iter()
                .any(|&unit| (unit & places) == CellSet::single(cell)))
}

/// `checkTwoChains` on every candidate, then `checkEntryList` on every cell and every digit
/// of every house.
fn check_pairs_and_sets(grid: &Grid, tables: &Tables, found: &mut Found) {
    for cell in 0..CELLS {
        for digit in grid.candidates(cell).iter() {
            check_both(tables, cell, digit, found);
        }
    }
    for cell in grid.empty_cells().iter() {
        let premises: ArrayVec<Node, 9> = grid
            .candidates(cell)
            .iter()
            .map(|d| candidate_node(cell, d, true))
            .collect();
        check_all(tables, &premises, Place::Cell(cell), found);
    }
    for house in houses() {
        for digit in 1..=9 {
            let places = grid.digit_cells(digit) & house.cell_set();
            if places.is_empty() {
                continue;
            }
            let premises: ArrayVec<Node, 9> = places
                .iter()
                .map(|c| candidate_node(c, digit, true))
                .collect();
            check_all(tables, &premises, Place::DigitIn(digit, house), found);
        }
    }
}

/// The conclusion that the premise of `table` is false.
fn refutation(premise: Node) -> Conclusion {
    let (cell, digit) = cell_digit(premise);
    if is_on(premise) {
        Conclusion::Eliminate(cell, digit)
    } else {
        Conclusion::Place(cell, digit)
    }
}

/// The units (bit = [`Unit::index`]) holding a cell of `cells` whose cells pass `test`. A
/// table's sets of one digit hold a few cells, so their own units are fewer to test than the
/// 27 (reading all 27 for every digit of every table was the check's main cost).
fn units_of_cells_where(cells: CellSet, test: impl Fn(CellSet) -> bool) -> u32 {
    let (mut tested, mut passed) = (0u32, 0u32);
    for cell in cells {
        for (unit, set) in units_of(cell).into_iter().zip(unit_sets_of(cell)) {
            let bit = 1u32 << unit.index();
            if tested & bit == 0 {
                tested |= bit;
                if test(set) {
                    passed |= bit;
                }
            }
        }
    }
    passed
}

/// `checkOneChain`: contradictions inside one table.
fn check_one(grid: &Grid, tables: &Tables, premise: Node, allowed: &Allowed, found: &mut Found) {
    let (cell, digit) = cell_digit(premise);
    let conclusion = refutation(premise);
    let mut refute = |place: Place, ends: &[Node]| {
        let chains = ends.iter().map(|&end| (premise, end)).collect();
        found.add_from(
            conclusion,
            Derivation {
                refuted: Some(premise),
                place,
                chains,
                length: 0,
            },
        );
    };
    let marks = tables.marks_of(premise);
    let (set_on, set_off) = (&marks.on, &marks.off);
    // The premise's opposite: off if it is on, on if it is off.
    let opposite_sets = if is_on(premise) { set_off } else { set_on };
    if opposite_sets[digit as usize - 1].contains(cell) {
        let opposite = candidate_node(cell, digit, !is_on(premise));
        refute(Place::Cell(cell), &[opposite]);
    }
    for d in 1..=9u8 {
        let both = set_on[d as usize - 1] & set_off[d as usize - 1];
        if let Some(c) = both.first() {
            refute(
                Place::Cell(c),
                &[candidate_node(c, d, false), candidate_node(c, d, true)],
            );
        }
    }
    // Two digits on in one cell: looked for pair by pair only where some cell has two.
    let (mut on_once, mut on_twice) = (CellSet::EMPTY, CellSet::EMPTY);
    for &on in set_on {
        on_twice |= on_once & on;
        on_once |= on;
    }
    for d in (1..=9u8).filter(|_| !on_twice.is_empty()) {
        for e in d + 1..=9 {
            let both = set_on[d as usize - 1] & set_on[e as usize - 1];
            if let Some(c) = both.first() {
                refute(
                    Place::Cell(c),
                    &[candidate_node(c, d, true), candidate_node(c, e, true)],
                );
            }
        }
    }
    // Both house checks look only where a digit's sets show a hit: most tables have none, and
    // testing 27 houses for 9 digits twice over was a tenth of the hodoku profile's time.
    let mut twice_in = [0u32; 9];
    for (i, units) in twice_in.iter_mut().enumerate() {
        let on = set_on[i];
        if on.has_two_or_more() {
            *units = units_of_cells_where(on, |unit| (unit & on).has_two_or_more());
        }
    }
    for_each_hit(&twice_in, |house, d| {
        let twice = house.cell_set() & set_on[d as usize - 1];
        let ends: ArrayVec<Node, 9> = twice.iter().map(|c| candidate_node(c, d, true)).collect();
        refute(Place::House(house), &ends);
    });
    let mut emptied = grid.empty_cells();
    for d in 1..=9u8 {
        let i = d as usize - 1;
        emptied = emptied & (set_off[i] | (CellSet::ALL - grid.digit_cells(d)));
    }
    for &on in set_on {
        emptied = emptied - on;
    }
    for c in emptied.iter() {
        let ends: ArrayVec<Node, 9> = grid
            .candidates(c)
            .iter()
            .map(|d| candidate_node(c, d, false))
            .collect();
        refute(Place::Cell(c), &ends);
    }
    // A house emptied of a digit: it holds allowed places, none of them left open.
    let mut emptied_in = [0u32; 9];
    for (i, units) in emptied_in.iter_mut().enumerate() {
        if !(allowed.places[i] & set_off[i]).is_empty() {
            *units = allowed.units[i] & !(allowed.places[i] - set_off[i]).units_met();
        }
    }
    for_each_hit(&emptied_in, |house, d| {
        let places = house.cell_set() & allowed.places[d as usize - 1];
        let ends: ArrayVec<Node, 9> = places.iter().map(|c| candidate_node(c, d, false)).collect();
        refute(Place::House(house), &ends);
    });
}

/// Calls `hit` for every house and digit whose bit is set in `units_by_digit` (unit masks,
/// digit 1 first), in HoDoKu's order: house by house (rows, columns, boxes), digits within.
fn for_each_hit(units_by_digit: &[u32; 9], mut hit: impl FnMut(Unit, Digit)) {
    let all = units_by_digit.iter().fold(0, |all, units| all | units);
    if all == 0 {
        return;
    }
    for house in houses().filter(|house| all & 1 << house.index() != 0) {
        for d in 1..=9u8 {
            if units_by_digit[d as usize - 1] & 1 << house.index() != 0 {
                hit(house, d);
            }
        }
    }
}

/// `checkTwoChains`: what a candidate's on and off tables both hold (outside its own cell).
fn check_both(tables: &Tables, cell: Cell, digit: Digit, found: &mut Found) {
    let premises = [
        candidate_node(cell, digit, true),
        candidate_node(cell, digit, false),
    ];
    let (mut both, mut other) = ([0; MAX_WORDS], [0; MAX_WORDS]);
    tables.held(premises[0], &mut both);
    tables.held(premises[1], &mut other);
    if !intersect(tables, &mut both, &other) {
        return;
    }
    note_held(tables, &both, Some(cell), found, |end| Derivation {
        refuted: None,
        place: Place::EitherWay(cell),
        chains: premises.iter().map(|&p| (p, end)).collect(),
        length: 0,
    });
}

/// `checkEntryList`: what the tables of every candidate of a cell, or of every place of a
/// digit in a house, all hold.
fn check_all(tables: &Tables, premises: &[Node], place: Place, found: &mut Found) {
    let Some((&first, rest)) = premises.split_first() else {
        return;
    };
    let (mut all, mut other) = ([0; MAX_WORDS], [0; MAX_WORDS]);
    tables.held(first, &mut all);
    for &p in rest {
        tables.held(p, &mut other);
        // (most cells' and houses' tables share nothing after two or three)
        if !intersect(tables, &mut all, &other) {
            return;
        }
    }
    note_held(tables, &all, None, found, |end| Derivation {
        refuted: None,
        place,
        chains: premises.iter().map(|&p| (p, end)).collect(),
        length: 0,
    });
}

/// `held &= other` over the reach's words; whether anything is left.
fn intersect(tables: &Tables, held: &mut Held, other: &Held) -> bool {
    let words = tables.reach().words();
    let mut any = 0;
    for (word, &more) in held[..words].iter_mut().zip(&other[..words]) {
        *word &= more;
        any |= *word;
    }
    any != 0
}

/// Notes what every table of a check holds (`held`, premises as bits), but not in the cell
/// `skip`: the candidates on as placements, then those off as eliminations, each ascending,
/// so the first one not wanted ends each kind. `derivation` makes the derivation of a
/// conclusion from the node all the chains end at.
fn note_held(
    tables: &Tables,
    held: &Held,
    skip: Option<Cell>,
    found: &mut Found,
    derivation: impl Fn(Node) -> Derivation,
) {
    let reach = tables.reach();
    for on in [true, false] {
        for bit in WordBits::of(&held[..reach.words()]) {
            let end = reach.premise_at(bit);
            let (c, d) = cell_digit(end);
            if is_on(end) != on || skip == Some(c) {
                continue;
            }
            let conclusion = if on {
                Conclusion::Place(c, d)
            } else {
                Conclusion::Eliminate(c, d)
            };
            if !found.wants(conclusion) {
                break;
            }
            found.add(conclusion, derivation(end));
        }
    }
}

/// HoDoKu's Forcing Chain: every conclusion of its chain tables, in the order HoDoKu takes
/// them (Contradiction and Verity steps together).
pub fn forcing_chains(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(grid, Mode::Chains, emit)
}

/// HoDoKu's Forcing Net: every conclusion of its net tables, in HoDoKu's order. The pipeline
/// asks for it only where Forcing Chain found nothing, as HoDoKu does.
pub fn forcing_nets(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    emit_all(grid, Mode::Nets, emit)
}

/// The technique that leads the search of `technique` (both kinds of conclusion of one mode
/// come from one search), if it is one of these.
pub fn group_leader(technique: Technique) -> Option<Technique> {
    use Technique::*;
    match technique {
        HodokuForcingChainVerity => Some(HodokuForcingChainContradiction),
        HodokuForcingNetVerity => Some(HodokuForcingNetContradiction),
        _ => None,
    }
}

fn emit_all(grid: &Grid, mode: Mode, emit: &mut Emit<'_>) -> ControlFlow<()> {
    if grid.is_solved() {
        return ControlFlow::Continue(());
    }
    let (tables, found) = search(grid, mode, Wanted::All);
    for (conclusion, derivation) in &found.conclusions {
        emit(to_step(&tables, mode, *conclusion, derivation))?;
    }
    ControlFlow::Continue(())
}

/// The search that finds `technique`, if it is one of HoDoKu's Forcing Chain or Net steps.
fn mode_of(technique: Technique) -> Option<Mode> {
    use Technique::*;
    match technique {
        HodokuForcingChainContradiction | HodokuForcingChainVerity => Some(Mode::Chains),
        HodokuForcingNetContradiction | HodokuForcingNetVerity => Some(Mode::Nets),
        _ => None,
    }
}

/// The techniques of one search (`technique` among them), if it is Forcing Chain or Forcing
/// Net: its steps come sorted, so the first of them is all a caller wanting every one of
/// these techniques needs ([`first_step`]).
pub fn sorted_group(technique: Technique) -> Option<[Technique; 2]> {
    use Technique::*;
    mode_of(technique).map(|mode| match mode {
        Mode::Chains => [HodokuForcingChainContradiction, HodokuForcingChainVerity],
        Mode::Nets => [HodokuForcingNetContradiction, HodokuForcingNetVerity],
    })
}

/// The first step [`forcing_chains`] or [`forcing_nets`] (as `technique` names one of them)
/// would emit, found without working out the others: the same step, for a fraction of the
/// checks.
pub fn first_step(technique: Technique, grid: &Grid) -> Option<Step> {
    let mode = mode_of(technique)?;
    if grid.is_solved() {
        return None;
    }
    let (tables, found) = search(grid, mode, Wanted::Least);
    let (conclusion, derivation) = found.conclusions.first_key_value()?;
    Some(to_step(&tables, mode, *conclusion, derivation))
}

pub(super) fn node_text(tables: &Tables, node: Node) -> String {
    let sign = if is_on(node) { "=" } else { "<>" };
    if node < NORMAL_NODES {
        let (cell, digit) = cell_digit(node);
        format!("{}{sign}{digit}", cell_name(cell))
    } else {
        let group = &tables.group_nodes[((node - NORMAL_NODES) / 2) as usize];
        format!(
            "{}{sign}{}",
            crate::geometry::line_cells_name(group.cells),
            group.digit
        )
    }
}

pub(super) fn node_words(tables: &Tables, node: Node) -> String {
    let not = if is_on(node) { "" } else { "not " };
    if node < NORMAL_NODES {
        let (cell, digit) = cell_digit(node);
        format!("{} is {not}{digit}", cell_name(cell))
    } else {
        let group = &tables.group_nodes[((node - NORMAL_NODES) / 2) as usize];
        let cells = crate::geometry::line_cells_name(group.cells);
        if is_on(node) {
            format!("{} is in {cells}", group.digit)
        } else {
            format!("{} is not in {cells}", group.digit)
        }
    }
}

/// A node's cells (one, or a group's two or three) and digit.
pub(super) fn node_cells(tables: &Tables, node: Node) -> (CellSet, Digit) {
    if node < NORMAL_NODES {
        let (cell, digit) = cell_digit(node);
        (CellSet::single(cell), digit)
    } else {
        let group = &tables.group_nodes[((node - NORMAL_NODES) / 2) as usize];
        (group.cells, group.digit)
    }
}

/// The first cell of a node, for drawing a link to or from it.
pub(super) fn node_candidate(tables: &Tables, node: Node) -> Candidate {
    if node < NORMAL_NODES {
        let (cell, digit) = cell_digit(node);
        Candidate::new(cell, digit)
    } else {
        let group = &tables.group_nodes[((node - NORMAL_NODES) / 2) as usize];
        Candidate::new(group.cells.first().expect("a group has cells"), group.digit)
    }
}

fn conclusion_words(conclusion: Conclusion) -> String {
    match conclusion {
        Conclusion::Place(cell, digit) => format!("{} is {digit}", cell_name(cell)),
        Conclusion::Eliminate(cell, digit) => format!("{} is not {digit}", cell_name(cell)),
    }
}

fn to_step(tables: &Tables, mode: Mode, conclusion: Conclusion, derivation: &Derivation) -> Step {
    use Technique::*;
    let technique = match (mode, derivation.refuted.is_some()) {
        (Mode::Chains, true) => HodokuForcingChainContradiction,
        (Mode::Chains, false) => HodokuForcingChainVerity,
        (Mode::Nets, true) => HodokuForcingNetContradiction,
        (Mode::Nets, false) => HodokuForcingNetVerity,
    };
    let (placements, eliminations) = match conclusion {
        Conclusion::Place(cell, digit) => (vec![Candidate::new(cell, digit)], vec![]),
        Conclusion::Eliminate(cell, digit) => (vec![], vec![Candidate::new(cell, digit)]),
    };
    let mut pattern = Pattern::default();
    let mut sentences = Vec::new();
    for &(premise, end) in &derivation.chains {
        let Some(table) = tables.of(premise) else {
            continue;
        };
        let path = table.path_to(end);
        for pair in path.windows(2) {
            pattern.links.push(Link {
                from: node_candidate(tables, pair[0]),
                to: node_candidate(tables, pair[1]),
                strong: is_on(pair[1]),
            });
        }
        for &node in &path {
            let role = if is_on(node) { Role::On } else { Role::Off };
            let candidate = node_candidate(tables, node);
            if !pattern.candidates.iter().any(|m| m.item == candidate) {
                pattern = pattern.candidate(candidate, role);
            }
        }
        let words: Vec<String> = path.iter().map(|&n| node_words(tables, n)).collect();
        sentences.push(match words.split_first() {
            Some((first, rest)) if !rest.is_empty() => {
                format!("If {first}, then {}.", rest.join(", so "))
            }
            _ => format!("{}.", words.join("")),
        });
    }
    let conclusion_text = conclusion_words(conclusion);
    let (subject, text) = match derivation.refuted {
        Some(premise) => (
            format!(
                "{} gives a contradiction in {}",
                node_text(tables, premise),
                derivation.place
            ),
            format!(
                "{} That is a contradiction in {}, so {conclusion_text}.",
                sentences.join(" "),
                derivation.place
            ),
        ),
        None => {
            let premises: Vec<String> = derivation
                .chains
                .iter()
                .map(|&(p, _)| node_text(tables, p))
                .collect();
            (
                format!("each of {} gives the same", premises.join(", ")),
                format!(
                    "One of {} is true. {} Either way {conclusion_text}.",
                    premises.join(", "),
                    sentences.join(" ")
                ),
            )
        }
    };
    Step::new(technique, placements, eliminations, pattern, subject, text)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::Finder;

    /// The grid of an 81-character puzzle line (`.` for an empty cell).
    fn grid_of_line(text: &str) -> Grid {
        let mut puzzle = [0; CELLS];
        for (cell, b) in puzzle.iter_mut().zip(text.bytes()) {
            *cell = if b == b'.' { 0 } else { b - b'0' };
        }
        Grid::from_puzzle(&puzzle)
    }

    /// The units found from a set's own cells are those the 27 units give, counted one by one:
    /// units holding two or more cells of a set, and units holding cells of one set and none
    /// of another, on sets of every size from a fixed pseudo-random sequence.
    #[test]
    fn units_of_cells_where_matches_every_unit_counted() {
        let mut state = 0x9e37_79b9_7f4a_7c15u64;
        let mut random_set = || {
            let mut set = CellSet::EMPTY;
            for _ in 0..state % 12 {
                state = state
                    .wrapping_mul(6364136223846793005)
                    .wrapping_add(1442695040888963407);
                set = set.with((state >> 33) as usize % CELLS);
            }
            set
        };
        for _ in 0..2000 {
            let (set, other) = (random_set(), random_set());
            let (mut several, mut without_other) = (0u32, 0u32);
            for unit in Unit::all() {
                let held = unit.cell_set() & set;
                several |= u32::from(held.len() >= 2) << unit.index();
                let alone = !held.is_empty() && (unit.cell_set() & other).is_empty();
                without_other |= u32::from(alone) << unit.index();
            }
            let twice = units_of_cells_where(set, |unit| (unit & set).has_two_or_more());
            assert_eq!(twice, several, "{set:?}");
            let alone = units_of_cells_where(set, |unit| (unit & other).is_empty());
            assert_eq!(alone, without_other, "{set:?} {other:?}");
        }
    }

    /// The first step found alone is the first of every step, chains and nets, at every state
    /// of the hodoku profile's solves of three hard puzzles where it takes one of them (a wrong
    /// bound in the least-only checks would give another conclusion or another derivation).
    #[test]
    fn the_first_step_alone_is_the_first_of_all() {
        let puzzles = [
            "98.7..6..5..6...4...6.3...98......7...23....6....2..1..5..7.....4.9..1....9..3..7",
            "........6..5..18...9...8.7....8.2.....3.1.2..4..5.3....6.....9...83..1..7.......4",
            "1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.",
        ];
        let (mut chains, mut nets) = (0, 0);
        for text in puzzles {
            let mut grid = grid_of_line(text);
            let trace = crate::pipeline::solve(&grid, &crate::pipeline::Options::hodoku());
            for taken in &trace.steps {
                let search: Option<Finder> = match sorted_group(taken.technique) {
                    Some([Technique::HodokuForcingChainContradiction, _]) => {
                        chains += 1;
                        Some(forcing_chains)
                    }
                    Some(_) => {
                        nets += 1;
                        Some(forcing_nets)
                    }
                    None => None,
                };
                if let Some(search) = search {
                    let mut first = None;
                    let _ = search(&grid, &mut |step| {
                        first = Some(step);
                        ControlFlow::Break(())
                    });
                    assert_eq!(first.as_ref(), Some(taken), "{text}");
                    // (on tables of its own: the search above closed some of the shared ones)
                    clear_spare_tables();
                    assert_eq!(first_step(taken.technique, &grid), first, "{text}");
                }
                crate::pipeline::apply(&mut grid, taken);
            }
        }
        assert!(
            chains >= 10 && nets >= 3,
            "{chains} chain and {nets} net steps"
        );
        // Where singles are left (a hint's state, not the solver's), tables that hold their
        // premise alone refute it: a cell's last candidate, a house's last place.
        let easy =
            "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......";
        // The first open cell left with one digit whose turning off implies nothing (no
        // conjugate, no group node's last place): it empties the cell.
        let start = grid_of_line(easy);
        let cell = start.empty_cells().first().expect("an open cell");
        let grid = start
            .candidates(cell)
            .iter()
            .map(|kept| {
                let mut grid = start.clone();
                for digit in start.candidates(cell).iter().filter(|&d| d != kept) {
                    grid.eliminate(cell, digit);
                }
                (grid, candidate_node(cell, kept, false))
            })
            .find(|(grid, off)| {
                let tables = open_tables(grid, Mode::Chains, true);
                tables.links.of_node(*off).is_empty()
            })
            .map(|(grid, _)| grid)
            .expect("a digit whose off implies nothing");
        for (technique, search) in [
            (
                Technique::HodokuForcingChainVerity,
                forcing_chains as Finder,
            ),
            (Technique::HodokuForcingNetVerity, forcing_nets as Finder),
        ] {
            let mut first = None;
            let _ = search(&grid, &mut |step| {
                first = Some(step);
                ControlFlow::Break(())
            });
            assert!(first.is_some());
            clear_spare_tables();
            assert_eq!(first_step(technique, &grid), first, "{easy}");
        }
    }

    /// A thread that built grouped chain tables ends cleanly whichever of its locals goes
    /// first: the last grouped tables are dropped after the spares when the thread touched
    /// them first (`clear_caches` does), and dropping them must not touch the spares then.
    #[test]
    fn a_thread_with_shared_tables_ends_cleanly() {
        let grid = grid_of_line(
            "98.7..6..5..6...4...6.3...98......7...23....6....2..1..5..7.....4.9..1....9..3..7",
        );
        let worker = std::thread::spawn(move || {
            clear_spare_tables();
            let (first, _) = grouped_chain_tables(&grid, Tables::close_all);
            let first_address = Rc::as_ptr(&first);
            drop(first);
            let (again, _) = grouped_chain_tables(&grid, Tables::close_all);
            assert_eq!(
                first_address,
                Rc::as_ptr(&again),
                "the same grid shares its tables"
            );
            // Held elsewhere, the tables are built afresh, the same.
            let (held, _) = grouped_chain_tables(&grid, Tables::close_all);
            assert!(!Rc::ptr_eq(&again, &held));
            for (a, b) in again.candidates.iter().zip(&held.candidates) {
                assert_eq!(
                    a.as_ref().map(|t| &t.entries),
                    b.as_ref().map(|t| &t.entries)
                );
            }
            drop((again, held));
            let mut other = grid.clone();
            let cell = other.empty_cells().first().expect("an empty cell");
            let digit = other.candidates(cell).iter().next().expect("a candidate");
            other.eliminate(cell, digit);
            let (rebuilt, _) = grouped_chain_tables(&other, Tables::close_all);
            assert!(rebuilt.candidates.iter().flatten().count() > 0);
        });
        worker.join().expect("the worker ends without a panic");
    }

    /// Every premise reaches exactly the candidates its closed table holds (none of these
    /// tables is full), with and without group nodes, on the grid of a hard puzzle.
    #[test]
    fn a_premise_reaches_what_its_closed_table_holds() {
        let grid = grid_of_line(
            "98.7..6..5..6...4...6.3...98......7...23....6....2..1..5..7.....4.9..1....9..3..7",
        );
        for (mode, with_groups) in [
            (Mode::Chains, false),
            (Mode::Chains, true),
            (Mode::Nets, true),
        ] {
            let tables = build_tables(&grid, mode, with_groups);
            let reach = tables.reach();
            for table in tables.candidates.iter().flatten() {
                assert!(table.entries.len() < MAX_ENTRIES, "no table is full");
                // The reach sets hold the premises: the candidates, not the group nodes.
                let held: std::collections::BTreeSet<Node> = table
                    .entries
                    .iter()
                    .copied()
                    .filter(|&n| n < NORMAL_NODES)
                    .collect();
                let mut reached: std::collections::BTreeSet<Node> =
                    reach.from(table.premise()).nodes().collect();
                // The premise is held at entry 0; its reach holds it unless it implies nothing.
                reached.insert(table.premise());
                assert_eq!(held, reached, "premise {}", table.premise());
            }
        }
    }
}
