//! The logical solver: validity first, then the first step of the enabled techniques, applied
//! and repeated until the grid is solved or no technique applies. It never guesses.
//!
//! Owns [`Options`] (enabled techniques in order, step limit, [`Choice`] of step), the
//! profiles (Sudoku Explainer's, HoDoKu's, extended, hints), [`Trace`] and [`Status`], and
//! [`next_step`], the one loop body shared by solving, explaining, rating and hints.

use std::time::Duration;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};
use strum::IntoEnumIterator;

use crate::deadline;
use crate::finders::{first_accepted, group_leader};
use crate::geometry::{cell_name, CELLS};
use crate::grid::Grid;
use crate::solver::{validity_with_candidates, Validity};
use crate::step::Step;
use crate::technique::{Origin, Technique, TechniqueSet};

use crate::finders::hodoku_singles::HodokuSingles;

/// What the pipeline may use.
#[derive(Debug, Clone, PartialEq)]
pub struct Options {
    /// Enabled techniques, tried in this order for every step.
    pub techniques: Vec<Technique>,
    /// Stop after this many steps (the trace is then `stuck`).
    pub step_limit: Option<usize>,
    /// Give up on a puzzle after this long (the trace is then `timeout`): checked between
    /// steps and inside the long searches.
    pub time_limit: Option<Duration>,
    /// How a step is picked among those the techniques find.
    pub choice: Choice,
}

/// How the pipeline picks the step to apply.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Choice {
    /// The first step of the first technique, in order, that finds one (Sudoku Explainer's
    /// rule).
    #[default]
    FirstFound,
    /// HoDoKu 2.2's rule: the same, except that
    /// - HoDoKu's chain searches collect every step they find and take the one HoDoKu sorts
    ///   first (`SolutionStep.compareTo`): the most eliminations, then the lowest weighted sum
    ///   of the eliminated candidates, then the shortest chain. Those searches are Turbot Fish
    ///   (its chain search of three links), Remote Pair (HoDoKu's own, every path of the pair's
    ///   cells, `finders::aic::hodoku_remote_pair`), X-Chain and XY-Chain;
    /// - locked candidates and subsets (naked and hidden sets by HoDoKu's own search,
    ///   `finders::hodoku_finder`) take the step HoDoKu's search meets first (`SimpleSolver`):
    ///   boxes, then rows, then columns, each 1-9; in a unit, locked candidates by digit, naked
    ///   sets by their cells and hidden sets by their digits, in lexicographic order;
    /// - BUG+1 is HoDoKu's (`finders::hodoku_finder`): on a cell of three candidates only;
    /// - unique rectangles and hidden rectangles come from HoDoKu's own search
    ///   (`finders::uniqueness::hodoku_uniqueness`), type by type;
    /// - basic fish, XY-, XYZ- and W-Wings take the step HoDoKu's search meets first;
    /// - singles come from HoDoKu's queues (`finders::hodoku_singles`), which remember the order in
    ///   which earlier steps removed candidates, and a step's eliminations reach them in the
    ///   order HoDoKu's search lists them;
    /// - nice loops and AICs (plain, then grouped) come from HoDoKu's tabling search
    ///   (`finders::hodoku_loops`), each the first of its search in HoDoKu's order;
    /// - ALS chains come from HoDoKu's own search (`finders::als::hodoku_als_chain`);
    /// - Sudoku Explainer's multi-branch chaining rules, where a profile of this choice has
    ///   them, take the first step their search meets (`finders::forcing_chains::quick_step`)
    ///   instead of SE's choice among all; HoDoKu's own forcing chains and nets emit their
    ///   steps in HoDoKu's order already.
    Hodoku,
}

/// The techniques each of HoDoKu's sorted searches finds together (see [`Choice::Hodoku`]).
const HODOKU_SORTED_SEARCHES: &[&[Technique]] = {
    use Technique::*;
    &[&[TurbotFish], &[RemotePair], &[XChain], &[XYChain]]
};

