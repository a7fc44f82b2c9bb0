//! `solve` and `check` with the engines' options (`--engine`, `--all`, `--limit`, `--shape`,
//! `--stats`, `--node-limit`, `--timeout`): puzzles of any shape read with the library's shape
//! reader, solved by the engine asked (the library's default for the shape otherwise), one
//! answer per input, in order. Solutions are written as they are found, so `--all` lists any
//! number of them in constant memory.

use std::sync::Arc;

use serde_json::json;
use stepwise::engines::{solve as run_engine, Engine, Limits, Run, Stop, COST_FRONTIER_BYTES};
use stepwise::shape::{looks_like_header, read_shaped, to_grid, Shape, ShapedPuzzle};

use super::input::{open_bytes, sources, Source};
use super::output::{report, Out};
use super::stream::say_when_reading_a_terminal;
use super::{
    CheckArgs, EngineArgs, InputArgs, SolveArgs, SolveFormat, EXIT_FAILED, EXIT_OK, EXIT_USAGE,
};

/// One input: a puzzle, or what was wrong with it, with the name of its source.
struct Input {
    origin: Arc<str>,
    parsed: Result<ShapedPuzzle, Bad>,
}

/// An input that could not be read: its text and the message naming where.
struct Bad {
    input: String,
    message: String,
}

/// Every input of every source in order, each source opened when the previous is used up.
fn inputs(args: &InputArgs, shape: Option<Shape>) -> impl Iterator<Item = Input> {
    let sources = sources(&args.inputs, &args.files);
    say_when_reading_a_terminal(&sources);
    sources
        .into_iter()
        .flat_map(move |source: Source| -> Box<dyn Iterator<Item = Input>> {
            let origin: Arc<str> = source.name().into();
            match open_bytes(&source) {
                Ok(reader) => {
                    let mut records = read_shaped(reader, shape);
                    let mut told = false;
                    Box::new(std::iter::from_fn(move || {
                        let record = records.next()?;
                        if let (false, Some((line, header))) = (told, records.skipped_header()) {
                            eprintln!(
                                "note: {origin}: line {line}: skipped header line '{header}'"
                            );
                            told = true;
                        }
                        Some(Input {
                            origin: origin.clone(),
                            parsed: record.map_err(|rejected| Bad {
                                input: rejected.input,
                                message: format!("{origin}: {}", rejected.error),
                            }),
                        })
                    }))
                }
                Err(message) => Box::new(std::iter::once(Input {
                    origin,
                    parsed: Err(Bad {
                        input: String::new(),
                        message,
                    }),
                })),
            }
        })
}

/// Cell counts whose shape the reader infers, other than 9x9's 81.
const OTHER_SQUARES: [usize; 4] = [16, 36, 256, 625];

/// Whether the inputs are puzzles of another size than 9x9, so that `solve` and `check` take
/// them on the engines' path without an engine option: a puzzle argument, or the first
/// puzzle line of a file argument (after a header line), of 16, 36, 256 or 625 cells (`.`, `0`, digits and
/// letters; spaces between them ignored). Standard input is not looked into (it cannot be read
/// twice): there `--shape` says it.
pub fn other_shape(args: &InputArgs) -> bool {
    if args.input_format.is_some() {
        return false;
    }
    let cells = |line: &str| {
        let cells: Vec<char> = line.chars().filter(|c| !c.is_whitespace()).collect();
        (!cells.is_empty() && cells.iter().all(|c| c.is_ascii_alphanumeric() || *c == '.'))
            .then_some(cells.len())
    };
    let first_line = |path: &str| -> Option<usize> {
        use std::io::{BufRead, Read};
        let file = std::fs::File::open(path).ok()?;
        let reader = std::io::BufReader::new(file.take(1 << 16));
        let mut content = reader
            .lines()
            .map_while(Result::ok)
            .filter(|l| !l.trim().is_empty() && !l.trim_start().starts_with('#'));
        // A header is only ever the first line: the puzzle after it decides.
        let first = content.next()?;
        if looks_like_header(&first) {
            content.next().and_then(|l| cells(&l))
        } else {
            cells(&first)
        }
    };
    let counts: Vec<Option<usize>> = args
        .inputs
        .iter()
        .map(|input| {
            if std::path::Path::new(input).is_file() {
                first_line(input)
            } else if input == "-" {
                None
            } else {
                cells(input)
            }
        })
        .chain(
            args.files
                .iter()
                .filter(|f| *f != "-")
                .map(|f| first_line(f)),
        )
        .collect();
    !counts.is_empty()
        && counts
            .iter()
            .all(|c| c.is_some_and(|n| OTHER_SQUARES.contains(&n)))
}

