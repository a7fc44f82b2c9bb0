//! HoDoKu's own solving paths (`../shared/data/rated/hodoku-paths.txt`) replayed step by step:
//! at every state where HoDoKu took a Sue de Coq, Stepwise's finder must find the same step
//! first (same pattern notation, same eliminations).

mod common;

use std::collections::BTreeSet;

use stepwise::finders::first;
use stepwise::geometry::cell_at;
use stepwise::grid::Grid;
use stepwise::technique::Technique;

/// Cells of HoDoKu's compact notation: `r1c23`, `r135c6`, `r5c12,r6c23`.
fn cells(text: &str) -> Vec<usize> {
    let mut out = Vec::new();
    for group in text.split(',') {
        let (rows, cols) = group
            .trim_start_matches('r')
            .split_once('c')
            .expect("rNcN cells");
        for r in rows.chars() {
            for c in cols.chars() {
                let (r, c) = (r.to_digit(10).unwrap(), c.to_digit(10).unwrap());
                out.push(cell_at(r as usize - 1, c as usize - 1));
            }
        }
    }
    out
}

/// Candidates as (cell, digit).
type Candidates = BTreeSet<(usize, u8)>;

/// The deductions of one HoDoKu step text: placements and eliminations.
fn deductions(step: &str) -> (Vec<(usize, u8)>, Candidates) {
    let part = match step.split_once(" => ") {
        Some((_, after)) => after,
        None => step.split_once(": ").expect("name: deduction").1,
    };
    let (mut placed, mut eliminated) = (Vec::new(), BTreeSet::new());
    for item in part.split(", ") {
        if let Some((cs, ds)) = item.split_once("<>") {
            for c in cells(cs) {
                for d in ds.chars() {
                    eliminated.insert((c, d.to_digit(10).unwrap() as u8));
                }
            }
        } else if let Some((cs, d)) = item.split_once('=') {
            let d = d.trim().parse::<u8>().expect("a digit");
            placed.extend(cells(cs).into_iter().map(|c| (c, d)));
        }
    }
    (placed, eliminated)
}

#[test]
fn sue_de_coq_matches_hodoku() {
    let Some(dir) = common::shared_data() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("rated/hodoku-paths.txt")).unwrap();
    let mut grid: Option<Grid> = None;
    let mut checked = 0;
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("puzzle: ") {
            let puzzle = rest.split_whitespace().next().unwrap();
            grid = Some(Grid::from_puzzle(&common::cells(puzzle)));
            continue;
        }
        let Some(grid) = grid.as_mut() else { continue };
        let Some((_, step)) = line.split_once("] ") else {
            continue;
        };
        if let Some(hodoku) = step.strip_prefix("Sue de Coq: ") {
            let found =
                first(Technique::SueDeCoq, grid).expect("a Sue de Coq where HoDoKu found one");
            let ours: Candidates = found
                .eliminations
                .iter()
                .map(|e| (e.cell, e.digit))
                .collect();
            let (subject, _) = hodoku.split_once(" => ").unwrap();
            assert_eq!(found.subject, subject, "{line}");
            assert_eq!(ours, deductions(step).1, "{line}");
            checked += 1;
        }
        let (placed, eliminated) = deductions(step);
        for (c, d) in placed {
            grid.place(c, d);
        }
        for (c, d) in eliminated {
            grid.eliminate(c, d);
        }
    }
    eprintln!("{checked} Sue de Coq steps match HoDoKu's");
    assert!(checked > 0);
}

/// HoDoKu's name for one of our steps, where the two differ in wording only.
fn hodoku_name(step: &stepwise::step::Step) -> String {
    match step.technique {
        Technique::HiddenSingleBox | Technique::HiddenSingleLine => "Hidden Single".to_string(),
        Technique::NakedQuad => "Naked Quadruple".to_string(),
        Technique::HiddenQuad => "Hidden Quadruple".to_string(),
        t => t.to_string(),
    }
}

