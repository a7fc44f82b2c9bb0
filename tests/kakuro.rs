//! Kakuro end to end: solutions checked against every rule, the four engines agreeing, the
//! corpus's puzzles with several solutions reported, every human step sound, each technique's
//! exact deduction on a real grid (and its silence where it must not fire), every format error
//! with its position, and the generated grids past 700 white cells.
//!
//! The small grids are literals (from `../shared/data/kakuro/kakuro-300.jsonl`, ids given) so
//! that these tests run on a fresh clone; the corpus tests say when they skip.

mod common;

use stepwise::budget::Budget;
use stepwise::hint::HintLevel;
use stepwise::kakuro::bench::{self, Settings};
use stepwise::kakuro::engines::{self, model::Model, Count, Engine, Options};
use stepwise::kakuro::explain::{self, Validity};
use stepwise::kakuro::format::{parse_json, parse_text, read_records};
use stepwise::kakuro::generate;
use stepwise::kakuro::logic::{self, finders, Board, Step, Technique};
use stepwise::kakuro::{Digits, Kakuro};

/// grandgames.net 24596: unique combinations, a hidden single, naked singles.
const GG_24596: &str = "
#     #     #     9\\_   11\\_
#     #     15\\17 .     .
#     9\\7   .     .     .
_\\3   .     .     #     #
_\\17  .     .     #     #
";

/// grandgames.net 6269: a digit no combination uses.
const GG_6269: &str = "
#    23\\_ 17\\_ 7\\_
_\\20 .    .    .
_\\15 .    .    .
_\\12 .    .    .
";

/// grandgames.net 33047: crossing runs, then an arrangement.
const GG_33047: &str = "
#    #    23\\_ 11\\_ #
#    _\\3  .    .    8\\_
#    15\\7 .    .    .
_\\30 .    .    .    .
_\\17 .    .    #    #
";

/// grandgames.net 4237: a required digit.
const GG_4237: &str = "
#    16\\_ 29\\_ 11\\_ #
_\\14 .    .    .    #
_\\18 .    .    .    4\\_
#    _\\17 .    .    .
#    _\\11 .    .    .
";

/// grandgames.net 9075: the smallest of the corpus that needs a contradiction.
const GG_9075: &str = "
#     #     16\\_  23\\_  #     #     #     23\\_  4\\_   17\\_  21\\_  #     #
#     _\\16  .     .     #     29\\_  38\\26 .     .     .     .     17\\_  #
#     _\\17  .     .     3\\38  .     .     .     .     .     .     .     #
#     #     _\\28  .     .     .     .     .     #     17\\14 .     .     #
#     3\\_   23\\_  _\\16  .     .     .     #     _\\9   .     .     #     #
_\\8   .     .     #     _\\14  .     .     38\\_  _\\13  .     .     7\\_   #
_\\10  .     .     21\\_  #     _\\17  .     .     #     _\\5   .     .     17\\_
#     _\\12  .     .     16\\_  _\\11  .     .     11\\_  #     _\\9   .     .
#     #     _\\9   .     .     #     _\\12  .     .     16\\_  _\\13  .     .
#     #     3\\14  .     .     #     6\\18  .     .     .     24\\_  #     #
#     _\\3   .     .     16\\_  17\\25 .     .     .     .     .     4\\_   #
#     _\\33  .     .     .     .     .     .     .     _\\8   .     .     #
#     #     _\\21  .     .     .     .     #     #     _\\11  .     .     #
";

/// grandgames.net 24340: two solutions (9+2 / 6+8 and 7+4 / 8+6).
const GG_24340: &str = "
#    15\\_ 10\\_
_\\11 .    .
_\\14 .    .
";

/// No solution: 3 and 3 across, 3 and 5 down (the right column would need 5 from 1s and 2s).
const NO_SOLUTION: &str = "
#   3\\_ 5\\_
_\\3 .   .
_\\3 .   .
";

const LITERALS: [&str; 5] = [GG_24596, GG_6269, GG_33047, GG_4237, GG_9075];

fn parse(text: &str) -> Kakuro {
    parse_text(text).unwrap_or_else(|e| panic!("{e}\n{text}"))
}

fn unique_solution(kakuro: &Kakuro) -> Vec<u8> {
    match explain::validity(kakuro) {
        Validity::Unique(solution) => solution,
        other => panic!("not unique: {other:?}"),
    }
}

