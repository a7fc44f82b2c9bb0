//! Dev tool: replays Sudoku Explainer 1.2.1's own solving paths (`se121-paths.txt`) and, at
//! every state where SE used a given rule, compares SE's deduction with the first step of a
//! Stepwise technique there, printing the state as a pencilmark grid.
//!
//! Run: `cargo run --release --example se_replay -- "Aligned Triplet Exclusion" aligned-triple-exclusion`
//! (the SE rule name as the paths spell it, then a Stepwise slug; a third argument names another
//! paths file in that format, such as `scripts/se-rate --paths` prints).

use stepwise::finders::{all, first};
use stepwise::format::to_pencilmark;
use stepwise::geometry::{cell_at, Cell, Digit};
use stepwise::grid::Grid;
use stepwise::technique::Technique;

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

/// A cell and a digit.
type Mark = (Cell, Digit);

/// The eliminations and placements of one SE step line (`r1c2<>3,4, r5c6=7`).
fn effects(line: &str) -> (Vec<Mark>, Vec<Mark>) {
    let tail = line.rsplit(": ").next().unwrap_or("");
    let cell = |s: &str| -> Cell {
        let b = s.as_bytes();
        cell_at((b[1] - b'1') as usize, (b[3] - b'1') as usize)
    };
    let (mut gone, mut placed) = (Vec::new(), Vec::new());
    for token in tail.split(", ") {
        if let Some((c, digits)) = token.split_once("<>") {
            for d in digits.split(',') {
                gone.push((cell(c), d.parse().expect("a digit")));
            }
        } else if let Some((c, d)) = token.split_once('=') {
            placed.push((cell(c), d.trim().parse().expect("a digit")));
        }
    }
    (gone, placed)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let (rule, slug, paths) = match &args[..] {
        [rule, slug] => (rule, slug, "../shared/data/rated/se121-paths.txt"),
        [rule, slug, paths] => (rule, slug, paths.as_str()),
        _ => {
            eprintln!("usage: se_replay <SE rule name> <stepwise slug> [SE-PATHS-FILE]");
            std::process::exit(2);
        }
    };
    let technique = Technique::parse(slug).expect("a known slug");
    let text = std::fs::read_to_string(paths).unwrap_or_else(|e| panic!("{paths}: {e}"));
    let (mut grid, mut puzzle) = (Grid::empty(), String::new());
    let (mut same, mut differ) = (0, 0);
    for line in text.lines() {
        if let Some(p) = line.strip_prefix("# ") {
            if p.len() >= 81 && !p.contains(' ') {
                puzzle = p.to_string();
                grid = Grid::from_puzzle(&puzzle_line::cells(p));
            }
            continue;
        }
        if line.starts_with("ED=") || line.trim().is_empty() {
            continue;
        }
        let (gone, placed) = effects(line);
        if line.contains(&format!(", {rule}")) {
            let ours = first(technique, &grid);
            let mut theirs: Vec<Mark> = gone.clone();
            theirs.sort_unstable();
            let mut mine: Vec<Mark> = ours
                .iter()
                .flat_map(|s| s.eliminations.iter().map(|c| (c.cell, c.digit)))
                .collect();
            mine.sort_unstable();
            let verdict = if mine == theirs { "SAME" } else { "DIFFERENT" };
            if mine == theirs {
                same += 1;
            } else {
                differ += 1;
            }
            println!("{puzzle}\nSE:       {line}");
            println!(
                "Stepwise: {}  [{verdict}; {} steps found in all]",
                ours.map(|s| s.notation())
                    .unwrap_or_else(|| "nothing".into()),
                all(technique, &grid).len()
            );
            println!("{}", to_pencilmark(grid.values(), &grid.candidate_masks()));
        }
        for (c, d) in placed {
            if grid.value(c) == 0 {
                grid.place(c, d);
            }
        }
        for (c, d) in gone {
            grid.eliminate(c, d);
        }
    }
    println!("{same} same, {differ} different");
}
