//! Almost locked sets: ALS-XZ, ALS-XY-Wing, ALS chains (ALS-XY-Chain) and Death Blossom, as
//! HoDoKu 2.2 defines them (`AlsSolver`, `SudokuStepFinder.getAlses`/`getRestrictedCommons`).
//!
//! An **almost locked set** (ALS) is a set of `n` empty cells of one house (row, column or box)
//! whose candidates are `n + 1` digits; a bivalue cell is an ALS of one cell. Take any one of
//! its digits away and the rest is a locked set: each remaining digit is then placed in it.
//! Two ALSs that do not overlap share a **restricted common** digit (RC) `x` when every cell of
//! one holding `x` sees every cell of the other holding `x`: `x` is then in at most one of them,
//! so the other one is locked without `x`. At most two digits can be restricted commons of one
//! pair.
//!
//! - **ALS-XZ** (singly linked): sets A and B with an RC `x`. One of them lacks `x` and so holds
//!   all its other digits; so a digit `z` common to both is in A or in B, and leaves every cell
//!   outside them that sees all of A's and B's `z`s.
//! - **ALS-XZ** (doubly linked): two RCs `x` and `y`. Neither set can take both (the other would
//!   lose both and hold too few digits), so each takes one: together the two sets are locked.
//!   Every common digit (the RCs included) leaves the cells seeing all its instances in both
//!   sets, and every other digit of one set leaves the cells (outside the other set) that see all
//!   its instances in that set.
//! - **ALS-XY-Wing**: sets A and B each linked to a third set C by RCs (`x` for A–C, `y` for
//!   B–C, different digits when both links are single). If A lacks `z`, A is locked, takes `x`,
//!   C loses `x`, is locked, takes `y`, B loses `y` and is locked, so holds `z`: a `z` common to
//!   A and B (not an RC) leaves the cells that see all `z`s of A and B (cells of C included).
//! - **ALS chain**: the same reasoning over four or more sets A, B, ..., E, each link's RC
//!   differing from the one before (HoDoKu's "actual RCs": a link's RCs minus the previous
//!   link's). A `z` common to A and E, other than the first and last link's RCs, leaves the
//!   cells that see all `z`s of A and E.
//! - **Death Blossom**: a stem cell and, for each of its candidates `d`, a petal: an ALS holding
//!   `d` whose `d`s all see the stem (petals pairwise disjoint). Whatever the stem holds, that
//!   petal loses it and is locked; so a digit `z` in every petal and not in the stem leaves the
//!   cells (outside the petals and the stem) that see every `z` of every petal.
//!
//! ALSs are collected once per grid state: every house in HoDoKu's order (rows, columns, boxes),
//! within a house every subset of its empty cells (1 to 8 cells) in depth-first order of the
//! house's cells, each set kept once (a pair in a box-line intersection is found twice). Then
//! every pair `i < j` of disjoint sets is tested for restricted commons. The result is kept in a
//! one-entry thread-local cache keyed by the grid, so ALS-XZ, ALS-XY-Wing, the chain and Death
//! Blossom searches on one state share one collection (finders stay pure: same grid, same answer).
//!
//! Search order (fixed, so traces are deterministic), as HoDoKu's:
//! - ALS-XZ: links in order of their first set, then their second.
//! - ALS-XY-Wing: pairs of links `i < j` sharing exactly one set (C), in link order.
//! - ALS chain: Stepwise's own, shortest first: from every start set (in order), a
//!   breadth-first search over (set, actual RCs) states, links in order of the next set, up to
//!   six sets; each state is reached once per start, by its shortest chain, and a chain never
//!   revisits a set. Chains are emitted by length, then in discovery order, and a chain whose
//!   eliminations an earlier one already made is dropped. (HoDoKu's solver follows links only
//!   towards later sets of its list, has no length bound, keeps the shortest chain per set of
//!   eliminations and takes the one with the most eliminations; Stepwise follows links both
//!   ways, within six sets. The hodoku profile runs HoDoKu's own search, `hodoku_chain`.)
//! - Death Blossom: stem cells in cell order, then one petal per stem digit (digits ascending,
//!   petals in set order).
//!
//! Notation, as HoDoKu prints it (cells in its compact form `r1c23`, `r135c6`):
//! `Almost Locked Set XZ-Rule: A=r1c2 {24}, B=r3c13 {249}, X=2, Z=4 => r1c3<>4` (a doubly linked
//! one lists both RCs, `X=2,4`, and has no `Z` part when the locked-set eliminations fire);
//! `Almost Locked Set XY-Wing: A=... {..}, B=..., C=..., X,Y=3,8, Z=5 => ...`;
//! `Almost Locked Set XY-Chain: 5- r1c2 {25} -2- r4c23 {127} -7- ... -5 => ...` (the eliminated
//! digits, each set followed by the link's actual RCs); `Death Blossom: r5c1, -1- r4c2 {14},
//! -3- r6c13 {359} => ...` (the stem, then each stem digit and its petal; HoDoKu's own text
//! has brackets around the stem and a doubled space, dropped here). Eliminations use Stepwise's
//! common grouping.

use std::cell::RefCell;
use std::collections::HashSet;
use std::ops::ControlFlow;
use std::rc::Rc;

use arrayvec::ArrayVec;

use super::Emit;
use crate::cache::{self, Memory};
use crate::geometry::{
    peers, row_of, Cell, CellSet, Digit, DigitSet, Unit, UnitKind, WordBits, CELLS, UNITS,
};
use crate::grid::Grid;
use crate::step::{cell_list, digit_list, Candidate, Pattern, Role, Step};
use crate::technique::{Facts, Technique};

mod hodoku_chain;
pub use hodoku_chain::hodoku_als_chain;

/// Most sets in an ALS chain.
const MAX_CHAIN_SETS: usize = 6;

/// An almost locked set with the per-digit views every ALS technique needs.
#[derive(Debug, Clone, PartialEq)]
pub(crate) struct Als {
    pub(crate) cells: CellSet,
    pub(crate) digits: DigitSet,
    /// Per digit (index `d - 1`): the set's cells holding `d`.
    holding: [CellSet; 9],
    /// Per digit: the cells outside the set that hold `d` and see every cell of the set holding
    /// `d` (HoDoKu's `buddiesPerCandidat`).
    seen_by: [CellSet; 9],
}

impl Als {
    fn new(grid: &Grid, cells: CellSet, digits: DigitSet) -> Als {
        let mut holding = [CellSet::EMPTY; 9];
        let mut seen_by = [CellSet::EMPTY; 9];
        for d in digits {
            let with_d = cells & grid.digit_cells(d);
            let seeing_all = with_d.iter().fold(CellSet::ALL, |acc, c| acc & peers(c));
            holding[d as usize - 1] = with_d;
            seen_by[d as usize - 1] = (seeing_all & grid.digit_cells(d)) - cells;
        }
        Als {
            cells,
            digits,
            holding,
            seen_by,
        }
    }

    /// The set in a later state of the grid where its own cells are unchanged and candidates
    /// have only gone: the outside cells seeing a digit's copies keep that digit or drop out.
    fn narrowed_to(&self, grid: &Grid) -> Als {
        let mut als = self.clone();
        for d in self.digits {
            als.seen_by[d as usize - 1] = self.seen_by(d) & grid.digit_cells(d);
        }
        als
    }

    pub(crate) fn holding(&self, d: Digit) -> CellSet {
        self.holding[d as usize - 1]
    }

    pub(crate) fn seen_by(&self, d: Digit) -> CellSet {
        self.seen_by[d as usize - 1]
    }