/// Every puzzle of the shared corpus, or `None` (with a visible skip line) without it.
fn corpus() -> Option<Vec<Kakuro>> {
    let dir = common::shared_data()?;
    let text = std::fs::read_to_string(dir.join("kakuro/kakuro-300.jsonl")).unwrap();
    Some(
        read_records(&text)
            .into_iter()
            .map(|r| {
                r.puzzle
                    .unwrap_or_else(|e| panic!("corpus line {}: {e}", r.line))
            })
            .collect(),
    )
}

/// The repository's generated grids past 700 white cells.
fn large() -> Vec<Kakuro> {
    let text = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/kakuro-large.jsonl"
    ))
    .unwrap();
    text.lines().map(|l| parse_json(l).unwrap()).collect()
}

/// Asserts a step against the solution: placements equal it, eliminations spare it.
fn assert_sound(kakuro: &Kakuro, solution: &[u8], step: &Step) {
    for &(cell, digit) in &step.placements {
        assert_eq!(solution[cell], digit, "unsound: {}", step.describe(kakuro));
    }
    for &(cell, digits) in &step.eliminations {
        assert!(
            !digits.contains(solution[cell]),
            "unsound: {}",
            step.describe(kakuro)
        );
    }
}

#[test]
fn every_engine_solves_the_literals_and_each_solution_keeps_every_rule() {
    for text in LITERALS {
        let kakuro = parse(text);
        let model = Model::of_kakuro(&kakuro);
        let expected = unique_solution(&kakuro);
        kakuro.check_solution(&expected).unwrap();
        for engine in Engine::ALL {
            for shave in [false, true] {
                let options = Options {
                    shave,
                    ..Options::default()
                };
                let report = engines::solve(&model, engine, &options);
                if engine == Engine::Backtrack && kakuro.cell_count() > 50 {
                    // Plain backtracking is past its cap on the 78-cell grid, as in the study.
                    continue;
                }
                assert_eq!(
                    report.count(),
                    Count::Unique,
                    "{engine} shave {shave}\n{text}"
                );
                assert_eq!(report.solutions[0], expected, "{engine}");
                assert!(model.satisfied_by(&report.solutions[0]));
            }
        }
    }
}

#[test]
fn no_solution_and_several_solutions_are_told_apart() {
    let none = parse(NO_SOLUTION);
    let several = parse(GG_24340);
    for engine in Engine::ALL {
        let options = Options::default();
        let report = engines::solve(&Model::of_kakuro(&none), engine, &options);
        assert_eq!(report.count(), Count::None, "{engine}");
        let report = engines::solve(&Model::of_kakuro(&several), engine, &options);
        assert_eq!(report.count(), Count::Multiple, "{engine}");
        for solution in &report.solutions {
            several.check_solution(solution).unwrap();
        }
        assert_ne!(report.solutions[0], report.solutions[1]);
    }
    assert_eq!(explain::validity(&none), Validity::NoSolution);
    assert!(matches!(
        explain::validity(&several),
        Validity::Multiple(..)
    ));
    let explanation = explain::explain(&several, &Budget::UNLIMITED);
    assert_eq!(
        explanation.status,
        explain::ExplainStatus::MultipleSolutions
    );
    assert!(explanation.steps.is_empty());
    let differing: Vec<String> = explanation
        .differing
        .iter()
        .map(|&c| several.cell_name(c))
        .collect();
    assert_eq!(differing, ["r2c2", "r2c3", "r3c2", "r3c3"]);
}

#[test]
fn engines_agree_on_counts_and_solutions_over_the_corpus() {
    let Some(puzzles) = corpus() else { return };
    // A small cap keeps the weak engines' failures short; what they decide must agree.
    let options = Options {
        node_cap: 20_000,
        ..Options::default()
    };
    let mut decided = [0usize; 4];
    for kakuro in &puzzles {
        let model = Model::of_kakuro(kakuro);
        let strongest = engines::solve(&model, Engine::Gac, &Options::default());
        assert!(strongest.decided(), "{:?}", kakuro.id);
        for solution in &strongest.solutions {
            kakuro.check_solution(solution).unwrap();
        }
        for (i, engine) in Engine::ALL.into_iter().enumerate() {
            let report = engines::solve(&model, engine, &options);
            if !report.decided() {
                continue;
            }
            decided[i] += 1;
            assert_eq!(
                report.count(),
                strongest.count(),
                "{engine} on {:?}",
                kakuro.id
            );
            if report.count() == Count::Unique {
                assert_eq!(
                    report.solutions, strongest.solutions,
                    "{engine} on {:?}",
                    kakuro.id
                );
            }
        }
    }
    assert_eq!(decided[3], puzzles.len(), "GAC decides every puzzle");
    assert!(decided[2] >= puzzles.len() - 5, "MAC decides {decided:?}");
}

