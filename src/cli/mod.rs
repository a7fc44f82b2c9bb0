//! The `stepwise` command line: argument definitions (clap), input sources and one module per
//! command. Owns exit codes: 0 when every puzzle succeeded, 1 when any failed, 2 for usage errors.

mod analyze;
mod batch;
mod check;
mod compare;
mod explain;
mod hint;
mod input;
mod progress;
mod rate;
mod solve;
mod summary;
mod timing;

use clap::{Args, Parser, Subcommand, ValueEnum};
use stepwise::explain::RateSettings;
use stepwise::format::Format;
use stepwise::hint::HintLevel;
use stepwise::pipeline::Options;
use stepwise::technique::Technique;

/// Exit code when every puzzle succeeded.
pub const EXIT_OK: i32 = 0;
/// Exit code when any puzzle failed (bad input, no solution, several solutions).
pub const EXIT_FAILED: i32 = 1;
/// Exit code for usage errors (clap uses the same).
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "stepwise",
    version,
    about = "Human-style Sudoku solver, hint engine and difficulty rater",
    after_help = "Examples:\n  stepwise solve examples/puzzles.txt\n  stepwise solve --grid '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'\n  cat puzzles.txt | stepwise check --json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the solution of each puzzle.
    #[command(
        after_help = "Examples:\n  stepwise solve examples/puzzles.txt\n  stepwise solve --grid -f puzzle.txt\n  stepwise solve --json examples/record.json\n\nExit code: 0 when every puzzle was solved, 1 when any had an error, no solution or several."
    )]
    Solve(SolveArgs),
    /// Say whether each puzzle has a unique solution, none, or several.
    #[command(
        after_help = "Prints one line per puzzle: unique, none, multiple or invalid: <reason>.\n\nExamples:\n  stepwise check examples/puzzles.txt\n  stepwise check --json - < puzzles.txt\n\nExit code: 0 when every puzzle is unique, 1 otherwise."
    )]
    Check(CheckArgs),
    /// Solve each puzzle step by step with human techniques and print the path and rating.
    #[command(
        after_help = "Examples:\n  stepwise explain examples/puzzles.txt\n  stepwise explain --json '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'\n  stepwise explain --techniques full-house,hidden-single-box,hidden-single-line,naked-single PUZZLE\n\nExit code: 0 when every puzzle was solved or got stuck, 1 when any was invalid."
    )]
    Explain(ExplainArgs),
    /// The next step from your current state: a puzzle with digits filled in, or your pencilmarks.
    #[command(
        after_help = "Levels: nudge (family and region), technique (name, unit, digit), cells (the pattern's cells), full (the deduction).\n\nExamples:\n  stepwise hint --level nudge '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'\n  stepwise hint --level full --puzzle original.txt my-state.txt\n\nBefore any technique the state is checked: a wrong digit or a removed true candidate is the hint."
    )]
    Hint(HintArgs),
    /// Rate each puzzle: puzzle,er,ep,ed,level,score,hardest,steps,status.
    #[command(
        after_help = "Examples:\n  stepwise rate examples/puzzles.txt\n  stepwise rate --format json - < puzzles.txt\n  stepwise rate --profile hodoku examples/puzzles.txt\n  stepwise rate --jobs 2 --timeout 0.5 big.txt > ratings.csv\n  stepwise rate --profile se --times hard.txt > ratings.csv\n\nTwo paths per puzzle by default: ER/EP/ED and hardest from Sudoku Explainer 1.2.1's path (a stuck path rates 20.0 as SE does), level and score from HoDoKu 2.2's. --profile takes one path only; the other path's columns are left empty (null in JSON). A puzzle over --timeout is written with status timeout and the unrated values.\nRows come in input order. Standard error gets a progress line when it is a terminal, then a summary (counts per status, time, puzzles/s, ER histogram; with --times also the median, percentiles and worst time per puzzle).\n\nExit code: 0 when every puzzle was rated (solved, stuck or timeout), 1 when any was invalid, had no solution or several, or a source could not be opened."
    )]
    Rate(RateArgs),
    /// Analyze each puzzle: givens, symmetry, rating, technique histogram, bottleneck steps.
    #[command(
        after_help = "Examples:\n  stepwise analyze examples/graded.txt\n  stepwise analyze --require x-wing --format json FILE\n  stepwise analyze --plot er.svg FILE\n\nA batch of more than one puzzle ends with a summary.\nExit code: 0 when every puzzle has one solution and meets every --require, 1 otherwise, 2 for an unknown technique."
    )]
    Analyze(analyze::AnalyzeArgs),
    /// Rate a file of rated puzzles and print the agreement with its ratings per ER band.
    #[command(
        after_help = "REFERENCE holds `puzzle er [ep ed]` per line (tabs or spaces, `#` comments), e.g. ../shared/data/rated/se121.tsv.\n\nExamples:\n  stepwise compare ../shared/data/rated/se121.tsv --paths ../shared/data/rated/se121-paths.txt\n  stepwise compare --worst 3 --limit 100 ../shared/data/rated/sukaku-exchange.tsv\n\nExit code: 0 when every line was read, 1 when any line was malformed (it is reported and skipped)."
    )]
    Compare(CompareArgs),
}

