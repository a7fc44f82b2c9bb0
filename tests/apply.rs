//! `stepwise apply` end to end: verdicts, the state after a sound step, JSON, exit codes.

mod common;

use common::{stepwise, text};

/// The naked pair example of the technique catalog: a pencilmark state where
/// `Naked Pair: 3,8 in r3c9,r7c9 => r1c9,r2c9<>38, r4c9<>3` is the pair's step.
fn naked_pair_state() -> String {
    let page = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/techniques/naked-pair.md"
    ))
    .expect("the catalog page");
    let mut lines = page.lines();
    lines
        .by_ref()
        .find(|l| l.starts_with("```pencilmark"))
        .expect("a pencilmark example");
    let body: Vec<&str> = lines.take_while(|l| !l.starts_with("```")).collect();
    body.join("\n") + "\n"
}

const PAIR: &str = "Naked Pair: 3,8 in r3c9,r7c9 => r1c9,r2c9<>38, r4c9<>3";

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// The candidates of a cell in a pencilmark state as the binary prints it.
fn candidates_in(state: &str, cell: usize) -> String {
    let input = stepwise::format::parse_puzzle(state, None).expect("the state parses");
    let mask = input.candidates.expect("a pencilmark state")[cell];
    (1..=9u8)
        .filter(|d| mask & (1 << (d - 1)) != 0)
        .map(|d| char::from(b'0' + d))
        .collect()
}

