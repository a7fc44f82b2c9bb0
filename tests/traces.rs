//! Snapshot tests of whole text traces: puzzles the tests generate themselves (seeded, see
//! `common::generated_puzzle`) and a few famous ones written as literals, spread over every
//! level. One named snapshot per puzzle in the top-level `snapshots/` folder.

mod common;

use stepwise::format::parse_puzzle;
use stepwise::pipeline::Options;
use stepwise::profile::{Profile, RateSettings, Scale};
use stepwise::technique::Technique;
use strum::IntoEnumIterator;

/// Every technique, franken and mutant fish included, in rating order.
fn every_technique() -> Options {
    Options {
        techniques: Technique::iter().collect(),
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    }
}

/// The settings `stepwise explain` would use: both paths for the default profile, the hodoku
/// path alone for HoDoKu's, else the options alone as one custom path on SE's scale.
fn settings(options: &Options) -> RateSettings {
    if *options == Options::default() {
        RateSettings::default()
    } else if *options == Options::hodoku() {
        RateSettings::select(Some(Profile::Hodoku), &[], false)
    } else {
        RateSettings::custom(options.clone(), Scale::SudokuExplainer)
    }
}

fn explain_text(puzzle: &str, options: &Options) -> String {
    let input = parse_puzzle(puzzle, None).expect("test puzzles parse");
    let explanation = stepwise::explain(&input, &settings(options));
    assert!(explanation.steps.iter().all(|s| s.makes_progress()));
    explanation.to_text()
}

fn snapshot(name: &str, puzzle: &str, options: &Options) {
    let mut settings = insta::Settings::clone_current();
    settings.set_snapshot_path(concat!(env!("CARGO_MANIFEST_DIR"), "/snapshots"));
    settings.set_prepend_module_to_snapshot(false);
    settings.set_description(puzzle);
    settings.bind(|| insta::assert_snapshot!(name, explain_text(puzzle, options)));
}

/// Famous puzzles, written as literals.
const FAMOUS: &[(&str, &str)] = &[
    (
        "wikipedia",
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
    ),
    (
        "arto-inkala",
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..",
    ),
    (
        "easter-monster",
        "1.......2.9.4...5...6...7...5.9.3.......7.......85..4.7.....6...3...9.8...2.....1",
    ),
    (
        "golden-nugget",
        ".......39.....1..5..3.5.8....8.9...6.7...2...1..4.......9.8..5..2....6..4..7.....",
    ),
];

/// Seeds of generated puzzles, chosen to cover singles, direct techniques, locked candidates,
/// subsets and stuck paths (see the `scan_seeds` test to list more).
const SEEDS: &[u64] = &[
    1, 2, 3, 4, 5, 6, 7, 15, 16, 18, 19, 28, 38, 52, 53, 54, 56, 63, 66, 70, 85, 117, 119, 163,
    260, 326,
];

#[test]
fn famous_traces() {
    for (name, puzzle) in FAMOUS {
        snapshot(&format!("trace-{name}"), puzzle, &Options::default());
    }
}

#[test]
fn generated_traces() {
    for seed in SEEDS {
        snapshot(
            &format!("trace-generated-{seed}"),
            &common::generated_puzzle(*seed),
            &Options::default(),
        );
    }
}

/// The `hodoku` profile's paths: an easy puzzle (naked singles before hidden ones) and one
/// that HoDoKu 2.2 rates Unfair 1246, which this path matches (`rated/hodoku.tsv`).
#[test]
fn hodoku_profile_traces() {
    let puzzles = [
        ("wikipedia", FAMOUS[0].1),
        (
            "unfair-1246",
            "..7.419.......2.7..8..7...465....1.....128.....9....327...5..2..2.7.......428.6..",
        ),
    ];
    for (name, puzzle) in puzzles {
        snapshot(&format!("trace-hodoku-{name}"), puzzle, &Options::hodoku());
    }
}

#[test]
fn generator_is_deterministic_and_unique() {
    let a = common::generated_puzzle(7);
    assert_eq!(a, common::generated_puzzle(7));
    assert_ne!(a, common::generated_puzzle(8));
    assert_eq!(
        stepwise::solver::count_solutions(&common::cells(&a), 2).count,
        1
    );
}

