//! Wings: over top1465, solved with the extended profile, every step the four wing finders
//! find in every state of the trace (not only the steps the pipeline chose) is sound, and the
//! wings are actually used.

mod common;

use stepwise::finders::all;
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, solve, Options};
use stepwise::technique::Technique;

const WINGS: [Technique; 4] = [
    Technique::XYWing,
    Technique::XYZWing,
    Technique::WWing,
    Technique::WXYZWing,
];

#[test]
fn every_wing_step_on_top1465_is_sound() {
    let Some(puzzles) = common::corpus("top1465.txt", usize::MAX) else {
        return;
    };
    let options = Options::extended();
    let mut found = [0usize; 4];
    let mut chosen = [0usize; 4];
    for line in &puzzles {
        let start = Grid::from_puzzle(&common::cells(line));
        let trace = solve(&start, &options);
        let Some(solution) = trace.solution else {
            continue;
        };
        let mut grid = start.clone();
        for step in &trace.steps {
            for (i, &technique) in WINGS.iter().enumerate() {
                for wing in all(technique, &grid) {
                    found[i] += 1;
                    for e in &wing.eliminations {
                        assert_ne!(
                            solution[e.cell], e.digit,
                            "{line}: unsound {wing} in\n{grid:?}"
                        );
                    }
                }
                chosen[i] += (step.technique == technique) as usize;
            }
            apply(&mut grid, step);
        }
    }
    eprintln!("wing steps found (XY, XYZ, W, WXYZ): {found:?}; chosen by the pipeline: {chosen:?}");
    assert!(found.iter().all(|&n| n > 0), "{found:?}");
}
