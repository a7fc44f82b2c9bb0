//! The link graph the chain finders search: candidates (and, as further layers, groups of a
//! digit's candidates in one box-line intersection, and almost locked sets) joined by strong
//! and weak links.
//!
//! - A **strong link** joins two nodes of which at least one is true: the two candidates of a
//!   bivalue cell, or two nodes of one digit that hold every place of that digit in a unit
//!   (a conjugate pair; with groups, e.g. a group and a cell that share a row's places).
//! - A **weak link** joins two nodes that cannot both be true: two digits of one cell, or two
//!   disjoint nodes of one digit inside one unit. Every strong link between such nodes is
//!   weak as well, so the weak adjacency lists include the strong ones.
//! - An **ALS node** is a digit's candidates inside an almost locked set (N cells of one unit
//!   holding N + 1 digits), true when one of them is. Two ALS nodes of the same set are
//!   strongly linked: without the one digit the other N cells are locked and hold the other.
//!   That link is strong only (both digits may well be placed in the set), so it is the one
//!   strong link not listed among the weak ones. Outside its set an ALS node links along units
//!   like a group.
//!
//! [`GraphKind`] says which links a search may use (X-chains: one digit, unit links only;
//! XY-chains: bivalue cells, strong links inside cells and weak links between them; AICs and
//! nice loops: everything). The graph is built once per finder call, or once per state for the
//! finders that search the same graph in turn ([`LinkGraph::shared`]); nodes are numbered with
//! the single candidates first, in cell then digit order, then the groups in box, line and
//! digit order, so searches over it are deterministic.

use crate::cache::{self, Memory};
use crate::geometry::{
    box_of, col_of, row_of, units_of, Cell, CellSet, Digit, DigitSet, Unit, UnitKind,
};
use std::cell::RefCell;
use std::rc::Rc;

use crate::grid::Grid;

/// A chain node: `digit` in one cell, in two or three cells of one box-line intersection, or
/// in the cells of an almost locked set that hold it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Node {
    pub digit: Digit,
    pub cells: CellSet,
    /// The whole almost locked set of an ALS node; empty for other nodes.
    pub als: CellSet,
}

impl Node {
    /// `digit` in `cells` (one cell, or a box-line group).
    pub fn new(digit: Digit, cells: CellSet) -> Node {
        Node {
            digit,
            cells,
            als: CellSet::EMPTY,
        }
    }

    pub fn is_group(&self) -> bool {
        self.als.is_empty() && self.cells.len() > 1
    }

    pub fn is_als(&self) -> bool {
        !self.als.is_empty()
    }

    /// The one cell of a single-candidate node (never an ALS node's, even a one-cell one: its
    /// meaning is the set's).
    pub fn cell(&self) -> Option<Cell> {
        if self.is_als() || self.cells.len() > 1 {
            None
        } else {
            self.cells.first()
        }
    }

    /// The cells a chain's text names for the node: an ALS node's whole set.
    pub fn shown_cells(&self) -> CellSet {
        if self.is_als() {
            self.als
        } else {
            self.cells
        }
    }

    /// Whether this node and the candidate `digit` in `cell` cannot both be true: the same cell
    /// with another digit, or the same digit in a cell that sees every cell of the node.
    pub fn excludes(&self, cell: Cell, digit: Digit) -> bool {
        if digit == self.digit {
            !self.cells.contains(cell) && self.cells.common_peers().contains(cell)
        } else {
            self.cell() == Some(cell)
        }
    }

    /// Whether this node and `other` cannot both be true.
    pub fn excludes_node(&self, other: &Node) -> bool {
        if self.digit == other.digit {
            (self.cells & other.cells).is_empty()
                && (self.cells.common_peers() & other.cells) == other.cells
        } else {
            self.cell().is_some() && self.cell() == other.cell()
        }
    }

    /// HoDoKu's cell notation for a node: `r4c4`, a row group `r4c45`, a column group `r13c3`.
    pub fn cells_notation(&self) -> String {
        crate::geometry::line_cells_name(self.cells)
    }
}

