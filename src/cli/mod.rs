//! The `stepwise` command line: argument definitions (clap), input sources and one module per
//! command. Writes the library's answer records (`stepwise::answer`) and knows nothing of the
//! server: `main` parses the top level and hands `serve`'s options to the server. Owns exit codes: 0 when every puzzle succeeded, 1 when any failed, 2 for usage
//! errors. Policy (profiles, paths, time limits) is the library's: commands parse their
//! arguments, call the public API and print.
//!
//! One convention for formats in every command: `--input-format` forces how puzzles are read,
//! `--format` chooses what is written, and `--json` is short for `--format json`.

mod analyze;
mod apply;
mod batch;
mod bench;
mod check;
mod compare;
mod engines;
mod explain;
// The server reads `generate`'s level and symmetry names as the command does.
pub(crate) mod generate;
mod hint;
mod input;
mod kakuro;
mod output;
mod progress;
mod rate;
#[cfg(feature = "server")]
mod serve;
mod solve;
mod stream;
mod summary;
mod techniques;
mod timing;

use clap::{Args, Subcommand, ValueEnum};
use stepwise::format::Format;
use stepwise::profile::{Profile, RateSettings};
use stepwise::technique::Technique;

#[cfg(feature = "server")]
pub use batch::default_jobs;
#[cfg(feature = "server")]
pub use serve::ServeArgs;
pub use stepwise::answer::{input_format as parse_input_format, parse_timeout};

/// Exit code when every puzzle succeeded.
pub const EXIT_OK: i32 = 0;
/// Exit code when any puzzle failed (bad input, no solution, several solutions).
pub const EXIT_FAILED: i32 = 1;
/// Exit code for usage errors (clap uses the same).
pub const EXIT_USAGE: i32 = 2;

