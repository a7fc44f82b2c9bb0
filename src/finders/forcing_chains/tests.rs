//! Unit tests of the chaining rules on real positions.

use super::*;
use crate::pipeline::{apply, next_step, Options};

/// The first-only search of Forcing Chains & Cycles skips hints of higher difficulty than the
/// best found so far; the step it returns must be the full search's first, at every state of
/// Sudoku Explainer's path through three of magictour's top1465 (written here, so the test
/// runs without the shared corpora).
#[test]
fn first_only_search_returns_the_full_searchs_first_step() {
    let puzzles = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
        "3.7.4...........918........4.....7.....16.......25..........38..9....5...2.6.....",
    ];
    let options = Options::sudoku_explainer();
    let mut compared = 0;
    for puzzle in puzzles {
        let mut grid = Grid::from_test_line(puzzle);
        while let Some(step) = next_step(&grid, &options) {
            let mut full = Vec::new();
            let _ = forcing_chains_and_cycles(&grid, &mut |step| {
                full.push(step);
                ControlFlow::Continue(())
            });
            let first = first_forcing_chain_or_cycle(&grid);
            assert_eq!(
                first.as_ref().map(|s| (s.notation(), s.rating())),
                full.first().map(|s| (s.notation(), s.rating())),
                "at {}",
                grid.to_line()
            );
            compared += usize::from(first.is_some());
            apply(&mut grid, &step);
        }
        assert!(grid.is_solved(), "{puzzle}");
    }
    assert!(
        compared >= 10,
        "only {compared} states with a forcing chain or cycle"
    );
}

/// Inner hints kept from earlier steps (and earlier solves) are the ones a fresh search gives:
/// the path of a nested-chain puzzle is the same, step for step and in every detail, whether
/// the store is emptied before every step, filled along the way, or full from the start.
#[test]
fn kept_inner_hints_change_no_step() {
    // From the forum's hardest list, rated 10.4 by SE: nested chains of levels 2 to 4.
    let puzzle =
        "........8..3.9.4..6....7.1....5.97...3.....2...74........7....6..4.5.3..81.......";
    let start = Grid::from_test_line(puzzle);
    let options = Options::sudoku_explainer();
    let path = |forget_each_step: bool| {
        let mut grid = start.clone();
        let mut steps = Vec::new();
        loop {
            if forget_each_step {
                advanced::forget_raw_hints();
            }
            let Some(step) = next_step(&grid, &options) else {
                break;
            };
            apply(&mut grid, &step);
            steps.push(format!("{step:?}"));
        }
        assert!(grid.is_solved());
        steps
    };
    let cold = path(true);
    advanced::forget_raw_hints();
    let warm = path(false);
    let hot = path(false);
    assert!(cold.iter().any(|s| s.contains("NestedForcingChains")));
    assert_eq!(cold, warm);
    assert_eq!(cold, hot);
}

/// The screened search finds exactly the hints of the whole search, in the same order, for
/// Forcing Chains & Cycles, Multiple and Dynamic Forcing Chains on the grids of
/// [`screened_grids`]: the screen says "no hint" only where there is none, and where it names
/// the parts that may give hints, those parts give them all. Enough grids have hints, and
/// enough none, for both answers to be tested.
#[test]
fn screened_search_finds_the_whole_searchs_hints() {
    use super::screen::{screen, Verdict};
    let grids = screened_grids();
    let summary = |hints: &[ChainHint]| -> Vec<_> {
        hints
            .iter()
            .map(|h| {
                let kind = format!("{:?}", std::mem::discriminant(&h.kind));
                let targets: Vec<_> = h.targets().iter().map(|&t| h.arena.node(t).key()).collect();
                (
                    kind,
                    targets,
                    h.removable.clone(),
                    h.placement,
                    h.complexity,
                    h.sort_key,
                )
            })
            .collect()
    };
    for rule in [
        Rule::FORCING_CHAINS_AND_CYCLES,
        Rule::MULTIPLE,
        Rule::DYNAMIC,
    ] {
        let (mut none, mut some, mut planned) = (0, 0, 0);
        for grid in &grids {
            let whole = Search::new(rule, grid).run_unscreened();
            let verdict = screen(rule, grid);
            let at = || format!("{rule:?} on {}", grid.to_line());
            if verdict == Verdict::NoHint {
                assert!(whole.is_empty(), "the screen missed a hint: {}", at());
                none += 1;
            }
            planned += usize::from(matches!(verdict, Verdict::Only(_) | Verdict::Loops(_)));
            some += usize::from(!whole.is_empty());
            let screened = Search::new(rule, grid).run();
            assert_eq!(summary(&screened), summary(&whole), "{}", at());
        }
        assert!(
            none >= 50 && some >= 50,
            "{rule:?}: {none} screened out, {some} with hints"
        );
        assert!(planned >= 50, "{rule:?}: {planned} planned searches");
    }
}