#[test]
fn the_corpus_puzzles_with_several_solutions_are_reported() {
    let Some(puzzles) = corpus() else { return };
    let settings = Settings {
        engines: vec![Engine::Gac],
        human: false,
        ..Settings::default()
    };
    let table = bench::measure(&puzzles, &settings, |_| {});
    assert_eq!(table.multiple_solutions, ["kakuro-grandgames.net-24340"]);
    assert_eq!(table.bands.iter().map(|b| b.multiple).sum::<usize>(), 1);
    assert_eq!(table.bands.iter().map(|b| b.unique).sum::<usize>(), 300);
    assert!(stepwise::bench::kakuro::text(&table)
        .contains("several solutions (1): kakuro-grandgames.net-24340"));
}

/// Solves `kakuro` logically and checks every step against the solution; whether solved.
fn trace_is_sound(kakuro: &Kakuro) -> bool {
    let solution = unique_solution(kakuro);
    let trace = logic::solve(kakuro);
    for step in &trace.steps {
        assert!(step.makes_progress(), "{}", step.describe(kakuro));
        assert_sound(kakuro, &solution, step);
    }
    if trace.is_solved() {
        assert_eq!(trace.board.digits().unwrap(), solution);
    }
    trace.is_solved()
}

/// At every state of the trace, every step each technique can find (the contradiction
/// included when `with_contradiction`) is sound.
fn sweep(kakuro: &Kakuro, with_contradiction: bool) -> [usize; 8] {
    let solution = unique_solution(kakuro);
    let trace = logic::solve(kakuro);
    let mut board = Board::new(kakuro);
    let mut found = [0usize; 8];
    for step in trace
        .steps
        .iter()
        .chain(std::iter::once(&Step::new(Technique::NakedSingle)))
    {
        for (i, technique) in Technique::ORDER.into_iter().enumerate() {
            if technique == Technique::Contradiction && !with_contradiction {
                continue;
            }
            for candidate in finders::all(technique, kakuro, &board) {
                found[i] += 1;
                assert_sound(kakuro, &solution, &candidate);
            }
        }
        step.apply(kakuro, &mut board);
    }
    found
}

#[test]
fn every_step_found_on_the_literals_is_sound_and_each_technique_is_met() {
    let mut found = [0usize; 8];
    for text in LITERALS {
        let kakuro = parse(text);
        assert!(trace_is_sound(&kakuro), "{text}");
        for (total, n) in found.iter_mut().zip(sweep(&kakuro, true)) {
            *total += n;
        }
    }
    for (technique, n) in Technique::ORDER.into_iter().zip(found) {
        assert!(n > 0, "{technique} never found on the literals");
    }
}

#[test]
fn every_human_step_is_sound_over_the_corpus_and_the_large_grids() {
    let large = large();
    for kakuro in &large {
        assert!(trace_is_sound(kakuro), "{:?}", kakuro.id);
    }
    let Some(puzzles) = corpus() else { return };
    let mut unique = 0;
    let mut solved = 0;
    for kakuro in &puzzles {
        if !matches!(explain::validity(kakuro), Validity::Unique(_)) {
            continue;
        }
        unique += 1;
        solved += usize::from(trace_is_sound(kakuro));
        if kakuro.cell_count() <= 60 {
            sweep(kakuro, false);
        }
    }
    assert_eq!(unique, 300);
    assert_eq!(
        solved, unique,
        "the human steps solve every unique puzzle of the corpus"
    );
}

/// The first step of `technique` on the logical path of `text`, and the board before it.
fn first_on_path(text: &str, technique: Technique) -> (Kakuro, Board, Step) {
    let kakuro = parse(text);
    let trace = logic::solve(&kakuro);
    let mut board = Board::new(&kakuro);
    for step in trace.steps {
        if step.technique == technique {
            return (kakuro, board, step);
        }
        step.apply(&kakuro, &mut board);
    }
    panic!("no {technique} on the path of\n{text}");
}

