//! The Kakuro endpoints' work, `POST /api/kakuro/{check,solve,explain,hint,rate,generate}`: each
//! reads its puzzle and options as the matching `stepwise kakuro` command does, calls the same
//! library function under the request's budget, and answers with the JSON that command writes
//! with `--json`. Same limits, errors and status codes as the Sudoku endpoints ([`super::api`]):
//! 400 for a request that cannot be read (naming the field in `option`), 422 for a puzzle with
//! no solution or several where one is needed, 504 when the request's time ran out.

use axum::http::StatusCode;
use serde::Deserialize;
use serde_json::Value;
use stepwise::hint::HintLevel;
use stepwise::kakuro::engines::{Count, Engine, Options, DEFAULT_NODE_CAP};
use stepwise::kakuro::explain::{self as front, ExplainStatus, Hint, DEFAULT_ENGINE};
use stepwise::kakuro::format::{parse_json, parse_text, to_json_record};
use stepwise::kakuro::logic::Level;
use stepwise::kakuro::{generate, Kakuro};

use super::api::{budget, Limits};
use super::reply::{Answer, Reply};

/// The largest grid `generate` makes for a request: big enough for the largest grids of the
/// corpus and the repository (46x46), small enough to finish within a request's time.
pub const MAX_GENERATE_SIDE: usize = 50;

/// A Kakuro request: the puzzle (the text format as a string, or a JSON record as an object or
/// a string) and the options of the endpoint asked; an option another endpoint owns is a 400.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct KakuroRequest {
    #[serde(default)]
    puzzle: Option<Value>,
    #[serde(default)]
    engine: Option<String>,
    #[serde(default, alias = "node-cap")]
    node_cap: Option<u64>,
    #[serde(default)]
    timeout: Option<f64>,
    #[serde(default)]
    level: Option<String>,
    #[serde(default)]
    rows: Option<usize>,
    #[serde(default)]
    cols: Option<usize>,
    #[serde(default)]
    seed: Option<u64>,
}

impl KakuroRequest {
    /// Refuses the options that `endpoint` does not take.
    fn only(&self, endpoint: &str, takes: &[&str]) -> Result<(), Reply> {
        let given = [
            ("puzzle", self.puzzle.is_some()),
            ("engine", self.engine.is_some()),
            ("node_cap", self.node_cap.is_some()),
            ("timeout", self.timeout.is_some()),
            ("level", self.level.is_some()),
            ("rows", self.rows.is_some()),
            ("cols", self.cols.is_some()),
            ("seed", self.seed.is_some()),
        ];
        match given
            .iter()
            .find(|(name, present)| *present && !takes.contains(name))
        {
            Some((name, _)) => Err(Reply::bad(
                name,
                format!(
                    "{endpoint} does not take {name}; it takes {}",
                    takes.join(", ")
                ),
            )),
            None => Ok(()),
        }
    }

    /// The puzzle, read as the commands read a record.
    fn kakuro(&self) -> Result<Kakuro, Reply> {
        let parsed = match &self.puzzle {
            None => return Err(Reply::bad("puzzle", "missing: the Kakuro to work on")),
            Some(Value::String(text)) if text.trim_start().starts_with('{') => parse_json(text),
            Some(Value::String(text)) => parse_text(text),
            Some(record @ Value::Object(_)) => parse_json(&record.to_string()),
            Some(_) => {
                return Err(Reply::bad(
                    "puzzle",
                    "expected the text format as a string, or a JSON record",
                ))
            }
        };
        parsed.map_err(|e| Reply::bad("puzzle", e))
    }

    fn engine(&self) -> Result<Engine, Reply> {
        match &self.engine {
            None => Ok(DEFAULT_ENGINE),
            Some(name) => name.parse().map_err(|_| {
                Reply::bad(
                    "engine",
                    format!(
                        "unknown engine '{name}'; the engines are backtrack, forward-checking, \
                         mac and gac"
                    ),
                )
            }),
        }
    }

    fn options(&self) -> Options {
        Options {
            limit: 2,
            node_cap: self.node_cap.unwrap_or(DEFAULT_NODE_CAP),
            shave: true,
        }
    }
}

/// The reply for a puzzle whose explanation cannot go on: 504 for a spent budget, 422 for no
/// solution, several, or an undecided count.
fn not_proper(status: ExplainStatus, body: Reply) -> Reply {
    let (code, why) = match status {
        ExplainStatus::Timeout => (
            StatusCode::GATEWAY_TIMEOUT,
            "the request's time ran out".to_string(),
        ),
        other => (
            StatusCode::UNPROCESSABLE_ENTITY,
            format!("the puzzle is not proper: {other}"),
        ),
    };
    Reply {
        status: code,
        ..body
    }
    .field("error", why)
}

/// `POST /api/kakuro/check`: one solution, none or several, with the engine's figures.
pub fn check(request: KakuroRequest, limits: &Limits) -> Answer {
    request.only(
        "/api/kakuro/check",
        &["puzzle", "engine", "node_cap", "timeout"],
    )?;
    let kakuro = request.kakuro()?;
    let budget = budget(request.timeout, limits)?;
    let mut record = front::solve(
        &kakuro,
        "puzzle",
        request.engine()?,
        &request.options(),
        &budget,
    );
    record.solution = None;
    let reply = Reply::ok(&record);
    Ok(if record.timeout {
        Reply {
            status: StatusCode::GATEWAY_TIMEOUT,
            ..reply
        }
        .field("error", "the request's time ran out")
    } else {
        reply
    })
}

