//! The solving engines against each other and against known counts: every engine on puzzles
//! of every shape, every engine but `naive` on samples of the shared 9x9 corpora, `dlx`
//! against `fast` on every puzzle of `17-clue.txt` and `multi-solution.txt`, and the numbers
//! of 4x4 Sudoku grids and of Latin squares of orders 4 and 5 by enumeration.
//!
//! Runs are limited by nodes only (never by time), so every outcome is the same on any machine.

mod common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::Instant;

use stepwise::engines::dig::{self, DigOptions};
use stepwise::engines::{solve, Engine, Limits, Run, Stop};
use stepwise::shape::{parse_shaped, Shape, ShapedPuzzle};

/// Every solution (sorted) and the run, within `nodes` nodes.
fn all_solutions(engine: Engine, puzzle: &ShapedPuzzle, nodes: u64) -> (Run, Vec<Vec<u8>>) {
    let limits = Limits {
        solutions: None,
        nodes: Some(nodes),
        time: None,
    };
    let mut found = Vec::new();
    let run = solve(engine, puzzle, &limits, &mut |s| found.push(s.to_vec()))
        .unwrap_or_else(|e| panic!("{engine}: {e}"));
    found.sort();
    (run, found)
}

/// Every engine that solves the shape finds exactly the solutions `dlx` finds.
fn all_engines_agree(puzzle: &ShapedPuzzle, what: &str) {
    let (reference, expected) = all_solutions(Engine::Dlx, puzzle, u64::MAX);
    assert_eq!(reference.stop, Stop::Complete, "{what}");
    let problem = puzzle.problem();
    for solution in &expected {
        assert!(problem.satisfied(solution), "{what}");
    }
    for engine in Engine::ALL {
        if !engine.supports(puzzle.shape) {
            continue;
        }
        let (run, found) = all_solutions(engine, puzzle, 50_000_000);
        assert_eq!(run.stop, Stop::Complete, "{engine} on {what}");
        assert_eq!(found, expected, "{engine} on {what}: {}", puzzle.to_line());
        assert_eq!(run.solutions, expected.len() as u64);
    }
}

/// A puzzle of `shape` with one solution, its givens dug to `floor` percent of the cells, and
/// one with several: the same with the four cells of a rectangle of the solution emptied
/// whose two values can trade places (a second grid that keeps every rule), or failing one,
/// with givens removed until a second solution appears.
fn unique_and_multiple(shape: Shape, floor: usize, seed: u64) -> (ShapedPuzzle, ShapedPuzzle) {
    let mut rng = dig::rng(seed);
    let solution = dig::random_solution(shape, &mut rng);
    let options = DigOptions {
        min_givens: shape.cell_count() * floor / 100,
        check_nodes: 1_000_000,
    };
    let unique = dig::dig(shape, &solution, &mut rng, options);
    let mut several = unique.clone();
    if let Some(corners) = trading_rectangle(shape, &solution) {
        for cell in corners {
            several.cells[cell] = 0;
        }
        return (unique, several);
    }
    let mut order: Vec<usize> = (0..several.cells.len()).collect();
    rng.shuffle(&mut order);
    for cell in order {
        if several.cells[cell] == 0 {
            continue;
        }
        several.cells[cell] = 0;
        let (run, _) = all_solutions(Engine::Dlx, &several, u64::MAX);
        if run.solutions >= 2 {
            break;
        }
    }
    (unique, several)
}

/// Four cells of a complete grid at the corners of a rectangle, holding `a b / b a`, whose
/// values can be swapped into another valid grid.
fn trading_rectangle(shape: Shape, grid: &[u8]) -> Option<[usize; 4]> {
    let n = shape.size();
    let problem = shape.problem(&vec![0; n * n]);
    for r1 in 0..n {
        for r2 in r1 + 1..n {
            for c1 in 0..n {
                for c2 in c1 + 1..n {
                    let corners = [r1 * n + c1, r1 * n + c2, r2 * n + c1, r2 * n + c2];
                    let [a, b, c, d] = corners.map(|i| grid[i]);
                    if a == d && b == c {
                        let mut traded = grid.to_vec();
                        for (cell, value) in corners.into_iter().zip([b, a, a, b]) {
                            traded[cell] = value;
                        }
                        if problem.satisfied(&traded) {
                            return Some(corners);
                        }
                    }
                }
            }
        }
    }
    None
}

