//! `stepwise kakuro solve|check|explain|hint|rate|bench|generate`: Kakuro from files of text
//! grids or JSON records. Parses arguments, calls `stepwise::kakuro` and prints; every answer
//! comes from the library's records.
//!
//! One answer per record, in order, bad records included: a record that cannot be read is
//! reported on standard error with its file and line and answered as `invalid`, and the rest
//! go on. Exit code 0 when every record succeeded, 1 otherwise, 2 for usage errors.

use std::io::IsTerminal;
use std::time::Duration;

use clap::{Args, Subcommand};
use stepwise::answer::{KakuroInvalid, KakuroUnhinted};
use stepwise::bench::kakuro as bench_table;
use stepwise::budget::Budget;
use stepwise::hint::HintLevel;
use stepwise::kakuro::bench::{self, Settings};
use stepwise::kakuro::engines::{Count, Engine, Options, DEFAULT_NODE_CAP};
use stepwise::kakuro::explain::{self as front, Hint, DEFAULT_ENGINE};
use stepwise::kakuro::format::{records, to_json_record, to_text};
use stepwise::kakuro::generate;
use stepwise::kakuro::logic::{Board, Level, Step};
use stepwise::kakuro::render::{svg::board_svg, terminal::board_text};
use stepwise::kakuro::Kakuro;
use stepwise::render::Style;

use super::input::{open_bytes, Source};
use super::output::{write_pictures, Out};
use super::stream::say_when_reading_a_terminal;
use super::{EXIT_FAILED, EXIT_OK};

/// `stepwise kakuro ...`.
#[derive(Args, Debug)]
pub struct KakuroArgs {
    #[command(subcommand)]
    command: KakuroCommand,
}

#[derive(Subcommand, Debug)]
enum KakuroCommand {
    /// Print each puzzle's solution (as a grid in the text format, or JSON).
    #[command(
        after_help = "Examples:\n  stepwise kakuro solve examples/kakuro.txt\n  stepwise kakuro solve --engine mac --json ../shared/data/kakuro/kakuro-300.jsonl\n\nExit code: 0 when every puzzle has exactly one solution, 1 otherwise."
    )]
    Solve(EngineArgs),
    /// Say whether each puzzle has one solution, none or several, with the engine's figures.
    #[command(
        after_help = "Examples:\n  stepwise kakuro check examples/kakuro.txt\n  stepwise kakuro check --engine backtrack --node-cap 10000 FILE\n\nExit code: 0 when every puzzle is unique, 1 otherwise."
    )]
    Check(EngineArgs),
    /// Solve each puzzle with named human steps and rate it by its hardest step.
    #[command(
        after_help = "Examples:\n  stepwise kakuro explain examples/kakuro.txt\n  stepwise kakuro explain --json FILE\n  stepwise kakuro explain --board examples/kakuro.txt\n  stepwise kakuro explain --svg pictures/ examples/kakuro.txt\n\nExit code: 0 when every puzzle has one solution (solved or stuck), 1 otherwise."
    )]
    Explain(ExplainArgs),
    /// The next step from the digits entered in the grid (a wrong digit first).
    #[command(
        after_help = "Enter digits in the grid's white cells (a digit instead of `.`); the hint is the first wrong digit, else the next human step.\n\nExamples:\n  stepwise kakuro hint examples/kakuro.txt\n\nExit code: 0 when every puzzle has one solution, 1 otherwise."
    )]
    Hint(HintArgs),
    /// Rate each puzzle: puzzle,white_cells,status,difficulty,level,hardest,steps,contradictions,longest_trial (CSV or JSON).
    #[command(
        after_help = "The level: easy (singles and unique combinations), medium (unusable digits, crossing runs), hard (required digits, arrangements, or one contradiction of at most 8 steps), expert (two contradictions or more, or a longer one).\n\nExamples:\n  stepwise kakuro rate ../shared/data/kakuro/kakuro-300.jsonl\n\nExit code: 0 when every puzzle has one solution, 1 otherwise."
    )]
    Rate(PlainArgs),
    /// The engines' table: per size band and engine, the share decided by propagation,
    /// after shaving and in all, with times and backtracks; and the human steps' share.
    #[command(
        after_help = "Without FILE, reads ../shared/data/kakuro/kakuro-300.jsonl and tests/data/kakuro-large.jsonl where they exist.\n\nExamples:\n  stepwise kakuro bench\n  stepwise kakuro bench --engines mac,gac --node-cap 100000 FILE\n  stepwise kakuro bench --plot kakuro.svg"
    )]
    Bench(BenchArgs),
    /// Generate large Kakuro (a pattern filled with digits, refilled or split where it is not yet unique), as JSON lines.
    #[command(
        after_help = "Examples:\n  stepwise kakuro generate --rows 36 --cols 36 --seed 1\n  stepwise kakuro generate --count 3 --seed 7 > big.jsonl\n  stepwise kakuro generate --rows 10 --cols 10 --level hard --seed 2\n\nThe same seed, size and level give the same puzzles. Exit code: 0 when every puzzle was made, 1 otherwise, 2 for usage errors (an unknown level)."
    )]
    Generate(GenerateArgs),
}

