//! The records every chaining file shares, with no code of their own: the [`Rule`] a search
//! runs, the potentials it derives ([`Node`], [`Cause`]) in their [`Arena`], and the hints it
//! reports ([`ChainHint`], [`HintKind`], [`RuleSource`]).
//!
//! They refer to each other (a node may carry the nested chain it concludes, a hint owns the
//! arena of its chains), so they live in one file, below every file that uses them; that
//! keeps the files' imports free of cycles (`tests/module_cycles.rs`). Their behaviour lives
//! with the code that owns it: the arena's in `potentials.rs`, the hint's in `hint.rs`, the
//! rule sources' in `advanced.rs`.

use std::rc::Rc;

use crate::geometry::{Cell, Digit, Unit};
use crate::technique::Technique;

/// One of Sudoku Explainer's chaining rules (`Chaining(multiple, dynamic, nishio, level)`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Rule {
    /// Cell and region forcing chains (several branches).
    pub multiple: bool,
    /// Removals are applied as the chain grows.
    pub dynamic: bool,
    /// Nishio: X links only, contradictions only.
    pub nishio: bool,
    /// 0: plain; 1: "(+)", simple techniques inside; 2-5: nested chaining rules inside.
    pub level: u8,
}

impl Rule {
    pub const FORCING_CHAINS_AND_CYCLES: Rule = Rule {
        multiple: false,
        dynamic: false,
        nishio: false,
        level: 0,
    };
    pub const NISHIO: Rule = Rule {
        multiple: false,
        dynamic: true,
        nishio: true,
        level: 0,
    };
    pub const MULTIPLE: Rule = Rule {
        multiple: true,
        dynamic: false,
        nishio: false,
        level: 0,
    };
    pub const DYNAMIC: Rule = Rule {
        multiple: true,
        dynamic: true,
        nishio: false,
        level: 0,
    };
    pub const fn nested(level: u8) -> Rule {
        Rule {
            multiple: true,
            dynamic: true,
            nishio: false,
            level,
        }
    }
}

/// Why a potential follows from its parents.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Cause {
    /// The assumption the chain starts from.
    Assumption,
    /// A cell's only other candidate, or (for "off") a cell holds one digit only.
    NakedSingle,
    /// The digit's only other place in a box, row or column, or (for "off") one digit per unit.
    HiddenBox,
    HiddenRow,
    HiddenColumn,
    /// A simpler technique (or a nested chain) applied to the grid the chain has reduced.
    Advanced,
}

/// One derived potential.
#[derive(Debug, Clone)]
pub struct Node {
    pub cell: Cell,
    pub digit: Digit,
    pub on: bool,
    pub cause: Cause,
    /// Where this node's parents sit in [`Arena::parents`]: the first is the main parent.
    pub parent_start: u32,
    pub parent_count: u32,
    /// The nested chain whose conclusion this is (levels 2 and up).
    pub nested: Option<Rc<ChainHint>>,
}

/// Where the nodes of one search live.
#[derive(Debug, Default)]
pub struct Arena {
    pub nodes: Vec<Node>,
    /// Parent lists of all nodes, one run per node (one pool: most nodes have one parent).
    pub parents: Vec<u32>,
}

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
    /// The technique that names the hint (`technique_of`).
    pub technique: Technique,
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
    /// Sudoku Explainer's difficulty, the catalog's rating of the hint's facts
    /// ([`ChainHint::facts`]), kept since the rule's sort compares it often.
    pub difficulty: f64,
    /// Third sort key after difficulty and complexity (SE's `getSortKey`).
    pub sort_key: u8,
    pub arena: Rc<Arena>,
    /// Where the rule parents of the hint, used as a nested chain, come from (a function of
    /// the chains alone, so worked out once for all the grids it is used on).
    pub(super) rule_sources: std::cell::OnceCell<Rc<[RuleSource]>>,
    /// The potentials of its chains, target by target (see [`ChainHint::full_chain`]), worked
    /// out once.
    pub(super) full_chain: std::cell::OnceCell<Rc<[u32]>>,
}

/// Where a nested chain's rule parents come from: an "on" potential that followed from a
/// cell's last candidate (the candidates the outer chain removed from the cell), or from a
/// unit's last place for a digit (the places of the digit it removed from the unit).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum RuleSource {
    Cell(Cell),
    Unit(Unit, Digit),
}