/// Which nodes and links a search uses.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GraphKind {
    /// Digits whose candidates become nodes.
    pub digits: DigitSet,
    /// Cells whose candidates become nodes (all empty cells unless restricted).
    pub cells: CellSet,
    /// Strong links inside bivalue cells.
    pub strong_in_cells: bool,
    /// Strong links of one digit inside a unit (conjugate pairs).
    pub strong_in_units: bool,
    /// Weak links between two digits of one cell.
    pub weak_in_cells: bool,
    /// Group nodes (box-line intersections).
    pub groups: bool,
    /// ALS nodes (almost locked sets of two to [`MAX_ALS_CELLS`] cells).
    pub als: bool,
}

/// The largest almost locked set used as a chain node: larger ones rarely shorten a chain and
/// multiply the nodes a search must visit.
pub const MAX_ALS_CELLS: u32 = 4;

impl GraphKind {
    /// Every link, with or without groups: AICs and nice loops.
    pub fn full(grid: &Grid, groups: bool) -> GraphKind {
        GraphKind {
            digits: DigitSet::ALL,
            cells: grid.empty_cells(),
            strong_in_cells: true,
            strong_in_units: true,
            weak_in_cells: true,
            groups,
            als: false,
        }
    }

    /// Every link with groups and almost locked sets: AICs with ALS nodes.
    pub fn with_als(grid: &Grid) -> GraphKind {
        GraphKind {
            als: true,
            ..GraphKind::full(grid, true)
        }
    }

    /// One digit, links along units only: X-chains.
    pub fn single_digit(grid: &Grid, digit: Digit) -> GraphKind {
        GraphKind {
            digits: DigitSet::single(digit),
            cells: grid.digit_cells(digit),
            strong_in_cells: false,
            strong_in_units: true,
            weak_in_cells: false,
            groups: false,
            als: false,
        }
    }

    /// Bivalue cells (of `cells`), strong inside them and weak between them: XY-chains and
    /// (restricted to the cells of one pair) Remote Pairs.
    pub fn bivalue(grid: &Grid, cells: CellSet) -> GraphKind {
        let bivalue: CellSet = cells
            .iter()
            .filter(|&c| grid.candidates(c).len() == 2)
            .collect();
        GraphKind {
            digits: DigitSet::ALL,
            cells: bivalue,
            strong_in_cells: true,
            strong_in_units: false,
            weak_in_cells: false,
            groups: false,
            als: false,
        }
    }
}

/// Nodes and their links. `strong[n]` lists the nodes strongly linked to `n`; `weak[n]` those
/// weakly linked to it (strong ones included), each sorted.
pub struct LinkGraph {
    pub nodes: Vec<Node>,
    pub strong: Vec<Vec<u16>>,
    pub weak: Vec<Vec<u16>>,
    /// Node of each single candidate (`cell * 9 + digit - 1`), if it is one.
    single: Vec<Option<u16>>,
}

/// The nine digit slots of a cell in [`LinkGraph::single`].
fn slot(cell: Cell, digit: Digit) -> usize {
    cell * 9 + digit as usize - 1
}

