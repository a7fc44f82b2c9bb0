//! The JSON endpoints' work: each a synchronous function from a request (deserialized, unknown
//! fields refused) to a [`Reply`], run on a worker of the pool. Each reads its puzzle and
//! options as the matching CLI command does, calls the same library function, and answers with
//! the JSON that command writes with `--json`; options carry the CLI's names (`profile`,
//! `techniques`, `no_uniqueness`, `level`, `count`, `seed`, `timeout`, ...). No policy here
//! beyond the server's own limits ([`Limits`], and the constants of [`super`]).
//!
//! Status codes: 200 for an answer (a hint that names a wrong digit is an answer, and so is
//! `check`'s `none` or `multiple`); 400 for a request that cannot be read (a bad puzzle, an
//! unknown option value, naming the field in `option`); 422 for a puzzle with no solution or
//! several where one is needed; 504 when the request's time ran out (the work has stopped; the
//! body holds what was done and the error).
//!
//! The page's additions beside the commands' JSON: a hint's and a step's picture (`svg`,
//! `svg_step`) and overlays for the page's own board (`overlay` on a hint, `overlays` on an
//! explanation: the marks alone and their legend, drawn by `render::svg`), and `/api/parse`.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::{json, Value};
use stepwise::analysis::Requirement;
use stepwise::answer::{
    timeout_seconds, unique_solution as solution_of, BadTimeout, CheckAnswer, GenerateAnswer,
    GeneratedPuzzle, SolveAnswer,
};
use stepwise::budget::Budget;
use stepwise::format::{
    iso8601_utc, parse_puzzle, record_from, to_grid, to_line, Format, PuzzleInput,
};
use stepwise::generate::{Constraints, Generated, Request};
use stepwise::hint::{HintKind, HintLevel};
use stepwise::pipeline::Status;
use stepwise::profile::{HintSettings, Profile, RateSettings};
use stepwise::render::svg::{grid_svg, legend_svg, step_svg, SvgOptions};
use stepwise::technique::{Level, Technique};

use super::reply::{Answer, Reply};
use super::MAX_GENERATE_COUNT;

/// What the server grants each request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The time one request may take, and the most it may ask for with `timeout`.
    pub timeout: Duration,
    /// The finders' cache bound per worker thread; `None`: the library's default.
    pub cache_bytes: Option<usize>,
}

// ---------------------------------------------------------------------------------------
// Requests

/// `POST /api/check` and `POST /api/parse`: a puzzle alone.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PuzzleRequest {
    puzzle: Value,
    #[serde(default, alias = "input-format")]
    input_format: Option<String>,
}

/// `POST /api/solve`.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SolveRequest {
    puzzle: Value,
    #[serde(default, alias = "input-format")]
    input_format: Option<String>,
    /// `line` (default) or `grid`: the solution as a string; `json`: the puzzle record.
    #[serde(default)]
    format: Option<String>,
}

/// `POST /api/explain`, `POST /api/rate` and `POST /api/analyze`: a puzzle and the settings of
/// its path, and the one option each endpoint has of its own (refused by the others with a
/// 400 naming it: `deny_unknown_fields` rules out one struct per endpoint sharing these
/// fields by `flatten`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PathRequest {
    puzzle: Value,
    #[serde(default, alias = "input-format")]
    input_format: Option<String>,
    #[serde(default)]
    profile: Option<String>,
    #[serde(default)]
    techniques: Option<Value>,
    #[serde(default, alias = "no-uniqueness")]
    no_uniqueness: bool,
    #[serde(default)]
    timeout: Option<f64>,
    /// Explain only: add `svg`, the picture of step `svg_step` (1-based) drawn on the grid as
    /// it was before it (as `explain --svg` draws each step).
    #[serde(default, alias = "svg-step")]
    svg_step: Option<usize>,
    /// Explain only: add `overlays`, one `{overlay, legend}` per step: the step's marks alone
    /// as an SVG to lay over a board drawn elsewhere (on the grid as it was before the step),
    /// and its legend. The page steps through these without asking again.
    #[serde(default)]
    overlays: bool,
    /// Analyze only: techniques the path must use (`analyze --require`).
    #[serde(default)]
    require: Option<Value>,
}

