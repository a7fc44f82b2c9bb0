//! Dev tool for the single-digit pattern and coloring finders.
//!
//! For each corpus: solves every puzzle with `Options::extended()` and with the same list
//! minus Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle, Simple Colors and Multi
//! Colors, and reports how many each solves to the end; at every state of the extended
//! traces, runs `all()` of those eight finders and checks every step against the solution;
//! counts how often each of them is the step the pipeline takes.
//!
//! With `--examples SLUG`, prints (up to `--count N`) states where the pipeline takes a step
//! of that technique and the finder finds only that step: the pencilmark grid, the step, and
//! near misses made by putting back one candidate (in a unit of the pattern) that no placed
//! digit excludes, after which the finder finds nothing. With `--se`, the pipeline is Sudoku
//! Explainer's techniques plus these eight (in rating order) instead of `extended()`.
//!
//! Run: `cargo run --release --example sdp_search -- [FILE ...] [--limit N]
//! [--examples SLUG] [--count N] [--se]` (default files: top1465 and se121 under
//! `../shared/data`).

use std::collections::BTreeMap;

use stepwise::finders::all;
use stepwise::format::to_pencilmark;
use stepwise::geometry::{cell_name, peers, CellSet};
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options, Status};
use stepwise::step::Step;
use stepwise::technique::Technique;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

const MINE: [Technique; 8] = [
    Technique::Skyscraper,
    Technique::TwoStringKite,
    Technique::TurbotFish,
    Technique::EmptyRectangle,
    Technique::SimpleColorsTrap,
    Technique::SimpleColorsWrap,
    Technique::MultiColors1,
    Technique::MultiColors2,
];

fn puzzles(path: &str, limit: usize) -> Vec<String> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
    text.lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next().map(str::to_string))
        .filter(|p| p.len() >= 81)
        .take(limit)
        .collect()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut files = Vec::new();
    let mut limit = usize::MAX;
    let mut examples: Option<Technique> = None;
    let mut count = 3;
    let mut se = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--limit" => {
                i += 1;
                limit = args[i].parse().expect("--limit N");
            }
            "--count" => {
                i += 1;
                count = args[i].parse().expect("--count N");
            }
            "--se" => se = true,
            "--examples" => {
                i += 1;
                examples = Some(Technique::parse(&args[i]).expect("a technique slug"));
            }
            file => files.push(file.to_string()),
        }
        i += 1;
    }
    if files.is_empty() {
        files = vec![
            "../shared/data/top1465.txt".into(),
            "../shared/data/rated/se121.tsv".into(),
        ];
    }
    let extended = if se {
        let mut o = Options::sudoku_explainer();
        o.techniques.extend(MINE);
        o.techniques.sort();
        o
    } else {
        Options::extended()
    };
    let without = Options {
        techniques: extended
            .techniques
            .iter()
            .copied()
            .filter(|t| !MINE.contains(t))
            .collect(),
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    };
    let mut shown = 0;
    for file in &files {
        let list = puzzles(file, limit);
        let (mut solved_with, mut solved_without) = (0, 0);
        let mut taken: BTreeMap<String, usize> = BTreeMap::new();
        let mut fired: BTreeMap<String, usize> = BTreeMap::new();
        for line in &list {
            let start = Grid::from_puzzle(&puzzle_line::cells(line));
            let trace = solve(&start, &extended);
            if let Some((n, step)) = trace.first_unsound_step() {
                panic!("{line}: step {} is unsound: {step}", n + 1);
            }
            solved_with += (trace.status == Status::Solved) as usize;
            let before = solve(&start, &without);
            solved_without += (before.status == Status::Solved) as usize;
            let Some(solution) = trace.solution else {
                continue;
            };
            let mut grid = start.clone();
            for step in &trace.steps {
                for &t in &MINE {
                    let steps = all(t, &grid);
                    if !steps.is_empty() {
                        *fired.entry(t.to_string()).or_default() += 1;
                    }
                    for s in steps {
                        let bad = s.eliminations.iter().any(|e| solution[e.cell] == e.digit)
                            || s.placements.iter().any(|p| solution[p.cell] != p.digit);
                        assert!(!bad, "{line}: unsound {s}");
                    }
                }
                if MINE.contains(&step.technique) {
                    *taken.entry(step.technique.to_string()).or_default() += 1;
                    if examples == Some(step.technique) && shown < count && clear(&grid, step) {
                        shown += 1;
                        println!("{line}");
                        print!("{}", to_pencilmark(grid.values(), &grid.candidate_masks()));
                        println!("{}", step.notation());
                        println!("{}\n", step.text);
                        for (how, miss) in near_misses(&grid, step).iter().take(2) {
                            println!("near miss: {how}");
                            print!("{}", to_pencilmark(miss.values(), &miss.candidate_masks()));
                        }
                        println!();
                    }
                }
                apply(&mut grid, step);
            }
        }
        println!(
            "{file}: {} puzzles; extended solves {solved_with}, without these eight {solved_without}",
            list.len()
        );
        println!("  steps taken: {taken:?}");
        println!("  states where the finder fires: {fired:?}");
    }
}

/// A state that makes a clear example: the finder finds this one step only, and no empty cell
/// is down to one candidate (a pencilmark grid would read it as solved).
fn clear(grid: &Grid, step: &Step) -> bool {
    let steps = all(step.technique, grid);
    steps.len() == 1 && (0..81).all(|c| grid.value(c) != 0 || grid.candidates(c).len() >= 2)
}

/// Near misses: one candidate put back in a unit of the pattern (no placed peer excluding
/// it), after which the finder finds nothing; else the state after the step, if the finder
/// then finds nothing.
fn near_misses(grid: &Grid, step: &Step) -> Vec<(String, Grid)> {
    let area: CellSet = step
        .pattern
        .units
        .iter()
        .fold(CellSet::EMPTY, |acc, m| acc | m.item.cell_set());
    let mut out = Vec::new();
    for cell in area {
        if grid.value(cell) != 0 {
            continue;
        }
        for d in 1..=9u8 {
            if grid.candidates(cell).contains(d) || peers(cell).iter().any(|p| grid.value(p) == d) {
                continue;
            }
            let mut masks = grid.candidate_masks();
            masks[cell] |= 1 << (d - 1);
            let changed = Grid::from_pencilmarks(grid.values(), &masks);
            if all(step.technique, &changed).is_empty() {
                out.push((format!("put back {d} in {}", cell_name(cell)), changed));
            }
        }
    }
    if out.is_empty() {
        let mut after = grid.clone();
        apply(&mut after, step);
        if all(step.technique, &after).is_empty()
            && (0..81).all(|c| after.value(c) != 0 || after.candidates(c).len() >= 2)
        {
            out.push(("the state after the step".to_string(), after));
        }
    }
    out
}
