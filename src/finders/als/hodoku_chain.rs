//! HoDoKu 2.2's ALS-XY-Chain search as its solver runs it (`AlsSolver.getAlsXYChainRecursive`),
//! for the hodoku profile. Which chain HoDoKu applies decides the rest of its path, and its
//! search is narrower than Stepwise's own (`als_chain`):
//! - links go only from a set to a later set of the ALS list (its solver collects restricted
//!   commons "forward only"), depth first, up to 50 links, never back to a set on the chain;
//! - a start set's link with two RCs is tried with the first, then with the second; every later
//!   link keeps the RCs the previous link's actual RCs leave (`RestrictedCommon.checkRC`, with
//!   its slip for a previous link of two: both its digits are read as the first);
//! - from the fourth set on, a digit common to the first and the current set, other than the
//!   first link's and the current link's actual RCs, leaves every cell that sees all its
//!   copies in both sets;
//! - each set of eliminations is kept once, by the chain with the fewest cells in its sets
//!   (a later one replaces it in place);
//! - the chains are sorted by most eliminations, then the lowest position-weighted index sum
//!   of the eliminated candidates (digit, then cell), ties in the order found; HoDoKu takes
//!   the first.

use std::collections::HashMap;
use std::ops::ControlFlow;

use super::{chain_step, common_eliminations, graph_of, AlsGraph};
use crate::finders::hodoku_order::index_sum;
use crate::finders::Emit;
use crate::geometry::{Cell, Digit, DigitSet};
use crate::grid::Grid;
use crate::step::Candidate;

/// HoDoKu's `MAX_RC`: the most links a chain holds.
const MAX_LINKS: usize = 50;

/// A restricted common link from a set to a later one, with its one or two RC digits.
#[derive(Clone, Copy)]
struct Rc {
    to: usize,
    cand1: Digit,
    /// 0 when the link has one RC.
    cand2: Digit,
}

/// Which of a link's RCs are actual: 0 none, 1 the first, 2 the second, 3 both.
type Actual = u8;

/// `checkRCInt`: the actual RCs of a link (`c21`, `c22`) after a link whose actual RCs are
/// `c11` (and `c12`, 0 for one).
fn actual_after(c11: Digit, c12: Digit, c21: Digit, c22: Digit) -> Actual {
    if c12 == 0 {
        if c22 == 0 {
            u8::from(c11 != c21)
        } else if c11 == c22 {
            1
        } else if c11 == c21 {
            2
        } else {
            3
        }
    } else if c22 == 0 {
        u8::from(!(c11 == c21 || c12 == c21))
    } else if (c11 == c21 && c12 == c22) || (c11 == c22 && c12 == c21) {
        0
    } else if c11 == c22 || c12 == c22 {
        1
    } else if c11 == c21 || c12 == c21 {
        2
    } else {
        3
    }
}

/// The digits a link's actual RCs stand for.
fn actual_digits(rc: &Rc, actual: Actual) -> (Digit, Digit) {
    match actual {
        1 => (rc.cand1, 0),
        2 => (rc.cand2, 0),
        3 => (rc.cand1, rc.cand2),
        _ => (0, 0),
    }
}

/// A chain found: its sets with their actual RCs, its eliminations (digit, cell; sorted), and
/// the cells of its sets.
type FoundChain = (Vec<(usize, DigitSet)>, Vec<(Digit, Cell)>, usize);

struct Search<'a> {
    graph: &'a AlsGraph,
    forward: Vec<Vec<Rc>>,
    start: usize,
    on_chain: Vec<bool>,
    /// The chain's links with their actual RCs.
    chain: Vec<(Rc, Actual)>,
    found: Vec<FoundChain>,
    by_eliminations: HashMap<Vec<(Digit, Cell)>, usize>,
    /// Calls of `recurse` so far (the deadline is read every 64th).
    calls: u32,
}