/// Files of puzzles.
#[derive(Args, Debug)]
struct FileArgs {
    /// Files of text grids or JSON records; `-` or none is standard input.
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// Write JSON, one object per line.
    #[arg(long)]
    json: bool,
    /// Give up on a puzzle after SECS seconds (a decimal number): its answer is then
    /// `timeout`, never a wrong "stuck" or "undecided".
    #[arg(long, value_name = "SECS", value_parser = super::parse_timeout)]
    timeout: Option<Duration>,
}

impl FileArgs {
    /// The budget of each puzzle's call.
    fn budget(&self) -> Budget {
        Budget {
            time: self.timeout,
            cache_bytes: None,
        }
    }
}

#[derive(Args, Debug)]
struct HintArgs {
    #[command(flatten)]
    input: FileArgs,
    /// How much to give away: nudge, technique, cells or full.
    #[arg(long, default_value = "technique", value_parser = super::hint::parse_level)]
    level: HintLevel,
}

#[derive(Args, Debug)]
struct ExplainArgs {
    #[command(flatten)]
    input: FileArgs,
    /// Draw the board before each step with the step's cells, runs and candidates marked (in
    /// colour on a terminal unless NO_COLOR is set; plain markers and a legend otherwise).
    #[arg(long, conflicts_with = "json")]
    board: bool,
    /// Write a picture of each step into DIR (created if missing): the board before the step
    /// with the step drawn, `step-001.svg`, `step-002.svg`, ... for one puzzle; with several
    /// puzzles `p1-step-001.svg`, `p2-step-001.svg`, ... numbered in input order. Files of an
    /// earlier run are overwritten, not removed.
    #[arg(long, value_name = "DIR")]
    svg: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct PlainArgs {
    #[command(flatten)]
    input: FileArgs,
}

#[derive(Args, Debug)]
struct EngineArgs {
    #[command(flatten)]
    input: FileArgs,
    /// The engine: backtrack, forward-checking, mac or gac.
    #[arg(long, default_value_t = DEFAULT_ENGINE, value_parser = parse_engine)]
    engine: Engine,
    /// Give up after N digits tried by the search.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_CAP)]
    node_cap: u64,
    /// Search straight after propagation, without shaving.
    #[arg(long)]
    no_shave: bool,
}

#[derive(Args, Debug)]
struct BenchArgs {
    /// Files of puzzles (default: the shared corpus and the repository's large grids).
    #[arg(value_name = "FILE")]
    files: Vec<String>,
    /// The engines, comma-separated, in the table's order.
    #[arg(long, value_delimiter = ',', value_parser = parse_engine)]
    engines: Vec<Engine>,
    /// The search's cap on digits tried per puzzle.
    #[arg(long, value_name = "N", default_value_t = DEFAULT_NODE_CAP)]
    node_cap: u64,
    /// Leave out the human steps.
    #[arg(long)]
    no_human: bool,
    /// Write the table as JSON.
    #[arg(long)]
    json: bool,
    /// Write an SVG bar chart of the mean time per band and engine (log scale) to FILE.
    #[arg(long, value_name = "FILE.svg")]
    plot: Option<std::path::PathBuf>,
}

#[derive(Args, Debug)]
struct GenerateArgs {
    /// Grid rows (clue row included).
    #[arg(long, default_value_t = 36)]
    rows: usize,
    /// Grid columns (clue column included).
    #[arg(long, default_value_t = 36)]
    cols: usize,
    /// The first seed; puzzle i uses seed + i.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// How many puzzles.
    #[arg(long, default_value_t = 1)]
    count: u64,
    /// Only puzzles whose human solve is rated LEVEL: easy, medium, hard or expert (grids
    /// made and rated until one is, repaired where too hard).
    #[arg(long, value_name = "LEVEL", value_parser = parse_level)]
    level: Option<Level>,
    /// Give up on a puzzle after SECS seconds (a decimal number): an error, exit 1.
    #[arg(long, value_name = "SECS", value_parser = super::parse_timeout)]
    timeout: Option<Duration>,
}

fn parse_level(s: &str) -> Result<Level, String> {
    s.parse()
        .map_err(|_| format!("unknown level '{s}'; the levels are {}", Level::NAMES))
}

fn parse_engine(s: &str) -> Result<Engine, String> {
    s.parse().map_err(|_| {
        format!("unknown engine '{s}'; the engines are backtrack, forward-checking, mac and gac")
    })
}

/// Runs a `kakuro` subcommand; the exit code.
pub fn run(args: &KakuroArgs) -> i32 {
    match &args.command {
        KakuroCommand::Solve(a) => solve(a, false),
        KakuroCommand::Check(a) => solve(a, true),
        KakuroCommand::Explain(a) => explain(a),
        KakuroCommand::Hint(a) => hint(a),
        KakuroCommand::Rate(a) => rate(&a.input),
        KakuroCommand::Bench(a) => run_bench(a),
        KakuroCommand::Generate(a) => run_generate(a),
    }
}

/// A record read: the puzzle and its name, or the message of why not.
enum Item {
    Puzzle { kakuro: Kakuro, name: String },
    Bad { name: String, message: String },
}

/// Every record of every file (standard input without one), in order, read as it comes; a
/// file that cannot be opened is one bad item.
fn items(files: &[String]) -> impl Iterator<Item = Item> {
    let sources: Vec<Source> = if files.is_empty() {
        vec![Source::Stdin]
    } else {
        files
            .iter()
            .map(|f| match f.as_str() {
                "-" => Source::Stdin,
                path => Source::File(path.to_string()),
            })
            .collect()
    };
    say_when_reading_a_terminal(&sources);
    sources
        .into_iter()
        .flat_map(|source| -> Box<dyn Iterator<Item = Item>> {
            let file = source.name();
            match open_bytes(&source) {
                Ok(reader) => {
                    let mut records = records(reader);
                    let mut any = false;
                    Box::new(std::iter::from_fn(move || {
                        let Some(record) = records.next() else {
                            // A source without a record is a mistake worth an answer.
                            return (!std::mem::replace(&mut any, true)).then(|| Item::Bad {
                                name: file.clone(),
                                message: format!("{file}: no puzzle found"),
                            });
                        };
                        any = true;
                        let name = format!("{file}:{}", record.line);
                        Some(match record.puzzle {
                            Ok(kakuro) => Item::Puzzle { kakuro, name },
                            Err(e) => Item::Bad {
                                message: format!("{file}: {e}"),
                                name,
                            },
                        })
                    }))
                }
                Err(message) => Box::new(std::iter::once(Item::Bad {
                    name: file,
                    message,
                })),
            }
        })
}

/// Says a bad record on standard error and answers it on standard output.
fn bad(out: &mut Out, json: bool, name: &str, message: &str) {
    eprintln!("error: {message}");
    if json {
        out.line(&to_json(&KakuroInvalid::new(name, message)));
    } else {
        out.line(&format!("{name}: invalid: {message}"));
    }
    out.end_record();
}

fn to_json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("a record always serializes")
}

