//! Benchmark of the complete solver's uniqueness check against the `sudoku` crate's
//! (a JCZSolve port), in the same run on the same puzzles.
//!
//! For each set: both solvers first check every puzzle (both must say "unique", and Stepwise's
//! solution must be a valid grid agreeing with the givens), then the timed passes alternate
//! between the two solvers and the best pass of each is reported.
//!
//! Run with `cargo bench --bench solver`.

use std::hint::black_box;
use std::path::Path;
use std::time::{Duration, Instant};

use stepwise::solver::{validity, Validity};

#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

/// The sets, with the most puzzles taken from each and the number of timed passes per solver.
/// (Short passes are cheap: more of them make the best one less sensitive to a busy machine.)
const SETS: [(&str, usize, usize); 3] = [
    ("17-clue.txt", 10_000, 25),
    ("top1465.txt", 10_000, 40),
    ("forum-hardest-11plus.txt", 10_000, 5),
];

fn main() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !dir.is_dir() {
        for (name, _, _) in SETS {
            println!("{name}: skipped: ../shared/data not found");
        }
        return;
    }
    println!("count-to-2 per puzzle, best pass of each solver; ratio = sudoku / stepwise (> 1: Stepwise faster)");
    println!(
        "{:<26} {:>8} {:>19} {:>23} {:>7}",
        "set", "puzzles", "stepwise µs/puzzle", "sudoku-crate µs/puzzle", "ratio"
    );
    for (name, cap, passes) in SETS {
        let text = match std::fs::read_to_string(dir.join(name)) {
            Ok(text) => text,
            Err(_) => {
                println!("{name}: skipped: ../shared/data not found");
                continue;
            }
        };
        let lines: Vec<&str> = text
            .lines()
            .map(str::trim)
            .filter(|l| !l.is_empty() && !l.starts_with('#'))
            .take(cap)
            .collect();
        let ours: Vec<[u8; 81]> = lines.iter().map(|l| puzzle_line::cells(l)).collect();
        let theirs: Vec<sudoku::Sudoku> = lines
            .iter()
            .map(|l| sudoku::Sudoku::from_str_line(l).expect("a valid puzzle line"))
            .collect();

        check(name, &ours, &theirs);

        let mut best_ours = Duration::MAX;
        let mut best_theirs = Duration::MAX;
        for _ in 0..passes {
            best_ours = best_ours.min(time(|| {
                ours.iter()
                    .filter(|p| matches!(validity(black_box(p)), Validity::Unique(_)))
                    .count()
            }));
            best_theirs = best_theirs.min(time(|| {
                theirs
                    .iter()
                    .filter(|s| black_box(**s).solutions_count_up_to(2) == 1)
                    .count()
            }));
        }
        let n = ours.len() as f64;
        let us_ours = best_ours.as_secs_f64() * 1e6 / n;
        let us_theirs = best_theirs.as_secs_f64() * 1e6 / n;
        println!(
            "{:<26} {:>8} {:>19.2} {:>23.2} {:>7.2}",
            name,
            ours.len(),
            us_ours,
            us_theirs,
            us_theirs / us_ours
        );
    }
}

/// Times one pass; the pass returns how many puzzles were unique, kept away from the optimizer.
fn time(pass: impl FnOnce() -> usize) -> Duration {
    let start = Instant::now();
    black_box(pass());
    start.elapsed()
}

/// Both solvers must find every puzzle unique, and Stepwise's solution must be a valid grid
/// that keeps the givens.
fn check(name: &str, ours: &[[u8; 81]], theirs: &[sudoku::Sudoku]) {
    for (i, (puzzle, s)) in ours.iter().zip(theirs).enumerate() {
        let grid = match validity(puzzle) {
            Validity::Unique(grid) => grid,
            other => panic!("{name} puzzle {}: Stepwise says {other:?}", i + 1),
        };
        assert!(
            puzzle.iter().zip(&grid).all(|(&g, &v)| g == 0 || g == v),
            "{name} puzzle {}: solution does not keep the givens",
            i + 1
        );
        assert!(
            is_valid_grid(&grid),
            "{name} puzzle {}: invalid solution",
            i + 1
        );
        assert_eq!(
            s.solutions_count_up_to(2),
            1,
            "{name} puzzle {}: the sudoku crate disagrees",
            i + 1
        );
    }
}

fn is_valid_grid(grid: &[u8; 81]) -> bool {
    (0..9).all(|a| {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for b in 0..9 {
            row |= 1 << grid[a * 9 + b];
            col |= 1 << grid[b * 9 + a];
            bx |= 1 << grid[(a / 3 * 3 + b / 3) * 9 + a % 3 * 3 + b % 3];
        }
        row == 0b11_1111_1110 && col == 0b11_1111_1110 && bx == 0b11_1111_1110
    })
}
