//! Tests of the complete solver (`stepwise::solver`): literal puzzles with 0, 1 and many
//! solutions, odd inputs, the pencilmark variant, and whole corpora from `../shared/data`.

mod common;

use std::path::PathBuf;

use common::cells;
use stepwise::solver::{
    count_solutions, count_solutions_with_candidates, validity, validity_with_candidates,
    Solutions, Validity,
};

/// Arto Inkala's "world's hardest Sudoku" (2012) and its solution.
const INKALA: &str =
    "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
const INKALA_SOLUTION: &str =
    "812753649943682175675491283154237896369845721287169534521974368438526917796318452";

/// The first puzzle of top1465 and its solution.
const TOP1: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";
const TOP1_SOLUTION: &str =
    "468931527751624839392578461134756298289413675675289314846192753513867942927345186";

/// TOP1 with a 1 added in r1c2: no given conflicts with another, yet there is no solution
/// (the unique solution of TOP1 has a 6 there), which only the search can tell.
const TOP1_WRONG_GIVEN: &str =
    "41..3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// The first line of `../shared/data/multi-solution.txt`: 872 solutions.
const MULTI: &str =
    "8.........95.......76.........426798...571243...893165......916....3.487....1.532";

/// Every row, column and box is a permutation of 1..=9.
fn is_valid_grid(grid: &[u8; 81]) -> bool {
    (0..9).all(|a| {
        let (mut row, mut col, mut bx) = (0u16, 0u16, 0u16);
        for b in 0..9 {
            for (mask, v) in [
                (&mut row, grid[a * 9 + b]),
                (&mut col, grid[b * 9 + a]),
                (&mut bx, grid[(a / 3 * 3 + b / 3) * 9 + a % 3 * 3 + b % 3]),
            ] {
                if (1..=9).contains(&v) {
                    *mask |= 1 << v;
                }
            }
        }
        row == 0b11_1111_1110 && col == 0b11_1111_1110 && bx == 0b11_1111_1110
    })
}

fn keeps_givens(puzzle: &[u8; 81], grid: &[u8; 81]) -> bool {
    puzzle.iter().zip(grid).all(|(&g, &v)| g == 0 || g == v)
}

/// A valid solution of `puzzle`, or a panic naming `what`.
fn check_solution(what: &str, puzzle: &[u8; 81], grid: &[u8; 81]) {
    assert!(is_valid_grid(grid), "{what}: invalid solution {grid:?}");
    assert!(keeps_givens(puzzle, grid), "{what}: solution drops a given");
}

/// The candidates of a puzzle: a given allows only itself, an empty cell every digit.
fn candidates_of(cells: &[u8; 81]) -> [u16; 81] {
    cells.map(|v| if v == 0 { 0o777 } else { 1 << (v - 1) })
}

