//! `stepwise generate`: new puzzles of a chosen level, ER range, technique, symmetry and number
//! of givens, each rated as `rate` rates it, from one `stepwise::generate::run` call.
//!
//! The command parses its options into a [`Request`], lets the library check it
//! ([`stepwise::generate::validate`]: an impossible request is a usage error naming its option,
//! exit 2, nothing on stdout), and prints each puzzle as the library gives it, in attempt
//! order: the `rate` CSV row (default), a JSON puzzle record per line (`--format json`, the
//! shape the formats module reads) or the bare 81-character line. The same `--seed` and options
//! give the same puzzles whatever `--jobs`; without `--seed` the seed comes from the clock and is
//! printed on stderr. A run that ends short of `--count` (the time ran out) still prints what
//! it found, then says on stderr how far it came and which puzzle came closest, exit 1.

use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use clap::{Args, ValueEnum};
use stepwise::budget::Budget;
use stepwise::format::iso8601_utc;
use stepwise::generate::{Constraints, Generated, Report, Request, Symmetry};
use stepwise::technique::{Level, Technique};
use stepwise::RateRecord;

use super::output::Out;
use super::progress::Progress;
use super::{
    batch, parse_jobs, parse_technique, parse_timeout, CacheArgs, ProfileArgs, EXIT_FAILED,
    EXIT_OK, EXIT_USAGE,
};

/// What `generate` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum GenerateFormat {
    /// `rate`'s CSV: a header, then puzzle,er,ep,ed,level,score,hardest,steps,status,error.
    Csv,
    /// One JSON puzzle record per line: id, difficulty, board, solution, createdAt.
    Json,
    /// The 81-character puzzle line alone.
    Line,
}

#[derive(Args, Debug)]
pub struct GenerateArgs {
    /// How many puzzles to generate.
    #[arg(long, short = 'n', value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub count: u64,
    /// HoDoKu's level, read on the hodoku path: easy, medium, hard, unfair or extreme.
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    pub level: Option<Level>,
    /// Sudoku Explainer's ER, read on the se path: MIN..MAX (both included, decimals), or one
    /// number X for X..X.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_er)]
    pub er: Option<(f64, f64)>,
    /// A technique that must appear in the path the hardest step is read from (slug or name);
    /// may be repeated.
    #[arg(long = "technique", value_name = "SLUG", value_parser = parse_technique)]
    pub required: Vec<Technique>,
    /// The technique that must be the hardest step, as `rate` prints it (on the se path by
    /// default; on the hodoku path with --profile hodoku).
    #[arg(long, value_name = "SLUG", value_parser = parse_technique)]
    pub hardest: Option<Technique>,
    /// Symmetry of the givens' positions: none (any), rotational (180°), rotational-90,
    /// diagonal (/), antidiagonal (\), horizontal, vertical or mirror (the vertical axis).
    #[arg(long, value_name = "SYMMETRY", value_parser = parse_symmetry)]
    pub symmetry: Option<SymmetryArg>,
    /// No given can be taken away without losing uniqueness.
    #[arg(long)]
    pub minimal: bool,
    /// The number of givens: MIN..MAX (both included), or one number N for N..N.
    #[arg(long, value_name = "MIN..MAX", value_parser = parse_givens)]
    pub givens: Option<(usize, usize)>,
    #[command(flatten)]
    pub profile: ProfileArgs,
    #[command(flatten)]
    pub cache: CacheArgs,
    /// The seed: the same seed and options give the same puzzles, whatever --jobs. Default:
    /// from the clock, printed on standard error.
    #[arg(long, value_name = "S")]
    pub seed: Option<u64>,
    /// Worker threads (default: every available core).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// Time limit for the whole run in seconds (a decimal number), or `none`; default 300. When
    /// it passes, the puzzles found are printed and the run ends with exit code 1. No single
    /// rating may take longer.
    #[arg(long, value_name = "SECS", value_parser = parse_run_timeout)]
    pub timeout: Option<RunTimeout>,
    /// Output format.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: GenerateFormat,
    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    /// Do not print the closing summary line on standard error.
    #[arg(long)]
    pub no_summary: bool,
}

/// `--symmetry`: one symmetry, or `none` (any pattern of givens).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct SymmetryArg(pub Option<Symmetry>);

/// `--timeout`: seconds, or `none` for no limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct RunTimeout(pub Option<Duration>);

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse().map_err(|e: stepwise::technique::UnknownLevel| e.to_string())
}

