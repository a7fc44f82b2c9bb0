//! `stepwise solve`: each puzzle's solution as a line, a grid or a JSON record, one answer per
//! input in order; a puzzle that cannot be read or has no single solution gets an `error:`
//! line (with `--json`, an error object) in its place.
//!
//! With any of the engines' options (`--engine`, `--all`, `--limit`, `--shape`...) the command
//! runs in `engines.rs` instead, on puzzles of every shape; without them nothing here changes.

use stepwise::answer::{unique_solution, Failure};
use stepwise::format::{record_from, to_grid, to_line};

use super::output::{report, Out};
use super::stream::{each_in_order, Inputs, Item};
use super::{SolveArgs, SolveFormat, EXIT_FAILED, EXIT_OK};

enum Answer {
    Solved(String),
    Failed(Failure),
}

pub fn run(args: &SolveArgs) -> i32 {
    if args.engines.requested() || super::engines::other_shape(&args.input) {
        return super::engines::solve(args);
    }
    let format = args.output_format();
    let mut out = Out::new();
    let mut failed = false;
    let mut first = true;
    let work = |item: Item| match item {
        Item::Bad { input, message } => Answer::Failed(Failure::unreadable(input, message)),
        Item::Puzzle { origin, puzzle, .. } => match unique_solution(&puzzle) {
            Ok(solution) => Answer::Solved(match format {
                SolveFormat::Json => serde_json::to_string(&record_from(&puzzle, Some(&solution)))
                    .expect("a record always serializes"),
                SolveFormat::Grid => to_grid(&solution).trim_end().to_string(),
                SolveFormat::Line => to_line(&solution),
            }),
            Err(unsolvable) => Answer::Failed(Failure {
                input: puzzle.text.clone(),
                status: unsolvable.status,
                error: format!("{origin}: line {}: {}", puzzle.line, unsolvable.error),
            }),
        },
    };
    each_in_order(Inputs::new(&args.input), 1, work, |answer| {
        if format == SolveFormat::Grid && !first {
            out.write("\n");
        }
        first = false;
        match answer {
            Answer::Solved(text) => out.line(&text),
            Answer::Failed(record) => {
                failed = true;
                report(&out, &record.error);
                if format == SolveFormat::Json {
                    out.line(&serde_json::to_string(&record).expect("errors serialize"));
                } else {
                    out.line(&format!("error: {}", record.error));
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