impl Search<'_> {
    fn recurse(&mut self, from: usize, last: Option<(Rc, Actual)>) {
        // (the clock every so many calls: each call costs far less than reading it)
        self.calls = self.calls.wrapping_add(1);
        if self.chain.len() >= MAX_LINKS || (self.calls % 64 == 0 && crate::deadline::expired()) {
            return;
        }
        let mut i = 0;
        let mut first_try = true;
        while i < self.forward[from].len() {
            let rc = self.forward[from][i];
            i += 1;
            let actual = match last {
                None if rc.cand2 != 0 => {
                    if first_try {
                        1
                    } else {
                        2
                    }
                }
                None => 1,
                Some((prev, prev_actual)) => {
                    let own = if rc.cand2 == 0 { 1 } else { 3 };
                    match prev_actual {
                        1 => actual_after(prev.cand1, 0, rc.cand1, rc.cand2),
                        2 => actual_after(prev.cand2, 0, rc.cand1, rc.cand2),
                        3 => actual_after(prev.cand1, prev.cand1, rc.cand1, rc.cand2),
                        _ => own,
                    }
                }
            };
            if actual != 0 && !self.on_chain[rc.to] {
                self.chain.push((rc, actual));
                self.on_chain[rc.to] = true;
                if self.chain.len() >= 3 {
                    self.check();
                }
                self.recurse(rc.to, Some((rc, actual)));
                self.on_chain[rc.to] = false;
                self.chain.pop();
            }
            if last.is_none() {
                if rc.cand2 != 0 && first_try {
                    // The start's link with two RCs again, with its second.
                    first_try = false;
                    i -= 1;
                } else {
                    first_try = true;
                }
            }
        }
    }

    /// The eliminations of the chain so far, kept if new or made with fewer cells.
    fn check(&mut self) {
        let (first, first_actual) = self.chain[0];
        let (last, last_actual) = self.chain[self.chain.len() - 1];
        let (c1, c2) = actual_digits(&first, first_actual);
        let (c3, c4) = actual_digits(&last, last_actual);
        let a = &self.graph.alses[self.start];
        let end = &self.graph.alses[last.to];
        let mut zs = a.digits & end.digits;
        for d in [c1, c2, c3, c4] {
            if d != 0 {
                zs = zs.without(d);
            }
        }
        // (most chains eliminate nothing: tested before anything is collected)
        if zs
            .iter()
            .all(|z| (a.seen_by(z) & end.seen_by(z)).is_empty())
        {
            return;
        }
        let (eliminations, _) = common_eliminations(a, end, zs);
        let mut key: Vec<(Digit, Cell)> = eliminations.iter().map(|c| (c.digit, c.cell)).collect();
        key.sort_unstable();
        let mut path = vec![(self.start, DigitSet::EMPTY)];
        for &(rc, actual) in &self.chain {
            let (x, y) = actual_digits(&rc, actual);
            let arc: DigitSet = [x, y].into_iter().filter(|&d| d != 0).collect();
            path.push((rc.to, arc));
        }
        let cells: usize = path
            .iter()
            .map(|&(s, _)| self.graph.alses[s].cells.len() as usize)
            .sum();
        match self.by_eliminations.get(&key) {
            Some(&at) => {
                if self.found[at].2 > cells {
                    self.found[at] = (path, key, cells);
                }
            }
            None => {
                self.by_eliminations.insert(key.clone(), self.found.len());
                self.found.push((path, key, cells));
            }
        }
    }
}

/// Every ALS chain HoDoKu's solver finds, in the order it takes them.
pub fn hodoku_als_chain(grid: &Grid, emit: &mut Emit<'_>) -> ControlFlow<()> {
    let graph = graph_of(grid);
    let count = graph.alses.len();
    let mut forward: Vec<Vec<Rc>> = vec![Vec::new(); count];
    for link in &graph.links {
        let mut digits = link.digits.iter();
        let cand1 = digits.next().unwrap_or(0);
        let cand2 = digits.next().unwrap_or(0);
        forward[link.a].push(Rc {
            to: link.b,
            cand1,
            cand2,
        });
    }
    let mut search = Search {
        graph: &graph,
        forward,
        start: 0,
        on_chain: vec![false; count],
        chain: Vec::new(),
        found: Vec::new(),
        by_eliminations: HashMap::new(),
        calls: 0,
    };
    for start in 0..count {
        search.start = start;
        search.on_chain.fill(false);
        search.on_chain[start] = true;
        search.recurse(start, None);
    }
    if crate::deadline::expired() {
        return ControlFlow::Break(()); // (a search cut short gives no step)
    }
    let mut found = std::mem::take(&mut search.found);
    // Stable: ties keep the order found.
    found.sort_by_key(|(_, key, _)| (std::cmp::Reverse(key.len()), index_sum(key)));
    for (path, key, _) in found {
        let mut eliminations: Vec<Candidate> =
            key.iter().map(|&(d, c)| Candidate::new(c, d)).collect();
        eliminations.sort();
        emit(chain_step(grid, &graph, &path, eliminations))?;
    }
    ControlFlow::Continue(())
}
