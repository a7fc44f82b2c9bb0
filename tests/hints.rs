//! Hints at every level, for every technique of the catalog and for the states a user may
//! give: each level says something true and useful, in readable English.
//!
//! Every technique's worked example (`techniques/<slug>.md`) is told at the four levels and
//! checked: the words are well formed, the nudge's region holds the pattern, the technique
//! level names the technique with the right article, the cells level names cells of the
//! deduction and the full level gives its notation (and, for Sudoku Explainer's dynamic and
//! nested chains, how to read their `(+N)` marks). Then the defects these checks were written
//! for, one test each, and the states that contradict the original puzzle.

mod common;

use std::collections::BTreeSet;
use std::fmt::Write as _;

use common::pages::{grid_of, Page};
use stepwise::finders::first;
use stepwise::format::{parse_puzzle, Format};
use stepwise::geometry::{cell_name, parse_cell_name, Cell, Unit};
use stepwise::grid::Grid;
use stepwise::hint::{hint, step_hint, HintError, HintKind, HintLevel};
use stepwise::step::{Role, Step};
use stepwise::technique::{Family, Technique};
use stepwise::HintSettings;
use strum::IntoEnumIterator;

const LEVELS: [HintLevel; 4] = [
    HintLevel::Nudge,
    HintLevel::Technique,
    HintLevel::Cells,
    HintLevel::Full,
];

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
const WIKIPEDIA_SOLUTION: &str =
    "534678912672195348198342567859761423426853791713924856961537284287419635345286179";

/// A forum-hardest puzzle whose first hint is a nested forcing chain.
const NESTED: &str =
    "98.7..6..75..4......3..8.7.8....9.5..3.2..1.....4....6.7...4.3....8..4......1...2";

/// The names that take "an", written out here rather than derived, so the catalog's rule is
/// checked against a list a reader can verify by ear.
const TAKE_AN: [Technique; 15] = [
    Technique::XWing,
    Technique::EmptyRectangle,
    Technique::XYWing,
    Technique::XYZWing,
    Technique::AvoidableRectangle1,
    Technique::AvoidableRectangle2,
    Technique::AlsXz,
    Technique::AlsXyWing,
    Technique::AlsChain,
    Technique::AlignedPairExclusion,
    Technique::AlignedTripleExclusion,
    Technique::XChain,
    Technique::XYChain,
    Technique::Aic,
    Technique::AlsAic,
];

/// The names that are plural nouns: "There are ...", no article.
const PLURAL: [Technique; 13] = [
    Technique::LockedCandidatesPointing,
    Technique::LockedCandidatesClaiming,
    Technique::MultiColors1,
    Technique::MultiColors2,
    Technique::NishioForcingChains,
    Technique::CellForcingChains,
    Technique::RegionForcingChains,
    Technique::DynamicContradictionForcingChains,
    Technique::DynamicDoubleForcingChains,
    Technique::DynamicCellForcingChains,
    Technique::DynamicRegionForcingChains,
    Technique::DynamicForcingChainsPlus,
    Technique::NestedForcingChains,
];

/// The name HoDoKu and Sudoku Explainer users know, for the catalog's long ones.
fn expected_name(technique: Technique) -> String {
    match technique {
        Technique::AlsXz => "ALS-XZ".into(),
        Technique::AlsXyWing => "ALS-XY-Wing".into(),
        Technique::AlsChain => "ALS-XY-Chain".into(),
        t => t.to_string(),
    }
}

/// How the technique level should open.
fn expected_opening(technique: Technique) -> String {
    let name = expected_name(technique);
    if PLURAL.contains(&technique) {
        format!("There are {name} ")
    } else if TAKE_AN.contains(&technique) {
        format!("There is an {name} ")
    } else {
        format!("There is a {name} ")
    }
}