/// The commands, each run by [`run`]; `main` adds `serve` beside them.
#[derive(Subcommand, Debug)]
pub enum Command {
    /// Print the solution of each puzzle.
    #[command(
        after_help = "One answer per input, in order: the solution, or for a puzzle that has none, several or cannot be read an `error:` line (a JSON error object with --json).\n\nExamples:\n  stepwise solve examples/puzzles.txt\n  stepwise solve --format grid -f puzzle.txt\n  stepwise solve --json examples/record.json\n  stepwise solve --engine dlx --stats examples/puzzles.txt\n  stepwise solve --shape latin:3 --all '123......'\n  stepwise solve --shape 3x2 --grid '5.1....1.6..3.4...6.3.1.....2......5'\n\nEngines and shapes: --engine, --all, --limit, --shape, --stats, --node-limit and --timeout solve with one of the classic engines (naive, backtrack, fc, fc-mrv, fc-mrv-lcv, mac, cost, dlx, fast), on a grid of any size (4x4 to 25x25, values 1-9 then A-P, or rows of numbers) or a Latin square. --all lists every solution, --limit N the first N, each followed by a `# N solutions` line. The default engine is fast on 9x9, dlx on other shapes; fast solves 9x9 only. A run that hits the node or time limit says so and fails.\n\nExit code: 0 when every puzzle was solved (with --all or --limit: has a solution and was not cut by a limit), 1 when any had an error, no solution or several."
    )]
    Solve(SolveArgs),
    /// Say whether each puzzle has a unique solution, none, or several.
    #[command(
        after_help = "Prints one line per input: unique, none, multiple or invalid: <reason>.\n\nExamples:\n  stepwise check examples/puzzles.txt\n  stepwise check --json - < puzzles.txt\n  stepwise check --all '................'   (288: the 4x4 grids)\n  stepwise check --engine mac --stats examples/puzzles.txt\n\nEngines and shapes (as for solve): --all prints the exact number of solutions (`288 solutions`), --limit N counts up to N (`at least N solutions`); a count cut by the node or time limit says so.\n\nExit code: 0 when every puzzle is unique (with --all or --limit: when every count finished), 1 otherwise."
    )]
    Check(CheckArgs),
    /// Solve each puzzle step by step with human techniques and print the path and rating.
    #[command(
        after_help = "The rating names the path each figure comes from: ER/EP/ED from Sudoku Explainer's path, level and score from HoDoKu's (both by default; --profile takes one).\n\nExamples:\n  stepwise explain examples/puzzles.txt\n  stepwise explain --board --verbose '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'\n  stepwise explain --state-after 20 PUZZLE > state.txt; stepwise hint state.txt\n  stepwise explain --techniques full-house,hidden-single-box,hidden-single-line,naked-single PUZZLE\n\nExit code: 0 when every puzzle was solved or got stuck, 1 when any was invalid, had no solution or several, or ran out of time."
    )]
    Explain(explain::ExplainArgs),
    /// The next step from your current state: a puzzle with digits filled in, or your pencilmarks.
    #[command(
        after_help = "Levels: nudge (family and region), technique (name, unit, digit), cells (the pattern's cells), full (the deduction).\n\nExamples:\n  stepwise hint --level nudge '53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79'\n  stepwise hint --level full --puzzle original.txt my-state.txt\n\nBefore any technique the state is checked: a wrong digit or a removed true candidate is the hint."
    )]
    Hint(hint::HintArgs),
    /// Rate each puzzle: puzzle,er,ep,ed,level,score,hardest,steps,status,error.
    #[command(
        after_help = "Examples:\n  stepwise rate examples/puzzles.txt\n  stepwise rate --format json - < puzzles.txt\n  stepwise rate --profile hodoku examples/puzzles.txt\n  stepwise rate --jobs 2 --timeout 0.5 big.txt > ratings.csv\n  stepwise rate --profile se --times hard.txt > ratings.csv\n\nTwo paths per puzzle by default: ER/EP/ED and hardest from Sudoku Explainer 1.2.1's path (a stuck path rates 20.0 as SE does), level and score from HoDoKu 2.2's. --profile takes one path only; the other path's columns are left empty (null in JSON). --timeout is one limit per puzzle over both paths; a puzzle over it is written with status timeout and no figures.\nRows come in input order, one per input, bad lines included (status invalid, the error in the last column). Standard error gets a progress line when it is a terminal, then a summary (counts per status, time, puzzles/s, ER histogram; with --times also the median, percentiles and worst time per puzzle).\n\nExit code: 0 when every puzzle was rated (solved, stuck or timeout), 1 when any was invalid, had no solution or several, or a source could not be opened."
    )]
    Rate(rate::RateArgs),
    /// Analyze each puzzle: givens, symmetry, rating, technique histogram, bottleneck steps.
    #[command(
        after_help = "Examples:\n  stepwise analyze examples/graded.txt\n  stepwise analyze --require x-wing --format json FILE\n  stepwise analyze --jobs 2 --plot er.svg FILE\n\nA batch of more than one puzzle ends with a summary.\nExit code: 0 when every puzzle has one solution and meets every --require, 1 otherwise, 2 for an unknown technique."
    )]
    Analyze(analyze::AnalyzeArgs),
    /// List every technique: slug, name, family, SE rating, HoDoKu score and level, profiles.
    #[command(
        after_help = "Examples:\n  stepwise techniques\n  stepwise techniques --profile hodoku\n  stepwise techniques --json\n  stepwise techniques x-wing"
    )]
    Techniques(techniques::TechniquesArgs),
    /// Rate a file of rated puzzles and print the agreement with its ratings per ER band.
    #[command(
        after_help = "REFERENCE holds `puzzle er [ep ed]` per line (tabs or spaces, `#` comments), e.g. ../shared/data/rated/se121.tsv.\n\nExamples:\n  stepwise compare ../shared/data/rated/se121.tsv --paths ../shared/data/rated/se121-paths.txt\n  stepwise compare --worst 3 --limit 100 ../shared/data/rated/sukaku-exchange.tsv\n\nExit code: 0 when every line was read, 1 when any line was malformed (it is reported and skipped)."
    )]
    Compare(compare::CompareArgs),
    /// Generate new puzzles of a chosen level, ER range, technique, symmetry and givens, rated as `rate` rates them.
    #[command(
        after_help = "Every puzzle printed has exactly one solution, is rated with the profile asked (both paths by default: ER, EP, ED and hardest from Sudoku Explainer's path, level and score from HoDoKu's) and meets every constraint given. The same --seed and options give the same puzzles whatever --jobs; without --seed the seed comes from the clock and is printed on standard error.\n\nExamples:\n  stepwise generate --level hard --symmetry rotational --count 5 --seed 1\n  stepwise generate --profile hodoku --hardest x-wing --count 10 --format json > x-wing.json\n  stepwise generate --er 3.0..4.5 --minimal --givens 24..28 --count 20 | stepwise rate\n\nOutput: rate's CSV (header, then puzzle,er,ep,ed,level,score,hardest,steps,status,error), --format json (one JSON puzzle record per line: id stepwise-SEED-ATTEMPT, difficulty, board, solution, createdAt) or --format line (the puzzle alone). Standard error gets a progress line when it is a terminal, then a summary line.\n\n--timeout (default 300 s, or none) bounds the whole run: when it passes, the puzzles found are printed and standard error says how many were found of how many asked, how many attempts were tried, and the closest miss with its figures and what it misses.\n\nExit code: 0 when --count puzzles were found, 1 when the time ran out first, 2 for usage errors and requests that cannot be met (--givens 10..12, --er 5..3, --level with --profile se, an unknown technique...), named by their option."
    )]
    Generate(generate::GenerateArgs),
    /// Check a step you took on your state (is it sound? does the technique you name give it?) and print the state after it.
    #[command(
        after_help = "STEP is written as Stepwise prints steps: placements r1c2=5, eliminations r1c456<>4, r12c3<>5, r1c4,r2c5<>34, joined with ', ', optionally after a technique and its pattern.\n\nExamples:\n  stepwise apply state.txt 'r5c1<>3, r5c4<>38'\n  stepwise apply state.txt 'Naked Pair: 3,8 in r5c2,r5c7 => r5c1<>3, r5c4<>38'\n  stepwise apply --puzzle original.txt --board state.txt 'Hidden Single: r1c2=5'\n\nVerdicts: valid, unsound (a deduction contradicts the solution), not justified (sound, but the named technique does not give it), undecided (the named technique's search passed --timeout), not applicable (it does not fit the state), nothing to do.\nExit code: 0 when the step is valid, 1 otherwise or when the state has no unique solution, 2 for a step that cannot be read."
    )]
    Apply(apply::ApplyArgs),
    /// Measure things side by side: `bench engines` runs every solving engine on puzzles of
    /// five levels and of bigger grids.
    #[command(
        after_help = "Examples:\n  stepwise bench engines --per-level 20\n  stepwise bench engines --per-level 100 --plot engines.svg\n  stepwise bench engines --engines fc-mrv,dlx,fast --timeout 0.2"
    )]
    Bench(bench::BenchArgs),
    /// Kakuro (cross sums): solve, check, explain, hint and rate, the engines' table, large
    /// grids generated.
    #[command(
        after_help = "A Kakuro file holds text grids (one row per line, squares separated by spaces: # black, D\\R a clue with _ for none, . white; a blank line between puzzles) or JSON records one per line ({\"id\", \"grid\": [[\"#\", \"15\\\\_\", ...], ...]}).\n\nExamples:\n  stepwise kakuro solve examples/kakuro.txt\n  stepwise kakuro check --engine mac --json ../shared/data/kakuro/kakuro-300.jsonl\n  stepwise kakuro explain examples/kakuro.txt\n  stepwise kakuro bench\n\nExit code: 0 when every puzzle succeeded, 1 when any failed, 2 for usage errors."
    )]
    Kakuro(kakuro::KakuroArgs),
}

