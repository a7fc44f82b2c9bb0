//! `stepwise hint`: the next step from the user's state, from a nudge to the full deduction;
//! one answer per input state, an `error:` line (a JSON error object with `--json`) for a state
//! that cannot be read or hinted.

use clap::Args;
use serde::Serialize;
use stepwise::budget::Budget;
use stepwise::format::PuzzleInput;
use stepwise::hint::{step_hint, Hint, HintLevel};
use stepwise::render::{board, Style};
use stepwise::step::{Pattern, Role, Step};

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
    /// Give up after SECS seconds (a decimal number): the answer is then a `timeout` hint,
    /// never a wrong "stuck".
    #[arg(long, value_name = "SECS", value_parser = super::parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    #[command(flatten)]
    pub cache: super::CacheArgs,
    /// Draw your candidate grid under the hint: at level `full` with the step's cells and
    /// candidates marked, at `cells` with its pattern marked (nothing it removes or places),
    /// unmarked below that (in colour on a terminal unless NO_COLOR is set).
    #[arg(long, conflicts_with_all = ["json", "format"])]
    pub board: bool,
}

/// The board under a hint: as much of the step marked as the level gives away (at `cells`,
/// only the cells the hint names, nothing the step removes or places).
fn hint_board(state: &PuzzleInput, full: &Hint, told: &Hint) -> String {
    let grid = stepwise::explain::grid_of(state);
    let shown = full.step.as_ref().and_then(|step| match told.level {
        HintLevel::Full => Some(step.clone()),
        HintLevel::Cells => {
            let pattern = told
                .cells
                .iter()
                .fold(Pattern::default(), |p, &cell| p.cell(cell, Role::Pattern));
            Some(Step::new(
                step.technique,
                vec![],
                vec![],
                pattern,
                String::new(),
                String::new(),
            ))
        }
        HintLevel::Nudge | HintLevel::Technique => None,
    });
    board(&grid, shown.as_ref(), Style::detect())
}

fn parse_level(s: &str) -> Result<HintLevel, String> {
    s.parse()
        .map_err(|_| format!("unknown level '{s}': expected nudge, technique, cells or full"))
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
        Some(argument) => match super::input::read_one_puzzle(argument, args.input.input_format) {
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
            // The board needs the step whatever the level; the text is told at the level asked.
            let level = if args.board {
                HintLevel::Full
            } else {
                args.level
            };
            let budget = Budget {
                time: args.timeout,
                cache_bytes: args.cache.bytes(),
            };
            let found = stepwise::next_hint_within(&puzzle, original.as_ref(), level, &budget);
            found
                .map(|full| {
                    if !args.board {
                        return (full, None);
                    }
                    let told = match &full.step {
                        Some(step) => step_hint(step.clone(), args.level),
                        None => stepwise::next_hint_within(
                            &puzzle,
                            original.as_ref(),
                            args.level,
                            &budget,
                        )
                        .unwrap_or_else(|_| full.clone()),
                    };
                    let drawn = hint_board(&puzzle, &full, &told);
                    (told, Some(drawn))
                })
                .map_err(|e| HintFailure {
                    input: puzzle.text.clone(),
                    status: "error",
                    error: format!("{origin}: line {}: {e}", puzzle.line),
                })
        }
    };
    each_in_order(Inputs::new(&args.input), 1, work, |answer| {
        match answer {
            Ok((hint, _)) if json => {
                out.line(&serde_json::to_string(&hint).expect("hints serialize"))
            }
            Ok((hint, drawn)) => {
                out.line(&hint.text);
                if let Some(drawn) = drawn {
                    out.write(&drawn);
                }
            }
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
