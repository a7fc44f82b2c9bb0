//! All-steps soundness: over top1465 (and, for the rarest uniqueness steps, part of the Sudoku
//! Exchange bank), solved with the extended profile, every step the wing, uniqueness and
//! exclusion finders can find at every state of each trace (not only the steps the pipeline
//! chose) agrees with the solution, and each technique is found at least once.

mod common;

use stepwise::pipeline::Options;
use stepwise::technique::Technique::{self, *};

const SWEPT: [Technique; 19] = [
    XYWing,
    XYZWing,
    WWing,
    WXYZWing,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    UniqueRectangle6,
    HiddenRectangle,
    UniqueLoop,
    AvoidableRectangle1,
    AvoidableRectangle2,
    BugPlus1,
    BugType2,
    BugType3,
    BugType4,
    AlignedPairExclusion,
    AlignedTripleExclusion,
];

#[test]
fn every_findable_step_on_top1465_is_sound() {
    let Some((found, chosen)) =
        common::sweep_every_findable_step("top1465.txt", usize::MAX, &Options::extended(), &SWEPT)
    else {
        return;
    };
    for (i, t) in SWEPT.iter().enumerate() {
        eprintln!(
            "{t}: {} found, {} chosen by the pipeline",
            found[i], chosen[i]
        );
    }
    let never: Vec<String> = SWEPT
        .iter()
        .zip(&found)
        .filter(|(_, &n)| n == 0)
        .map(|(t, _)| t.to_string())
        .collect();
    assert!(never.is_empty(), "never found: {never:?}");
}

/// Unique Rectangle Type 5 never shows up on top1465; the first 3000 puzzles of the Sudoku
/// Exchange bank (easier, so solved further) have it, and more avoidable rectangles and BUGs.
const RARE: [Technique; 6] = [
    UniqueRectangle5,
    AvoidableRectangle1,
    AvoidableRectangle2,
    BugType2,
    BugType3,
    BugType4,
];

#[test]
fn rare_uniqueness_steps_on_sudoku_exchange_are_sound() {
    let Some((found, chosen)) = common::sweep_every_findable_step(
        "rated/sukaku-exchange.tsv",
        3000,
        &Options::extended(),
        &RARE,
    ) else {
        return;
    };
    for (i, t) in RARE.iter().enumerate() {
        eprintln!(
            "{t}: {} found, {} chosen by the pipeline",
            found[i], chosen[i]
        );
        assert!(found[i] > 0, "{t} never found");
    }
}