/// The screen's closures are the search's: for every assumption (each candidate true and
/// false when dynamic, true when static) on every third grid of [`screened_grids`], the search
/// meets a contradiction exactly when the screen does, and otherwise implies the same
/// potentials, though in its own order. The screen's static closure is everything the
/// candidate reaches, which turns some candidate both on and off exactly when the search meets
/// a contradiction; a dynamic "off" closure is also what the screen's shortcut takes it to be.
#[test]
fn screen_closures_are_the_searchs() {
    use super::screen::Screen;
    let mut compared = [0usize; 2];
    for grid in screened_grids().iter().step_by(3) {
        for rule in [Rule::MULTIPLE, Rule::DYNAMIC] {
            let mut screen = Screen::new(rule, grid);
            let mut search = Search::new(rule, grid);
            search.list_links();
            for cell in (0..81).filter(|&c| grid.candidates(c).len() >= 2) {
                for digit in grid.candidates(cell) {
                    for on in [true, false] {
                        if !rule.dynamic && !on {
                            continue; // the screen's static closures all start "on"
                        }
                        let source = search.arena.assume(cell, digit, on);
                        let mut to_on = potentials::PotentialSet::default();
                        let mut to_off = potentials::PotentialSet::default();
                        if on {
                            to_on.add(&search.arena, source);
                        } else {
                            to_off.add(&search.arena, source);
                        }
                        let contradiction = search.close(grid, &mut to_on, &mut to_off);
                        // "On" closures as the screen keeps them (later ones are built from
                        // those), "off" ones as it computes them.
                        let implied = if on {
                            screen.kept_on_closure(cell, digit)
                        } else {
                            screen.close(cell, digit, on)
                        };
                        let at = || format!("{rule:?} {cell} {digit} {on} on {}", grid.to_line());
                        assert_eq!(contradiction.is_some(), implied.is_none(), "{}", at());
                        if rule.dynamic && !on {
                            // The shortcut: a strong link's partner's "on" closure, or nothing.
                            let shortcut = screen.off_closure_as_sets(cell, digit);
                            assert_eq!(shortcut, implied, "{}", at());
                        }
                        let Some(implied) = implied else {
                            compared[1] += 1;
                            continue;
                        };
                        let planes = |set: &potentials::PotentialSet| {
                            let mut planes = [0u128; 9];
                            for &id in &set.order {
                                let n = search.arena.node(id);
                                planes[n.digit as usize - 1] |= 1 << n.cell;
                            }
                            planes
                        };
                        assert_eq!(planes(&to_on), implied.on, "{}", at());
                        assert_eq!(planes(&to_off), implied.off, "{}", at());
                        compared[0] += 1;
                    }
                }
            }
        }
    }
    assert!(compared[0] > 1000 && compared[1] > 100, "{compared:?}");
}

/// Grids like those nested chains search: the start of two puzzles whose first step is a
/// nested chain, each with one candidate removed, and each with one candidate assumed true
/// (its cell's other candidates and its digit's other places removed, the cell left unsolved,
/// as an outer chain leaves it).
fn screened_grids() -> Vec<Grid> {
    let mut grids = Vec::new();
    for puzzle in NESTED_STARTS {
        let start = Grid::from_test_line(puzzle);
        for cell in 0..81 {
            for digit in start.candidates(cell) {
                let mut removed = start.clone();
                removed.eliminate(cell, digit);
                grids.push(removed);
                let mut assumed = start.clone();
                for other in start.candidates(cell).without(digit) {
                    assumed.eliminate(cell, other);
                }
                for peer in crate::geometry::peers(cell).iter() {
                    assumed.eliminate(peer, digit);
                }
                grids.push(assumed);
            }
        }
    }
    grids
}