/// The first step of a technique on its catalog page's example.
fn example_step(technique: Technique) -> Result<Step, String> {
    let page = Page::read(technique)?;
    let (block, _) = page.example()?;
    let grid = grid_of(&page.name, block)?;
    first(technique, &grid).ok_or_else(|| format!("{}: no {technique} step", page.name))
}

/// Every cell of a step's deduction: its pattern (cells, candidates, chain nodes and their
/// sets) and what it places and eliminates.
fn deduction_cells(step: &Step) -> BTreeSet<Cell> {
    let p = &step.pattern;
    let mut cells: BTreeSet<Cell> = p.cells.iter().map(|m| m.item).collect();
    cells.extend(p.candidates.iter().map(|m| m.item.cell));
    for node in &p.nodes {
        cells.extend(node.cells.iter().chain(&node.als));
    }
    cells.extend(
        step.placements
            .iter()
            .chain(&step.eliminations)
            .map(|c| c.cell),
    );
    cells
}

/// The cells the pattern itself is made of (not those it only eliminates from).
fn pattern_cells(step: &Step) -> BTreeSet<Cell> {
    let p = &step.pattern;
    let mut cells: BTreeSet<Cell> = p.cells.iter().map(|m| m.item).collect();
    cells.extend(
        p.candidates
            .iter()
            .filter(|m| m.role != Role::Cover)
            .map(|m| m.item.cell),
    );
    for node in &p.nodes {
        cells.extend(node.cells.iter().chain(&node.als));
    }
    cells
}

/// Every `r1c2` cell name in a text.
fn cells_named(text: &str) -> Vec<Cell> {
    let bytes = text.as_bytes();
    (0..bytes.len().saturating_sub(3))
        .filter(|&i| i == 0 || !bytes[i - 1].is_ascii_alphanumeric())
        .filter_map(|i| parse_cell_name(text.get(i..i + 4)?))
        .collect()
}

/// The units a region phrase names: `box 3`, `rows 2 and 7`, `column 7 and box 6`; `None`
/// for `the whole grid`.
fn units_named(region: &str) -> Option<Vec<Unit>> {
    if region == "the whole grid" {
        return None;
    }
    let mut units = Vec::new();
    let mut kind: Option<fn(usize) -> Unit> = None;
    for word in region.split([' ', ',']).filter(|w| !w.is_empty()) {
        match word {
            "row" | "rows" => kind = Some(Unit::row),
            "column" | "columns" => kind = Some(Unit::column),
            "box" | "boxes" => kind = Some(Unit::boxed),
            "and" => {}
            number => {
                let n: usize = number.parse().expect("a unit number");
                units.push(kind.expect("a unit kind before its number")(n - 1));
            }
        }
    }
    Some(units)
}

/// What is wrong with a hint's wording: empty, doubled spaces, empty lists, no final stop.
fn wording_problems(text: &str) -> Vec<String> {
    let mut problems = Vec::new();
    if text.trim().is_empty() {
        problems.push("empty".to_string());
    }
    for bad in [
        "  ",
        " ,",
        " .",
        ",,",
        ", .",
        ": .",
        "look at  ",
        "digits .",
        "digit .",
    ] {
        if text.contains(bad) {
            problems.push(format!("contains {bad:?}"));
        }
    }
    if !text.ends_with('.') {
        problems.push("does not end with a full stop".into());
    }
    problems
}

/// The region a nudge or technique hint names: after its last " in ", up to a comma or the
/// final stop.
fn region_of(text: &str) -> &str {
    let (_, after) = text.rsplit_once(" in ").unwrap_or(("", ""));
    let end = after.find(", on ").or_else(|| after.find(", from "));
    after[..end.unwrap_or(after.len())].trim_end_matches('.')
}

