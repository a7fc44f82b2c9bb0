//! All-steps soundness: over top1465 (and, for the rarest uniqueness steps, part of the Sudoku
//! Exchange bank), solved with the extended profile, every step the wing, uniqueness,
//! exclusion, Sue de Coq, almost-locked-set and chain finders can find at every state of each
//! trace (not only the steps the pipeline chose) agrees with the solution, and each technique
//! is found at least once (the ALS and chain finders over the first puzzles only, see below).

mod common;

use stepwise::pipeline::Options;
use stepwise::technique::Technique::{self, *};

const SWEPT: [Technique; 20] = [
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
    SueDeCoq,
    AlignedTripleExclusion,
];

/// The almost-locked-set finders report dozens of steps per state (every linked pair, wing and
/// chain of sets, about 8 ms per state together), so they are swept over the first
/// `ALS_PUZZLES` puzzles only, which already give them hundreds of thousands of steps.
const SWEPT_ALS: [Technique; 4] = [AlsXz, AlsXyWing, AlsChain, DeathBlossom];
const ALS_PUZZLES: usize = 50;

#[test]
fn every_findable_step_on_top1465_is_sound() {
    sweep(usize::MAX, &SWEPT);
}

#[test]
fn every_findable_als_step_on_the_first_top1465_puzzles_is_sound() {
    sweep(ALS_PUZZLES, &SWEPT_ALS);
}

fn sweep(limit: usize, techniques: &[Technique]) {
    let Some((found, chosen)) =
        common::sweep_every_findable_step("top1465.txt", limit, &Options::extended(), techniques)
    else {
        return;
    };
    for (i, t) in techniques.iter().enumerate() {
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
    }
    let never: Vec<String> = SWEPT
        .iter()
        .zip(&found)
        .filter(|(_, &n)| n == 0)
        .map(|(t, _)| t.to_string())
        .collect();
    assert!(never.is_empty(), "never found: {never:?}");
}

/// AICs with ALS nodes cost about ten times a grouped AIC per state (many more nodes), so they
/// are swept over fewer puzzles; tests/chain_links.rs replays their links too.
#[test]
fn every_findable_als_aic_step_on_top1465_is_sound() {
    let Some((found, chosen)) =
        common::sweep_every_findable_step("top1465.txt", 30, &Options::extended(), &[AlsAic])
    else {
        return;
    };
    eprintln!(
        "AIC with ALS nodes: {} found, {} chosen",
        found[0], chosen[0]
    );
    assert!(found[0] > 0, "AIC with ALS nodes never found");
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
