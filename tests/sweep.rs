//! All-steps soundness: over top1465, solved with the extended profile, every step the wing,
//! uniqueness and exclusion finders can find at every state of each trace (not only the steps
//! the pipeline chose) agrees with the solution, and each technique is found at least once.

mod common;

use stepwise::pipeline::Options;
use stepwise::technique::Technique::{self, *};

const SWEPT: [Technique; 10] = [
    XYWing,
    XYZWing,
    WWing,
    WXYZWing,
    UniqueRectangle1,
    UniqueRectangle2,
    UniqueRectangle3,
    UniqueRectangle4,
    BugPlus1,
    AlignedPairExclusion,
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
        assert!(found[i] > 0, "{t} never found");
    }
}

/// The chain finders search every start node, so they are swept over the first 150 puzzles
/// (tests/chain_links.rs replays their links on another sample).
const CHAINS: [Technique; 9] = [
    RemotePair,
    XChain,
    XYChain,
    ContinuousNiceLoop,
    DiscontinuousNiceLoop,
    Aic,
    GroupedContinuousNiceLoop,
    GroupedDiscontinuousNiceLoop,
    GroupedAic,
];

#[test]
fn every_findable_chain_step_on_top1465_is_sound() {
    let Some((found, chosen)) =
        common::sweep_every_findable_step("top1465.txt", 150, &Options::extended(), &CHAINS)
    else {
        return;
    };
    for (i, t) in CHAINS.iter().enumerate() {
        eprintln!(
            "{t}: {} found, {} chosen by the pipeline",
            found[i], chosen[i]
        );
        assert!(found[i] > 0, "{t} never found");
    }
}
