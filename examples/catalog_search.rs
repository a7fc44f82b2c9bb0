//! Dev tool for the technique catalog (`techniques/*.md`): finds real solving states where a
//! technique's finder fires and proposes near misses for them.
//!
//! Every puzzle of the corpora is solved with the techniques enabled by default plus the wanted
//! ones, in rating order (HoDoKu's Locked Pair and Triple included); the state just before a
//! step of the wanted technique is a candidate example. An example is kept
//! when the technique finds exactly one step there and a near miss can be made from it by
//! one small, consistent change: putting back a candidate that no placed digit excludes (a
//! pencilmark grid), or clearing a placed digit that was not a given (an 81-character line).
//! The near miss must leave the finder with nothing to find anywhere on the grid.
//!
//! Singles are printed as 81-character lines (a pencilmark grid reads a one-candidate cell as
//! solved); the other techniques as HoDoKu-style pencilmark grids when the state allows it.
//!
//! With `--strict`, only examples with a near miss of rank 0 or 1 (a restored candidate or a
//! cleared digit, not just the state after the step) are kept.
//!
//! With `--anywhere`, every state where the technique's finder fires is a candidate, not only
//! those where the pipeline chose it (Direct Claiming is never chosen: wherever it fires, a
//! Full House, Hidden Single or Direct Pointing fires too).
//!
//! Run: `cargo run --release --example catalog_search -- [slug ...] [--count N] [--corpus FILE]
//! [--anywhere] [--strict]` (defaults: every technique, 2 examples each, the shared corpora under
//! `../shared/data`).

use std::collections::BTreeSet;

use stepwise::finders::{all, first};
use stepwise::format::{parse_puzzle, to_pencilmark, Format};
use stepwise::geometry::{cell_name, peers, Cell, CellSet};
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options};
use stepwise::solver::{validity, Validity};
use stepwise::step::{Role, Step};
use stepwise::technique::{Family, Technique};
use strum::IntoEnumIterator;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

const DEFAULT_CORPORA: [&str; 5] = [
    "../shared/data/rated/se121.tsv",
    "../shared/data/rated/hodoku.tsv",
    "../shared/data/top1465.txt",
    "../shared/data/rated/sukaku-exchange.tsv",
    "../shared/data/forum-hardest-11plus.txt",
];

/// How a state is written in a page.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// An 81-character line: the candidates are exactly those the filled cells leave.
    Line,
    /// A pencilmark grid: no empty cell is down to one candidate, so it reads back unchanged.
    Pencilmark,
}

/// A state met while replaying a trace.
struct Found {
    source: String,
    step_index: usize,
    grid: Grid,
    givens: CellSet,
    solution: [u8; 81],
    shape: Shape,
    step: Step,
}

/// How many candidate examples each filter let through, per technique.
#[derive(Default, Clone, Copy)]
struct Tally {
    seen: usize,
    one_instance: usize,
    writable: usize,
    with_near_miss: usize,
}

/// A near miss made from an example.
struct NearMiss {
    change: String,
    grid: Grid,
    /// 0: a change in the pattern itself (one of its cells; for a line, one of its units): the
    /// best near miss. 1: a change elsewhere in the pattern's units (anywhere, for a line).
    /// 2: the state right after the step.
    rank: u8,
}