/// HoDoKu's Uniqueness Tests 1 to 6 and Hidden Rectangle: one search
/// (`finders::uniqueness::hodoku_uniqueness`) that emits every Type 1 first, then every Type 2,
/// and so on, as HoDoKu asks for them; they stand together in its list. Also HoDoKu's Nice
/// Loop and Grouped Nice Loop steps: each one tabling search
/// (`finders::hodoku_loops`) that finds continuous and discontinuous loops and AICs together
/// and emits them in the order HoDoKu takes them. And HoDoKu's coloring searches: Simple Colors
/// (Trap and Wrap) and Multi Colors (1 and 2) each come from one search, cluster by cluster.
const HODOKU_SEARCH_GROUPS: &[&[Technique]] = {
    use Technique::*;
    &[
        &[
            UniqueRectangle1,
            UniqueRectangle2,
            UniqueRectangle3,
            UniqueRectangle4,
            UniqueRectangle5,
            UniqueRectangle6,
            HiddenRectangle,
        ],
        &[SimpleColorsTrap, SimpleColorsWrap],
        &[MultiColors1, MultiColors2],
        &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic],
        &[
            GroupedContinuousNiceLoop,
            GroupedDiscontinuousNiceLoop,
            GroupedAic,
        ],
    ]
};

/// The techniques whose steps [`Choice::Hodoku`] takes in the order of HoDoKu's search.
const HODOKU_SEARCH_ORDERED: &[Technique] = {
    use Technique::*;
    &[
        LockedPair,
        LockedTriple,
        LockedCandidatesPointing,
        LockedCandidatesClaiming,
        NakedPair,
        NakedTriple,
        NakedQuad,
        HiddenPair,
        HiddenTriple,
        HiddenQuad,
    ]
};

/// The techniques whose step [`Choice::Hodoku`] takes as HoDoKu's search meets it first
/// ([`hodoku_first_found_key`]).
const HODOKU_FIRST_FOUND: &[Technique] = {
    use Technique::*;
    &[XWing, Swordfish, Jellyfish, XYWing, XYZWing, WWing]
};

/// Where HoDoKu's first-found searches meet a step, smallest first:
/// - basic fish (`FishSolver`): by digit, rows as base before columns, then the base units
///   in lexicographic order;
/// - XY-Wing (`WingSolver`): by the three cells in ascending order, then the pivot's place
///   among them (HoDoKu tries the first, the second, then the third as pivot);
/// - XYZ-Wing: by pivot, then the pincers in ascending order;
/// - W-Wing: by its two cells in ascending order, then the digit it removes, then the unit of
///   the strong link (rows, columns, boxes).
fn hodoku_first_found_key(step: &Step) -> Vec<usize> {
    use crate::geometry::UnitKind;
    use crate::step::Role;
    let cells_with = |role: Role| -> Vec<usize> {
        step.pattern
            .cells
            .iter()
            .filter(|c| c.role == role)
            .map(|c| c.item)
            .collect()
    };
    let digit = step.eliminations.first().map_or(0, |e| e.digit as usize);
    match step.technique {
        Technique::XWing | Technique::Swordfish | Technique::Jellyfish => {
            let mut base: Vec<_> = step
                .pattern
                .units
                .iter()
                .filter(|u| u.role == Role::Base)
                .map(|u| u.item)
                .collect();
            base.sort_unstable();
            let columns = base.first().is_some_and(|u| u.kind() == UnitKind::Column);
            let mut key = vec![digit, usize::from(columns)];
            key.extend(base.iter().map(|u| u.number()));
            key
        }
        Technique::XYWing => {
            let pivot = cells_with(Role::Pivot);
            let mut cells = cells_with(Role::Pincer);
            cells.extend(&pivot);
            cells.sort_unstable();
            let place = pivot
                .first()
                .and_then(|p| cells.iter().position(|c| c == p))
                .unwrap_or(0);
            cells.push(place);
            cells
        }
        Technique::XYZWing => {
            let mut pincers = cells_with(Role::Pincer);
            pincers.sort_unstable();
            let mut key = cells_with(Role::Pivot);
            key.extend(pincers);
            key
        }
        Technique::WWing => {
            let mut key = cells_with(Role::Pincer);
            key.sort_unstable();
            key.push(digit);
            key.extend(
                step.pattern
                    .units
                    .iter()
                    .filter(|u| u.role == Role::Base)
                    .map(|u| u.item.index()),
            );
            key
        }
        _ => vec![],
    }
}