impl PathRequest {
    /// The puzzle and the path's settings, after refusing the options of other endpoints
    /// (`endpoint` names the one asked).
    fn read(&self, endpoint: &str, limits: &Limits) -> Result<(PuzzleInput, RateSettings), Reply> {
        let foreign = [
            ("svg_step", self.svg_step.is_some(), "/api/explain"),
            ("overlays", self.overlays, "/api/explain"),
            ("require", self.require.is_some(), "/api/analyze"),
        ];
        for (option, given, owner) in foreign {
            if given && owner != endpoint {
                return Err(Reply::bad(
                    option,
                    format!("only {owner} takes {option}; {endpoint} does not"),
                ));
            }
        }
        let format = input_format(self.input_format.as_deref())?;
        let puzzle = read_puzzle("puzzle", &self.puzzle, format)?;
        let budget = budget(self.timeout, limits)?;
        let settings = settings(
            self.profile.as_deref(),
            self.techniques.as_ref(),
            self.no_uniqueness,
            budget,
        )?;
        Ok((puzzle, settings))
    }
}

/// `POST /api/hint`. The user's state is `state`, or `puzzle` when there is no `state`; the
/// original puzzle (optional) is `original`, or `puzzle` when `state` is given (as
/// `stepwise hint --puzzle ORIGINAL STATE`).
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct HintRequest {
    #[serde(default)]
    puzzle: Option<Value>,
    #[serde(default)]
    state: Option<Value>,
    #[serde(default)]
    original: Option<Value>,
    /// `nudge`, `technique`, `cells` or `full`; without it the library's default,
    /// `HintLevel::default()` (`technique`).
    #[serde(default)]
    level: Option<String>,
    #[serde(default, alias = "input-format")]
    input_format: Option<String>,
    #[serde(default)]
    timeout: Option<f64>,
    /// The techniques looked for: `se`, `hodoku`, `sukaku`, `extended` (default) or `all`.
    #[serde(default)]
    profile: Option<String>,
    /// A technique list that replaces the profile's (slugs or names), as `hint --techniques`.
    #[serde(default)]
    techniques: Option<Value>,
    #[serde(default, alias = "no-uniqueness")]
    no_uniqueness: bool,
    /// Add `svg`: the user's candidate grid with the hint drawn as far as the level gives
    /// away (the step at `full`, its cells at `cells`; nothing below), as `hint --svg`.
    #[serde(default)]
    svg: bool,
    /// Add `overlay` and `legend` at `cells` and `full`: the same marks alone, to lay over a
    /// board drawn elsewhere (the page's own), and their legend.
    #[serde(default)]
    overlay: bool,
}

/// `POST /api/generate`: `stepwise generate`'s options.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct GenerateRequest {
    #[serde(default)]
    count: Option<u64>,
    #[serde(default)]
    level: Option<String>,
    /// `"MIN..MAX"`, `[MIN, MAX]` or one number.
    #[serde(default)]
    er: Option<Value>,
    /// Techniques that must appear (`--technique`): a slug, a comma-separated list or an array.
    #[serde(default)]
    technique: Option<Value>,
    #[serde(default)]
    hardest: Option<String>,
    #[serde(default)]
    symmetry: Option<String>,
    #[serde(default)]
    minimal: bool,
    /// `"MIN..MAX"`, `[MIN, MAX]` or one number.
    #[serde(default)]
    givens: Option<Value>,
    #[serde(default)]
    seed: Option<u64>,
    #[serde(default)]
    profile: Option<String>,
    #[serde(default)]
    techniques: Option<Value>,
    #[serde(default, alias = "no-uniqueness")]
    no_uniqueness: bool,
    /// The whole run's time, as `generate --timeout` (at most the server's limit).
    #[serde(default)]
    timeout: Option<f64>,
}

// ---------------------------------------------------------------------------------------
// Reading requests

/// How a JSON value is named in messages.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

fn input_format(name: Option<&str>) -> Result<Option<Format>, Reply> {
    name.map(|s| stepwise::answer::input_format(s).map_err(|e| Reply::bad("input_format", e)))
        .transpose()
}