/// Asserts the first `technique` step of the path, as written, and that the finder alone
/// gives it on the board before.
fn assert_first(text: &str, technique: Technique, expected: &str) -> (Kakuro, Board) {
    let (kakuro, board, step) = first_on_path(text, technique);
    assert_eq!(step.describe(&kakuro), expected);
    assert_eq!(
        finders::first(technique, &kakuro, &board).as_ref(),
        Some(&step)
    );
    (kakuro, board)
}

fn run_labels(kakuro: &Kakuro, steps: &[Step]) -> Vec<String> {
    steps.iter().map(|s| kakuro.run_label(s.runs[0])).collect()
}

#[test]
fn unique_combination_fires_on_unique_sums_only() {
    assert_first(
        GG_24596,
        Technique::UniqueCombination,
        "Unique Combination: 17 in r2c4-5 is only 8+9 => r2c4<>1234567, r2c5<>1234567",
    );
    // At the start of 6269: 23 in three is 6+8+9 and 7 in three 1+2+4; 20, 15, 12 and 17
    // in three have several combinations.
    let kakuro = parse(GG_6269);
    let steps = finders::all(Technique::UniqueCombination, &kakuro, &Board::new(&kakuro));
    assert_eq!(run_labels(&kakuro, &steps), ["23 in r2-4c2", "7 in r2-4c4"]);
}

#[test]
fn naked_and_hidden_singles_fire_where_one_place_or_one_digit_is_left() {
    let (kakuro, _) = assert_first(
        GG_24596,
        Technique::HiddenSingle,
        "Hidden Single: 9 in r2-3c4 can only be 1+8, and only r3c4 can take 1 => r3c4=1",
    );
    assert_first(
        GG_24596,
        Technique::NakedSingle,
        "Naked Single: r2c4 can only be 8 => r2c4=8",
    );
    // At the start every cell has nine candidates and every digit several places.
    let start = Board::new(&kakuro);
    assert!(finders::all(Technique::NakedSingle, &kakuro, &start).is_empty());
    assert!(finders::all(Technique::HiddenSingle, &kakuro, &start).is_empty());
}

#[test]
fn unusable_digit_removes_what_no_combination_uses() {
    assert_first(
        GG_6269,
        Technique::UnusableDigit,
        "Unusable Digit: 17 in r2-4c3 with 7 placed (10 left in 2 cells) is 1+9, 2+8 or 4+6: \
         none uses 3 or 5 => r3c3<>35, r4c3<>35",
    );
    // At the start: 20 in three never uses 1 or 2; 15, 12 and 17 in three use every digit,
    // so they give nothing (23 and 7 in three have one combination: not this technique's).
    let kakuro = parse(GG_6269);
    let steps = finders::all(Technique::UnusableDigit, &kakuro, &Board::new(&kakuro));
    assert_eq!(run_labels(&kakuro, &steps), ["20 in r2c2-4"]);
    assert_eq!(steps[0].deductions(&kakuro), "r2c2<>12, r2c3<>12, r2c4<>12");
}

#[test]
fn crossing_runs_and_arrangement_use_the_crossing_cells_candidates() {
    let (kakuro, _) = assert_first(
        GG_33047,
        Technique::CrossingRuns,
        "Crossing Runs: 11 in r2-4c4: not 1+3+7 (no cell can take 3), not 2+3+6 (no cell can \
         take 3), not 2+4+5 (r4c4 can only be 6, 7 or 8); so 1+2+8 or 1+4+6 => r4c4<>7",
    );
    assert_first(
        GG_33047,
        Technique::Arrangement,
        "Arrangement: 23 in r2-5c3 is 1+6+7+9, 2+4+8+9 or 2+6+7+8, and no arrangement in its \
         cells' candidates puts these digits there => r2c3<>1, r3c3<>12, r4c3<>67",
    );
    // With every candidate still there, every combination fits: nothing is crossed out.
    let start = Board::new(&kakuro);
    assert!(finders::all(Technique::CrossingRuns, &kakuro, &start).is_empty());
}