    /// `r1c23 {249}`, as HoDoKu prints a set.
    pub(crate) fn notation(&self) -> String {
        format!("{} {{{}}}", compact_cells(self.cells), self.digits)
    }
}

/// Cells in HoDoKu's compact form: taking cells in order, each group is the first cell left with
/// the other cells of its row (`r1c23`) or, if its row has none, of its column (`r135c6`);
/// groups are joined by commas (`r5c12,r6c23`).
pub(crate) fn compact_cells(cells: CellSet) -> String {
    let mut left = cells;
    let mut groups = Vec::new();
    while let Some(first) = left.first() {
        let row = Unit::row(row_of(first)).cell_set() & left;
        let group = if row.len() > 1 {
            row
        } else {
            Unit::column(first % 9).cell_set() & left
        };
        left = left - group;
        let rows: String = group.iter().map(|c| (c / 9 + 1).to_string()).collect();
        let cols: String = group.iter().map(|c| (c % 9 + 1).to_string()).collect();
        groups.push(if row.len() > 1 {
            format!("r{}c{}", first / 9 + 1, cols)
        } else {
            format!("r{}c{}", rows, first % 9 + 1)
        });
    }
    groups.join(",")
}

/// Every ALS of the grid, in HoDoKu's order (see the module documentation).
pub(crate) fn collect_alses(grid: &Grid) -> Vec<Als> {
    let mut alses = Vec::new();
    for unit in Unit::all() {
        if crate::deadline::expired() {
            break; // (a collection cut short is never kept)
        }
        collect_house(grid, unit, &mut alses);
    }
    alses
}

/// Appends the ALSs `unit` gives in [`collect_alses`]'s order (those of no earlier unit).
fn collect_house(grid: &Grid, unit: Unit, alses: &mut Vec<Als>) {
    let cells: ArrayVec<Cell, 9> = unit
        .cells()
        .iter()
        .copied()
        .filter(|&c| grid.value(c) == 0)
        .collect();
    let mut found = |set: CellSet, digits: DigitSet| {
        if !found_in_earlier_unit(set, unit) {
            alses.push(Als::new(grid, set, digits));
        }
    };
    subsets_of_house(grid, &cells, 0, CellSet::EMPTY, DigitSet::EMPTY, &mut found);
}

/// Whether `set`, one of the subsets of `unit`, lies within a unit before it (rows, then
/// columns, then boxes), whose subsets gave it first: a single cell lies in its row, and a
/// set of a box within one row or column in that line.
fn found_in_earlier_unit(set: CellSet, unit: Unit) -> bool {
    let Some(first) = set.first() else {
        return false;
    };
    match unit.kind() {
        UnitKind::Row => false,
        UnitKind::Column => set.len() == 1,
        UnitKind::Box => {
            set.len() == 1
                || (set - Unit::containing(first, UnitKind::Row).cell_set()).is_empty()
                || (set - Unit::containing(first, UnitKind::Column).cell_set()).is_empty()
        }
    }
}

/// Depth-first over the subsets of `cells` from `start` on, extending `set`. A branch ends
/// where its sets hold more digits over their cells than the cells left can make up (each
/// cell added adds one cell and no fewer digits), or at eight cells.
fn subsets_of_house(
    grid: &Grid,
    cells: &[Cell],
    start: usize,
    set: CellSet,
    digits: DigitSet,
    found: &mut dyn FnMut(CellSet, DigitSet),
) {
    for (i, &cell) in cells.iter().enumerate().skip(start) {
        let set = set.with(cell);
        let digits = digits | grid.candidates(cell);
        let (size, count) = (set.len() as usize, digits.len() as usize);
        if count == size + 1 {
            found(set, digits);
        }
        let can_grow = (cells.len() - i - 1).min(8 - size);
        if size < 8 && count <= size + 1 + can_grow {
            subsets_of_house(grid, cells, i + 1, set, digits, found);
        }
    }
}

/// The restricted commons of a pair of disjoint sets `a < b` (indices into the ALS list).
#[derive(Debug, Clone, Copy, PartialEq)]
struct Link {
    a: usize,
    b: usize,
    digits: DigitSet,
}

/// The ALSs of a grid state and their restricted commons.
#[derive(Debug, PartialEq)]
struct AlsGraph {
    alses: Vec<Als>,
    /// Where each house's sets start in `alses` (house order), then the end of the list.
    house_starts: [usize; UNITS + 1],
    /// Every pair with one or two RCs, ordered by `a`, then `b`.
    links: Vec<Link>,
    /// Per set, the indices (into `links`) of its links, ascending.
    links_of: LinksOf,
}

/// Each set's links, one list after another in one vector: the lists are filled once the
/// links are known, where a growing vector per set cost a reallocation every few links.
#[derive(Debug, PartialEq)]
struct LinksOf {
    /// Set `i`'s links are `links[starts[i]..starts[i + 1]]`.
    starts: Vec<usize>,
    links: Vec<usize>,
}

impl LinksOf {
    /// The lists of `sets` sets joined by `links` (ordered by `a`, then `b`): each link's index
    /// goes to both its sets, so each list is ascending.
    fn of(sets: usize, links: &[Link]) -> LinksOf {
        let mut starts = vec![0; sets + 1];
        for link in links {
            starts[link.a + 1] += 1;
            starts[link.b + 1] += 1;
        }
        for i in 0..sets {
            starts[i + 1] += starts[i];
        }
        let mut next = starts.clone();
        let mut of = vec![0; 2 * links.len()];
        for (l, link) in links.iter().enumerate() {
            for set in [link.a, link.b] {
                of[next[set]] = l;
                next[set] += 1;
            }
        }
        LinksOf { starts, links: of }
    }

    fn of_set(&self, set: usize) -> &[usize] {
        &self.links[self.starts[set]..self.starts[set + 1]]
    }

    fn heap_bytes(&self) -> usize {
        (self.starts.capacity() + self.links.capacity()) * std::mem::size_of::<usize>()
    }
}

/// No set of the last graph: a set collected afresh.
const FRESH: usize = usize::MAX;