fn parse_symmetry(s: &str) -> Result<SymmetryArg, String> {
    stepwise::generate::symmetry_choice(s)
        .map(SymmetryArg)
        .map_err(|e| e.to_string())
}

/// `MIN..MAX` or one value `X` (for `X..X`); the order is the library's to check.
fn parse_range<T: std::str::FromStr + Copy>(s: &str, what: &str) -> Result<(T, T), String> {
    let number = |part: &str| {
        part.trim()
            .parse::<T>()
            .map_err(|_| format!("'{}' is not {what}", part.trim()))
    };
    match s.split_once("..") {
        Some((min, max)) => Ok((number(min)?, number(max)?)),
        None => {
            let x = number(s)?;
            Ok((x, x))
        }
    }
}

fn parse_er(s: &str) -> Result<(f64, f64), String> {
    parse_range(s, "a rating (a decimal number)")
}

fn parse_givens(s: &str) -> Result<(usize, usize), String> {
    parse_range(s, "a number of givens")
}

fn parse_run_timeout(s: &str) -> Result<RunTimeout, String> {
    if s.trim().eq_ignore_ascii_case("none") {
        return Ok(RunTimeout(None));
    }
    parse_timeout(s).map(|t| RunTimeout(Some(t)))
}

impl GenerateArgs {
    /// The library's request for these arguments, with `seed`.
    fn request(&self, seed: u64) -> Request {
        let time_limit = match self.timeout {
            Some(RunTimeout(limit)) => limit,
            None => Some(stepwise::generate::DEFAULT_TIME_LIMIT),
        };
        // One rating never gets more time than the whole run.
        let budget = Budget {
            time: time_limit,
            cache_bytes: self.cache.bytes(),
        };
        Request {
            count: usize::try_from(self.count).unwrap_or(usize::MAX),
            constraints: Constraints {
                level: self.level,
                er: self.er,
                techniques: self.required.clone(),
                hardest: self.hardest,
                symmetry: self.symmetry.and_then(|s| s.0),
                minimal: self.minimal,
                givens: self.givens,
            },
            settings: self.profile.settings().with_budget(budget),
            seed,
            jobs: self.jobs.unwrap_or_else(batch::default_jobs),
            time_limit,
        }
    }

    fn format(&self) -> GenerateFormat {
        if self.json {
            GenerateFormat::Json
        } else {
            self.format
        }
    }
}

/// A seed from the clock, for a run without `--seed`.
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    // Nanoseconds fit in 64 bits until 2554; the low bits change the most.
    now.as_nanos() as u64
}

fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

pub fn run(args: &GenerateArgs) -> i32 {
    let seed = args.seed.unwrap_or_else(clock_seed);
    let request = args.request(seed);
    if let Err(e) = stepwise::generate::validate(&request) {
        eprintln!("error: --{}: {}", e.option, e.reason);
        return EXIT_USAGE;
    }
    if args.seed.is_none() {
        eprintln!("note: seed {seed} (--seed {seed} repeats this run)");
    }
    let format = args.format();
    let out = RefCell::new(Out::new());
    let progress = RefCell::new(Progress::on_stderr(Arc::new(OnceLock::new())));
    if format == GenerateFormat::Csv {
        out.borrow_mut().line(RateRecord::CSV_HEADER);
    }
    let write = |puzzle: &Generated| {
        let text = match format {
            GenerateFormat::Csv => puzzle.record.to_csv(),
            GenerateFormat::Line => puzzle.line(),
            GenerateFormat::Json => {
                let id = format!("stepwise-{seed}-{}", puzzle.attempt);
                let record = puzzle.json_record(id, iso8601_utc(unix_seconds()));
                serde_json::to_string(&record).expect("records serialize")
            }
        };
        let mut out = out.borrow_mut();
        if out.is_terminal() {
            // The row goes on a line of its own, not after the progress line.
            progress.borrow_mut().clear();
        }
        out.line(&text);
        out.end_record();
        ControlFlow::Continue(())
    };
    let asked = request.count;
    let show = |p: stepwise::generate::Progress| {
        progress.borrow_mut().show(|_, elapsed| {
            let rate = p.found as f64 / elapsed.as_secs_f64().max(1e-9);
            format!(
                "found {}/{asked}, tried {}, {rate:.1} puzzles/s",
                p.found, p.tried
            )
        });
    };
    let report = match stepwise::generate::run(&request, write, show) {
        Ok(report) => report,
        Err(e) => {
            eprintln!("error: --{}: {}", e.option, e.reason);
            return EXIT_USAGE;
        }
    };
    out.borrow_mut().flush();
    progress.borrow_mut().clear();
    if report.complete {
        if !args.no_summary {
            eprintln!("{}", summary(&report, request.jobs));
        }
        EXIT_OK
    } else {
        eprint!("{}", shortfall(&report, asked, request.time_limit));
        EXIT_FAILED
    }
}