fn main() {
    let mut wanted: Vec<Technique> = Vec::new();
    let mut count = 2usize;
    let mut corpora: Vec<String> = Vec::new();
    let mut anywhere = false;
    let mut strict = false;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--count" => count = args.next().and_then(|n| n.parse().ok()).unwrap_or(count),
            "--corpus" => corpora.extend(args.next()),
            "--anywhere" => anywhere = true,
            "--strict" => strict = true,
            name => match Technique::parse(name) {
                Some(t) => wanted.push(t),
                None => {
                    eprintln!("unknown technique {name:?}");
                    std::process::exit(2);
                }
            },
        }
    }
    if wanted.is_empty() {
        wanted = Technique::iter().collect();
    }
    if corpora.is_empty() {
        corpora = DEFAULT_CORPORA.iter().map(|s| s.to_string()).collect();
    }
    let options = Options {
        techniques: Technique::iter()
            .filter(|t| t.info().enabled_by_default || wanted.contains(t))
            .collect(),
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    };
    let mut kept: Vec<Vec<(Found, Vec<NearMiss>)>> = wanted.iter().map(|_| Vec::new()).collect();
    let mut tallies = vec![Tally::default(); wanted.len()];
    'corpora: for path in &corpora {
        let Ok(text) = std::fs::read_to_string(path) else {
            eprintln!("skipped: {path} not found");
            continue;
        };
        for (n, line) in text.lines().enumerate() {
            if kept.iter().all(|k| k.len() >= count) {
                break 'corpora;
            }
            let puzzle = line.split_whitespace().next().unwrap_or("");
            if line.starts_with('#') || puzzle.len() < 81 {
                continue;
            }
            let cells = puzzle_line::cells(puzzle);
            let start = Grid::from_puzzle(&cells);
            let trace = solve(&start, &options);
            let Some(solution) = trace.solution else {
                continue;
            };
            let mut grid = start.clone();
            for (i, step) in trace.steps.iter().enumerate() {
                for (k, &t) in wanted.iter().enumerate() {
                    if kept[k].len() >= count {
                        continue;
                    }
                    let here = if t == step.technique {
                        Some(step.clone())
                    } else if anywhere {
                        first(t, &grid)
                    } else {
                        None
                    };
                    let Some(here) = here else {
                        continue;
                    };
                    let found = Found {
                        source: format!("{path}:{} ({puzzle})", n + 1),
                        step_index: i,
                        grid: grid.clone(),
                        givens: start.givens(),
                        solution,
                        shape: Shape::Line,
                        step: here,
                    };
                    if let Some(kept_one) = consider(found, strict, &mut tallies[k]) {
                        kept[k].push(kept_one);
                    }
                }
                apply(&mut grid, step);
            }
        }
    }
    for ((t, examples), tally) in wanted.iter().zip(&kept).zip(&tallies) {
        println!("==================== {} ({})", t.slug(), t);
        println!(
            "states: {} seen, {} with one instance, {} writable, {} with a near miss",
            tally.seen, tally.one_instance, tally.writable, tally.with_near_miss
        );
        if examples.is_empty() {
            println!("no example found");
        }
        for (found, misses) in examples {
            print_example(*t, found, misses);
        }
    }
}

/// Keeps a state if it makes a clear example with at least one near miss.
fn consider(mut found: Found, strict: bool, tally: &mut Tally) -> Option<(Found, Vec<NearMiss>)> {
    let t = found.step.technique;
    tally.seen += 1;
    let steps = all(t, &found.grid);
    // One instance only (a full house may be reported once per unit of its cell).
    let distinct: BTreeSet<String> = steps
        .iter()
        .map(|s| format!("{:?}{:?}", s.placements, s.eliminations))
        .collect();
    if distinct.len() != 1 {
        return None;
    }
    tally.one_instance += 1;
    let singles = t.family() == Family::Singles;
    let line_ok =
        Grid::from_puzzle(found.grid.values()).candidate_masks() == found.grid.candidate_masks();
    let pencil_ok = reads_back(&found.grid);
    found.shape = match (singles, line_ok, pencil_ok) {
        (true, true, _) => Shape::Line,
        (true, false, _) => return None,
        (false, _, true) => Shape::Pencilmark,
        (false, true, false) => Shape::Line,
        (false, false, false) => return None,
    };
    tally.writable += 1;
    found.step = first(t, &found.grid)?;
    // A lock whose base unit has no empty cell outside the cover is true but trivial.
    if matches!(t.family(), Family::Direct | Family::Intersections) && trivial_lock(&found) {
        return None;
    }
    // A direct technique's placement should need it: not already a single of any kind.
    if t.family() == Family::Direct && is_plain_single(&found.grid, &found.step) {
        return None;
    }
    let mut misses = near_misses(&found);
    if misses.is_empty() {
        return None;
    }
    tally.with_near_miss += 1;
    misses.sort_by_key(|m| m.rank);
    if strict && misses[0].rank > 1 {
        return None;
    }
    misses.truncate(4);
    Some((found, misses))
}

/// Whether a locked-candidates step's base unit has all its empty cells inside the cover.
fn trivial_lock(found: &Found) -> bool {
    let pattern = &found.step.pattern;
    let (Some(base), Some(cover)) = (
        pattern.units_with(Role::Base).next(),
        pattern.units_with(Role::Cover).next(),
    ) else {
        return false;
    };
    base.cells()
        .iter()
        .all(|&c| found.grid.value(c) != 0 || cover.cell_set().contains(c))
}

/// Whether a step's placement is also found by a Full House, Hidden Single or Naked Single.
fn is_plain_single(grid: &Grid, step: &Step) -> bool {
    [
        Technique::FullHouse,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
        Technique::NakedSingle,
    ]
    .into_iter()
    .flat_map(|t| all(t, grid))
    .any(|s| s.placements == step.placements)
}

