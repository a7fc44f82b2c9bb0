//! The implication graph a chaining search grows: potentials, their causes and parents.
//!
//! A *potential* is a candidate assumed true ("on") or false ("off"). Every potential the
//! search derives is a [`Node`] in an [`Arena`], with the parents it was derived from, so a
//! whole chain (or net of chains) is read back from its last node. Two nodes are the same
//! potential when cell, digit and state agree, whatever their parents: [`PotentialSet`] keeps
//! the first node stored for each potential, in insertion order, as Sudoku Explainer's
//! `LinkedSet` does. That order decides which chains are found first, so it is part of the
//! rating.

use std::rc::Rc;

use crate::geometry::{Cell, Digit};

use super::types::{Arena, Cause, ChainHint, Node};
use crate::cache::{self, Memory};

/// A thread's spare buffers of one kind, each with the bytes it takes: chaining searches make
/// and drop buffers by the thousand (nested chains above all), and reusing them costs less
/// than allocating and faulting in fresh ones.
pub(super) type Spares<T> = std::thread::LocalKey<std::cell::RefCell<Vec<(T, usize)>>>;

thread_local! {
    /// The bytes every pool of spare buffers holds on this thread, kept within
    /// `Memory::SpareBuffers`'s share of the cache bound.
    static SPARE_BYTES: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Counts `bytes` more of spare buffers if the share has room for them.
pub(super) fn reserve_spare(bytes: usize) -> bool {
    SPARE_BYTES
        .try_with(|held| {
            let room = held.get() + bytes <= cache::bound(Memory::SpareBuffers);
            if room {
                held.set(held.get() + bytes);
            }
            room
        })
        .unwrap_or(false)
}

/// Counts `bytes` of spare buffers as taken out of their pool.
pub(super) fn release_spare(bytes: usize) {
    let _ = SPARE_BYTES.try_with(|held| held.set(held.get().saturating_sub(bytes)));
}

/// The bytes spare buffers hold on this thread.
pub(super) fn spare_bytes() -> usize {
    SPARE_BYTES.with(std::cell::Cell::get)
}

/// A spare buffer, if the thread has one (none while the pool is being torn down).
pub(super) fn take_spare<T: 'static>(pool: &'static Spares<T>) -> Option<T> {
    let (spare, bytes) = pool
        .try_with(|s| s.try_borrow_mut().ok().and_then(|mut s| s.pop()))
        .ok()
        .flatten()?;
    release_spare(bytes);
    Some(spare)
}

/// Keeps a cleared buffer of `bytes` for reuse, up to `limit` per thread and within the
/// share of the cache bound; beyond that it is dropped.
pub(super) fn give_spare<T: 'static>(
    pool: &'static Spares<T>,
    spare: T,
    bytes: usize,
    limit: usize,
) {
    let _ = pool.try_with(|s| {
        if let Ok(mut pool) = s.try_borrow_mut() {
            if pool.len() < limit && reserve_spare(bytes) {
                pool.push((spare, bytes));
            }
        }
    });
}

/// Empties a pool of spare buffers.
pub(super) fn drop_spares<T: 'static>(pool: &'static Spares<T>) {
    let spares = pool
        .try_with(|s| s.try_borrow_mut().map(|mut s| std::mem::take(&mut *s)))
        .ok()
        .and_then(Result::ok)
        .unwrap_or_default();
    for (_, bytes) in spares {
        release_spare(bytes);
    }
}

/// A fast hasher for the searches' own maps (keys are candidate masks and cell-digit pairs,
/// never chosen by an adversary): SipHash on the 162-byte reduced grids of nested chains cost
/// more than the lookups saved. The multiply-rotate step of rustc's `FxHasher`.
#[derive(Default, Clone, Copy)]
pub(super) struct FastHasher(u64);

impl FastHasher {
    fn add(&mut self, word: u64) {
        self.0 = (self.0.rotate_left(5) ^ word).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }
}

impl std::hash::Hasher for FastHasher {
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            self.add(u64::from_le_bytes(chunk.try_into().expect("8 bytes")));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut last = [0u8; 8];
            last[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(last));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    fn finish(&self) -> u64 {
        self.0
    }
}