/// Every Easy and Medium path of HoDoKu's (singles, locked candidates and sets) is the hodoku
/// profile's path step for step: the same technique, the same placements and eliminations.
/// Which single comes next follows HoDoKu's singles queues, and which subset its search
/// order; a search in reading order fails here on most puzzles.
#[test]
fn easy_and_medium_paths_are_hodokus_step_for_step() {
    let Some(dir) = common::shared_data() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("rated/hodoku-paths.txt")).unwrap();
    let mut paths: Vec<(String, String, Vec<String>)> = Vec::new();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if let Some(rest) = line.strip_prefix("puzzle: ") {
            let puzzle = rest.split_whitespace().next().unwrap().to_string();
            paths.push((puzzle, String::new(), Vec::new()));
        } else if let Some(rest) = line.strip_prefix("level: ") {
            paths.last_mut().unwrap().1 = rest.split_whitespace().next().unwrap().to_string();
        } else if let Some((_, step)) = line.split_once("] ") {
            paths.last_mut().unwrap().2.push(step.to_string());
        }
    }
    let options = stepwise::pipeline::Options::hodoku();
    let mut compared = 0;
    for (puzzle, level, steps) in paths.iter().filter(|p| p.1 == "Easy" || p.1 == "Medium") {
        let trace = stepwise::pipeline::solve(&Grid::from_puzzle(&common::cells(puzzle)), &options);
        assert_eq!(
            trace.steps.len(),
            steps.len(),
            "{level} {puzzle}: path length"
        );
        for (i, (ours, theirs)) in trace.steps.iter().zip(steps).enumerate() {
            let name = theirs.split(':').next().unwrap();
            let placed: Vec<(usize, u8)> =
                ours.placements.iter().map(|p| (p.cell, p.digit)).collect();
            let eliminated: Candidates = ours
                .eliminations
                .iter()
                .map(|e| (e.cell, e.digit))
                .collect();
            assert_eq!(
                (hodoku_name(ours).as_str(), (placed, eliminated)),
                (name, deductions(theirs)),
                "{level} {puzzle}: step {} is {}, HoDoKu's is {theirs}",
                i + 1,
                ours.notation()
            );
        }
        compared += 1;
    }
    eprintln!("{compared} Easy and Medium paths are HoDoKu's step for step");
    assert_eq!(compared, 120);
}

/// HoDoKu's own searches (`finders::hodoku_finder`, where it differs from the default finder:
/// subsets in HoDoKu's order, BUG+1 on three candidates, its uniqueness search on rectangles
/// that allow a candidate logic removed, its tabling nice loops and AICs, its ALS chains)
/// never give an unsound step: every step each finds, at every state of the hodoku path of
/// the first 500 top1465 puzzles where the pipeline runs it (the state's step is of its
/// technique or a later one in the hodoku order), agrees with the solution. Each search runs
/// once per state, whatever number of techniques it serves. (At the early states the
/// pipeline never asks it, HoDoKu's ALS chain search, a depth-first walk over many sets,
/// takes seconds: running it there would only test what no path meets.)
#[test]
fn hodokus_own_searches_are_sound_along_its_paths() {
    let Some(dir) = common::shared_data() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("top1465.txt")).unwrap();
    let options = stepwise::pipeline::Options::hodoku();
    // Each distinct search with the first position in the order of a technique it serves.
    let mut searches: Vec<(stepwise::finders::Finder, usize)> = Vec::new();
    for (position, &t) in options.techniques.iter().enumerate() {
        let own = stepwise::finders::hodoku_finder(t);
        if own as usize != stepwise::finders::finder(t) as usize
            && !searches.iter().any(|&(f, _)| f as usize == own as usize)
        {
            searches.push((own, position));
        }
    }
    let position_of = |t: Technique| {
        options
            .techniques
            .iter()
            .position(|&u| u == t)
            .expect("a hodoku path's technique is in the hodoku order")
    };
    let mut found: std::collections::BTreeMap<String, usize> = Default::default();
    for puzzle in text.lines().take(500) {
        let cells = common::cells(puzzle);
        let start = Grid::from_puzzle(&cells);
        let trace = stepwise::pipeline::solve(&start, &options);
        let solution = trace.solution.expect("top1465 puzzles have one solution");
        let mut grid = start;
        for step in &trace.steps {
            let reached = position_of(step.technique);
            for &(search, _) in searches.iter().filter(|&&(_, at)| at <= reached) {
                let _ = search(&grid, &mut |s| {
                    *found.entry(s.technique.to_string()).or_default() += 1;
                    assert!(
                        s.eliminations.iter().all(|e| solution[e.cell] != e.digit)
                            && s.placements.iter().all(|p| solution[p.cell] == p.digit),
                        "{puzzle}: unsound {}",
                        s.notation()
                    );
                    std::ops::ControlFlow::Continue(())
                });
            }
            stepwise::pipeline::apply(&mut grid, step);
        }
    }
    for (t, n) in &found {
        eprintln!("{t}: {n} steps");
    }
    for t in [
        Technique::HiddenRectangle,
        Technique::UniqueRectangle3,
        Technique::ContinuousNiceLoop,
        Technique::GroupedAic,
        Technique::AlsChain,
    ] {
        assert!(
            found.get(&t.to_string()).is_some_and(|&n| n > 0),
            "no {t} found"
        );
    }
}