/// Where HoDoKu's search (`SimpleSolver`) meets a locked-candidates or subset step: the base
/// unit (boxes, rows, columns, each 1-9), then the digit (locked candidates), the digits
/// (hidden sets) or the cells' places in the unit (naked and locked sets).
fn hodoku_search_key(step: &Step) -> (usize, usize, Vec<usize>) {
    use crate::geometry::UnitKind;
    use crate::step::Role;
    use crate::technique::Family;
    let Some(base) = step.pattern.units.iter().find(|u| u.role == Role::Base) else {
        return (usize::MAX, 0, vec![]);
    };
    let unit = base.item;
    let kind = match unit.kind() {
        UnitKind::Box => 0,
        UnitKind::Row => 1,
        UnitKind::Column => 2,
    };
    let within: Vec<usize> = if step.technique.family() == Family::Intersections {
        step.eliminations
            .iter()
            .take(1)
            .map(|c| c.digit as usize)
            .collect()
    } else if matches!(
        step.technique,
        Technique::HiddenPair | Technique::HiddenTriple | Technique::HiddenQuad
    ) {
        let mut digits: Vec<usize> = step
            .pattern
            .candidates
            .iter()
            .filter(|c| c.role == Role::Subset)
            .map(|c| c.item.digit as usize)
            .collect();
        digits.sort_unstable();
        digits.dedup();
        digits
    } else {
        let mut places: Vec<usize> = step
            .pattern
            .cells
            .iter()
            .filter(|c| c.role == Role::Subset)
            .filter_map(|c| unit.cells().iter().position(|&x| x == c.item))
            .collect();
        places.sort_unstable();
        places
    };
    (kind, unit.number(), within)
}

impl Default for Options {
    /// The Sudoku Explainer profile: [`Options::sudoku_explainer`].
    fn default() -> Options {
        Options::sudoku_explainer()
    }
}

impl Options {
    /// Sudoku Explainer 1.2.1's techniques in its order, so ratings agree with SE's. Techniques
    /// SE does not have (HoDoKu's Locked Pair, Skyscraper, ...) are left out: SE would find
    /// those deductions with its own, differently rated rules.
    pub fn sudoku_explainer() -> Options {
        Options {
            techniques: Technique::iter()
                .filter(|t| {
                    t.info().origin == Origin::SudokuExplainer && t.info().enabled_by_default
                })
                .collect(),
            step_limit: None,
            choice: Default::default(),
            time_limit: None,
        }
    }

    /// An approximation of Sukaku Explainer's default rule set (SE's maintained fork, the rater
    /// of `sukaku-exchange.tsv`): Sudoku Explainer 1.2.1's techniques plus the single-digit
    /// patterns of its `TurbotFish` rule (Skyscraper, 2-String Kite, Turbot Fish, Empty
    /// Rectangle), X-Chain for its `ThreeStrongLinks` and WXYZ-Wing, in rating order. Its
    /// VWXYZ-Wing and grouped turbot fish (4.3) are not in Stepwise, so agreement is partial
    /// (measured with `stepwise compare`, see ARCHITECTURE.md).
    pub fn sukaku_explainer() -> Options {
        use Technique::*;
        let added = [
            Skyscraper,
            TwoStringKite,
            TurbotFish,
            EmptyRectangle,
            XChain,
            WXYZWing,
        ];
        Options {
            techniques: Technique::iter()
                .filter(|t| {
                    (t.info().origin == Origin::SudokuExplainer && t.info().enabled_by_default)
                        || added.contains(t)
                })
                .collect(),
            step_limit: None,
            choice: Default::default(),
            time_limit: None,
        }
    }

    /// Every technique enabled by default, in rating order: the most natural path, though its
    /// ratings can differ from SE's where a technique SE lacks finds a step first.
    pub fn extended() -> Options {
        Options {
            techniques: Technique::iter()
                .filter(|t| t.info().enabled_by_default)
                .collect(),
            step_limit: None,
            choice: Default::default(),
            time_limit: None,
        }
    }

    /// HoDoKu 2.2's default solver steps in its order (`Options.java`, `DEFAULT_SOLVER_STEPS`
    /// sorted by index), so its score and level (`rating::rate_hodoku`) can agree with
    /// HoDoKu's. Each HoDoKu step maps to Stepwise's technique of the same name; where one
    /// HoDoKu step finds several of ours (Hidden Single: box, then line; Simple Colors: trap,
    /// then wrap; Nice Loop: continuous, discontinuous, AIC) they stand together in its place.
    ///
    /// At the end of the list, as in HoDoKu: its Forcing Chain (500) and Forcing Net (700),
    /// found by HoDoKu's own tabling search (`finders::hodoku_tabling`), and where those find
    /// nothing its Brute Force (10000): HoDoKu's guess, the solution's digit in the middle
    /// empty cell (`finders::brute_force`). Only this profile guesses, and only to reproduce
    /// HoDoKu's path and score; hints never do ([`Options::for_hints_from`]). Off in HoDoKu by
    /// default and so here: fish of size 5 and up, Franken Jellyfish and its finned form,
    /// mutant fish, Death Blossom, Kraken fish, templates.
    pub fn hodoku() -> Options {
        Options {
            techniques: HODOKU_ORDER.to_vec(),
            step_limit: None,
            choice: Choice::Hodoku,
            time_limit: None,
        }
    }