/// Whether the pencilmark rendering of a grid reads back as the same grid.
fn reads_back(grid: &Grid) -> bool {
    let text = to_pencilmark(grid.values(), &grid.candidate_masks());
    let Ok(input) = parse_puzzle(&text, Some(Format::Pencilmark)) else {
        return false;
    };
    let Some(candidates) = input.candidates else {
        return false;
    };
    let back = Grid::from_pencilmarks(&input.cells, &candidates);
    back.values() == grid.values() && back.candidate_masks() == grid.candidate_masks()
}

/// The cells a step's pattern names, and the cells of its units.
fn pattern_area(step: &Step) -> (CellSet, CellSet) {
    let core: CellSet = step
        .pattern
        .cells
        .iter()
        .map(|m| m.item)
        .chain(step.pattern.candidates.iter().map(|m| m.item.cell))
        .collect();
    let mut area = core;
    for unit in &step.pattern.units {
        area |= unit.item.cell_set();
    }
    (core, area)
}

fn near_misses(found: &Found) -> Vec<NearMiss> {
    let t = found.step.technique;
    let (core, area) = pattern_area(&found.step);
    let grid = &found.grid;
    let mut out = Vec::new();
    // The state right after the step: the pattern is still there, with nothing left to remove.
    if found.step.placements.is_empty() {
        let mut after = grid.clone();
        apply(&mut after, &found.step);
        let writable = match found.shape {
            Shape::Pencilmark => reads_back(&after),
            Shape::Line => false,
        };
        if writable && all(t, &after).is_empty() {
            out.push(NearMiss {
                change: "apply the step itself".to_string(),
                grid: after,
                rank: 2,
            });
        }
    }
    match found.shape {
        Shape::Pencilmark => {
            let mut masks = grid.candidate_masks();
            for cell in area.iter().filter(|&c| grid.value(c) == 0) {
                for digit in 1..=9u8 {
                    let bit = 1u16 << (digit - 1);
                    if masks[cell] & bit != 0 || seen_placed(grid, cell, digit) {
                        continue;
                    }
                    masks[cell] |= bit;
                    let changed = Grid::from_pencilmarks(grid.values(), &masks);
                    masks[cell] &= !bit;
                    if all(t, &changed).is_empty() && reads_back(&changed) {
                        out.push(NearMiss {
                            change: format!("put {digit} back into {}", cell_name(cell)),
                            grid: changed,
                            rank: u8::from(!core.contains(cell)),
                        });
                    }
                }
            }
        }
        Shape::Line => {
            // Any placed digit may be cleared; those in the pattern's units come first.
            for cell in area.iter().chain((0..81).filter(|&c| !area.contains(c))) {
                if grid.value(cell) == 0 || found.givens.contains(cell) {
                    continue;
                }
                let mut values = *grid.values();
                let was = values[cell];
                values[cell] = 0;
                let changed = Grid::from_puzzle(&values);
                if all(t, &changed).is_empty() {
                    out.push(NearMiss {
                        change: format!("clear {} (was {was})", cell_name(cell)),
                        grid: changed,
                        rank: u8::from(!area.contains(cell)),
                    });
                }
            }
        }
    }
    out
}

/// Whether a peer of `cell` holds `digit`.
fn seen_placed(grid: &Grid, cell: Cell, digit: u8) -> bool {
    peers(cell).iter().any(|p| grid.value(p) == digit)
}

fn render(grid: &Grid, shape: Shape) -> String {
    match shape {
        Shape::Line => format!("{}\n", grid.to_line()),
        Shape::Pencilmark => to_pencilmark(grid.values(), &grid.candidate_masks()),
    }
}

fn print_example(t: Technique, found: &Found, misses: &[NearMiss]) {
    let unique =
        matches!(validity(found.grid.values()), Validity::Unique(s) if s == found.solution);
    println!(
        "--- example from {}, before step {} (values alone unique: {unique})",
        found.source,
        found.step_index + 1
    );
    print!("{}", render(&found.grid, found.shape));
    println!("step: {}", found.step.notation());
    println!("text: {}", found.step.text);
    for miss in misses {
        println!(
            "  near miss: {} (rank {}); {} finds nothing",
            miss.change,
            miss.rank,
            t.slug()
        );
        for line in render(&miss.grid, found.shape).lines() {
            println!("  {line}");
        }
    }
}
