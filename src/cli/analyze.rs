//! `stepwise analyze`: per puzzle the givens, symmetry, ER/EP/ED, level, steps, technique
//! histogram, bottleneck steps and `--require` checks; for a batch a summary at the end, and
//! with `--plot FILE.svg` the batch's ER histogram as a chart.
//!
//! Owns the command's arguments (so the shared definitions in `mod.rs` stay small) and its
//! exit code: 0 when every puzzle was read, has one solution and meets every `--require`; 1
//! when any puzzle is invalid, has no solution or several, misses a requirement, or a file
//! cannot be opened or written; 2 for usage errors (an unknown technique name).

use std::io::Write;

use clap::{Args, ValueEnum};
use stepwise::analysis::{Analysis, Requirement, Summary};
use stepwise::pipeline::{solve, Options, Status};
use stepwise::rating::{rate, rate_hodoku};
use stepwise::Error;

use super::{
    for_each_puzzle, located, pipeline_options, Profile, ReportInputArgs, EXIT_FAILED, EXIT_OK,
    EXIT_USAGE,
};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum AnalyzeFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct AnalyzeArgs {
    #[command(flatten)]
    pub input: ReportInputArgs,
    /// Output format: text, or JSON lines (one object per puzzle, then {"summary": ...}).
    #[arg(long, value_enum, default_value = "text")]
    pub format: AnalyzeFormat,
    /// Technique profile of the analysed path: `se` (Sudoku Explainer 1.2.1's techniques),
    /// `hodoku`, `extended` or `all`. The level is always HoDoKu's, from HoDoKu's path.
    #[arg(long, value_enum, default_value = "se")]
    pub profile: Profile,
    /// Comma-separated techniques to enable, in the order given; overrides --profile.
    #[arg(long, value_delimiter = ',')]
    pub techniques: Vec<String>,
    /// Do not assume the solution is unique: leave out unique rectangles and BUG.
    #[arg(long)]
    pub no_uniqueness: bool,
    /// A technique each puzzle's path must use (slug or name; repeatable or comma-separated).
    #[arg(long, value_name = "TECHNIQUE", value_delimiter = ',')]
    pub require: Vec<String>,
    /// Write the ER histogram of the batch to FILE as an SVG bar chart.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<String>,
}

/// The requirements named on the command line; an unknown name is a usage error.
fn requirements(names: &[String]) -> Result<Vec<Requirement>, String> {
    names
        .iter()
        .map(|name| {
            Requirement::parse(name).ok_or_else(|| {
                format!(
                    "--require: unknown technique '{name}' (give a slug such as x-wing or a name such as \"X-Wing\")"
                )
            })
        })
        .collect()
}

pub fn run(args: &AnalyzeArgs) -> i32 {
    let required = match requirements(&args.require) {
        Ok(r) => r,
        Err(message) => {
            eprintln!("error: {message}");
            return EXIT_USAGE;
        }
    };
    let options = match pipeline_options(args.profile, &args.techniques, args.no_uniqueness) {
        Ok(o) => o,
        Err(code) => return code,
    };
    // The level is HoDoKu's, as in `rate`: read off HoDoKu's own path unless that is the
    // analysed one (a rating is a property of the path).
    let hodoku_path = (options != Options::hodoku()).then(Options::hodoku);
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut summary = Summary::new();
    let mut failed = false;
    let opened = for_each_puzzle(&args.input.as_input_args(), |source, parsed| {
        let mut analysis = match parsed {
            Ok(puzzle) => {
                let grid = stepwise::explain::grid_of(&puzzle);
                let trace = solve(&grid, &options);
                let mut analysis = Analysis::of(&trace, &rate(&trace));
                analysis.level = match &hodoku_path {
                    Some(hodoku) => rate_hodoku(&solve(&grid, hodoku)).level,
                    None => rate_hodoku(&trace).level,
                };
                let error = match trace.status {
                    Status::NoSolution => Some(Error::NoSolution),
                    Status::MultipleSolutions => Some(Error::MultipleSolutions {
                        differing: trace.differing.clone(),
                    }),
                    _ => None,
                };
                if let Some(e) = error {
                    eprintln!("error: {source}: line {}: {e}", puzzle.line);
                    analysis.error = Some(e.to_string());
                }
                analysis
            }
            Err(e) => {
                eprintln!("error: {}", located(source, &e));
                Analysis::invalid(located(source, &e))
            }
        };
        let met = analysis.check(&required);
        failed |= !analysis.succeeded() || !met;
        let _ = match args.format {
            AnalyzeFormat::Json => writeln!(
                out,
                "{}",
                serde_json::to_string(&analysis).expect("analyses serialize")
            ),
            AnalyzeFormat::Text => {
                let sep = if summary.puzzles == 0 { "" } else { "\n" };
                write!(out, "{sep}{}", analysis.to_text())
            }
        };
        summary.add(&analysis);
    });
    if summary.puzzles > 1 {
        let _ = match args.format {
            AnalyzeFormat::Json => writeln!(out, "{}", serde_json::json!({ "summary": summary })),
            AnalyzeFormat::Text => write!(out, "\n{}", summary.to_text()),
        };
    }
    let mut plotted = true;
    if let Some(path) = &args.plot {
        if let Err(e) = std::fs::write(path, summary.to_svg()) {
            eprintln!("error: --plot {path}: cannot write: {e}");
            plotted = false;
        }
    }
    if failed || !opened || !plotted {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
