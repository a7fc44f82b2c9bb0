//! `stepwise analyze` end to end: text and JSON on `examples/graded.txt` (five puzzles with
//! Sudoku Explainer's own ratings), `--require` hit and miss, `--plot`, bad lines, exit codes.

mod common;

use common::{stepwise, text};

use std::process::Output;

const WIKIPEDIA: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
/// The second puzzle of graded.txt: SE 3.4, no X-Wing on its path.
const HIDDEN_PAIR: &str =
    "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...";
/// The fourth puzzle of graded.txt: SE 8.3, an X-Wing at step 61.
const REGION_CHAINS: &str =
    "....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....";

/// Sudoku Explainer's ER/EP/ED for the five puzzles of graded.txt, in file order.
const GRADED_SE: [(f64, f64, f64); 5] = [
    (1.2, 1.2, 1.2),
    (3.4, 1.2, 1.2),
    (7.1, 1.2, 1.2),
    (8.3, 1.2, 1.2),
    (9.0, 7.7, 2.6),
];

fn json_lines(out: &Output) -> Vec<serde_json::Value> {
    text(&out.stdout)
        .lines()
        .map(|l| serde_json::from_str(l).expect("each line is JSON"))
        .collect()
}

#[test]
fn analyze_graded_as_text() {
    let out = stepwise(&["analyze", "examples/graded.txt"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    assert_eq!(stdout.matches("\nPuzzle: ").count() + 1, 5, "{stdout}");
    for (er, ep, ed) in GRADED_SE {
        assert!(
            stdout.contains(&format!(
                "Rating: ER {er:.1}, EP {ep:.1}, ED {ed:.1} (se path);"
            )),
            "{er}/{ep}/{ed} in {stdout}"
        );
    }
    assert!(stdout.contains("Givens: 30; symmetry: 180° rotational\n"));
    assert!(stdout.contains("Givens: 23; symmetry: none\n"));
    assert!(stdout.contains(
        "  step 14 (3.4): Hidden Pair: 2,8 in r3c1,r3c2 => r3c12<>156\n    unlocks no single; \
         then 4 cells placed before step 22, the next hard one\n"
    ));
    assert!(stdout.contains("\nSummary of 5 puzzles\nStatus: solved 5\n"));
    // HoDoKu 2.2 itself rates the five Easy 204, Medium 772, Unfair 1626, Extreme 6042 and
    // Extreme 13058 (`scripts/hodoku-rate examples/graded.txt`); the hodoku path agrees.
    assert!(stdout.contains("Levels: Easy 1, Medium 1, Unfair 1, Extreme 2\n"));
    for score in ["204", "772", "1626", "6042", "13058"] {
        assert!(
            stdout.contains(&format!(", score {score} (hodoku path)")),
            "{score} in {stdout}"
        );
    }
    assert!(stdout.contains("   7.0-7.9       1  "));
    assert!(stdout.contains("   2.0-2.9       0  \n"));
}

#[test]
fn analyze_graded_as_json_lines_then_the_summary() {
    let out = stepwise(&["analyze", "--format", "json", "examples/graded.txt"], "");
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 6);
    for (analysis, (er, ep, ed)) in lines.iter().zip(GRADED_SE) {
        assert_eq!(analysis["status"], "solved");
        assert_eq!(
            (
                analysis["er"].as_f64(),
                analysis["ep"].as_f64(),
                analysis["ed"].as_f64()
            ),
            (Some(er), Some(ep), Some(ed))
        );
        let steps = analysis["steps"].as_u64().unwrap();
        let counted: u64 = analysis["techniques"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["count"].as_u64().unwrap())
            .sum();
        assert_eq!(counted, steps);
        let bottlenecks = analysis["bottlenecks"].as_array().unwrap();
        assert!(!bottlenecks.is_empty() && bottlenecks.len() <= 3);
        // Every bottleneck is rated within 0.5 of the puzzle's ER, the hardest one at it.
        let ratings: Vec<f64> = bottlenecks
            .iter()
            .map(|b| b["rating"].as_f64().unwrap())
            .collect();
        assert!(ratings.iter().all(|r| *r >= er - 0.5 - 1e-9 && *r <= er));
        assert!(ratings.contains(&er));
        assert!(analysis.get("requirements").is_none());
    }
    assert_eq!(lines[0]["symmetry"], serde_json::json!(["rotational-180"]));
    assert_eq!(lines[0]["givens"], 30);
    let summary = &lines[5]["summary"];
    assert_eq!(summary["puzzles"], 5);
    assert_eq!(summary["statuses"], serde_json::json!({"solved": 5}));
    assert_eq!(
        summary["levels"],
        serde_json::json!({"Easy": 1, "Medium": 1, "Unfair": 1, "Extreme": 2})
    );
    let bands = summary["er_histogram"].as_array().unwrap();
    assert_eq!(bands.len(), 9, "1.0-1.9 up to 9.0-9.9");
    assert_eq!(
        bands[0],
        serde_json::json!({"min": 1.0, "max": 1.9, "count": 1})
    );
    let total: u64 = bands.iter().map(|b| b["count"].as_u64().unwrap()).sum();
    assert_eq!(total, 5);
    let full_house = &summary["techniques"][0];
    assert_eq!(
        (&full_house["slug"], &full_house["puzzles"]),
        (&serde_json::json!("full-house"), &serde_json::json!(5))
    );
}

#[test]
fn one_puzzle_has_no_summary() {
    let out = stepwise(&["analyze", "--format", "json", WIKIPEDIA], "");
    assert_eq!(out.status.code(), Some(0));
    let lines = json_lines(&out);
    assert_eq!(lines.len(), 1);
    assert_eq!(lines[0]["puzzle"], WIKIPEDIA);
    let out = stepwise(&["analyze", WIKIPEDIA], "");
    assert!(!text(&out.stdout).contains("Summary"));
}

#[test]
fn require_hit_and_miss() {
    let hit = stepwise(&["analyze", "--require", "x-wing", REGION_CHAINS], "");
    assert_eq!(hit.status.code(), Some(0), "{}", text(&hit.stderr));
    assert!(text(&hit.stdout).contains("Requires X-Wing: yes (step 61)\n"));

    let miss = stepwise(&["analyze", "--require", "X-Wing", HIDDEN_PAIR], "");
    assert_eq!(miss.status.code(), Some(1));
    assert!(text(&miss.stdout).contains("Requires X-Wing: no\n"));

    let json = stepwise(
        &[
            "analyze",
            "--format",
            "json",
            "--require",
            "x-wing",
            "--require",
            "hidden pair",
            HIDDEN_PAIR,
        ],
        "",
    );
    assert_eq!(json.status.code(), Some(1));
    assert_eq!(
        json_lines(&json)[0]["requirements"],
        serde_json::json!([
            {"require": "X-Wing", "met": false},
            {"require": "Hidden Pair", "met": true, "step": 14}
        ])
    );

    let batch = stepwise(
        &["analyze", "--require", "x-wing", "examples/graded.txt"],
        "",
    );
    assert_eq!(batch.status.code(), Some(1));
    assert!(text(&batch.stdout).contains("Requires X-Wing: 2 of 5 puzzles\n"));
}

#[test]
fn an_unknown_required_technique_is_a_usage_error() {
    let out = stepwise(&["analyze", "--require", "x-wign", WIKIPEDIA], "");
    assert_eq!(out.status.code(), Some(2));
    assert!(text(&out.stderr).contains("unknown technique 'x-wign'"));
    assert!(out.stdout.is_empty());
}

/// Element names of a document must nest: every opened tag closed in order.
fn assert_well_nested(svg: &str) {
    let mut open: Vec<String> = Vec::new();
    for piece in svg.split('<').skip(1) {
        let tag = piece.split('>').next().expect("a tag");
        let name: String = tag
            .trim_start_matches('/')
            .chars()
            .take_while(|c| c.is_ascii_alphanumeric())
            .collect();
        if tag.starts_with('/') {
            assert_eq!(open.pop(), Some(name), "badly nested SVG:\n{svg}");
        } else if !tag.ends_with('/') {
            open.push(name);
        }
    }
    assert!(open.is_empty(), "unclosed {open:?}");
}

#[test]
fn plot_writes_the_er_histogram() {
    let path = std::env::temp_dir().join(format!("stepwise-analyze-{}.svg", std::process::id()));
    let path_text = path.to_str().unwrap();
    let out = stepwise(
        &[
            "analyze",
            "--format",
            "json",
            "--plot",
            path_text,
            "examples/graded.txt",
        ],
        "",
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let svg = std::fs::read_to_string(&path).expect("the plot is written");
    std::fs::remove_file(&path).unwrap();
    assert!(svg.starts_with("<svg "));
    assert!(svg.trim_end().ends_with("</svg>"));
    assert_well_nested(&svg);
    // One bar per band, 1.0-1.9 to 9.0-9.9.
    assert_eq!(svg.matches("<rect ").count(), 9);
    assert!(svg.contains(">9.0-9.9</text>"));
    assert!(svg.contains("ER histogram of 5 puzzles"));
}

#[test]
fn an_unwritable_plot_fails_and_says_where() {
    let out = stepwise(
        &["analyze", "--plot", "no-such-directory/er.svg", WIKIPEDIA],
        "",
    );
    assert_eq!(out.status.code(), Some(1));
    assert!(text(&out.stderr).contains("--plot no-such-directory/er.svg: cannot write"));
}

#[test]
fn a_bad_line_is_reported_and_the_batch_goes_on() {
    let input = format!("{WIKIPEDIA}\n{}x\n{HIDDEN_PAIR}\n", &WIKIPEDIA[..80]);
    let out = stepwise(&["analyze", "--require", "hidden-pair"], &input);
    assert_eq!(out.status.code(), Some(1));
    let stderr = text(&out.stderr);
    assert!(stderr.contains("error: stdin: line 2"), "{stderr}");
    let stdout = text(&out.stdout);
    assert!(stdout.contains(&format!("Puzzle: {WIKIPEDIA}\n")));
    assert!(stdout.contains(&format!("Puzzle: {HIDDEN_PAIR}\n")));
    assert!(stdout.contains("Status: invalid: stdin: line 2"));
    assert!(stdout.contains("Summary of 3 puzzles\nStatus: solved 2, invalid 1\n"));
    // The invalid line is not counted against the requirement.
    assert!(stdout.contains("Requires Hidden Pair: 1 of 2 puzzles\n"));
}

#[test]
fn several_solutions_are_named_and_fail() {
    let empty = ".".repeat(81);
    let out = stepwise(&["analyze", "--format", "json", &empty], "");
    assert_eq!(out.status.code(), Some(1));
    let analysis = &json_lines(&out)[0];
    assert_eq!(analysis["status"], "multiple_solutions");
    assert!(analysis["error"]
        .as_str()
        .unwrap()
        .contains("more than one solution"));
    assert!(text(&out.stderr).contains("argument 1: line 1: the puzzle has more than one solution"));
}

#[test]
fn stuck_paths_are_counted_apart_from_the_er_bands() {
    let path = std::env::temp_dir().join(format!("stepwise-stuck-{}.svg", std::process::id()));
    let out = stepwise(
        &[
            "analyze",
            "--techniques",
            "full-house,hidden-single-box,naked-single",
            "--plot",
            path.to_str().unwrap(),
            "examples/graded.txt",
        ],
        "",
    );
    // A stuck path is an answer, not a failure.
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let stdout = text(&out.stdout);
    // A technique list replaces the se path and no hodoku path is taken, as in `rate`: the
    // level is never read off a path of other techniques.
    assert!(
        stdout.contains(
            "Status: stuck after 1 step\nRating: ER 20.0, EP 1.2, ED 1.2 (custom path)\n"
        ),
        "{stdout}"
    );
    assert!(stdout.contains("Status: solved 1, stuck 4\n"), "{stdout}");
    assert!(stdout.contains("Levels: none\n"), "{stdout}");
    let svg = std::fs::read_to_string(&path).expect("the plot is written");
    std::fs::remove_file(&path).unwrap();
    assert_well_nested(&svg);
    // The 1.0-1.9 band and the stuck bar.
    assert_eq!(svg.matches("<rect ").count(), 2);
    assert!(svg.contains("<title>stuck: 4</title>"));
}