/// At every state of HoDoKu's own paths where it took a Forcing Chain, a Forcing Net or Brute
/// Force, HoDoKu's tabling search (`finders::hodoku_tabling`) or its guess
/// (`finders::brute_force`) gives HoDoKu's step first: the same kind (chain, net or guess) and
/// the same placement or elimination.
#[test]
fn forcing_chains_nets_and_guesses_match_hodoku() {
    let Some(dir) = common::shared_data() else {
        return;
    };
    let text = std::fs::read_to_string(dir.join("rated/hodoku-paths.txt")).unwrap();
    let mut grid: Option<Grid> = None;
    let (mut checked, mut same_kind) = (0, 0);
    let mut differ = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("puzzle: ") {
            let puzzle = rest.split_whitespace().next().unwrap();
            grid = Some(Grid::from_puzzle(&common::cells(puzzle)));
            continue;
        }
        let Some(grid) = grid.as_mut() else { continue };
        let Some((_, step)) = line.split_once("] ") else {
            continue;
        };
        let leader = if step.starts_with("Forcing Chain") {
            Some(Technique::HodokuForcingChainContradiction)
        } else if step.starts_with("Forcing Net") {
            Some(Technique::HodokuForcingNetContradiction)
        } else if step.starts_with("Brute Force") {
            Some(Technique::BruteForce)
        } else {
            None
        };
        if let Some(leader) = leader {
            // HoDoKu nets only where its chains find nothing, and guesses where both do not.
            let earlier: &[Technique] = match leader {
                Technique::HodokuForcingNetContradiction => {
                    &[Technique::HodokuForcingChainContradiction]
                }
                Technique::BruteForce => &[
                    Technique::HodokuForcingChainContradiction,
                    Technique::HodokuForcingNetContradiction,
                ],
                _ => &[],
            };
            for &t in earlier {
                let mut found = 0;
                let _ = stepwise::finders::finder(t)(grid, &mut |_| {
                    found += 1;
                    std::ops::ControlFlow::Continue(())
                });
                assert_eq!(
                    found, 0,
                    "{t}'s search found steps where HoDoKu took {line}"
                );
            }
            let mut first_found = None;
            let _ = stepwise::finders::finder(leader)(grid, &mut |s| {
                first_found = Some(s);
                std::ops::ControlFlow::Break(())
            });
            let found = first_found.unwrap_or_else(|| panic!("no step where HoDoKu took {line}"));
            let placed: Vec<(usize, u8)> =
                found.placements.iter().map(|p| (p.cell, p.digit)).collect();
            let eliminated: Candidates = found
                .eliminations
                .iter()
                .map(|e| (e.cell, e.digit))
                .collect();
            checked += 1;
            if (placed, eliminated) != deductions(step) {
                differ.push(format!("{line}\n    ours: {}", found.notation()));
            } else if step.starts_with(&found.technique.to_string()) {
                same_kind += 1;
            }
        }
        let (placed, eliminated) = deductions(step);
        for (c, d) in placed {
            grid.place(c, d);
        }
        for (c, d) in eliminated {
            grid.eliminate(c, d);
        }
    }
    eprintln!(
        "{checked} forcing chain, net and guess steps of HoDoKu's: {} the same deduction, {same_kind} \
         also named alike",
        checked - differ.len()
    );
    assert!(checked > 300, "{checked}");
    assert!(
        differ.is_empty(),
        "{} differ:\n{}",
        differ.len(),
        differ.join("\n")
    );
}