    /// The same options without the techniques rated above `last` in the catalog order (for
    /// example up to Dynamic Forcing Chains (+), leaving out the slow nested chains).
    pub fn up_to(mut self, last: Technique) -> Options {
        self.techniques.retain(|&t| t <= last);
        self
    }

    /// The same options without the techniques that assume a unique solution (unique
    /// rectangles, BUG), for users who do not want uniqueness taken for granted.
    pub fn without_uniqueness(mut self) -> Options {
        self.techniques
            .retain(|t| t.family() != crate::technique::Family::Uniqueness);
        self
    }

    /// The hint policy: the most natural single first (a full house, then a naked single, then
    /// hidden singles), then the remaining techniques in rating order. Rating follows Sudoku
    /// Explainer's order instead, where a direct hidden pair (2.0) comes before a naked single.
    pub fn for_hints() -> Options {
        Options::for_hints_from(Options::extended())
    }

    /// The hint policy over another technique set (a profile's): the natural singles it has
    /// first, in [`Options::for_hints`]'s order, then its other techniques in its own order,
    /// chosen among as it chooses.
    pub fn for_hints_from(base: Options) -> Options {
        let natural = [
            Technique::FullHouse,
            Technique::NakedSingle,
            Technique::HiddenSingleBox,
            Technique::HiddenSingleLine,
        ];
        let mut techniques: Vec<Technique> = natural
            .into_iter()
            .filter(|t| base.techniques.contains(t))
            .collect();
        // A hint is a deduction: HoDoKu's guess is never one.
        techniques.extend(
            base.techniques
                .iter()
                .copied()
                .filter(|t| !natural.contains(t) && *t != Technique::BruteForce),
        );
        Options {
            techniques,
            step_limit: None,
            choice: base.choice,
            time_limit: None,
        }
    }
}

/// [`Options::hodoku`]'s techniques: HoDoKu 2.2's default order, ending with its Forcing Chain,
/// Forcing Net and Brute Force.
const HODOKU_ORDER: &[Technique] = {
    use Technique::*;
    &[
        FullHouse,
        NakedSingle,
        HiddenSingleBox,
        HiddenSingleLine,
        LockedPair,
        LockedTriple,
        LockedCandidatesPointing,
        LockedCandidatesClaiming,
        NakedPair,
        NakedTriple,
        HiddenPair,
        HiddenTriple,
        NakedQuad,
        HiddenQuad,
        XWing,
        Swordfish,
        Jellyfish,
        RemotePair,
        BugPlus1,
        Skyscraper,
        TwoStringKite,
        TurbotFish,
        EmptyRectangle,
        WWing,
        XYWing,
        XYZWing,
        UniqueRectangle1,
        UniqueRectangle2,
        UniqueRectangle3,
        UniqueRectangle4,
        UniqueRectangle5,
        UniqueRectangle6,
        HiddenRectangle,
        AvoidableRectangle1,
        AvoidableRectangle2,
        FinnedXWing,
        SashimiXWing,
        FinnedSwordfish,
        SashimiSwordfish,
        FinnedJellyfish,
        SashimiJellyfish,
        SueDeCoq,
        SimpleColorsTrap,
        SimpleColorsWrap,
        MultiColors1,
        MultiColors2,
        XChain,
        XYChain,
        ContinuousNiceLoop,
        DiscontinuousNiceLoop,
        Aic,
        GroupedContinuousNiceLoop,
        GroupedDiscontinuousNiceLoop,
        GroupedAic,
        AlsXz,
        AlsXyWing,
        AlsChain,
        FrankenXWing,
        FrankenSwordfish,
        FinnedFrankenXWing,
        FinnedFrankenSwordfish,
        HodokuForcingChainContradiction,
        HodokuForcingChainVerity,
        HodokuForcingNetContradiction,
        HodokuForcingNetVerity,
        BruteForce,
    ]
};

