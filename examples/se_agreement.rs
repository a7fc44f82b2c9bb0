//! Compares Stepwise's ER/EP/ED with a reference rater's on a rated file (default
//! `../shared/data/rated/se121.tsv`, Sudoku Explainer 1.2.1) for the puzzles the chosen profile
//! solves. Files with only an ER column (`sukaku-exchange.tsv`) compare ER alone.
//! Run: `cargo run --release --example se_agreement [FILE] [se|extended]`.

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::rating::rate;

fn main() {
    let path = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "../shared/data/rated/se121.tsv".into());
    let options = match std::env::args().nth(2).as_deref() {
        Some("extended") => Options::extended(),
        _ => Options::sudoku_explainer(),
    };
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
        let column = |i: usize| f.get(i).and_then(|v| v.trim().parse::<f64>().ok());
        let Some(er) = column(1) else { continue };
        // Without EP/ED columns, only ER is compared.
        let (ep, ed) = (column(2), column(3));
        total += 1;
        let trace = solve(&Grid::from_puzzle(&cells), &options);
        if trace.status != Status::Solved {
            continue;
        }
        solved += 1;
        let r = rate(&trace);
        let same = |ours: f64, theirs: Option<f64>| theirs.is_none_or(|t| (ours - t).abs() < 1e-9);
        let (a, b, c) = ((r.er - er).abs() < 1e-9, same(r.ep, ep), same(r.ed, ed));
        er_ok += a as usize;
        ep_ok += b as usize;
        ed_ok += c as usize;
        all_ok += (a && b && c) as usize;
        if !(a && b && c) && shown < 15 {
            shown += 1;
            println!(
                "{}  reference {er}/{ep:?}/{ed:?}  stepwise {}/{}/{} ({})",
                f[0], r.er, r.ep, r.ed, r.hardest
            );
        }
    }
    println!("{path}: {total} puzzles, {solved} solved with the current techniques");
    println!("of those: ER equal {er_ok}, EP equal {ep_ok}, ED equal {ed_ok}, all three {all_ok}");
}
