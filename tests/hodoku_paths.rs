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