/// How a logical solve ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Status {
    /// Logic reached the solution: every cell is filled.
    Solved,
    /// No enabled technique applies (or the step limit was reached).
    Stuck,
    /// The input could not be read as a puzzle.
    Invalid,
    /// The puzzle has no solution.
    NoSolution,
    /// The puzzle has more than one solution (the trace's `differing` says where two differ).
    MultipleSolutions,
    /// The time limit passed before the solve ended; the steps taken so far are kept.
    Timeout,
}

impl Status {
    /// Every status, for tables and tests.
    pub const ALL: [Status; 6] = [
        Status::Solved,
        Status::Stuck,
        Status::Invalid,
        Status::NoSolution,
        Status::MultipleSolutions,
        Status::Timeout,
    ];

    /// The status as `explain`, `rate` and `analyze` print it (serde's snake_case name).
    pub const fn word(self) -> &'static str {
        match self {
            Status::Solved => "solved",
            Status::Stuck => "stuck",
            Status::Invalid => "invalid",
            Status::NoSolution => "no_solution",
            Status::MultipleSolutions => "multiple_solutions",
            Status::Timeout => "timeout",
        }
    }
}

/// The whole path of a logical solve.
#[derive(Debug, Clone)]
pub struct Trace {
    /// The puzzle as an 81-character line.
    pub puzzle: String,
    /// How the solve ended.
    pub status: Status,
    /// The solution (row-major, digits 1..=9), known before any step is taken; `None`
    /// without exactly one.
    pub solution: Option<[u8; CELLS]>,
    /// The steps taken, in order.
    pub steps: Vec<Step>,
    /// The state where the solve ended (the candidates left when stuck).
    pub end: Grid,
    /// For `multiple_solutions`, the cells where two solutions differ.
    pub differing: Vec<usize>,
}

/// The first step the enabled techniques find, in order.
pub fn next_step(grid: &Grid, options: &Options) -> Option<Step> {
    let mut singles = Singles::new(grid, options);
    next_step_of(
        grid,
        options,
        options.techniques.iter().collect(),
        &mut singles,
    )
}

/// How a walk finds singles: by the finders, or for [`Choice::Hodoku`] from HoDoKu's queues,
/// which remember the order in which earlier steps removed candidates.
enum Singles {
    Searched,
    Queued(Box<HodokuSingles>),
}

impl Singles {
    fn new(grid: &Grid, options: &Options) -> Singles {
        if options.choice == Choice::Hodoku {
            Singles::Queued(Box::new(HodokuSingles::new(grid)))
        } else {
            Singles::Searched
        }
    }

    /// Records a step taken.
    fn apply(&mut self, step: &Step) {
        if let Singles::Queued(queues) = self {
            queues.apply(step);
        }
    }
}

/// The four singles, which HoDoKu's queues find together.
const SINGLES: [Technique; 4] = [
    Technique::FullHouse,
    Technique::NakedSingle,
    Technique::HiddenSingleBox,
    Technique::HiddenSingleLine,
];

