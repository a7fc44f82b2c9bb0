//! `stepwise explain`: the whole logical path of each puzzle, one step per line, then how it
//! ended and the rating (each figure naming its path); or as JSON. `--verbose` adds each
//! step's prose, `--compact` groups runs of singles, `--until N` stops the listing after N
//! steps and shows the candidates there, `--state-after N` prints only those candidates (a
//! pencilmark grid `stepwise hint` reads), `--board` draws the candidates before each step
//! with the step marked.

use clap::Args;
use serde::Serialize;
use stepwise::explain::grid_of;
use stepwise::format::{to_pencilmark, PuzzleInput};
use stepwise::pipeline::{apply, Status};
use stepwise::render::{board, Style};
use stepwise::step::{placements_notation, Step};
use stepwise::technique::Family;
use stepwise::Explanation;

use super::output::{report, Out};
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
}

/// The candidates after some steps of the path.
#[derive(Debug, Serialize)]
struct StateAfter {
    /// How many steps were applied (fewer than asked when the path is shorter).
    steps: usize,
    /// The pencilmark grid.
    state: String,
}

/// What `explain` writes for one input.
#[derive(Serialize)]
struct Answer {
    #[serde(flatten)]
    explanation: Explanation,
    #[serde(skip_serializing_if = "Option::is_none")]
    state_after: Option<StateAfter>,
    /// With `--board`, the board before each step, drawn on the worker thread.
    #[serde(skip)]
    boards: Vec<String>,
}

/// The board before each step of the path, the step marked on it.
fn boards(puzzle: &PuzzleInput, steps: &[Step], style: Style) -> Vec<String> {
    let mut grid = grid_of(puzzle);
    steps
        .iter()
        .map(|step| {
            let drawn = board(&grid, Some(step), style);
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
    let settings = args.profile.settings().with_budget(args.jobs.budget());
    let json = args.output.json();
    let mut out = Out::new();
    let style = Style::detect();
    let mut failed = false;
    let mut first = true;
    let work = |item: Item| match item {
        Item::Bad { input, message } => Answer {
            explanation: Explanation::invalid(input, message),
            state_after: None,
            boards: vec![],
        },
        Item::Puzzle { puzzle, .. } => {
            let explanation = stepwise::explain(&puzzle, &settings);
            let state_after = args
                .until
                .or(args.state_after)
                .map(|n| state_after(&puzzle, &explanation.steps, n));
            let boards = if args.board {
                let shown = state_after
                    .as_ref()
                    .map_or(explanation.steps.len(), |a| a.steps);
                boards(&puzzle, &explanation.steps[..shown], style)
            } else {
                vec![]
            };
            Answer {
                explanation,
                state_after,
                boards,
            }
        }
    };
    each_in_order(
        Inputs::new(&args.input),
        args.jobs.jobs(),
        work,
        |mut answer| {
            let explanation = &answer.explanation;
            failed |= !matches!(explanation.status, Status::Solved | Status::Stuck);
            if explanation.status == Status::Invalid {
                report(
                    &out,
                    explanation.error.as_deref().unwrap_or("invalid input"),
                );
            }
            if json {
                if let Some(after) = &answer.state_after {
                    answer.explanation.steps.truncate(after.steps);
                }
                out.line(&serde_json::to_string(&answer).expect("explanations serialize"));
                out.end_record();
                return;
            }
            if !first {
                out.write("\n");
            }
            first = false;
            match (&answer.state_after, args.state_after.is_some()) {
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
    if failed {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
