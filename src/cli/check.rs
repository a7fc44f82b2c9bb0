//! `stepwise check`: per input, whether the puzzle has one solution, none or several, or why
//! it could not be read; one answer per input, in order.
//!
//! With any of the engines' options (`--engine`, `--all`, `--limit`, `--shape`...) the command
//! runs in `engines.rs` instead, on puzzles of every shape; without them nothing here changes.

use serde::Serialize;
use stepwise::format::to_line;
use stepwise::solver::Validity;

use super::output::Out;
use super::stream::{each_in_order, Inputs, Item};
use super::{validity_of, CheckArgs, EXIT_FAILED, EXIT_OK};

/// One line of `check --json`.
#[derive(Serialize)]
struct CheckRecord {
    /// The puzzle as an 81-character line, or the input as given when it could not be read.
    puzzle: String,
    /// `unique`, `none`, `multiple` or `invalid`.
    status: &'static str,
    solution: Option<String>,
    /// Why the input could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    error: Option<String>,
}

pub fn run(args: &CheckArgs) -> i32 {
    if args.engines.requested() || super::engines::other_shape(&args.input) {
        return super::engines::check(args);
    }
    let json = args.output.json();
    let mut out = Out::new();
    let mut all_unique = true;
    let work = |item: Item| match item {
        Item::Bad { input, message } => CheckRecord {
            puzzle: input,
            status: "invalid",
            solution: None,
            error: Some(message),
        },
        Item::Puzzle { puzzle, .. } => {
            let (status, solution) = match validity_of(&puzzle) {
                Validity::Unique(s) => ("unique", Some(to_line(&s))),
                Validity::NoSolution => ("none", None),
                Validity::Multiple(..) => ("multiple", None),
            };
            CheckRecord {
                puzzle: puzzle.text,
                status,
                solution,
                error: None,
            }
        }
    };
    each_in_order(Inputs::new(&args.input), 1, work, |record| {
        all_unique &= record.status == "unique";
        if json {
            out.line(&serde_json::to_string(&record).expect("a record always serializes"));
        } else if let Some(error) = &record.error {
            out.line(&format!("invalid: {error}"));
        } else {
            out.line(record.status);
        }
        out.end_record();
    });
    if all_unique {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}