/// How every command takes its puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzles: each a file path if such a file exists, otherwise a puzzle string; `-` is standard input. None: standard input.
    #[arg(value_name = "PUZZLE|FILE")]
    pub inputs: Vec<String>,
    /// Read puzzles from FILE (may be repeated; `-` is standard input).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub files: Vec<String>,
    /// Force the input format instead of detecting it per record.
    #[arg(long, value_name = "line|grid|pencilmark|json", value_parser = parse_input_format)]
    pub input_format: Option<Format>,
}

/// Which techniques a logical solve uses: the library's profiles.
#[derive(Args, Debug, Clone)]
pub struct ProfileArgs {
    /// Technique profile: `se` (Sudoku Explainer 1.2.1's techniques, ER/EP/ED agree with SE),
    /// `hodoku` (HoDoKu 2.2's, level and score agree with HoDoKu), `sukaku`, `extended` or
    /// `all`. Default: both the se path (ER/EP/ED) and the hodoku path (level, score).
    #[arg(long, value_parser = parse_profile)]
    pub profile: Option<Profile>,
    /// Comma-separated techniques to enable, in the order given (slugs or names); they replace
    /// the techniques of the --profile path (of the se path without --profile), and the other
    /// path is not taken.
    #[arg(long, value_delimiter = ',', value_parser = parse_technique)]
    pub techniques: Vec<Technique>,
    /// Do not assume the solution is unique: leave out unique rectangles and BUG (and explain
    /// a puzzle with several solutions as far as logic goes).
    #[arg(long)]
    pub no_uniqueness: bool,
}