/// The closing line of a complete run.
fn summary(report: &Report, jobs: usize) -> String {
    let seconds = report.seconds.max(1e-9);
    format!(
        "generated {} puzzle{} from {} attempt{} in {:.2} s ({:.1} puzzles/s, {jobs} job{})",
        report.found,
        plural(report.found as u64),
        report.tried,
        plural(report.tried),
        report.seconds,
        report.found as f64 / seconds,
        plural(jobs as u64),
    )
}

/// What a run that ended short says: how far it came and the nearest miss.
fn shortfall(report: &Report, asked: usize, limit: Option<Duration>) -> String {
    let why = match limit {
        Some(limit) => format!("the time ran out (--timeout {})", limit.as_secs_f64()),
        None => "the run stopped".to_string(),
    };
    let mut text = format!(
        "error: {why}: found {} of {asked} puzzle{} asked, {} attempt{} tried in {:.1} s\n",
        report.found,
        plural(asked as u64),
        report.tried,
        plural(report.tried),
        report.seconds,
    );
    match &report.closest {
        Some(closest) => {
            text.push_str(&format!(
                "closest: {} ({})\nclosest misses: {}\n",
                closest.puzzle,
                figures(&closest.record, &closest.puzzle),
                closest.misses.join(", ")
            ));
        }
        None if report.found == 0 => {
            text.push_str("closest: none (no attempt finished in time)\n");
        }
        None => {}
    }
    text
}

/// A rating's figures in words: `ER 7.1, EP 1.2, ED 1.2, level Unfair, score 1520, hardest
/// X-Chain, 24 givens`.
fn figures(record: &RateRecord, puzzle: &str) -> String {
    let mut parts = Vec::new();
    for (name, value) in [("ER", record.er), ("EP", record.ep), ("ED", record.ed)] {
        if let Some(value) = value {
            parts.push(format!("{name} {value:.1}"));
        }
    }
    if let Some(level) = record.level {
        parts.push(format!("level {level}"));
    }
    if let Some(score) = record.score {
        parts.push(format!("score {score}"));
    }
    if let Some(hardest) = record.hardest {
        parts.push(format!("hardest {hardest}"));
    }
    let givens = puzzle.bytes().filter(|b| b.is_ascii_digit() && *b != b'0');
    parts.push(format!("{} givens", givens.count()));
    if record.status != "solved" {
        parts.push(format!("status {}", record.status));
    }
    parts.join(", ")
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ranges_take_two_ends_or_one_number() {
        assert_eq!(parse_er("3.4..7"), Ok((3.4, 7.0)));
        assert_eq!(parse_er("8.3"), Ok((8.3, 8.3)));
        assert_eq!(
            parse_er("5..3"),
            Ok((5.0, 3.0)),
            "the library checks the order"
        );
        assert!(parse_er("x..3").unwrap_err().contains("'x'"));
        assert_eq!(parse_givens("24..30"), Ok((24, 30)));
        assert_eq!(parse_givens(" 25 "), Ok((25, 25)));
        assert!(parse_givens("2.5").is_err());
    }

    #[test]
    fn levels_and_symmetries_by_name() {
        assert_eq!(parse_level("Hard"), Ok(Level::Hard));
        assert_eq!(parse_level("extreme"), Ok(Level::Extreme));
        assert!(parse_level("diabolical").unwrap_err().contains("unfair"));
        assert_eq!(parse_symmetry("none"), Ok(SymmetryArg(None)));
        assert_eq!(
            parse_symmetry("rotational"),
            Ok(SymmetryArg(Some(Symmetry::Rotational180)))
        );
        assert_eq!(
            parse_symmetry("mirror"),
            Ok(SymmetryArg(Some(Symmetry::Vertical)))
        );
        assert_eq!(
            parse_symmetry("antidiagonal"),
            Ok(SymmetryArg(Some(Symmetry::AntiDiagonal)))
        );
        assert!(parse_symmetry("spiral").is_err());
    }

    #[test]
    fn run_timeout_takes_none() {
        assert_eq!(parse_run_timeout("none"), Ok(RunTimeout(None)));
        assert_eq!(
            parse_run_timeout("1.5"),
            Ok(RunTimeout(Some(Duration::from_millis(1500))))
        );
        assert!(parse_run_timeout("0").is_err());
    }
}
