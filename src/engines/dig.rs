//! Puzzles of any shape made here, for tests and for the 16x16 and 25x25 sets of the
//! comparison: a random solution grid filled by a randomized search, then givens dug out in a
//! random order as long as the puzzle keeps exactly one solution.
//!
//! The fill is forward checking with the smallest domain first (ties broken at random) and
//! the values in a random order; a fill that passes its node limit starts again on a fresh
//! stream (random fills have a heavy tail; restarts cut it). Each removal is kept when `dlx`,
//! the fastest generic engine, counts exactly one solution (limit 2) within
//! [`DigOptions::check_nodes`]; a count cut by that limit keeps the given, so every puzzle
//! made has one solution, proven. Digging stops at [`DigOptions::min_givens`] (see
//! [`DigOptions::for_shape`] for the floors chosen and why): on big grids the last removals
//! cost more than all the others, and make puzzles no engine but dlx finishes.
//!
//! The same shape, seed and options give the same puzzle on every platform: the random
//! numbers come from the core's one generator ([`crate::csp::rng`]), its xorshift64* stream
//! with this module's salt ([`rng`]).

use std::ops::ControlFlow;

use super::{solve, Engine, Limits, Stop};
pub use crate::csp::rng::Rng;
use crate::csp::{Domain, Problem, Var};
use crate::shape::{Shape, ShapedPuzzle};

/// How far digging goes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct DigOptions {
    /// Stop digging at this many givens.
    pub min_givens: usize,
    /// The node limit of each uniqueness check.
    pub check_nodes: u64,
}

impl DigOptions {
    /// The library's choice for a shape: a minimal puzzle up to 12x12; on a 16x16 down to 45%
    /// of the cells, on larger grids down to 55%. Measured (`bench engines`' engines, a second
    /// and 2 million nodes each): a minimal 16x16 (about 93 givens) or a 25x25 at 50% leaves
    /// every engine but dlx at its limit, a 25x25 at 60% is solved by propagation alone, and
    /// digging a 25x25 to 45% takes half a minute a puzzle; at 45% and 55% the engines part
    /// ways, and a 25x25 takes under a second to make.
    pub fn for_shape(shape: Shape) -> DigOptions {
        let cells = shape.cell_count();
        DigOptions {
            min_givens: match shape.size() {
                0..=12 => 0,
                13..=16 => cells * 45 / 100,
                _ => cells * 55 / 100,
            },
            check_nodes: 200_000,
        }
    }
}

/// The digger's stream of `seed`: the core's xorshift64* ([`Rng::xorshift`]) with this
/// module's own salt, so that a seed gives the puzzles it always gave.
pub fn rng(seed: u64) -> Rng {
    Rng::xorshift(seed, 0xD1B5_4A32_D192_ED03)
}

/// A random complete grid of `shape`.
pub fn random_solution(shape: Shape, rng: &mut Rng) -> Vec<u8> {
    let problem = shape.problem(&vec![0; shape.cell_count()]);
    // A fill rarely needs more than one node per cell; a few times that means a bad start.
    let budget = 20 * shape.cell_count() as u64 + 1000;
    loop {
        let mut nodes = 0;
        let start = problem.domains().to_vec();
        let mut assigned = vec![false; start.len()];
        if let ControlFlow::Break(Some(grid)) =
            fill(&problem, &start, &mut assigned, rng, &mut nodes, budget)
        {
            return grid;
        }
    }
}

/// Randomized forward checking; `Break(Some(grid))` at the first solution, `Break(None)` when
/// the node budget is spent.
fn fill(
    problem: &Problem,
    domains: &[Domain],
    assigned: &mut [bool],
    rng: &mut Rng,
    nodes: &mut u64,
    budget: u64,
) -> ControlFlow<Option<Vec<u8>>> {
    let mut best: Vec<Var> = Vec::new();
    let mut best_size = u32::MAX;
    for var in (0..domains.len()).filter(|&v| !assigned[v]) {
        let size = domains[var].len();
        if size < best_size {
            best_size = size;
            best.clear();
        }
        if size == best_size {
            best.push(var);
        }
    }
    if best.is_empty() {
        return ControlFlow::Break(Some(
            domains
                .iter()
                .map(|d| d.single_value().unwrap_or(0))
                .collect(),
        ));
    }
    let var = best[rng.below(best.len())];
    let mut values: Vec<u8> = domains[var].values().collect();
    rng.shuffle(&mut values);
    assigned[var] = true;
    let mut changed = Vec::new();
    for value in values {
        *nodes += 1;
        if *nodes > budget {
            return ControlFlow::Break(None);
        }
        let mut child = domains.to_vec();
        changed.clear();
        if problem
            .forward_check(&mut child, assigned, var, value, &mut changed)
            .is_ok()
        {
            fill(problem, &child, assigned, rng, nodes, budget)?;
        }
    }
    assigned[var] = false;
    ControlFlow::Continue(())
}

/// Digs givens out of a complete grid in a random order while the puzzle keeps one solution:
/// the core's digger ([`crate::csp::dig_one_at_a_time`]) on single cells, one test each, as a
/// count cut by its node limit is not monotone in the givens (group testing needs that).
pub fn dig(shape: Shape, solution: &[u8], rng: &mut Rng, options: DigOptions) -> ShapedPuzzle {
    let mut cells = solution.to_vec();
    let mut order: Vec<usize> = (0..cells.len()).collect();
    rng.shuffle(&mut order);
    let singles: Vec<Vec<usize>> = (0..cells.len()).map(|c| vec![c]).collect();
    let limits = Limits {
        solutions: Some(2),
        nodes: Some(options.check_nodes),
        time: None,
    };
    let mut probe = ShapedPuzzle {
        shape,
        cells: Vec::new(),
        line: 1,
    };
    crate::csp::dig_one_at_a_time(
        &mut cells,
        &singles,
        &order,
        options.min_givens,
        usize::MAX,
        |puzzle, _| {
            probe.cells.clear();
            probe.cells.extend_from_slice(puzzle);
            solve(Engine::Dlx, &probe, &limits, &mut |_| {})
                .is_ok_and(|run| run.solutions == 1 && run.stop == Stop::Complete)
        },
    );
    ShapedPuzzle {
        shape,
        cells,
        line: 1,
    }
}

/// `count` puzzles of `shape` with one solution each, the same for the same seed.
pub fn puzzles(shape: Shape, count: usize, seed: u64) -> Vec<ShapedPuzzle> {
    let options = DigOptions::for_shape(shape);
    (0..count as u64)
        .map(|i| {
            let mut rng = rng(seed ^ i.wrapping_mul(0xA24B_AED4_963E_E407));
            let solution = random_solution(shape, &mut rng);
            dig(shape, &solution, &mut rng, options)
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn solutions_are_valid_and_puzzles_unique() {
        for shape in [
            Shape::sudoku(4).unwrap(),
            Shape::latin(5).unwrap(),
            Shape::CLASSIC,
        ] {
            let mut rng = rng(7);
            let grid = random_solution(shape, &mut rng);
            assert!(shape.problem(&grid).satisfied(&grid), "{shape}");
            let puzzle = dig(shape, &grid, &mut rng, DigOptions::for_shape(shape));
            let run =
                super::super::count(Engine::Dlx, &puzzle, &Limits::count_to(Some(2))).unwrap();
            assert_eq!(run.solutions, 1, "{shape}");
            assert!(puzzle.givens() < grid.len());
        }
        assert_eq!(puzzles(Shape::CLASSIC, 2, 5), puzzles(Shape::CLASSIC, 2, 5));
    }
}