/// One puzzle from a request field: a string in any format the CLI reads (line, grid,
/// pencilmark grid, JSON record), or a JSON record given as an object.
fn read_puzzle(option: &str, value: &Value, format: Option<Format>) -> Result<PuzzleInput, Reply> {
    let text = match value {
        Value::String(text) => text.clone(),
        Value::Object(_) => value.to_string(),
        other => {
            return Err(Reply::bad(
                option,
                format!(
                    "expected a puzzle as a string (a line, a grid, a pencilmark grid or a JSON \
                     record) or a JSON record object, found {}",
                    kind_of(other)
                ),
            ))
        }
    };
    parse_puzzle(&text, format).map_err(|e| Reply::bad(option, e))
}

/// A list of names: one string, comma-separated, or an array of strings.
fn names(option: &str, value: &Value) -> Result<Vec<String>, Reply> {
    let split = |s: &str| -> Vec<String> {
        s.split(',')
            .map(str::trim)
            .filter(|s| !s.is_empty())
            .map(String::from)
            .collect()
    };
    match value {
        Value::String(s) => Ok(split(s)),
        Value::Array(items) => {
            let mut out = Vec::new();
            for item in items {
                match item {
                    Value::String(s) => out.extend(split(s)),
                    other => {
                        return Err(Reply::bad(
                            option,
                            format!("expected technique names, found {}", kind_of(other)),
                        ))
                    }
                }
            }
            Ok(out)
        }
        other => Err(Reply::bad(
            option,
            format!(
                "expected a technique name, a comma-separated list or an array of names, found {}",
                kind_of(other)
            ),
        )),
    }
}

/// A technique by slug or name; an unknown one gets the nearest names in `suggestions`.
fn technique(option: &str, name: &str) -> Result<Technique, Reply> {
    stepwise::answer::technique(name).map_err(|unknown| {
        Reply::bad(option, unknown.message("GET /api/techniques"))
            .field("suggestions", &unknown.nearest)
    })
}

fn techniques(option: &str, value: Option<&Value>) -> Result<Vec<Technique>, Reply> {
    let Some(value) = value else {
        return Ok(vec![]);
    };
    names(option, value)?
        .iter()
        .map(|name| technique(option, name))
        .collect()
}

/// The request's budget: its `timeout` (seconds, at most the server's limit) or the server's
/// limit, and the server's cache bound.
pub(super) fn budget(timeout: Option<f64>, limits: &Limits) -> Result<Budget, Reply> {
    let time = match timeout {
        None => limits.timeout,
        Some(seconds) => match timeout_seconds(seconds) {
            Ok(time) if time <= limits.timeout => time,
            Err(e @ BadTimeout::NotPositive) => {
                return Err(Reply::bad("timeout", format!("{e}, got {seconds}")))
            }
            _ => {
                return Err(Reply::bad(
                    "timeout",
                    format!(
                        "at most {} seconds on this server, got {seconds}",
                        limits.timeout.as_secs_f64()
                    ),
                ))
            }
        },
    };
    Ok(Budget {
        time: Some(time),
        cache_bytes: limits.cache_bytes,
    })
}

/// The library's paths for a profile, a technique list and `no_uniqueness`, as the CLI's
/// `ProfileArgs::settings` builds them, under `budget`.
fn profile(name: Option<&str>) -> Result<Option<Profile>, Reply> {
    name.map(|name| {
        name.parse::<Profile>()
            .map_err(|e| Reply::bad("profile", e))
    })
    .transpose()
}

fn settings(
    profile_name: Option<&str>,
    techniques_value: Option<&Value>,
    no_uniqueness: bool,
    budget: Budget,
) -> Result<RateSettings, Reply> {
    let profile = profile(profile_name)?;
    let techniques = techniques("techniques", techniques_value)?;
    Ok(RateSettings::select(profile, &techniques, no_uniqueness).with_budget(budget))
}

