//! Dev tool for the fish finders (`src/finders/fish.rs`).
//!
//! - `coverage`: how many puzzles of `top1465.txt` and `rated/se121.tsv` the extended profile
//!   solves to the end without the fish techniques, with them, and with the Franken and Mutant
//!   fish (off by default) appended; also checks every step against the solution.
//! - `time [corpus]`: the time each fish finder takes for a full search on the states where
//!   the extended profile gets stuck (default corpus `top1465.txt`; at most 2000 puzzles).
//! - `examples [slug ...]`: for each fish technique, a real state right before a step of it
//!   (replaying traces of the shared corpora with the extended profile, the technique inserted
//!   at its rating position if it is off by default), printed as a pencilmark grid with the
//!   first step the finder finds there, and a near miss: the same grid with one candidate put
//!   back (one no placed digit excludes) on which the finder finds nothing.
//!
//! Run: `cargo run --release --example fish_search -- coverage|time [corpus]|examples [slug ...]|cannibals`.

use std::time::Instant;

use stepwise::finders::{all, first};
use stepwise::format::to_pencilmark;
use stepwise::geometry::{cell_name, peers, units_of};
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options, Status, Trace};
use stepwise::step::{Role, Step};
use stepwise::technique::{Family, Technique};
use strum::IntoEnumIterator;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

const DATA: &str = "../shared/data";

