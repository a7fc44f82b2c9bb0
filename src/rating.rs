//! Difficulty ratings computed from a trace.
//!
//! Owns [`Rating`]: Sudoku Explainer's ER, EP and ED, the level and the hardest technique.
//! A rating is a pure function of a [`Trace`]: two raters that take different paths through
//! the same puzzle can rate it differently, because a rating is a property of the path.
//!
//! Definitions (Sudoku Explainer 1.2.1):
//! - ER: the highest step rating on the path.
//! - EP: the highest step rating up to and including the first step that places a digit.
//! - ED: the rating of the first step.
//! - A path that gets stuck rates 20.0 from the point where it gets stuck (SE's sentinel).
//! - A solve cut by its time limit (`timeout`) is unrated like invalid input: 20.0 everywhere,
//!   level `Unrated`, hardest `none`; only its status tells it apart.
//! - Values are rounded as SE prints them: `floor((x + 0.05) * 10) / 10`.
//!
//! Level (until the HoDoKu profile): the highest level of the techniques used, Easy (singles),
//! Medium (locked candidates, pairs, triples), Hard (quads); a stuck path is `Unrated`.

use serde::Serialize;

use crate::pipeline::{Status, Trace};
use crate::step::round_rating;
use crate::technique::Level;

/// SE's rating for a path that no rule can finish.
pub const STUCK_RATING: f64 = 20.0;

/// The difficulty of a solved (or stuck) path.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rating {
    pub er: f64,
    pub ep: f64,
    pub ed: f64,
    /// `Easy` .. `Extreme`, or `Unrated` when the path is stuck or the puzzle invalid.
    pub level: String,
    /// Community name of the hardest technique used (the first step with the highest rating).
    pub hardest: String,
    /// Sum of HoDoKu base scores over the path.
    pub score: u32,
}

impl Rating {
    /// The rating of a puzzle that could not be read or solved: SE's sentinel everywhere.
    pub fn unrated() -> Rating {
        Rating {
            er: STUCK_RATING,
            ep: STUCK_RATING,
            ed: STUCK_RATING,
            level: "Unrated".into(),
            hardest: "none".into(),
            score: 0,
        }
    }
}

/// Rates a trace.
pub fn rate(trace: &Trace) -> Rating {
    if matches!(
        trace.status,
        Status::Invalid | Status::NoSolution | Status::MultipleSolutions | Status::Timeout
    ) {
        return Rating::unrated();
    }
    let ratings: Vec<f64> = trace.steps.iter().map(|s| s.rating()).collect();
    let stuck = trace.status != Status::Solved;
    let mut er = ratings.iter().copied().fold(0.0, f64::max);
    if stuck {
        er = STUCK_RATING;
    }
    let first_placement = trace.steps.iter().position(|s| !s.placements.is_empty());
    let ep = match first_placement {
        Some(i) => ratings[..=i].iter().copied().fold(0.0, f64::max),
        None => STUCK_RATING,
    };
    let ed = ratings
        .first()
        .copied()
        .unwrap_or(if stuck { STUCK_RATING } else { 0.0 });
    let hardest_step = trace
        .steps
        .iter()
        .fold(None, |best: Option<&crate::step::Step>, s| match best {
            Some(b) if b.rating() >= s.rating() => Some(b),
            _ => Some(s),
        });
    let hardest = match (stuck, hardest_step) {
        (false, Some(s)) => s.technique.to_string(),
        (false, None) => "none".to_string(),
        (true, _) => "(stuck)".to_string(),
    };
    let level = if stuck {
        "Unrated".to_string()
    } else {
        trace
            .steps
            .iter()
            .map(|s| s.technique.level())
            .max()
            .unwrap_or(Level::Easy)
            .to_string()
    };
    let score = trace
        .steps
        .iter()
        .map(|s| s.technique.info().hodoku_score)
        .sum();
    Rating {
        er: round_rating(er),
        ep: round_rating(ep),
        ed: round_rating(ed),
        level,
        hardest,
        score,
    }
}
