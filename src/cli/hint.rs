//! `stepwise hint`: the next step from the user's state, from a nudge to the full deduction;
//! one answer per input state, an `error:` line (a JSON error object with `--json`) for a state
//! that cannot be read or hinted. `--board` draws the state under the hint, `--svg FILE`
//! writes it as a picture, each marked as far as the level gives away.

use clap::Args;
use stepwise::answer::Failure;
use stepwise::budget::Budget;
use stepwise::format::PuzzleInput;
use stepwise::hint::{shown_step, step_hint, Hint, HintLevel};
use stepwise::profile::HintSettings;
use stepwise::render::{board, grid_svg, step_svg, Style, SvgOptions};

use super::output::{report, Out};
use super::stream::{each_in_order, Inputs, Item};
use super::{InputArgs, TextFormatArgs, EXIT_FAILED, EXIT_OK, EXIT_USAGE};

#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How much to give away: nudge, technique, cells or full (the default is the one the API,
    /// the page and Python take too).
    #[arg(long, default_value_t = HintLevel::default(), value_parser = parse_level)]
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
    /// The techniques looked for: `se`, `hodoku`, `sukaku`, `extended` (the default: every
    /// technique enabled by default, in rating order) or `all`; the singles come first in each.
    #[arg(long, value_parser = super::parse_profile)]
    pub profile: Option<stepwise::profile::Profile>,
    /// Comma-separated techniques that replace the profile's (slugs or names).
    #[arg(long, value_delimiter = ',', value_parser = super::parse_technique)]
    pub techniques: Vec<stepwise::technique::Technique>,
    /// Leave out the techniques that assume a unique solution (unique rectangles, BUG).
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Draw your candidate grid under the hint: at level `full` with the step's cells and
    /// candidates marked, at `cells` with its pattern marked (nothing it removes or places),
    /// unmarked below that (in colour on a terminal unless NO_COLOR is set).
    #[arg(long, conflicts_with_all = ["json", "format"])]
    pub board: bool,
    /// Write the picture of your candidate grid with the hint drawn to FILE (SVG), marked as
    /// `--board` marks it. With several states, the N-th goes to FILE with `-N` before its
    /// extension (`hint-1.svg`, `hint-2.svg`, ...); an existing file is overwritten.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
}

/// The board under a hint ([`shown_step`] marked on it).
fn hint_board(state: &PuzzleInput, full: &Hint, told: &Hint) -> String {
    let grid = stepwise::explain::grid_of(state);
    board(&grid, shown_step(full, told).as_ref(), Style::detect())
}

/// The picture of a hint ([`shown_step`] drawn on the state).
fn hint_picture(state: &PuzzleInput, full: &Hint, told: &Hint) -> String {
    let grid = stepwise::explain::grid_of(state);
    let options = SvgOptions::default();
    match shown_step(full, told) {
        Some(step) => step_svg(&grid, &step, &options),
        None => grid_svg(&grid, &options),
    }
}

/// `FILE` for one state, `FILE` with `-n` before its extension for the n-th of several.
fn numbered(path: &std::path::Path, n: usize) -> std::path::PathBuf {
    let stem = path.file_stem().unwrap_or_default().to_string_lossy();
    let name = match path.extension() {
        Some(ext) => format!("{stem}-{n}.{}", ext.to_string_lossy()),
        None => format!("{stem}-{n}"),
    };
    path.with_file_name(name)
}

fn write_picture(path: &std::path::Path, picture: &str) -> Result<(), String> {
    std::fs::write(path, picture)
        .map_err(|e| format!("--svg: cannot write {}: {e}", path.display()))
}

pub(crate) fn parse_level(s: &str) -> Result<HintLevel, String> {
    s.parse()
        .map_err(|_| format!("unknown level '{s}': expected nudge, technique, cells or full"))
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
        Item::Bad { input, message } => Err(Failure::unreadable(input, message)),
        Item::Puzzle { origin, puzzle, .. } => {
            // The board and the picture need the step whatever the level; the text is told at
            // the level asked.
            let draws = args.board || args.svg.is_some();
            let level = if draws { HintLevel::Full } else { args.level };
            let settings = HintSettings::select(args.profile, &args.techniques, args.no_uniqueness)
                .with_budget(Budget {
                    time: args.timeout,
                    cache_bytes: args.cache.bytes(),
                });
            let found = stepwise::next_hint_with(&puzzle, original.as_ref(), level, &settings);
            found
                .map(|full| {
                    if !draws {
                        return (full, None, None);
                    }
                    let told = match &full.step {
                        Some(step) => step_hint(step.clone(), args.level),
                        None => stepwise::next_hint_with(
                            &puzzle,
                            original.as_ref(),
                            args.level,
                            &settings,
                        )
                        .unwrap_or_else(|_| full.clone()),
                    };
                    let drawn = args.board.then(|| hint_board(&puzzle, &full, &told));
                    let picture = args
                        .svg
                        .is_some()
                        .then(|| hint_picture(&puzzle, &full, &told));
                    (told, drawn, picture)
                })
                .map_err(|e| Failure {
                    input: puzzle.text.clone(),
                    status: "error",
                    error: format!("{origin}: line {}: {e}", puzzle.line),
                })
        }
    };
    // The picture is named after its state's number only when there are several, which is
    // known at the second answer: the first one's waits until then (or the end).
    let mut answers = 0usize;
    let mut first_picture: Option<String> = None;
    let mut svg_error: Option<String> = None;
    each_in_order(Inputs::new(&args.input), 1, work, |mut answer| {
        if let (Some(path), None) = (&args.svg, &svg_error) {
            answers += 1;
            let picture = answer.as_mut().ok().and_then(|a| a.2.take());
            let written = match answers {
                1 => {
                    first_picture = picture;
                    Ok(())
                }
                n => {
                    let first = first_picture.take();
                    let first = first.map_or(Ok(()), |p| write_picture(&numbered(path, 1), &p));
                    first.and_then(|()| {
                        picture.map_or(Ok(()), |p| write_picture(&numbered(path, n), &p))
                    })
                }
            };
            if let Err(message) = written {
                eprintln!("error: {message}");
                svg_error = Some(message);
            }
        }
        match answer {
            Ok((hint, _, _)) if json => {
                out.line(&serde_json::to_string(&hint).expect("hints serialize"))
            }
            Ok((hint, drawn, _)) => {
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
    if let (Some(path), None, Some(picture)) = (&args.svg, &svg_error, &first_picture) {
        if let Err(message) = write_picture(path, picture) {
            eprintln!("error: {message}");
            svg_error = Some(message);
        }
    }
    if failed || svg_error.is_some() {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