/// `--input-format` chooses among the 9x9 readers; the engines have their own.
fn refuse_input_format(args: &InputArgs) -> bool {
    if args.input_format.is_some() {
        eprintln!(
            "error: --input-format reads 9x9 formats; with the engines' options puzzles are read as lines or rows of numbers of any shape"
        );
        return true;
    }
    false
}

/// The solutions asked: 2 to decide uniqueness, all, or up to `--limit`.
fn solutions_asked(args: &EngineArgs) -> Option<u64> {
    if args.all {
        None
    } else {
        Some(args.limit.unwrap_or(2))
    }
}

/// Whether the command counts (`--all`, `--limit`) rather than decides uniqueness.
fn counting(args: &EngineArgs) -> bool {
    args.all || args.limit.is_some()
}

fn limits(args: &EngineArgs) -> Limits {
    Limits::command_line(solutions_asked(args), args.node_limit, args.timeout)
}

/// What stopped a cut run, in words: `the node limit of 1000 nodes`.
fn stop_words(stop: Stop, limits: &Limits) -> String {
    match stop {
        Stop::NodeLimit => format!("the node limit of {} nodes", limits.nodes.unwrap_or(0)),
        Stop::TimeLimit => format!(
            "the time limit of {} s",
            limits.time.unwrap_or_default().as_secs_f64()
        ),
        Stop::MemoryLimit => format!(
            "the memory limit of {} MiB for its open states",
            COST_FRONTIER_BYTES >> 20
        ),
        Stop::SolutionCap => format!(
            "its cap of {} solutions",
            stepwise::engines::FAST_SOLUTION_CAP
        ),
        Stop::Complete | Stop::SolutionLimit => "the end".to_string(),
    }
}

fn plural(n: u64) -> &'static str {
    if n == 1 {
        ""
    } else {
        "s"
    }
}

/// The engine's figures as the `--stats` line says them.
fn stats_line(engine: Engine, run: &Run) -> String {
    let ms = run.stats.time.as_secs_f64() * 1e3;
    match (run.stats.nodes, run.stats.backtracks) {
        (Some(nodes), Some(backtracks)) => {
            format!("# {engine}: {nodes} nodes, {backtracks} backtracks, {ms:.3} ms")
        }
        _ => format!("# {engine}: {ms:.3} ms (no node or backtrack counts)"),
    }
}

/// The JSON record of one engine run on a puzzle (`solve --json`, `check --json`): the puzzle,
/// its shape, the engine, the status word, the count and why the run stopped, and its figures.
fn run_json(puzzle: &ShapedPuzzle, engine: Engine, status: &str, run: &Run) -> serde_json::Value {
    json!({
        "puzzle": puzzle.to_line(),
        "shape": puzzle.shape.to_string(),
        "engine": engine.name(),
        "status": status,
        "count": run.solutions,
        "stop": run.stop.name(),
        "stats": stats_json(run),
    })
}

fn stats_json(run: &Run) -> serde_json::Value {
    json!({
        "nodes": run.stats.nodes,
        "backtracks": run.stats.backtracks,
        // Microseconds are all a clock read twice can tell apart.
        "time_ms": (run.stats.time.as_secs_f64() * 1e6).round() / 1e3,
    })
}

/// What a count means: `288 solutions`, `at least 5 solutions (limit 5)`, `at least 3
/// solutions (stopped at the node limit of 1000 nodes)`.
fn count_words(run: &Run, limits: &Limits) -> String {
    let n = run.solutions;
    match run.stop {
        Stop::Complete => format!("{n} solution{}", plural(n)),
        Stop::SolutionLimit => format!("at least {n} solution{} (limit {n})", plural(n)),
        other => format!(
            "at least {n} solution{} (stopped at {})",
            plural(n),
            stop_words(other, limits)
        ),
    }
}