/// [`next_step`] with the enabled techniques as a set, made once per solve. Bitsets, not
/// lists: this runs at every step, for every technique tried.
fn next_step_of(
    grid: &Grid,
    options: &Options,
    enabled: TechniqueSet,
    singles: &mut Singles,
) -> Option<Step> {
    let mut searched = TechniqueSet::EMPTY;
    for &t in &options.techniques {
        if let Singles::Queued(queues) = singles {
            if SINGLES.contains(&t) {
                if searched.contains(Technique::FullHouse) {
                    continue;
                }
                for x in SINGLES {
                    searched.insert(x);
                }
                match queues.next_single(enabled) {
                    Some(step) => return Some(step),
                    None => continue,
                }
            }
        }
        // Techniques found by one search (SE's chaining rules) are searched once, together,
        // and the search's own order decides among them, as in Sudoku Explainer.
        let leader = group_leader(t);
        if searched.contains(leader) {
            continue;
        }
        searched.insert(leader);
        let accept = |x: Technique| enabled.contains(x);
        if options.choice == Choice::Hodoku {
            // SE's multi-branch rules in a profile with HoDoKu's choice (a custom one: HoDoKu's
            // own has its forcing chains instead): any sound step of theirs will do, and the
            // first one met costs a fraction of SE's choice.
            if let Some(step) = crate::finders::forcing_chains::quick_step(t, grid, &accept) {
                if step.is_some() {
                    return step;
                }
                continue;
            }
            if let Some(search) = HODOKU_SEARCH_GROUPS.iter().find(|s| s.contains(&t)) {
                for &x in search.iter() {
                    searched.insert(x);
                }
                let mut first = None;
                let _ = crate::finders::hodoku_finder(search[0])(grid, &mut |step| {
                    if !accept(step.technique) {
                        return std::ops::ControlFlow::Continue(());
                    }
                    first = Some(step);
                    std::ops::ControlFlow::Break(())
                });
                if first.is_some() {
                    return first;
                }
                continue;
            }
            if let Some(search) = HODOKU_SORTED_SEARCHES.iter().find(|s| s.contains(&t)) {
                for &x in search.iter() {
                    searched.insert(x);
                }
                // (the least of each technique's choices is the least of all their steps)
                let best = search
                    .iter()
                    .filter(|&&x| enabled.contains(x))
                    .filter_map(|&x| crate::finders::hodoku_choice(x, grid))
                    .min_by_key(crate::finders::hodoku_order::step_sort_key);
                if best.is_some() {
                    return best;
                }
                continue;
            }
            if HODOKU_SEARCH_ORDERED.contains(&t) {
                let mut found = Vec::new();
                let _ = crate::finders::hodoku_finder(t)(grid, &mut |step| {
                    found.push(step);
                    std::ops::ControlFlow::Continue(())
                });
                if let Some(best) = found.into_iter().min_by_key(hodoku_search_key) {
                    return Some(best);
                }
                continue;
            }
            if HODOKU_FIRST_FOUND.contains(&t) {
                if let Some(first) = crate::finders::all(t, grid)
                    .into_iter()
                    .min_by_key(hodoku_first_found_key)
                {
                    return Some(first);
                }
                continue;
            }
            // Where HoDoKu's own search differs from SE's in what it finds (BUG+1) or in its
            // order (unique rectangles by type), its first step.
            let own = crate::finders::hodoku_finder(t);
            if own as usize != crate::finders::finder(t) as usize {
                let mut first = None;
                let _ = own(grid, &mut |step| {
                    if !accept(step.technique) {
                        return std::ops::ControlFlow::Continue(());
                    }
                    first = Some(step);
                    std::ops::ControlFlow::Break(())
                });
                if first.is_some() {
                    return first;
                }
                continue;
            }
        }
        if let Some(step) = first_accepted(t, grid, &accept) {
            return Some(step);
        }
    }
    None
}

/// Applies a step's placements and eliminations.
pub fn apply(grid: &mut Grid, step: &Step) {
    for p in &step.placements {
        if grid.value(p.cell) == 0 {
            grid.place(p.cell, p.digit);
        }
    }
    for e in &step.eliminations {
        grid.eliminate(e.cell, e.digit);
    }
}

/// Takes steps on `grid` as [`solve`] does, but without its validity check, deadline or step
/// limit, until the grid is solved, no technique applies, or `stop` is true of the step just
/// taken (which is kept and applied). Returns the steps, and `false` if it ended stuck. For
/// partial paths, such as HoDoKu's up to its first Extreme step (the level is then decided).
pub fn walk_until(
    grid: &mut Grid,
    options: &Options,
    mut stop: impl FnMut(&Step) -> bool,
) -> (Vec<Step>, bool) {
    let enabled: TechniqueSet = options.techniques.iter().collect();
    let mut singles = Singles::new(grid, options);
    let mut steps = Vec::new();
    while !grid.is_solved() {
        let Some(step) = next_step_of(grid, options, enabled, &mut singles) else {
            return (steps, false);
        };
        apply(grid, &step);
        singles.apply(&step);
        let done = stop(&step);
        steps.push(step);
        if done {
            break;
        }
    }
    (steps, true)
}

/// Solves a puzzle logically. The complete solver first proves a unique solution; the state's
/// candidates restrict it, so a pencilmark grid is checked as written.
pub fn solve(start: &Grid, options: &Options) -> Trace {
    solve_checked(start, options, false)
}

/// Solves a puzzle logically without assuming it has one solution: the techniques that rest on
/// uniqueness are left out, and a puzzle with several solutions is solved as far as logic
/// goes (every step then holds in every solution). Its trace keeps status
/// `multiple_solutions`, with the steps taken and the cells where two solutions differ; a
/// puzzle with one solution gets the same trace as [`solve`] without those techniques.
pub fn solve_without_uniqueness(start: &Grid, options: &Options) -> Trace {
    solve_checked(start, &options.clone().without_uniqueness(), true)
}

