//! Which premises each node's implications reach, in any order: the candidates HoDoKu's
//! closed table of a premise holds (up to its 1,000 entries), without the order its
//! breadth-first closing meets them in.
//!
//! Closing a table walks its entries' implications one by one, and HoDoKu closes every table at
//! every state its chain searches run; but the loop searches read loops off a few tables only
//! (at the states where plain nice loops run, 991 tables in 1,000 on every 30th of top1465
//! reach no node a loop could end on), and the forcing chain checks need every table's
//! candidates but the order of the few a conclusion is drawn from (1 to 8 in 100). The reach
//! of every node at once is one pass over the implications: Tarjan's strongly connected
//! components, each component's reach the union of those its links lead to (all found before
//! it), and nodes that imply nothing left out of the walk. So the searches close only the
//! tables they read in order (`hodoku_loops`, `hodoku_tabling`).
//!
//! The walk runs on the node numbers themselves, reading each node's implications where the
//! tables keep them (a copy of the graph renumbered by position cost as much as the walk).

use crate::geometry::WordBits;

/// A node, numbered as the tables number them (below the node count given to [`Reach::of`]).
type Node = u32;

/// Marks a node without a position, a component or an order.
const NONE: u32 = u32::MAX;
/// Marks a node that implies nothing, found so on its first visit.
const SINK: u32 = u32::MAX - 1;
/// The most words a set takes: a bit for every candidate on and off (9 digits of 81 cells,
/// twice).
pub(super) const MAX_WORDS: usize = (2 * 9 * 81usize).div_ceil(64);

/// The nodes each node reaches (see [`Reach::from`]).
pub(super) struct Reach {
    /// Each node's bit in the sets if it is a premise, or `NONE`.
    bit_of: Vec<u32>,
    /// The premises by bit.
    premises: Vec<Node>,
    /// The bits of premises that are on, as a set.
    on: Vec<u64>,
    /// Each node's component, or `NONE` (it implies nothing, or no premise leads to it).
    component: Vec<u32>,
    /// Per component, the premises it holds or reaches, `words` words each.
    sets: Vec<u64>,
    words: usize,
    /// Per component, the last component whose reach took its set in, while the components
    /// are found (see `add_component`).
    taken_by: Vec<u32>,
}

/// One node of Tarjan's walk: its implications and the index of the next to take.
struct Frame<'a> {
    node: u32,
    links: &'a [Node],
    next: usize,
}