/// The checks every example's hints must pass, as problems found.
fn check_hints(technique: Technique, step: &Step) -> Vec<String> {
    let mut problems = Vec::new();
    let told = |level| step_hint(step.clone(), level);
    for level in LEVELS {
        let hint = told(level);
        if hint.kind != HintKind::Step {
            problems.push(format!("{level}: kind {:?}", hint.kind));
        }
        for problem in wording_problems(&hint.text) {
            problems.push(format!("{level}: {problem}: {}", hint.text));
        }
    }
    let pattern = pattern_cells(step);

    // Nudge: the family and a region holding the pattern.
    let nudge = told(HintLevel::Nudge).text;
    let phrase = technique.family().hint_phrase();
    if !nudge.starts_with(&format!("Look for {phrase} in ")) {
        problems.push(format!("nudge: not about {phrase:?}: {nudge}"));
    }
    let region = region_of(&nudge);
    if let Some(units) = units_named(region) {
        for unit in units {
            if !pattern.iter().any(|&c| unit.cell_set().contains(c)) {
                problems.push(format!(
                    "nudge: {unit} holds no cell of the pattern: {nudge}"
                ));
            }
        }
    }

    // Technique: named with its article, a few digits at most.
    let named = told(HintLevel::Technique).text;
    let opening = expected_opening(technique);
    if !named.starts_with(&opening) {
        problems.push(format!("technique: should open {opening:?}: {named}"));
    }
    if named.contains("Almost Locked Set") {
        problems.push(format!("technique: the long ALS name: {named}"));
    }
    if let Some((_, digits)) = named.split_once(" the digits ") {
        let count = digits.trim_end_matches('.').split(',').count();
        if count > 4 {
            problems.push(format!("technique: {count} digits listed: {named}"));
        }
    }
    if let Some(units) = units_named(region_of(&named)) {
        for unit in units {
            if !pattern.iter().any(|&c| unit.cell_set().contains(c)) {
                problems.push(format!(
                    "technique: {unit} holds no cell of the pattern: {named}"
                ));
            }
        }
    }

    // Cells: at least one, every one part of the deduction.
    let cells_hint = told(HintLevel::Cells).text;
    let listed = cells_named(&cells_hint);
    if listed.is_empty() {
        problems.push(format!("cells: no cell named: {cells_hint}"));
    }
    let deduction = deduction_cells(step);
    for cell in listed {
        if !deduction.contains(&cell) {
            problems.push(format!(
                "cells: {} is not part of the deduction: {cells_hint}",
                cell_name(cell)
            ));
        }
    }
    if !cells_hint.starts_with(&format!("{}: ", expected_name(technique))) {
        problems.push(format!("cells: should start with the name: {cells_hint}"));
    }

    // Full: the notation, and for marked chains how to read the marks.
    let full = told(HintLevel::Full);
    if !full.text.contains(&step.notation()) {
        problems.push(format!("full: no notation `{}`", step.notation()));
    }
    if full.step.as_ref() != Some(step) {
        problems.push("full: the step is not attached".into());
    }
    let marked = step.text.contains(" (+");
    let explained = full.text.contains("How to read the chains:");
    if marked && !explained {
        problems.push(format!("full: (+N) marks unexplained: {}", full.text));
    }
    if explained && !marked && technique.family() != Family::ForcingChains {
        problems.push(format!(
            "full: a reading for a step without chains: {}",
            full.text
        ));
    }
    problems
}

#[test]
fn every_catalog_example_is_told_well_at_every_level() {
    let mut report = String::new();
    for technique in Technique::iter() {
        let problems = match example_step(technique) {
            Ok(step) => check_hints(technique, &step),
            Err(why) => vec![why],
        };
        for problem in problems {
            let _ = writeln!(report, "- {technique}: {problem}");
        }
    }
    assert!(report.is_empty(), "hint problems:\n{report}");
}