#[test]
fn every_engine_agrees_on_every_shape() {
    // The floor of givens keeps `naive` within its node limit on the big grids.
    let shapes: &[(&str, usize)] = &[
        ("4x4", 0),
        ("6x6", 0),
        ("3x2", 0),
        ("8x8", 30),
        ("4x2", 30),
        ("9x9", 45),
        ("12x12", 60),
        ("4x3", 60),
        ("16x16", 70),
        ("25x25", 80),
        ("latin:2", 0),
        ("latin:3", 0),
        ("latin:4", 0),
        ("latin:5", 0),
        ("latin:7", 30),
        ("latin:10", 60),
        ("latin:13", 70),
        ("latin:16", 75),
        ("latin:25", 92),
    ];
    for &(name, floor) in shapes {
        let shape: Shape = name.parse().unwrap();
        for seed in 0..2 {
            let (unique, several) = unique_and_multiple(shape, floor, seed);
            all_engines_agree(&unique, &format!("{name} seed {seed} (unique)"));
            all_engines_agree(&several, &format!("{name} seed {seed} (several)"));
        }
    }
}

#[test]
fn known_counts_by_enumeration() {
    for (text, shape, expected) in [
        ("................", None, 288u64),
        ("................", Some("latin:4"), 576),
        (".........................", None, 161_280),
    ] {
        let shape = shape.map(|s| s.parse::<Shape>().unwrap());
        let puzzle = parse_shaped(text, shape).unwrap();
        for engine in Engine::ALL {
            if !engine.supports(puzzle.shape) {
                continue;
            }
            let run = solve(engine, &puzzle, &Limits::UNLIMITED, &mut |_| {}).unwrap();
            assert_eq!(
                (run.solutions, run.stop),
                (expected, Stop::Complete),
                "{engine} on {}",
                puzzle.shape
            );
        }
    }
}

#[test]
fn naive_and_backtrack_are_one_search() {
    for seed in 0..3 {
        let (unique, several) = unique_and_multiple(Shape::CLASSIC, 40, seed);
        for puzzle in [unique, several] {
            let (a, sa) = all_solutions(Engine::Naive, &puzzle, u64::MAX);
            let (b, sb) = all_solutions(Engine::Backtrack, &puzzle, u64::MAX);
            assert_eq!(a.stats.nodes, b.stats.nodes);
            assert_eq!(a.stats.backtracks, b.stats.backtracks);
            assert_eq!(sa, sb);
        }
    }
}

#[test]
fn naive_needs_no_deep_stack() {
    // An empty 25x25 Latin square: 625 cells deep, on a 64 KiB stack.
    let puzzle = parse_shaped(&".".repeat(625), None).unwrap();
    let run = std::thread::Builder::new()
        .stack_size(64 * 1024)
        .spawn(move || {
            let limits = Limits {
                solutions: Some(1),
                nodes: Some(200_000),
                time: None,
            };
            solve(Engine::Naive, &puzzle, &limits, &mut |_| {}).unwrap()
        })
        .unwrap()
        .join()
        .unwrap();
    assert!(run.stats.nodes.unwrap() >= 600, "{run:?}");
}

#[test]
fn the_shared_four_by_four_puzzles() {
    let Some(puzzles) = common::corpus("sizes/4x4.txt", usize::MAX) else {
        return;
    };
    assert_eq!(puzzles.len(), 376);
    for line in &puzzles {
        let puzzle = parse_shaped(line, None).unwrap();
        assert_eq!(puzzle.shape, Shape::sudoku(4).unwrap());
        all_engines_agree(&puzzle, line);
    }
}

/// Counts up to 2 with `engine` within `nodes`: `None` when cut, else the count and the first
/// solution.
fn count_to_two(engine: Engine, puzzle: &ShapedPuzzle, nodes: u64) -> Option<(u64, Vec<u8>)> {
    let limits = Limits {
        solutions: Some(2),
        nodes: Some(nodes),
        time: None,
    };
    let mut first = Vec::new();
    let run = solve(engine, puzzle, &limits, &mut |s| {
        if first.is_empty() {
            first = s.to_vec();
        }
    })
    .unwrap();
    (!run.stop.is_cut()).then_some((run.solutions, first))
}

#[test]
fn every_engine_but_naive_on_samples_of_the_shared_corpora() {
    // The plain searches (`backtrack`, `fc`) may hit their node limit on the hardest; the
    // others must finish every puzzle. Every finished run agrees with `fast`.
    const NODES: u64 = 400_000;
    let must_finish = [
        Engine::FcMrv,
        Engine::FcMrvLcv,
        Engine::Mac,
        Engine::Cost,
        Engine::Dlx,
    ];
    let mut cut = 0;
    let mut runs = 0;
    for (name, take) in [
        ("labeled/kaggle-5000.tsv", 10),
        ("labeled/qqwing-800.tsv", 5),
        ("rated/hodoku.tsv", 10),
        ("rated/se121.tsv", 5),
        ("top1465.txt", 5),
        ("17-clue.txt", 5),
        ("forum-hardest-11plus.txt", 5),
        ("multi-solution.txt", 10),
    ] {
        // Spread the sample over the file: every 37th puzzle.
        let Some(puzzles) = common::corpus(name, usize::MAX) else {
            return;
        };
        for line in puzzles.iter().step_by(37).take(take) {
            let puzzle = ShapedPuzzle::classic(&common::cells(line)).unwrap();
            let expected = count_to_two(Engine::Fast, &puzzle, u64::MAX).unwrap();
            for engine in Engine::ALL.into_iter().filter(|&e| e != Engine::Naive) {
                runs += 1;
                match count_to_two(engine, &puzzle, NODES) {
                    Some(got) if got.0 >= 2 => assert_eq!(got.0, expected.0, "{engine}: {line}"),
                    Some(got) => assert_eq!(got, expected, "{engine}: {line}"),
                    None => {
                        assert!(!must_finish.contains(&engine), "{engine} cut on {line}");
                        cut += 1;
                    }
                }
            }
        }
    }
    eprintln!("{runs} runs, {cut} cut at {NODES} nodes (backtrack and fc only)");
}