/// The HTTP status of how a path ended.
fn path_status(status: Status) -> StatusCode {
    match status {
        Status::Solved | Status::Stuck => StatusCode::OK,
        Status::Invalid => StatusCode::BAD_REQUEST,
        Status::NoSolution | Status::MultipleSolutions => StatusCode::UNPROCESSABLE_ENTITY,
        Status::Timeout => StatusCode::GATEWAY_TIMEOUT,
    }
}

// ---------------------------------------------------------------------------------------
// Endpoints

/// `POST /api/check`: `{puzzle, status: unique|none|multiple, solution}`, as `check --json`.
pub fn check(request: PuzzleRequest, _: &Limits) -> Answer {
    let format = input_format(request.input_format.as_deref())?;
    let puzzle = read_puzzle("puzzle", &request.puzzle, format)?;
    Ok(Reply::ok(&CheckAnswer::of(&puzzle)))
}

/// The solution of a puzzle that has exactly one, or the 422 naming why not (as `solve`).
fn unique_solution(puzzle: &PuzzleInput) -> Result<[u8; 81], Reply> {
    solution_of(puzzle).map_err(|unsolvable| {
        Reply::error(
            StatusCode::UNPROCESSABLE_ENTITY,
            unsolvable.error.to_string(),
        )
        .field("status", unsolvable.status)
        .field("puzzle", &puzzle.text)
    })
}

/// `POST /api/solve`: `{puzzle, solution}`, the solution as a line, a grid (`format: grid`) or
/// the JSON puzzle record (`format: json`), as `solve --format`.
pub fn solve(request: SolveRequest, _: &Limits) -> Answer {
    let format = input_format(request.input_format.as_deref())?;
    let puzzle = read_puzzle("puzzle", &request.puzzle, format)?;
    let written = request.format.as_deref().unwrap_or("line");
    if !["line", "grid", "json"].contains(&written) {
        return Err(Reply::bad(
            "format",
            format!("unknown format '{written}': expected line, grid or json"),
        ));
    }
    let solution = unique_solution(&puzzle)?;
    let solution = match written {
        "grid" => json!(to_grid(&solution)),
        "json" => json!(record_from(&puzzle, Some(&solution))),
        _ => json!(to_line(&solution)),
    };
    Ok(Reply::ok(&SolveAnswer {
        puzzle: puzzle.text,
        solution,
    }))
}

/// `POST /solve`: the JSON puzzle record (`id`, `difficulty`, `board`, `solution`,
/// `createdAt`) back with its solution filled in, as `solve --json`.
pub fn solve_record(body: String, _: &Limits) -> Answer {
    let puzzle = parse_puzzle(&body, Some(Format::Json))
        .map_err(|e| Reply::error(StatusCode::BAD_REQUEST, e.to_string()))?;
    let solution = unique_solution(&puzzle)?;
    Ok(Reply::ok(&record_from(&puzzle, Some(&solution))))
}

/// `POST /api/explain`: the whole path and the rating, as `explain --json`.
pub fn explain(request: PathRequest, limits: &Limits) -> Answer {
    let (puzzle, settings) = request.read("/api/explain", limits)?;
    let explanation = stepwise::explain(&puzzle, &settings);
    let mut reply = Reply::with_status(path_status(explanation.status), &explanation);
    if request.overlays {
        let mut grid = stepwise::explain::grid_of(&puzzle);
        let mut overlays = Vec::with_capacity(explanation.steps.len());
        for step in &explanation.steps {
            overlays.push(json!({
                "overlay": step_svg(&grid, step, &overlay_options()),
                "legend": legend_svg(&grid, step),
            }));
            stepwise::pipeline::apply(&mut grid, step);
        }
        reply = reply.field("overlays", overlays);
    }
    let Some(n) = request.svg_step else {
        return Ok(reply);
    };
    let steps = &explanation.steps;
    if n == 0 || n > steps.len() {
        return Err(Reply::bad(
            "svg_step",
            format!("no step {n}: the path has {} steps (from 1)", steps.len()),
        ));
    }
    let mut grid = stepwise::explain::grid_of(&puzzle);
    for step in &steps[..n - 1] {
        stepwise::pipeline::apply(&mut grid, step);
    }
    let picture = step_svg(&grid, &steps[n - 1], &picture_options());
    Ok(reply.field("svg", picture))
}

