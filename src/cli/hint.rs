//! `stepwise hint`: the next step from the user's state, from a nudge to the full deduction;
//! one answer per input state, an `error:` line (a JSON error object with `--json`) for a state
//! that cannot be read or hinted.

use clap::Args;
use serde::Serialize;
use stepwise::hint::HintLevel;

use super::output::{report, Out};
use super::stream::{each_in_order, Inputs, Item};
use super::{InputArgs, TextFormatArgs, EXIT_FAILED, EXIT_OK, EXIT_USAGE};

#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How much to give away.
    #[arg(long, default_value = "technique", value_parser = parse_level)]
    pub level: HintLevel,
    /// The original puzzle (string or file), so that a wrong digit or a changed given can be
    /// named.
    #[arg(long, value_name = "PUZZLE|FILE")]
    pub puzzle: Option<String>,
    #[command(flatten)]
    pub output: TextFormatArgs,
}

fn parse_level(s: &str) -> Result<HintLevel, String> {
    s.parse()
        .map_err(|_| format!("unknown level '{s}': expected nudge, technique, cells or full"))
}

/// The original puzzle from `--puzzle`: a file holding one puzzle, or the puzzle itself.
fn read_original(argument: &str) -> Result<stepwise::format::PuzzleInput, String> {
    let path = std::path::Path::new(argument);
    if path.is_dir() {
        return Err(format!("{argument}: is a directory, not a puzzle"));
    }
    let text = if path.is_file() {
        std::fs::read_to_string(path).map_err(|e| format!("{argument}: cannot read: {e}"))?
    } else {
        argument.to_string()
    };
    stepwise::format::parse_puzzle(&text, None).map_err(|e| e.to_string())
}

/// The JSON answer for a state that cannot be hinted.
#[derive(Serialize)]
struct HintFailure {
    /// The state as given (its 81-character line when it could be read).
    input: String,
    /// `invalid` (unreadable input) or `error` (no hint can be given).
    status: &'static str,
    error: String,
}

pub fn run(args: &HintArgs) -> i32 {
    let original = match &args.puzzle {
        None => None,
        Some(argument) => match read_original(argument) {
            Ok(puzzle) => Some(puzzle.cells),
            Err(message) => {
                eprintln!("error: --puzzle: {message}");
                return EXIT_USAGE;
            }
        },
    };
    let json = args.output.json();
    let mut out = Out::new();
    let mut failed = false;
    let work = |item: Item| match item {
        Item::Bad { input, message } => Err(HintFailure {
            input,
            status: "invalid",
            error: message,
        }),
        Item::Puzzle { origin, puzzle, .. } => {
            stepwise::next_hint(&puzzle, original.as_ref(), args.level).map_err(|e| HintFailure {
                input: puzzle.text.clone(),
                status: "error",
                error: format!("{origin}: line {}: {e}", puzzle.line),
            })
        }
    };
    each_in_order(Inputs::new(&args.input), 1, work, |answer| {
        match answer {
            Ok(hint) if json => out.line(&serde_json::to_string(&hint).expect("hints serialize")),
            Ok(hint) => out.line(&hint.text),
            Err(failure) => {
                failed = true;
                report(&out, &failure.error);
                if json {
                    out.line(&serde_json::to_string(&failure).expect("errors serialize"));
                } else {
                    out.line(&format!("error: {}", failure.error));
                }
            }
        }
        out.end_record();
    });
    if failed {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