impl AlsGraph {
    /// The graph of `grid`, taking over from `last` (the graph of an earlier state of the same
    /// path, with its grid) what its steps left unchanged.
    ///
    /// A house whose cells are as they were gives the same sets; where no candidate came back,
    /// each such set only loses the outside cells that lost a digit (`seen_by` narrows to the
    /// digit's cells), and two such sets have the same restricted commons (the cells of one set
    /// holding a digit still hold it, so whether they all see the other's copies is unchanged).
    /// Only the sets of changed houses are collected again, and only their pairs tested.
    fn build(grid: &Grid, last: Option<(&Grid, &AlsGraph)>) -> AlsGraph {
        let last = last.filter(|(old, _)| only_lost_candidates(old, grid));
        let unchanged = last.map_or(0, |(old, _)| unchanged_houses(old, grid));
        // Room for about as many sets and links as the last graph had: a set is some 600 bytes,
        // and growing the list as it fills copied it over and over.
        let room = last.map_or(512, |(_, old)| old.alses.len() + old.alses.len() / 4);
        let mut alses = Vec::with_capacity(room);
        let mut house_starts = [0; UNITS + 1];
        // Per set, its index in the last graph, or FRESH.
        let mut kept_from = Vec::with_capacity(room);
        for unit in Unit::all() {
            house_starts[unit.index()] = alses.len();
            if crate::deadline::expired() {
                break; // (a graph cut short is never kept, see `graph_of`)
            }
            match last {
                Some((_, old)) if unchanged & 1 << unit.index() != 0 => {
                    let range = old.house_starts[unit.index()]..old.house_starts[unit.index() + 1];
                    for (at, als) in old.alses[range.clone()].iter().enumerate() {
                        alses.push(als.narrowed_to(grid));
                        kept_from.push(range.start + at);
                    }
                }
                _ => {
                    collect_house(grid, unit, &mut alses);
                    kept_from.resize(alses.len(), FRESH);
                }
            }
        }
        house_starts[UNITS] = alses.len();
        let changed_cells = Unit::all()
            .filter(|u| unchanged & 1 << u.index() == 0)
            .fold(CellSet::EMPTY, |cells, u| cells | u.cell_set());
        let mut links = Vec::with_capacity(last.map_or(0, |(_, old)| old.links.len()));
        let sets_at = SetsAtCells::new(&alses);
        let mut fresh = vec![0u64; sets_at.words];
        for (i, &from) in kept_from.iter().enumerate() {
            if from == FRESH {
                fresh[i / 64] |= 1 << (i % 64);
            }
        }
        let mut new_index = vec![FRESH; last.map_or(0, |(_, old)| old.alses.len())];
        for (i, &from) in kept_from.iter().enumerate() {
            if from != FRESH {
                new_index[from] = i;
            }
        }
        let mut partners = vec![0u64; sets_at.words];
        let mut found: Vec<(usize, DigitSet)> = Vec::new();
        for (i, a) in alses.iter().enumerate() {
            if crate::deadline::expired() {
                break; // (a graph cut short is never kept, see `graph_of`)
            }
            // An RC digit's cells in `b` all see `a`'s: a set with no cell seen that way has
            // none (every common digit has cells in `b`). The sets after `a` holding such a
            // cell and none of `a`'s, in order.
            let seen_any = a.seen_by.iter().fold(CellSet::EMPTY, |acc, &s| acc | s);
            found.clear();
            match (last, kept_from[i]) {
                (Some((_, old)), from) if from != FRESH => {
                    // The last graph's links to later sets it kept, and the fresh sets, which
                    // lie in the changed houses.
                    let kept = old
                        .links_of
                        .of_set(from)
                        .iter()
                        .map(|&l| old.links[l])
                        .filter(|link| link.a == from && new_index[link.b] != FRESH)
                        .map(|link| (new_index[link.b], link.digits));
                    sets_at.after(i, seen_any & changed_cells, a.cells, &mut partners);
                    for (p, f) in partners.iter_mut().zip(&fresh) {
                        *p &= f;
                    }
                    let fresh_ones = WordBits::of(&partners)
                        .filter_map(|j| restricted_commons(a, &alses[j]).map(|d| (j, d)));
                    found.extend(kept.chain(fresh_ones));
                    found.sort_unstable_by_key(|&(j, _)| j);
                }
                _ => {
                    sets_at.after(i, seen_any, a.cells, &mut partners);
                    found.extend(
                        WordBits::of(&partners)
                            .filter_map(|j| restricted_commons(a, &alses[j]).map(|d| (j, d))),
                    );
                }
            }
            links.extend(found.iter().map(|&(j, digits)| Link { a: i, b: j, digits }));
        }
        AlsGraph {
            links_of: LinksOf::of(alses.len(), &links),
            alses,
            house_starts,
            links,
        }
    }
}

/// The restricted commons of two disjoint sets (`b`'s copies of the digit all see `a`'s), if
/// one or two: three would leave the pair too few digits, which only a broken grid has.
fn restricted_commons(a: &Als, b: &Als) -> Option<DigitSet> {
    let restricted: DigitSet = (a.digits & b.digits)
        .iter()
        .filter(|&d| (b.holding(d) - a.seen_by(d)).is_empty())
        .collect();
    (!restricted.is_empty() && restricted.len() <= 2).then_some(restricted)
}

/// Whether `new` is `old` with candidates removed (and cells placed) only: no candidate
/// back, no placed digit changed.
fn only_lost_candidates(old: &Grid, new: &Grid) -> bool {
    (0..CELLS).all(|c| {
        (new.candidates(c) - old.candidates(c)).is_empty()
            && (old.value(c) == 0 || old.value(c) == new.value(c))
    })
}

/// The houses (bit = [`Unit::index`]) whose cells have the same candidates and values in both
/// grids.
fn unchanged_houses(old: &Grid, new: &Grid) -> u32 {
    let changed = (0..CELLS)
        .filter(|&c| old.candidates(c) != new.candidates(c) || old.value(c) != new.value(c))
        .fold(CellSet::EMPTY, |cells, c| cells.with(c));
    Unit::all()
        .filter(|u| (u.cell_set() & changed).is_empty())
        .fold(0, |houses, u| houses | 1 << u.index())
}

/// Per cell, the sets holding it, as bits (bit `i` = the set at index `i`): the pairs of sets
/// worth testing for restricted commons are read from it word by word instead of pair by pair.
struct SetsAtCells {
    words: usize,
    /// `words` words per cell.
    bits: Vec<u64>,
}

impl SetsAtCells {
    fn new(alses: &[Als]) -> SetsAtCells {
        let words = alses.len().div_ceil(64);
        let mut bits = vec![0u64; CELLS * words];
        for (i, als) in alses.iter().enumerate() {
            for cell in als.cells {
                bits[cell * words + i / 64] |= 1 << (i % 64);
            }
        }
        SetsAtCells { words, bits }
    }

    /// Into `out`: the sets after set `i` holding a cell of `wanted` and no cell of `avoided`.
    fn after(&self, i: usize, wanted: CellSet, avoided: CellSet, out: &mut [u64]) {
        let from = i / 64;
        out.fill(0);
        for cell in wanted {
            let row = &self.bits[cell * self.words..][..self.words];
            for (o, w) in out[from..].iter_mut().zip(&row[from..]) {
                *o |= w;
            }
        }
        for cell in avoided {
            let row = &self.bits[cell * self.words..][..self.words];
            for (o, w) in out[from..].iter_mut().zip(&row[from..]) {
                *o &= !w;
            }
        }
        // Set `i` and those before it in its word.
        out[from] &= !(u64::MAX >> (63 - i % 64));
    }
}

impl AlsGraph {
    /// The heap the graph takes, in bytes.
    fn heap_bytes(&self) -> usize {
        self.alses.capacity() * std::mem::size_of::<Als>()
            + self.links.capacity() * std::mem::size_of::<Link>()
            + self.links_of.heap_bytes()
    }
}

thread_local! {
    /// The last grid's ALS graph, within `Memory::AlsGraph`'s share of the cache bound: the
    /// ALS finders run one after another on the same state.
    static LAST_GRAPH: RefCell<Option<(Grid, Rc<AlsGraph>)>> = const { RefCell::new(None) };
}

/// Forgets the last grid's ALS graph.
pub(super) fn clear_cache() {
    LAST_GRAPH.with(|cache| *cache.borrow_mut() = None);
}

/// What the kept ALS graph takes, in bytes.
pub(super) fn cache_bytes() -> usize {
    LAST_GRAPH.with(|cache| {
        cache
            .borrow()
            .as_ref()
            .map_or(0, |(_, graph)| kept_bytes(graph))
    })
}

fn kept_bytes(graph: &AlsGraph) -> usize {
    std::mem::size_of::<Grid>() + std::mem::size_of::<AlsGraph>() + graph.heap_bytes()
}