/// The page's overlays: the marks alone, for its own board.
fn overlay_options() -> SvgOptions {
    let mut options = SvgOptions::default();
    options.overlay = true;
    options
}

/// The page's pictures: the step's notation under the board, no legend (narrow screens).
fn picture_options() -> SvgOptions {
    let mut options = SvgOptions::default();
    options.legend = false;
    options
}

/// `POST /api/parse`: `{puzzle, format, cells: [81 digits, 0 empty], candidates: [81 lists
/// of digits] | null}`; candidates only for a pencilmark grid.
pub fn parse(request: PuzzleRequest, _: &Limits) -> Answer {
    let format = input_format(request.input_format.as_deref())?;
    let puzzle = read_puzzle("puzzle", &request.puzzle, format)?;
    let candidates = puzzle.candidates.map(|marks| {
        marks
            .iter()
            .map(|&m| (1..=9u8).filter(|d| m & (1 << (d - 1)) != 0).collect())
            .collect::<Vec<Vec<u8>>>()
    });
    Ok(Reply::ok(&json!({
        "puzzle": puzzle.text,
        "format": puzzle.format.name(),
        "cells": puzzle.cells.to_vec(),
        "candidates": candidates,
    })))
}

/// `POST /api/rate`: one rate record (`puzzle, er, ep, ed, level, score, hardest, steps,
/// status, error`), as `rate --json`.
pub fn rate(request: PathRequest, limits: &Limits) -> Answer {
    let (puzzle, settings) = request.read("/api/rate", limits)?;
    let record = stepwise::rate_puzzle(&stepwise::explain::grid_of(&puzzle), &settings);
    let status = Status::ALL
        .into_iter()
        .find(|s| s.word() == record.status)
        .unwrap_or(Status::Invalid);
    Ok(Reply::with_status(path_status(status), &record))
}

/// `POST /api/analyze`: givens, symmetry, rating, technique histogram, bottlenecks and the
/// `require` checks, as `analyze --json`.
pub fn analyze(request: PathRequest, limits: &Limits) -> Answer {
    let (puzzle, settings) = request.read("/api/analyze", limits)?;
    let required = match &request.require {
        None => vec![],
        Some(value) => names("require", value)?
            .iter()
            .map(|name| {
                Requirement::parse(name).ok_or_else(|| match technique("require", name) {
                    Err(unknown) => unknown,
                    Ok(_) => Reply::bad("require", format!("unknown technique '{name}'")),
                })
            })
            .collect::<Result<Vec<_>, _>>()?,
    };
    let mut analysis = stepwise::analyze(&puzzle, &settings);
    analysis.check(&required);
    Ok(Reply::with_status(path_status(analysis.status), &analysis))
}

