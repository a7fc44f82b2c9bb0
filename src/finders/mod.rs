//! The finders: one function per technique from a read-only [`Grid`] to the steps it finds.
//!
//! Owns the [`Finder`] signature, the helpers [`first`] and [`all`], and [`finder`], the one
//! exhaustive map from a [`Technique`] to its function (a technique without a finder does not
//! compile). Each family lives in its own file, or folder when it has several rooms
//! (`uniqueness/`; HoDoKu's alternating inference chains in `aic/`, Sudoku Explainer's
//! forcing chains in `forcing_chains/`; HoDoKu's own forcing chains and nets in
//! `hodoku_tabling`, on its grid bookkeeping in `hodoku_singles`); adding a family means one new file here plus its
//! catalog pages in `techniques/`. What the families share: `se_order` (Sudoku Explainer's
//! unit orders) and `combinations` (the orders of combinations the searches follow).
//!
//! **Invariants:** a finder never mutates the grid; it emits only steps that make progress;
//! it sets the technique itself; it emits steps in a fixed, documented order so traces are
//! deterministic; it records what the rating reads as [`Facts`](crate::technique::Facts),
//! never a rating number; it uses nothing above it (pipeline, rating, hints, formats;
//! `tests/layering.rs`).

use std::ops::ControlFlow;

use crate::grid::Grid;
use crate::step::Step;
use crate::technique::Technique;

pub mod aic;
pub mod als;
mod barren_digits;
mod barren_units;
pub mod brute_force;
pub mod coloring;
mod combinations;
pub mod exclusion;
pub mod fish;
pub mod forcing_chains;
pub mod hodoku_loops;
pub mod hodoku_order;
mod hodoku_reach;
pub(crate) mod hodoku_singles;
pub mod hodoku_tabling;
pub mod intersections;
mod se_order;
pub mod single_digit;
pub mod singles;
pub mod subsets;
pub mod sue_de_coq;
mod templates;
pub mod uniqueness;
pub mod wings;

/// Receives each step a finder finds; `Break` stops the search.
pub type Emit<'a> = dyn FnMut(Step) -> ControlFlow<()> + 'a;

