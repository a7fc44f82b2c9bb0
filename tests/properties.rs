//! Property tests over random puzzles (`common::random_puzzles`: a random solution grid, clues
//! removed in a random order while the solution stays unique, as many tries as the case asks):
//! - every step of every trace, in every profile, is sound;
//! - applying any hint to a solvable state leaves it solvable (the solution still fits);
//! - explain's JSON round-trips through `serde_json::Value`, and its text renders the same
//!   twice and on a second explanation;
//! - what each formatter writes (line, grid, pencilmark, JSON record) parses back to the same
//!   grid, with the format given and detected.
//!
//! Case counts keep the file well under a minute in release; a failure prints the seed.

mod common;

use std::time::Duration;

use proptest::prelude::*;
use stepwise::budget::Budget;
use stepwise::explain::grid_of;
use stepwise::format::{
    parse_puzzle, record_from, to_grid, to_line, to_pencilmark, Format, PuzzleInput,
};
use stepwise::grid::Grid;
use stepwise::hint::{HintKind, HintLevel};
use stepwise::pipeline::{apply, solve, Status};
use stepwise::profile::{HintSettings, Profile, RateSettings};
use stepwise::solver::count_solutions_with_candidates;

use common::random_puzzles::puzzle;

/// Removal tries: from a dozen (many givens, singles only) to all 81 (a minimal puzzle).
fn tries() -> impl Strategy<Value = usize> {
    12usize..=81
}

/// What one solve may take; a trace cut by it is still checked step by step.
const SOLVE_LIMIT: Duration = Duration::from_secs(2);

fn assert_sound(trace: &stepwise::pipeline::Trace, solution: &[u8; 81], what: &str) {
    for (n, step) in trace.steps.iter().enumerate() {
        for p in &step.placements {
            assert_eq!(solution[p.cell], p.digit, "{what}: step {} {step}", n + 1);
        }
        for e in &step.eliminations {
            assert_ne!(solution[e.cell], e.digit, "{what}: step {} {step}", n + 1);
        }
    }
}

/// Solves `cells` with `profile` under [`SOLVE_LIMIT`] and checks every step.
fn check_profile(profile: Profile, cells: &[u8; 81], solution: &[u8; 81]) {
    let mut options = profile.options();
    options.time_limit = Some(SOLVE_LIMIT);
    let trace = solve(&Grid::from_puzzle(cells), &options);
    let what = format!("{profile}: {}", to_line(cells));
    assert!(
        matches!(
            trace.status,
            Status::Solved | Status::Stuck | Status::Timeout
        ),
        "{what}: {:?}",
        trace.status
    );
    assert_eq!(trace.solution.as_ref(), Some(solution), "{what}");
    assert_sound(&trace, solution, &what);
    if trace.status == Status::Solved {
        assert_eq!(trace.end.values(), solution, "{what}");
    }
}

/// Each cell's candidates as the parser gives them: a placed digit's own bit.
fn masks(grid: &Grid) -> [u16; 81] {
    std::array::from_fn(|c| match grid.value(c) {
        0 => grid.candidates(c).0,
        v => 1 << (v - 1),
    })
}

/// The state `steps` steps into the extended profile's path of `cells`.
fn state_after(cells: &[u8; 81], steps: usize) -> Grid {
    let start = Grid::from_puzzle(cells);
    let mut options = Profile::Extended.options();
    options.time_limit = Some(SOLVE_LIMIT);
    let trace = solve(&start, &options);
    let mut grid = start;
    for step in trace.steps.iter().take(steps) {
        apply(&mut grid, step);
    }
    grid
}

/// The state as a front end holds it: its digits and candidates as they are. (Written as
/// pencilmarks and read back, an empty cell with one candidate would become a placed digit, and
/// the same digit in its peers stale: a hint of its own, which this property does not need.)
fn state_input(grid: &Grid) -> PuzzleInput {
    PuzzleInput {
        line: 1,
        format: Format::Pencilmark,
        cells: *grid.values(),
        candidates: Some(masks(grid)),
        record: None,
        text: to_line(grid.values()),
    }
}