/// The engine for a puzzle: the one asked, else the library's default for its shape.
fn engine_for(args: &EngineArgs, puzzle: &ShapedPuzzle) -> Engine {
    args.engine
        .unwrap_or_else(|| Engine::default_for(puzzle.shape))
}

/// `solve` with the engines.
pub fn solve(args: &SolveArgs) -> i32 {
    if refuse_input_format(&args.input) {
        return EXIT_USAGE;
    }
    let format = args.output_format();
    let options = &args.engines;
    let limits = limits(options);
    let mut out = Out::new();
    let mut failed = false;
    let mut first_record = true;
    for input in inputs(&args.input, options.shape) {
        if format == SolveFormat::Grid && !first_record {
            out.write("\n");
        }
        first_record = false;
        let puzzle = match input.parsed {
            Ok(puzzle) => puzzle,
            Err(bad) => {
                failed = true;
                report(&out, &bad.message);
                if format == SolveFormat::Json {
                    out.line(
                        &json!({"input": bad.input, "status": "invalid", "error": bad.message})
                            .to_string(),
                    );
                } else {
                    out.line(&format!("error: {}", bad.message));
                }
                out.end_record();
                continue;
            }
        };
        failed |= !solve_one(&mut out, &input.origin, &puzzle, options, &limits, format);
        out.end_record();
    }
    if failed {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

/// Solves one puzzle and writes its answer; false when it failed.
fn solve_one(
    out: &mut Out,
    origin: &str,
    puzzle: &ShapedPuzzle,
    options: &EngineArgs,
    limits: &Limits,
    format: SolveFormat,
) -> bool {
    let engine = engine_for(options, puzzle);
    let where_ = format!("{origin}: line {}", puzzle.line);
    let listing = counting(options);
    let render = |cells: &[u8]| match format {
        SolveFormat::Grid => to_grid(puzzle.shape, cells).trim_end().to_string(),
        _ => stepwise::shape::to_line(cells),
    };
    // Solutions: written as found when listing (text), else kept (two at most when deciding).
    let mut kept: Vec<Vec<u8>> = Vec::new();
    let mut listed = 0u64;
    let outcome = {
        let out = &mut *out;
        run_engine(engine, puzzle, limits, &mut |cells| {
            if listing && format != SolveFormat::Json {
                if format == SolveFormat::Grid && listed > 0 {
                    out.write("\n");
                }
                out.line(&render(cells));
                listed += 1;
            } else {
                kept.push(cells.to_vec());
            }
        })
    };
    let run = match outcome {
        Ok(run) => run,
        Err(e) => {
            let message = format!("{where_}: {e}");
            report(out, &message);
            if format == SolveFormat::Json {
                out.line(
                    &json!({"puzzle": puzzle.to_line(), "shape": puzzle.shape.to_string(), "engine": engine.name(), "status": "unsupported", "error": message})
                        .to_string(),
                );
            } else {
                out.line(&format!("error: {message}"));
            }
            return false;
        }
    };
    let (status, error) = if listing {
        if run.solutions == 0 {
            let why = if run.stop.is_cut() {
                format!(
                    "the {engine} engine stopped at {} before finding a solution",
                    stop_words(run.stop, limits)
                )
            } else {
                stepwise::Error::NoSolution.to_string()
            };
            (
                if run.stop.is_cut() {
                    "limit"
                } else {
                    "no_solution"
                },
                Some(why),
            )
        } else if run.stop.is_cut() {
            ("limit", None)
        } else {
            ("solved", None)
        }
    } else {
        match (run.solutions, run.stop.is_cut()) {
            (1, false) => ("unique", None),
            (0, false) => ("no_solution", Some(stepwise::Error::NoSolution.to_string())),
            (n, _) if n >= 2 => (
                "multiple_solutions",
                Some(multiple_words(puzzle.shape, &kept[0], &kept[1])),
            ),
            (n, _) => (
                "limit",
                Some(format!(
                    "the {engine} engine stopped at {} {}",
                    stop_words(run.stop, limits),
                    if n == 0 {
                        "before finding a solution"
                    } else {
                        "before telling whether the solution is unique"
                    }
                )),
            ),
        }
    };
    let ok = error.is_none() && status != "limit";
    let error = error.map(|e| format!("{where_}: {e}"));
    if let Some(message) = &error {
        report(out, message);
    }
    if format == SolveFormat::Json {
        let solutions: Vec<String> = kept.iter().map(|s| stepwise::shape::to_line(s)).collect();
        let mut record = run_json(puzzle, engine, status, &run);
        if listing {
            record["solutions"] = json!(solutions);
        } else {
            record["solution"] = json!(if status == "unique" {
                solutions.first().cloned()
            } else {
                None
            });
        }
        if let Some(message) = &error {
            record["error"] = json!(message);
        }
        out.line(&record.to_string());
        return ok;
    }
    if let Some(message) = &error {
        out.line(&format!("error: {message}"));
    } else if listing {
        out.line(&format!("# {}", count_words(&run, limits)));
    } else if let Some(solution) = kept.first() {
        out.line(&render(solution));
    }
    if options.stats {
        out.line(&stats_line(engine, &run));
    }
    ok
}

/// The message for two solutions: where they differ, cells named on the puzzle's grid.
fn multiple_words(shape: Shape, a: &[u8], b: &[u8]) -> String {
    let differing: Vec<String> = (0..a.len().min(b.len()))
        .filter(|&i| a[i] != b[i])
        .map(|i| shape.cell_name(i))
        .collect();
    let mut words = "the puzzle has more than one solution".to_string();
    if !differing.is_empty() {
        words.push_str("; two solutions differ at ");
        words.push_str(&differing.join(", "));
    }
    words
}

/// `check` with the engines.
pub fn check(args: &CheckArgs) -> i32 {
    if refuse_input_format(&args.input) {
        return EXIT_USAGE;
    }
    let json = args.output.json();
    let options = &args.engines;
    let limits = limits(options);
    let counting = counting(options);
    let mut out = Out::new();
    let mut all_ok = true;
    for input in inputs(&args.input, options.shape) {
        let puzzle = match input.parsed {
            Ok(puzzle) => puzzle,
            Err(bad) => {
                all_ok = false;
                if json {
                    out.line(
                        &json!({"puzzle": bad.input, "status": "invalid", "solution": null, "error": bad.message})
                            .to_string(),
                    );
                } else {
                    out.line(&format!("invalid: {}", bad.message));
                }
                out.end_record();
                continue;
            }
        };
        let engine = engine_for(options, &puzzle);
        let mut first: Option<Vec<u8>> = None;
        let run = match run_engine(engine, &puzzle, &limits, &mut |s| {
            first.get_or_insert_with(|| s.to_vec());
        }) {
            Ok(run) => run,
            Err(e) => {
                all_ok = false;
                let message = format!("{}: line {}: {e}", input.origin, puzzle.line);
                if json {
                    out.line(
                        &json!({"puzzle": puzzle.to_line(), "shape": puzzle.shape.to_string(), "engine": engine.name(), "status": "unsupported", "solution": null, "error": message})
                            .to_string(),
                    );
                } else {
                    out.line(&format!("unsupported: {message}"));
                }
                out.end_record();
                continue;
            }
        };
        let cut = run.stop.is_cut();
        let (status, words) = if counting {
            (
                if cut { "limit" } else { "counted" },
                count_words(&run, &limits),
            )
        } else {
            match (run.solutions, cut) {
                (1, false) => ("unique", "unique".to_string()),
                (0, false) => ("none", "none".to_string()),
                (n, _) if n >= 2 => ("multiple", "multiple".to_string()),
                (n, _) => (
                    "limit",
                    format!(
                        "unknown: the {engine} engine stopped at {} after {n} solution{}",
                        stop_words(run.stop, &limits),
                        plural(n)
                    ),
                ),
            }
        };
        all_ok &= if counting { !cut } else { status == "unique" };
        if json {
            let solution = (status == "unique")
                .then(|| first.as_deref().map(stepwise::shape::to_line))
                .flatten();
            let mut record = run_json(&puzzle, engine, status, &run);
            record["solution"] = json!(solution);
            out.line(&record.to_string());
        } else {
            out.line(&words);
            if options.stats {
                out.line(&stats_line(engine, &run));
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