impl LinkGraph {
    pub fn build(grid: &Grid, kind: GraphKind) -> LinkGraph {
        let mut nodes = Vec::new();
        let mut single = vec![None; 81 * 9];
        for cell in kind.cells.iter() {
            for digit in grid.candidates(cell).intersection(kind.digits).iter() {
                single[slot(cell, digit)] = Some(nodes.len() as u16);
                nodes.push(Node::new(digit, CellSet::single(cell)));
            }
        }
        if kind.groups {
            for b in 0..9 {
                let box_cells = Unit::boxed(b).cell_set();
                let lines = box_lines(b);
                for line in lines {
                    let part = box_cells & line.cell_set();
                    for digit in kind.digits.iter() {
                        let cells = part & grid.digit_cells(digit) & kind.cells;
                        if cells.len() >= 2 {
                            nodes.push(Node::new(digit, cells));
                        }
                    }
                }
            }
        }
        // Each set's nodes, to link them among themselves below.
        let mut set_nodes: Vec<std::ops::Range<usize>> = Vec::new();
        if kind.als {
            for als in crate::finders::als::collect_alses(grid) {
                if als.cells.len() < 2
                    || als.cells.len() > MAX_ALS_CELLS
                    || !(als.cells - kind.cells).is_empty()
                {
                    continue;
                }
                let first = nodes.len();
                for digit in als.digits.intersection(kind.digits).iter() {
                    nodes.push(Node {
                        digit,
                        cells: als.holding(digit),
                        als: als.cells,
                    });
                }
                set_nodes.push(first..nodes.len());
            }
        }
        let n = nodes.len();
        let mut strong: Vec<Vec<u16>> = vec![Vec::new(); n];
        let mut weak: Vec<Vec<u16>> = vec![Vec::new(); n];
        for range in set_nodes {
            for a in range.clone() {
                for b in a + 1..range.end {
                    strong[a].push(b as u16);
                    strong[b].push(a as u16);
                }
            }
        }
        let mut link = |a: usize, b: usize, is_strong: bool| {
            weak[a].push(b as u16);
            weak[b].push(a as u16);
            if is_strong {
                strong[a].push(b as u16);
                strong[b].push(a as u16);
            }
        };
        // Inside cells.
        for cell in kind.cells.iter() {
            let mut here = [0usize; 9];
            let mut count = 0;
            for d in grid.candidates(cell).iter() {
                if let Some(node) = single[slot(cell, d)] {
                    here[count] = usize::from(node);
                    count += 1;
                }
            }
            let here = &here[..count];
            let bivalue = grid.candidates(cell).len() == 2;
            for (i, &a) in here.iter().enumerate() {
                for &b in &here[i + 1..] {
                    let is_strong = kind.strong_in_cells && bivalue;
                    if is_strong || kind.weak_in_cells {
                        link(a, b, is_strong);
                    }
                }
            }
        }
        // Inside units: every pair of disjoint nodes of a digit within the unit.
        // Each (unit, digit) slot's nodes in node order, stored flat: slot `k`'s are
        // `members[start[k]..start[k + 1]]`.
        let unit_slot = |unit: Unit, digit: Digit| unit.index() * 9 + digit as usize - 1;
        let mut start = vec![0usize; 27 * 9 + 1];
        for node in &nodes {
            let (units, count) = units_holding(node.cells);
            for &u in &units[..count] {
                start[unit_slot(u, node.digit) + 1] += 1;
            }
        }
        for k in 1..start.len() {
            start[k] += start[k - 1];
        }
        let mut members = vec![0usize; start[27 * 9]];
        let mut filled = start.clone();
        for (id, node) in nodes.iter().enumerate() {
            let (units, count) = units_holding(node.cells);
            for &u in &units[..count] {
                let k = unit_slot(u, node.digit);
                members[filled[k]] = id;
                filled[k] += 1;
            }
        }
        for unit in Unit::all() {
            if crate::deadline::expired() {
                break; // (a graph cut short is never kept, see `shared`)
            }
            for digit in kind.digits.iter() {
                let places = unit.cell_set() & grid.digit_cells(digit);
                let k = unit_slot(unit, digit);
                let inside = &members[start[k]..start[k + 1]];
                for (i, &a) in inside.iter().enumerate() {
                    for &b in &inside[i + 1..] {
                        let (ca, cb) = (nodes[a].cells, nodes[b].cells);
                        if !(ca & cb).is_empty() {
                            continue;
                        }
                        let is_strong = kind.strong_in_units && (ca | cb) == places;
                        link(a, b, is_strong);
                    }
                }
            }
        }
        for list in strong.iter_mut().chain(weak.iter_mut()) {
            list.sort_unstable();
            list.dedup();
        }
        LinkGraph {
            nodes,
            strong,
            weak,
            single,
        }
    }