/// `dlx` against `fast` on every puzzle of a corpus, on two threads: counts up to 2 must
/// match, and a unique solution too; each solution `dlx` gives must be a solution.
fn dlx_against_fast(name: &str) -> Option<usize> {
    let puzzles = common::corpus(name, usize::MAX)?;
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..2 {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(line) = puzzles.get(i) else {
                    break;
                };
                let cells = common::cells(line);
                let fast = stepwise::solver::count_solutions(&cells, 2);
                let Ok(puzzle) = ShapedPuzzle::classic(&cells) else {
                    assert_eq!(fast.count, 0, "{line}: conflicting givens");
                    continue;
                };
                let mut found = Vec::new();
                let run = solve(Engine::Dlx, &puzzle, &Limits::count_to(Some(2)), &mut |s| {
                    found.push(s.to_vec())
                })
                .unwrap();
                assert!(!run.stop.is_cut(), "{line}");
                assert_eq!(run.solutions, fast.count as u64, "{line}");
                for s in &found {
                    assert!(puzzle.shape.problem(&puzzle.cells).satisfied(s), "{line}");
                }
                if fast.count == 1 {
                    assert_eq!(found[0], fast.solutions[0].to_vec(), "{line}");
                }
            });
        }
    });
    Some(puzzles.len())
}

#[test]
fn dlx_agrees_with_fast_on_every_17_clue_and_multi_solution_puzzle() {
    let start = Instant::now();
    let Some(clues) = dlx_against_fast("17-clue.txt") else {
        return;
    };
    let Some(multi) = dlx_against_fast("multi-solution.txt") else {
        return;
    };
    assert_eq!((clues, multi), (49_158, 10_000));
    eprintln!(
        "dlx = fast on {clues} + {multi} puzzles in {:.1} s",
        start.elapsed().as_secs_f64()
    );
}

#[test]
fn bad_puzzles_are_refused_with_what_and_where() {
    let cases = [
        (
            "1..2..3..4..2..",
            None,
            "line 1: 15 cells is not a square grid",
        ),
        (
            "1..2..3..4..2.x3",
            None,
            "line 1, column 15: unexpected character 'x'",
        ),
        (
            "1..5............",
            None,
            "line 1, column 4: value 5 is out of range 1..4",
        ),
        (
            "1..1............",
            None,
            "line 1: r1c1 and r1c4 both hold 1 (row 1)",
        ),
        (
            "1....1..........",
            None,
            "line 1: r1c1 and r2c2 both hold 1 (box 1)",
        ),
        (
            "1...1...........",
            Some("latin:4"),
            "line 1: r1c1 and r2c1 both hold 1 (column 1)",
        ),
        (
            "1...............",
            Some("6x6"),
            "line 1: expected 36 cells for 6x6, found 16",
        ),
        (
            "1 2 3\n2 3",
            None,
            "line 2: expected 3 numbers in a row, found 2",
        ),
        ("1 2 3\n\n", None, "line 1: grid has 1 row, expected 3"),
        (
            "1 2\n3 1",
            None,
            "line 2, column 1: value 3 is out of range 1..2",
        ),
    ];
    for (text, shape, message) in cases {
        let shape = shape.map(|s| s.parse::<Shape>().unwrap());
        let e = parse_shaped(text, shape).unwrap_err();
        assert!(e.to_string().starts_with(message), "{text:?}: {e}");
    }
    // Never a panic, whatever the bytes.
    let mut rng = dig::rng(3);
    for _ in 0..2000 {
        let len = rng.below(700);
        let text: String = (0..len)
            .map(|_| {
                let symbols = b"0123456789ABCDEFGPQZabp.*- \t\n#,x";
                symbols[rng.below(symbols.len())] as char
            })
            .collect();
        let _ = stepwise::shape::read_shaped(text.as_bytes(), None).count();
    }
}
