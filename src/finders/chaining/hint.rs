//! What a chaining rule found, before it becomes a [`Step`](crate::step::Step): the kind of
//! conclusion, the chains behind it, what it removes or places, and Sudoku Explainer's
//! complexity, difficulty and sort key, which decide which hint the rule reports first.

use std::rc::Rc;

use crate::geometry::{Cell, Digit, Unit};

use super::potentials::{Arena, KeySet};
use super::Rule;

/// The shape of a conclusion.
#[derive(Debug, Clone)]
pub enum HintKind {
    /// A bidirectional cycle: `on` is the last node of the loop, back at its start.
    Cycle { on: u32 },
    /// A forcing chain from an assumption to its own negation (or confirmation).
    Forcing { target: u32 },
    /// Both states of one candidate lead to the same conclusion (`absurd` false), or one
    /// state leads to a contradiction (`absurd` true: `on` and `off` are the two clashing
    /// nodes).
    Binary {
        source: u32,
        on: u32,
        off: u32,
        absurd: bool,
    },
    /// Every candidate of a cell leads to the same conclusion; one chain per candidate.
    Cell { cell: Cell, chains: Vec<u32> },
    /// Every place of a digit in a unit leads to the same conclusion; one chain per place.
    Region {
        unit: Unit,
        digit: Digit,
        chains: Vec<u32>,
    },
}

/// A conclusion of a chaining rule.
#[derive(Debug, Clone)]
pub struct ChainHint {
    pub rule: Rule,
    pub kind: HintKind,
    /// Which links the search used: X (one digit's places in a unit) and Y (one cell's digits).
    pub x_links: bool,
    pub y_links: bool,
    /// Candidates removed, in cell then digit order.
    pub removable: Vec<(Cell, Digit)>,
    /// The digit placed, when the conclusion is that a candidate is true.
    pub placement: Option<(Cell, Digit)>,
    /// Distinct potentials of every chain, nested chains included (Sudoku Explainer's
    /// `getComplexity`).
    pub complexity: u32,
    /// Sudoku Explainer's difficulty: the rule's base plus the length term.
    pub difficulty: f64,
    /// Third sort key after difficulty and complexity (SE's `getSortKey`).
    pub sort_key: u8,
    pub arena: Rc<Arena>,
}

impl ChainHint {
    /// The last nodes of every chain the conclusion rests on.
    pub fn targets(&self) -> Vec<u32> {
        match &self.kind {
            HintKind::Cycle { on } => vec![*on],
            HintKind::Forcing { target } => vec![*target],
            HintKind::Binary { on, off, .. } => vec![*on, *off],
            HintKind::Cell { chains, .. } | HintKind::Region { chains, .. } => chains.clone(),
        }
    }
}

/// Sudoku Explainer's length term: 0.1 for each step of the thresholds 4, 6, 8, 12, 16, ...
/// that `complexity - 2` exceeds. Accumulated exactly as SE does, so floating-point ties
/// fall the same way.
pub fn length_difficulty(complexity: u32) -> f64 {
    let length = complexity as i64 - 2;
    let mut added = 0.0;
    let mut ceiling: i64 = 4;
    let mut odd = false;
    while length > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// Flat complexity of a set of chains plus the complexity of each distinct nested chain met
/// along them (SE's `getFlatComplexity` + `getNestedComplexity`).
pub fn complexity(arena: &Arena, targets: &[u32]) -> u32 {
    let flat: usize = targets.iter().map(|&t| arena.ancestors(t).len()).sum();
    let mut nested_total = 0u32;
    let mut seen: Vec<*const ChainHint> = Vec::new();
    for &t in targets {
        for id in arena.ancestors(t) {
            if let Some(nested) = &arena.node(id).nested {
                let ptr = Rc::as_ptr(nested);
                if !seen.contains(&ptr) {
                    seen.push(ptr);
                    nested_total += nested.complexity;
                }
            }
        }
    }
    flat as u32 + nested_total
}

/// The distinct candidates along the chains, for drawing: each node with its parents.
pub fn distinct_nodes(arena: &Arena, targets: &[u32]) -> Vec<u32> {
    let mut seen = KeySet::default();
    let mut out = Vec::new();
    for &t in targets {
        for id in arena.ancestors(t) {
            if seen.insert(arena.node(id).key()) {
                out.push(id);
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::length_difficulty;

    #[test]
    fn length_term_follows_se_thresholds() {
        let added = |c: u32| (length_difficulty(c) * 10.0).round() as u32;
        // length = complexity - 2; thresholds 4, 6, 8, 12, 16, 24, 32, 48, 64, 96.
        assert_eq!(added(6), 0);
        assert_eq!(added(7), 1);
        assert_eq!(added(8), 1);
        assert_eq!(added(9), 2);
        assert_eq!(added(10), 2);
        assert_eq!(added(11), 3);
        assert_eq!(added(14), 3);
        assert_eq!(added(15), 4);
        assert_eq!(added(18), 4);
        assert_eq!(added(19), 5);
        assert_eq!(added(26), 5);
        assert_eq!(added(27), 6);
        assert_eq!(added(98), 9);
        assert_eq!(added(99), 10);
    }
}
