//! The front ends' contract: the answer records the command line prints and the JSON API
//! returns, and the reading rules both apply to what a user types.
//!
//! Owns the records no other module owns: [`CheckAnswer`] (`check`), [`Failure`] (an input that
//! gets no solution or hint), [`SolveAnswer`] (the API's `solve`), [`ExplainAnswer`]
//! (`explain`, with the state after some steps), [`GenerateAnswer`] (the API's `generate`) and
//! [`KakuroInvalid`] / [`KakuroUnhinted`] (Kakuro's records for input it could not read or
//! hint). The other answers are the library's own types, re-exported here so that a front end
//! finds them in one place: [`Explanation`], [`Hint`], [`RateRecord`], Kakuro's records in
//! [`crate::kakuro::explain`].
//!
//! And the rules: an input format by name ([`input_format`]), a puzzle's validity and the error
//! naming why it is not unique ([`validity_of`], [`validity_error`], [`unique_solution`]), a
//! time limit in seconds ([`timeout_seconds`], [`parse_timeout`]) and an unknown technique's
//! message with the nearest names ([`technique`], [`UnknownTechnique`]).
//!
//! A front end reads its own transport (arguments, HTTP bodies), calls the library, and writes
//! these records as they serialize; it holds no record of its own.

use std::fmt;
use std::time::Duration;

use serde::Serialize;

use crate::error::Error;
pub use crate::explain::{Explanation, RateRecord};
use crate::format::{to_line, Format, PuzzleInput, PuzzleRecord};
use crate::generate::Closest;
pub use crate::hint::Hint;
use crate::kakuro::explain::ExplainStatus;
use crate::solver::{validity, validity_with_candidates, Validity};
use crate::technique::Technique;

// ---------------------------------------------------------------------------------------
// Records

/// `check`'s answer for one input: whether the puzzle has one solution, none or several.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct CheckAnswer {
    /// The puzzle as an 81-character line, or the input as given when it could not be read.
    pub puzzle: String,
    /// `unique`, `none`, `multiple` or `invalid`.
    pub status: &'static str,
    /// The solution as an 81-character line, when it is unique.
    pub solution: Option<String>,
    /// Why the input could not be read.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

impl CheckAnswer {
    /// The answer for a parsed puzzle, from the complete solver.
    pub fn of(puzzle: &PuzzleInput) -> CheckAnswer {
        let (status, solution) = match validity_of(puzzle) {
            Validity::Unique(solution) => ("unique", Some(to_line(&solution))),
            Validity::NoSolution => ("none", None),
            Validity::Multiple(..) => ("multiple", None),
        };
        CheckAnswer {
            puzzle: puzzle.text.clone(),
            status,
            solution,
            error: None,
        }
    }

    /// The answer for input that could not be read: the input as given and why.
    pub fn unreadable(input: String, error: String) -> CheckAnswer {
        CheckAnswer {
            puzzle: input,
            status: "invalid",
            solution: None,
            error: Some(error),
        }
    }

    /// Whether the puzzle has exactly one solution.
    pub fn is_unique(&self) -> bool {
        self.status == "unique"
    }
}

/// The answer for an input that gets no solution (`solve`) or no hint (`hint`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Failure {
    /// The input as given (the puzzle line when it could be read).
    pub input: String,
    /// `invalid` (unreadable input), `no_solution` or `multiple_solutions` (`solve`), `error`
    /// (no hint can be given).
    pub status: &'static str,
    /// Why.
    pub error: String,
}

impl Failure {
    /// The failure for input that could not be read.
    pub fn unreadable(input: String, error: String) -> Failure {
        Failure {
            input,
            status: "invalid",
            error,
        }
    }
}

/// The API's `solve` answer: the puzzle and its solution as asked.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SolveAnswer {
    /// The puzzle as an 81-character line.
    pub puzzle: String,
    /// A line or a grid (a string), or the puzzle record (an object).
    pub solution: serde_json::Value,
}

/// Why a puzzle has no solution to give: the status word of `solve`'s answers and the error.
#[derive(Debug, Clone, PartialEq)]
pub struct Unsolvable {
    /// `no_solution` or `multiple_solutions`.
    pub status: &'static str,
    /// The library's error, naming where two solutions differ.
    pub error: Error,
}

/// The candidates after some steps of a path.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct StateAfter {
    /// How many steps were applied (fewer than asked when the path is shorter).
    pub steps: usize,
    /// The pencilmark grid.
    pub state: String,
}

/// `explain`'s answer: the explanation, and the state after some steps when asked.
#[derive(Debug, Clone, Serialize)]
pub struct ExplainAnswer {
    /// The path and its rating.
    #[serde(flatten)]
    pub explanation: Explanation,
    /// The state after the first steps (`explain --state-after N`, `--until N`).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub state_after: Option<StateAfter>,
}