/// The focus never turns away a technique with a step an advanced chain would use: on the
/// grids dynamic chains reduce four puzzles' starts to (each candidate assumed true, and
/// false, its closure's removals made), each inner technique it screens is turned away only
/// when none of its steps relies on the removals; each has such steps, and most grids are
/// turned away.
#[test]
fn focus_turns_away_no_useful_inner_step() {
    use super::focus::Focus;
    use crate::finders::all;
    use crate::technique::Technique;
    let top1465 = [
        "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
        "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
    ];
    let starts = NESTED_STARTS.iter().chain(&top1465);
    let techniques = [
        Technique::LockedCandidatesPointing,
        Technique::LockedCandidatesClaiming,
        Technique::HiddenPair,
        Technique::NakedPair,
        Technique::XWing,
    ];
    let (mut grids, mut useful, mut turned_away) = (0, [0usize; 5], [0usize; 5]);
    for start in starts {
        let source = Grid::from_test_line(start);
        for work in dynamically_reduced(&source) {
            grids += 1;
            let focus = Focus::new(&source, &work);
            for (i, &t) in techniques.iter().enumerate() {
                let uses = all(t, &work)
                    .iter()
                    .any(|step| !advanced::step_parents(step, &source, &work).is_empty());
                let may = focus.may_help(t);
                assert!(may || !uses, "{t:?} turned away on {}", work.to_line());
                useful[i] += usize::from(uses);
                turned_away[i] += usize::from(!may);
            }
        }
    }
    for i in 0..5 {
        assert!(
            useful[i] >= 5 && turned_away[i] * 2 >= grids,
            "{:?}: {} useful, {} turned away of {grids}",
            techniques[i],
            useful[i],
            turned_away[i],
        );
    }
}

/// The loop plan of a grid reduced from a loop-free source (one whose own loop plan is
/// empty), computed from the reaches of the strong links the reduction made, is the plan
/// computed from every candidate's reach: the same forcing chains, and the same cycles from
/// every cell a chain can start from. On the grids dynamic chains reduce two nested-chain
/// puzzles' starts to; enough of the plans name chains for a difference to show.
#[test]
fn loop_plan_from_new_links_is_the_whole_plan() {
    use super::screen::Screen;
    let (mut grids, mut with_chains) = (0, 0);
    for start in NESTED_STARTS {
        let source = Grid::from_test_line(start);
        let source_plan = Screen::new(Rule::FORCING_CHAINS_AND_CYCLES, &source)
            .loop_plan_with(None)
            .expect("a plan");
        assert!(
            source_plan.on_forcing.iter().all(|&m| m == 0)
                && source_plan.off_forcing.iter().all(|&m| m == 0),
            "the source has forcing chains: {start}"
        );
        let sets = super::screen::GridSets::of(&source);
        for work in dynamically_reduced(&source) {
            let whole = Screen::new(Rule::FORCING_CHAINS_AND_CYCLES, &work).loop_plan_with(None);
            let from_new_links =
                Screen::new(Rule::FORCING_CHAINS_AND_CYCLES, &work).loop_plan_with(Some(&sets));
            let at = || work.to_line();
            let (Some(mut whole), Some(from_new_links)) = (whole, from_new_links) else {
                panic!("a grid without a plan: {}", at());
            };
            // (the whole plan may also mark cycles from cells no chain starts from)
            for c in 0..81 {
                if work.value(c) != 0 || work.candidates(c).len() < 2 {
                    whole.cycles[c] = 0;
                    whole.x_cycles[c] = 0;
                }
            }
            assert_eq!(whole, from_new_links, "{}", at());
            grids += 1;
            with_chains += usize::from(whole.on_forcing.iter().any(|&m| m != 0));
        }
    }
    assert!(
        grids >= 500 && with_chains >= 50,
        "{grids} grids, {with_chains} with chains"
    );
}

