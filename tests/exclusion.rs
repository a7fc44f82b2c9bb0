//! Exclusion: over top1465, solved with the extended profile, every Aligned Pair Exclusion
//! step found in every state of the trace (not only the steps the pipeline chose) is sound.

mod common;

use stepwise::finders::all;
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options};
use stepwise::technique::Technique;

#[test]
fn every_aligned_pair_exclusion_on_top1465_is_sound() {
    let Some(puzzles) = common::corpus("top1465.txt", usize::MAX) else {
        return;
    };
    let options = Options::extended();
    let (mut found, mut chosen) = (0usize, 0usize);
    for line in &puzzles {
        let start = Grid::from_puzzle(&common::cells(line));
        let trace = solve(&start, &options);
        let Some(solution) = trace.solution else {
            continue;
        };
        let mut grid = start.clone();
        let mut states = vec![];
        for step in &trace.steps {
            states.push(grid.clone());
            chosen += (step.technique == Technique::AlignedPairExclusion) as usize;
            apply(&mut grid, step);
        }
        states.push(grid);
        for state in &states {
            for step in all(Technique::AlignedPairExclusion, state) {
                found += 1;
                for e in &step.eliminations {
                    assert_ne!(
                        solution[e.cell], e.digit,
                        "{line}: unsound {step} in\n{state:?}"
                    );
                }
            }
        }
    }
    eprintln!("aligned pair exclusion steps found: {found}; chosen by the pipeline: {chosen}");
    assert!(found > 0);
}
