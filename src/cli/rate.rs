//! `stepwise rate`: one row per input, `puzzle,er,ep,ed,level,score,hardest,steps,status,error`,
//! as CSV (with a header) or JSON lines, in input order, rated on `--jobs` threads (see
//! [`super::batch`]); each puzzle is one `stepwise::rate_puzzle` call (SE's path for ER/EP/ED,
//! HoDoKu's for level and score, one time limit for both). A bad input gets an `invalid` row
//! with its text and the error, and the run goes on; a puzzle over `--timeout` gets a `timeout`
//! row with no figures. With `--times` each row ends with the milliseconds its rating took
//! (`ms`) and the summary gives the median, percentiles and worst time. A progress line
//! (terminal only) and a closing summary go to standard error.

use std::sync::{Arc, OnceLock};
use std::time::Instant;

use clap::{Args, ValueEnum};
use stepwise::RateRecord;

use super::input;
use super::output::Out;
use super::progress::Progress;
use super::stream::{each_in_order, Inputs, Item};
use super::summary::Summary;
use super::timing::TimeStats;
use super::{InputArgs, JobArgs, ProfileArgs, EXIT_FAILED, EXIT_OK};

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    Csv,
    Json,
}

#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub profile: ProfileArgs,
    #[command(flatten)]
    pub jobs: JobArgs,
    /// Output format: CSV with a header, or JSON lines.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: RateFormat,
    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Add each puzzle's rating time in milliseconds (wall time on its worker thread) as a
    /// last column `ms`, and the median, 90th and 99th percentile and worst time (with its
    /// line) to the summary.
    #[arg(long)]
    pub times: bool,
    /// Do not print the closing summary on standard error.
    #[arg(long)]
    pub no_summary: bool,
}

/// What one input became.
struct Outcome {
    record: RateRecord,
    /// Where the puzzle was (source index, line), for the progress line and the slowest time.
    at: Option<(usize, usize)>,
    /// Milliseconds the rating took on its worker thread.
    ms: Option<f64>,
}

/// The `ms` column: the time to a tenth of a millisecond, empty for an unreadable line.
fn ms_field(ms: Option<f64>) -> String {
    ms.map_or(String::new(), |ms| format!("{ms:.1}"))
}

pub fn run(args: &RateArgs) -> i32 {
    let settings = args.profile.settings().with_budget(args.jobs.budget());
    let json = args.json || args.format == RateFormat::Json;
    let jobs = args.jobs.jobs();
    let inputs = Inputs::new(&args.input);
    let names: Vec<String> = inputs.sources().iter().map(|s| s.name()).collect();

    let total_lines = Arc::new(OnceLock::new());
    let mut progress = Progress::on_stderr(total_lines.clone());
    if progress.is_enabled() {
        // Counted beside the batch, so rating starts at once; the ETA appears when done.
        let sources = inputs.sources().to_vec();
        std::thread::spawn(move || {
            if let Some(counts) = input::line_counts(&sources) {
                let _ = total_lines.set(counts);
            }
        });
    }

    let mut out = Out::new();
    if !json {
        let extra = if args.times { ",ms" } else { "" };
        out.line(&format!("{}{extra}", RateRecord::CSV_HEADER));
    }
    let start = Instant::now();
    let mut summary = Summary::default();
    let mut failed = false;
    let work = |item: Item| match item {
        Item::Puzzle { source, puzzle, .. } => {
            let started = Instant::now();
            let record = stepwise::rate_puzzle(&stepwise::explain::grid_of(&puzzle), &settings);
            Outcome {
                record,
                at: Some((source, puzzle.line)),
                ms: Some(started.elapsed().as_secs_f64() * 1000.0),
            }
        }
        Item::Bad { input, message } => Outcome {
            record: RateRecord::unreadable(input, message),
            at: None,
            ms: None,
        },
    };
    let mut last_at = (0, 0);
    let mut times = TimeStats::default();
    each_in_order(inputs, jobs, work, |outcome| {
        let Outcome { record, at, ms } = outcome;
        if let Some((source, line)) = at {
            last_at = (source, line);
            if let (true, Some(ms)) = (args.times, ms) {
                times.add(ms, || format!("{} line {line}", names[source]));
            }
        }
        match (record.status.as_str(), record.error.as_deref()) {
            ("timeout", _) | (_, None) => {}
            ("invalid", Some(error)) => progress.message(&format!("error: {error}")),
            (_, Some(error)) => progress.message(&format!("error: {}: {error}", record.puzzle)),
        }
        failed |= !matches!(record.status.as_str(), "solved" | "stuck" | "timeout");
        summary.add(&record.status, record.er.unwrap_or(f64::NAN));
        progress.advance(last_at.0, last_at.1);
        let ms = if args.times { ms } else { None };
        match (json, args.times) {
            (false, false) => out.line(&record.to_csv()),
            (false, true) => out.line(&format!("{},{}", record.to_csv(), ms_field(ms))),
            (true, times) => {
                let mut line = serde_json::to_string(&record).expect("records serialize");
                if times {
                    // The record's fields keep their order; the time comes last.
                    line.pop(); // the closing brace
                    let ms = ms.map_or("null".to_string(), |ms| format!("{ms:.1}"));
                    line.push_str(&format!(",\"ms\":{ms}}}"));
                }
                out.line(&line);
            }
        }
        out.end_record();
    });
    out.flush();
    progress.clear();
    if !args.no_summary {
        eprint!("{}", summary.render(start.elapsed(), jobs));
        if args.times {
            eprint!("{}", times.render());
        }
    }
    if failed {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