#[test]
fn required_digit_places_the_digit_every_combination_needs() {
    let (kakuro, _) = assert_first(
        GG_4237,
        Technique::RequiredDigit,
        "Required Digit: 14 in r2c2-4 is 2+3+9 or 2+5+7: each needs 2, and only r2c4 can take \
         it => r2c4=2",
    );
    assert!(finders::all(Technique::RequiredDigit, &kakuro, &Board::new(&kakuro)).is_empty());
}

#[test]
fn contradiction_removes_a_candidate_whose_trial_breaks_a_run() {
    let (kakuro, board, step) = first_on_path(GG_9075, Technique::Contradiction);
    assert_eq!(
        step.describe(&kakuro),
        "Contradiction: r7c7=8 leads in 9 steps to a contradiction: 12 in r9c8-9 can no longer \
         be completed => r7c7<>8"
    );
    let trial = step.trial.as_ref().unwrap();
    assert_eq!(
        trial.steps[0].describe(&kakuro),
        "Naked Single: r7c8 can only be 9 => r7c8=9"
    );
    // Every simpler technique had given up on that board.
    for technique in &Technique::ORDER[..7] {
        assert!(
            finders::all(*technique, &kakuro, &board).is_empty(),
            "{technique}"
        );
    }
    // With two solutions and only their digits left, no candidate leads to a contradiction.
    let several = parse(GG_24340);
    let mut board = Board::new(&several);
    let union = ["79", "24", "68", "68"];
    for (cell, keep) in union.iter().enumerate() {
        let keep: Digits = keep.bytes().map(|b| b - b'0').collect();
        board.eliminate(cell, !keep);
    }
    assert!(finders::all(Technique::Contradiction, &several, &board).is_empty());
}

#[test]
fn ratings_come_from_the_hardest_step() {
    let trace = logic::solve(&parse(GG_24596));
    let rating = trace.rating();
    assert_eq!(rating.hardest, Some(Technique::HiddenSingle));
    assert_eq!(rating.difficulty, Technique::HiddenSingle.difficulty());
    assert_eq!(rating.steps, trace.steps.len());
    let rating = logic::solve(&parse(GG_9075)).rating();
    assert_eq!(rating.hardest, Some(Technique::Contradiction));
    assert_eq!(rating.level, logic::Level::Expert);
}

#[test]
fn each_format_error_names_its_place() {
    let cases: [(&str, &str); 12] = [
        ("#  3\\_\n_\\3 .  .\n", "line 2: row 2, column 3: the row has 3 cells but the first row has 2 (rows must be equally long)"),
        ("# 3\\_\n_\\3 x\n", "line 2: row 2, column 2: 'x' is not a cell: write # (black), . (white), a digit 1-9 (entered) or a clue D\\R (_ for no sum)"),
        ("# 3\\_\n_\\3 0\n", "line 2: row 2, column 2: '0' is not a cell: write # (black), . (white), a digit 1-9 (entered) or a clue D\\R (_ for no sum)"),
        ("# 3\\a\n_\\3 .\n", "line 1: row 1, column 2: the clue '3\\a' is not D\\R with numbers or _"),
        ("# 3\\_ #\n_\\3 . .\n_\\4 # #\n", "line 3: row 3, column 1: the clue 4 across has no run: no white cell to its right"),
        ("#    18\\_ 3\\_\n_\\18 .    .\n_\\3  .    .\n", "line 1: row 1, column 2: the clue 18 down is impossible over 2 cells: distinct digits there sum to 3..17"),
        ("# 10\\_ 3\\_ 3\\_\n_\\15 . . .\n", "line 1: row 1, column 2: the clue 10 down is impossible over 1 cell: distinct digits there sum to 1..9"),
        ("#   3\\_ 6\\_ 9\\_\n_\\5 .   .   .\n", "line 2: row 2, column 1: the clue 5 across is impossible over 3 cells: distinct digits there sum to 6..24"),
        ("# 3\\_ #\n_\\4 . .\n", "line 2: row 2, column 3: the white cell is in no down run: no clue with a down sum starts it"),
        ("# #\n# .\n", "line 2: row 2, column 2: the white cell is in no across run: no clue with a right sum starts it"),
        ("# #\n", "line 1: the grid has no white cell"),
        ("", "the grid has no row"),
    ];
    for (text, expected) in cases {
        let error = parse_text(text).unwrap_err();
        assert_eq!(error.to_string(), expected, "{text}");
    }
    let long = format!("# {}\n_\\45 {}\n", "1\\_ ".repeat(10), ". ".repeat(10));
    assert_eq!(
        parse_text(&long).unwrap_err().to_string(),
        "line 2: row 2, column 1: the run across has 10 white cells; a run holds at most 9"
    );
    let json_cases = [
        ("{\"grid\": [[\"#\"]", "not a Kakuro JSON record: EOF while parsing a list at line 1 column 15"),
        ("{\"id\": 3, \"grid\": []}", "not a Kakuro JSON record: invalid type: integer `3`, expected a string at line 1 column 8"),
        ("{\"cols\": 3, \"grid\": [[\"#\", \"3\\\\_\"], [\"_\\\\3\", \".\"]]}", "\"cols\" says 3 but the grid has 2"),
        ("{\"grid\": [[\"#\", \"3\\\\_\"], [\"_\\\\3\", \".\", \".\"]]}", "row 2, column 3: the row has 3 cells but the first row has 2 (rows must be equally long)"),
    ];
    for (text, expected) in json_cases {
        assert_eq!(
            parse_json(text).unwrap_err().to_string(),
            expected,
            "{text}"
        );
    }
    let big = format!("{}\n", vec!["#"; 101].join(" "));
    assert!(parse_text(&big)
        .unwrap_err()
        .to_string()
        .contains("larger than the 100x100"));
}