fn corpus(name: &str, limit: usize) -> Vec<String> {
    let text = std::fs::read_to_string(format!("{DATA}/{name}"))
        .unwrap_or_else(|e| panic!("{DATA}/{name}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| l.split_whitespace().next().unwrap_or("").to_string())
        .take(limit)
        .collect()
}

fn grid_of(line: &str) -> Grid {
    let cells = puzzle_line::cells(line);
    Grid::from_puzzle(&cells)
}

fn fish() -> Vec<Technique> {
    Technique::iter()
        .filter(|t| t.family() == Family::Fish)
        .collect()
}

/// Enabled-by-default techniques, plus `extra`, in declaration (rating) order.
fn options_with(extra: &[Technique], without: &[Technique]) -> Options {
    Options {
        techniques: Technique::iter()
            .filter(|t| (t.info().enabled_by_default || extra.contains(t)) && !without.contains(t))
            .collect(),
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    }
}

/// Extended profile with the off-by-default fish appended at the end.
fn extended_plus_appended() -> Options {
    let mut options = Options::extended();
    options
        .techniques
        .extend(fish().into_iter().filter(|t| !t.info().enabled_by_default));
    options
}

fn check(trace: &Trace, line: &str) {
    if let Some((n, step)) = trace.first_unsound_step() {
        panic!("{line}: step {} is unsound: {step}", n + 1);
    }
}

fn coverage() {
    let profiles: [(&str, Options); 3] = [
        ("extended without fish", options_with(&[], &fish())),
        ("extended", Options::extended()),
        (
            "extended + franken/mutant appended",
            extended_plus_appended(),
        ),
    ];
    for name in ["top1465.txt", "rated/se121.tsv"] {
        let puzzles = corpus(name, usize::MAX);
        for (label, options) in &profiles {
            let start = Instant::now();
            let mut solved = 0;
            let mut used = std::collections::BTreeMap::<String, usize>::new();
            for line in &puzzles {
                let trace = solve(&grid_of(line), options);
                check(&trace, line);
                solved += (trace.status == Status::Solved) as usize;
                for s in &trace.steps {
                    if s.technique.family() == Family::Fish {
                        *used.entry(s.technique.to_string()).or_default() += 1;
                    }
                }
            }
            println!(
                "{name}: {label}: {solved}/{} solved ({:.1}s); fish steps: {used:?}",
                puzzles.len(),
                start.elapsed().as_secs_f64()
            );
        }
    }
}

fn time(name: Option<&String>) {
    let puzzles = corpus(name.map_or("top1465.txt", |s| s.as_str()), 2000);
    let options = Options::extended();
    let stuck: Vec<Grid> = puzzles
        .iter()
        .map(|l| solve(&grid_of(l), &options))
        .filter(|t| t.status == Status::Stuck)
        .map(|t| t.end)
        .collect();
    println!("{} stuck states", stuck.len());
    for t in fish() {
        let start = Instant::now();
        let mut found = 0;
        for g in &stuck {
            found += all(t, g).len();
        }
        let secs = start.elapsed().as_secs_f64();
        println!(
            "{t}: {found} steps, {:.2} ms per state",
            1000.0 * secs / stuck.len() as f64
        );
    }
}

/// A real state right before a step of `technique`.
struct Example {
    puzzle: String,
    index: usize,
    grid: Grid,
    step: Step,
}

/// No empty cell down to one candidate (a pencilmark grid reads such a cell as solved).
fn writable(grid: &Grid) -> bool {
    (0..81).all(|c| grid.value(c) != 0 || grid.candidates(c).len() >= 2)
}

/// Real states right before a step of `technique` in traces of `options`.
fn examples_in(technique: Technique, options: &Options, wanted: usize) -> Vec<Example> {
    let mut out = Vec::new();
    for name in [
        "rated/se121.tsv",
        "rated/hodoku.tsv",
        "top1465.txt",
        "rated/sukaku-exchange.tsv",
        "forum-hardest-11plus.txt",
    ] {
        for line in corpus(name, 3000) {
            let trace = solve(&grid_of(&line), options);
            if trace.solution.is_none() || !trace.steps.iter().any(|s| s.technique == technique) {
                continue;
            }
            let mut grid = grid_of(&line);
            for (i, step) in trace.steps.iter().enumerate() {
                if step.technique == technique && writable(&grid) {
                    let found = first(technique, &grid).expect("the finder fires");
                    assert_eq!(&found, step);
                    out.push(Example {
                        puzzle: line.clone(),
                        index: i,
                        grid: grid.clone(),
                        step: step.clone(),
                    });
                    if out.len() >= wanted {
                        return out;
                    }
                    break;
                }
                apply(&mut grid, step);
            }
        }
    }
    out
}

/// The technique at its rating position in the extended profile; if it never fires there,
/// right after the singles.
fn examples_of(technique: Technique, wanted: usize) -> (Vec<Example>, &'static str) {
    let found = examples_in(technique, &options_with(&[technique], &[]), wanted);
    if !found.is_empty() {
        return (found, "extended profile");
    }
    let options = Options {
        techniques: vec![
            Technique::FullHouse,
            Technique::HiddenSingleBox,
            Technique::HiddenSingleLine,
            Technique::NakedSingle,
            technique,
        ],
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    };
    (
        examples_in(technique, &options, wanted),
        "singles, then the technique",
    )
}

/// A near miss: 0 = the fish digit put back in a cell of a base unit; 1 = the fish digit put
/// back elsewhere; 2 = the state after the step; 3 = another digit put back. Candidates put
/// back are never excluded by a placed digit, so the position stays consistent.
fn near_miss(technique: Technique, ex: &Example) -> Option<(u8, Grid, String)> {
    let bases: Vec<_> = ex.step.pattern.units_with(Role::Base).collect();
    let digit = ex.step.eliminations[0].digit;
    let mut tries = Vec::new();
    for cell in 0..81 {
        if ex.grid.value(cell) != 0 {
            continue;
        }
        for d in 1..=9u8 {
            if ex.grid.candidates(cell).contains(d)
                || peers(cell).iter().any(|p| ex.grid.value(p) == d)
            {
                continue;
            }
            let in_base = units_of(cell).iter().any(|u| bases.contains(u));
            let rank = match (d == digit, in_base) {
                (true, true) => 0,
                (true, false) => 1,
                _ => 3,
            };
            tries.push((rank, cell, d));
        }
    }
    tries.sort();
    let nothing = |g: &Grid| all(technique, g).is_empty();
    for &(rank, cell, d) in tries.iter().filter(|t| t.0 < 2) {
        let mut masks = ex.grid.candidate_masks();
        masks[cell] |= 1 << (d - 1);
        let g = Grid::from_pencilmarks(ex.grid.values(), &masks);
        if nothing(&g) {
            return Some((rank, g, format!("{d} put back in {}", cell_name(cell))));
        }
    }
    let mut after = ex.grid.clone();
    apply(&mut after, &ex.step);
    if writable(&after) && nothing(&after) {
        return Some((2, after, "the state after the step".to_string()));
    }
    for &(rank, cell, d) in tries.iter().filter(|t| t.0 == 3) {
        let mut masks = ex.grid.candidate_masks();
        masks[cell] |= 1 << (d - 1);
        let g = Grid::from_pencilmarks(ex.grid.values(), &masks);
        if nothing(&g) {
            return Some((rank, g, format!("{d} put back in {}", cell_name(cell))));
        }
    }
    None
}

fn examples(slugs: &[String]) {
    for t in fish() {
        if !slugs.is_empty() && !slugs.iter().any(|s| s == t.slug()) {
            continue;
        }
        let (found, how) = examples_of(t, 40);
        println!("=== {t} ({}): {} examples ({how})", t.slug(), found.len());
        // Prefer the best near miss, then one step on the grid, then few eliminations.
        let mut ranked: Vec<_> = found
            .iter()
            .map(|e| {
                let miss = near_miss(t, e);
                let key = (
                    miss.as_ref().map_or(9, |m| m.0),
                    all(t, &e.grid).len(),
                    e.step.eliminations.len(),
                );
                (key, e, miss)
            })
            .collect();
        ranked.sort_by_key(|r| r.0);
        for (key, ex, miss) in ranked.into_iter().take(2) {
            println!(
                "puzzle {} before step {} ({} steps there)",
                ex.puzzle,
                ex.index + 1,
                key.1
            );
            println!("```pencilmark");
            print!(
                "{}",
                to_pencilmark(ex.grid.values(), &ex.grid.candidate_masks())
            );
            println!("```");
            println!("```step\n{}\n```", ex.step.notation());
            println!("{}", ex.step.text);
            match miss {
                Some((rank, g, why)) => {
                    println!("near miss (rank {rank}): {why}");
                    println!("```pencilmark");
                    print!("{}", to_pencilmark(g.values(), &g.candidate_masks()));
                    println!("```");
                }
                None => println!("no near miss"),
            }
        }
    }
}

/// Steps that eliminate a candidate of the fish itself (a base cell in two covers).
fn cannibals() {
    let options = extended_plus_appended();
    for name in ["top1465.txt", "rated/se121.tsv", "forum-hardest-11plus.txt"] {
        for line in corpus(name, 3000) {
            let trace = solve(&grid_of(&line), &options);
            let mut grid = grid_of(&line);
            for step in &trace.steps {
                let body: Vec<usize> = step.pattern.cells_with(Role::Pattern).collect();
                if step.technique.family() == Family::Fish
                    && step.eliminations.iter().any(|e| body.contains(&e.cell))
                    && writable(&grid)
                {
                    println!("{line}\n{}", step.notation());
                    print!("{}", to_pencilmark(grid.values(), &grid.candidate_masks()));
                }
                apply(&mut grid, step);
            }
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match args.first().map(String::as_str) {
        Some("coverage") => coverage(),
        Some("time") => time(args.get(1)),
        Some("examples") => examples(&args[1..]),
        Some("cannibals") => cannibals(),
        _ => eprintln!("usage: fish_search coverage|time [corpus]|examples [slug ...]|cannibals"),
    }
}