/// A technique's search over a candidate grid.
pub type Finder = fn(&Grid, &mut Emit<'_>) -> ControlFlow<()>;

/// The finder of a technique.
pub fn finder(technique: Technique) -> Finder {
    use Technique::*;
    match technique {
        FullHouse => singles::full_house,
        HiddenSingleBox => singles::hidden_single_box,
        HiddenSingleLine => singles::hidden_single_line,
        NakedSingle => singles::naked_single,
        DirectPointing => intersections::direct_pointing,
        DirectClaiming => intersections::direct_claiming,
        LockedCandidatesPointing => intersections::pointing,
        LockedCandidatesClaiming => intersections::claiming,
        DirectHiddenPair => subsets::direct_hidden_pair,
        DirectHiddenTriple => subsets::direct_hidden_triple,
        LockedPair => subsets::locked_pair,
        LockedTriple => subsets::locked_triple,
        NakedPair => subsets::naked_pair,
        NakedTriple => subsets::naked_triple,
        NakedQuad => subsets::naked_quad,
        HiddenPair => subsets::hidden_pair,
        HiddenTriple => subsets::hidden_triple,
        HiddenQuad => subsets::hidden_quad,
        XWing => fish::x_wing,
        Swordfish => fish::swordfish,
        Jellyfish => fish::jellyfish,
        FinnedXWing => fish::finned_x_wing,
        SashimiXWing => fish::sashimi_x_wing,
        FinnedSwordfish => fish::finned_swordfish,
        SashimiSwordfish => fish::sashimi_swordfish,
        FinnedJellyfish => fish::finned_jellyfish,
        SashimiJellyfish => fish::sashimi_jellyfish,
        FrankenXWing => fish::franken_x_wing,
        FrankenSwordfish => fish::franken_swordfish,
        FrankenJellyfish => fish::franken_jellyfish,
        FinnedFrankenXWing => fish::finned_franken_x_wing,
        FinnedFrankenSwordfish => fish::finned_franken_swordfish,
        FinnedFrankenJellyfish => fish::finned_franken_jellyfish,
        MutantXWing => fish::mutant_x_wing,
        MutantSwordfish => fish::mutant_swordfish,
        MutantJellyfish => fish::mutant_jellyfish,
        FinnedMutantXWing => fish::finned_mutant_x_wing,
        FinnedMutantSwordfish => fish::finned_mutant_swordfish,
        FinnedMutantJellyfish => fish::finned_mutant_jellyfish,
        Skyscraper => single_digit::skyscraper,
        TwoStringKite => single_digit::two_string_kite,
        TurbotFish => single_digit::turbot_fish,
        EmptyRectangle => single_digit::empty_rectangle,
        SimpleColorsTrap => coloring::simple_colors_trap,
        SimpleColorsWrap => coloring::simple_colors_wrap,
        MultiColors1 => coloring::multi_colors_1,
        MultiColors2 => coloring::multi_colors_2,
        XYWing => wings::xy_wing,
        XYZWing => wings::xyz_wing,
        WWing => wings::w_wing,
        WXYZWing => wings::wxyz_wing,
        AlignedPairExclusion => exclusion::aligned_pair_exclusion,
        AlignedTripleExclusion => exclusion::aligned_triple_exclusion,
        UniqueRectangle1 | UniqueRectangle2 | UniqueRectangle3 | UniqueRectangle4 | UniqueLoop => {
            uniqueness::unique_rectangles_and_loops
        }
        UniqueRectangle5 => uniqueness::unique_rectangle_5,
        UniqueRectangle6 => uniqueness::unique_rectangle_6,
        HiddenRectangle => uniqueness::hidden_rectangle,
        AvoidableRectangle1 => uniqueness::avoidable_rectangle_1,
        AvoidableRectangle2 => uniqueness::avoidable_rectangle_2,
        BugPlus1 => uniqueness::bug_plus_1,
        BidirectionalXCycle | BidirectionalYCycle | ForcingXChain | BidirectionalCycle
        | ForcingChain => forcing_chains::forcing_chains_and_cycles,
        NishioForcingChains => forcing_chains::nishio,
        CellForcingChains | RegionForcingChains => forcing_chains::multiple,
        DynamicContradictionForcingChains
        | DynamicDoubleForcingChains
        | DynamicCellForcingChains
        | DynamicRegionForcingChains => forcing_chains::dynamic,
        DynamicForcingChainsPlus => forcing_chains::dynamic_plus,
        NestedForcingChains => forcing_chains::nested,
        HodokuForcingChainContradiction | HodokuForcingChainVerity => {
            hodoku_tabling::forcing_chains
        }
        HodokuForcingNetContradiction | HodokuForcingNetVerity => hodoku_tabling::forcing_nets,
        BruteForce => brute_force::brute_force,
        SueDeCoq => sue_de_coq::sue_de_coq,
        AlsXz => als::als_xz,
        AlsXyWing => als::als_xy_wing,
        AlsChain => als::als_chain,
        DeathBlossom => als::death_blossom,
        RemotePair => aic::remote_pair,
        XChain => aic::x_chain,
        XYChain => aic::xy_chain,
        ContinuousNiceLoop => aic::continuous_nice_loop,
        DiscontinuousNiceLoop => aic::discontinuous_nice_loop,
        Aic => aic::aic,
        GroupedContinuousNiceLoop => aic::grouped_continuous_nice_loop,
        GroupedDiscontinuousNiceLoop => aic::grouped_discontinuous_nice_loop,
        GroupedAic => aic::grouped_aic,
        AlsAic => aic::als_aic,
        BugType2 => uniqueness::bug_type_2,
        BugType3 => uniqueness::bug_type_3,
        BugType4 => uniqueness::bug_type_4,
    }
}

/// The finder the hodoku profile uses for a technique: HoDoKu's own search where it finds
/// more than Sudoku Explainer's (naked and hidden sets without SE's rule on empty cells) or
/// less (BUG+1 on a three-candidate cell only), [`finder`] otherwise.
pub fn hodoku_finder(technique: Technique) -> Finder {
    use Technique::*;
    match technique {
        BugPlus1 => uniqueness::hodoku_bug_plus_1,
        UniqueRectangle1 => uniqueness::hodoku_uniqueness,
        AlsChain => als::hodoku_als_chain,
        RemotePair => aic::hodoku_remote_pair,
        XChain => aic::hodoku_x_chain,
        SimpleColorsTrap => coloring::hodoku_simple_colors,
        MultiColors1 => coloring::hodoku_multi_colors,
        ContinuousNiceLoop | DiscontinuousNiceLoop | Aic => hodoku_loops::nice_loops,
        GroupedContinuousNiceLoop | GroupedDiscontinuousNiceLoop | GroupedAic => {
            hodoku_loops::grouped_nice_loops
        }
        NakedPair => subsets::hodoku_naked_pair,
        NakedTriple => subsets::hodoku_naked_triple,
        NakedQuad => subsets::hodoku_naked_quad,
        HiddenPair => subsets::hodoku_hidden_pair,
        HiddenTriple => subsets::hodoku_hidden_triple,
        HiddenQuad => subsets::hodoku_hidden_quad,
        _ => fish::hodoku_finder(technique).unwrap_or_else(|| finder(technique)),
    }
}

/// The technique whose finder also finds `technique`'s steps, when one search finds several
/// techniques together (Sudoku Explainer's chaining rules and its `UniqueLoops`); the technique
/// itself otherwise.
/// The pipeline runs each group's search once, where its first technique stands.
pub fn group_leader(technique: Technique) -> Technique {
    forcing_chains::group_leader(technique)
        .or_else(|| uniqueness::group_leader(technique))
        .or_else(|| hodoku_tabling::group_leader(technique))
        .unwrap_or(technique)
}

/// Empties this thread's finder memories (the kept chaining hints, graphs, fishless digits,
/// barren exclusion triples, barren Sue de Coq intersections and spare buffers; see
/// [`crate::cache`]). Nothing found changes, only how fast the next searches run; a server may
/// call it between requests to give the memory back.
pub fn clear_caches() {
    forcing_chains::clear_caches();
    als::clear_cache();
    aic::clear_caches();
    fish::clear_cache();
    barren_digits::clear();
    barren_units::clear();
    templates::clear_cache();
    exclusion::clear_cache();
    sue_de_coq::clear_cache();
    hodoku_tabling::clear_spare_tables();
}

/// Empties each of this thread's finder memories that holds more than its share of the bound
/// now in force (a budget may bring a smaller one than the memories were filled under).
pub(crate) fn trim_caches() {
    use crate::cache::{bound, Memory};
    forcing_chains::trim_caches();
    if als::cache_bytes() > bound(Memory::AlsGraph) {
        als::clear_cache();
    }
    aic::trim_caches();
    if fish::cache_bytes() > bound(Memory::Fishless) {
        fish::clear_cache();
    }
    if exclusion::cache_bytes() > bound(Memory::BarrenTriples) {
        exclusion::clear_cache();
    }
    if sue_de_coq::cache_bytes() > bound(Memory::BarrenIntersections) {
        sue_de_coq::clear_cache();
    }
}

/// What this thread's finder memories hold now, in bytes, as each counts itself against its
/// share of [`crate::cache::thread_limit`] (a nested search's own results, dropped when it
/// ends, are not included).
pub fn cache_bytes() -> usize {
    forcing_chains::cache_bytes()
        + als::cache_bytes()
        + aic::cache_bytes()
        + fish::cache_bytes()
        + exclusion::cache_bytes()
        + sue_de_coq::cache_bytes()
}

/// The first step of `technique`'s search whose own technique `accept` takes (a group's
/// search emits the steps of all its techniques, in its order).
pub fn first_accepted(
    technique: Technique,
    grid: &Grid,
    accept: &dyn Fn(Technique) -> bool,
) -> Option<Step> {
    // A rule whose whole search sorts its hints: when every technique it names is wanted,
    // the search may skip hints that cannot come first.
    if technique == forcing_chains::FORCING_CHAINS_AND_CYCLES[0]
        && forcing_chains::FORCING_CHAINS_AND_CYCLES
            .iter()
            .all(|&t| accept(t))
    {
        return forcing_chains::first_forcing_chain_or_cycle(grid);
    }
    if hodoku_tabling::sorted_group(technique).is_some_and(|group| group.iter().all(|&t| accept(t)))
    {
        return hodoku_tabling::first_step(technique, grid);
    }
    // ALS Chain's search emits only ALS chains: asked only when they are wanted.
    if technique == Technique::AlsChain {
        return accept(technique)
            .then(|| als::first_als_chain(grid))
            .flatten();
    }
    // Without Unique Loop (HoDoKu's profile), its group's rectangles alone: the same first
    // accepted step, without the loop search.
    let search = if technique == Technique::UniqueRectangle1 && !accept(Technique::UniqueLoop) {
        uniqueness::unique_rectangles
    } else {
        finder(technique)
    };
    let mut found = None;
    let _ = search(grid, &mut |step| {
        debug_assert!(
            step.makes_progress(),
            "finder emitted a step without progress: {step}"
        );
        if accept(step.technique) {
            found = Some(step);
            return ControlFlow::Break(());
        }
        ControlFlow::Continue(())
    });
    found
}

/// The first step a technique finds, if any.
pub fn first(technique: Technique, grid: &Grid) -> Option<Step> {
    first_accepted(technique, grid, &|t| t == technique)
}

/// Every step a technique finds, in the finder's order.
pub fn all(technique: Technique, grid: &Grid) -> Vec<Step> {
    all_of(finder(technique), technique, grid)
}

/// Every step of `technique` that HoDoKu's own search for it ([`hodoku_finder`]) finds.
pub fn all_hodoku(technique: Technique, grid: &Grid) -> Vec<Step> {
    all_of(hodoku_finder(technique), technique, grid)
}

/// The step HoDoKu applies from its sorted search for `technique` (X-Chain, XY-Chain, Remote
/// Pair, Turbot Fish; see [`hodoku_order`]): of every step [`all_hodoku`] finds, the first with
/// the least sort key. The chain searches rank what they find before they write it in words,
/// so only this step is written.
pub fn hodoku_choice(technique: Technique, grid: &Grid) -> Option<Step> {
    use Technique::*;
    match technique {
        XChain => aic::hodoku_x_chain_choice(grid),
        XYChain => aic::xy_chain_hodoku_choice(grid),
        RemotePair => aic::hodoku_remote_pair_choice(grid),
        _ => all_hodoku(technique, grid)
            .into_iter()
            .min_by_key(hodoku_order::step_sort_key),
    }
}

fn all_of(search: Finder, technique: Technique, grid: &Grid) -> Vec<Step> {
    let mut found = Vec::new();
    let _ = search(grid, &mut |step| {
        debug_assert!(
            step.makes_progress(),
            "finder emitted a step without progress: {step}"
        );
        if step.technique == technique {
            found.push(step);
        }
        ControlFlow::Continue(())
    });
    found
}

/// Helpers the finders' unit tests share.
#[cfg(test)]
pub(crate) mod testing {
    use std::ops::ControlFlow;

    use super::{all, first, Finder};
    use crate::format::{parse_puzzle, Format};
    use crate::grid::Grid;
    use crate::solver::{validity, Validity};
    use crate::technique::Technique;

    pub(crate) fn pencilmark(text: &str) -> Grid {
        let input = parse_puzzle(text, Some(Format::Pencilmark)).expect("a pencilmark grid");
        Grid::from_pencilmarks(&input.cells, &input.candidates.expect("candidates"))
    }

    pub(crate) fn solved(grid: &Grid) -> Grid {
        match validity(grid.values()) {
            Validity::Unique(solution) => Grid::from_puzzle(&solution),
            _ => panic!("the test grid must have one solution"),
        }
    }

    /// The technique finds exactly `expected` (as its only step) on `example`, nothing on
    /// `near_miss`, and nothing on the solved grid.
    pub(crate) fn check(technique: Technique, example: &str, expected: &str, near_miss: &str) {
        check_grids(
            technique,
            &pencilmark(example),
            expected,
            &pencilmark(near_miss),
        );
    }

    /// A pencilmark grid whose filled cells are givens only where `givens` (an 81-character
    /// puzzle line) fills them; the others were placed while solving.
    pub(crate) fn pencilmark_with_givens(text: &str, givens: &str) -> Grid {
        let grid = pencilmark(text);
        let given_cells = givens
            .chars()
            .enumerate()
            .filter(|(_, ch)| ch.is_ascii_digit() && *ch != '0')
            .map(|(i, _)| i)
            .collect();
        grid.with_givens(given_cells)
    }

    /// Walks `options`' path from `grid` and, at every state, runs `techniques` with the
    /// finders' memories as the previous states left them ("warm"), then again after `clear`
    /// ("cold"), asserting both find the same steps: a memory must change no answer. Returns
    /// the states walked, the steps the cold searches found and the states at which `held`
    /// said the memory held something after the warm searches.
    pub(crate) fn memory_changes_nothing(
        grid: Grid,
        options: &crate::pipeline::Options,
        techniques: &[Technique],
        clear: fn(),
        held: fn() -> bool,
    ) -> (usize, usize, usize) {
        let search = |grid: &Grid| -> Vec<Vec<String>> {
            techniques
                .iter()
                .map(|&t| all(t, grid).iter().map(|s| s.notation()).collect())
                .collect()
        };
        walk_comparing(grid, options, &search, clear, held)
    }

    /// [`memory_changes_nothing`] for finder functions called directly (the variants the
    /// pipeline reaches through its own choice, such as HoDoKu's), every step each emits.
    pub(crate) fn finders_change_nothing(
        grid: Grid,
        options: &crate::pipeline::Options,
        finders: &[Finder],
        clear: fn(),
        held: fn() -> bool,
    ) -> (usize, usize, usize) {
        let search = |grid: &Grid| -> Vec<Vec<String>> {
            finders
                .iter()
                .map(|finder| {
                    let mut found = Vec::new();
                    let _ = finder(grid, &mut |step| {
                        found.push(step.notation());
                        ControlFlow::Continue(())
                    });
                    found
                })
                .collect()
        };
        walk_comparing(grid, options, &search, clear, held)
    }

    /// Three puzzles (a top1465 puzzle and two of se121) whose paths the barren memories'
    /// tests walk: long enough, and with steps of most searches along the way.
    pub(crate) const BARREN_WALKS: [&str; 3] = [
        "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......",
        "....4.....14.....6..29.3...2...7..9..9....5..6.5..1..35.....72...6.....1.....7.3.",
        "..39.4..8....62.41..8....2...6.2..39.........42..9.1...8....6..79.23....3..1.57..",
    ];

    /// [`assert_barren_memory_changes_nothing`] for techniques that remember their barren
    /// digits, on the paths of [`BARREN_WALKS`].
    pub(crate) fn assert_barren_digits_change_nothing(
        profiles: &[crate::pipeline::Options],
        techniques: &[Technique],
        minimums: (usize, usize),
    ) {
        assert_barren_memory_changes_nothing(
            &BARREN_WALKS,
            profiles,
            Searches::Techniques(techniques),
            (
                super::barren_digits::clear,
                super::barren_digits::any_remembered,
            ),
            minimums,
        );
    }

    /// What a barren memory's test runs: on every puzzle and profile, [`walk_comparing`] with
    /// `searches` (techniques through [`all`], or finder functions), summed; asserts more than
    /// `min_states` states, more than `min_found` steps and the memory holding something at
    /// half the states or more.
    pub(crate) fn assert_barren_memory_changes_nothing(
        puzzles: &[&str],
        profiles: &[crate::pipeline::Options],
        searches: Searches<'_>,
        (clear, held): (fn(), fn() -> bool),
        (min_states, min_found): (usize, usize),
    ) {
        let (mut states, mut found, mut held_at) = (0, 0, 0);
        for puzzle in puzzles {
            for options in profiles {
                let grid = Grid::from_test_line(puzzle);
                let (walked, steps, remembered) = match searches {
                    Searches::Techniques(t) => {
                        memory_changes_nothing(grid, options, t, clear, held)
                    }
                    Searches::Finders(f) => finders_change_nothing(grid, options, f, clear, held),
                };
                states += walked;
                found += steps;
                held_at += remembered;
            }
        }
        assert!(
            states > min_states && found > min_found && held_at > states / 2,
            "{states} states, {found} steps, memory held at {held_at}"
        );
    }

    /// The searches a memory test runs at each state.
    #[derive(Clone, Copy)]
    pub(crate) enum Searches<'a> {
        Techniques(&'a [Technique]),
        Finders(&'a [Finder]),
    }

    /// The walk behind both: the states walked, the steps found cold, the states where the
    /// memory held something before it was cleared.
    fn walk_comparing(
        mut grid: Grid,
        options: &crate::pipeline::Options,
        search: &dyn Fn(&Grid) -> Vec<Vec<String>>,
        clear: fn(),
        held: fn() -> bool,
    ) -> (usize, usize, usize) {
        clear();
        let (mut states, mut found, mut states_held) = (0, 0, 0);
        while let Some(step) = crate::pipeline::next_step(&grid, options) {
            let warm = search(&grid);
            states_held += usize::from(held());
            clear();
            let cold = search(&grid);
            assert_eq!(warm, cold, "state {states}");
            found += cold.iter().map(Vec::len).sum::<usize>();
            crate::pipeline::apply(&mut grid, &step);
            states += 1;
        }
        assert!(grid.is_solved());
        (states, found, states_held)
    }

    /// [`memory_changes_nothing`] with what each memory's test asks of its path: more than
    /// `min_states` states, two steps found or more, and the memory holding something after
    /// half the states or more.
    pub(crate) fn assert_memory_changes_nothing(
        grid: Grid,
        options: &crate::pipeline::Options,
        technique: Technique,
        (clear, held): (fn(), fn() -> bool),
        min_states: usize,
    ) {
        let (states, found, states_held) =
            memory_changes_nothing(grid, options, &[technique], clear, held);
        assert!(
            states > min_states && found >= 2 && states_held >= states / 2,
            "{states} states, {found} steps, memory held at {states_held}"
        );
    }

    /// [`check`] on grids already built.
    pub(crate) fn check_grids(technique: Technique, grid: &Grid, expected: &str, near_miss: &Grid) {
        let step = first(technique, grid).expect("a step on the example");
        assert_eq!(step.notation(), expected);
        assert!(step.text.ends_with('.'), "{}", step.text);
        println!("{}", step.text);
        assert_eq!(all(technique, grid).len(), 1);
        assert!(all(technique, near_miss).is_empty());
        assert!(all(technique, &solved(grid)).is_empty());
    }
}
