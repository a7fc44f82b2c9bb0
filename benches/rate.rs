//! Throughput of `rate` (logical solve + rating) on the shared corpora, printed beside a
//! baseline measured in the same run: the complete solver's uniqueness check on the same
//! puzzles (which `rate` also performs first). Run: `cargo bench --bench rate`.

use std::time::Instant;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::rating::rate;
use stepwise::solver::count_solutions;

fn cells(line: &str) -> [u8; 81] {
    let mut cells = [0u8; 81];
    for (i, ch) in line.chars().take(81).enumerate() {
        cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
    }
    cells
}

fn main() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    let sets = [
        ("rated/se121.tsv", 975),
        ("labeled/kaggle-5000.tsv", 5000),
        ("top1465.txt", 1465),
        ("17-clue.txt", 5000),
        // Nested forcing chains take seconds to minutes per puzzle of this list.
        ("forum-hardest-11plus.txt", 5),
    ];
    println!(
        "{:<28} {:>7} {:>12} {:>12} {:>14} {:>10}",
        "set", "puzzles", "rate µs", "check µs", "rate puzzles/s", "rate/check"
    );
    let options = Options::default();
    for (name, limit) in sets {
        let Ok(text) = std::fs::read_to_string(dir.join(name)) else {
            println!("{name:<28} skipped: ../shared/data not found");
            continue;
        };
        let puzzles: Vec<[u8; 81]> = text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
            .take(limit)
            .map(cells)
            .collect();
        let start = Instant::now();
        let mut unique = 0;
        for p in &puzzles {
            unique += (count_solutions(p, 2).count == 1) as usize;
        }
        let check = start.elapsed().as_secs_f64();
        let start = Instant::now();
        let mut er_sum = 0.0;
        for p in &puzzles {
            er_sum += rate(&solve(&Grid::from_puzzle(p), &options)).er;
        }
        let rated = start.elapsed().as_secs_f64();
        assert_eq!(unique, puzzles.len());
        let n = puzzles.len() as f64;
        println!(
            "{name:<28} {:>7} {:>12.1} {:>12.1} {:>14.0} {:>10.1}   (mean ER {:.2})",
            puzzles.len(),
            rated / n * 1e6,
            check / n * 1e6,
            n / rated,
            rated / check,
            er_sum / n
        );
    }
}