fn graph_of(grid: &Grid) -> Rc<AlsGraph> {
    LAST_GRAPH.with(|cache| {
        if let Some((cached, graph)) = &*cache.borrow() {
            if cached == grid {
                return Rc::clone(graph);
            }
        }
        let last = cache.borrow_mut().take();
        let graph = Rc::new(AlsGraph::build(
            grid,
            last.as_ref().map(|(old, graph)| (old, &**graph)),
        ));
        // A graph the deadline may have cut short is not kept; nor is one too large to keep.
        let keep =
            !crate::deadline::expired() && kept_bytes(&graph) <= cache::bound(Memory::AlsGraph);
        *cache.borrow_mut() = keep.then(|| (grid.clone(), Rc::clone(&graph)));
        graph
    })
}

/// Eliminations of the digits `zs` from the cells that see all their instances in both `a` and
/// `b`, with the digits that eliminated anything.
fn common_eliminations(a: &Als, b: &Als, zs: DigitSet) -> (Vec<Candidate>, DigitSet) {
    let mut eliminations = Vec::new();
    let mut used = DigitSet::EMPTY;
    for z in zs {
        let targets = a.seen_by(z) & b.seen_by(z);
        if !targets.is_empty() {
            used = used.with(z);
            eliminations.extend(targets.iter().map(|c| Candidate::new(c, z)));
        }
    }
    (eliminations, used)
}

/// The pattern of a step over `sets`: each set's cells with its index, RC candidates as
/// `Restricted`, eliminated digits' candidates as `Common`, the rest as `Pattern`, and the
/// eliminations as `Cover`.
fn sets_pattern(
    grid: &Grid,
    sets: &[&Als],
    restricted: DigitSet,
    common: DigitSet,
    eliminations: &[Candidate],
) -> Pattern {
    let mut pattern = Pattern::default();
    for (i, als) in sets.iter().enumerate() {
        pattern = pattern.cells(als.cells, Role::Als(i as u8));
        for cell in als.cells {
            for d in grid.candidates(cell) {
                let role = if restricted.contains(d) {
                    Role::Restricted
                } else if common.contains(d) {
                    Role::Common
                } else {
                    Role::Pattern
                };
                pattern = pattern.candidate(Candidate::new(cell, d), role);
            }
        }
    }
    pattern.candidates(eliminations.iter().copied(), Role::Cover)
}

/// ALS-XZ: two sets joined by one or two restricted commons.
pub fn als_xz(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let graph = graph_of(grid);
    for (i, link) in graph.links.iter().enumerate() {
        // (the deadline every so many links: each costs far less than reading the clock)
        if i % 256 == 0 && crate::deadline::expired() {
            return ControlFlow::Break(());
        }
        let (a, b) = (&graph.alses[link.a], &graph.alses[link.b]);
        let common = a.digits & b.digits;
        let mut eliminations = Vec::new();
        let mut zs = DigitSet::EMPTY;
        for x in link.digits {
            let (found, used) = common_eliminations(a, b, common.without(x));
            eliminations.extend(found);
            zs |= used;
        }
        let doubly = link.digits.len() == 2;
        let mut locked = DigitSet::EMPTY;
        if doubly {
            for (set, other) in [(a, b), (b, a)] {
                for d in set.digits - link.digits {
                    let targets = set.seen_by(d) - other.cells;
                    if !targets.is_empty() {
                        locked = locked.with(d);
                        eliminations.extend(targets.iter().map(|c| Candidate::new(c, d)));
                    }
                }
            }
        }
        if eliminations.is_empty() {
            continue;
        }
        // HoDoKu drops the Z part when the locked-set eliminations fire.
        if !locked.is_empty() {
            zs = DigitSet::EMPTY;
        }
        let x = digit_list(link.digits);
        let mut subject = format!("A={}, B={}, X={x}", a.notation(), b.notation());
        if !zs.is_empty() {
            subject.push_str(&format!(", Z={}", digit_list(zs)));
        }
        let text = if doubly {
            format!(
                "{} and {} share two restricted commons, {x}: neither set can hold both, so each holds one and together they are locked; their common digits leave the cells that see all their copies in both sets, and each set's other digits leave the cells that see all their copies in that set: {gone}.",
                a.notation(),
                b.notation(),
                gone = crate::step::not_words(&eliminations)
            )
        } else {
            let z = digit_list(zs);
            format!(
                "{} and {} share the restricted common {x} (every {x} of one sees every {x} of the other), so one of them lacks {x} and holds all its other digits: {z} is in one of the two sets, and a cell that sees all its copies in both cannot hold it: {gone}.",
                a.notation(),
                b.notation(),
                gone = crate::step::not_words(&eliminations)
            )
        };
        let pattern = sets_pattern(grid, &[a, b], link.digits, zs | locked, &eliminations);
        let step = Step::new(
            Technique::AlsXz,
            vec![],
            eliminations,
            pattern,
            subject,
            text,
        )
        .with_facts(Facts::AlsXz {
            doubly_linked: doubly,
        });
        emit(step)?;
    }
    ControlFlow::Continue(())
}

/// ALS-XY-Wing: two sets each joined to a third by restricted commons.
pub fn als_xy_wing(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let graph = graph_of(grid);
    for (i, first) in graph.links.iter().enumerate() {
        if i % 16 == 0 && crate::deadline::expired() {
            return ControlFlow::Break(());
        }
        let later = merged_after(
            graph.links_of.of_set(first.a),
            graph.links_of.of_set(first.b),
            i,
        );
        for j in later {
            let second = &graph.links[j];
            if first.digits.len() == 1 && second.digits == first.digits {
                continue;
            }
            // The shared set is C; A hangs on the first link, B on the second.
            let (c, a, b) = if first.a == second.a {
                (first.a, first.b, second.b)
            } else if first.a == second.b {
                (first.a, first.b, second.a)
            } else if first.b == second.a {
                (first.b, first.a, second.b)
            } else {
                (first.b, first.a, second.a)
            };
            let (a, b, c) = (&graph.alses[a], &graph.alses[b], &graph.alses[c]);
            if !(a.cells & b.cells).is_empty() {
                continue;
            }
            let restricted = first.digits | second.digits;
            let (eliminations, zs) = common_eliminations(a, b, (a.digits & b.digits) - restricted);
            if eliminations.is_empty() {
                continue;
            }
            let subject = format!(
                "A={}, B={}, C={}, X,Y={}, Z={}",
                a.notation(),
                b.notation(),
                c.notation(),
                digit_list(restricted),
                digit_list(zs)
            );
            let text = format!(
                "{} and {} are each joined to {} by restricted commons ({} and {}): if {} lacked {z}, it would be locked, take its restricted common and lock {}, which would take the other one and lock {}, which would then hold {z}; so {z} is in one of the two outer sets, and a cell that sees all its copies in both cannot hold it: {gone}.",
                a.notation(),
                b.notation(),
                c.notation(),
                digit_list(first.digits),
                digit_list(second.digits),
                a.notation(),
                c.notation(),
                b.notation(),
                z = digit_list(zs),
                gone = crate::step::not_words(&eliminations),
            );
            let pattern = sets_pattern(grid, &[a, b, c], restricted, zs, &eliminations);
            emit(Step::new(
                Technique::AlsXyWing,
                vec![],
                eliminations,
                pattern,
                subject,
                text,
            ))?;
        }
    }
    ControlFlow::Continue(())
}