/// One puzzle of the API's `generate` answer: the line, its rating and its JSON record.
#[derive(Debug, Clone, Serialize)]
pub struct GeneratedPuzzle {
    /// The puzzle as an 81-character line.
    pub puzzle: String,
    /// `rate`'s record.
    pub rating: RateRecord,
    /// The JSON puzzle record (`generate --format json`).
    pub record: PuzzleRecord,
}

/// The API's `generate` answer: the run's report and the puzzles found.
#[derive(Debug, Clone, Serialize)]
pub struct GenerateAnswer {
    /// The seed (the request's, or one from the clock): the same seed and request give the
    /// same puzzles.
    pub seed: u64,
    /// Puzzles found.
    pub found: usize,
    /// Attempts tried.
    pub tried: u64,
    /// Whether the count asked was found in time.
    pub complete: bool,
    /// The run's wall time.
    pub seconds: f64,
    /// The puzzles, in the order found.
    pub puzzles: Vec<GeneratedPuzzle>,
    /// The nearest miss, when the run ended short.
    pub closest: Option<Closest>,
}

/// Kakuro's answer for a record that could not be read. The fields are in the order the
/// answer has always been written (alphabetical).
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct KakuroInvalid {
    /// Why.
    pub error: String,
    /// The record's name (`FILE:LINE`).
    pub puzzle: String,
    /// Always `invalid`.
    pub status: &'static str,
}

impl KakuroInvalid {
    /// The answer for the record `name`.
    pub fn new(name: &str, error: &str) -> KakuroInvalid {
        KakuroInvalid {
            error: error.to_string(),
            puzzle: name.to_string(),
            status: "invalid",
        }
    }
}

/// Kakuro's `hint` answer for a puzzle that cannot be hinted (no solution, several).
#[derive(Debug, Clone, Serialize)]
pub struct KakuroUnhinted {
    /// The puzzle's id, or the record's name.
    pub puzzle: String,
    /// Why no hint can be given.
    pub status: ExplainStatus,
}

// ---------------------------------------------------------------------------------------
// Reading rules

/// An input format by name (`line`, `grid`, `pencilmark`, `json`; any ASCII case).
pub fn input_format(name: &str) -> Result<Format, String> {
    name.parse().map_err(|e: Error| e.to_string())
}

/// The complete solver's verdict on a parsed puzzle; pencilmark input restricts each cell to
/// the candidates written.
pub fn validity_of(puzzle: &PuzzleInput) -> Validity {
    match &puzzle.candidates {
        Some(candidates) => validity_with_candidates(candidates),
        None => validity(&puzzle.cells),
    }
}

/// The error for a puzzle that is not uniquely solvable, naming where two solutions differ.
pub fn validity_error(validity: &Validity) -> Option<Error> {
    match validity {
        Validity::Unique(_) => None,
        Validity::NoSolution => Some(Error::NoSolution),
        Validity::Multiple(a, b) => {
            let differing = (0..81).filter(|&i| a[i] != b[i]).collect();
            Some(Error::MultipleSolutions { differing })
        }
    }
}

/// The solution of a puzzle that has exactly one, or why not.
pub fn unique_solution(puzzle: &PuzzleInput) -> Result<[u8; 81], Unsolvable> {
    let validity = validity_of(puzzle);
    if let Validity::Unique(solution) = validity {
        return Ok(solution);
    }
    let status = match validity {
        Validity::NoSolution => "no_solution",
        _ => "multiple_solutions",
    };
    let error = validity_error(&validity).expect("not unique");
    Err(Unsolvable { status, error })
}

/// Why a number of seconds is no time limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BadTimeout {
    /// Zero, negative or not a number.
    NotPositive,
    /// Past what a [`Duration`] holds.
    TooLarge,
}

impl fmt::Display for BadTimeout {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BadTimeout::NotPositive => f.write_str("the timeout must be more than 0 seconds"),
            BadTimeout::TooLarge => f.write_str("the timeout is too large"),
        }
    }
}

impl std::error::Error for BadTimeout {}

/// A time limit of `seconds` (a decimal number, more than 0).
///
/// ```
/// use std::time::Duration;
/// use stepwise::answer::{timeout_seconds, BadTimeout};
///
/// assert_eq!(timeout_seconds(0.5), Ok(Duration::from_millis(500)));
/// assert_eq!(timeout_seconds(0.0), Err(BadTimeout::NotPositive));
/// assert_eq!(timeout_seconds(f64::NAN), Err(BadTimeout::NotPositive));
/// ```
pub fn timeout_seconds(seconds: f64) -> Result<Duration, BadTimeout> {
    if seconds.is_nan() || seconds <= 0.0 {
        return Err(BadTimeout::NotPositive);
    }
    Duration::try_from_secs_f64(seconds).map_err(|_| BadTimeout::TooLarge)
}