/// Lists seeds with their hardest technique under the default and the full profile:
/// `cargo test --release --test traces scan_seeds -- --ignored --nocapture`.
#[test]
#[ignore]
fn scan_seeds() {
    for seed in 1..3000u64 {
        let p = common::generated_puzzle(seed);
        let input = parse_puzzle(&p, None).unwrap();
        let e = stepwise::explain(&input, &settings(&Options::default()));
        let full = stepwise::explain(&input, &settings(&every_technique()));
        println!(
            "{seed}\t{:?}\t{:?}\t{:?}\t{}",
            e.rating.er, e.rating.hardest, full.rating.hardest, p
        );
    }
}

/// The techniques of the basic families (singles, direct techniques, locked candidates,
/// subsets) in Sudoku Explainer's profile, plus `technique`: a profile in which `technique` is
/// the one advanced step available, so a trace shows it as the hardest step.
fn basic_plus(technique: Technique) -> Options {
    use stepwise::technique::Family::*;
    let mut techniques: Vec<Technique> = Options::sudoku_explainer()
        .techniques
        .into_iter()
        .filter(|t| matches!(t.family(), Singles | Direct | Intersections | Subsets))
        .collect();
    techniques.push(technique);
    techniques.sort();
    Options {
        techniques,
        step_limit: None,
        choice: Default::default(),
        time_limit: None,
    }
}

/// The first generated puzzle (seed below `max_seed`) that the basic families plus
/// `technique` solve, with `technique` as the hardest step.
fn seed_for(technique: Technique, max_seed: u64) -> Option<u64> {
    (1..max_seed).find(|&seed| {
        let input = parse_puzzle(&common::generated_puzzle(seed), None).unwrap();
        let e = stepwise::explain(&input, &settings(&basic_plus(technique)));
        e.status == stepwise::pipeline::Status::Solved
            && e.rating.hardest.map(|t| t.to_string()) == Some(technique.to_string())
    })
}

/// Lists, per advanced technique, a seed whose puzzle needs it:
/// `cargo test --release --test traces scan_technique_seeds -- --ignored --nocapture`
/// (`ONLY=slug,slug` limits the techniques, `MAX_SEED=n` raises the 3000 seeds tried).
#[test]
#[ignore]
fn scan_technique_seeds() {
    use stepwise::technique::Family::*;
    for t in Technique::iter().filter(|t| {
        matches!(
            t.family(),
            Fish | SingleDigitPatterns | Coloring | Wings | Uniqueness | Exclusion | Als | Chains
        ) && std::env::var("ONLY").map_or(true, |only| only.split(',').any(|s| s == t.slug()))
    }) {
        println!(
            "{}\t{:?}",
            t.slug(),
            seed_for(
                t,
                std::env::var("MAX_SEED")
                    .ok()
                    .and_then(|m| m.parse().ok())
                    .unwrap_or(3000)
            )
        );
    }
}