fn expect_unique(what: &str, puzzle: &[u8; 81]) -> [u8; 81] {
    match validity(puzzle) {
        Validity::Unique(grid) => {
            check_solution(what, puzzle, &grid);
            grid
        }
        other => panic!("{what}: expected a unique solution, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// No solution
// ---------------------------------------------------------------------------------------------

#[test]
fn conflicting_givens_have_no_solution() {
    // Two 5s in row 1.
    let mut cells = cells(INKALA);
    cells[1] = 5;
    cells[2] = 5;
    assert_eq!(validity(&cells), Validity::NoSolution);
    // Two 7s in column 1, two 3s in box 1.
    for (a, b, v) in [(0, 72, 7), (0, 20, 3)] {
        let mut cells = [0u8; 81];
        cells[a] = v;
        cells[b] = v;
        let found = count_solutions(&cells, 5);
        assert_eq!((found.count, found.solutions.len()), (0, 0));
    }
}

#[test]
fn a_cell_without_candidates_has_no_solution() {
    // Row 1 holds 1..=8, column 9 holds a 9 lower down: r1c9 can take nothing.
    let mut cells = [0u8; 81];
    for (i, cell) in cells.iter_mut().take(8).enumerate() {
        *cell = i as u8 + 1;
    }
    cells[80] = 9;
    assert_eq!(validity(&cells), Validity::NoSolution);
}

#[test]
fn an_unsolvable_puzzle_without_conflicts_has_no_solution() {
    let cells = cells(TOP1_WRONG_GIVEN);
    assert_eq!(validity(&cells), Validity::NoSolution);
    assert_eq!(count_solutions(&cells, 10).count, 0);
}

#[test]
fn a_full_but_invalid_grid_has_no_solution() {
    let mut cells = cells(INKALA_SOLUTION);
    cells.swap(0, 1); // still full, now two digits sit in the wrong columns
    assert_eq!(validity(&cells), Validity::NoSolution);
}

// ---------------------------------------------------------------------------------------------
// Exactly one solution
// ---------------------------------------------------------------------------------------------

#[test]
fn famous_puzzles_are_unique() {
    assert_eq!(
        expect_unique("Inkala", &cells(INKALA)),
        cells(INKALA_SOLUTION)
    );
    assert_eq!(
        expect_unique("top1465 #1", &cells(TOP1)),
        cells(TOP1_SOLUTION)
    );
}

#[test]
fn a_solved_grid_is_its_own_unique_solution() {
    let grid = cells(INKALA_SOLUTION);
    assert_eq!(validity(&grid), Validity::Unique(grid));
}

#[test]
fn a_solved_grid_missing_one_cell_is_unique() {
    let grid = cells(INKALA_SOLUTION);
    for i in [0, 40, 80, 17, 63] {
        let mut cells = grid;
        cells[i] = 0;
        assert_eq!(validity(&cells), Validity::Unique(grid), "cell {i} emptied");
        let found = count_solutions(&cells, 2);
        assert_eq!(found.count, 1);
        assert_eq!(found.solutions, vec![grid]);
    }
}

#[test]
fn a_single_given_on_an_empty_grid_is_kept() {
    let mut cells = [0u8; 81];
    cells[40] = 7;
    match validity(&cells) {
        Validity::Multiple(a, b) => {
            assert_ne!(a, b);
            check_solution("single given", &cells, &a);
            check_solution("single given", &cells, &b);
        }
        other => panic!("expected many solutions, got {other:?}"),
    }
}

// ---------------------------------------------------------------------------------------------
// Many solutions
// ---------------------------------------------------------------------------------------------

#[test]
fn the_empty_grid_has_many_solutions() {
    let empty = [0u8; 81];
    let two = count_solutions(&empty, 2);
    assert_eq!(two.count, 2);
    assert_eq!(two.solutions.len(), 2);

    let ten = count_solutions(&empty, 10);
    assert_eq!(ten.count, 10);
    assert_eq!(ten.solutions.len(), 10);
    for (i, grid) in ten.solutions.iter().enumerate() {
        check_solution("empty grid", &empty, grid);
        assert!(!ten.solutions[..i].contains(grid), "solution {i} repeated");
    }
    // The first solutions found do not depend on the limit.
    assert_eq!(ten.solutions[..2], two.solutions[..]);
    match validity(&empty) {
        Validity::Multiple(a, b) => assert_eq!([a, b], [ten.solutions[0], ten.solutions[1]]),
        other => panic!("expected many solutions, got {other:?}"),
    }
}

#[test]
fn a_multi_solution_puzzle_is_counted_exactly() {
    let cells = cells(MULTI);
    match validity(&cells) {
        Validity::Multiple(a, b) => {
            assert_ne!(a, b);
            check_solution("multi", &cells, &a);
            check_solution("multi", &cells, &b);
        }
        other => panic!("expected many solutions, got {other:?}"),
    }
    let all = count_solutions(&cells, 1000);
    assert_eq!(all.count, 872);
    assert_eq!(all.solutions.len(), 872);
    let mut sorted = all.solutions.clone();
    sorted.sort_unstable();
    sorted.dedup();
    assert_eq!(sorted.len(), 872, "every solution is different");
    for grid in &all.solutions {
        check_solution("multi", &cells, grid);
    }
    // A smaller limit stops early, with the same first solutions.
    let some = count_solutions(&cells, 100);
    assert_eq!(some.count, 100);
    assert_eq!(some.solutions[..], all.solutions[..100]);
}

#[test]
fn searches_are_deterministic() {
    for puzzle in [MULTI, INKALA, TOP1] {
        let cells = cells(puzzle);
        assert_eq!(count_solutions(&cells, 50), count_solutions(&cells, 50));
        assert_eq!(validity(&cells), validity(&cells));
    }
}

// ---------------------------------------------------------------------------------------------
// Odd inputs
// ---------------------------------------------------------------------------------------------

#[test]
fn values_above_nine_give_no_solution_without_panicking() {
    for bad in [10u8, 11, 99, 255] {
        let mut cells = cells(INKALA);
        cells[3] = bad;
        assert_eq!(validity(&cells), Validity::NoSolution, "value {bad}");
        let found = count_solutions(&cells, 2);
        assert_eq!((found.count, found.solutions.len()), (0, 0));
    }
    let mut empty = [0u8; 81];
    empty[80] = 10;
    assert_eq!(count_solutions(&empty, 2).count, 0);
}

#[test]
fn limit_zero_counts_nothing() {
    let expected = Solutions {
        count: 0,
        solutions: vec![],
    };
    assert_eq!(count_solutions(&cells(INKALA), 0), expected);
    assert_eq!(count_solutions(&[0; 81], 0), expected);
    assert_eq!(count_solutions_with_candidates(&[0o777; 81], 0), expected);
}

#[test]
fn limit_one_finds_one() {
    let found = count_solutions(&[0; 81], 1);
    assert_eq!(found.count, 1);
    check_solution("empty grid", &[0; 81], &found.solutions[0]);
    let found = count_solutions(&cells(INKALA), 1);
    assert_eq!(found.solutions, vec![cells(INKALA_SOLUTION)]);
}

// ---------------------------------------------------------------------------------------------
// Candidates (pencilmark puzzles)
// ---------------------------------------------------------------------------------------------

#[test]
fn candidates_of_givens_match_the_plain_search() {
    for puzzle in [INKALA, TOP1, TOP1_WRONG_GIVEN, MULTI] {
        let cells = cells(puzzle);
        assert_eq!(
            validity_with_candidates(&candidates_of(&cells)),
            validity(&cells),
            "{puzzle}"
        );
        assert_eq!(
            count_solutions_with_candidates(&candidates_of(&cells), 20),
            count_solutions(&cells, 20),
            "{puzzle}"
        );
    }
}

#[test]
fn a_solved_grid_with_one_cell_widened_is_unique() {
    let grid = cells(INKALA_SOLUTION);
    for i in [0, 13, 44, 80] {
        let mut candidates = candidates_of(&grid);
        candidates[i] = 0o777;
        assert_eq!(
            validity_with_candidates(&candidates),
            Validity::Unique(grid),
            "cell {i} widened"
        );
    }
    // Every cell widened to two digits, the right one among them.
    let mut candidates = candidates_of(&grid);
    for (i, c) in candidates.iter_mut().enumerate() {
        *c |= 1 << ((grid[i] as usize + i) % 9);
    }
    match validity_with_candidates(&candidates) {
        Validity::Unique(found) | Validity::Multiple(found, _) => {
            check_solution("widened", &[0; 81], &found);
            assert!(found
                .iter()
                .zip(&candidates)
                .all(|(&v, &c)| c & (1 << (v - 1)) != 0));
        }
        Validity::NoSolution => panic!("the grid itself is a solution"),
    }
}

#[test]
fn a_cell_restricted_to_a_wrong_digit_has_no_solution() {
    let puzzle = candidates_of(&cells(INKALA));
    // r1c2 holds 1 in the solution; 6 conflicts with no given there, yet leaves no solution.
    let mut wrong = puzzle;
    wrong[1] = 1 << (6 - 1);
    assert_eq!(validity_with_candidates(&wrong), Validity::NoSolution);
    // r1c2 restricted to 8, the given of r1c1: a plain conflict.
    let mut conflict = puzzle;
    conflict[1] = 1 << (8 - 1);
    assert_eq!(validity_with_candidates(&conflict), Validity::NoSolution);
    // Restricting r1c2 to its solution digit (and one more) keeps the unique solution.
    let mut right = puzzle;
    right[1] = 1 << (1 - 1) | 1 << (6 - 1);
    assert_eq!(
        validity_with_candidates(&right),
        Validity::Unique(cells(INKALA_SOLUTION))
    );
    // On the empty grid, a cell restricted to one digit keeps it in every solution.
    let mut empty = [0o777u16; 81];
    empty[0] = 1 << (3 - 1);
    match validity_with_candidates(&empty) {
        Validity::Multiple(a, b) => {
            assert_eq!((a[0], b[0]), (3, 3));
            check_solution("restricted", &[0; 81], &a);
            check_solution("restricted", &[0; 81], &b);
        }
        other => panic!("expected many solutions, got {other:?}"),
    }
}

#[test]
fn two_cells_forced_to_one_digit_in_a_unit_have_no_solution() {
    // Same row, same box, same column (other band), same column (same band, other box row).
    for (a, b) in [(0, 1), (0, 10), (0, 27), (0, 18), (40, 76), (80, 8)] {
        let mut candidates = [0o777u16; 81];
        candidates[a] = 1 << 4;
        candidates[b] = 1 << 4;
        assert_eq!(
            validity_with_candidates(&candidates),
            Validity::NoSolution,
            "cells {a} and {b}"
        );
    }
    // Two cells of a row that only one digit fits, the other digits placed elsewhere.
    let mut candidates = candidates_of(&cells(INKALA));
    candidates[1] = 1 << 0;
    candidates[2] = 1 << 0;
    assert_eq!(validity_with_candidates(&candidates), Validity::NoSolution);
}

#[test]
fn a_cell_without_candidates_or_with_high_bits_only_has_no_solution() {
    let mut candidates = candidates_of(&cells(INKALA));
    candidates[5] = 0;
    assert_eq!(validity_with_candidates(&candidates), Validity::NoSolution);
    candidates[5] = 0xFE00; // bits above the ninth are ignored
    assert_eq!(validity_with_candidates(&candidates), Validity::NoSolution);
    candidates[5] = 0xFE00 | 0o777;
    assert_eq!(
        validity_with_candidates(&candidates),
        Validity::Unique(cells(INKALA_SOLUTION))
    );
}

// ---------------------------------------------------------------------------------------------
// Corpora
// ---------------------------------------------------------------------------------------------

/// The puzzles of a corpus file (first `cap`), or `None` (after saying so) when
/// `../shared/data` is missing.
fn corpus(name: &str, cap: usize) -> Option<Vec<[u8; 81]>> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../shared/data");
    if !dir.is_dir() {
        common::skipped(&format!("{name}: ../shared/data not found"));
        return None;
    }
    let text = std::fs::read_to_string(dir.join(name))
        .unwrap_or_else(|e| panic!("cannot read {name}: {e}"));
    let puzzles: Vec<[u8; 81]> = text
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .take(cap)
        .map(|l| {
            assert_eq!(l.len(), 81, "{name}: bad line {l:?}");
            cells(l)
        })
        .collect();
    assert!(!puzzles.is_empty(), "{name} is empty");
    Some(puzzles)
}

fn all_unique(name: &str, cap: usize) {
    let Some(puzzles) = corpus(name, cap) else {
        return;
    };
    for (i, puzzle) in puzzles.iter().enumerate() {
        expect_unique(&format!("{name} line {}", i + 1), puzzle);
    }
}

#[test]
fn every_top1465_puzzle_is_unique() {
    all_unique("top1465.txt", usize::MAX);
}

#[test]
fn seventeen_clue_puzzles_are_unique() {
    all_unique("17-clue.txt", 2000);
}

#[test]
fn forum_hardest_puzzles_are_unique() {
    all_unique("forum-hardest-11plus.txt", 2000);
}

#[test]
fn multi_solution_puzzles_have_two_valid_solutions() {
    let Some(puzzles) = corpus("multi-solution.txt", 2000) else {
        return;
    };
    for (i, puzzle) in puzzles.iter().enumerate() {
        let what = format!("multi-solution.txt line {}", i + 1);
        match validity(puzzle) {
            Validity::Multiple(a, b) => {
                assert_ne!(a, b, "{what}: the same solution twice");
                check_solution(&what, puzzle, &a);
                check_solution(&what, puzzle, &b);
            }
            other => panic!("{what}: expected many solutions, got {other:?}"),
        }
    }
}

#[test]
fn pencilmark_corpus_agrees_with_the_plain_search() {
    let Some(puzzles) = corpus("top1465.txt", 200) else {
        return;
    };
    for (i, puzzle) in puzzles.iter().enumerate() {
        assert_eq!(
            validity_with_candidates(&candidates_of(puzzle)),
            validity(puzzle),
            "top1465 line {}",
            i + 1
        );
    }
}

/// A small deterministic pseudo-random generator (xorshift), for the differential test.
struct XorShift(u64);

impl XorShift {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
}

/// Puzzles made from solved grids by keeping 28% to 48% of the cells (so with one, a few or
/// many solutions), a third of them with a wrong digit added (often no solution then): the
/// counts agree with the `sudoku` crate's, and every solution found is valid, keeps the givens
/// and differs from the others.
#[test]
fn counts_agree_with_the_sudoku_crate() {
    let Some(puzzles) = corpus("top1465.txt", 150) else {
        return;
    };
    let mut rng = XorShift(0x5eed_1234_abcd_9876);
    for (i, puzzle) in puzzles.iter().enumerate() {
        let grid = expect_unique("top1465", puzzle);
        let mut cells = [0u8; 81];
        for (cell, &v) in cells.iter_mut().zip(&grid) {
            if rng.next() % 100 < 28 + (i as u64 % 5) * 5 {
                *cell = v;
            }
        }
        if i % 3 == 0 {
            // A wrong digit in an empty cell, conflicting with no given: often no solution.
            let empty: Vec<usize> = (0..81).filter(|&c| cells[c] == 0).collect();
            let c = empty[rng.next() as usize % empty.len()];
            cells[c] = grid[c] % 9 + 1;
        }
        let line: String = cells
            .iter()
            .map(|&v| if v == 0 { '.' } else { char::from(b'0' + v) })
            .collect();
        let theirs =
            sudoku::Sudoku::from_str_line(&line).map_or(0, |s| s.solutions_count_up_to(12));
        let ours = count_solutions(&cells, 12);
        assert_eq!(ours.count, theirs, "puzzle {line}");
        assert_eq!(ours.solutions.len(), ours.count);
        for (k, found) in ours.solutions.iter().enumerate() {
            check_solution(&line, &cells, found);
            assert!(
                !ours.solutions[..k].contains(found),
                "{line}: repeated solution"
            );
        }
    }
}