#[test]
fn a_bad_record_in_a_file_is_reported_and_the_rest_read() {
    let text = format!("{GG_24596}\n# x\n\n{GG_6269}\n{{\"grid\": 7}}\n");
    let records = read_records(&text);
    let outcome: Vec<Result<usize, String>> = records
        .iter()
        .map(|r| {
            r.puzzle
                .as_ref()
                .map(|k| k.cell_count())
                .map_err(|e| e.to_string())
        })
        .collect();
    assert_eq!(outcome.len(), 4);
    assert_eq!(outcome[0], Ok(9));
    assert!(outcome[1]
        .as_ref()
        .unwrap_err()
        .starts_with("line 8: row 1, column 2: 'x'"));
    assert_eq!(outcome[2], Ok(9));
    assert!(outcome[3]
        .as_ref()
        .unwrap_err()
        .starts_with("line 16: not a Kakuro JSON record"));
}

#[test]
fn the_generated_grids_are_past_700_cells_unique_and_solved_fast_by_gac() {
    let large = large();
    assert_eq!(large.len(), 3);
    for kakuro in &large {
        assert!(kakuro.cell_count() > 700, "{}", kakuro.cell_count());
        let source = kakuro.source.as_deref().unwrap();
        assert!(
            source.starts_with("generated by Stepwise: stepwise kakuro generate"),
            "{source}"
        );
        let report = engines::solve(&Model::of_kakuro(kakuro), Engine::Gac, &Options::default());
        assert_eq!(report.count(), Count::Unique);
        kakuro.check_solution(&report.solutions[0]).unwrap();
        // Search, not a timed assertion: a handful of nodes at most.
        assert!(report.nodes() < 100, "{} nodes", report.nodes());
    }
    // The first one again from its command: the same seed and size give the same grid.
    let again = generate::large(38, 38, 1).unwrap();
    assert_eq!(again, large[0]);
}

#[test]
fn a_generated_grid_of_each_level_is_rated_that_level() {
    use logic::Level;
    for (level, size) in [
        (Level::Easy, 6),
        (Level::Medium, 8),
        (Level::Hard, 10),
        (Level::Expert, 10),
    ] {
        let kakuro = generate::at_level(size, size, level, 2, &Budget::UNLIMITED).unwrap();
        let record = explain::rate(&kakuro, "x", &Budget::UNLIMITED);
        assert_eq!(record.level, Some(level), "{record:?}");
        let trace = logic::solve(&kakuro);
        assert!(trace.is_solved());
        let used: Vec<Technique> = trace.steps.iter().map(|s| s.technique).collect();
        let beyond_singles = used.iter().any(|t| {
            !matches!(
                t,
                Technique::NakedSingle | Technique::HiddenSingle | Technique::UniqueCombination
            )
        });
        // Easy grids need singles alone; the others a technique past them.
        assert_eq!(beyond_singles, level > Level::Easy, "{level}: {used:?}");
        if level == Level::Expert {
            assert!(used.contains(&Technique::Contradiction), "{used:?}");
        }
        if level >= Level::Hard {
            assert!(
                used.iter().any(|&t| t >= Technique::RequiredDigit),
                "{level}: {used:?}"
            );
        }
        // The same seed gives the same grid.
        assert_eq!(
            generate::at_level(size, size, level, 2, &Budget::UNLIMITED).unwrap(),
            kakuro
        );
    }
    assert!(generate::at_level(2, 9, Level::Easy, 1, &Budget::UNLIMITED).is_err());
}