/// The digits a pencilmark grid of `grid` reads back as: an empty cell with one candidate is a
/// placed digit (as the format documents).
fn read_back_values(grid: &Grid) -> [u8; 81] {
    std::array::from_fn(|c| match (grid.value(c), grid.candidates(c).0) {
        (0, mask) if mask.count_ones() == 1 => mask.trailing_zeros() as u8 + 1,
        (v, _) => v,
    })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(300))]

    #[test]
    fn every_step_is_sound_in_every_profile(seed: u64, tries in tries()) {
        let (cells, solution) = puzzle(seed, tries);
        for profile in [Profile::Se, Profile::Hodoku, Profile::Sukaku, Profile::Extended] {
            check_profile(profile, &cells, &solution);
        }
    }

    #[test]
    fn a_hint_keeps_a_solvable_state_solvable(
        seed: u64,
        tries in tries(),
        steps in 0usize..60,
        profile in prop::sample::select(vec![Profile::Se, Profile::Hodoku, Profile::Sukaku, Profile::Extended]),
        with_original: bool,
    ) {
        let (cells, solution) = puzzle(seed, tries);
        let state = state_after(&cells, steps);
        let input = state_input(&state);
        let settings = HintSettings::select(Some(profile), &[], false)
            .with_budget(Budget::time(SOLVE_LIMIT));
        let original = with_original.then_some(&cells);
        let hint = stepwise::next_hint_with(&input, original, HintLevel::Full, &settings)
            .expect("a state on the solution's path gets a hint");
        let what = format!("{profile}: {}", to_line(&cells));
        prop_assert!(
            matches!(hint.kind, HintKind::Step | HintKind::Solved | HintKind::Stuck | HintKind::Timeout),
            "{what}: {:?}: {}", hint.kind, hint.text
        );
        if let Some(step) = &hint.step {
            let mut after = grid_of(&input);
            apply(&mut after, step);
            let found = count_solutions_with_candidates(&masks(&after), 2);
            prop_assert_eq!(found.count, 1, "{}: {} left no solution or several", what, step);
            prop_assert_eq!(&found.solutions[0], &solution, "{}: {}", what, step);
        }
    }
}

proptest! {
    // Every technique, the slow and rare ones too: fewer cases.
    #![proptest_config(ProptestConfig::with_cases(60))]

    #[test]
    fn every_step_is_sound_with_every_technique(seed: u64, tries in tries()) {
        let (cells, solution) = puzzle(seed, tries);
        check_profile(Profile::All, &cells, &solution);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn explain_round_trips(seed: u64, tries in tries(), se_only: bool) {
        let (cells, _) = puzzle(seed, tries);
        let input = parse_puzzle(&to_line(&cells), None).unwrap();
        let profile = se_only.then_some(Profile::Se);
        let settings = RateSettings::select(profile, &[], false)
            .with_time_limit(Some(Duration::from_secs(10)));
        let explanation = stepwise::explain(&input, &settings);

        let json = serde_json::to_string(&explanation).unwrap();
        let value: serde_json::Value = serde_json::from_str(&json).unwrap();
        prop_assert_eq!(&serde_json::to_value(&explanation).unwrap(), &value);
        let again: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&value).unwrap()).unwrap();
        prop_assert_eq!(&again, &value);

        let text = explanation.to_text();
        prop_assert_eq!(&explanation.to_text(), &text);
        if explanation.status != Status::Timeout {
            let second = stepwise::explain(&input, &settings);
            prop_assert_eq!(second.to_text(), text);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn every_format_reads_back_what_it_wrote(seed: u64, tries in tries(), steps in 0usize..40) {
        let (cells, solution) = puzzle(seed, tries);
        for format in [None, Some(Format::Line)] {
            prop_assert_eq!(parse_puzzle(&to_line(&cells), format).unwrap().cells, cells);
        }
        for format in [None, Some(Format::Grid)] {
            prop_assert_eq!(parse_puzzle(&to_grid(&cells), format).unwrap().cells, cells);
        }

        let input = parse_puzzle(&to_line(&cells), None).unwrap();
        let record = serde_json::to_string(&record_from(&input, Some(&solution))).unwrap();
        for format in [None, Some(Format::Json)] {
            let read = parse_puzzle(&record, format).unwrap();
            prop_assert_eq!(read.cells, cells);
            let kept = read.record.and_then(|r| r.solution_cells());
            prop_assert_eq!(kept, Some(solution));
        }

        // A state's pencilmarks: its candidates come back too. Detected, a grid whose cells all
        // hold one digit reads as a plain grid (without candidates), with the same cells.
        let state = state_after(&cells, steps);
        let text = to_pencilmark(state.values(), &masks(&state));
        for format in [None, Some(Format::Pencilmark)] {
            let read = parse_puzzle(&text, format).unwrap();
            prop_assert_eq!(read.cells, read_back_values(&state), "{}", text);
            if format.is_some() || read.candidates.is_some() {
                prop_assert_eq!(read.candidates, Some(masks(&state)), "{}", text);
            }
        }
    }
}