#[test]
fn the_wording_checks_catch_the_old_defects() {
    // The checks above must fail on what the hints used to say.
    assert!(!wording_problems("Nested Forcing Chains: look at  in box 4.").is_empty());
    assert!(cells_named("Nested Forcing Chains: look at  in box 4.").is_empty());
    assert!(
        !"There is a Nested Forcing Chains in box 4, on the digits 1,2,3,4,5,6,7,8,9."
            .starts_with(&expected_opening(Technique::NestedForcingChains))
    );
    assert!(!"There is a Almost Locked Set XY-Chain in row 2."
        .starts_with(&expected_opening(Technique::AlsChain)));
    assert_eq!(
        units_named("row 3, column 1 and column 8"),
        Some(vec![Unit::row(2), Unit::column(0), Unit::column(7)])
    );
    assert_eq!(
        region_of("There is an X-Wing in rows 2 and 7, on the digit 9."),
        "rows 2 and 7"
    );
    assert_eq!(cells_named("r1c2, r9c9 and r10c1"), vec![1, 80]);
}

// ----- the defects, one test each -----------------------------------------------------------

/// The hint for `puzzle` (a line) with no original, at `level`.
fn hint_for(puzzle: &str, level: HintLevel) -> stepwise::hint::Hint {
    let input = parse_puzzle(puzzle, Some(Format::Line)).expect("the puzzle parses");
    stepwise::next_hint_with(&input, None, level, &HintSettings::default()).expect("a hint")
}

#[test]
fn nested_chains_cells_hint_names_where_the_chains_start_and_end() {
    let full = hint_for(NESTED, HintLevel::Full);
    let step = full.step.expect("the step at level full");
    assert_eq!(step.technique, Technique::NestedForcingChains);
    let cells = hint_for(NESTED, HintLevel::Cells).text;
    // The chain assumes r5c1=4 and meets both r6c6=3 and r6c6<>3.
    assert_eq!(
        cells,
        "Nested Forcing Chains: the chains start in r5c1 and lead to a contradiction in r6c6."
    );
    let deduction = deduction_cells(&step);
    assert!(cells_named(&cells).iter().all(|c| deduction.contains(c)));
}

#[test]
fn nested_chains_technique_hint_is_grammatical_and_names_the_start_digit() {
    let text = hint_for(NESTED, HintLevel::Technique).text;
    assert_eq!(
        text,
        "There are Nested Forcing Chains starting in box 4, from the digit 4."
    );
    assert!(!text.contains("1,2,3,4,5,6,7,8,9"));
}

#[test]
fn technique_hints_choose_their_articles_and_short_names() {
    let told = |t: Technique| {
        step_hint(
            example_step(t).expect("an example step"),
            HintLevel::Technique,
        )
        .text
    };
    assert_eq!(
        told(Technique::XWing),
        "There is an X-Wing in rows 2 and 7, on the digit 9."
    );
    assert!(told(Technique::AlsChain).starts_with("There is an ALS-XY-Chain in "));
    assert!(told(Technique::AlsXz).starts_with("There is an ALS-XZ in row 8 and column 5, "));
    assert_eq!(
        told(Technique::UniqueRectangle1),
        "There is a Unique Rectangle Type 1 in boxes 1 and 7, on the digits 1,7."
    );
    assert!(told(Technique::LockedCandidatesPointing)
        .starts_with("There are Locked Candidates Type 1 (Pointing) in box 1"));
}

#[test]
fn full_chain_hints_explain_their_marks_and_keep_the_steps_text() {
    let full = hint_for(NESTED, HintLevel::Full);
    let step = full.step.as_ref().expect("the step");
    assert!(
        step.text.contains("r9c3 is 4 (with 2 more facts)"),
        "{}",
        step.text
    );
    // The step's own text is told whole, then how to read it.
    let (told, reading) = full
        .text
        .split_once(" How to read the chains: ")
        .expect("a reading of the marks");
    assert_eq!(told, format!("{} — {}", step.notation(), step.text));
    assert!(
        reading.starts_with(
            "\"r9c3 is 4 (with 2 more facts)\" means that r9c3 is 4 follows from the fact before it together with 2 more removals the chain made earlier, which left r9c3 the last place for 4 in column 3."
        ),
        "{reading}"
    );
    assert!(
        reading.contains("\"r3c1 is not 1 (with 2 more facts)\" means that a simpler technique (locked candidates, a hidden or naked pair, an X-Wing) or an inner forcing chain, applied to the grid the chain has reduced, removed 1 from r3c1 relying on the removal before it and 2 more removals the chain made earlier."),
        "{reading}"
    );
    // Static chains have no marks and get no reading.
    let forcing = step_hint(
        example_step(Technique::ForcingChain).expect("a step"),
        HintLevel::Full,
    );
    assert!(!forcing.text.contains("(with ") && !forcing.text.contains("How to read"));
}