fn solve_checked(start: &Grid, options: &Options, go_on_when_multiple: bool) -> Trace {
    let puzzle = start.to_line();
    let mut masks = start.candidate_masks();
    for (cell, mask) in masks.iter_mut().enumerate() {
        if start.value(cell) != 0 {
            *mask = 1 << (start.value(cell) - 1);
        }
    }
    let (solution, differing) = match validity_with_candidates(&masks) {
        Validity::Unique(s) => (Some(s), vec![]),
        Validity::NoSolution => {
            return Trace {
                puzzle,
                status: Status::NoSolution,
                solution: None,
                steps: vec![],
                end: start.clone(),
                differing: vec![],
            }
        }
        Validity::Multiple(a, b) => {
            let differing: Vec<usize> = (0..CELLS).filter(|&i| a[i] != b[i]).collect();
            if !go_on_when_multiple {
                return Trace {
                    puzzle,
                    status: Status::MultipleSolutions,
                    solution: None,
                    steps: vec![],
                    end: start.clone(),
                    differing,
                };
            }
            (None, differing)
        }
    };
    let (status, steps, end) = walk(start, options);
    let status = match status {
        // Logic cannot finish a puzzle with two solutions; where it stops, the puzzle's
        // own status is the answer.
        Status::Solved | Status::Stuck if solution.is_none() => Status::MultipleSolutions,
        other => other,
    };
    Trace {
        puzzle,
        status,
        solution,
        steps,
        end,
        differing,
    }
}

/// The solve loop: first step found, applied, repeated until solved, stuck, over the step
/// limit or the deadline.
fn walk(start: &Grid, options: &Options) -> (Status, Vec<Step>, Grid) {
    let mut grid = start.clone();
    // Most paths take about one step per empty cell: no regrowing of a vector of large steps.
    let mut steps = Vec::with_capacity(grid.empty_count());
    let _deadline = deadline::Guard::new(options.time_limit);
    let enabled: TechniqueSet = options.techniques.iter().collect();
    let mut singles = Singles::new(&grid, options);
    let status = loop {
        if grid.is_solved() {
            break Status::Solved;
        }
        if options.step_limit.is_some_and(|limit| steps.len() >= limit) {
            break Status::Stuck;
        }
        let found = next_step_of(&grid, options, enabled, &mut singles);
        // A search cut short by the deadline reports nothing, and a later technique might then
        // have found a step SE would not take: once the deadline has passed, whatever this
        // round found is dropped. Expiry is monotonic, so a step kept here came from searches
        // that all ran to the end.
        if deadline::expired() {
            break Status::Timeout;
        }
        match found {
            Some(step) => {
                apply(&mut grid, &step);
                singles.apply(&step);
                steps.push(step);
            }
            None => break Status::Stuck,
        }
    };
    (status, steps, grid)
}

impl Trace {
    /// The solution as an 81-character line.
    pub fn solution_line(&self) -> Option<String> {
        self.solution
            .map(|s| s.iter().map(|&d| (b'0' + d) as char).collect())
    }

    /// A step that contradicts the solution, if any (must never happen).
    pub fn first_unsound_step(&self) -> Option<(usize, &Step)> {
        let solution = self.solution?;
        self.steps.iter().enumerate().find(|(_, s)| {
            s.placements.iter().any(|p| solution[p.cell] != p.digit)
                || s.eliminations.iter().any(|e| solution[e.cell] == e.digit)
        })
    }

    /// Names of the cells where two solutions differ, for the `multiple_solutions` message.
    pub fn differing_names(&self) -> Vec<String> {
        self.differing.iter().map(|&c| cell_name(c)).collect()
    }
}

impl Serialize for Trace {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Trace", 4)?;
        st.serialize_field("puzzle", &self.puzzle)?;
        st.serialize_field("solution", &self.solution_line())?;
        st.serialize_field("status", &self.status)?;
        st.serialize_field("steps", &self.steps)?;
        st.end()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::technique::Family;

    /// Uniqueness techniques never run on a puzzle with several solutions: the pipeline stops
    /// before the first step.
    #[test]
    fn no_step_at_all_without_a_unique_solution() {
        let mut cells = [0u8; 81];
        // The first row only: a puzzle with very many solutions.
        for (i, d) in (1..=9u8).enumerate() {
            cells[i] = d;
        }
        let all = Options {
            techniques: Technique::iter().collect(),
            step_limit: None,
            choice: Default::default(),
            time_limit: None,
        };
        let trace = solve(&Grid::from_puzzle(&cells), &all);
        assert_eq!(trace.status, Status::MultipleSolutions);
        assert!(trace.steps.is_empty());
        assert!(!trace.differing.is_empty());
    }