#[test]
fn a_large_generated_grid_of_a_level_is_past_700_cells() {
    let kakuro = generate::at_level(40, 40, logic::Level::Medium, 1, &Budget::UNLIMITED).unwrap();
    assert!(kakuro.cell_count() > 700, "{}", kakuro.cell_count());
    assert_eq!(logic::solve(&kakuro).rating().level, logic::Level::Medium);
}

/// A spent budget stops the engines' root propagation and shaving too, not only the search:
/// on the largest grid every engine answers a timeout with the count unknown (without the
/// budget, GAC and MAC decide it by shaving), and the front door's explanation says timeout.
/// The status is asserted, not the time.
#[test]
fn a_tiny_budget_on_the_largest_grid_is_a_timeout_at_every_stage() {
    let largest = large().into_iter().max_by_key(Kakuro::cell_count).unwrap();
    let spent = Budget {
        time: Some(std::time::Duration::from_nanos(1)),
        cache_bytes: None,
    };
    for engine in Engine::ALL {
        let record = explain::solve(&largest, "x", engine, &Options::default(), &spent);
        assert!(record.timeout, "{engine:?}: {record:?}");
        assert_eq!(record.status, Count::Unknown, "{engine:?}");
        assert_eq!(record.nodes, 0, "{engine:?}: the search never started");
    }
    let record = explain::solve(
        &largest,
        "x",
        Engine::Gac,
        &Options::default(),
        &Budget::UNLIMITED,
    );
    assert_eq!(record.status, Count::Unique);
    assert!(!record.timeout);
    let explanation = explain::explain(&largest, &spent);
    assert_eq!(explanation.status, explain::ExplainStatus::Timeout);
    assert!(explanation.steps.is_empty());

    // Shaving itself stops at the deadline with nothing removed, where it otherwise removes.
    let model = Model::of_kakuro(&largest);
    let mut state = engines::propagate_root(&model, Engine::Gac).unwrap();
    let before = state.domains.clone();
    {
        let _in_force = Budget {
            time: Some(std::time::Duration::ZERO),
            cache_bytes: None,
        }
        .enter();
        assert_eq!(engines::shave_root(&model, Engine::Gac, &mut state), Ok(0));
    }
    assert_eq!(state.domains, before);
    let removed = engines::shave_root(&model, Engine::Gac, &mut state).unwrap();
    assert!(removed > 0);
}