fn solve(args: &EngineArgs, check_only: bool) -> i32 {
    let options = Options {
        limit: 2,
        node_cap: args.node_cap,
        shave: !args.no_shave,
    };
    let json = args.input.json;
    let mut out = Out::new();
    let mut all_ok = true;
    for item in items(&args.input.files) {
        let (kakuro, name) = match item {
            Item::Puzzle { kakuro, name } => (kakuro, name),
            Item::Bad { name, message } => {
                all_ok = false;
                bad(&mut out, json, &name, &message);
                continue;
            }
        };
        let mut record = front::solve(&kakuro, &name, args.engine, &options, &args.input.budget());
        all_ok &= record.status == Count::Unique;
        if json {
            if check_only {
                record.solution = None;
            }
            out.line(&to_json(&record));
        } else {
            let status = serde_json::to_value(record.status).expect("a status serializes");
            let status = status.as_str().unwrap_or("?");
            let mut line = format!(
                "{}: {status} ({}, {} white cells, decided by {}, {} nodes, {} backtracks, {:.3} ms)",
                record.puzzle,
                record.engine,
                record.white_cells,
                serde_json::to_value(record.stage).expect("a stage serializes").as_str().unwrap_or("?"),
                record.nodes,
                record.backtracks,
                record.ms
            );
            if record.capped {
                line.push_str(&format!("; node cap of {} hit", args.node_cap));
            }
            if !record.differing.is_empty() {
                line.push_str(&format!(
                    "; solutions differ at {}",
                    record.differing.join(" ")
                ));
            }
            if check_only {
                out.line(&line);
            } else {
                out.line(&format!("; {line}"));
                if let (Count::Unique, Some(digits)) = (record.status, &record.digits) {
                    out.write(&to_text(&kakuro, Some(digits)));
                }
                out.line("");
            }
        }
        out.end_record();
    }
    if all_ok {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}

/// `draw` of the board before each step, with the step.
fn before_each(
    kakuro: &Kakuro,
    steps: &[Step],
    draw: impl Fn(&Board, &Step) -> String,
) -> Vec<String> {
    let mut board = Board::new(kakuro);
    steps
        .iter()
        .map(|step| {
            let drawn = draw(&board, step);
            step.apply(kakuro, &mut board);
            drawn
        })
        .collect()
}

fn explain(explain_args: &ExplainArgs) -> i32 {
    let args = &explain_args.input;
    if let Some(dir) = &explain_args.svg {
        if let Err(e) = std::fs::create_dir_all(dir) {
            eprintln!("error: --svg: cannot create {}: {e}", dir.display());
            return EXIT_FAILED;
        }
    }
    let colour = Style::detect() == Style::Color;
    // Pictures are named after their puzzle's number only when there are several, which is
    // known at the second puzzle: the first one's wait until then (or the end).
    let mut puzzles = 0usize;
    let mut first_pictures: Option<Vec<String>> = None;
    let mut svg_error: Option<String> = None;
    let mut out = Out::new();
    let mut all_ok = true;
    for item in items(&args.files) {
        let (kakuro, name) = match item {
            Item::Puzzle { kakuro, name } => (kakuro, name),
            Item::Bad { name, message } => {
                all_ok = false;
                bad(&mut out, args.json, &name, &message);
                continue;
            }
        };
        let explanation = front::explain(&kakuro, &args.budget());
        all_ok &= explanation.status.is_proper();
        let report = explanation.report(&kakuro, &name);
        if let (Some(dir), None) = (&explain_args.svg, &svg_error) {
            puzzles += 1;
            let pictures = before_each(&kakuro, &explanation.steps, |board, step| {
                board_svg(&kakuro, board, Some(step))
            });
            let written = match puzzles {
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
        let boards = if explain_args.board {
            before_each(&kakuro, &explanation.steps, |board, step| {
                board_text(&kakuro, board, Some(step), colour)
            })
        } else {
            Vec::new()
        };
        if args.json {
            out.line(&to_json(&report));
            out.end_record();
            continue;
        }
        out.line(&format!(
            "{}: {} white cells",
            report.puzzle, report.white_cells
        ));
        for (i, step) in explanation.steps.iter().enumerate() {
            out.line(&format!("{:>4}. {}", i + 1, step.describe(&kakuro)));
            if let Some(trial) = &step.trial {
                for inner in &trial.steps {
                    out.line(&format!("        | {}", inner.describe(&kakuro)));
                }
            }
            if let Some(drawn) = boards.get(i) {
                out.write(drawn);
                out.line("");
            }
        }
        let mut summary = format!("status: {}", report.status);
        if let Some(rating) = &report.rating {
            summary.push_str(&format!(
                "; rating {:.1} ({}), hardest {}, {} steps",
                rating.difficulty,
                rating.level,
                rating.hardest.map_or("none".to_string(), |t| t.to_string()),
                rating.steps
            ));
        }
        if !report.differing.is_empty() {
            summary.push_str(&format!(
                "; solutions differ at {}",
                report.differing.join(" ")
            ));
        }
        out.line(&summary);
        if let Some(digits) = &explanation.solution {
            out.write(&to_text(&kakuro, Some(digits)));
        }
        out.line("");
        out.end_record();
    }
    if let (Some(dir), None, Some(pictures)) = (&explain_args.svg, &svg_error, &first_pictures) {
        if let Err(message) = write_pictures(dir, "", pictures) {
            eprintln!("error: {message}");
            svg_error = Some(message);
        }
    }
    if all_ok && svg_error.is_none() {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}

fn hint(hint_args: &HintArgs) -> i32 {
    let args = &hint_args.input;
    let mut out = Out::new();
    let mut all_ok = true;
    for item in items(&args.files) {
        let (kakuro, name) = match item {
            Item::Puzzle { kakuro, name } => (kakuro, name),
            Item::Bad { name, message } => {
                all_ok = false;
                bad(&mut out, args.json, &name, &message);
                continue;
            }
        };
        match front::hint(&kakuro, &args.budget()) {
            Ok(hint) => {
                let report = hint.report(&kakuro, &name, hint_args.level);
                if args.json {
                    out.line(&to_json(&report));
                } else {
                    out.line(&format!("{}: {}", report.puzzle, report.text));
                }
                all_ok &= !matches!(hint, Hint::Stuck | Hint::Timeout);
            }
            Err(status) => {
                all_ok = false;
                let puzzle = kakuro.id.clone().unwrap_or(name);
                if args.json {
                    out.line(&to_json(&KakuroUnhinted { puzzle, status }));
                } else {
                    out.line(&format!("{puzzle}: {status}"));
                }
            }
        }
        out.end_record();
    }
    if all_ok {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}

/// The columns of `rate`'s CSV.
const RATE_HEADER: &str =
    "puzzle,white_cells,status,difficulty,level,hardest,steps,contradictions,longest_trial";

fn rate(args: &FileArgs) -> i32 {
    let mut out = Out::new();
    let mut all_ok = true;
    if !args.json {
        out.line(RATE_HEADER);
    }
    for item in items(&args.files) {
        let (kakuro, name) = match item {
            Item::Puzzle { kakuro, name } => (kakuro, name),
            Item::Bad { name, message } => {
                all_ok = false;
                eprintln!("error: {message}");
                if args.json {
                    out.line(&to_json(&KakuroInvalid::new(&name, &message)));
                } else {
                    out.line(&format!("{name},,invalid,,,,,,"));
                }
                out.end_record();
                continue;
            }
        };
        let record = front::rate(&kakuro, &name, &args.budget());
        all_ok &= record.status.is_proper();
        if args.json {
            out.line(&to_json(&record));
        } else {
            let or_empty = |v: Option<String>| v.unwrap_or_default();
            out.line(&format!(
                "{},{},{},{},{},{},{},{},{}",
                record.puzzle,
                record.white_cells,
                record.status,
                or_empty(record.difficulty.map(|d| format!("{d:.1}"))),
                or_empty(record.level.map(|l| l.to_string())),
                or_empty(record.hardest.map(|t| t.slug().to_string())),
                or_empty(record.steps.map(|s| s.to_string())),
                or_empty(record.contradictions.map(|s| s.to_string())),
                or_empty(record.longest_trial.map(|s| s.to_string())),
            ));
        }
        out.end_record();
    }
    if all_ok {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}

fn run_bench(args: &BenchArgs) -> i32 {
    let files: Vec<String> = if args.files.is_empty() {
        bench::DEFAULT_SOURCES
            .iter()
            .filter(|f| std::path::Path::new(f).exists())
            .map(|f| f.to_string())
            .collect()
    } else {
        args.files.clone()
    };
    if files.is_empty() {
        eprintln!(
            "error: no puzzles: none of {} exists here; give FILEs",
            bench::DEFAULT_SOURCES.join(", ")
        );
        return EXIT_FAILED;
    }
    let mut puzzles = Vec::new();
    let mut all_read = true;
    for item in items(&files) {
        match item {
            Item::Puzzle { kakuro, .. } => puzzles.push(kakuro),
            Item::Bad { message, .. } => {
                all_read = false;
                eprintln!("error: {message}");
            }
        }
    }
    let settings = Settings {
        engines: if args.engines.is_empty() {
            Engine::ALL.to_vec()
        } else {
            args.engines.clone()
        },
        node_cap: args.node_cap,
        human: !args.no_human,
    };
    let total = puzzles.len();
    let terminal = std::io::stderr().is_terminal();
    eprintln!("kakuro bench: {total} puzzles from {}", files.join(", "));
    let table = bench::measure(&puzzles, &settings, |done| {
        if terminal {
            eprint!("\r{done}/{total} puzzles");
        }
    });
    if terminal {
        eprint!("\r\x1b[K");
    }
    let mut out = Out::new();
    if args.json {
        out.line(&to_json(&table));
    } else {
        out.write(&bench_table::text(&table));
    }
    let mut plotted = true;
    if let Some(path) = &args.plot {
        match std::fs::write(path, bench_table::chart(&table).to_svg()) {
            Ok(()) => eprintln!("kakuro bench: chart written to {}", path.display()),
            Err(e) => {
                eprintln!("error: {}: cannot write: {e}", path.display());
                plotted = false;
            }
        }
    }
    if all_read && plotted {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}

fn run_generate(args: &GenerateArgs) -> i32 {
    let mut out = Out::new();
    for i in 0..args.count {
        let seed = args.seed.wrapping_add(i);
        let budget = Budget {
            time: args.timeout,
            cache_bytes: None,
        };
        match generate::grid(args.rows, args.cols, args.level, seed, &budget) {
            Ok(kakuro) => out.line(&to_json(&to_json_record(&kakuro))),
            Err(e) => {
                eprintln!("error: seed {seed}: {e}");
                return EXIT_FAILED;
            }
        }
        out.end_record();
    }
    EXIT_OK
}
