//! Uniqueness techniques: over top1465 (every puzzle there has one solution), solved with the
//! extended profile, every step the uniqueness finders find in every state of the trace (not
//! only the steps the pipeline chose) agrees with the solution.

mod common;

use stepwise::finders::all;
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options};
use stepwise::technique::Technique;

const UNIQUENESS: [Technique; 5] = [
    Technique::UniqueRectangle1,
    Technique::UniqueRectangle2,
    Technique::UniqueRectangle3,
    Technique::UniqueRectangle4,
    Technique::BugPlus1,
];

#[test]
fn every_uniqueness_step_on_top1465_is_sound() {
    let Some(puzzles) = common::corpus("top1465.txt", usize::MAX) else {
        return;
    };
    let options = Options::extended();
    let mut found = [0usize; UNIQUENESS.len()];
    let mut chosen = [0usize; UNIQUENESS.len()];
    for line in &puzzles {
        let start = Grid::from_puzzle(&common::cells(line));
        let trace = solve(&start, &options);
        let Some(solution) = trace.solution else {
            continue;
        };
        let mut grid = start.clone();
        for step in &trace.steps {
            for (i, &technique) in UNIQUENESS.iter().enumerate() {
                for found_step in all(technique, &grid) {
                    found[i] += 1;
                    for p in &found_step.placements {
                        assert_eq!(
                            solution[p.cell], p.digit,
                            "{line}: unsound {found_step} in\n{grid:?}"
                        );
                    }
                    for e in &found_step.eliminations {
                        assert_ne!(
                            solution[e.cell], e.digit,
                            "{line}: unsound {found_step} in\n{grid:?}"
                        );
                    }
                }
                chosen[i] += (step.technique == technique) as usize;
            }
            apply(&mut grid, step);
        }
    }
    eprintln!(
        "uniqueness steps found (UR1, UR2, UR3, UR4, BUG+1): {found:?}; chosen by the pipeline: {chosen:?}"
    );
    assert!(found.iter().all(|&n| n > 0), "{found:?}");
}