#[test]
fn hints_name_a_wrong_digit_first_then_the_next_step() {
    let solved = "
#     #     #     9\\_   11\\_
#     #     15\\17 8     9
#     9\\7   4     1     2
_\\3   1     2     #     #
_\\17  8     .     #     #
";
    let kakuro = parse(solved);
    let hint = explain::hint(&kakuro, &Budget::UNLIMITED).unwrap();
    assert_eq!(
        hint.report(&kakuro, "x", HintLevel::Full).text,
        "Unique Combination: 15 in r3-5c3 with 2,4 placed (9 left in 1 cell) is only 9 => \
         r5c3<>13567"
    );
    let told = |level| hint.report(&kakuro, "x", level);
    assert_eq!(told(HintLevel::Nudge).text, "Look at the run 15 in r3-5c3.");
    assert!(told(HintLevel::Nudge).cells.is_empty());
    assert_eq!(
        told(HintLevel::Technique).text,
        "Unique Combination in the run 15 in r3-5c3."
    );
    assert_eq!(told(HintLevel::Cells).cells, ["r3c3", "r4c3", "r5c3"]);
    assert!(told(HintLevel::Cells).step.is_none());
    assert!(told(HintLevel::Full).step.is_some());
    // 1 in r3c3 fits both its runs (7 across is 1+2+4, 15 down can be 1+5+9) but is wrong.
    let wrong = parse(
        "
#     #     #     9\\_   11\\_
#     #     15\\17 .     .
#     9\\7   1     .     .
_\\3   .     .     #     #
_\\17  .     .     #     #
",
    );
    let hint = explain::hint(&wrong, &Budget::UNLIMITED).unwrap();
    assert!(matches!(hint, explain::Hint::WrongDigit { .. }), "{hint:?}");
    assert_eq!(
        hint.report(&wrong, "x", HintLevel::Cells).text,
        "r3c3 is not 1."
    );
    assert_eq!(
        hint.report(&wrong, "x", HintLevel::Nudge).text,
        "An entered digit is wrong."
    );
    // Swapping r4c2 and r4c3 keeps 3 across but 9 down cannot hold 2 and 8: a broken run is
    // named before the wrong digits.
    let swapped = parse(&solved.replace("_\\3   1     2", "_\\3   2     1"));
    let report =
        explain::hint(&swapped, &Budget::UNLIMITED)
            .unwrap()
            .report(&swapped, "x", HintLevel::Full);
    assert_eq!(report.kind, "impossible_sum");
    // A digit twice in a run is named before any wrong digit.
    let twice = parse(&solved.replace("_\\3   1     2", "_\\3   1     1"));
    let hint = explain::hint(&twice, &Budget::UNLIMITED).unwrap();
    let report = hint.report(&twice, "x", HintLevel::Full);
    assert_eq!(report.kind, "repeated_digit");
    assert_eq!(report.cells, ["r4c2", "r4c3"]);
    assert_eq!(
        report.text,
        "r4c2, r4c3 both hold 1, in the run 3 in r4c2-3: a run's digits are all different."
    );
    // A run whose digits no combination of its sum holds: 7 in r5c2 leaves 9 down with 1+7
    // (and 17 across, only 8+9); the first run is named.
    let short = parse(&solved.replace("_\\17  8     .", "_\\17  7     ."));
    let hint = explain::hint(&short, &Budget::UNLIMITED).unwrap();
    let report = hint.report(&short, "x", HintLevel::Technique);
    assert_eq!(report.kind, "impossible_sum");
    assert_eq!(
        report.text,
        "The run 9 in r4-5c2 can no longer make its sum."
    );
    let full = parse(&solved.replace("8     .", "8     9"));
    assert!(matches!(
        explain::hint(&full, &Budget::UNLIMITED).unwrap(),
        explain::Hint::Solved
    ));
    assert!(explain::hint(&parse(GG_24340), &Budget::UNLIMITED).is_err());
}

#[test]
fn the_bench_table_has_a_row_per_band_and_engine() {
    let puzzles: Vec<Kakuro> = LITERALS.iter().map(|t| parse(t)).chain(large()).collect();
    let table = bench::measure(&puzzles, &Settings::default(), |_| {});
    let text = stepwise::bench::kakuro::text(&table);
    assert!(text.contains("<=25"), "{text}");
    assert!(text.contains(">700"), "{text}");
    let row = |band: &str, engine: Engine| {
        table
            .engines
            .iter()
            .find(|r| r.band == band && r.engine == engine)
            .unwrap()
            .clone()
    };
    assert_eq!(row(">700", Engine::Gac).decided, 3);
    assert_eq!(row("<=25", Engine::Gac).decided, 4);
    let large = table.bands.iter().find(|b| b.band == ">700").unwrap();
    assert_eq!((large.unique, large.human_solved), (3, Some(3)));
}

/// A call cancelled from another thread ends as an expired budget ends it: `timeout`, with
/// no rating and no "stuck".
#[test]
fn a_cancelled_call_is_a_timeout() {
    let kakuro = parse(GG_24596);
    let cancel = stepwise::budget::Cancel::new();
    let _in_force = cancel.enter();
    cancel.cancel();
    let explanation = explain::explain(&kakuro, &Budget::UNLIMITED);
    assert_eq!(explanation.status, explain::ExplainStatus::Timeout);
    let rated = explain::rate(&kakuro, "x", &Budget::UNLIMITED);
    assert_eq!(rated.difficulty, None);
    assert!(matches!(
        explain::hint(&kakuro, &Budget::UNLIMITED),
        Ok(explain::Hint::Timeout) | Err(explain::ExplainStatus::Timeout)
    ));
}