    /// The graph of `grid` and `kind`, built once for the finders that search the same one in
    /// turn on one state (the nice loops and AICs): each thread keeps the last few it built,
    /// each with the state and kind it was built for, within `Memory::LinkGraphs`'s share
    /// of the cache bound, and a graph only serves an equal state.
    pub fn shared(grid: &Grid, kind: GraphKind) -> Rc<LinkGraph> {
        BUILT.with(|built| {
            let mut built = built.borrow_mut();
            if let Some((_, _, graph)) = built.iter().find(|(g, k, _)| *k == kind && g == grid) {
                return Rc::clone(graph);
            }
            let graph = Rc::new(LinkGraph::build(grid, kind));
            if crate::deadline::expired() {
                return graph; // (the deadline may have cut it short: not kept)
            }
            if built.len() == KEPT_GRAPHS {
                built.remove(0);
            }
            built.push((grid.clone(), kind, Rc::clone(&graph)));
            // (the oldest go first while the graphs kept are over the share)
            while built_bytes(&built) > cache::bound(Memory::LinkGraphs) {
                built.remove(0);
            }
            graph
        })
    }

    /// The heap the graph takes, in bytes.
    fn heap_bytes(&self) -> usize {
        let lists = |lists: &Vec<Vec<u16>>| {
            lists
                .iter()
                .map(|l| std::mem::size_of::<Vec<u16>>() + l.capacity() * 2)
                .sum::<usize>()
        };
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + lists(&self.strong)
            + lists(&self.weak)
            + self.single.capacity() * std::mem::size_of::<Option<u16>>()
    }

    /// The node of a single candidate, if the graph has it.
    pub fn single(&self, cell: Cell, digit: Digit) -> Option<usize> {
        self.single[slot(cell, digit)].map(usize::from)
    }
}

/// Enough for the plain, grouped and ALS graphs of one state.
const KEPT_GRAPHS: usize = 3;

/// A kept graph, with the state and kind it was built for.
type Built = (Grid, GraphKind, Rc<LinkGraph>);

thread_local! {
    static BUILT: RefCell<Vec<Built>> = const { RefCell::new(Vec::new()) };
}

fn built_bytes(built: &[Built]) -> usize {
    built
        .iter()
        .map(|(_, _, graph)| {
            std::mem::size_of::<Built>() + std::mem::size_of::<LinkGraph>() + graph.heap_bytes()
        })
        .sum()
}

/// Forgets the kept link graphs.
pub(super) fn clear_cache() {
    BUILT.with(|built| built.borrow_mut().clear());
}

/// What the kept link graphs take, in bytes.
pub(super) fn cache_bytes() -> usize {
    BUILT.with(|built| built_bytes(&built.borrow()))
}

/// The units holding every cell of `cells` (at most three; the first `count` of the array):
/// a single cell's row, column and box, else those of the 27 that contain the set.
fn units_holding(cells: CellSet) -> ([Unit; 3], usize) {
    match (cells.first(), cells.len()) {
        (Some(cell), 1) => (units_of(cell), 3),
        _ => {
            let mut units = [Unit::row(0); 3];
            let mut count = 0;
            for u in Unit::all().filter(|u| (cells - u.cell_set()).is_empty()) {
                units[count] = u;
                count += 1;
            }
            (units, count)
        }
    }
}

/// The three rows and three columns that cross box `b`.
fn box_lines(b: usize) -> [Unit; 6] {
    let top = b / 3 * 3;
    let left = b % 3 * 3;
    [
        Unit::row(top),
        Unit::row(top + 1),
        Unit::row(top + 2),
        Unit::column(left),
        Unit::column(left + 1),
        Unit::column(left + 2),
    ]
}

