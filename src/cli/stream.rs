//! Every input of a command as one ordered stream of [`Item`]s, each a puzzle or a bad input
//! that still gets its row, and [`each_in_order`], the driver that runs a command's per-puzzle
//! work on worker threads and hands the answers back in input order.
//!
//! A source that cannot be opened (a missing file, a directory) is a bad input like a bad
//! line: it gets one answer and the rest goes on. Notes about the input (a header line that
//! was skipped) go to standard error as they come.

use std::io::IsTerminal;
use std::sync::Arc;

use stepwise::format::PuzzleInput;

use super::batch::{ordered_map, WINDOW_PER_JOB};
use super::input::{self, Entry, Source};
use super::InputArgs;

/// One input of a command, in order.
// Nearly every item is a puzzle: boxing it would allocate per puzzle to shrink the rare one.
#[allow(clippy::large_enum_variant)]
pub enum Item {
    /// A puzzle that was read: `source` indexes [`Inputs::sources`], `origin` names it
    /// (`argument 2`, a file path, `stdin`) for messages.
    Puzzle {
        source: usize,
        origin: Arc<str>,
        puzzle: PuzzleInput,
    },
    /// An input that could not be read: the text as given (empty when unknown), and the
    /// message naming the source and where in it.
    Bad { input: String, message: String },
}

/// The sources of a command, opened lazily in order.
pub struct Inputs {
    sources: Vec<Source>,
    format: Option<stepwise::format::Format>,
}

impl Inputs {
    /// The sources named by the arguments. When one of them is a terminal's standard input,
    /// says so on standard error, so a waiting `stepwise solve` does not look hung.
    pub fn new(args: &InputArgs) -> Inputs {
        let sources = input::sources(&args.inputs, &args.files);
        say_when_reading_a_terminal(&sources);
        Inputs {
            sources,
            format: args.input_format,
        }
    }

    /// The sources, for progress estimates.
    pub fn sources(&self) -> &[Source] {
        &self.sources
    }

    /// Every item of every source in order, reading only as far as the caller asks.
    pub fn items(self) -> impl Iterator<Item = Item> {
        let names: Vec<Arc<str>> = self.sources.iter().map(|s| s.name().into()).collect();
        input::stream(self.sources, self.format).filter_map(move |entry| match entry {
            Entry::Puzzle {
                source,
                parsed: Ok(puzzle),
            } => Some(Item::Puzzle {
                source,
                origin: names[source].clone(),
                puzzle,
            }),
            Entry::Puzzle {
                source,
                parsed: Err(rejected),
            } => Some(Item::Bad {
                input: rejected.input,
                message: format!("{}: {}", names[source], rejected.error),
            }),
            Entry::Note { source, note } => {
                eprintln!(
                    "note: {}: line {}: {}",
                    names[source], note.line, note.message
                );
                None
            }
            Entry::Unopened(message) => Some(Item::Bad {
                input: String::new(),
                message,
            }),
        })
    }
}

/// When one of the sources is a terminal's standard input, says so on standard error, so a
/// waiting command does not look hung.
pub fn say_when_reading_a_terminal(sources: &[Source]) {
    if sources.contains(&Source::Stdin) && std::io::stdin().is_terminal() {
        eprintln!(
            "stepwise: reading puzzles from standard input; type or paste them, then press Ctrl-D (see --help for files and arguments)"
        );
    }
}

/// Runs `work` on every item on `jobs` threads (inline with one) and calls `write` with each
/// answer in input order, reading at most a window of items ahead. `write` goes through
/// [`super::output::Out`], which ends the process when the reader of standard output is gone.
pub fn each_in_order<O: Send>(
    inputs: Inputs,
    jobs: usize,
    work: impl Fn(Item) -> O + Sync,
    mut write: impl FnMut(O),
) {
    ordered_map(
        inputs.items(),
        jobs,
        jobs * WINDOW_PER_JOB,
        work,
        |answer| {
            write(answer);
            std::ops::ControlFlow::Continue(())
        },
    );
}
