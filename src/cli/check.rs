//! `stepwise check`: per input, whether the puzzle has one solution, none or several, or why
//! it could not be read; one answer per input, in order.
//!
//! With any of the engines' options (`--engine`, `--all`, `--limit`, `--shape`...) the command
//! runs in `engines.rs` instead, on puzzles of every shape; without them nothing here changes.

use stepwise::answer::CheckAnswer;

use super::output::Out;
use super::stream::{each_in_order, Inputs, Item};
use super::{CheckArgs, EXIT_FAILED, EXIT_OK};

pub fn run(args: &CheckArgs) -> i32 {
    if args.engines.requested() || super::engines::other_shape(&args.input) {
        return super::engines::check(args);
    }
    let json = args.output.json();
    let mut out = Out::new();
    let mut all_unique = true;
    let work = |item: Item| match item {
        Item::Bad { input, message } => CheckAnswer::unreadable(input, message),
        Item::Puzzle { puzzle, .. } => CheckAnswer::of(&puzzle),
    };
    each_in_order(Inputs::new(&args.input), 1, work, |record| {
        all_unique &= record.is_unique();
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