#[test]
fn a_valid_named_step_prints_the_state_after_it() {
    let state = naked_pair_state();
    // r1c9 holds 3 and 8 among its candidates before the step.
    assert!(candidates_in(&state, 8).contains('3'));
    let out = stepwise(&["apply", &state, PAIR], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    let mut lines = stdout.lines();
    assert_eq!(
        lines.next(),
        Some("valid: Naked Pair gives r1c9,r2c9<>38, r4c9<>3")
    );
    assert_eq!(
        lines.next(),
        Some(format!("Stepwise's step: {PAIR}").as_str())
    );
    let after = &stdout[stdout.find(".-").expect("a pencilmark state follows")..];
    for cell in [8, 17] {
        let left = candidates_in(after, cell);
        assert!(!left.contains('3') && !left.contains('8'), "{left}");
    }
    assert!(!candidates_in(after, 35).contains('3'));
}

#[test]
fn the_deductions_alone_are_checked_and_named() {
    let out = stepwise(
        &["apply", &naked_pair_state(), "r1c9,r2c9<>38, r4c9<>3"],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with("valid: r1c9,r2c9<>38, r4c9<>3 are sound\n"),
        "{stdout}"
    );
    assert!(stdout.contains(&format!("Stepwise's step: {PAIR}\n")));
}

#[test]
fn a_step_the_named_technique_does_not_give_is_not_justified() {
    let out = stepwise(&["apply", &naked_pair_state(), "X-Wing: r4c9<>3"], "");
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(
        stdout.starts_with(
            "not justified by X-Wing: r4c9<>3 is sound, but X-Wing finds no step here that makes it; Naked Pair does\n"
        ),
        "{stdout}"
    );
    // Sound all the same: the state after it is printed.
    assert!(stdout.contains(".-"));
}

#[test]
fn an_unsound_step_names_the_solution_digit() {
    let out = stepwise(&["apply", WIKIPEDIA, "r5c5=2"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "unsound: r5c5=2 is wrong: the solution has 5 in r5c5\n"
    );
    let out = stepwise(&["apply", WIKIPEDIA, "Naked Single: r1c3<>4"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "unsound: r1c3<>4 is wrong: 4 is the solution in r1c3\n"
    );
}

#[test]
fn deductions_already_made_or_not_fitting_the_state() {
    let out = stepwise(&["apply", WIKIPEDIA, "r1c1=5, r1c3<>5"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "nothing to do: r1c1 already holds 5; 5 is already gone from r1c3\n"
    );
    let out = stepwise(&["apply", WIKIPEDIA, "r5c5=5, r1c3<>5"], "");
    assert_eq!(out.status.code(), Some(0));
    assert!(text(&out.stdout).contains("\nnote: 5 is already gone from r1c3\n"));
    let out = stepwise(&["apply", WIKIPEDIA, "r1c2=4"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stdout),
        "unsound: r1c2=4 is wrong: the solution has 3 in r1c2\n"
    );
}

#[test]
fn json_report() {
    let out = stepwise(&["apply", "--json", &naked_pair_state(), PAIR], "");
    assert_eq!(out.status.code(), Some(0));
    let report: serde_json::Value =
        serde_json::from_str(text(&out.stdout).trim()).expect("one JSON object");
    assert_eq!(report["verdict"], "valid");
    assert_eq!(report["technique"], "Naked Pair");
    assert_eq!(report["eliminations"].as_array().map(Vec::len), Some(5));
    assert_eq!(report["step"]["notation"], PAIR);
    assert!(report["state"]
        .as_str()
        .is_some_and(|s| s.starts_with(".-")));
    let out = stepwise(&["apply", "--json", WIKIPEDIA, "r5c5=2"], "");
    let report: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    assert_eq!(report["verdict"], "unsound");
    assert_eq!(report["findings"][0]["kind"], "wrong");
    assert_eq!(report["findings"][0]["solution_digit"], 5);
    assert!(report.get("state").is_none());
}

#[test]
fn an_unreadable_step_is_a_usage_error_with_its_column() {
    let out = stepwise(&["apply", WIKIPEDIA, "r1c2<>x"], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(out.stdout.is_empty());
    assert_eq!(
        text(&out.stderr),
        "error: cannot read the step: column 7: expected a digit after '<>', found 'x'\n  r1c2<>x\n        ^\n"
    );
}

#[test]
fn the_original_puzzle_names_mistakes_already_in_the_state() {
    // r1c3 filled with 1 (the solution has 4): the state alone has no solution, and only the
    // original tells which digit is wrong.
    let mut wrong: Vec<char> = WIKIPEDIA.chars().collect();
    wrong[2] = '1';
    let wrong: String = wrong.into_iter().collect();
    let out = stepwise(&["apply", &wrong, "r5c5=5"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: this state has no solution"));
    let out = stepwise(&["apply", "--puzzle", WIKIPEDIA, &wrong, "r5c5=5"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert!(text(&out.stdout)
        .contains("\nmistake already in the state: r1c3 holds 1, but the solution has 4 there\n"));
    let out = stepwise(
        &["apply", "--puzzle", "not a puzzle", WIKIPEDIA, "r5c5=5"],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn the_state_comes_from_a_file_or_standard_input() {
    let path = std::env::temp_dir().join(format!("stepwise-apply-{}.txt", std::process::id()));
    std::fs::write(&path, naked_pair_state()).unwrap();
    let out = stepwise(&["apply", path.to_str().unwrap(), PAIR], "");
    std::fs::remove_file(&path).unwrap();
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let out = stepwise(&["apply", "-", PAIR], &naked_pair_state());
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
}

#[test]
fn a_state_without_one_solution_cannot_be_checked() {
    let empty = ".".repeat(81);
    let out = stepwise(&["apply", &empty, "r1c1=1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        text(&out.stderr),
        "error: the state has more than one solution, so no deduction can be checked\n"
    );
    let out = stepwise(&["apply", "123", "r1c1=1"], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).starts_with("error: STATE: "));
}

#[test]
fn the_board_shows_the_step_found() {
    let out = stepwise(&["apply", "--board", &naked_pair_state(), PAIR], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    // Not a terminal: plain markers, no escape codes.
    assert!(!stdout.contains('\x1b'));
    assert!(stdout.starts_with("      c1     c2"), "{stdout}");
    assert!(stdout.contains("Legend: <5> given  -3 eliminated  *3 pattern\n"));
    assert!(stdout.contains("\nvalid: Naked Pair gives"));
}

#[test]
fn a_search_past_the_timeout_is_undecided() {
    const ARTO_INKALA: &str =
        "8..........36......7..9.2...5...7.......457.....1...3...1....68..85...1..9....4..";
    let claim = "Dynamic Forcing Chains (+): r1c4<>3";
    let out = stepwise(&["apply", "--timeout", "0.000001", ARTO_INKALA, claim], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stdout).starts_with("undecided: r1c4<>3 is sound, but whether Dynamic Forcing Chains (+) makes it could not be decided within 0.000001 s\n"),
        "{}",
        text(&out.stdout)
    );
    let out = stepwise(&["apply", ARTO_INKALA, claim], "");
    assert_eq!(out.status.code(), Some(0));
    let out = stepwise(&["apply", "--timeout", "0", ARTO_INKALA, claim], "");
    assert_eq!(out.status.code(), Some(2));
}