/// A map hashed by [`FastHasher`].
pub(super) type FastMap<K, V> =
    std::collections::HashMap<K, V, std::hash::BuildHasherDefault<FastHasher>>;

/// A set hashed by [`FastHasher`].
pub(super) type FastSet<K> =
    std::collections::HashSet<K, std::hash::BuildHasherDefault<FastHasher>>;

impl Node {
    /// Index of the potential: candidate index times two, plus one when "on".
    pub fn key(&self) -> usize {
        key(self.cell, self.digit, self.on)
    }
}

/// Index of a potential among the 81 * 9 * 2 possible ones.
pub const fn key(cell: Cell, digit: Digit, on: bool) -> usize {
    (cell * 9 + digit as usize - 1) * 2 + on as usize
}

/// Number of distinct potentials.
pub const KEYS: usize = 81 * 9 * 2;

thread_local! {
    /// Buffers of dropped arenas, reused by the next searches: nested chains run thousands of
    /// short inner searches, and allocating (and faulting in) a fresh arena for each cost more
    /// than some of the searches themselves.
    static SPARE_BUFFERS: std::cell::RefCell<Vec<(ArenaBuffers, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// An arena's buffers of nodes and parents.
type ArenaBuffers = (Vec<Node>, Vec<u32>);

/// Room for nodes of a new arena, and the least a spare must have to be kept.
const SPARE_MIN_NODES: usize = 4096;

/// Most spare arena buffers kept per thread.
const SPARE_LIMIT: usize = 16;

impl Arena {
    /// An empty arena, on reused buffers when a dropped arena left some, else with room for a
    /// typical search, so it rarely grows.
    pub fn new() -> Arena {
        let (nodes, parents) = take_spare(&SPARE_BUFFERS).unwrap_or_else(|| {
            (
                Vec::with_capacity(SPARE_MIN_NODES),
                Vec::with_capacity(2 * SPARE_MIN_NODES),
            )
        });
        Arena { nodes, parents }
    }

    /// An empty arena with room for exactly `nodes` nodes and `parents` parent links, on
    /// fresh buffers (for arenas kept long, which should not hold a spare's large buffers).
    pub fn sized(nodes: usize, parents: usize) -> Arena {
        Arena {
            nodes: Vec::with_capacity(nodes),
            parents: Vec::with_capacity(parents),
        }
    }

    /// The heap the arena's buffers take, in bytes (its nodes' nested chains are their own).
    pub fn heap_bytes(&self) -> usize {
        self.nodes.capacity() * std::mem::size_of::<Node>()
            + self.parents.capacity() * std::mem::size_of::<u32>()
    }

    /// A new node with the given parents, main parent first.
    pub fn push(
        &mut self,
        cell: Cell,
        digit: Digit,
        on: bool,
        cause: Cause,
        parents: &[u32],
        nested: Option<Rc<ChainHint>>,
    ) -> u32 {
        let parent_start = self.parents.len() as u32;
        self.parents.extend_from_slice(parents);
        self.nodes.push(Node {
            cell,
            digit,
            on,
            cause,
            parent_start,
            parent_count: parents.len() as u32,
            nested,
        });
        (self.nodes.len() - 1) as u32
    }

    /// The parents of a node, main parent first.
    pub fn parents_of(&self, id: u32) -> &[u32] {
        let n = self.node(id);
        let start = n.parent_start as usize;
        &self.parents[start..start + n.parent_count as usize]
    }

    /// The main parent of a node, if it has one.
    pub fn main_parent(&self, id: u32) -> Option<u32> {
        self.parents_of(id).first().copied()
    }

    pub fn node(&self, id: u32) -> &Node {
        &self.nodes[id as usize]
    }

    /// A new node derived from one parent.
    pub fn derive(&mut self, cell: Cell, digit: Digit, on: bool, cause: Cause, parent: u32) -> u32 {
        self.push(cell, digit, on, cause, &[parent], None)
    }

    /// The starting assumption of a chain.
    pub fn assume(&mut self, cell: Cell, digit: Digit, on: bool) -> u32 {
        self.push(cell, digit, on, Cause::Assumption, &[], None)
    }

    /// Whether `potential` (by key) is on the main-parent path above `child`.
    pub fn is_ancestor(&self, child: u32, potential: usize) -> bool {
        let mut current = child;
        while let Some(parent) = self.main_parent(current) {
            if self.node(parent).key() == potential {
                return true;
            }
            current = parent;
        }
        false
    }

    /// The keys of the potentials on the main-parent path above `child`.
    pub fn main_path_keys(&self, child: u32) -> KeySet {
        let mut keys = KeySet::default();
        let mut current = child;
        while let Some(parent) = self.main_parent(current) {
            keys.insert(self.node(parent).key());
            current = parent;
        }
        keys
    }

    /// The distinct potentials `from` rests on, itself included, visited breadth first: for
    /// each potential only its first node met is followed (Sudoku Explainer's
    /// `getAncestorCount` and `getChain`).
    pub fn ancestors(&self, from: u32) -> Vec<u32> {
        let mut result = Vec::new();
        self.ancestors_into(from, &mut result);
        result
    }

    /// [`Arena::ancestors`] into `out` (cleared first). The result is its own queue: a node
    /// joins it when its potential is first met, which visits the same nodes in the same
    /// order as a level-by-level walk that skips potentials met before.
    pub fn ancestors_into(&self, from: u32, out: &mut Vec<u32>) {
        let mut seen = KeySet::default();
        out.clear();
        out.push(from);
        seen.insert(self.node(from).key());
        let mut next = 0;
        while let Some(&id) = out.get(next) {
            next += 1;
            for &parent in self.parents_of(id) {
                if seen.insert(self.node(parent).key()) {
                    out.push(parent);
                }
            }
        }
    }
}

impl Drop for Arena {
    fn drop(&mut self) {
        let mut nodes = std::mem::take(&mut self.nodes);
        let mut parents = std::mem::take(&mut self.parents);
        // Clearing drops the nested chains (and their arenas) first, before the pool is
        // borrowed.
        nodes.clear();
        parents.clear();
        if nodes.capacity() < SPARE_MIN_NODES {
            return; // a compacted arena: its buffers are too small to be worth reusing
        }
        let bytes = nodes.capacity() * std::mem::size_of::<Node>()
            + parents.capacity() * std::mem::size_of::<u32>();
        give_spare(&SPARE_BUFFERS, (nodes, parents), bytes, SPARE_LIMIT);
    }
}

/// A set of potential keys.
#[derive(Clone)]
pub struct KeySet([u64; KEYS.div_ceil(64)]);

impl Default for KeySet {
    fn default() -> Self {
        KeySet([0; KEYS.div_ceil(64)])
    }
}

impl KeySet {
    pub fn contains(&self, key: usize) -> bool {
        self.0[key / 64] & (1u64 << (key % 64)) != 0
    }

    /// Adds a key; false when it was there.
    pub fn insert(&mut self, key: usize) -> bool {
        let (word, bit) = (key / 64, 1u64 << (key % 64));
        let fresh = self.0[word] & bit == 0;
        self.0[word] |= bit;
        fresh
    }
}

/// Membership of candidates (cell and digit), for searches that only ask "seen yet?".
#[derive(Clone, Copy, Default)]
pub struct CandidateSet([u64; 12]);

impl CandidateSet {
    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        let i = cell * 9 + digit as usize - 1;
        self.0[i / 64] & (1u64 << (i % 64)) != 0
    }

    pub fn insert(&mut self, cell: Cell, digit: Digit) {
        let i = cell * 9 + digit as usize - 1;
        self.0[i / 64] |= 1u64 << (i % 64);
    }
}

const NONE: u32 = u32::MAX;

/// An insertion-ordered set of potentials of one state, keyed by candidate: the first node
/// added for a candidate is the one kept.
pub struct PotentialSet {
    /// Node per candidate index (729 slots), `NONE` where absent.
    by_candidate: Vec<u32>,
    pub order: Vec<u32>,
    /// The candidate indices of `order`, so clearing and copying touch only the set's slots.
    slots: Vec<u16>,
}

/// Empties this thread's pools of spare arenas and potential sets.
pub(super) fn drop_spare_arenas_and_sets() {
    drop_spares(&SPARE_BUFFERS);
    drop_spares(&SPARE_SETS);
}

/// Storage of a dropped set: its table all `NONE` again, its lists empty.
type SpareSet = (Vec<u32>, Vec<u32>, Vec<u16>);

thread_local! {
    /// Tables of dropped sets, cleared slot by slot: nested chains make and drop two sets per
    /// assumption by the thousand, and filling (or copying) a whole 729-slot table for each
    /// cost more than the sets' contents.
    static SPARE_SETS: std::cell::RefCell<Vec<(SpareSet, usize)>> =
        const { std::cell::RefCell::new(Vec::new()) };
}

/// Most spare set tables kept per thread.
const SPARE_SET_LIMIT: usize = 64;

impl Default for PotentialSet {
    fn default() -> Self {
        let (by_candidate, order, slots) =
            take_spare(&SPARE_SETS).unwrap_or_else(|| (vec![NONE; 729], Vec::new(), Vec::new()));
        PotentialSet {
            by_candidate,
            order,
            slots,
        }
    }
}

impl Clone for PotentialSet {
    fn clone(&self) -> Self {
        let mut copy = PotentialSet::default();
        copy.clone_from(self);
        copy
    }

    fn clone_from(&mut self, source: &Self) {
        self.clear();
        for (&id, &slot) in source.order.iter().zip(&source.slots) {
            self.by_candidate[slot as usize] = id;
        }
        self.order.extend_from_slice(&source.order);
        self.slots.extend_from_slice(&source.slots);
    }
}

impl Drop for PotentialSet {
    fn drop(&mut self) {
        self.clear();
        let spare = (
            std::mem::take(&mut self.by_candidate),
            std::mem::take(&mut self.order),
            std::mem::take(&mut self.slots),
        );
        let bytes = spare.0.capacity() * std::mem::size_of::<u32>()
            + spare.1.capacity() * std::mem::size_of::<u32>()
            + spare.2.capacity() * std::mem::size_of::<u16>();
        give_spare(&SPARE_SETS, spare, bytes, SPARE_SET_LIMIT);
    }
}

impl PotentialSet {
    pub fn candidate_index(cell: Cell, digit: Digit) -> usize {
        cell * 9 + digit as usize - 1
    }

    /// Empties the set, touching only its own slots.
    fn clear(&mut self) {
        for &slot in &self.slots {
            self.by_candidate[slot as usize] = NONE;
        }
        self.order.clear();
        self.slots.clear();
    }

    pub fn get(&self, cell: Cell, digit: Digit) -> Option<u32> {
        let id = self.by_candidate[Self::candidate_index(cell, digit)];
        (id != NONE).then_some(id)
    }

    pub fn contains(&self, cell: Cell, digit: Digit) -> bool {
        self.get(cell, digit).is_some()
    }

    /// Adds the node unless its candidate is already there; returns whether it was added.
    pub fn add(&mut self, arena: &Arena, id: u32) -> bool {
        let node = arena.node(id);
        let index = Self::candidate_index(node.cell, node.digit);
        let slot = &mut self.by_candidate[index];
        if *slot != NONE {
            return false;
        }
        *slot = id;
        self.order.push(id);
        self.slots.push(index as u16);
        true
    }
}

#[cfg(test)]
mod tests {
    use super::FastHasher;
    use std::hash::{Hash, Hasher};

    fn hash_of(masks: &[u16; 81]) -> u64 {
        let mut hasher = FastHasher::default();
        masks.hash(&mut hasher);
        hasher.finish()
    }

    /// Reduced grids one candidate apart (the last cell's included, which ends in a partial
    /// word) hash apart, and equal grids alike.
    #[test]
    fn fast_hasher_tells_grids_one_candidate_apart() {
        let full = [0x1ffu16; 81];
        let mut hashes = vec![hash_of(&full)];
        for cell in 0..81 {
            for bit in 0..9 {
                let mut masks = full;
                masks[cell] &= !(1 << bit);
                hashes.push(hash_of(&masks));
            }
        }
        assert_eq!(hash_of(&full), hashes[0]);
        hashes.sort_unstable();
        hashes.dedup();
        assert_eq!(hashes.len(), 1 + 81 * 9);
    }
}
