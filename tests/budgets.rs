//! Budgets on the library's front doors: an expired time budget is its own outcome
//! (`timeout`), reached within milliseconds of the limit, never "stuck" and never a step a cut
//! search left behind; a generous budget changes nothing.

mod common;

use std::time::{Duration, Instant};

use stepwise::budget::Budget;
use stepwise::format::parse_puzzle;
use stepwise::hint::{HintKind, HintLevel};
use stepwise::pipeline::Status;
use stepwise::profile::{HintSettings, RateSettings};

/// The first puzzle of the forum's hardest list (SE 11+): its first step needs nested forcing
/// chains, seconds of work.
const FORUM_HARDEST: &str =
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2";
const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Well past a 1 ms budget, far below the seconds the unbudgeted call takes: the budget is
/// checked often enough to stop the work promptly.
const PROMPTLY: Duration = Duration::from_millis(250);

#[test]
fn a_hint_with_a_tiny_budget_is_a_timeout_quickly() {
    let state = parse_puzzle(FORUM_HARDEST, None).unwrap();
    let started = Instant::now();
    let hint = stepwise::next_hint_with(
        &state,
        None,
        HintLevel::Full,
        &HintSettings::default().with_budget(Budget::time(Duration::from_millis(1))),
    )
    .unwrap();
    let took = started.elapsed();
    assert_eq!(hint.kind, HintKind::Timeout, "{}", hint.text);
    assert!(hint.step.is_none());
    assert!(took < PROMPTLY, "took {took:?}");
}

#[test]
fn an_explanation_with_a_tiny_budget_is_a_timeout_quickly() {
    let puzzle = parse_puzzle(FORUM_HARDEST, None).unwrap();
    let settings = RateSettings::default().with_budget(Budget::time(Duration::from_millis(1)));
    let started = Instant::now();
    let explanation = stepwise::explain(&puzzle, &settings);
    let took = started.elapsed();
    assert_eq!(explanation.status, Status::Timeout);
    assert_eq!(explanation.rating.er, None);
    assert_eq!(explanation.rating.level, None);
    assert!(took < PROMPTLY, "took {took:?}");
    let started = Instant::now();
    let analysis = stepwise::analyze(&puzzle, &settings);
    assert_eq!(analysis.status, Status::Timeout);
    assert!(started.elapsed() < PROMPTLY);
    let record = stepwise::rate_puzzle(&stepwise::explain::grid_of(&puzzle), &settings);
    assert_eq!(record.status, "timeout");
}

#[test]
fn a_generous_budget_changes_nothing() {
    let puzzle = parse_puzzle(WIKIPEDIA, None).unwrap();
    let generous = RateSettings::default().with_budget(Budget::time(Duration::from_secs(3600)));
    let plain = stepwise::explain(&puzzle, &RateSettings::default());
    let budgeted = stepwise::explain(&puzzle, &generous);
    assert_eq!(plain.status, Status::Solved);
    assert_eq!(plain.steps, budgeted.steps);
    assert_eq!(plain.rating, budgeted.rating);
    let hint = stepwise::next_hint_with(
        &puzzle,
        None,
        HintLevel::Full,
        &HintSettings::default().with_budget(generous.budget),
    )
    .unwrap();
    assert_eq!(hint.kind, HintKind::Step);
    assert!(
        !stepwise::deadline::expired(),
        "the budget ends with the call"
    );
}

/// A puzzle of the forum's hardest list (SE 10.3) whose path takes nested forcing chains
/// from its first steps and is rated in about a second.
const NESTED: &str =
    "........7..4.2.6..8.....31......29...4..9..3...95.6....1......8..6.5.2..7......6.";

#[test]
fn the_caches_stay_within_their_bound_and_clear() {
    std::thread::spawn(|| {
        let puzzle = parse_puzzle(NESTED, None).unwrap();
        let small = 2 << 20;
        let bounded = RateSettings::default().with_budget(Budget {
            time: None,
            cache_bytes: Some(small),
        });
        let plain = stepwise::explain(&puzzle, &RateSettings::default());
        let held = stepwise::finders::cache_bytes();
        assert!(held > small, "the default bound keeps more: {held} bytes");
        assert!(
            held <= stepwise::cache::DEFAULT_THREAD_BYTES,
            "{held} bytes"
        );
        let within = stepwise::explain(&puzzle, &bounded);
        let held = stepwise::finders::cache_bytes();
        assert!(held <= small, "{held} bytes kept under a bound of {small}");
        assert_eq!(within.steps, plain.steps, "a bound changes nothing found");
        stepwise::clear_caches();
        assert_eq!(stepwise::finders::cache_bytes(), 0);
        let cold = stepwise::explain(
            &puzzle,
            &bounded.with_budget(Budget {
                time: None,
                cache_bytes: Some(0),
            }),
        );
        assert_eq!(
            stepwise::finders::cache_bytes(),
            0,
            "a bound of 0 keeps nothing"
        );
        assert_eq!(cold.steps, plain.steps);
    })
    .join()
    .unwrap();
}

/// `--cache-mb` bounds the caches of every command that rates or hints; no bound changes an
/// answer, and a bound that is not a number is a usage error.
#[test]
fn the_cache_flag_changes_no_answer() {
    for command in [
        &["rate", "--no-summary"][..],
        &["explain"],
        &["analyze", "--json"],
        &["hint", "--level", "full"],
    ] {
        let answer = |extra: &[&str]| {
            let mut args = command.to_vec();
            args.extend_from_slice(extra);
            args.push(NESTED);
            let out = common::stepwise(&args, "");
            assert!(
                out.status.success(),
                "{args:?}: {}",
                common::text(&out.stderr)
            );
            common::text(&out.stdout)
        };
        let plain = answer(&[]);
        assert_eq!(answer(&["--cache-mb", "0"]), plain, "{command:?}");
        assert_eq!(answer(&["--cache-mb", "512"]), plain, "{command:?}");
    }
    let out = common::stepwise(&["rate", "--cache-mb", "lots", NESTED], "");
    assert_eq!(out.status.code(), Some(2));
}