#[test]
fn nudges_point_at_the_pattern_for_uniqueness_als_and_exclusion() {
    let nudge =
        |t: Technique| step_hint(example_step(t).expect("an example step"), HintLevel::Nudge).text;
    // The eliminations of these lie outside the pattern's boxes (r6c1 in box 4, r7c1 in
    // box 7 of the pair r4c7,r7c1 is the exception that belongs to both).
    assert_eq!(
        nudge(Technique::AlsXz),
        "Look for almost locked sets (n cells of one house with n + 1 candidates) in row 8 and column 5."
    );
    assert_eq!(
        nudge(Technique::UniqueRectangle2),
        "Look for a deadly pattern (one a puzzle with a single solution cannot hold) in boxes 5 and 8."
    );
    assert_eq!(
        nudge(Technique::AlignedPairExclusion),
        "Look for an aligned exclusion (cells whose combinations of values their common peers rule out) in boxes 6 and 7."
    );
}

#[test]
fn singles_keep_their_plain_hints() {
    let puzzle =
        "..83.62..6...5...7.3.....9...52143.....7.8.....1...7...4.....7.....2....9.7...5.4";
    let expect = [
        (HintLevel::Nudge, "Look for a single in box 3."),
        (
            HintLevel::Technique,
            "There is a Hidden Single in box 3, on the digit 3.",
        ),
        (HintLevel::Cells, "Hidden Single: look at r2c8 in box 3."),
        (
            HintLevel::Full,
            "Hidden Single: r2c8=3 — In box 3, 3 can only go in r2c8.",
        ),
    ];
    for (level, text) in expect {
        assert_eq!(hint_for(puzzle, level).text, text);
    }
}

// ----- states that contradict the original ------------------------------------------------

fn cells_of(line: &str) -> [u8; 81] {
    parse_puzzle(line, Some(Format::Line))
        .expect("the line parses")
        .cells
}

/// The hint for a state (a line) given with the original puzzle.
fn hint_with_original(
    state: &str,
    original: &str,
    level: HintLevel,
) -> Result<stepwise::hint::Hint, HintError> {
    let state = parse_puzzle(state, Some(Format::Line)).expect("the state parses");
    stepwise::next_hint_with(
        &state,
        Some(&cells_of(original)),
        level,
        &HintSettings::default(),
    )
}

/// `line` with `cell` set to `digit` (`.` for 0).
fn with_cell(line: &str, cell: Cell, digit: u8) -> String {
    let mut chars: Vec<char> = line.chars().collect();
    chars[cell] = if digit == 0 {
        '.'
    } else {
        (b'0' + digit) as char
    };
    chars.into_iter().collect()
}

#[test]
fn an_erased_given_is_named() {
    let state = with_cell(WIKIPEDIA, 1, 0); // r1c2, given 3
    for level in LEVELS {
        let hint = hint_with_original(&state, WIKIPEDIA, level).expect("a hint");
        assert_eq!(hint.kind, HintKind::ErasedGiven, "{level}: {}", hint.text);
    }
    let full = hint_with_original(&state, WIKIPEDIA, HintLevel::Full).expect("a hint");
    assert_eq!(
        full.text,
        "r1c2 (given 3) is a given of the puzzle but is empty in this state: put it back."
    );
    let cells = hint_with_original(&state, WIKIPEDIA, HintLevel::Cells).expect("a hint");
    assert_eq!(cells.text, "The given in r1c2 was erased.");
    let nudge = hint_with_original(&state, WIKIPEDIA, HintLevel::Nudge).expect("a hint");
    assert_eq!(nudge.text, "A given of the puzzle was erased in box 1.");
}