/// `POST /api/hint`: the next hint from the user's state at the level asked, as `hint
/// --json`; a state the library cannot hint (several solutions, several wrong digits, not a
/// state of the original) gets 422 with the library's message.
pub fn hint(request: HintRequest, limits: &Limits) -> Answer {
    let format = input_format(request.input_format.as_deref())?;
    let original_field = request.original.as_ref().map(|o| ("original", o));
    let (state, original) =
        match (&request.state, &request.puzzle) {
            (Some(state), Some(puzzle)) => {
                if request.original.is_some() {
                    return Err(Reply::bad(
                        "original",
                        "with `state`, `puzzle` is the original puzzle; give it once",
                    ));
                }
                (("state", state), Some(("puzzle", puzzle)))
            }
            (Some(state), None) => (("state", state), original_field),
            (None, Some(puzzle)) => (("puzzle", puzzle), original_field),
            (None, None) => return Err(Reply::bad(
                "puzzle",
                "missing: the user's state (`puzzle`, or `state` with the original in `puzzle`)",
            )),
        };
    let state = read_puzzle(state.0, state.1, format)?;
    let original = original
        .map(|(option, value)| read_puzzle(option, value, format).map(|p| p.cells))
        .transpose()?;
    let level = match request.level.as_deref() {
        None => HintLevel::default(),
        Some(name) => name.parse::<HintLevel>().map_err(|_| {
            Reply::bad(
                "level",
                format!("unknown level '{name}': expected nudge, technique, cells or full"),
            )
        })?,
    };
    let budget = budget(request.timeout, limits)?;
    let settings = HintSettings::select(
        profile(request.profile.as_deref())?,
        &techniques("techniques", request.techniques.as_ref())?,
        request.no_uniqueness,
    )
    .with_budget(budget);
    match stepwise::next_hint_with(&state, original.as_ref(), level, &settings) {
        Ok(hint) if hint.kind == HintKind::Timeout => {
            Ok(Reply::with_status(StatusCode::GATEWAY_TIMEOUT, &hint).field("error", &hint.text))
        }
        Ok(hint) if request.svg || request.overlay => {
            let mut reply = Reply::ok(&hint);
            if request.svg {
                let picture = hint_picture(&state, original.as_ref(), &hint, &settings);
                reply = reply.field("svg", picture);
            }
            if request.overlay {
                if let Some(step) = hint_step(&state, original.as_ref(), &hint, &settings) {
                    let grid = stepwise::explain::grid_of(&state);
                    reply = reply
                        .field("overlay", step_svg(&grid, &step, &overlay_options()))
                        .field("legend", legend_svg(&grid, &step));
                }
            }
            Ok(reply)
        }
        Ok(hint) => Ok(Reply::ok(&hint)),
        Err(e) => Err(
            Reply::error(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
                .field("puzzle", &state.text),
        ),
    }
}

/// The user's grid with `hint` drawn: the whole step at `full`, at `cells` the cells it names
/// on the step's technique (nothing placed or removed), the grid alone otherwise.
fn hint_picture(
    state: &PuzzleInput,
    original: Option<&[u8; 81]>,
    hint: &stepwise::hint::Hint,
    settings: &HintSettings,
) -> String {
    let grid = stepwise::explain::grid_of(state);
    let options = picture_options();
    match hint_step(state, original, hint, settings) {
        Some(step) => step_svg(&grid, &step, &options),
        None => grid_svg(&grid, &options),
    }
}

/// What of `hint`'s step is drawn: the whole step at `full`, at `cells` its cells on the step's
/// technique; nothing below.
fn hint_step(
    state: &PuzzleInput,
    original: Option<&[u8; 81]>,
    hint: &stepwise::hint::Hint,
    settings: &HintSettings,
) -> Option<stepwise::step::Step> {
    // The hint told at `full` holds the step; below `cells` nothing of it is drawn.
    let full = match hint.level {
        HintLevel::Full => Some(hint.clone()),
        HintLevel::Cells if hint.kind == HintKind::Step => {
            stepwise::next_hint_with(state, original, HintLevel::Full, settings).ok()
        }
        _ => None,
    };
    full.and_then(|full| stepwise::hint::shown_step(&full, hint))
}

/// A range option of `generate`: `"MIN..MAX"`, `[MIN, MAX]` or one number `X` for `X..X`. The
/// order is the library's to check.
fn range<T: std::str::FromStr + Copy + serde::de::DeserializeOwned>(
    option: &str,
    value: &Value,
    what: &str,
) -> Result<(T, T), Reply> {
    let wrong = || {
        Reply::bad(
            option,
            format!("expected \"MIN..MAX\", [MIN, MAX] or {what}"),
        )
    };
    let number = |v: &Value| -> Result<T, Reply> {
        match v {
            Value::String(s) => s
                .trim()
                .parse::<T>()
                .map_err(|_| Reply::bad(option, format!("'{}' is not {what}", s.trim()))),
            Value::Number(_) => serde_json::from_value(v.clone())
                .map_err(|_| Reply::bad(option, format!("{v} is not {what}"))),
            _ => Err(wrong()),
        }
    };
    match value {
        Value::String(s) => match s.split_once("..") {
            Some((min, max)) => Ok((number(&json!(min))?, number(&json!(max))?)),
            None => number(value).map(|x| (x, x)),
        },
        Value::Number(_) => number(value).map(|x| (x, x)),
        Value::Array(ends) if ends.len() == 2 => Ok((number(&ends[0])?, number(&ends[1])?)),
        _ => Err(wrong()),
    }
}

fn unix_seconds() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs())
}