/// `POST /api/kakuro/solve`: the solution of a puzzle that has exactly one.
pub fn solve(request: KakuroRequest, limits: &Limits) -> Answer {
    request.only(
        "/api/kakuro/solve",
        &["puzzle", "engine", "node_cap", "timeout"],
    )?;
    let kakuro = request.kakuro()?;
    let budget = budget(request.timeout, limits)?;
    let record = front::solve(
        &kakuro,
        "puzzle",
        request.engine()?,
        &request.options(),
        &budget,
    );
    let reply = Reply::ok(&record);
    match record.status {
        Count::Unique => Ok(reply),
        _ if record.timeout => Err(not_proper(ExplainStatus::Timeout, reply)),
        Count::None => Err(not_proper(ExplainStatus::NoSolution, reply)),
        Count::Multiple => Err(not_proper(ExplainStatus::MultipleSolutions, reply)),
        Count::Unknown => Err(not_proper(ExplainStatus::Undecided, reply)),
    }
}

/// `POST /api/kakuro/explain`: the named steps and the rating (504 with the steps found when
/// the time ran out).
pub fn explain(request: KakuroRequest, limits: &Limits) -> Answer {
    request.only("/api/kakuro/explain", &["puzzle", "timeout"])?;
    let kakuro = request.kakuro()?;
    let budget = budget(request.timeout, limits)?;
    let explanation = front::explain(&kakuro, &budget);
    let reply = Reply::ok(&explanation.report(&kakuro, "puzzle"));
    if explanation.status.is_proper() {
        Ok(reply)
    } else {
        Err(not_proper(explanation.status, reply))
    }
}

/// `POST /api/kakuro/rate`: the rating of the human solve.
pub fn rate(request: KakuroRequest, limits: &Limits) -> Answer {
    request.only("/api/kakuro/rate", &["puzzle", "timeout"])?;
    let kakuro = request.kakuro()?;
    let budget = budget(request.timeout, limits)?;
    let record = front::rate(&kakuro, "puzzle", &budget);
    let reply = Reply::ok(&record);
    if record.status.is_proper() {
        Ok(reply)
    } else {
        Err(not_proper(record.status, reply))
    }
}

/// `POST /api/kakuro/hint`: the next hint from the digits entered in the grid, at `level`
/// (`technique` by default, as `/api/hint`).
pub fn hint(request: KakuroRequest, limits: &Limits) -> Answer {
    request.only("/api/kakuro/hint", &["puzzle", "level", "timeout"])?;
    let kakuro = request.kakuro()?;
    let level = match &request.level {
        None => HintLevel::default(),
        Some(name) => name.parse().map_err(|_| {
            Reply::bad(
                "level",
                format!("unknown level '{name}': expected nudge, technique, cells or full"),
            )
        })?,
    };
    let budget = budget(request.timeout, limits)?;
    match front::hint(&kakuro, &budget) {
        Ok(Hint::Timeout) => Err(not_proper(
            ExplainStatus::Timeout,
            Reply::ok(&Hint::Timeout.report(&kakuro, "puzzle", level)),
        )),
        Ok(hint) => Ok(Reply::ok(&hint.report(&kakuro, "puzzle", level))),
        Err(status) => Err(not_proper(
            status,
            Reply::ok(&stepwise::answer::KakuroUnhinted {
                puzzle: kakuro.id.clone().unwrap_or_else(|| "puzzle".to_string()),
                status,
            }),
        )),
    }
}

/// `POST /api/kakuro/generate`: a new unique grid of `rows` x `cols` (12x12 by default, at most
/// [`MAX_GENERATE_SIDE`]) as a JSON record, the same for the same seed; with `level` (easy,
/// medium, hard or expert), one whose human solve is rated that; made under the request's
/// budget (504 when it runs out, 422 when no attempt gave the level or no grid was unique).
pub fn generate(request: KakuroRequest, limits: &Limits) -> Answer {
    request.only(
        "/api/kakuro/generate",
        &["rows", "cols", "seed", "level", "timeout"],
    )?;
    let rows = request.rows.unwrap_or(12);
    let cols = request.cols.unwrap_or(rows);
    for (name, side) in [("rows", rows), ("cols", cols)] {
        if !(4..=MAX_GENERATE_SIDE).contains(&side) {
            return Err(Reply::bad(
                name,
                format!("4 to {MAX_GENERATE_SIDE} on this server, got {side}"),
            ));
        }
    }
    let seed = request.seed.unwrap_or(1);
    let level = match &request.level {
        None => None,
        Some(name) => Some(name.parse::<Level>().map_err(|_| {
            Reply::bad(
                "level",
                format!("unknown level '{name}': expected {}", Level::NAMES),
            )
        })?),
    };
    let budget = budget(request.timeout, limits)?;
    let made = generate::grid(rows, cols, level, seed, &budget).map_err(|e| {
        if e.is_timeout() {
            Reply::error(StatusCode::GATEWAY_TIMEOUT, "the request's time ran out")
        } else {
            Reply::error(StatusCode::UNPROCESSABLE_ENTITY, e.to_string())
        }
    })?;
    Ok(Reply::ok(&to_json_record(&made)))
}