#[test]
fn a_changed_given_is_named_not_called_a_wrong_digit() {
    // r1c1's given 5 overwritten with 1, which no peer holds.
    let state = with_cell(WIKIPEDIA, 0, 1);
    let full = hint_with_original(&state, WIKIPEDIA, HintLevel::Full).expect("a hint");
    assert_eq!(full.kind, HintKind::ChangedGiven);
    assert_eq!(
        full.text,
        "r1c1 (given 5, holds 1) is a given of the puzzle but is changed in this state: put it back."
    );
    // Two at once, one changed and one erased: the changed one first.
    let both = with_cell(&state, 4, 0);
    let hint = hint_with_original(&both, WIKIPEDIA, HintLevel::Technique).expect("a hint");
    assert_eq!(hint.kind, HintKind::ChangedGiven);
    assert_eq!(hint.text, "The given in r1c1 was changed.");
    // Two changed: both named.
    let two = with_cell(&state, 4, 4); // r1c5's given 7 overwritten with 4
    let hint = hint_with_original(&two, WIKIPEDIA, HintLevel::Full).expect("a hint");
    assert_eq!(
        hint.text,
        "r1c1 (given 5, holds 1) and r1c5 (given 7, holds 4) are givens of the puzzle but are changed in this state: put them back."
    );
    let nudge = hint_with_original(&two, WIKIPEDIA, HintLevel::Nudge).expect("a hint");
    assert_eq!(nudge.text, "Givens of the puzzle were changed in row 1.");
}

#[test]
fn a_state_of_another_puzzle_is_an_error_naming_the_givens() {
    let other = "..83.62..6...5...7.3.....9...52143.....7.8.....1...7...4.....7.....2....9.7...5.4";
    let error = hint_with_original(other, WIKIPEDIA, HintLevel::Nudge).expect_err("no hint");
    let HintError::OtherPuzzle { givens, differing } = &error else {
        panic!("expected OtherPuzzle, got {error:?}");
    };
    assert_eq!(*givens, 30);
    assert!(differing.len() * 2 > 30, "{differing:?}");
    assert!(
        differing.contains(&0),
        "r1c1's 5 is not in the other puzzle"
    );
    let message = error.to_string();
    assert!(
        message.starts_with("this state is not one of the original puzzle: "),
        "{message}"
    );
    assert!(message.contains("r1c1"), "{message}");
}

#[test]
fn a_solved_state_is_solved_with_or_without_the_original() {
    for level in LEVELS {
        let alone = hint_for(WIKIPEDIA_SOLUTION, level);
        assert_eq!(alone.kind, HintKind::Solved);
        assert_eq!(alone.text, "The puzzle is solved.");
        let with = hint_with_original(WIKIPEDIA_SOLUTION, WIKIPEDIA, level).expect("a hint");
        assert_eq!(with.kind, HintKind::Solved);
    }
}

#[test]
fn a_cell_without_candidates_is_told_with_or_without_the_original() {
    // r1c3 (solution 4, not a given) lists only 6 and 7, which r1c4 and r1c5 hold: nothing
    // is left.
    let text = common::solution_pencilmarks_with_first_row("5 3 67 6 7 8 9 1 2");
    let state = parse_puzzle(&text, Some(Format::Pencilmark)).expect("parses");
    let alone = stepwise::next_hint_with(&state, None, HintLevel::Full, &HintSettings::default())
        .expect("a hint");
    assert_eq!(alone.kind, HintKind::NoCandidates);
    assert_eq!(
        alone.text,
        "r1c3 has no candidate left (the digits written there are held by peers), so a true candidate was removed: the solution has 4 in r1c3."
    );
    let with = stepwise::next_hint_with(
        &state,
        Some(&cells_of(WIKIPEDIA)),
        HintLevel::Cells,
        &HintSettings::default(),
    )
    .expect("a hint");
    assert_eq!(with.kind, HintKind::NoCandidates);
    assert_eq!(with.text, "r1c3 has no candidate left.");
}

