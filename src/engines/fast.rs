//! `fast`: the 9x9 bitset solver of [`crate::solver`] behind the engines' interface. It
//! solves 9x9 Sudoku only and keeps no node or dead-end counts (its search is left exactly as
//! it is, for speed); it checks no clock either, so when asked for every solution it stops
//! at [`FAST_SOLUTION_CAP`].

use std::time::Instant;

use super::{Limits, Run, Stats, Stop, FAST_SOLUTION_CAP};
use crate::error::Error;
use crate::shape::ShapedPuzzle;

pub(super) fn solve(
    puzzle: &ShapedPuzzle,
    limits: &Limits,
    on_solution: &mut dyn FnMut(&[u8]),
) -> Result<Run, Error> {
    let start = Instant::now();
    let cells: [u8; 81] = match <[u8; 81]>::try_from(puzzle.cells.as_slice()) {
        Ok(cells) if puzzle.shape.is_classic() => cells,
        _ => {
            return Err(Error::EngineShape {
                engine: "fast".to_string(),
                shape: puzzle.shape.to_string(),
            })
        }
    };
    let asked = limits.solutions.unwrap_or(u64::MAX);
    let limit = asked.min(FAST_SOLUTION_CAP);
    let found = crate::solver::for_each_solution(&cells, limit as usize, |s| on_solution(s)) as u64;
    let stop = if found < limit {
        Stop::Complete
    } else if limit == asked {
        Stop::SolutionLimit
    } else {
        Stop::SolutionCap
    };
    Ok(Run {
        solutions: found,
        stop,
        stats: Stats {
            nodes: None,
            backtracks: None,
            time: start.elapsed(),
        },
    })
}