/// The values above `after` of two ascending lists, ascending and each once (the links of the
/// two sets of a link after it: read for every link, so merged in place, not collected).
fn merged_after<'a>(
    a: &'a [usize],
    b: &'a [usize],
    after: usize,
) -> impl Iterator<Item = usize> + 'a {
    let start = |list: &[usize]| list.partition_point(|&j| j <= after);
    let (mut a, mut b) = (&a[start(a)..], &b[start(b)..]);
    std::iter::from_fn(move || {
        let next = match (a.first(), b.first()) {
            (Some(&x), Some(&y)) => x.min(y),
            (Some(&x), None) => x,
            (None, Some(&y)) => y,
            (None, None) => return None,
        };
        if a.first() == Some(&next) {
            a = &a[1..];
        }
        if b.first() == Some(&next) {
            b = &b[1..];
        }
        Some(next)
    })
}

/// One state of the chain search: a set reached through a link whose actual RCs are `arc`.
#[derive(Clone, Copy)]
struct ChainNode {
    als: u32,
    arc: DigitSet,
    /// The first link's actual RCs (they may not be eliminated).
    first_arc: DigitSet,
    /// Index of the node before it, `u32::MAX` for the start.
    parent: u32,
    sets: u8,
}

/// The sets and actual RCs of the chain ending at `node`, from the start.
fn chain_path(nodes: &[ChainNode], node: usize) -> Vec<(usize, DigitSet)> {
    let mut path = Vec::new();
    let mut at = node as u32;
    while at != u32::MAX {
        let n = nodes[at as usize];
        path.push((n.als as usize, n.arc));
        at = n.parent;
    }
    path.reverse();
    path
}

/// Whether `als` is one of the sets of the chain ending at `node`.
fn on_chain(nodes: &[ChainNode], node: usize, als: u32) -> bool {
    let mut at = node as u32;
    while at != u32::MAX {
        let n = nodes[at as usize];
        if n.als == als {
            return true;
        }
        at = n.parent;
    }
    false
}

/// A number 0..45 for a set of one digit (0..9) or two digits (9..45).
fn arc_slot(arc: DigitSet) -> usize {
    let mut digits = arc.iter().map(|d| d as usize - 1);
    match (digits.next(), digits.next()) {
        (Some(a), None) => a,
        // Pairs (a, b), a < b, in order: 9 + (pairs before a) + (b - a - 1).
        (Some(a), Some(b)) => 9 + a * (17 - a) / 2 + (b - a - 1),
        _ => 0,
    }
}

/// ALS chain (ALS-XY-Chain): four to six sets, each joined to the next by restricted commons.
pub fn als_chain(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let graph = graph_of(grid);
    let mut found = chains_found(&graph, false);
    found.sort_by_key(|f| (f.0, f.1));
    let mut emitted: HashSet<Vec<Candidate>> = HashSet::new();
    for (_, _, path, mut eliminations) in found {
        eliminations.sort();
        if !emitted.insert(eliminations.clone()) {
            continue;
        }
        emit(chain_step(grid, &graph, &path, eliminations))?;
    }
    ControlFlow::Continue(())
}

/// The first step [`als_chain`] emits, found without listing every chain: its steps come
/// shortest first, then in discovery order, so once a chain is found no longer or equally long
/// one can come before it, and the search stops short of those.
pub fn first_als_chain(grid: &Grid) -> Option<Step> {
    let graph = graph_of(grid);
    let found = chains_found(&graph, true);
    let (_, _, path, mut eliminations) = found.into_iter().min_by_key(|f| (f.0, f.1))?;
    eliminations.sort();
    Some(chain_step(grid, &graph, &path, eliminations))
}

/// (number of sets, discovery order, path, eliminations) of one chain.
type FoundChain = (usize, usize, Vec<(usize, DigitSet)>, Vec<Candidate>);

/// Every chain with eliminations, breadth first from each set in turn; with `first_only`,
/// only chains shorter than every one found before (the first of those sorted by length,
/// then order, is the same). Breadth first, a start's chains come in order of length, and a
/// bound cuts only nodes deeper than any kept chain, so shallower ones are reached as before.
fn chains_found(graph: &AlsGraph, first_only: bool) -> Vec<FoundChain> {
    let count = graph.alses.len();
    // Neighbours of each set with the link's RCs, in order of the neighbour.
    let mut neighbours: Vec<Vec<(u32, DigitSet)>> = vec![Vec::new(); count];
    for link in &graph.links {
        neighbours[link.a].push((link.b as u32, link.digits));
        neighbours[link.b].push((link.a as u32, link.digits));
    }
    for list in &mut neighbours {
        list.sort_by_key(|&(other, _)| other);
    }
    // States (set, actual RCs) already reached from the current start: a stamp per state,
    // the actual RCs (one digit or two) numbered 0..45 by `arc_slot`.
    let mut stamps = vec![0u32; count * 45];
    let mut nodes: Vec<ChainNode> = Vec::new();
    let mut found: Vec<FoundChain> = Vec::new();
    // Sets a chain may have: at most this many (bounded by the shortest found if first_only).
    let mut most_sets = MAX_CHAIN_SETS;
    for start in 0..count {
        let a = &graph.alses[start];
        if a.seen_by.iter().all(|s| s.is_empty()) {
            continue;
        }
        if crate::deadline::expired() {
            return Vec::new(); // (a search cut short finds nothing)
        }
        let stamp = start as u32 + 1;
        nodes.clear();
        nodes.push(ChainNode {
            als: start as u32,
            arc: DigitSet::EMPTY,
            first_arc: DigitSet::EMPTY,
            parent: u32::MAX,
            sets: 1,
        });
        let mut next = 0;
        'search: while next < nodes.len() {
            let here = next;
            next += 1;
            if here % 1024 == 1023 && crate::deadline::expired() {
                return Vec::new();
            }
            let node = nodes[here];
            if node.sets as usize >= most_sets {
                continue;
            }
            for &(other, rcs) in &neighbours[node.als as usize] {
                // The first link picks one of two RCs; later links drop the previous actual RCs.
                let (first_choice, second_choice) = if node.parent == u32::MAX {
                    let mut it = rcs.iter().map(DigitSet::single);
                    (it.next(), it.next())
                } else {
                    (Some(rcs - node.arc), None)
                };
                for arc in [first_choice, second_choice].into_iter().flatten() {
                    let key = other as usize * 45 + arc_slot(arc);
                    if arc.is_empty() || stamps[key] == stamp || on_chain(&nodes, here, other) {
                        continue;
                    }
                    stamps[key] = stamp;
                    let first_arc = if node.parent == u32::MAX {
                        arc
                    } else {
                        node.first_arc
                    };
                    nodes.push(ChainNode {
                        als: other,
                        arc,
                        first_arc,
                        parent: here as u32,
                        sets: node.sets + 1,
                    });
                    if node.sets + 1 < 4 {
                        continue;
                    }
                    let end = &graph.alses[other as usize];
                    let zs = (a.digits & end.digits) - first_arc - arc;
                    let (eliminations, _) = common_eliminations(a, end, zs);
                    if !eliminations.is_empty() {
                        let path = chain_path(&nodes, nodes.len() - 1);
                        let order = found.len();
                        let sets = path.len();
                        found.push((sets, order, path, eliminations));
                        if first_only {
                            // Later chains of this start are no shorter; later starts' must be
                            // shorter to come first.
                            most_sets = sets - 1;
                            break 'search;
                        }
                    }
                }
            }
        }
    }
    found
}

