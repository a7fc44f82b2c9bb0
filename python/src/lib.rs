//! `stepwise._native`: the library's front door for Python. Each function reads its arguments,
//! calls the public API of the `stepwise` crate and hands back the answer record the command
//! line prints with `--json`, serialized by the same serde derive (so the field names and values
//! are the CLI's by construction); the pure-Python package `stepwise` turns that JSON into
//! Python objects, adds the docstrings and the dataframe and Dask layers.
//!
//! Owns the transport only: argument names, exceptions, the GIL. Policy (profiles, budgets,
//! validity, messages) is the library's. Every call that can run long is made on a thread of
//! its own with the GIL released, under a [`Cancel`] flag that Ctrl-C (a pending
//! `KeyboardInterrupt`, polled every [`POLL`]) raises; a panic comes back as a Python
//! exception, never an abort.

mod many;

use std::sync::mpsc::{self, RecvTimeoutError};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use serde::Serialize;

use stepwise::analysis::Requirement;
use stepwise::answer::{timeout_seconds, GenerateAnswer, GeneratedPuzzle};
use stepwise::budget::{Budget, Cancel};
use stepwise::format::{iso8601_utc, Format};
use stepwise::generate::{Constraints, Request};
use stepwise::hint::HintLevel;
use stepwise::kakuro::engines::{Engine as KakuroEngine, Options as KakuroOptions};
use stepwise::kakuro::explain as kakuro_front;
use stepwise::kakuro::Kakuro;
use stepwise::profile::{CatalogRow, HintSettings, Profile, RateSettings};
use stepwise::technique::{Level, Technique};
use stepwise::Puzzle;

// Every input error of the library is this exception, with the message the CLI prints and
// `line` and `column` attributes where the library names them.
create_exception!(
    stepwise,
    PuzzleError,
    PyValueError,
    "A puzzle that cannot be read, or that has no single solution where one is needed."
);

/// How often a waiting call looks for Ctrl-C.
const POLL: Duration = Duration::from_millis(50);

/// Where the Python package lists the techniques, for the message naming an unknown one.
const TECHNIQUES_LISTED_BY: &str = "`stepwise.techniques()`";

/// The `PuzzleError` for `message`, with its place (`None` where the library names none).
fn puzzle_error(
    py: Python<'_>,
    message: String,
    line: Option<usize>,
    column: Option<usize>,
) -> PyErr {
    let err = PuzzleError::new_err(message);
    let value = err.value(py);
    // Setting an attribute on a fresh exception instance cannot fail.
    let _ = value.setattr("line", line);
    let _ = value.setattr("column", column);
    err
}

/// The `PuzzleError` of one of the library's errors.
fn library_error(py: Python<'_>, error: &stepwise::Error) -> PyErr {
    let column = match error {
        stepwise::Error::UnexpectedChar { column, .. }
        | stepwise::Error::RepeatedCandidate { column, .. } => Some(*column),
        _ => None,
    };
    puzzle_error(py, error.to_string(), error.line(), column)
}

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).expect("answer records always serialize")
}

/// Runs `work` on a thread of its own with the GIL released and a [`Cancel`] flag in force,
/// raising the flag and returning the `KeyboardInterrupt` when Ctrl-C comes first.
fn interruptible<T: Send + 'static>(
    py: Python<'_>,
    work: impl FnOnce() -> T + Send + 'static,
) -> PyResult<T> {
    let cancel = Cancel::new();
    let flag = cancel.clone();
    let (sender, receiver) = mpsc::channel();
    // A receiver is not `Sync`; the mutex lets the wait below borrow it with the GIL released.
    let receiver = std::sync::Mutex::new(receiver);
    let worker = std::thread::Builder::new()
        .name("stepwise".into())
        .spawn(move || {
            let _in_force = flag.enter();
            let _ = sender.send(work());
        })
        .map_err(|e| PyRuntimeError::new_err(format!("cannot start a thread: {e}")))?;
    loop {
        match py.allow_threads(|| match receiver.lock() {
            Ok(receiver) => receiver.recv_timeout(POLL),
            Err(_) => Err(RecvTimeoutError::Disconnected),
        }) {
            Ok(answer) => {
                let _ = worker.join();
                return Ok(answer);
            }
            Err(RecvTimeoutError::Timeout) => {
                if let Err(interrupt) = py.check_signals() {
                    cancel.cancel();
                    let _ = py.allow_threads(|| worker.join());
                    return Err(interrupt);
                }
            }
            Err(RecvTimeoutError::Disconnected) => {
                let _ = worker.join();
                return Err(PyRuntimeError::new_err(
                    "internal error: the library panicked on this input (please report it)",
                ));
            }
        }
    }
}