/// Whether the strong link between two nodes holds on `grid`: a bivalue cell holding both, or
/// a unit whose places for the digit are exactly the two nodes' cells.
pub fn strong_link_holds(grid: &Grid, a: &Node, b: &Node) -> bool {
    if a.is_als() || b.is_als() {
        if a.als == b.als && a.digit != b.digit && is_als_node(grid, a) && is_als_node(grid, b) {
            return true;
        }
        if a.digit != b.digit || (a.is_als() && !is_als_node(grid, a)) {
            return false;
        }
        if b.is_als() && !is_als_node(grid, b) {
            return false;
        }
    }
    if a.digit != b.digit {
        let (Some(ca), Some(cb)) = (a.cell(), b.cell()) else {
            return false;
        };
        return ca == cb
            && grid.candidates(ca) == DigitSet::single(a.digit).with(b.digit)
            && grid.value(ca) == 0;
    }
    let both = a.cells | b.cells;
    if !(a.cells & b.cells).is_empty() || (both - grid.digit_cells(a.digit)) != CellSet::EMPTY {
        return false;
    }
    Unit::all().any(|u| {
        (both - u.cell_set()).is_empty() && (u.cell_set() & grid.digit_cells(a.digit)) == both
    })
}

/// Whether the weak link between two nodes holds on `grid`: both are candidates and they cannot
/// both be true.
pub fn weak_link_holds(grid: &Grid, a: &Node, b: &Node) -> bool {
    let present = |n: &Node| {
        (n.cells - grid.digit_cells(n.digit)).is_empty() && (!n.is_als() || is_als_node(grid, n))
    };
    present(a) && present(b) && a.excludes_node(b)
}

/// Whether an ALS node is what it claims on `grid`: its set is N empty cells of one unit
/// holding N + 1 digits, and its cells are exactly the set's cells holding its digit.
pub fn is_als_node(grid: &Grid, node: &Node) -> bool {
    let set = node.als;
    let digits = set
        .iter()
        .fold(DigitSet::EMPTY, |acc, c| acc | grid.candidates(c));
    set.iter().all(|c| grid.value(c) == 0)
        && Unit::all().any(|u| (set - u.cell_set()).is_empty())
        && digits.len() == set.len() + 1
        && !node.cells.is_empty()
        && node.cells == set & grid.digit_cells(node.digit)
}

/// Which kind of unit a group lies along (for words): its line.
pub fn group_line(node: &Node) -> Option<Unit> {
    let cells: Vec<Cell> = node.cells.iter().collect();
    if cells.len() < 2 {
        return None;
    }
    let (a, b) = (cells[0], cells[1]);
    let line = if row_of(a) == row_of(b) {
        Unit::row(row_of(a))
    } else {
        Unit::column(col_of(a))
    };
    debug_assert!(box_of(a) == box_of(b) && line.kind() != UnitKind::Box);
    Some(line)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cell_at;

    #[test]
    fn group_notation_follows_hodoku() {
        let row_group = Node::new(8, CellSet::single(cell_at(3, 3)).with(cell_at(3, 4)));
        assert_eq!(row_group.cells_notation(), "r4c45");
        let col_group = Node::new(9, CellSet::single(cell_at(0, 2)).with(cell_at(2, 2)));
        assert_eq!(col_group.cells_notation(), "r13c3");
        assert_eq!(group_line(&col_group), Some(Unit::column(2)));
    }

    #[test]
    fn strong_links_are_bivalue_cells_and_conjugate_pairs() {
        // An empty grid but for a row where 5 fits only in c1 and c2.
        let mut grid = Grid::empty();
        for c in 2..9 {
            grid.eliminate(cell_at(0, c), 5);
        }
        let graph = LinkGraph::build(&grid, GraphKind::single_digit(&grid, 5));
        let a = graph.single(cell_at(0, 0), 5).expect("node");
        let b = graph.single(cell_at(0, 1), 5).expect("node");
        assert!(graph.strong[a].contains(&(b as u16)));
        assert!(strong_link_holds(&grid, &graph.nodes[a], &graph.nodes[b]));
        let far = graph.single(cell_at(4, 0), 5).expect("node");
        assert!(!graph.strong[a].contains(&(far as u16)));
        assert!(graph.weak[a].contains(&(far as u16)));
    }
}