/// On a grid reduced from a nested search's source, a dynamic screen takes a candidate's
/// closure from the source where the source's closure turns nothing off in a cell that lost
/// candidates or a unit that lost places of the digit: those closures, and the screen's
/// verdict, are the ones it computes without the source. On the grids dynamic chains reduce
/// two nested-chain puzzles' starts to; many closures come from the source, and many don't.
#[test]
fn source_closures_are_the_reduced_grids_own() {
    use super::screen::{screen, with_nested_source, Screen};
    let (mut grids, mut from_source, mut computed, mut planned) = (0, 0, 0, 0);
    for (source, reduced_grids) in nested_reductions() {
        for work in reduced_grids {
            let at = || work.to_line();
            let own = screen(Rule::DYNAMIC, &work);
            with_nested_source(&source, || {
                assert_eq!(screen(Rule::DYNAMIC, &work), own, "{}", at());
                let mut reduced = Screen::new(Rule::DYNAMIC, &work);
                let plain = Screen::new(Rule::DYNAMIC, &work);
                for c in (0..81).filter(|&c| work.candidates(c).len() >= 2) {
                    for d in work.candidates(c) {
                        match reduced.source_closure_of(c, d) {
                            Some(taken) => {
                                assert_eq!(Some(taken), plain.close(c, d, true), "{}", at());
                                from_source += 1;
                            }
                            None => computed += 1,
                        }
                        assert_eq!(
                            reduced.kept_on_closure(c, d),
                            plain.close(c, d, true),
                            "{}",
                            at()
                        );
                    }
                }
            });
            grids += 1;
            planned += usize::from(matches!(own, super::screen::Verdict::Only(_)));
        }
    }
    assert!(
        grids >= 500 && from_source >= 10_000 && computed >= 10_000 && planned >= 100,
        "{grids} grids, {from_source} closures from the source, {computed} computed, {planned} planned"
    );
}

/// The static counterpart: on a grid reduced from a nested search's source, a static screen
/// takes a candidate's reach from the source where that reach touches no removed candidate
/// (but as an "off" one without a strong link in the source) and no "off" candidate with a
/// strong link in a changed cell or unit; those reaches are the ones computed here, and the
/// Multiple and Forcing Chains & Cycles verdicts are those without the source.
#[test]
fn source_reaches_are_the_reduced_grids_own() {
    use super::screen::{screen, with_nested_source, Screen};
    let (mut grids, mut from_source, mut computed, mut planned) = (0, 0, 0, 0);
    for (source, reduced_grids) in nested_reductions() {
        for work in reduced_grids {
            let at = || work.to_line();
            let own =
                [Rule::MULTIPLE, Rule::FORCING_CHAINS_AND_CYCLES].map(|rule| screen(rule, &work));
            with_nested_source(&source, || {
                for (rule, own) in [Rule::MULTIPLE, Rule::FORCING_CHAINS_AND_CYCLES]
                    .into_iter()
                    .zip(&own)
                {
                    assert_eq!(&screen(rule, &work), own, "{rule:?} {}", at());
                }
                let reduced = Screen::new(Rule::MULTIPLE, &work);
                for c in (0..81).filter(|&c| work.candidates(c).len() >= 2) {
                    for d in work.candidates(c) {
                        match reduced.source_closure_of(c, d) {
                            Some(taken) => {
                                assert_eq!(taken, reduced.reach_of(c, d), "{}", at());
                                from_source += 1;
                            }
                            None => computed += 1,
                        }
                    }
                }
            });
            grids += 1;
            planned += usize::from(matches!(own[0], super::screen::Verdict::Only(_)));
        }
    }
    assert!(
        grids >= 500 && from_source >= 10_000 && computed >= 10_000 && planned >= 50,
        "{grids} grids, {from_source} reaches from the source, {computed} computed, {planned} planned"
    );
}