/// An input format by name, or `None` to detect it.
fn format_of(format: Option<&str>) -> PyResult<Option<Format>> {
    format
        .map(|name| stepwise::answer::input_format(name).map_err(PyValueError::new_err))
        .transpose()
}

fn parse(py: Python<'_>, text: &str, format: Option<&str>) -> PyResult<Puzzle> {
    let parsed = match format_of(format)? {
        Some(format) => Puzzle::parse_as(text, format),
        None => Puzzle::parse(text),
    };
    parsed.map_err(|e| library_error(py, &e))
}

fn technique(name: &str) -> PyResult<Technique> {
    stepwise::answer::technique(name)
        .map_err(|e| PyValueError::new_err(e.message(TECHNIQUES_LISTED_BY)))
}

fn profile_of(name: Option<&str>) -> PyResult<Option<Profile>> {
    name.map(|n| {
        n.parse::<Profile>()
            .map_err(|e| PyValueError::new_err(e.to_string()))
    })
    .transpose()
}

/// What one call may spend: `timeout` in seconds (more than 0), `cache_mb` per thread.
fn budget(timeout: Option<f64>, cache_mb: Option<usize>) -> PyResult<Budget> {
    let time = timeout
        .map(|s| timeout_seconds(s).map_err(|e| PyValueError::new_err(e.to_string())))
        .transpose()?;
    Ok(Budget {
        time,
        cache_bytes: cache_mb.map(|mb| mb.saturating_mul(1 << 20)),
    })
}

/// The library's rating paths for a profile, a technique list and the uniqueness choice, under
/// a budget: what `--profile`, `--techniques`, `--no-uniqueness`, `--timeout` and `--cache-mb`
/// give the CLI.
fn rate_settings(
    profile_name: Option<&str>,
    techniques: &[String],
    no_uniqueness: bool,
    timeout: Option<f64>,
    cache_mb: Option<usize>,
) -> PyResult<RateSettings> {
    let techniques = techniques
        .iter()
        .map(|t| technique(t))
        .collect::<PyResult<Vec<_>>>()?;
    Ok(
        RateSettings::select(profile_of(profile_name)?, &techniques, no_uniqueness)
            .with_budget(budget(timeout, cache_mb)?),
    )
}

/// `check`'s record: `{puzzle, status, solution}`.
#[pyfunction]
#[pyo3(signature = (puzzle, format=None))]
fn check(py: Python<'_>, puzzle: &str, format: Option<&str>) -> PyResult<String> {
    let puzzle = parse(py, puzzle, format)?;
    interruptible(py, move || json(&puzzle.check()))
}

/// The solution line, or a `PuzzleError` naming where two solutions differ.
#[pyfunction]
#[pyo3(signature = (puzzle, format=None))]
fn solve(py: Python<'_>, puzzle: &str, format: Option<&str>) -> PyResult<String> {
    let puzzle = parse(py, puzzle, format)?;
    interruptible(py, move || puzzle.solve())?.map_err(|e| library_error(py, &e))
}

/// `explain --json`'s record.
#[pyfunction]
#[pyo3(signature = (puzzle, format=None, profile=None, techniques=vec![], no_uniqueness=false, timeout=None, cache_mb=None))]
#[allow(clippy::too_many_arguments)]
fn explain(
    py: Python<'_>,
    puzzle: &str,
    format: Option<&str>,
    profile: Option<&str>,
    techniques: Vec<String>,
    no_uniqueness: bool,
    timeout: Option<f64>,
    cache_mb: Option<usize>,
) -> PyResult<String> {
    let settings = rate_settings(profile, &techniques, no_uniqueness, timeout, cache_mb)?;
    let puzzle = parse(py, puzzle, format)?;
    interruptible(py, move || json(&puzzle.explain(&settings)))
}

/// `rate --json`'s record.
#[pyfunction]
#[pyo3(signature = (puzzle, format=None, profile=None, techniques=vec![], no_uniqueness=false, timeout=None, cache_mb=None))]
#[allow(clippy::too_many_arguments)]
fn rate(
    py: Python<'_>,
    puzzle: &str,
    format: Option<&str>,
    profile: Option<&str>,
    techniques: Vec<String>,
    no_uniqueness: bool,
    timeout: Option<f64>,
    cache_mb: Option<usize>,
) -> PyResult<String> {
    let settings = rate_settings(profile, &techniques, no_uniqueness, timeout, cache_mb)?;
    let puzzle = parse(py, puzzle, format)?;
    interruptible(py, move || json(&puzzle.rate(&settings)))
}

