//! `stepwise analyze`: per puzzle the givens, symmetry, ER/EP/ED, level, steps, technique
//! histogram, bottleneck steps and `--require` checks; for a batch a summary at the end, and
//! with `--plot FILE.svg` the batch's ER histogram as a chart. Puzzles are analysed on
//! `--jobs` threads and written in input order, one answer per input.
//!
//! Owns the command's arguments and its exit code: 0 when every puzzle was read, has one
//! solution and meets every `--require`; 1 when any puzzle is invalid, has no solution or
//! several, ran out of time, misses a requirement, or a file cannot be opened or written; 2
//! for usage errors (an unknown technique name).

use clap::Args;
use stepwise::analysis::{Analysis, Requirement, Summary};

use super::output::{report, Out};
use super::stream::{each_in_order, Inputs, Item};
use super::{
    unknown_technique, InputArgs, JobArgs, ProfileArgs, TextFormatArgs, EXIT_FAILED, EXIT_OK,
};

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub profile: ProfileArgs,
    #[command(flatten)]
    pub jobs: JobArgs,
    #[command(flatten)]
    pub output: TextFormatArgs,
    /// A technique each puzzle's path must use (slug or name; repeatable or comma-separated).
    #[arg(long, value_name = "TECHNIQUE", value_delimiter = ',', value_parser = parse_requirement)]
    pub require: Vec<Requirement>,
    /// Write the ER histogram of the batch to FILE as an SVG bar chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,
}

/// A required technique by slug or name (a name several techniques share, such as "Hidden
/// Single", requires any of them); an unknown one names the nearest.
fn parse_requirement(text: &str) -> Result<Requirement, String> {
    Requirement::parse(text).ok_or_else(|| unknown_technique(text))
}

pub fn run(args: &AnalyzeArgs) -> i32 {
    let required = &args.require;
    let settings = args.profile.settings().with_budget(args.jobs.budget());
    let json = args.output.json();
    let mut out = Out::new();
    let mut summary = Summary::new();
    let mut failed = false;
    let work = |item: Item| {
        let mut analysis = match item {
            Item::Puzzle { origin, puzzle, .. } => {
                let mut analysis = stepwise::analyze(&puzzle, &settings);
                if let Some(error) = &mut analysis.error {
                    *error = format!("{origin}: line {}: {error}", puzzle.line);
                }
                analysis
            }
            Item::Bad { input, message } => {
                let mut analysis = Analysis::invalid(message);
                analysis.puzzle = input;
                analysis
            }
        };
        let met = analysis.check(required);
        (analysis, met)
    };
    each_in_order(
        Inputs::new(&args.input),
        args.jobs.jobs(),
        work,
        |(analysis, met)| {
            failed |= !analysis.succeeded() || !met;
            if let Some(error) = &analysis.error {
                report(&out, error);
            }
            if json {
                out.line(&serde_json::to_string(&analysis).expect("analyses serialize"));
            } else {
                if summary.puzzles > 0 {
                    out.write("\n");
                }
                out.write(&analysis.to_text());
            }
            out.end_record();
            summary.add(&analysis);
        },
    );
    if summary.puzzles > 1 {
        if json {
            out.line(&serde_json::json!({ "summary": summary }).to_string());
        } else {
            out.write(&format!("\n{}", summary.to_text()));
        }
    }
    out.flush();
    let mut plotted = true;
    if let Some(path) = &args.plot {
        if let Err(e) = std::fs::write(path, summary.to_svg()) {
            eprintln!("error: --plot {path}: cannot write: {e}");
            plotted = false;
        }
    }
    if failed || !plotted {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