impl ProfileArgs {
    /// The library's paths for these arguments.
    pub fn settings(&self) -> RateSettings {
        RateSettings::select(self.profile, &self.techniques, self.no_uniqueness)
    }
}

pub fn parse_profile(s: &str) -> Result<Profile, String> {
    s.parse()
        .map_err(|e: stepwise::profile::UnknownProfile| e.to_string())
}

/// Where the command line lists the techniques, for the message naming an unknown one.
const TECHNIQUES_LISTED_BY: &str = "`stepwise techniques`";

/// A technique by slug or name; an unknown one names the nearest.
pub fn parse_technique(s: &str) -> Result<Technique, String> {
    stepwise::answer::technique(s).map_err(|e| e.message(TECHNIQUES_LISTED_BY))
}

/// The message for a technique name that is not in the catalog, with the nearest names.
pub fn unknown_technique(name: &str) -> String {
    stepwise::answer::UnknownTechnique::new(name).message(TECHNIQUES_LISTED_BY)
}

/// How many threads and how much time a batch command may use.
#[derive(Args, Debug, Clone)]
pub struct JobArgs {
    /// Worker threads (default: every available core).
    #[arg(long, short = 'j', value_name = "N", value_parser = parse_jobs)]
    pub jobs: Option<usize>,
    /// Give up on a puzzle after SECS seconds (a decimal number), all its paths together; it is
    /// reported as `timeout`, with no figures.
    #[arg(long, value_name = "SECS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
    #[command(flatten)]
    pub cache: CacheArgs,
}

impl JobArgs {
    pub fn jobs(&self) -> usize {
        self.jobs.unwrap_or_else(batch::default_jobs)
    }

    /// What each puzzle may spend: the timeout and the cache bound.
    pub fn budget(&self) -> stepwise::budget::Budget {
        stepwise::budget::Budget {
            time: self.timeout,
            cache_bytes: self.cache.bytes(),
        }
    }
}

/// How much memory the finders' caches may keep per worker thread.
#[derive(Args, Debug, Clone)]
pub struct CacheArgs {
    /// Let the finders' caches hold up to N MB per worker thread (default 32): more can speed
    /// up the hardest puzzles, less saves memory; 0 keeps nothing between searches.
    #[arg(long, value_name = "N")]
    pub cache_mb: Option<usize>,
}

impl CacheArgs {
    /// The bound in bytes, when one was given (a bound past the address space is no bound).
    pub fn bytes(&self) -> Option<usize> {
        self.cache_mb.map(|mb| mb.saturating_mul(1 << 20))
    }
}

pub fn parse_jobs(s: &str) -> Result<usize, String> {
    match s.trim().parse::<usize>() {
        Ok(n) if (1..=1024).contains(&n) => Ok(n),
        _ => Err(format!("'{s}' is not a number of jobs from 1 to 1024")),
    }
}

/// The engines' options of `solve` and `check`. Any of them takes the command off the 9x9
/// path onto the engines, which read puzzles of every shape.
#[derive(Args, Debug, Clone, Default)]
pub struct EngineArgs {
    /// Solve with this engine: naive, backtrack, fc, fc-mrv, fc-mrv-lcv, mac, cost, dlx or fast (default: fast on 9x9, dlx on other shapes).
    #[arg(long, value_name = "NAME", value_parser = parse_engine)]
    pub engine: Option<stepwise::engines::Engine>,
    /// Every solution: solve lists them all, check counts them all.
    #[arg(long)]
    pub all: bool,
    /// At most N solutions: solve lists the first N, check counts up to N.
    #[arg(long, value_name = "N", conflicts_with = "all", value_parser = clap::value_parser!(u64).range(1..))]
    pub limit: Option<u64>,
    /// The grid's shape: NxN (4x4, 6x6, 8x8, 9x9, 12x12, 16x16, 25x25: usual boxes), AxB (boxes of A rows by B columns: 3x2), or latin:N (2..25). Default: from the number of cells (16, 36, 81, 256, 625; the square of a prime is a Latin square).
    #[arg(long, value_name = "SHAPE", value_parser = parse_shape)]
    pub shape: Option<stepwise::shape::Shape>,
    /// Print the engine's nodes, backtracks and time after each answer (JSON always has them).
    #[arg(long)]
    pub stats: bool,
    /// Stop a search after N nodes (default 200000000).
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Stop a search after this many seconds (default 60).
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<std::time::Duration>,
}

