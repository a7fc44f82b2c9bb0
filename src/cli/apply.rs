//! `stepwise apply`: check a step the player took themselves on their state, and print the
//! verdict and the state after it.
//!
//! Exit codes: 0 when the step is valid; 1 when it is not (unsound, not justified by the
//! technique named, undecided within `--timeout`, not applicable, nothing to do), or when the state cannot be read or has no
//! unique solution; 2 for usage errors, an unreadable step notation or `--puzzle` among them.

use std::time::Duration;

use clap::Args;
use stepwise::apply::{apply, ApplyReport, FindingKind, Verdict};
use stepwise::format::Format;
use stepwise::notation::{parse, NotationError};
use stepwise::render::{board, Style};

use super::{EXIT_FAILED, EXIT_OK, EXIT_USAGE};

#[derive(Args, Debug)]
pub struct ApplyArgs {
    /// Your state: a pencilmark grid as HoDoKu prints it (or a puzzle in any format), as a
    /// string or a file; `-` reads standard input.
    #[arg(value_name = "STATE")]
    pub state: String,
    /// The step, in the notation Stepwise prints: `r1c2=5`, `r1c456<>4`, `r1c4,r2c5<>34`,
    /// several joined with `, `, optionally after a technique and its pattern:
    /// `Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3, r5c4<>38`.
    #[arg(value_name = "STEP")]
    pub step: String,
    /// The original puzzle (string or file): the solution is taken from it, so mistakes
    /// already in the state are named too.
    #[arg(long, value_name = "PUZZLE|FILE")]
    pub puzzle: Option<String>,
    /// Force the input format of STATE and --puzzle instead of detecting it.
    #[arg(long, value_name = "line|grid|pencilmark|json", value_parser = super::parse_input_format)]
    pub input_format: Option<Format>,
    /// Also draw the state before the step as a candidate board, with the step Stepwise finds
    /// for these deductions marked on it (in colour on a terminal unless NO_COLOR is set).
    #[arg(long, conflicts_with_all = ["json", "format"])]
    pub board: bool,
    #[command(flatten)]
    pub output: super::TextFormatArgs,
    /// Give the named technique's search SECS seconds (nested forcing chains can take
    /// minutes); past that the verdict is `undecided`.
    #[arg(long, value_name = "SECS", default_value = "10", value_parser = super::parse_timeout)]
    pub timeout: Duration,
}

pub fn run(args: &ApplyArgs) -> i32 {
    let claim = match parse(&args.step) {
        Ok(claim) => claim,
        Err(error) => {
            eprintln!("{}", notation_error(&args.step, &error));
            return EXIT_USAGE;
        }
    };
    let original = match &args.puzzle {
        None => None,
        Some(argument) => match super::input::read_one_puzzle(argument, args.input_format) {
            Ok(puzzle) => Some(puzzle.cells),
            Err(message) => {
                eprintln!("error: --puzzle: {message}");
                return EXIT_USAGE;
            }
        },
    };
    let state = match super::input::read_one_puzzle(&args.state, args.input_format) {
        Ok(puzzle) => stepwise::explain::grid_of(&puzzle),
        Err(message) => {
            eprintln!("error: STATE: {message}");
            return EXIT_FAILED;
        }
    };
    let report = match apply(&state, original.as_ref(), &claim, Some(args.timeout)) {
        Ok(report) => report,
        Err(error) => {
            eprintln!("error: {error}");
            return EXIT_FAILED;
        }
    };
    let text = if args.output.json() {
        format!(
            "{}\n",
            serde_json::to_string(&report).expect("reports serialize")
        )
    } else {
        let mut text = String::new();
        if args.board {
            text.push_str(&board(&state, report.step.as_ref(), Style::detect()));
            text.push('\n');
        }
        text.push_str(&report_text(&report));
        text
    };
    let mut out = super::output::Out::new();
    out.write(&text);
    out.flush();
    if report.verdict == Verdict::Valid {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}

/// The error with the step under it and a caret at the column:
///
/// ```text
/// error: cannot read the step: column 7: expected a digit after '<>', found 'x'
///   r1c2<>x
///         ^
/// ```
fn notation_error(step: &str, error: &NotationError) -> String {
    let line: String = step
        .chars()
        .map(|c| if c.is_whitespace() { ' ' } else { c })
        .collect();
    format!(
        "error: cannot read the step: {error}\n  {line}\n  {}^",
        " ".repeat(error.column.saturating_sub(1))
    )
}

/// The verdict, the step Stepwise finds, remarks, and the state after the step.
fn report_text(report: &ApplyReport) -> String {
    let mut out = format!("{}\n", report.message);
    if let Some(step) = &report.step {
        out.push_str(&format!("Stepwise's step: {}\n", step.notation()));
    }
    // Deductions already made are only worth a note beside new ones.
    if report.verdict != Verdict::NothingToDo {
        for finding in &report.findings {
            if finding.kind == FindingKind::AlreadyDone {
                out.push_str(&format!("note: {}\n", finding.text));
            }
        }
    }
    for mistake in &report.state_mistakes {
        out.push_str(&format!("mistake already in the state: {mistake}\n"));
    }
    if let Some(state) = &report.state {
        out.push('\n');
        out.push_str(state);
    }
    out
}