#[test]
fn a_cell_without_candidates_is_told_even_when_the_digits_have_no_solution() {
    // r1c9 sees 1-8 in its row and 9 in its column: no candidate, and no solution either.
    let mut line = String::from("12345678.");
    line.push_str("........9");
    line.push_str(&".".repeat(63));
    let grid = Grid::from_puzzle(&cells_of(&line));
    let told = hint(&grid, &[], None, HintLevel::Full, &HintSettings::default())
        .expect("a hint, not an error");
    assert_eq!(told.kind, HintKind::NoCandidates);
    assert_eq!(
        told.text,
        "r1c9 has no candidate left: a digit placed or a candidate removed earlier was a mistake."
    );
    let nudge = hint(&grid, &[], None, HintLevel::Nudge, &HintSettings::default()).expect("a hint");
    assert_eq!(nudge.text, "A cell in box 3 has no candidate left.");
}

#[test]
fn an_original_without_solution_is_its_own_error() {
    // Two 5s in row 1 of the original: no solution, and the state cannot be blamed.
    let broken = with_cell(WIKIPEDIA, 2, 5);
    let state = parse_puzzle(WIKIPEDIA, Some(Format::Line)).expect("parses");
    let error = stepwise::next_hint_with(
        &state,
        Some(&common::cells(&broken)),
        HintLevel::Nudge,
        &HintSettings::default(),
    )
    .expect_err("no hint");
    assert_eq!(error, HintError::OriginalHasNoSolution);
}

#[test]
fn a_removed_true_candidate_is_named_when_others_are_left() {
    // The start of the Wikipedia puzzle as pencilmarks, with 4 (its solution) removed from
    // r1c3, which keeps 1 and 2.
    let start = Grid::from_puzzle(&cells_of(WIKIPEDIA));
    let mut candidates = [0u16; 81];
    for (cell, mask) in candidates.iter_mut().enumerate() {
        *mask = start.candidates(cell).0;
    }
    candidates[2] &= !(1 << (4 - 1));
    let state = Grid::from_pencilmarks(start.values(), &candidates);
    assert!(!state.candidates(2).is_empty());
    let told = hint(
        &state,
        &[],
        Some(&cells_of(WIKIPEDIA)),
        HintLevel::Full,
        &HintSettings::default(),
    )
    .expect("a hint");
    assert_eq!(told.kind, HintKind::RemovedCandidate);
    assert_eq!(
        told.text,
        "r1c3 is missing the candidate 4, but 4 is the puzzle's solution there."
    );
}

#[test]
fn without_the_original_a_lone_wrong_digit_is_named() {
    // 1 in r1c3 (the solution has 4): without it the digits are the puzzle again, with one
    // solution; with it they have none.
    let state = Grid::from_puzzle(&cells_of(&with_cell(WIKIPEDIA, 2, 1)));
    let full = hint(&state, &[], None, HintLevel::Full, &HintSettings::default())
        .expect("a hint, not an error");
    assert_eq!(full.kind, HintKind::WrongDigit);
    assert_eq!(
        full.text,
        "r1c3 holds 1, but the puzzle's solution has 4 there."
    );
    let cells = hint(
        &state,
        &[],
        None,
        HintLevel::Cells,
        &HintSettings::default(),
    )
    .expect("a hint");
    assert_eq!(cells.text, "The digit in r1c3 is wrong.");
    let nudge = hint(
        &state,
        &[],
        None,
        HintLevel::Nudge,
        &HintSettings::default(),
    )
    .expect("a hint");
    assert_eq!(nudge.text, "A digit in box 1 is wrong.");
}