/// How every command takes its puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzles: each a file path if such a file exists, otherwise a puzzle string; `-` is standard input. None: standard input.
    #[arg(value_name = "PUZZLE|FILE")]
    pub inputs: Vec<String>,
    /// Read puzzles from FILE (may be repeated).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub files: Vec<String>,
    /// Force the input format instead of detecting it.
    #[arg(long, value_name = "line|grid|pencilmark|json")]
    pub format: Option<Format>,
}

/// How commands whose `--format` is the output format (`rate`, `analyze`) take their puzzles:
/// the same as [`InputArgs`], with `--input-format` for the input format.
#[derive(Args, Debug, Clone)]
pub struct ReportInputArgs {
    /// Puzzles: each a file path if such a file exists, otherwise a puzzle string; `-` is standard input. None: standard input.
    #[arg(value_name = "PUZZLE|FILE")]
    pub inputs: Vec<String>,
    /// Read puzzles from FILE (may be repeated).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub files: Vec<String>,
    /// Force the input format instead of detecting it (`--format` is the output format here).
    #[arg(long, value_name = "line|grid|pencilmark|json")]
    pub input_format: Option<Format>,
}

impl ReportInputArgs {
    /// The same inputs as the other commands' [`InputArgs`].
    pub fn as_input_args(&self) -> InputArgs {
        InputArgs {
            inputs: self.inputs.clone(),
            files: self.files.clone(),
            format: self.input_format,
        }
    }
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print each solution as a 9x9 grid.
    #[arg(long, conflicts_with = "json")]
    pub grid: bool,
    /// Print each puzzle as a JSON record with its solution filled in (one per line).
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print {"puzzle","status","solution"} objects, one per line.
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct ExplainArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print the explanation as JSON (one object per puzzle, one per line).
    #[arg(long)]
    pub json: bool,
    /// Technique profile: `se` (Sudoku Explainer 1.2.1's techniques, so ratings agree with SE),
    /// `hodoku` (HoDoKu 2.2's default techniques and order), `sukaku` (Sukaku Explainer's rule
    /// set, approximated), `extended` (adds finned fish, single-digit patterns, coloring,
    /// Locked Pair/Triple) or `all` (also franken and mutant fish, which are slow).
    #[arg(long, value_enum, default_value = "se")]
    pub profile: Profile,
    /// Comma-separated techniques to enable, in the order given (slugs or names); overrides --profile.
    #[arg(long, value_delimiter = ',')]
    pub techniques: Vec<String>,
    /// Do not assume the solution is unique: leave out unique rectangles and BUG.
    #[arg(long)]
    pub no_uniqueness: bool,
}

#[derive(Args, Debug)]
pub struct HintArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// How much to give away.
    #[arg(long, default_value = "technique", value_parser = parse_level)]
    pub level: HintLevel,
    /// The original puzzle (string or file), so that a wrong digit can be named.
    #[arg(long, value_name = "PUZZLE|FILE")]
    pub puzzle: Option<String>,
    /// Print the hint as JSON.
    #[arg(long)]
    pub json: bool,
}

