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

/// A node, numbered as the tables number them (below the node count given to [`Reach::of`]).
type Node = u32;

/// Marks a node without a position.
const NONE: u32 = u32::MAX;
/// Marks a node that implies nothing, in the walk's order.
const SINK: u32 = u32::MAX - 1;

/// The nodes each node reaches (see [`Reach::from`]).
pub(super) struct Reach {
    /// Each node's position among the nodes of the graph, or `NONE`.
    position: Vec<u32>,
    /// The nodes by position.
    nodes: Vec<Node>,
    /// The positions of nodes that are on, as a set.
    on: Vec<u64>,
    /// Each position's component.
    component: Vec<u32>,
    /// Per component, the premises' positions it holds or reaches, `words` words each.
    sets: Vec<u64>,
    words: usize,
    /// How many premises there are (they take the first positions).
    premises: usize,
}

/// The graph by position: `targets[starts[p]..starts[p + 1]]` are the positions `p` implies.
struct Graph {
    starts: Vec<u32>,
    targets: Vec<u32>,
}

impl Graph {
    /// Whether a position implies nothing (most nodes off without a strong link): such a node
    /// gets no component, and those that imply it take its bit directly.
    fn is_sink(&self, at: u32) -> bool {
        self.starts[at as usize] == self.starts[at as usize + 1]
    }
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
        let mut position = vec![NONE; node_count];
        let mut nodes: Vec<Node> = Vec::with_capacity(node_count);
        for premise in premises {
            if position[premise as usize] == NONE {
                position[premise as usize] = nodes.len() as u32;
                nodes.push(premise);
            }
        }
        let premises = nodes.len();
        // Then whatever they lead to (group nodes among them), each once, and the graph.
        let mut graph = Graph {
            starts: Vec::with_capacity(nodes.len() + 1),
            targets: Vec::new(),
        };
        let mut next = 0;
        while next < nodes.len() {
            graph.starts.push(graph.targets.len() as u32);
            for &node in implied(nodes[next]) {
                let at = &mut position[node as usize];
                if *at == NONE {
                    *at = nodes.len() as u32;
                    nodes.push(node);
                }
                graph.targets.push(*at);
            }
            next += 1;
        }
        graph.starts.push(graph.targets.len() as u32);
        // The sets hold the premises alone (the nodes the searches ask about; group nodes
        // only pass implications on), which lie first.
        let words = premises.div_ceil(64).max(1);
        let mut on = vec![0u64; words];
        for (at, &node) in nodes[..premises].iter().enumerate() {
            on[at / 64] |= u64::from(is_on(node)) << (at % 64);
        }
        let mut reach = Reach {
            position,
            component: vec![NONE; nodes.len()],
            sets: Vec::new(),
            words,
            premises,
            on,
            nodes,
        };
        reach.find_components(&graph);
        reach
    }

    /// Tarjan's algorithm, iteratively: a component is complete once its root's walk is done,
    /// and every component it reaches is complete before it, so its reach is known then.
    fn find_components(&mut self, graph: &Graph) {
        let count = self.nodes.len();
        // A node that implies nothing is marked once here rather than tested at every link
        // to it (its component would be itself alone: `add_component` takes its bit).
        let mut order: Vec<u32> = (0..count as u32)
            .map(|at| if graph.is_sink(at) { SINK } else { NONE })
            .collect();
        let mut low = vec![0u32; count];
        let mut on_stack = vec![false; count];
        let mut stack: Vec<u32> = Vec::with_capacity(count);
        // The walk: each position with the index of its next link to take.
        let mut walk: Vec<(u32, u32)> = Vec::new();
        let mut visited = 0u32;
        // At most one component a node: the sets never move once placed.
        self.sets.reserve_exact(count * self.words);
        for root in 0..count as u32 {
            if order[root as usize] != NONE {
                continue;
            }
            order[root as usize] = visited;
            low[root as usize] = visited;
            visited += 1;
            stack.push(root);
            on_stack[root as usize] = true;
            walk.push((root, graph.starts[root as usize]));
            while let Some(&mut (at, ref mut link)) = walk.last_mut() {
                let at = at as usize;
                if *link < graph.starts[at + 1] {
                    let next = graph.targets[*link as usize];
                    *link += 1;
                    let n = next as usize;
                    if order[n] == NONE {
                        order[n] = visited;
                        low[n] = visited;
                        visited += 1;
                        stack.push(next);
                        on_stack[n] = true;
                        walk.push((next, graph.starts[n]));
                    } else if on_stack[n] {
                        low[at] = low[at].min(order[n]);
                    }
                    continue;
                }
                walk.pop();
                if let Some(&(parent, _)) = walk.last() {
                    low[parent as usize] = low[parent as usize].min(low[at]);
                }
                if low[at] == order[at] {
                    let from = stack
                        .iter()
                        .rposition(|&p| p as usize == at)
                        .expect("a root is on the stack");
                    for &member in &stack[from..] {
                        on_stack[member as usize] = false;
                    }
                    self.add_component(graph, &stack[from..]);
                    stack.truncate(from);
                }
            }
        }
    }

    /// Numbers a completed component and sets its reach: its members and the reach of every
    /// other component its links lead to (all numbered already).
    fn add_component(&mut self, graph: &Graph, members: &[u32]) {
        let words = self.words;
        let this = (self.sets.len() / words) as u32;
        self.sets.resize(self.sets.len() + words, 0);
        for &member in members {
            self.component[member as usize] = this;
        }
        let (done, own) = self.sets.split_at_mut(this as usize * words);
        for &member in members.iter().filter(|&&m| (m as usize) < self.premises) {
            own[member as usize / 64] |= 1 << (member % 64);
        }
        let mut last = NONE;
        for &member in members {
            let m = member as usize;
            let links = &graph.targets[graph.starts[m] as usize..graph.starts[m + 1] as usize];
            for &target in links {
                let other = self.component[target as usize];
                if other == NONE {
                    // A node that implies nothing reaches only itself.
                    if (target as usize) < self.premises {
                        own[target as usize / 64] |= 1 << (target % 64);
                    }
                    continue;
                }
                if other == this || other == last {
                    continue;
                }
                last = other;
                let reached = &done[other as usize * words..(other as usize + 1) * words];
                for (word, &more) in own.iter_mut().zip(reached) {
                    *word |= more;
                }
            }
        }
    }

    /// The component a node belongs to, if it implies anything: the nodes of one component
    /// reach the same nodes.
    pub(super) fn component_of(&self, node: Node) -> Option<usize> {
        let at = self.position.get(node as usize).copied().unwrap_or(NONE);
        if at == NONE || self.component[at as usize] == NONE {
            return None;
        }
        Some(self.component[at as usize] as usize)
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

    fn nodes_in<'a>(
        &'a self,
        words: impl Iterator<Item = u64> + 'a,
    ) -> impl Iterator<Item = Node> + 'a {
        words.enumerate().flat_map(move |(w, word)| {
            let mut bits = word;
            std::iter::from_fn(move || {
                if bits == 0 {
                    return None;
                }
                let bit = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Some(self.nodes[w * 64 + bit])
            })
        })
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
            .position
            .get(node as usize)
            .copied()
            .unwrap_or(NONE) as usize;
        self.set
            .get(at / 64)
            .is_some_and(|word| word & (1 << (at % 64)) != 0)
    }

    /// How many nodes are reached.
    pub(super) fn count(&self) -> usize {
        self.set.iter().map(|word| word.count_ones() as usize).sum()
    }

    /// Every node reached.
    pub(super) fn nodes(&self) -> impl Iterator<Item = Node> + 'a {
        self.reach.nodes_in(self.set.iter().copied())
    }

    /// The nodes reached that are on.
    pub(super) fn on_nodes(&self) -> impl Iterator<Item = Node> + 'a {
        let on = self
            .set
            .iter()
            .zip(&self.reach.on)
            .map(|(&word, &on)| word & on);
        self.reach.nodes_in(on)
    }
}