impl Reach {
    /// The reach of `premises` and of every node they lead to, each node's direct implications
    /// given by `implied`; `is_on` tells the nodes that set a candidate on.
    pub(super) fn of<'a>(
        premises: impl Iterator<Item = Node>,
        implied: impl Fn(Node) -> &'a [Node],
        is_on: impl Fn(Node) -> bool,
        node_count: usize,
    ) -> Reach {
        let mut bit_of = vec![NONE; node_count];
        let mut listed: Vec<Node> = Vec::new();
        for premise in premises {
            if bit_of[premise as usize] == NONE {
                bit_of[premise as usize] = listed.len() as u32;
                listed.push(premise);
            }
        }
        // The sets hold the premises alone (the nodes the searches ask about; group nodes
        // only pass implications on).
        let words = listed.len().div_ceil(64).max(1);
        assert!(words <= MAX_WORDS, "premises are candidates on or off");
        let mut on = vec![0u64; words];
        for (bit, &node) in listed.iter().enumerate() {
            on[bit / 64] |= u64::from(is_on(node)) << (bit % 64);
        }
        let mut reach = Reach {
            bit_of,
            component: vec![NONE; node_count],
            sets: Vec::new(),
            words,
            taken_by: Vec::new(),
            on,
            premises: listed,
        };
        reach.find_components(&implied);
        reach
    }

    /// Tarjan's algorithm, iteratively, from each premise in turn: a component is complete
    /// once its root's walk is done, and every component it reaches is complete before it, so
    /// its reach is known then. A node visited and not yet in a component is on the stack.
    fn find_components<'a>(&mut self, implied: &impl Fn(Node) -> &'a [Node]) {
        let count = self.component.len();
        let mut order = vec![NONE; count];
        let mut low = vec![0u32; count];
        let mut stack: Vec<u32> = Vec::new();
        let mut walk: Vec<Frame<'a>> = Vec::new();
        let mut visited = 0u32;
        self.sets.reserve(self.premises.len() * self.words);
        for index in 0..self.premises.len() {
            let root = self.premises[index];
            if order[root as usize] != NONE {
                continue;
            }
            let links = implied(root);
            if links.is_empty() {
                order[root as usize] = SINK;
                continue;
            }
            order[root as usize] = visited;
            low[root as usize] = visited;
            visited += 1;
            stack.push(root);
            walk.push(Frame {
                node: root,
                links,
                next: 0,
            });
            'walk: while let Some(frame) = walk.last_mut() {
                let at = frame.node as usize;
                let links = frame.links;
                // The links left are scanned here, the least order met kept in a register; a
                // new node is walked first and the scan resumes where it left off.
                let mut least = low[at];
                let mut i = frame.next;
                while i < links.len() {
                    let next = links[i];
                    i += 1;
                    let n = next as usize;
                    let seen = order[n];
                    if seen == NONE {
                        let below = implied(next);
                        if below.is_empty() {
                            order[n] = SINK;
                            continue;
                        }
                        frame.next = i;
                        low[at] = least;
                        order[n] = visited;
                        low[n] = visited;
                        visited += 1;
                        stack.push(next);
                        walk.push(Frame {
                            node: next,
                            links: below,
                            next: 0,
                        });
                        continue 'walk;
                    }
                    if seen != SINK && self.component[n] == NONE {
                        least = least.min(seen);
                    }
                }
                low[at] = least;
                walk.pop();
                if let Some(parent) = walk.last() {
                    let p = parent.node as usize;
                    low[p] = low[p].min(low[at]);
                }
                if low[at] == order[at] {
                    let from = stack
                        .iter()
                        .rposition(|&p| p as usize == at)
                        .expect("a root is on the stack");
                    self.add_component(implied, &stack[from..], links);
                    stack.truncate(from);
                }
            }
        }
    }

    /// Numbers a completed component and sets its reach: its members and the reach of every
    /// other component its links lead to (all numbered already). `root_links` are the root's
    /// (the first member's), which the walk has read already.
    fn add_component<'a>(
        &mut self,
        implied: &impl Fn(Node) -> &'a [Node],
        members: &[u32],
        root_links: &[Node],
    ) {
        let words = self.words;
        let this = (self.sets.len() / words) as u32;
        for &member in members {
            self.component[member as usize] = this;
        }
        // The set is made here and then appended: growing the list by a few zeroed words a
        // component called memset each time, a tenth of the walk.
        let mut own = [0u64; MAX_WORDS];
        let done = &self.sets;
        // Each component's union is taken once: its last taker is marked.
        self.taken_by.push(this);
        let (&root, others) = members.split_first().expect("a component has a member");
        for (member, links) in
            std::iter::once((root, root_links)).chain(others.iter().map(|&m| (m, implied(m))))
        {
            let bit = self.bit_of[member as usize];
            if bit != NONE {
                own[bit as usize / 64] |= 1 << (bit % 64);
            }
            for &target in links {
                let other = self.component[target as usize];
                if other == NONE {
                    // A node that implies nothing reaches only itself.
                    let bit = self.bit_of[target as usize];
                    if bit != NONE {
                        own[bit as usize / 64] |= 1 << (bit % 64);
                    }
                    continue;
                }
                let taken = &mut self.taken_by[other as usize];
                if *taken == this {
                    continue;
                }
                *taken = this;
                let reached = &done[other as usize * words..(other as usize + 1) * words];
                for (word, &more) in own.iter_mut().zip(reached) {
                    *word |= more;
                }
            }
        }
        for &word in &own[..words] {
            self.sets.push(word);
        }
    }

    /// The component a node belongs to, if it implies anything: the nodes of one component
    /// reach the same nodes.
    pub(super) fn component_of(&self, node: Node) -> Option<usize> {
        match self.component.get(node as usize) {
            Some(&c) if c != NONE => Some(c as usize),
            _ => None,
        }
    }

    /// How many words a set of premises takes.
    pub(super) fn words(&self) -> usize {
        self.words
    }

    /// A premise's bit in the sets, if `node` is one.
    pub(super) fn bit_of(&self, node: Node) -> Option<usize> {
        match self.bit_of.get(node as usize) {
            Some(&bit) if bit != NONE => Some(bit as usize),
            _ => None,
        }
    }

    /// The premise whose bit is `bit`.
    pub(super) fn premise_at(&self, bit: usize) -> Node {
        self.premises[bit]
    }

    /// How many components there are.
    pub(super) fn component_count(&self) -> usize {
        self.sets.len() / self.words
    }

    /// What `from` reaches: the nodes of its component (itself among them) and everything its
    /// implications lead to (nothing for a node that implies nothing, or that the graph does
    /// not hold).
    pub(super) fn from(&self, from: Node) -> Reached<'_> {
        let set = match self.component_of(from) {
            Some(c) => &self.sets[c * self.words..(c + 1) * self.words],
            None => &[],
        };
        Reached { reach: self, set }
    }

    /// The premises of a set of bits.
    fn premises_in<'a>(&'a self, bits: WordBits<'a>) -> Nodes<'a> {
        Nodes {
            premises: &self.premises,
            bits,
        }
    }
}

/// The premises of a set of bits, in bit order.
pub(super) struct Nodes<'a> {
    premises: &'a [Node],
    bits: WordBits<'a>,
}

impl Iterator for Nodes<'_> {
    type Item = Node;

    #[inline]
    fn next(&mut self) -> Option<Node> {
        self.bits.next().map(|bit| self.premises[bit])
    }
}

/// The nodes one node reaches (see [`Reach::from`]).
pub(super) struct Reached<'a> {
    reach: &'a Reach,
    set: &'a [u64],
}

impl<'a> Reached<'a> {
    /// Whether the node is reached.
    #[inline]
    pub(super) fn contains(&self, node: Node) -> bool {
        let at = self
            .reach
            .bit_of
            .get(node as usize)
            .copied()
            .unwrap_or(NONE) as usize;
        self.set
            .get(at / 64)
            .is_some_and(|word| word & (1 << (at % 64)) != 0)
    }

    /// The premises reached, as bits ([`Reach::bit_of`]); no words when nothing is.
    pub(super) fn words(&self) -> &'a [u64] {
        self.set
    }

    /// How many nodes are reached.
    pub(super) fn count(&self) -> usize {
        self.set.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Every node reached.
    pub(super) fn nodes(&self) -> Nodes<'a> {
        self.reach.premises_in(WordBits::of(self.set))
    }

    /// The nodes reached that are on.
    pub(super) fn on_nodes(&self) -> Nodes<'a> {
        self.reach
            .premises_in(WordBits::masked(self.set, &self.reach.on))
    }
}
