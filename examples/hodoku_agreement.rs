//! How closely the `hodoku` profile's level and score agree with HoDoKu 2.2's own, on
//! `../shared/data/rated/hodoku.tsv` (puzzle, level, score, hardest, rated with HoDoKu's
//! defaults).
//!
//! Prints the 5x5 confusion matrix (HoDoKu's level in rows, Stepwise's in columns), the level
//! agreement, the exact-score agreement, and apart from those the puzzles where HoDoKu guessed
//! (hardest `Brute_Force`): what Stepwise's path did there instead.
//!
//! A path's level is Extreme as soon as it takes an Extreme step, whatever follows, so by
//! default each solve stops at its first Extreme step (the forcing chains that follow can take
//! seconds each); `--full` solves to the end. Exact scores are compared on the puzzles HoDoKu
//! rates below Extreme, where the two paths can be the same.
//!
//! Run: `cargo run --release --example hodoku_agreement [-- [N] [--full] [--list]]` (N: only
//! the first N puzzles; `--list` prints every level disagreement).

use std::collections::BTreeMap;

use stepwise::format::parse_puzzle;
use stepwise::grid::Grid;
use stepwise::pipeline::{walk_until, Options, Status, Trace};
use stepwise::rating::rate_hodoku;
use stepwise::technique::{Level, Technique};
use strum::IntoEnumIterator;

fn level_index(name: &str) -> Option<usize> {
    Level::iter().position(|l| l.to_string() == name)
}

/// The hodoku path of a puzzle, stopped after its first Extreme step unless `full`.
fn hodoku_path(puzzle: &str, options: &Options, full: bool) -> Trace {
    let input = parse_puzzle(puzzle, None).expect("hodoku.tsv puzzles parse");
    let mut grid = Grid::from_puzzle(&input.cells);
    if full {
        return stepwise::pipeline::solve(&grid, options);
    }
    // Counted as solved once the first Extreme step is taken: the level is decided, only
    // the score is partial.
    let (steps, ended) = walk_until(&mut grid, options, |step| {
        step.technique.level() == Level::Extreme
    });
    let status = if ended { Status::Solved } else { Status::Stuck };
    Trace {
        puzzle: puzzle.to_string(),
        status,
        solution: None,
        steps,
        end: grid,
        differing: vec![],
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let full = args.iter().any(|a| a == "--full");
    let list = args.iter().any(|a| a == "--list");
    let limit: Option<usize> = args.iter().find_map(|a| a.parse().ok());
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../shared/data/rated/hodoku.tsv"
    );
    let Ok(text) = std::fs::read_to_string(path) else {
        eprintln!("{path} not found");
        std::process::exit(1);
    };
    let options = Options::hodoku();
    let mut matrix = [[0usize; 5]; 5];
    let (mut total, mut agree, mut unrated) = (0, 0, 0);
    let (mut scored, mut score_exact) = (0, 0);
    let mut brute: BTreeMap<(String, String), usize> = BTreeMap::new();
    let mut brute_levels = [0usize; 5];
    let started = std::time::Instant::now();
    for line in text.lines().filter(|l| !l.starts_with('#')) {
        if limit.is_some_and(|n| total >= n) {
            break;
        }
        let fields: Vec<&str> = line.split('\t').collect();
        let [puzzle, level, score, hardest] = fields[..] else {
            continue;
        };
        let (Some(theirs), Ok(their_score)) = (level_index(level), score.parse::<u32>()) else {
            continue;
        };
        total += 1;
        let trace = hodoku_path(puzzle, &options, full);
        let rating = rate_hodoku(&trace);
        let Some(ours) = rating.level.map(|l| l as usize) else {
            unrated += 1;
            continue;
        };
        matrix[theirs][ours] += 1;
        if theirs == ours {
            agree += 1;
        } else if list {
            println!(
                "{puzzle}\tHoDoKu {level} {their_score} {hardest}\tStepwise {} {} {}",
                rating.level.map_or("none".to_string(), |l| l.to_string()),
                rating.score,
                rating.hardest.map_or("none".to_string(), |t| t.to_string())
            );
        }
        if theirs < Level::Extreme as usize {
            scored += 1;
            score_exact += usize::from(rating.score == their_score);
        }
        if hardest == "Brute_Force" {
            brute_levels[ours] += 1;
            let decisive = trace
                .steps
                .iter()
                .map(|s| s.technique)
                .max_by_key(|t| (t.level(), t.info().hodoku_score))
                .unwrap_or(Technique::FullHouse);
            *brute
                .entry((
                    rating.level.map_or("none".to_string(), |l| l.to_string()),
                    decisive.to_string(),
                ))
                .or_default() += 1;
        }
    }
    let names: Vec<String> = Level::iter().map(|l| l.to_string()).collect();
    println!("HoDoKu level (rows) x Stepwise hodoku-profile level (columns), {total} puzzles:");
    print!("{:>9}", "");
    for n in &names {
        print!("{n:>9}");
    }
    println!("{:>9}", "total");
    for (i, row) in matrix.iter().enumerate() {
        print!("{:>9}", names[i]);
        for c in row {
            print!("{c:>9}");
        }
        println!("{:>9}", row.iter().sum::<usize>());
    }
    let pct = |a: usize, b: usize| 100.0 * a as f64 / b.max(1) as f64;
    println!(
        "level agreement: {agree}/{total} = {:.1}%{}",
        pct(agree, total),
        if unrated > 0 {
            format!(" ({unrated} unrated)")
        } else {
            String::new()
        }
    );
    println!(
        "exact score, puzzles HoDoKu rates below Extreme: {score_exact}/{scored} = {:.1}%",
        pct(score_exact, scored)
    );
    let brute_total: usize = brute_levels.iter().sum();
    println!("HoDoKu guessed (Brute Force) on {brute_total}; Stepwise solved them logically:");
    for (i, n) in brute_levels.iter().enumerate() {
        if *n > 0 {
            println!("  level {}: {n}", names[i]);
        }
    }
    println!("  by level and hardest step taken:");
    for ((level, technique), n) in &brute {
        println!("    {level:<8} {technique}: {n}");
    }
    println!("({:.1} s)", started.elapsed().as_secs_f64());
}
