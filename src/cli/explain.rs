//! `stepwise explain`: the whole logical path of each puzzle, one step per line, then how it
//! ended and the rating (each figure naming its path); or as JSON. `--verbose` adds each
//! step's prose, `--compact` groups runs of singles, `--until N` stops the listing after N
//! steps and shows the candidates there, `--state-after N` prints only those candidates (a
//! pencilmark grid `stepwise hint` reads), `--board` draws the candidates before each step
//! with the step marked, `--svg DIR` writes that picture of each step as an SVG file.

use clap::Args;
use stepwise::answer::{ExplainAnswer, StateAfter};
use stepwise::explain::grid_of;
use stepwise::format::{to_pencilmark, PuzzleInput};
use stepwise::grid::Grid;
use stepwise::pipeline::{apply, Status};
use stepwise::render::{board, step_svg, Style, SvgOptions};
use stepwise::step::{placements_notation, Step};
use stepwise::technique::Family;
use stepwise::Explanation;

use super::output::{report, write_pictures, Out};
use super::stream::{each_in_order, Inputs, Item};
use super::{InputArgs, JobArgs, ProfileArgs, TextFormatArgs, EXIT_FAILED, EXIT_OK};

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub profile: ProfileArgs,
    #[command(flatten)]
    pub jobs: JobArgs,
    #[command(flatten)]
    pub output: TextFormatArgs,
    /// Add each step's explanation in words below its notation.
    #[arg(long, short = 'v')]
    pub verbose: bool,
    /// Group each run of singles (full house, hidden and naked singles) on one line.
    #[arg(long)]
    pub compact: bool,
    /// Draw the candidate grid before each step with the step's cells and candidates marked
    /// (in colour on a terminal unless NO_COLOR is set; plain markers and a legend otherwise).
    #[arg(long, conflicts_with_all = ["json", "format", "state_after"])]
    pub board: bool,
    /// List only the first N steps, then the candidates left after them.
    #[arg(long, value_name = "N", conflicts_with = "state_after")]
    pub until: Option<usize>,
    /// Print only the candidates after the first N steps, as a pencilmark grid that
    /// `stepwise hint` and `stepwise apply` read.
    #[arg(long, value_name = "N")]
    pub state_after: Option<usize>,
    /// Write a picture of each step listed into DIR (created if missing): the candidates
    /// before the step with the step drawn, `step-001.svg`, `step-002.svg`, ... for one
    /// puzzle; with several inputs `p1-step-001.svg`, `p2-step-001.svg`, ... numbered in input
    /// order. Files of an earlier run are overwritten, not removed.
    #[arg(long, value_name = "DIR", conflicts_with = "state_after")]
    pub svg: Option<std::path::PathBuf>,
}

/// What the worker hands the writer for one input: the answer record, and what only the text
/// and the pictures need.
struct Answer {
    record: ExplainAnswer,
    /// With `--board`, the board before each step, drawn on the worker thread.
    boards: Vec<String>,
    /// With `--svg`, the picture of each step, drawn on the worker thread.
    pictures: Vec<String>,
}

/// `draw` of the grid before each step of the path, with the step.
fn before_each(
    puzzle: &PuzzleInput,
    steps: &[Step],
    draw: impl Fn(&Grid, &Step) -> String,
) -> Vec<String> {
    let mut grid = grid_of(puzzle);
    steps
        .iter()
        .map(|step| {
            let drawn = draw(&grid, step);
            apply(&mut grid, step);
            drawn
        })
        .collect()
}

/// The pencilmark grid after the first `n` steps of the path.
fn state_after(puzzle: &PuzzleInput, steps: &[Step], n: usize) -> StateAfter {
    let mut grid = grid_of(puzzle);
    let taken = n.min(steps.len());
    for step in &steps[..taken] {
        apply(&mut grid, step);
    }
    StateAfter {
        steps: taken,
        state: to_pencilmark(grid.values(), &grid.candidate_masks()),
    }
}

fn is_single(step: &Step) -> bool {
    step.technique.family() == Family::Singles
}

/// The steps as numbered lines; singles grouped with `compact`, prose added with `verbose`,
/// and each step not grouped followed by its board when `boards` holds one per step.
fn step_lines(steps: &[Step], compact: bool, verbose: bool, boards: &[String]) -> String {
    let width = steps.len().to_string().len();
    let mut out = String::new();
    let mut i = 0;
    while i < steps.len() {
        let run = if compact {
            steps[i..].iter().take_while(|s| is_single(s)).count()
        } else {
            0
        };
        if run >= 2 {
            let placements: Vec<String> = steps[i..i + run]
                .iter()
                .map(|s| placements_notation(&s.placements))
                .collect();
            let numbers = format!("{}-{}", i + 1, i + run);
            out.push_str(&format!(
                "{numbers:>w$}. Singles: {}\n",
                placements.join(", "),
                w = 2 * width + 1
            ));
            i += run;
            continue;
        }
        let step = &steps[i];
        let w = if compact { 2 * width + 1 } else { width };
        out.push_str(&format!("{:>w$}. {}\n", i + 1, step.notation()));
        if verbose && !step.text.is_empty() {
            out.push_str(&format!("{:w$}  {}\n", "", step.text));
        }
        if let Some(drawn) = boards.get(i) {
            out.push_str(drawn);
            if !drawn.ends_with('\n') {
                out.push('\n');
            }
            out.push('\n');
        }
        i += 1;
    }
    out
}