/// `analyze --json`'s record, with the `require` checks.
#[pyfunction]
#[pyo3(signature = (puzzle, format=None, profile=None, techniques=vec![], no_uniqueness=false, timeout=None, cache_mb=None, require=vec![]))]
#[allow(clippy::too_many_arguments)]
fn analyze(
    py: Python<'_>,
    puzzle: &str,
    format: Option<&str>,
    profile: Option<&str>,
    techniques: Vec<String>,
    no_uniqueness: bool,
    timeout: Option<f64>,
    cache_mb: Option<usize>,
    require: Vec<String>,
) -> PyResult<String> {
    let settings = rate_settings(profile, &techniques, no_uniqueness, timeout, cache_mb)?;
    let required = require
        .iter()
        .map(|name| {
            Requirement::parse(name).ok_or_else(|| {
                PyValueError::new_err(
                    stepwise::answer::UnknownTechnique::new(name).message(TECHNIQUES_LISTED_BY),
                )
            })
        })
        .collect::<PyResult<Vec<_>>>()?;
    let puzzle = parse(py, puzzle, format)?;
    interruptible(py, move || {
        let mut analysis = stepwise::analyze(puzzle.input(), &settings);
        analysis.check(&required);
        json(&analysis)
    })
}

/// `hint --json`'s record for the user's `state`, checked against `puzzle` when given.
#[pyfunction]
#[pyo3(signature = (state, puzzle=None, level=None, format=None, profile=None, techniques=vec![], no_uniqueness=false, timeout=None, cache_mb=None))]
#[allow(clippy::too_many_arguments)]
fn hint(
    py: Python<'_>,
    state: &str,
    puzzle: Option<&str>,
    level: Option<&str>,
    format: Option<&str>,
    profile: Option<&str>,
    techniques: Vec<String>,
    no_uniqueness: bool,
    timeout: Option<f64>,
    cache_mb: Option<usize>,
) -> PyResult<String> {
    // No level: the library's default, as the CLI and the API take it.
    let level: HintLevel = match level {
        None => HintLevel::default(),
        Some(level) => level.parse().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown level '{level}': expected nudge, technique, cells or full"
            ))
        })?,
    };
    let techniques = techniques
        .iter()
        .map(|t| technique(t))
        .collect::<PyResult<Vec<_>>>()?;
    let settings = HintSettings::select(profile_of(profile)?, &techniques, no_uniqueness)
        .with_budget(budget(timeout, cache_mb)?);
    let state = parse(py, state, format)?;
    let original = puzzle.map(|p| parse(py, p, format)).transpose()?;
    let found = interruptible(py, move || {
        let original = original.as_ref().map(|p| p.input().cells);
        stepwise::next_hint_with(state.input(), original.as_ref(), level, &settings)
            .map(|hint| json(&hint))
            .map_err(|e| e.to_string())
    })?;
    found.map_err(|message| puzzle_error(py, message, None, None))
}

/// `techniques --json`'s rows: every technique, or a profile's in its order, or those named.
#[pyfunction]
#[pyo3(signature = (profile=None, only=vec![]))]
fn techniques(profile: Option<&str>, only: Vec<String>) -> PyResult<Vec<String>> {
    let only = only
        .iter()
        .map(|t| technique(t))
        .collect::<PyResult<Vec<_>>>()?;
    let listed: Vec<Technique> = match profile_of(profile)? {
        Some(profile) => profile.options().techniques,
        None => <Technique as strum::IntoEnumIterator>::iter().collect(),
    };
    Ok(listed
        .into_iter()
        .filter(|t| only.is_empty() || only.contains(t))
        .map(|t| json(&CatalogRow::of(t)))
        .collect())
}

fn now() -> Duration {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default()
}