fn parse_level(s: &str) -> Result<HintLevel, String> {
    s.parse()
        .map_err(|_| format!("unknown level '{s}': expected nudge, technique, cells or full"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum RateFormat {
    Csv,
    Json,
}

#[derive(Args, Debug)]
pub struct RateArgs {
    #[command(flatten)]
    pub input: ReportInputArgs,
    /// Output format: CSV with a header, or JSON lines.
    #[arg(long, value_enum, default_value = "csv")]
    pub format: RateFormat,
    /// One path only: `se` (ER/EP/ED and hardest; level and score left empty), `hodoku`
    /// (level, score and hardest; ER/EP/ED left empty), `sukaku`, `extended` or `all`
    /// (in the se columns). Default: both the se and the hodoku path.
    #[arg(long, value_enum)]
    pub profile: Option<Profile>,
    /// Comma-separated techniques to enable, in the order given; they replace the techniques of
    /// the --profile path (of the se path without --profile), and the other path is not taken.
    #[arg(long, value_delimiter = ',')]
    pub techniques: Vec<String>,
    /// Do not assume the solution is unique: leave out unique rectangles and BUG.
    #[arg(long)]
    pub no_uniqueness: bool,
    /// Worker threads (default: every available core).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// Give up on a puzzle after SECS seconds (a decimal number); it is reported as `timeout`.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    /// Add each puzzle's rating time in milliseconds (wall time on its worker thread) as a
    /// last column `ms`, and the median, 90th and 99th percentile and worst time (with its
    /// line) to the summary.
    #[arg(long)]
    pub times: bool,
    /// Do not print the closing summary on standard error.
    #[arg(long)]
    pub no_summary: bool,
}

fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a number of jobs from 1 to 1024")),
    }
}

fn parse_timeout(s: &str) -> Result<std::time::Duration, String> {
    let seconds: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("'{s}' is not a number of seconds"))?;
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(format!(
            "the timeout must be more than 0 seconds, got '{s}'"
        ));
    }
    std::time::Duration::try_from_secs_f64(seconds)
        .map_err(|_| format!("the timeout '{s}' is too large"))
}

/// How `compare` prints its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The rated file: `puzzle er [ep ed]` per line.
    #[arg(value_name = "REFERENCE")]
    pub reference: String,
    /// Sudoku Explainer's solving paths (the se121-paths.txt format), shown beside ours.
    #[arg(long, value_name = "SE-PATHS")]
    pub paths: Option<String>,
    /// How many of the worst ER disagreements to list with their paths.
    #[arg(long, default_value_t = 10, value_name = "K")]
    pub worst: usize,
    /// Rate only the first N puzzles of the file.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Technique profile to rate with.
    #[arg(long, value_enum, default_value = "se")]
    pub profile: Profile,
    /// Comma-separated techniques to rate with, in the order given; overrides --profile (to
    /// measure a candidate rule set against a reference).
    #[arg(long, value_delimiter = ',')]
    pub techniques: Vec<String>,
    /// Output: a text report or one JSON object.
    #[arg(long, value_enum, default_value = "text")]
    pub format: CompareFormat,
}

/// Which techniques `explain` and `rate` use.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Profile {
    Se,
    Hodoku,
    /// Sukaku Explainer's default rule set, approximated (SE plus single-digit patterns,
    /// X-Chain and WXYZ-Wing).
    Sukaku,
    Extended,
    All,
}

/// Pipeline options from `--profile` and `--techniques`; an unknown name is a usage error (exit 2).
pub fn pipeline_options(
    profile: Profile,
    names: &[String],
    no_uniqueness: bool,
) -> Result<Options, i32> {
    let options = techniques_for(profile, names)?;
    Ok(if no_uniqueness {
        options.without_uniqueness()
    } else {
        options
    })
}