pub fn run(args: &ExplainArgs) -> i32 {
    if let Some(dir) = &args.svg {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: --svg: cannot create {}: {e}", dir.display());
            return EXIT_FAILED;
        }
    }
    // Pictures are named after their puzzle's number only when there are several, which is
    // known at the second answer: the first one's wait until then (or the end).
    let mut answers = 0usize;
    let mut first_pictures: Option<Vec<String>> = None;
    let mut svg_error: Option<String> = None;
    let settings = args.profile.settings().with_budget(args.jobs.budget());
    let json = args.output.json();
    let mut out = Out::new();
    let style = Style::detect();
    let mut failed = false;
    let mut first = true;
    let work = |item: Item| match item {
        Item::Bad { input, message } => Answer {
            record: ExplainAnswer {
                explanation: Explanation::invalid(input, message),
                state_after: None,
            },
            boards: vec![],
            pictures: vec![],
        },
        Item::Puzzle { puzzle, .. } => {
            let explanation = stepwise::explain(&puzzle, &settings);
            let state_after = args
                .until
                .or(args.state_after)
                .map(|n| state_after(&puzzle, &explanation.steps, n));
            let shown = state_after
                .as_ref()
                .map_or(explanation.steps.len(), |a| a.steps);
            let steps = &explanation.steps[..shown];
            let boards = if args.board {
                before_each(&puzzle, steps, |grid, step| board(grid, Some(step), style))
            } else {
                vec![]
            };
            let pictures = if args.svg.is_some() {
                let options = SvgOptions::default();
                before_each(&puzzle, steps, |grid, step| step_svg(grid, step, &options))
            } else {
                vec![]
            };
            Answer {
                record: ExplainAnswer {
                    explanation,
                    state_after,
                },
                boards,
                pictures,
            }
        }
    };
    each_in_order(
        Inputs::new(&args.input),
        args.jobs.jobs(),
        work,
        |mut answer| {
            if let (Some(dir), None) = (&args.svg, &svg_error) {
                answers += 1;
                let pictures = std::mem::take(&mut answer.pictures);
                let written = match answers {
                    1 => {
                        first_pictures = Some(pictures);
                        Ok(())
                    }
                    n => {
                        let first = first_pictures.take().unwrap_or_default();
                        write_pictures(dir, "p1-", &first)
                            .and_then(|()| write_pictures(dir, &format!("p{n}-"), &pictures))
                    }
                };
                if let Err(message) = written {
                    eprintln!("error: {message}");
                    svg_error = Some(message);
                }
            }
            let explanation = &answer.record.explanation;
            failed |= !matches!(explanation.status, Status::Solved | Status::Stuck);
            if explanation.status == Status::Invalid {
                report(
                    &out,
                    explanation.error.as_deref().unwrap_or("invalid input"),
                );
            }
            if json {
                let record = &mut answer.record;
                if let Some(after) = &record.state_after {
                    record.explanation.steps.truncate(after.steps);
                }
                out.line(&serde_json::to_string(record).expect("explanations serialize"));
                out.end_record();
                return;
            }
            if !first {
                out.write("\n");
            }
            first = false;
            match (&answer.record.state_after, args.state_after.is_some()) {
                (Some(after), true) => out.write(&after.state),
                (Some(after), false) => {
                    out.line(&format!("Puzzle: {}", explanation.puzzle));
                    let steps = &explanation.steps[..after.steps];
                    out.write(&step_lines(
                        steps,
                        args.compact,
                        args.verbose,
                        &answer.boards,
                    ));
                    let left = explanation.steps.len() - after.steps;
                    out.line(&format!(
                        "After step {} ({left} more to the end of the path), the candidates are:",
                        after.steps
                    ));
                    out.write(&after.state);
                    out.write(&format!("Rating: {}\n", explanation.rating.to_text()));
                }
                (None, _) => {
                    out.line(&format!("Puzzle: {}", explanation.puzzle));
                    out.write(&step_lines(
                        &explanation.steps,
                        args.compact,
                        args.verbose,
                        &answer.boards,
                    ));
                    out.write(&explanation.outcome_text());
                }
            }
            out.end_record();
        },
    );
    if let (Some(dir), None, Some(pictures)) = (&args.svg, &svg_error, &first_pictures) {
        if let Err(message) = write_pictures(dir, "", pictures) {
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