/// The API's `generate` answer: `{seed, found, tried, complete, seconds, puzzles, closest}`.
#[pyfunction]
#[pyo3(signature = (count=1, level=None, er=None, hardest=None, require=vec![], symmetry=None, minimal=false, givens=None, seed=None, profile=None, techniques=vec![], no_uniqueness=false, timeout=None, jobs=None))]
#[allow(clippy::too_many_arguments)]
fn generate(
    py: Python<'_>,
    count: usize,
    level: Option<&str>,
    er: Option<(f64, f64)>,
    hardest: Option<&str>,
    require: Vec<String>,
    symmetry: Option<&str>,
    minimal: bool,
    givens: Option<(usize, usize)>,
    seed: Option<u64>,
    profile: Option<&str>,
    techniques: Vec<String>,
    no_uniqueness: bool,
    timeout: Option<f64>,
    jobs: Option<usize>,
) -> PyResult<String> {
    let level = level
        .map(|name| {
            name.parse::<Level>()
                .map_err(|e| PyValueError::new_err(e.to_string()))
        })
        .transpose()?;
    let symmetry = match symmetry {
        None => None,
        Some(name) => stepwise::generate::symmetry_choice(name)
            .map_err(|e| PyValueError::new_err(e.to_string()))?,
    };
    let required = require
        .iter()
        .map(|t| technique(t))
        .collect::<PyResult<Vec<_>>>()?;
    let hardest = hardest.map(technique).transpose()?;
    let settings = rate_settings(profile, &techniques, no_uniqueness, None, None)?;
    let time_limit = budget(timeout, None)?.time;
    // The seed from the clock's nanoseconds, as the CLI and the API take one.
    let seed = seed.unwrap_or_else(|| now().as_nanos() as u64);
    let request = Request {
        count,
        constraints: Constraints {
            level,
            er,
            techniques: required,
            hardest,
            symmetry,
            minimal,
            givens,
        },
        settings,
        seed,
        jobs: jobs.unwrap_or_else(default_jobs).max(1),
        time_limit,
    };
    stepwise::generate::validate(&request).map_err(|e| PyValueError::new_err(e.to_string()))?;
    let answer = interruptible(py, move || {
        let created = iso8601_utc(now().as_secs());
        let mut puzzles = Vec::new();
        let report = stepwise::generate::run(
            &request,
            |g| {
                puzzles.push(GeneratedPuzzle {
                    puzzle: g.line(),
                    rating: g.record.clone(),
                    record: g
                        .json_record(format!("stepwise-{seed}-{}", g.attempt), created.clone()),
                });
                std::ops::ControlFlow::Continue(())
            },
            |_| {},
        );
        report.map(|report| {
            json(&GenerateAnswer {
                seed,
                found: report.found,
                tried: report.tried,
                complete: report.complete,
                seconds: report.seconds,
                puzzles,
                closest: report.closest,
            })
        })
    })?;
    answer.map_err(|e| PyValueError::new_err(e.to_string()))
}

/// Every core, as the CLI's `--jobs` default.
pub(crate) fn default_jobs() -> usize {
    std::thread::available_parallelism().map_or(1, |n| n.get())
}

/// The one Kakuro of `text` (a text grid or a JSON record), and its name in answers: `name`,
/// else `line N`.
fn kakuro_of(py: Python<'_>, text: &str, name: Option<&str>) -> PyResult<(Kakuro, String)> {
    let mut records = stepwise::kakuro::format::read_records(text).into_iter();
    let Some(first) = records.next() else {
        let source = name.unwrap_or("the input").to_string();
        return Err(library_error(py, &stepwise::Error::NoPuzzle { source }));
    };
    if let Some(second) = records.next() {
        let error = stepwise::Error::MultiplePuzzles { line: second.line };
        return Err(library_error(py, &error));
    }
    let kakuro = first
        .puzzle
        .map_err(|e| puzzle_error(py, e.to_string(), e.line(), e.col()))?;
    let name = name.map_or_else(|| format!("line {}", first.line), str::to_string);
    Ok((kakuro, name))
}

/// `kakuro solve --json`'s record (`check`: without the solution).
#[pyfunction]
#[pyo3(signature = (puzzle, name=None, engine=None, node_cap=None, shave=true, with_solution=true, timeout=None))]
#[allow(clippy::too_many_arguments)]
fn kakuro_solve(
    py: Python<'_>,
    puzzle: &str,
    name: Option<&str>,
    engine: Option<&str>,
    node_cap: Option<u64>,
    shave: bool,
    with_solution: bool,
    timeout: Option<f64>,
) -> PyResult<String> {
    let budget = budget(timeout, None)?;
    let engine = match engine {
        None => kakuro_front::DEFAULT_ENGINE,
        Some(e) => e.parse::<KakuroEngine>().map_err(|_| {
            PyValueError::new_err(format!(
                "unknown engine '{e}'; the engines are backtrack, forward-checking, mac and gac"
            ))
        })?,
    };
    let options = KakuroOptions {
        limit: 2,
        node_cap: node_cap.unwrap_or(stepwise::kakuro::engines::DEFAULT_NODE_CAP),
        shave,
    };
    let (kakuro, name) = kakuro_of(py, puzzle, name)?;
    interruptible(py, move || {
        let mut record = kakuro_front::solve(&kakuro, &name, engine, &options, &budget);
        if !with_solution {
            record.solution = None;
        }
        json(&record)
    })
}