/// Lists, per chaining technique (Sudoku Explainer's forcing chains and cycles), the first
/// generated puzzle that the basic families plus that technique solve with it as the hardest
/// step, scanning each seed once for every technique still missing (Nested Forcing Chains is
/// left out: on hard grids its searches take minutes, and it takes the seed of Dynamic Forcing
/// Chains (+), whose chains it also finds). Seeds up to `STEPWISE_MAX_SEED` (default 300):
/// `cargo test --release --test traces scan_chaining_seeds -- --ignored --nocapture`.
#[test]
#[ignore]
fn scan_chaining_seeds() {
    use stepwise::technique::Family::ForcingChains;
    let max_seed: u64 = std::env::var("STEPWISE_MAX_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(300);
    let mut missing: Vec<Technique> = Technique::iter()
        .filter(|&t| t.family() == ForcingChains && t != Technique::NestedForcingChains)
        .collect();
    for seed in 1..max_seed {
        if missing.is_empty() {
            break;
        }
        let input = parse_puzzle(&common::generated_puzzle(seed), None).unwrap();
        missing.retain(|&t| {
            let e = stepwise::explain(&input, &settings(&basic_plus(t)));
            let found = e.status == stepwise::pipeline::Status::Solved
                && e.rating.hardest.map(|h| h.to_string()) == Some(t.to_string());
            if found {
                println!("{}\t{seed}", t.slug());
            }
            !found
        });
    }
    for t in missing {
        println!("{}\tnone below {max_seed}", t.slug());
    }
}

/// Per advanced technique, a generated puzzle that the basic families plus that technique
/// solve with it as the hardest step (found by `scan_technique_seeds`; Jellyfish needed 8570
/// seeds). Franken X-Wing and Mutant X-Wing have none: in a real solve they only repeat what
/// locked candidates find first. Nor have Unique Rectangle Type 5 or the Avoidable Rectangles
/// in 200000 seeds (the basic families solve almost every puzzle they could help with).
/// locked candidates find first. The chaining techniques were found by `scan_chaining_seeds`.
/// Dynamic Forcing Chains (+) and Nested Forcing Chains take seed 2, as Dynamic Region Forcing
/// Chains does: their steps there are dynamic chains that need no inner technique (the two
/// rules find every dynamic chain too); generated puzzles that truly need them were not found.
const TECHNIQUE_SEEDS: &[(&str, u64)] = &[
    ("jellyfish", 8570),
    ("xy-wing", 20),
    ("xyz-wing", 20),
    ("w-wing", 20),
    ("wxyz-wing", 6),
    ("unique-rectangle-type-1", 49),
    ("unique-rectangle-type-2", 1116),
    ("unique-rectangle-type-3", 51),
    ("unique-rectangle-type-4", 51),
    ("bug-plus-1", 20),
    ("bug-type-2", 3473),
    ("bug-type-3", 1764),
    ("bug-type-4", 1764),
    ("aligned-pair-exclusion", 20),
    ("aligned-triple-exclusion", 20),
    ("unique-rectangle-type-6", 29808),
    ("hidden-rectangle", 4308),
    ("unique-loop", 340),
    ("x-wing", 377),
    ("finned-x-wing", 104),
    ("sashimi-x-wing", 104),
    ("finned-franken-x-wing", 6),
    ("finned-mutant-x-wing", 6),
    ("swordfish", 105),
    ("finned-swordfish", 49),
    ("sashimi-swordfish", 49),
    ("franken-swordfish", 105),
    ("skyscraper", 49),
    ("finned-franken-swordfish", 6),
    ("mutant-swordfish", 105),
    ("two-string-kite", 55),
    ("finned-mutant-swordfish", 6),
    ("turbot-fish", 6),
    ("empty-rectangle", 55),
    ("finned-jellyfish", 223),
    ("sashimi-jellyfish", 49),
    ("franken-jellyfish", 105),
    ("simple-colors-trap", 105),
    ("simple-colors-wrap", 55),
    ("finned-franken-jellyfish", 6),
    ("mutant-jellyfish", 105),
    ("multi-colors-1", 6),
    ("multi-colors-2", 104),
    ("finned-mutant-jellyfish", 6),
    ("sue-de-coq", 821),
    ("als-xz", 2),
    ("als-xy-wing", 2),
    ("als-chain", 2),
    ("death-blossom", 2),
    ("x-chain", 49),
    ("remote-pair", 483),
    ("xy-chain", 2),
    ("continuous-nice-loop", 105),
    ("discontinuous-nice-loop", 2),
    ("aic", 2),
    ("grouped-continuous-nice-loop", 105),
    ("grouped-discontinuous-nice-loop", 6),
    ("grouped-aic", 2),
    ("als-aic", 2),
    ("bidirectional-x-cycle", 105),
    ("bidirectional-y-cycle", 112),
    ("forcing-x-chain", 6),
    ("bidirectional-cycle", 49),
    ("forcing-chain", 2),
    ("nishio-forcing-chains", 6),
    ("cell-forcing-chains", 6),
    ("region-forcing-chains", 2),
    ("dynamic-contradiction-forcing-chains", 2),
    ("dynamic-double-forcing-chains", 6),
    ("dynamic-cell-forcing-chains", 2),
    ("dynamic-region-forcing-chains", 2),
    ("dynamic-forcing-chains-plus", 2),
    ("nested-forcing-chains", 2),
];

#[test]
fn technique_traces() {
    for &(slug, seed) in TECHNIQUE_SEEDS {
        let technique = Technique::parse(slug).expect("a known slug");
        let puzzle = common::generated_puzzle(seed);
        let input = parse_puzzle(&puzzle, None).unwrap();
        let e = stepwise::explain(&input, &settings(&basic_plus(technique)));
        assert_eq!(
            e.rating.hardest.map(|t| t.to_string()),
            Some(technique.to_string()),
            "{slug}: seed {seed}"
        );
        snapshot(&format!("trace-{slug}"), &puzzle, &basic_plus(technique));
    }
}
