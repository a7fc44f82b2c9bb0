//! Every finder family checks the deadline: on the hardest states the pipeline reaches (forum
//! puzzles rated 11 and up, after every technique short of the forcing chains has run dry, so
//! each search runs to its end), each technique's whole search under an expired or a 1 ms
//! deadline returns within a few milliseconds. The bound asserted is generous, so a loaded
//! machine does not make the test flaky; the worst latency per family is printed
//! (`--nocapture`) and is the figure to watch.

mod common;

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use strum::IntoEnumIterator;

use stepwise::deadline;
use stepwise::finders;
use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::technique::{Family, Technique};

/// Forum-hardest puzzles (SE 11+), used when the shared corpus is absent.
const FORUM_HARDEST: [&str; 3] = [
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2",
    "98.7..6..7.5....9..43.....78..2....6..7.1..2......48..3..9...6.....5.3.......1..9",
    "98.7..6..5...9..7...7..4...4...327....65...9.......3.11...8.5...2.........54...8.",
];

/// Far above the few milliseconds a finder should overrun its deadline by, far below the
/// seconds the slowest searches take without one.
const PROMPTLY: Duration = Duration::from_millis(50);

/// The states where every technique short of SE's chaining rules has run dry.
fn hard_states() -> Vec<Grid> {
    let puzzles: Vec<String> = match common::corpus("forum-hardest-11plus.txt", usize::MAX) {
        // (every 4000th: a spread over the list, a dozen states)
        Some(all) => all.into_iter().step_by(4000).collect(),
        None => FORUM_HARDEST.iter().map(|p| p.to_string()).collect(),
    };
    let mut options = Options::extended();
    options
        .techniques
        .retain(|t| t.family() != Family::ForcingChains);
    puzzles
        .iter()
        .map(|p| solve(&Grid::from_puzzle(&common::cells(p)), &options).end)
        .collect()
}

/// Each technique's search on a state, once per group (a group's search finds all its
/// techniques), under a deadline `limit` from now: the wall time it took.
fn latencies(states: &[Grid], limit: Duration) -> BTreeMap<String, (Duration, Technique)> {
    let mut worst: BTreeMap<String, (Duration, Technique)> = BTreeMap::new();
    for grid in states {
        for technique in Technique::iter().filter(|&t| finders::group_leader(t) == t) {
            let started = Instant::now();
            {
                let _deadline = deadline::Guard::new(Some(limit));
                let _ = finders::all(technique, grid);
            }
            let took = started.elapsed();
            let family = technique.family().to_string();
            let entry = worst.entry(family).or_insert((took, technique));
            if took > entry.0 {
                *entry = (took, technique);
            }
        }
    }
    worst
}

fn check(limit: Duration) {
    let states = hard_states();
    let worst = latencies(&states, limit);
    println!(
        "deadline {limit:?}, {} states: worst time per family",
        states.len()
    );
    for (family, (took, technique)) in &worst {
        println!("  {family:<34} {took:>10.3?}  ({technique})");
    }
    for (family, (took, technique)) in &worst {
        assert!(
            *took < limit + PROMPTLY,
            "{family}: {technique} took {took:?} under a {limit:?} deadline"
        );
    }
}

#[test]
fn every_finder_returns_at_once_under_an_expired_deadline() {
    check(Duration::ZERO);
}

#[test]
fn every_finder_stops_within_milliseconds_of_its_deadline() {
    check(Duration::from_millis(1));
}

/// Hard puzzles that the techniques short of the chaining rules take far (top1465's), when the
/// shared corpus is absent.
const TOP1465: [&str; 2] = [
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........",
    "7.8...3.....2.1...5.........4.....263...8.......1...9..9.6....4....7.5...........",
];

/// States along the extended paths of hard puzzles, where the techniques find steps: a cut
/// search then has something to miss.
fn states_along_paths() -> Vec<Grid> {
    let puzzles: Vec<String> = match common::corpus("top1465.txt", usize::MAX) {
        Some(all) => all.into_iter().step_by(150).collect(),
        None => TOP1465.iter().map(|p| p.to_string()).collect(),
    };
    let mut options = Options::extended();
    options
        .techniques
        .retain(|t| t.family() != Family::ForcingChains);
    let mut states = Vec::new();
    for p in &puzzles {
        let mut grid = Grid::from_puzzle(&common::cells(p));
        for step in solve(&grid, &options).steps {
            if step.technique.family() != Family::Singles {
                states.push(grid.clone());
            }
            stepwise::pipeline::apply(&mut grid, &step);
        }
    }
    states
}

/// What a search cut by the deadline leaves in the finders' memories must not pass for a
/// finished search's later: each search cut at several points, then run again without a
/// deadline, finds what it finds on a fresh thread.
#[test]
fn a_cut_search_leaves_nothing_behind() {
    let states = states_along_paths();
    assert!(states.len() > 10, "{} states", states.len());
    let techniques: Vec<Technique> = Technique::iter()
        .filter(|&t| finders::group_leader(t) == t && t.family() != Family::ForcingChains)
        .collect();
    let notations = |technique: Technique, grid: &Grid| -> Vec<String> {
        finders::all(technique, grid)
            .iter()
            .map(|s| s.notation())
            .collect()
    };
    let mut found = 0;
    for grid in &states {
        for &technique in &techniques {
            let fresh =
                std::thread::scope(|s| s.spawn(|| notations(technique, grid)).join().unwrap());
            for micros in [0, 50, 200, 1000] {
                let _deadline = deadline::Guard::new(Some(Duration::from_micros(micros)));
                let _ = notations(technique, grid);
            }
            assert_eq!(notations(technique, grid), fresh, "{technique}");
            found += fresh.len();
        }
    }
    assert!(found > 0);
}

/// Emptying the memories changes nothing found.
#[test]
fn clearing_the_caches_changes_nothing_found() {
    let states = states_along_paths();
    let techniques: Vec<Technique> = Technique::iter()
        .filter(|&t| finders::group_leader(t) == t && t.family() != Family::ForcingChains)
        .collect();
    for grid in states.iter().step_by(5) {
        for &technique in &techniques {
            let warm = finders::all(technique, grid);
            finders::clear_caches();
            assert_eq!(finders::all(technique, grid), warm, "{technique}");
        }
    }
}