impl EngineArgs {
    /// Whether any engine option was given.
    pub fn requested(&self) -> bool {
        self.engine.is_some()
            || self.all
            || self.limit.is_some()
            || self.shape.is_some()
            || self.stats
            || self.node_limit.is_some()
            || self.timeout.is_some()
    }
}

pub fn parse_engine(s: &str) -> Result<stepwise::engines::Engine, String> {
    s.parse().map_err(|e: stepwise::Error| e.to_string())
}

fn parse_shape(s: &str) -> Result<stepwise::shape::Shape, String> {
    s.parse().map_err(|e: stepwise::Error| e.to_string())
}

/// What `solve` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SolveFormat {
    /// One 81-character solution per line.
    Line,
    /// Each solution as a 9x9 grid.
    Grid,
    /// The JSON record back with its solution filled in, one per line.
    Json,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Output format.
    #[arg(long, value_enum, default_value = "line")]
    pub format: SolveFormat,
    /// Short for --format grid.
    #[arg(long, conflicts_with_all = ["json", "format"])]
    pub grid: bool,
    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
    #[command(flatten)]
    pub engines: EngineArgs,
}

impl SolveArgs {
    /// The output format, `--grid` and `--json` read as their `--format`.
    pub fn output_format(&self) -> SolveFormat {
        if self.grid {
            SolveFormat::Grid
        } else if self.json {
            SolveFormat::Json
        } else {
            self.format
        }
    }
}

/// Text or JSON lines: what `check`, `explain`, `hint` and `analyze` write.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum TextFormat {
    Text,
    Json,
}

/// `--format text|json` and its `--json` shorthand.
#[derive(Args, Debug, Clone)]
pub struct TextFormatArgs {
    /// Output format: text, or JSON (one object per line).
    #[arg(long, value_enum, default_value = "text")]
    pub format: TextFormat,
    /// Short for --format json.
    #[arg(long, conflicts_with = "format")]
    pub json: bool,
}

impl TextFormatArgs {
    pub fn json(&self) -> bool {
        self.json || self.format == TextFormat::Json
    }
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    #[command(flatten)]
    pub output: TextFormatArgs,
    #[command(flatten)]
    pub engines: EngineArgs,
}

/// The command line parsed with only the named command built, or `None` when that does not
/// give a command (help, version, an error, `serve`, a name not listed): the caller then
/// parses with the whole command tree, which says what clap says. Building every command's
/// arguments took a tenth of a 20-puzzle `rate` run's instructions (clap's builders), and a
/// short run's start-up is most of its time.
pub fn parse_one_command(args: &[std::ffi::OsString]) -> Option<Command> {
    use clap::FromArgMatches as _;
    let one = one_command(args.get(1)?.to_str()?)?;
    let matches = clap::Command::new("stepwise")
        .subcommand(one)
        .try_get_matches_from(args)
        .ok()?;
    Command::from_arg_matches(&matches).ok()
}

/// The command `name` with its arguments (and subcommands) alone, as [`Command`] builds it
/// among the others (its help texts aside: help is left to the whole tree).
pub fn one_command(name: &str) -> Option<clap::Command> {
    use clap::Args as _;
    macro_rules! one_of {
        ($($name:literal => $args:ty,)*) => {
            match name {
                $($name => Some(<$args>::augment_args(clap::Command::new($name))),)*
                _ => None,
            }
        };
    }
    one_of! {
        "solve" => SolveArgs,
        "check" => CheckArgs,
        "explain" => explain::ExplainArgs,
        "hint" => hint::HintArgs,
        "rate" => rate::RateArgs,
        "analyze" => analyze::AnalyzeArgs,
        "techniques" => techniques::TechniquesArgs,
        "compare" => compare::CompareArgs,
        "generate" => generate::GenerateArgs,
        "apply" => apply::ApplyArgs,
        "bench" => bench::BenchArgs,
        "kakuro" => kakuro::KakuroArgs,
    }
}

/// Runs a command and returns the process exit code.
pub fn run(command: Command) -> i32 {
    match command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
        Command::Explain(args) => explain::run(&args),
        Command::Hint(args) => hint::run(&args),
        Command::Rate(args) => rate::run(&args),
        Command::Analyze(args) => analyze::run(&args),
        Command::Techniques(args) => techniques::run(&args),
        Command::Compare(args) => compare::run(&args),
        Command::Generate(args) => generate::run(&args),
        Command::Apply(args) => apply::run(&args),
        Command::Bench(args) => bench::run(&args),
        Command::Kakuro(args) => kakuro::run(&args),
    }
}