fn chain_step(
    grid: &Grid,
    graph: &AlsGraph,
    path: &[(usize, DigitSet)],
    eliminations: Vec<Candidate>,
) -> Step {
    let digits: DigitSet = eliminations.iter().map(|e| e.digit).collect();
    let ds = digits.to_string();
    let mut subject = format!("{ds}-");
    for (i, &(als, _)) in path.iter().enumerate() {
        subject.push(' ');
        subject.push_str(&graph.alses[als].notation());
        if let Some(&(_, arc)) = path.get(i + 1) {
            subject.push_str(&format!(" -{arc}-"));
        }
    }
    subject.push_str(&format!(" -{ds}"));
    let sets: Vec<&Als> = path.iter().map(|&(als, _)| &graph.alses[als]).collect();
    let restricted: DigitSet = path.iter().fold(DigitSet::EMPTY, |acc, p| acc | p.1);
    let text = format!(
        "A chain of {} almost locked sets, each joined to the next by a restricted common: if the first set lacked {ds}, it would be locked and each set in turn would take its link's digit away from the next, locking it, so the last set would hold {ds}; so {ds} is in the first or the last set, and a cell that sees all its copies in both cannot hold it: {gone}.",
        sets.len(),
        gone = crate::step::not_words(&eliminations),
    );
    let pattern = sets_pattern(grid, &sets, restricted - digits, digits, &eliminations);
    Step::new(
        Technique::AlsChain,
        vec![],
        eliminations,
        pattern,
        subject,
        text,
    )
    .with_facts(Facts::AlsSets {
        sets: sets.len() as u8,
    })
}

/// Death Blossom: a stem cell whose every candidate has an ALS petal; a digit common to all
/// petals leaves the cells that see all its copies.
pub fn death_blossom(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let graph = graph_of(grid);
    // Per cell and digit, the sets whose copies of the digit the cell sees.
    let mut petals: Vec<[Vec<usize>; 9]> = vec![Default::default(); CELLS];
    for (i, als) in graph.alses.iter().enumerate() {
        for d in als.digits {
            for cell in als.seen_by(d) {
                petals[cell][d as usize - 1].push(i);
            }
        }
    }
    for stem in grid.empty_cells() {
        if crate::deadline::expired() {
            return ControlFlow::Break(());
        }
        let digits: Vec<Digit> = grid.candidates(stem).iter().collect();
        if digits
            .iter()
            .any(|&d| petals[stem][d as usize - 1].is_empty())
        {
            continue;
        }
        let mut chosen = Vec::new();
        blossom(
            grid,
            &graph,
            stem,
            &digits,
            &petals[stem],
            &mut chosen,
            CellSet::EMPTY,
            DigitSet::ALL,
            emit,
        )?;
    }
    ControlFlow::Continue(())
}