    /// The hodoku profile looks for naked sets where Sudoku Explainer does not (column 8 has
    /// five empty cells here, fewer than twice the triple's size), as HoDoKu 2.2's own path
    /// for this puzzle does at the same point (`rated/hodoku-paths.txt`).
    #[test]
    fn hodoku_profile_takes_hodokus_naked_triple() {
        let puzzle =
            ".........6..7.3..5..2...8...9.....1...6.7.3..8.......65...3...9.2.5.9.7..834.725.";
        let start = Grid::from_test_line(puzzle);
        let trace = solve(&start, &Options::hodoku());
        assert_eq!(trace.status, Status::Solved);
        let triple = "Naked Triple: 2,4,9 in r2c8,r5c8,r6c8 => r1c8<>24, r3c8<>49";
        let at = trace
            .steps
            .iter()
            .position(|s| s.notation() == triple)
            .expect("the hodoku path takes HoDoKu's naked triple");
        let mut grid = start;
        for step in &trace.steps[..at] {
            apply(&mut grid, step);
        }
        assert!(crate::finders::all(Technique::NakedTriple, &grid)
            .iter()
            .all(|s| s.notation() != triple));
    }

    #[test]
    fn status_words_are_serdes() {
        for status in Status::ALL {
            assert_eq!(
                serde_json::to_value(status).unwrap(),
                serde_json::Value::String(status.word().into())
            );
        }
    }

    /// Easter Monster takes seconds in the SE profile (nested chains from the first step):
    /// a tiny limit ends the solve as `timeout`, keeping only sound steps, never as `stuck`.
    #[test]
    fn a_time_limit_ends_the_solve_as_timeout() {
        let line =
            "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1";
        let grid = Grid::from_puzzle(&crate::format::parse_puzzle(line, None).unwrap().cells);
        let options = Options {
            time_limit: Some(Duration::from_millis(20)),
            ..Options::sudoku_explainer()
        };
        let trace = solve(&grid, &options);
        assert_eq!(trace.status, Status::Timeout);
        assert!(trace.first_unsound_step().is_none());
        assert!(!crate::deadline::expired(), "the limit ends with the solve");
    }

    #[test]
    fn a_generous_time_limit_changes_nothing() {
        let line =
            "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...";
        let grid = Grid::from_puzzle(&crate::format::parse_puzzle(line, None).unwrap().cells);
        let plain = solve(&grid, &Options::sudoku_explainer());
        let limited = solve(
            &grid,
            &Options {
                time_limit: Some(Duration::from_secs(3600)),
                ..Options::sudoku_explainer()
            },
        );
        assert_eq!(plain.status, Status::Solved);
        assert_eq!(limited.status, Status::Solved);
        assert_eq!(plain.steps, limited.steps);
    }

    /// The Sukaku profile is the SE profile with the added techniques inserted in rating order.
    #[test]
    fn sukaku_profile_extends_the_se_profile_in_order() {
        let se = Options::sudoku_explainer().techniques;
        let sukaku = Options::sukaku_explainer().techniques;
        let kept: Vec<Technique> = sukaku.iter().copied().filter(|t| se.contains(t)).collect();
        assert_eq!(kept, se);
        assert_eq!(sukaku.len(), se.len() + 6);
        let at = |t: Technique| sukaku.iter().position(|&x| x == t).unwrap();
        assert!(at(Technique::HiddenTriple) < at(Technique::Skyscraper));
        assert!(at(Technique::TurbotFish) < at(Technique::XYWing));
        assert!(at(Technique::HiddenQuad) < at(Technique::XChain));
        assert!(at(Technique::WXYZWing) < at(Technique::BugPlus1));
    }

    #[test]
    fn uniqueness_can_be_switched_off() {
        let with = Options::sudoku_explainer();
        assert!(with
            .techniques
            .iter()
            .any(|t| t.family() == Family::Uniqueness));
        let without = with.without_uniqueness();
        assert!(without
            .techniques
            .iter()
            .all(|t| t.family() != Family::Uniqueness));
        assert!(!without.techniques.is_empty());
    }
}