#[test]
fn without_the_original_digits_in_doubt_are_listed() {
    // 2 in r1c3: taking away it, or any of three givens it clashes with in every solution,
    // leaves digits with a solution; only the original can tell which is wrong.
    let state = Grid::from_puzzle(&cells_of(&with_cell(WIKIPEDIA, 2, 2)));
    let full = hint(&state, &[], None, HintLevel::Full, &HintSettings::default())
        .expect("a hint, not an error");
    assert_eq!(full.kind, HintKind::DigitsInDoubt);
    assert_eq!(
        full.text,
        "The digits admit no solution; taking away any one of r1c3=2, r5c9=1, r7c7=2 and \
         r7c8=8 would leave digits with solutions. Give the original puzzle to know which is \
         wrong."
    );
    let names: Vec<String> = full.cells.iter().map(|&c| cell_name(c)).collect();
    assert_eq!(names, ["r1c3", "r5c9", "r7c7", "r7c8"]);
    let nudge = hint(
        &state,
        &[],
        None,
        HintLevel::Nudge,
        &HintSettings::default(),
    )
    .expect("a hint");
    assert!(nudge.cells.is_empty(), "a nudge names no cell");
    // With the original, the wrong digit is named at once.
    let told = hint(
        &state,
        &[],
        Some(&cells_of(WIKIPEDIA)),
        HintLevel::Full,
        &HintSettings::default(),
    )
    .expect("a hint");
    assert_eq!(told.kind, HintKind::WrongDigit);
    assert!(told.text.starts_with("r1c3 holds 2"), "{}", told.text);
}

#[test]
fn without_the_original_two_wrong_digits_are_an_error() {
    // 1 in r1c3 and 9 in r5c7 (the solution has 4 and 7): no one removal gives a solution.
    let line = with_cell(&with_cell(WIKIPEDIA, 2, 1), 42, 9);
    let state = Grid::from_puzzle(&cells_of(&line));
    let error =
        hint(&state, &[], None, HintLevel::Full, &HintSettings::default()).expect_err("no hint");
    assert_eq!(error, HintError::NoSolution);
    assert!(error
        .to_string()
        .contains("at least two placed digits are wrong"));
}

/// A hint looks only among its profile's techniques: along the bundled graded puzzles' paths
/// (extended hints, applied), some state's extended hint uses a technique SE's profile lacks;
/// there the se hint is a step of SE's own techniques and a different one, and the hodoku hint
/// one of HoDoKu's.
#[test]
fn a_hint_uses_its_profiles_techniques_only() {
    use stepwise::pipeline::apply;
    use stepwise::profile::{HintSettings, Profile};
    let graded = std::fs::read_to_string(
        std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("examples/graded.txt"),
    )
    .unwrap();
    let extended = HintSettings::default();
    let se = HintSettings::select(Some(Profile::Se), &[], false);
    let hodoku = HintSettings::select(Some(Profile::Hodoku), &[], false);
    let hint_with = |grid: &Grid, settings: &HintSettings| {
        stepwise::hint::hint(grid, &[], None, HintLevel::Full, settings)
            .unwrap()
            .step
    };
    let mut differing = 0;
    for line in graded
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let puzzle =
            parse_puzzle(line.split_whitespace().next().unwrap(), Some(Format::Line)).unwrap();
        let mut grid = Grid::from_puzzle(&puzzle.cells);
        while let Some(step) = hint_with(&grid, &extended) {
            if !Profile::Se.has(step.technique) {
                let theirs = hint_with(&grid, &se).expect("SE's techniques go on");
                assert!(Profile::Se.has(theirs.technique), "{}", theirs.technique);
                assert_ne!(theirs.technique, step.technique);
                if let Some(h) = hint_with(&grid, &hodoku) {
                    assert!(Profile::Hodoku.has(h.technique), "{}", h.technique);
                }
                differing += 1;
            }
            apply(&mut grid, &step);
        }
    }
    assert!(
        differing > 0,
        "no state where the profiles differ: the test shows nothing"
    );
}
