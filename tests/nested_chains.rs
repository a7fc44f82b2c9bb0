//! Nested forcing chains (Sudoku Explainer's levels 2-5, rated 9.5 and up), on puzzles of the
//! forum's hardest list written here as literals: the SE profile solves them to the end with
//! sound steps and gives SE's own ER/EP/ED. Nested chains cost seconds per step, so the
//! sample is small; `cargo run --release --example chain_timing -- FILE` runs whole sets.

mod common;

use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Options, Status};
use stepwise::rating::rate;
use stepwise::technique::{Level, Technique};

#[test]
fn a_nested_chain_puzzle_is_solved_with_se_ratings() {
    // From the forum's hardest list of 2011-06-26, rated ER/EP/ED 10.4/1.2/1.2 by SE.
    let puzzle =
        "........8..3.9.4..6....7.1....5.97...3.....2...74........7....6..4.5.3..81.......";
    let trace = solve(
        &Grid::from_puzzle(&common::cells(puzzle)),
        &Options::sudoku_explainer(),
    );
    assert_eq!(trace.status, Status::Solved);
    assert_eq!(trace.first_unsound_step(), None);
    assert!(trace
        .steps
        .iter()
        .any(|s| s.technique == Technique::NestedForcingChains));
    let rating = rate(&trace);
    assert_eq!((rating.er, rating.ep, rating.ed), (10.4, 1.2, 1.2));
    // Every nested step names its level through its rating: 9.5 + 0.5 per level above 2.
    for step in &trace.steps {
        if step.technique == Technique::NestedForcingChains {
            assert!(step.rating() >= 9.5, "{step}");
        }
    }
}

/// A spread sample of the forum's hardest list (every puzzle rated 11+ by SE) is solved to the
/// end by Sudoku Explainer's rules, nested chains included, every step sound. The whole list
/// (48,765 puzzles) is for `stepwise rate --jobs N` or
/// `cargo run --release --example chain_timing -- ../shared/data/forum-hardest-11plus.txt`.
#[test]
fn forum_hardest_sample_is_solved_by_logic() {
    let Some(puzzles) = common::corpus("forum-hardest-11plus.txt", usize::MAX) else {
        return;
    };
    let options = Options::sudoku_explainer();
    for line in puzzles.iter().step_by(16_000) {
        let trace = solve(&Grid::from_puzzle(&common::cells(line)), &options);
        assert_eq!(trace.status, Status::Solved, "{line}: not solved");
        if let Some((n, step)) = trace.first_unsound_step() {
            panic!("{line}: step {} is unsound: {step}", n + 1);
        }
        let rating = rate(&trace);
        assert!(
            rating.er >= 9.0,
            "{line}: ER {} for an 11+ puzzle",
            rating.er
        );
    }
}

/// HoDoKu's profile solves such puzzles as HoDoKu does: with its Forcing Nets, and where they
/// find nothing its Brute Force guess (the solution's digit), never SE's nested chains. Every
/// step agrees with the solution, and the score counts 10000 for each guess. Written here: a
/// puzzle SE rates 11.1; with the shared corpora, the forum sample as well.
#[test]
fn hodoku_profile_solves_nested_chain_puzzles_as_hodoku_does() {
    let mut puzzles = vec![
        "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2"
            .to_string(),
    ];
    if let Some(forum) = common::corpus("forum-hardest-11plus.txt", usize::MAX) {
        puzzles.extend(forum.iter().skip(8_000).step_by(16_000).cloned());
    }
    let options = Options::hodoku();
    for line in &puzzles {
        let trace = solve(&Grid::from_puzzle(&common::cells(line)), &options);
        assert_eq!(trace.status, Status::Solved, "{line}: not solved");
        if let Some((n, step)) = trace.first_unsound_step() {
            panic!("{line}: step {} is unsound: {step}", n + 1);
        }
        let count = |t: Technique| trace.steps.iter().filter(|s| s.technique == t).count();
        assert_eq!(count(Technique::NestedForcingChains), 0, "{line}");
        let nets = count(Technique::HodokuForcingNetContradiction)
            + count(Technique::HodokuForcingNetVerity);
        let guesses = count(Technique::BruteForce);
        assert!(nets + guesses > 0, "{line}: neither a net nor a guess");
        let rating = stepwise::rating::rate_hodoku(&trace);
        assert_eq!(rating.level, Some(Level::Extreme), "{line}");
        assert!(rating.score >= 10_000 * guesses as u32, "{line}");
    }
}

/// Four puzzles of se-hardest-1106 where Sudoku Explainer 1.2.1 itself (built from source,
/// `scripts/se-rate`) gives these ratings, each decided by how SE counts a nested chain's
/// complexity: a locked-candidates step inside a chain rests only on the base unit's removed
/// candidates outside the cover unit (10.2, not 10.3), a bidirectional cycle's rule parents
/// include those of its reversed loop (11.6, not 11.5), and nested chains with the same
/// chains count once however many times they were found (11.0, not 11.1).
#[test]
fn nested_chain_complexity_is_counted_as_se_counts_it() {
    let cases = [
        (
            "1...56....5718...66...7.....9.3............9.8....5..35...17..8..2....1.......4..",
            (10.2, 10.2, 2.6),
        ),
        (
            "........7..2..96..8...6...3....92.....46..5...1..54.....5.4.9...3.....7.1.......8",
            (11.2, 11.2, 2.6),
        ),
        (
            "..3.5.7..4....9....8.2.....2......4..9.8.......1.6.5.....5.16......7...3..6....57",
            (11.6, 11.6, 9.3),
        ),
        (
            "1....67......8......92...5.....4...85..3...1......76..3.2.......1.9...2.9.5.....4",
            (11.0, 11.0, 9.4),
        ),
    ];
    for (puzzle, expected) in cases {
        let trace = solve(
            &Grid::from_puzzle(&common::cells(puzzle)),
            &Options::sudoku_explainer(),
        );
        assert_eq!(trace.status, Status::Solved, "{puzzle}");
        assert_eq!(trace.first_unsound_step(), None, "{puzzle}");
        let rating = rate(&trace);
        assert_eq!((rating.er, rating.ep, rating.ed), expected, "{puzzle}");
    }
}