/// A seed from the clock, for a request without one (as `generate` without `--seed`).
fn clock_seed() -> u64 {
    let now = SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap_or_default();
    now.as_nanos() as u64
}

/// `POST /api/generate`: `{seed, found, tried, complete, seconds, puzzles: [{puzzle, rating,
/// record}], closest}` from one `stepwise::generate::run` on one thread, at most
/// [`MAX_GENERATE_COUNT`] puzzles within the request's time. An impossible request is a 400
/// naming its option (the library's `validate`); a run that ends short is a 504 with what it
/// found and the nearest miss.
pub fn generate(request: GenerateRequest, limits: &Limits) -> Answer {
    let count = request.count.unwrap_or(1);
    if !(1..=MAX_GENERATE_COUNT).contains(&count) {
        return Err(Reply::bad(
            "count",
            format!("from 1 to {MAX_GENERATE_COUNT} puzzles per request, got {count}"),
        ));
    }
    let level = request
        .level
        .as_deref()
        .map(|s| {
            s.parse::<Level>()
                .map_err(|e| Reply::bad("level", e.to_string()))
        })
        .transpose()?;
    let symmetry = match request.symmetry.as_deref() {
        None => None,
        Some(s) => stepwise::generate::symmetry_choice(s)
            .map_err(|e| Reply::bad("symmetry", e.to_string()))?,
    };
    let er = request
        .er
        .as_ref()
        .map(|v| range::<f64>("er", v, "a rating (a decimal number)"))
        .transpose()?;
    let givens = request
        .givens
        .as_ref()
        .map(|v| range::<usize>("givens", v, "a number of givens"))
        .transpose()?;
    let required = techniques("technique", request.technique.as_ref())?;
    let hardest = request
        .hardest
        .as_deref()
        .map(|name| technique("hardest", name))
        .transpose()?;
    let budget = budget(request.timeout, limits)?;
    let settings = settings(
        request.profile.as_deref(),
        request.techniques.as_ref(),
        request.no_uniqueness,
        budget,
    )?;
    let seed = request.seed.unwrap_or_else(clock_seed);
    let run = Request {
        count: count as usize,
        constraints: Constraints {
            level,
            er,
            techniques: required,
            hardest,
            symmetry,
            minimal: request.minimal,
            givens,
        },
        settings,
        seed,
        // One thread per request: the pool bounds the server's threads.
        jobs: 1,
        time_limit: budget.time,
    };
    stepwise::generate::validate(&run).map_err(|e| Reply::bad(e.option, e.reason))?;
    // The run rates on a thread of its own; this worker's caches are given back meanwhile, so
    // that a worker never holds two threads' worth.
    stepwise::clear_caches();
    let created = iso8601_utc(unix_seconds());
    let mut puzzles = Vec::new();
    let found = |g: &Generated| {
        puzzles.push(GeneratedPuzzle {
            puzzle: g.line(),
            rating: g.record.clone(),
            record: g.json_record(format!("stepwise-{seed}-{}", g.attempt), created.clone()),
        });
        std::ops::ControlFlow::Continue(())
    };
    let report =
        stepwise::generate::run(&run, found, |_| {}).map_err(|e| Reply::bad(e.option, e.reason))?;
    let body = GenerateAnswer {
        seed,
        found: report.found,
        tried: report.tried,
        complete: report.complete,
        seconds: report.seconds,
        puzzles,
        closest: report.closest,
    };
    if report.complete {
        return Ok(Reply::ok(&body));
    }
    let plural = |n: u64| if n == 1 { "" } else { "s" };
    let error = format!(
        "the time ran out (timeout {} s): found {} of {count} puzzle{} asked, {} attempt{} tried \
         in {:.1} s",
        budget.time.unwrap_or_default().as_secs_f64(),
        report.found,
        plural(count),
        report.tried,
        plural(report.tried),
        report.seconds
    );
    Err(Reply::with_status(StatusCode::GATEWAY_TIMEOUT, &body).field("error", error))
}