/// Picks a petal for `digits[chosen.len()]` and recurses; with every digit covered, emits the
/// eliminations of the petals' common digits.
#[allow(clippy::too_many_arguments)]
fn blossom(
    grid: &Grid,
    graph: &AlsGraph,
    stem: Cell,
    digits: &[Digit],
    petals: &[Vec<usize>; 9],
    chosen: &mut Vec<usize>,
    used: CellSet,
    common: DigitSet,
    emit: &mut Emit<'_>,
) -> ControlFlow<()> {
    let Some(&d) = digits.get(chosen.len()) else {
        let stem_digits = grid.candidates(stem);
        let cells = chosen
            .iter()
            .fold(CellSet::EMPTY, |acc, &i| acc | graph.alses[i].cells);
        let mut eliminations = Vec::new();
        let mut zs = DigitSet::EMPTY;
        for z in common - stem_digits {
            let mut targets = grid.digit_cells(z) - cells;
            for &i in chosen.iter() {
                for c in graph.alses[i].holding(z) {
                    targets = targets & peers(c);
                }
            }
            targets = targets.without(stem);
            if !targets.is_empty() {
                zs = zs.with(z);
                eliminations.extend(targets.iter().map(|c| Candidate::new(c, z)));
            }
        }
        if eliminations.is_empty() {
            return ControlFlow::Continue(());
        }
        let sets: Vec<&Als> = chosen.iter().map(|&i| &graph.alses[i]).collect();
        let mut subject = cell_list([stem]);
        for (&digit, als) in digits.iter().zip(&sets) {
            subject.push_str(&format!(", -{digit}- {}", als.notation()));
        }
        let text = format!(
            "Each candidate of the stem {} has a petal, an almost locked set whose copies of that digit all see the stem: whatever the stem holds, that petal loses the digit and is locked, so it holds {z}; so {z} is in one of the petals, and a cell that sees all its copies cannot hold it: {gone}.",
            cell_list([stem]),
            z = digit_list(zs),
            gone = crate::step::not_words(&eliminations),
        );
        let mut pattern = sets_pattern(grid, &sets, stem_digits, zs, &eliminations);
        pattern = pattern.cell(stem, Role::Pivot).candidates(
            stem_digits.iter().map(|digit| Candidate::new(stem, digit)),
            Role::Pivot,
        );
        let step = Step::new(
            Technique::DeathBlossom,
            vec![],
            eliminations,
            pattern,
            subject,
            text,
        )
        .with_facts(Facts::AlsSets {
            sets: sets.len() as u8,
        });
        return emit(step);
    };
    // (one stem may have millions of petal choices: the deadline once per choice above the
    // last petal's)
    if chosen.len() + 1 < digits.len() && crate::deadline::expired() {
        return ControlFlow::Break(());
    }
    for &i in &petals[d as usize - 1] {
        let als = &graph.alses[i];
        let shared = common & als.digits;
        if !(als.cells & used).is_empty() || shared.is_empty() {
            continue;
        }
        chosen.push(i);
        let flow = blossom(
            grid,
            graph,
            stem,
            digits,
            petals,
            chosen,
            used | als.cells,
            shared,
            emit,
        );
        chosen.pop();
        flow?;
    }
    ControlFlow::Continue(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::finders::testing::{check, pencilmark};

    // Reached from `8.9...3.....7.1...5.........7.....263...9.......1...4..6.2....4....8.5...........` (top1465), before step 64
    // of the extended profile; the near miss: put 1 back into r8c1.
    const XZ: &str = r#"
.------------.------------.-------------.
| 8   1   9  | 4  26  26  | 3    7   5  |
| 6   3   24 | 7  5   1   | 24   8   9  |
| 5   24  7  | 8  3   9   | 246  16  12 |
:------------+------------+-------------:
| 19  7   8  | 5  4   3   | 19   2   6  |
| 3   24  14 | 6  9   27  | 17   5   8  |
| 29  5   6  | 1  27  8   | 79   4   3  |
:------------+------------+-------------:
| 7   6   3  | 2  1   5   | 8    9   4  |
| 24  9   12 | 3  8   46  | 5    16  7  |
| 14  8   5  | 9  67  467 | 26   3   12 |
'------------'------------'-------------'
"#;
    const XZ_MISS: &str = r#"
.-------------.------------.-------------.
| 8    1   9  | 4  26  26  | 3    7   5  |
| 6    3   24 | 7  5   1   | 24   8   9  |
| 5    24  7  | 8  3   9   | 246  16  12 |
:-------------+------------+-------------:
| 19   7   8  | 5  4   3   | 19   2   6  |
| 3    24  14 | 6  9   27  | 17   5   8  |
| 29   5   6  | 1  27  8   | 79   4   3  |
:-------------+------------+-------------:
| 7    6   3  | 2  1   5   | 8    9   4  |
| 124  9   12 | 3  8   46  | 5    16  7  |
| 14   8   5  | 9  67  467 | 26   3   12 |
'-------------'------------'-------------'
"#;

    // Reached from `.4..1.2.......9.7..1..........43.6..8......5....2.....7.5..8......6..3..9........` (top1465), before step 12
    // of the extended profile; the near miss: put 7 back into r4c3.
    const XY_WING: &str = r#"
.---------------------.--------------------.-----------------------.
| 356   4      79     | 3578  1      367   | 2      3689   35689   |
| 2356  2568   268    | 35    2456   9     | 145    7      13456   |
| 2356  1      79     | 3578  24567  2346  | 4589   34689  345689  |
:---------------------+--------------------+-----------------------:
| 125   2579   12     | 4     3      157   | 6      1289   12789   |
| 8     2367   12346  | 179   679    167   | 147    5      1234    |
| 1456  35679  1346   | 2     8      1567  | 1479   1349   13479   |
:---------------------+--------------------+-----------------------:
| 7     236    5      | 139   249    8     | 149    12469  12469   |
| 124   28     1248   | 6     24579  1247  | 3      12489  1245789 |
| 9     2368   123468 | 1357  2457   12347 | 14578  12468  1245678 |
'---------------------'--------------------'-----------------------'
"#;
    const XY_WING_MISS: &str = r#"
.---------------------.--------------------.-----------------------.
| 356   4      79     | 3578  1      367   | 2      3689   35689   |
| 2356  2568   268    | 35    2456   9     | 145    7      13456   |
| 2356  1      79     | 3578  24567  2346  | 4589   34689  345689  |
:---------------------+--------------------+-----------------------:
| 125   2579   127    | 4     3      157   | 6      1289   12789   |
| 8     2367   12346  | 179   679    167   | 147    5      1234    |
| 1456  35679  1346   | 2     8      1567  | 1479   1349   13479   |
:---------------------+--------------------+-----------------------:
| 7     236    5      | 139   249    8     | 149    12469  12469   |
| 124   28     1248   | 6     24579  1247  | 3      12489  1245789 |
| 9     2368   123468 | 1357  2457   12347 | 14578  12468  1245678 |
'---------------------'--------------------'-----------------------'
"#;

    // Reached from `2..7..1......5..9...1..4..3......8......4..6...9..6..27..5..6...5..7..3...6..3..1` (top1465), before step 12
    // of the extended profile; the near miss: put 4 back into r1c9.
    const CHAIN: &str = r#"
.---------------------.-------------------.------------------.
| 2     34689   3458  | 7      3689  89   | 1     48    56   |
| 3468  3468    3478  | 1238   5     128  | 24    9     67   |
| 589   6789    1     | 289    269   4    | 257   2578  3    |
:---------------------+-------------------+------------------:
| 346   12346   23457 | 1239   1239  57   | 8     14    4579 |
| 138   1238    23578 | 12389  4     57   | 39    6     579  |
| 3458  13478   9     | 138    138   6    | 3457  1457  2    |
:---------------------+-------------------+------------------:
| 7     123489  2348  | 5      1289  1289 | 6     24    489  |
| 1489  5       248   | 6      7     1289 | 249   3     489  |
| 89    289     6     | 4      289   3    | 57    57    1    |
'---------------------'-------------------'------------------'
"#;
    const CHAIN_MISS: &str = r#"
.---------------------.-------------------.------------------.
| 2     34689   3458  | 7      3689  89   | 1     48    456  |
| 3468  3468    3478  | 1238   5     128  | 24    9     67   |
| 589   6789    1     | 289    269   4    | 257   2578  3    |
:---------------------+-------------------+------------------:
| 346   12346   23457 | 1239   1239  57   | 8     14    4579 |
| 138   1238    23578 | 12389  4     57   | 39    6     579  |
| 3458  13478   9     | 138    138   6    | 3457  1457  2    |
:---------------------+-------------------+------------------:
| 7     123489  2348  | 5      1289  1289 | 6     24    489  |
| 1489  5       248   | 6      7     1289 | 249   3     489  |
| 89    289     6     | 4      289   3    | 57    57    1    |
'---------------------'-------------------'------------------'
"#;

    // Reached from `....7.8..8.5....97...5......1..9.....2...5.3.7....3...2...6.9.......4..246...87..` (top1465), before step 10
    // of the extended profile; the near miss: put 1 back into r1c4.
    const BLOSSOM: &str = r#"
.---------------------.-------------------.-----------------------.
| 1369  349    123469 | 34     7     1269 | 8      12456   13456  |
| 8     34     5      | 2346   234   126  | 126    9       7      |
| 1369  3479   124679 | 5      8     1269 | 12346  1246    1346   |
:---------------------+-------------------+-----------------------:
| 356   1      3468   | 2468   9     26   | 2456   7       468    |
| 69    2      4689   | 7      14    5    | 146    3       14689  |
| 7     4589   4689   | 12468  124   3    | 12456  124568  145689 |
:---------------------+-------------------+-----------------------:
| 2     358    138    | 13     6     7    | 9      1458    13458  |
| 1359  35789  13789  | 139    135   4    | 1356   1568    2      |
| 4     6      139    | 1239   1235  8    | 7      15      135    |
'---------------------'-------------------'-----------------------'
"#;
    const BLOSSOM_MISS: &str = r#"
.---------------------.-------------------.-----------------------.
| 1369  349    123469 | 134    7     1269 | 8      12456   13456  |
| 8     34     5      | 2346   234   126  | 126    9       7      |
| 1369  3479   124679 | 5      8     1269 | 12346  1246    1346   |
:---------------------+-------------------+-----------------------:
| 356   1      3468   | 2468   9     26   | 2456   7       468    |
| 69    2      4689   | 7      14    5    | 146    3       14689  |
| 7     4589   4689   | 12468  124   3    | 12456  124568  145689 |
:---------------------+-------------------+-----------------------:
| 2     358    138    | 13     6     7    | 9      1458    13458  |
| 1359  35789  13789  | 139    135   4    | 1356   1568    2      |
| 4     6      139    | 1239   1235  8    | 7      15      135    |
'---------------------'-------------------'-----------------------'
"#;

    // HoDoKu's example of a doubly linked ALS-XZ (its tech_als page, as quoted on the Sudoku
    // Players' Forum, "Hodoku missing a loop elimination", 2018), where HoDoKu prints
    // `Almost Locked Set XZ-Rule: A=r2c239 {2479}, B=r4c23 {124}, X=2,4 => r1,5,6c3<>4,
    // r1,6c2<>2, r2c5<>7, r2c56<>9, r4c19,r5c13,r6c123<>1`.
    const DOUBLY: &str = r#"
.--------------------------------.-----------------------.---------------------.
| 124579    2579     14579       | 2468   246789  24689  | 45679  3    5679    |
| 6         279      479         | 5      23479   2349   | 1      8    79      |
| 4579      8        3           | 46     1       469    | 45679  2    5679    |
:--------------------------------+-----------------------+---------------------:
| 1248      12       14          | 9      5       7      | 3      46   168     |
| 134578    6        1457        | 148    348     1348   | 4578   9    2       |
| 12345789  123579   14579       | 12468  23468   123468 | 45678  467  15678   |
:--------------------------------+-----------------------+---------------------:
| 1379      1379     6           | 18     89      189    | 2      5    4       |
| 59        4        8           | 7      269     2569   | 69     1    3       |
| 1579      1579     2           | 3      4689    145689 | 6789   67   6789    |
'--------------------------------'-----------------------'---------------------'
"#;

    #[test]
    fn doubly_linked_als_xz_matches_hodoku() {
        let grid = pencilmark(DOUBLY);
        let step = crate::finders::first(Technique::AlsXz, &grid).expect("an ALS-XZ");
        assert_eq!(
            step.notation(),
            "Almost Locked Set XZ-Rule: A=r2c239 {2479}, B=r4c23 {124}, X=2,4 => r1c2<>2, \
             r1c3<>4, r2c5<>79, r2c6<>9, r4c19,r5c1,r6c1<>1, r5c3,r6c3<>14, r6c2<>12"
        );
        // HoDoKu's eliminations, digit by digit.
        let cell = |name: &str| crate::geometry::parse_cell_name(name).unwrap();
        let mut hodoku: Vec<Candidate> = Vec::new();
        for (cells, d) in [
            ("r1c3 r5c3 r6c3", 4),
            ("r1c2 r6c2", 2),
            ("r2c5", 7),
            ("r2c5 r2c6", 9),
            ("r4c1 r4c9 r5c1 r5c3 r6c1 r6c2 r6c3", 1),
        ] {
            hodoku.extend(cells.split(' ').map(|c| Candidate::new(cell(c), d)));
        }
        hodoku.sort();
        assert_eq!(step.eliminations, hodoku);
        assert!((step.rating() - 5.7).abs() < 1e-9);
    }

    #[test]
    fn als_xz() {
        check(
            Technique::AlsXz,
            XZ,
            "Almost Locked Set XZ-Rule: A=r8c16 {246}, B=r69c5 {267}, X=6, Z=2 => r6c1<>2",
            XZ_MISS,
        );
    }

    #[test]
    fn als_xy_wing() {
        check(
            Technique::AlsXyWing,
            XY_WING,
            "Almost Locked Set XY-Wing: A=r5c456 {1679}, B=r4c89,r56c7,r6c89 {1234789}, C=r4c136 {1257}, X,Y=2,7, Z=1 => r5c9<>1",
            XY_WING_MISS,
        );
    }

    /// The bounded search's step is the first of the whole list, on every state of a few
    /// top1465 paths (HoDoKu's profile, where ALS chains stand late in the order).
    #[test]
    fn first_als_chain_is_the_first_of_all() {
        let puzzles = [
            "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
            "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
            "7.8...3.....6.1...5.........4.....263...8.......1...9..9.2....4....7.5...........",
            "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
            "5..7..6....38...........2..62.4............917............35.8.4.....1......9....",
            "4..7..6....38...........2..62.5............917............43.8.5.....1......9....",
        ];
        let (mut states, mut with_chain) = (0, 0);
        for line in puzzles {
            let mut grid = Grid::from_test_line(line);
            let trace = crate::pipeline::solve(&grid, &crate::pipeline::Options::hodoku());
            for step in &trace.steps {
                let every = crate::finders::all(Technique::AlsChain, &grid);
                let first = first_als_chain(&grid);
                assert_eq!(first.as_ref(), every.first(), "{}", grid.to_line());
                states += 1;
                with_chain += usize::from(first.is_some());
                crate::pipeline::apply(&mut grid, step);
            }
        }
        assert!(
            with_chain >= 10,
            "{with_chain} of {states} states have an ALS chain"
        );
    }

    #[test]
    fn als_chain() {
        check(
            Technique::AlsChain,
            CHAIN,
            "Almost Locked Set XY-Chain: 8- r2c12379 {234678} -2- r35689c7 {234579} -4- r2c7 {24} -2- r12c9,r3c78 {25678} -8 => r3c12<>8",
            CHAIN_MISS,
        );
    }

    #[test]
    fn death_blossom() {
        check(
            Technique::DeathBlossom,
            BLOSSOM,
            "Death Blossom: r7c3, -1- r17c4 {134}, -3- r456c3,r5c1 {34689}, -8- r12378c2 {345789} => r1c3<>4",
            BLOSSOM_MISS,
        );
    }

    /// A graph taken over from an earlier state's is the graph built afresh: at every state of
    /// hodoku paths (taken over from the state before and from three states before), the same
    /// sets, links and link lists; from a later state (candidates came back) it is built
    /// afresh. And most houses were taken over.
    #[test]
    fn a_graph_taken_over_from_an_earlier_state_is_the_fresh_graph() {
        let options = crate::pipeline::Options::hodoku();
        let (mut compared, mut houses_kept) = (0, 0);
        for puzzle in [
            "......8....9..852.4...9.......5...6.1..6.4..37....2....63.............39......1.7",
            "1.....6........4.8...3.....9..7...2.....8.5..........7.68.4.....45..9..........3.",
        ] {
            let mut grid = Grid::from_test_line(puzzle);
            let mut earlier: Vec<Grid> = Vec::new();
            while let Some(step) = crate::pipeline::next_step(&grid, &options) {
                let fresh = AlsGraph::build(&grid, None);
                for back in [1, 3] {
                    let Some(old) = earlier.len().checked_sub(back).map(|i| &earlier[i]) else {
                        continue;
                    };
                    let old_graph = AlsGraph::build(old, None);
                    let taken = AlsGraph::build(&grid, Some((old, &old_graph)));
                    assert_eq!(taken, fresh, "state {}, {back} back", earlier.len());
                    // Backwards: the later state's graph gives nothing to the earlier one.
                    let back_again = AlsGraph::build(old, Some((&grid, &fresh)));
                    assert_eq!(back_again, old_graph, "state {}, back again", earlier.len());
                    compared += 1;
                    houses_kept += unchanged_houses(old, &grid).count_ones();
                }
                earlier.push(grid.clone());
                crate::pipeline::apply(&mut grid, &step);
            }
            assert!(grid.is_solved());
        }
        assert!(
            compared > 200 && houses_kept as usize > compared * 12,
            "{compared} graphs compared, {houses_kept} houses taken over"
        );
    }

    #[test]
    fn merged_links_are_ascending_distinct_and_after_the_link() {
        let merged: Vec<usize> = merged_after(&[1, 4, 6, 9], &[2, 4, 5, 9, 12], 3).collect();
        assert_eq!(merged, [4, 5, 6, 9, 12]);
        assert_eq!(merged_after(&[], &[3], 3).count(), 0);
        assert_eq!(merged_after(&[7], &[], 0).collect::<Vec<_>>(), [7]);
    }

    #[test]
    fn compact_cells_follow_hodoku() {
        let cells = |names: &[&str]| -> CellSet {
            names
                .iter()
                .map(|n| crate::geometry::parse_cell_name(n).unwrap())
                .collect()
        };
        assert_eq!(compact_cells(cells(&["r1c2"])), "r1c2");
        assert_eq!(compact_cells(cells(&["r2c2", "r2c3", "r2c9"])), "r2c239");
        assert_eq!(compact_cells(cells(&["r1c6", "r3c6", "r5c6"])), "r135c6");
        assert_eq!(
            compact_cells(cells(&["r5c1", "r5c2", "r6c2", "r6c3"])),
            "r5c12,r6c23"
        );
        assert_eq!(
            compact_cells(cells(&["r1c3", "r2c3", "r3c2", "r3c3"])),
            "r123c3,r3c2"
        );
        assert_eq!(compact_cells(cells(&["r7c3", "r8c2"])), "r7c3,r8c2");
    }

    #[test]
    fn set_roles_serialize_as_letters() {
        let json = serde_json::to_string(&[Role::Als(0), Role::Als(2), Role::Restricted]).unwrap();
        assert_eq!(json, r#"["als-a","als-c","restricted"]"#);
    }

    #[test]
    fn arc_slots_are_distinct() {
        let mut seen = std::collections::HashSet::new();
        for a in 1..=9u8 {
            assert!(seen.insert(arc_slot(DigitSet::single(a))));
            for b in a + 1..=9 {
                let slot = arc_slot(DigitSet::single(a).with(b));
                assert!(slot < 45 && seen.insert(slot), "{a}{b}");
            }
        }
    }
}