/// The starts of two puzzles whose first step is a nested chain (a Golden Nugget-like one and
/// one more): the source grids of the nested-search tests.
/// The early-stopping searches of HoDoKu's stand-ins ([`quick_step`]) return hints of the
/// rule's own: on the grids dynamic chains reduce the nested starts to (and on the starts
/// themselves for nested chains), the quick search finds a hint exactly when the whole search
/// does, each quick hint removes what one of the whole search's hints removes, and it stops
/// with far fewer hints.
#[test]
fn quick_searches_stop_early_with_hints_of_the_whole_search() {
    let mut cases: Vec<(Rule, Grid)> = Vec::new();
    for (source, reduced) in nested_reductions() {
        for work in reduced.into_iter().step_by(3) {
            cases.push((Rule::DYNAMIC, work.clone()));
            cases.push((Rule::NISHIO, work.clone()));
            cases.push((Rule::MULTIPLE, work));
        }
        cases.push((Rule::nested(2), source));
    }
    let (mut with_hints, mut quick_total, mut whole_total) = (0, 0, 0);
    for (rule, grid) in &cases {
        let whole = Search::new(*rule, grid).run();
        let quick = Search::new(*rule, grid).first_part_only().run();
        let at = || format!("{rule:?} at {}", grid.to_line());
        assert_eq!(quick.is_empty(), whole.is_empty(), "{}", at());
        for hint in &quick {
            assert!(
                whole.iter().any(|w| w.removable == hint.removable),
                "{}: {:?} is not a hint of the whole search",
                at(),
                hint.removable
            );
        }
        with_hints += usize::from(!whole.is_empty());
        quick_total += quick.len();
        whole_total += whole.len();
    }
    assert!(with_hints >= 100, "{with_hints} grids with hints");
    assert!(
        quick_total * 3 < whole_total,
        "the quick searches found {quick_total} hints, the whole {whole_total}"
    );
    // The pipeline's entry: only the leaders of multi-branch rules, all their techniques
    // accepted.
    let grid = Grid::from_test_line(NESTED_STARTS[0]);
    let all_accepted = |_: Technique| true;
    assert!(quick_step(Technique::XWing, &grid, &all_accepted).is_none());
    assert!(quick_step(Technique::CellForcingChains, &grid, &|t| {
        t != Technique::RegionForcingChains
    })
    .is_none());
    let step = quick_step(Technique::NestedForcingChains, &grid, &all_accepted)
        .expect("a multi-branch rule")
        .expect("nested chains find a step");
    assert_eq!(step.technique, Technique::NestedForcingChains);
    let solution = crate::finders::testing::solved(&grid);
    assert!(
        step.placements
            .iter()
            .all(|p| solution.value(p.cell) == p.digit)
            && step
                .eliminations
                .iter()
                .all(|e| solution.value(e.cell) != e.digit),
        "{step}"
    );
}

const NESTED_STARTS: [&str; 2] = [
    "1.......2..94...5..6....7.....89..4....3.6.....8.4.....2....1..7.......6..5.8..3.",
    ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
];

/// Each of [`NESTED_STARTS`] with the grids dynamic chains reduce it to.
fn nested_reductions() -> Vec<(Grid, Vec<Grid>)> {
    NESTED_STARTS
        .iter()
        .map(|start| {
            let source = Grid::from_test_line(start);
            let reduced = dynamically_reduced(&source);
            (source, reduced)
        })
        .collect()
}

/// The grids dynamic chains reduce `source` to, as nested chains meet them: each candidate
/// assumed true, and false, with its closure's removals made (contradictions left out).
fn dynamically_reduced(source: &Grid) -> Vec<Grid> {
    use super::screen::Screen;
    let screen = Screen::new(Rule::DYNAMIC, source);
    let mut grids = Vec::new();
    for cell in (0..81).filter(|&c| source.candidates(c).len() >= 2) {
        for digit in source.candidates(cell) {
            for on in [true, false] {
                let Some(implied) = screen.close(cell, digit, on) else {
                    continue; // a contradiction: the chain ends there
                };
                let mut work = source.clone();
                for (d, plane) in implied.off.iter().enumerate() {
                    for c in crate::geometry::CellSet(*plane).iter() {
                        work.eliminate(c, d as Digit + 1);
                    }
                }
                grids.push(work);
            }
        }
    }
    grids
}
