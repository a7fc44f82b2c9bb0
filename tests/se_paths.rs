//! Sudoku Explainer's own solving paths (`../shared/data/rated/se121-paths.txt`, 334
//! puzzles, every ER band up to 9.3) replayed step by step: Stepwise's SE profile must take
//! the same step (rating and deduction) at every point of the path. The test fails if fewer
//! paths agree entirely than the level reached when it was written.

mod common;

use std::collections::BTreeSet;

use stepwise::geometry::cell_name;
use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options};
use stepwise::step::{round_rating, Step};

/// One step of SE's path: rating and the set of deductions (`r1c2<>3`, `r4c5=6`).
#[derive(Debug, PartialEq)]
struct PathStep {
    rating: f64,
    deductions: BTreeSet<String>,
    line: String,
}

fn parse_paths(text: &str) -> Vec<(String, Vec<PathStep>)> {
    let mut out: Vec<(String, Vec<PathStep>)> = Vec::new();
    for line in text.lines() {
        if let Some(rest) = line.strip_prefix("# ") {
            let puzzle = rest.trim();
            if puzzle.len() == 81 && puzzle.chars().all(|c| c == '.' || c.is_ascii_digit()) {
                out.push((puzzle.to_string(), Vec::new()));
            }
            continue;
        }
        let Some((_, steps)) = out.last_mut() else {
            continue;
        };
        let Some((number_rating, rest)) = line.split_once(", ") else {
            continue;
        };
        let Some(rating) = number_rating
            .split_whitespace()
            .nth(1)
            .and_then(|r| r.parse::<f64>().ok())
        else {
            continue;
        };
        let deductions = rest
            .rsplit_once(": ")
            .map(|(_, d)| d)
            .unwrap_or("")
            .split(", ")
            .filter(|d| d.starts_with('r'))
            .flat_map(expand_digits)
            .collect();
        steps.push(PathStep {
            rating,
            deductions,
            line: line.to_string(),
        });
    }
    out
}

/// `r4c3<>1,8` as `r4c3<>1` and `r4c3<>8`.
fn expand_digits(deduction: &str) -> Vec<String> {
    let deduction = deduction.trim();
    match deduction.split_once("<>") {
        Some((cell, digits)) => digits
            .split(',')
            .map(|d| format!("{cell}<>{}", d.trim()))
            .collect(),
        None => vec![deduction.to_string()],
    }
}

fn deductions(step: &Step) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = step
        .eliminations
        .iter()
        .map(|e| format!("{}<>{}", cell_name(e.cell), e.digit))
        .collect();
    out.extend(
        step.placements
            .iter()
            .map(|p| format!("{}={}", cell_name(p.cell), p.digit)),
    );
    out
}

#[test]
fn paths_agree_with_sudoku_explainer() {
    let Some(dir) = common::shared_data() else {
        eprintln!("skipped: ../shared/data not found (rated/se121-paths.txt)");
        return;
    };
    let text = std::fs::read_to_string(dir.join("rated/se121-paths.txt")).expect("readable");
    let paths = parse_paths(&text);
    assert!(paths.len() >= 300, "{} paths parsed", paths.len());
    let options = Options::sudoku_explainer();
    let (mut same_path, mut steps_total, mut steps_same) = (0, 0, 0);
    let mut first_differences = Vec::new();
    for (puzzle, reference) in &paths {
        let trace = solve(&Grid::from_puzzle(&common::cells(puzzle)), &options);
        let mut agree = trace.steps.len() == reference.len();
        for (i, expected) in reference.iter().enumerate() {
            steps_total += 1;
            let Some(ours) = trace.steps.get(i) else {
                agree = false;
                break;
            };
            let same = round_rating(ours.rating()) == expected.rating
                && deductions(ours) == expected.deductions;
            if same {
                steps_same += 1;
            } else {
                if first_differences.len() < 40 {
                    first_differences.push(format!(
                        "{puzzle}\n  SE:       {}\n  Stepwise: {} ({:.1})",
                        expected.line,
                        ours,
                        round_rating(ours.rating())
                    ));
                }
                agree = false;
                break; // after a different step the paths are not comparable
            }
        }
        same_path += agree as usize;
    }
    eprintln!(
        "se121-paths: {same_path}/{} paths identical; {steps_same}/{steps_total} steps compared agree before any difference",
        paths.len()
    );
    for d in &first_differences {
        eprintln!("{d}");
    }
    // Level reached when this test was written (raise it as agreement improves).
    assert!(
        same_path >= MIN_IDENTICAL_PATHS,
        "only {same_path} identical paths"
    );
}

const MIN_IDENTICAL_PATHS: usize = 332;
