//! `stepwise rate`: one line per puzzle, `puzzle,er,ep,ed,level,score,hardest,steps,status`,
//! as CSV (with a header) or JSON lines, in input order, rated on `--jobs` threads (see
//! [`super::batch`]); each puzzle is one `stepwise::rate_puzzle` call (SE's path for ER/EP/ED,
//! HoDoKu's for level and score). A bad line is reported with its number and the run goes on;
//! a puzzle cut by `--timeout` (the limit applies to each path) is written with status
//! `timeout` and the unrated sentinels, its steps column counting the steps taken before the
//! limit. With `--times` each row ends with the milliseconds its rating took (`ms`) and the
//! summary gives the median, percentiles and worst time. A progress line (terminal only)
//! and a closing summary go to standard error.

use std::io::{BufWriter, Write};
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use stepwise::explain::RateSettings;
use stepwise::RateRecord;

use super::batch::{ordered_map, WINDOW_PER_JOB};
use super::input::{self, Entry};
use super::progress::Progress;
use super::summary::Summary;
use super::timing::TimeStats;
use super::{located, rate_settings, RateArgs, RateFormat, EXIT_FAILED, EXIT_OK};

/// Output is flushed at least this often, so a slow batch shows its rows as it goes.
const FLUSH_EVERY: Duration = Duration::from_secs(1);

/// What one entry of the input became.
enum Outcome {
    Rated {
        record: RateRecord,
        source: usize,
        line: usize,
        /// Milliseconds the rating took on its worker thread.
        ms: f64,
    },
    Invalid {
        message: String,
        source: usize,
    },
    /// A note about the input (a skipped header), already worded.
    Note(String),
    Unopened(String),
}

/// The per-puzzle work: the one call that turns a parsed puzzle into its record.
fn rate_one(settings: &RateSettings, puzzle: &stepwise::format::PuzzleInput) -> RateRecord {
    stepwise::rate_puzzle(&stepwise::explain::grid_of(puzzle), settings)
}

/// The `ms` column: the time to a tenth of a millisecond, empty for an unreadable line.
fn ms_field(ms: Option<f64>) -> String {
    ms.map_or(String::new(), |ms| format!("{ms:.1}"))
}

pub fn run(args: &RateArgs) -> i32 {
    let mut settings = match rate_settings(args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    for options in [&mut settings.se, &mut settings.hodoku]
        .into_iter()
        .flatten()
    {
        options.time_limit = args.timeout;
    }
    let jobs = args.jobs.unwrap_or_else(super::batch::default_jobs);
    let sources = input::sources(&args.input.inputs, &args.input.files);
    let names: Vec<String> = sources.iter().map(|s| s.name()).collect();

    let total_lines = Arc::new(OnceLock::new());
    let mut progress = Progress::on_stderr(total_lines.clone());
    if progress.is_enabled() {
        // Counted beside the batch, so rating starts at once; the ETA appears when done.
        let sources = sources.clone();
        std::thread::spawn(move || {
            if let Some(counts) = input::line_counts(&sources) {
                let _ = total_lines.set(counts);
            }
        });
    }

    let stdout = std::io::stdout();
    let mut out = BufWriter::new(stdout.lock());
    if args.format == RateFormat::Csv {
        let extra = if args.times { ",ms" } else { "" };
        let _ = writeln!(out, "{}{extra}", RateRecord::CSV_HEADER);
    }
    let start = Instant::now();
    let mut last_flush = start;
    let mut summary = Summary::default();
    let mut failed = false;
    let work = |entry: Entry| match entry {
        Entry::Puzzle {
            source,
            parsed: Ok(puzzle),
        } => {
            let started = Instant::now();
            let record = rate_one(&settings, &puzzle);
            Outcome::Rated {
                record,
                source,
                line: puzzle.line,
                ms: started.elapsed().as_secs_f64() * 1000.0,
            }
        }
        Entry::Puzzle {
            source,
            parsed: Err(rejected),
        } => Outcome::Invalid {
            message: located(&names[source], &rejected.error),
            source,
        },
        Entry::Note { source, note } => Outcome::Note(format!(
            "note: {}: line {}: {}",
            names[source], note.line, note.message
        )),
        Entry::Unopened(message) => Outcome::Unopened(message),
    };
    let mut last_line = (0, 0);
    let mut times = TimeStats::default();
    let write = |outcome: Outcome| {
        let mut ms = None;
        let record = match outcome {
            Outcome::Rated {
                record,
                source,
                line,
                ms: took,
            } => {
                last_line = (source, line);
                if args.times {
                    ms = Some(took);
                    times.add(took, || format!("{} line {line}", names[source]));
                }
                record
            }
            Outcome::Invalid { message, source } => {
                progress.message(&format!("error: {message}"));
                last_line.0 = source;
                RateRecord::unreadable(&settings)
            }
            Outcome::Note(message) => {
                progress.message(&message);
                return ControlFlow::Continue(());
            }
            Outcome::Unopened(message) => {
                progress.message(&format!("error: {message}"));
                failed = true;
                return ControlFlow::Continue(());
            }
        };
        failed |= !matches!(record.status.as_str(), "solved" | "stuck" | "timeout");
        summary.add(&record.status, record.er.unwrap_or(f64::NAN));
        progress.advance(last_line.0, last_line.1);
        let written = match (args.format, args.times) {
            (RateFormat::Csv, false) => writeln!(out, "{}", record.to_csv()),
            (RateFormat::Csv, true) => writeln!(out, "{},{}", record.to_csv(), ms_field(ms)),
            (RateFormat::Json, times) => {
                let mut line = serde_json::to_string(&record).expect("records serialize");
                if times {
                    // The record's fields keep their order; the time comes last.
                    line.pop(); // the closing brace
                    let ms = ms.map_or("null".to_string(), |ms| format!("{ms:.1}"));
                    line.push_str(&format!(",\"ms\":{ms}}}"));
                }
                writeln!(out, "{line}")
            }
        };
        if written.is_err() {
            // The reader went away (`| head`): rating the rest would be wasted.
            return ControlFlow::Break(());
        }
        if last_flush.elapsed() >= FLUSH_EVERY {
            last_flush = Instant::now();
            if out.flush().is_err() {
                return ControlFlow::Break(());
            }
        }
        ControlFlow::Continue(())
    };
    ordered_map(
        input::stream(sources, args.input.input_format),
        jobs,
        jobs * WINDOW_PER_JOB,
        work,
        write,
    );
    let _ = out.flush();
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