/// A time limit written in seconds (`"2.5"`), with the message a user reads when it is not one.
pub fn parse_timeout(text: &str) -> Result<Duration, String> {
    let seconds: f64 = text
        .trim()
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    timeout_seconds(seconds).map_err(|e| match e {
        BadTimeout::NotPositive => format!("{e}, got '{text}'"),
        BadTimeout::TooLarge => format!("the timeout '{text}' is too large"),
    })
}

/// A technique name that is not in the catalog, with the nearest names.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownTechnique {
    /// The name as given.
    pub name: String,
    /// The catalog's nearest slugs, best first (maybe none).
    pub nearest: Vec<String>,
}

impl UnknownTechnique {
    /// The name, with the catalog's nearest slugs.
    pub fn new(name: &str) -> UnknownTechnique {
        UnknownTechnique {
            name: name.to_string(),
            nearest: Technique::nearest(name)
                .into_iter()
                .map(str::to_string)
                .collect(),
        }
    }

    /// The message, ending with where the front end lists the techniques (`listed_by`:
    /// `` `stepwise techniques` ``, `GET /api/techniques`).
    pub fn message(&self, listed_by: &str) -> String {
        let name = &self.name;
        if self.nearest.is_empty() {
            format!("unknown technique '{name}' ({listed_by} lists them)")
        } else {
            format!(
                "unknown technique '{name}'; did you mean {}? ({listed_by} lists them)",
                self.nearest.join(", ")
            )
        }
    }
}

/// A technique by slug or name; an unknown one comes back with the nearest names.
///
/// ```
/// use stepwise::answer::technique;
///
/// assert_eq!(technique("x-wing").unwrap().slug(), "x-wing");
/// let unknown = technique("x-wnig").unwrap_err();
/// assert!(unknown.message("`stepwise techniques`").contains("did you mean x-wing?"));
/// ```
pub fn technique(name: &str) -> Result<Technique, UnknownTechnique> {
    Technique::parse(name).ok_or_else(|| UnknownTechnique::new(name))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::format::parse_puzzle;

    const EASY: &str =
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

    #[test]
    fn check_answers_serialize_as_the_front_ends_write_them() {
        let unique = CheckAnswer::of(&parse_puzzle(EASY, None).unwrap());
        assert!(unique.is_unique());
        let json = serde_json::to_string(&unique).unwrap();
        assert!(json.starts_with(&format!(
            r#"{{"puzzle":"{EASY}","status":"unique","solution":"534678912"#
        )));
        assert!(!json.contains("error"), "{json}");
        let bad = CheckAnswer::unreadable("xyz".into(), "no puzzle".into());
        assert_eq!(
            serde_json::to_string(&bad).unwrap(),
            r#"{"puzzle":"xyz","status":"invalid","solution":null,"error":"no puzzle"}"#
        );
        let kakuro = KakuroInvalid::new("k.txt:3", "bad clue");
        assert_eq!(
            serde_json::to_string(&kakuro).unwrap(),
            r#"{"error":"bad clue","puzzle":"k.txt:3","status":"invalid"}"#
        );
    }

    #[test]
    fn a_puzzle_without_one_solution_says_which_and_why() {
        let empty = parse_puzzle(&".".repeat(81), None).unwrap();
        let unsolvable = unique_solution(&empty).unwrap_err();
        assert_eq!(unsolvable.status, "multiple_solutions");
        assert!(matches!(unsolvable.error, Error::MultipleSolutions { .. }));
        // r1c9 can hold nothing: its row has 1-8, its column 9; no digit repeats.
        let dead_end = format!("12345678.........9{}", ".".repeat(63));
        let none = unique_solution(&parse_puzzle(&dead_end, None).unwrap()).unwrap_err();
        assert_eq!(
            (none.status, none.error),
            ("no_solution", Error::NoSolution)
        );
    }

    #[test]
    fn timeouts_and_technique_names_are_read_with_their_messages() {
        assert_eq!(parse_timeout(" 2.5 "), Ok(Duration::from_millis(2500)));
        assert_eq!(
            parse_timeout("0"),
            Err("the timeout must be more than 0 seconds, got '0'".to_string())
        );
        assert_eq!(
            parse_timeout("soon"),
            Err("'soon' is not a number of seconds".to_string())
        );
        assert_eq!(
            parse_timeout("1e300"),
            Err("the timeout '1e300' is too large".to_string())
        );
        assert_eq!(timeout_seconds(-1.0), Err(BadTimeout::NotPositive));
        let unknown = technique("qqqqqqqqqqqq").unwrap_err();
        assert!(unknown.nearest.is_empty());
        assert_eq!(
            unknown.message("GET /api/techniques"),
            "unknown technique 'qqqqqqqqqqqq' (GET /api/techniques lists them)"
        );
        assert_eq!(input_format("GRID"), Ok(Format::Grid));
        assert!(input_format("svg").is_err());
    }
}
