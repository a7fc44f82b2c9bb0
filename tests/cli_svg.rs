//! `stepwise explain --svg DIR` and `stepwise hint --svg FILE` end to end: the files written,
//! their names and number, what they mark, and the errors when they cannot be written.

mod common;

use std::path::{Path, PathBuf};

use common::{stepwise, text, TempFile};

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// Needs an AIC with ALS nodes on HoDoKu's path after 30 steps (see the hint test).
const HARD: &str =
    "4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........";

/// A fresh directory under the system's temporary one, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let path = std::env::temp_dir().join(format!("stepwise-{}-{name}", std::process::id()));
        let _ = std::fs::remove_dir_all(&path);
        TempDir(path)
    }

    fn path(&self) -> &str {
        self.0.to_str().unwrap()
    }

    /// The names of the files in the directory, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// The number of steps `explain` lists for a puzzle.
fn steps_of(puzzle: &str) -> usize {
    let out = stepwise(&["explain", "--json", puzzle], "");
    let answer: serde_json::Value = serde_json::from_str(text(&out.stdout).trim()).unwrap();
    answer["steps"].as_array().unwrap().len()
}

fn read(path: &Path) -> String {
    std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()))
}

#[test]
fn explain_writes_one_picture_per_step_into_a_new_directory() {
    let dir = TempDir::new("explain-one");
    let target = dir.0.join("nested/pictures");
    let out = stepwise(
        &["explain", "--svg", target.to_str().unwrap(), WIKIPEDIA],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let steps = steps_of(WIKIPEDIA);
    let names: Vec<String> = {
        let mut names: Vec<String> = std::fs::read_dir(&target)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    };
    let expected: Vec<String> = (1..=steps).map(|i| format!("step-{i:03}.svg")).collect();
    assert_eq!(names, expected);
    // The first picture is the puzzle as given with the first step drawn; the listing's
    // first line names the same step.
    let first = read(&target.join("step-001.svg"));
    let listing = text(&out.stdout);
    let step_one = listing
        .lines()
        .find_map(|l| l.strip_prefix(" 1. "))
        .expect("step 1 listed");
    assert!(
        first.contains(&format!("<title>{step_one}</title>")),
        "{step_one}"
    );
    assert_eq!(first.matches(r#"class="place""#).count(), 1);
    assert_eq!(
        first.matches(r#"<text class="given""#).count(),
        WIKIPEDIA.chars().filter(|c| c.is_ascii_digit()).count()
    );
    // The last one is drawn on the grid with every earlier step applied: one empty cell.
    let last = read(&target.join(format!("step-{steps:03}.svg")));
    assert_eq!(last.matches(r#"<text class="filled""#).count(), steps - 1);
}

#[test]
fn explain_numbers_the_pictures_of_several_puzzles() {
    let dir = TempDir::new("explain-several");
    let input = format!("{WIKIPEDIA}\n123\n{WIKIPEDIA}\n");
    let out = stepwise(&["explain", "--svg", dir.path()], &input);
    // The bad line fails the run, the pictures of the others are written all the same.
    assert_eq!(out.status.code(), Some(1));
    let steps = steps_of(WIKIPEDIA);
    let names = dir.names();
    assert_eq!(names.len(), 2 * steps, "{names:?}");
    assert!(names
        .iter()
        .all(|n| n.starts_with("p1-step-") || n.starts_with("p3-step-")));
    assert!(names.contains(&format!("p3-step-{steps:03}.svg")));
    assert_eq!(
        read(&dir.0.join("p1-step-001.svg")),
        read(&dir.0.join("p3-step-001.svg"))
    );
}

#[test]
fn explain_until_draws_only_the_steps_listed() {
    let dir = TempDir::new("explain-until");
    let out = stepwise(
        &["explain", "--until", "3", "--svg", dir.path(), WIKIPEDIA],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(
        dir.names(),
        vec!["step-001.svg", "step-002.svg", "step-003.svg"]
    );
}

#[test]
fn explain_says_when_the_directory_cannot_be_made() {
    let file = TempFile::new("not-a-directory", "x");
    let under_a_file = format!("{}/pictures", file.path());
    let out = stepwise(&["explain", "--svg", &under_a_file, WIKIPEDIA], "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("error: --svg: cannot create {under_a_file}: ")),
        "{err}"
    );
    assert!(text(&out.stdout).is_empty());
}

#[test]
fn hint_draws_as_much_as_the_level_gives_away() {
    let state = stepwise(
        &[
            "explain",
            "--profile",
            "extended",
            "--state-after",
            "33",
            HARD,
        ],
        "",
    );
    let state = TempFile::new("hint-state.txt", &text(&state.stdout));
    let dir = TempDir::new("hint-levels");
    std::fs::create_dir_all(&dir.0).unwrap();
    let picture = |level: &str| -> String {
        let file = dir.0.join(format!("{level}.svg"));
        let out = stepwise(
            &[
                "hint",
                "--level",
                level,
                "--svg",
                file.to_str().unwrap(),
                state.path(),
            ],
            "",
        );
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        read(&file)
    };
    let full = picture("full");
    assert!(
        full.contains("<title>AIC with ALS nodes: "),
        "{}",
        &full[..300]
    );
    assert_eq!(full.matches(r#"class="elim""#).count(), 1);
    assert!(full.contains(r#"class="link strong""#) && full.contains(r#"class="link weak""#));
    let cells = picture("cells");
    assert!(cells.contains("<title>AIC with ALS nodes</title>"));
    assert!(!cells.contains(r#"class="elim""#) && !cells.contains(r#"class="link "#));
    assert!(cells.contains(r#"class="cell pattern""#));
    for level in ["nudge", "technique"] {
        let plain = picture(level);
        assert!(plain.contains("<title>Sudoku grid: "), "{level}");
        assert!(!plain.contains(r#"class="cell "#) && !plain.contains(r#"class="mark "#));
    }
}

#[test]
fn hint_numbers_the_pictures_of_several_states_and_reports_a_bad_file() {
    let dir = TempDir::new("hint-several");
    std::fs::create_dir_all(&dir.0).unwrap();
    let file = dir.0.join("hint.svg");
    let input = format!("{WIKIPEDIA}\n{WIKIPEDIA}\n");
    let out = stepwise(&["hint", "--svg", file.to_str().unwrap()], &input);
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(dir.names(), vec!["hint-1.svg", "hint-2.svg"]);
    // The text is told at the level asked (technique), whatever the picture needed.
    assert_eq!(text(&out.stdout).lines().count(), 2);

    let one = stepwise(&["hint", "--svg", file.to_str().unwrap(), WIKIPEDIA], "");
    assert_eq!(one.status.code(), Some(0));
    assert!(read(&file).starts_with("<svg "));

    let out = stepwise(&["hint", "--svg", dir.path(), WIKIPEDIA], "");
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(
        err.starts_with(&format!("error: --svg: cannot write {}: ", dir.path())),
        "{err}"
    );
}

/// The steps `stepwise kakuro explain` lists for each puzzle of a file.
fn kakuro_steps_of(file: &str) -> Vec<usize> {
    let out = stepwise(&["kakuro", "explain", "--json", file], "");
    text(&out.stdout)
        .lines()
        .map(|line| {
            let answer: serde_json::Value = serde_json::from_str(line).unwrap();
            answer["steps"].as_array().unwrap().len()
        })
        .collect()
}

#[test]
fn kakuro_explain_writes_one_picture_per_step_named_by_puzzle() {
    let example = "examples/kakuro.txt";
    let steps = kakuro_steps_of(example);
    assert_eq!(steps.len(), 2);
    let dir = TempDir::new("kakuro-several");
    let out = stepwise(&["kakuro", "explain", "--svg", dir.path(), example], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let expected: Vec<String> = (1..=steps[0])
        .map(|i| format!("p1-step-{i:03}.svg"))
        .chain((1..=steps[1]).map(|i| format!("p2-step-{i:03}.svg")))
        .collect();
    assert_eq!(dir.names(), expected);
    // The second puzzle's first step: 17 in r2c4-5 is only 8+9, its cells struck from 1 to 7.
    let first = read(&dir.0.join("p2-step-001.svg"));
    assert!(
        first.contains(
            "<title>Unique Combination: r2c4&lt;&gt;1234567, r2c5&lt;&gt;1234567</title>"
        ),
        "{first}"
    );
    assert_eq!(first.matches(r#"class="elim""#).count(), 14);
    assert!(first.contains(r#"class="elim" data-cell="r2c4" data-digit="7""#));
    assert!(first.contains(r#"class="sum across marked" data-square="r2c3""#));

    // One puzzle: no prefix.
    let one = TempFile::new("kakuro-one.txt", "#   4\\_ 3\\_\n_\\3 .   .\n_\\4 .   .\n");
    let single = TempDir::new("kakuro-one");
    let out = stepwise(
        &["kakuro", "explain", "--svg", single.path(), one.path()],
        "",
    );
    assert_eq!(out.status.code(), Some(0));
    let names: Vec<String> = (1..=steps[0]).map(|i| format!("step-{i:03}.svg")).collect();
    assert_eq!(single.names(), names);

    // A directory that cannot be made is an error naming it.
    let blocker = TempFile::new("kakuro-blocker", "");
    let out = stepwise(&["kakuro", "explain", "--svg", blocker.path(), example], "");
    assert_eq!(out.status.code(), Some(1));
    assert!(
        text(&out.stderr).contains("--svg: cannot create"),
        "{}",
        text(&out.stderr)
    );
}

#[test]
fn kakuro_explain_board_draws_each_step_with_its_marks() {
    let out = stepwise(&["kakuro", "explain", "--board", "examples/kakuro.txt"], "");
    assert_eq!(out.status.code(), Some(0));
    let stdout = text(&out.stdout);
    // Not a terminal: plain markers, no escape code, a legend per board.
    assert!(!stdout.contains('\x1b'));
    let steps: usize = kakuro_steps_of("examples/kakuro.txt").iter().sum();
    assert_eq!(stdout.matches("legend: =5 placed").count(), steps);
    // The first step (4 in r2-3c2 is only 1+3): r2c2 keeps 1 and 3 (its run's, `:`), loses
    // the others (`-`); the run's clue is starred.
    let board: Vec<&str> = stdout
        .lines()
        .skip_while(|l| !l.starts_with("   1. Unique Combination: 4 in r2-3c2"))
        .take(14)
        .collect();
    assert_eq!(board[5], "   |######|*4  \\ |3   \\ |", "{board:#?}");
    assert_eq!(board[7], "   |\\    3|:1-2:3| 1 2 3|", "{board:#?}");
    assert_eq!(board[8], "r2 |  \\   |-4-5-6| 4 5 6|", "{board:#?}");
    let out = stepwise(
        &[
            "kakuro",
            "explain",
            "--board",
            "--json",
            "examples/kakuro.txt",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(2));
}