/// `kakuro explain --json`'s record.
#[pyfunction]
#[pyo3(signature = (puzzle, name=None, timeout=None))]
fn kakuro_explain(
    py: Python<'_>,
    puzzle: &str,
    name: Option<&str>,
    timeout: Option<f64>,
) -> PyResult<String> {
    let budget = budget(timeout, None)?;
    let (kakuro, name) = kakuro_of(py, puzzle, name)?;
    interruptible(py, move || {
        json(&kakuro_front::explain(&kakuro, &budget).report(&kakuro, &name))
    })
}

/// `kakuro rate --json`'s record.
#[pyfunction]
#[pyo3(signature = (puzzle, name=None, timeout=None))]
fn kakuro_rate(
    py: Python<'_>,
    puzzle: &str,
    name: Option<&str>,
    timeout: Option<f64>,
) -> PyResult<String> {
    let budget = budget(timeout, None)?;
    let (kakuro, name) = kakuro_of(py, puzzle, name)?;
    interruptible(py, move || {
        json(&kakuro_front::rate(&kakuro, &name, &budget))
    })
}

/// `kakuro hint --json --level LEVEL`'s record; a `PuzzleError` for a puzzle without one
/// solution.
#[pyfunction]
#[pyo3(signature = (puzzle, name=None, level="technique", timeout=None))]
fn kakuro_hint(
    py: Python<'_>,
    puzzle: &str,
    name: Option<&str>,
    level: &str,
    timeout: Option<f64>,
) -> PyResult<String> {
    let level: stepwise::hint::HintLevel = level.parse().map_err(|_| {
        PyValueError::new_err(format!(
            "unknown level '{level}': expected nudge, technique, cells or full"
        ))
    })?;
    let budget = budget(timeout, None)?;
    let (kakuro, name) = kakuro_of(py, puzzle, name)?;
    let hinted = interruptible(py, move || {
        kakuro_front::hint(&kakuro, &budget)
            .map(|hint| json(&hint.report(&kakuro, &name, level)))
            .map_err(|status| format!("{name}: {status}"))
    })?;
    hinted.map_err(|message| puzzle_error(py, message, None, None))
}

/// `kakuro generate`'s JSON records: `count` grids of `rows` x `cols`, seeds `seed`,
/// `seed + 1`, ...
#[pyfunction]
#[pyo3(signature = (rows=36, cols=36, seed=1, count=1))]
fn kakuro_generate(
    py: Python<'_>,
    rows: usize,
    cols: usize,
    seed: u64,
    count: u64,
) -> PyResult<Vec<String>> {
    let made = interruptible(py, move || {
        (0..count)
            .map(|i| {
                let seed = seed.wrapping_add(i);
                stepwise::kakuro::generate::large(rows, cols, seed)
                    .map(|k| json(&stepwise::kakuro::format::to_json_record(&k)))
                    .map_err(|e| format!("seed {seed}: {e}"))
            })
            .collect::<Result<Vec<_>, _>>()
    })?;
    made.map_err(PyValueError::new_err)
}

/// The records of a Kakuro file's text: where each starts (1-based line) and its text, bad
/// ones included, as the CLI reads a file.
#[pyfunction]
fn kakuro_records(text: &str) -> Vec<(usize, String)> {
    stepwise::kakuro::format::read_records(text)
        .into_iter()
        .map(|record| (record.line, record.text))
        .collect()
}

/// The columns of `rate`'s records, in the CSV header's order.
#[pyfunction]
fn rate_columns() -> Vec<&'static str> {
    stepwise::RateRecord::CSV_HEADER.split(',').collect()
}

#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("PuzzleError", m.py().get_type::<PuzzleError>())?;
    m.add_function(wrap_pyfunction!(check, m)?)?;
    m.add_function(wrap_pyfunction!(solve, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add_function(wrap_pyfunction!(rate, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(hint, m)?)?;
    m.add_function(wrap_pyfunction!(techniques, m)?)?;
    m.add_function(wrap_pyfunction!(generate, m)?)?;
    m.add_function(wrap_pyfunction!(kakuro_solve, m)?)?;
    m.add_function(wrap_pyfunction!(kakuro_explain, m)?)?;
    m.add_function(wrap_pyfunction!(kakuro_rate, m)?)?;
    m.add_function(wrap_pyfunction!(kakuro_hint, m)?)?;
    m.add_function(wrap_pyfunction!(kakuro_generate, m)?)?;
    m.add_function(wrap_pyfunction!(kakuro_records, m)?)?;
    m.add_function(wrap_pyfunction!(rate_columns, m)?)?;
    m.add_class::<many::RateMany>()?;
    Ok(())
}

// The allocator `stepwise rate` runs with: ratings allocate many small vectors and strings.
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;
