//! Compares Stepwise's ER/EP/ED with Sudoku Explainer 1.2.1's on `../shared/data/rated/se121.tsv`
//! for the puzzles the current techniques solve. Run: `cargo run --release --example se_agreement`.

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::rating::rate;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/rated/se121.tsv".into());
    let Ok(text) = std::fs::read_to_string(&path) else {
        println!("skipped: {path} not found");
        return;
    };
    let (mut total, mut solved, mut er_ok, mut ep_ok, mut ed_ok, mut all_ok) = (0, 0, 0, 0, 0, 0);
    let mut shown = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let f: Vec<&str> = line.split('\t').collect();
        let mut cells = [0u8; 81];
        for (i, ch) in f[0].chars().enumerate().take(81) {
            cells[i] = ch.to_digit(10).unwrap_or(0) as u8;
        }
        let (er, ep, ed): (f64, f64, f64) = (
            f[1].parse().unwrap(),
            f[2].parse().unwrap(),
            f[3].parse().unwrap(),
        );
        total += 1;
        let trace = solve(&Grid::from_puzzle(&cells), &Options::default());
        if trace.status != Status::Solved {
            continue;
        }
        solved += 1;
        let r = rate(&trace);
        let (a, b, c) = (
            (r.er - er).abs() < 1e-9,
            (r.ep - ep).abs() < 1e-9,
            (r.ed - ed).abs() < 1e-9,
        );
        er_ok += a as usize;
        ep_ok += b as usize;
        ed_ok += c as usize;
        all_ok += (a && b && c) as usize;
        if !(a && b && c) && shown < 15 {
            shown += 1;
            println!(
                "{}  SE {er}/{ep}/{ed}  stepwise {}/{}/{} ({})",
                f[0], r.er, r.ep, r.ed, r.hardest
            );
        }
    }
    println!("{path}: {total} puzzles, {solved} solved with the current techniques");
    println!("of those: ER equal {er_ok}, EP equal {ep_ok}, ED equal {ed_ok}, all three {all_ok}");
}