/// The paths `rate` takes: both the se and the hodoku path by default, one with `--profile`
/// or `--techniques` (see [`RateArgs`]).
pub fn rate_settings(args: &RateArgs) -> Result<RateSettings, i32> {
    let one = |profile| pipeline_options(profile, &args.techniques, args.no_uniqueness);
    Ok(match args.profile {
        None if args.techniques.is_empty() => RateSettings {
            se: Some(one(Profile::Se)?),
            hodoku: Some(one(Profile::Hodoku)?),
        },
        None => RateSettings {
            se: Some(one(Profile::Se)?),
            hodoku: None,
        },
        Some(Profile::Hodoku) => RateSettings {
            se: None,
            hodoku: Some(one(Profile::Hodoku)?),
        },
        Some(profile) => RateSettings {
            se: Some(one(profile)?),
            hodoku: None,
        },
    })
}

fn techniques_for(profile: Profile, names: &[String]) -> Result<Options, i32> {
    let mut options = match profile {
        Profile::Se => Options::sudoku_explainer(),
        Profile::Hodoku => Options::hodoku(),
        Profile::Sukaku => Options::sukaku_explainer(),
        Profile::Extended => Options::extended(),
        Profile::All => {
            use strum::IntoEnumIterator;
            Options {
                techniques: Technique::iter().collect(),
                step_limit: None,
                choice: Default::default(),
                time_limit: None,
            }
        }
    };
    if names.is_empty() {
        return Ok(options);
    }
    let mut techniques = Vec::new();
    for name in names {
        match Technique::parse(name) {
            Some(t) => techniques.push(t),
            None => {
                eprintln!("error: unknown technique '{name}'");
                return Err(EXIT_USAGE);
            }
        }
    }
    options.techniques = techniques;
    Ok(options)
}

/// Parses the arguments, runs the command and returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version are not errors; clap picks the stream and the code.
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Compare(args) => compare::run(&args),
    }
}

/// Walks every puzzle of every source in order, calling `each` with the source name and the
/// puzzle (or the error of the record in its place); notes go to standard error as
/// `note: SOURCE: line N: message`. Returns false if a source could not be opened.
pub fn for_each_puzzle(
    input: &InputArgs,
    mut each: impl FnMut(&str, Result<stepwise::format::PuzzleInput, stepwise::Error>),
) -> bool {
    use stepwise::format::Record;
    let mut all_opened = true;
    for source in input::sources(&input.inputs, &input.files) {
        let name = source.name();
        match input::open(&source, input.format) {
            Ok(records) => {
                for record in records {
                    match record {
                        Record::Puzzle(puzzle) => each(&name, Ok(puzzle)),
                        Record::Rejected(rejected) => each(&name, Err(rejected.error)),
                        Record::Note(note) => {
                            eprintln!("note: {name}: line {}: {}", note.line, note.message)
                        }
                    }
                }
            }
            Err(message) => {
                eprintln!("error: {message}");
                all_opened = false;
            }
        }
    }
    all_opened
}

/// `SOURCE: message`, or just the message for a single argument puzzle.
pub fn located(source: &str, error: &stepwise::Error) -> String {
    format!("{source}: {error}")
}

/// The complete solver's verdict on a parsed puzzle; pencilmark input restricts each cell to
/// the candidates written.
pub fn validity_of(puzzle: &stepwise::format::PuzzleInput) -> stepwise::solver::Validity {
    match &puzzle.candidates {
        Some(candidates) => stepwise::solver::validity_with_candidates(candidates),
        None => stepwise::solver::validity(&puzzle.cells),
    }
}

/// The error for a puzzle that is not uniquely solvable, naming where two solutions differ.
pub fn validity_error(validity: &stepwise::solver::Validity) -> Option<stepwise::Error> {
    use stepwise::solver::Validity;
    match validity {
        Validity::Unique(_) => None,
        Validity::NoSolution => Some(stepwise::Error::NoSolution),
        Validity::Multiple(a, b) => {
            let differing = (0..81).filter(|&i| a[i] != b[i]).collect();
            Some(stepwise::Error::MultipleSolutions { differing })
        }
    }
}
