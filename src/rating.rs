//! Difficulty ratings computed from a trace.
//!
//! Owns [`Rating`]: Sudoku Explainer's ER, EP and ED and the hardest technique.
//! A rating is a pure function of a [`Trace`]: two raters that take different paths through
//! the same puzzle can rate it differently, because a rating is a property of the path.
//!
//! Definitions (Sudoku Explainer 1.2.1):
//! - ER: the highest step rating on the path.
//! - EP: the highest step rating up to and including the first step that places a digit.
//! - ED: the rating of the first step.
//! - A path that gets stuck rates 20.0 from the point where it gets stuck (SE's sentinel).
//! - A solve cut by its time limit (`timeout`) is unrated like invalid input: 20.0 everywhere,
//!   no hardest technique; only its status tells it apart.
//! - Values are rounded as SE prints them: `floor((x + 0.05) * 10) / 10`.
//!
//! Owns [`HodokuRating`] too: HoDoKu 2.2's score and level of a path ([`rate_hodoku`]).
//! - Score: the sum of the steps' HoDoKu base scores.
//! - Level: the highest level of any technique used (Easy when only singles), then raised one
//!   level at a time while the score is above that level's maximum: Easy 800, Medium 1000,
//!   Hard 1600, Unfair 1800, Extreme unlimited (`SudokuSolver.solve`: `while (score >
//!   level.getMaxScore())`). A path that does not solve the puzzle has no level.
//! - Hardest: the technique with the highest base score; on a tie the one HoDoKu tries first
//!   (Full House before Naked Single), as HoDoKu prints it.
//!
//! [`PuzzleRating`] puts the two together, each from its own rater's path.

use serde::Serialize;

use crate::pipeline::{Options, Status, Trace};
use crate::step::round_rating;
use crate::technique::{Level, Technique};

/// SE's rating for a path that no rule can finish.
pub const STUCK_RATING: f64 = 20.0;

/// The difficulty of a solved (or stuck) path on Sudoku Explainer's scale, rounded as SE
/// prints it. A path that cannot be rated (invalid, no or several solutions, timeout) has
/// [`STUCK_RATING`] in all three figures ([`Rating::unrated`]).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Rating {
    /// The highest step rating on the path; [`STUCK_RATING`] when it got stuck.
    pub er: f64,
    /// The highest rating up to the first placement; [`STUCK_RATING`] when nothing was
    /// placed before it got stuck.
    pub ep: f64,
    /// The first step's rating; [`STUCK_RATING`] when stuck before any step.
    pub ed: f64,
    /// The hardest technique used (the first step with the highest rating); `None` without
    /// steps or when the path got stuck (a stuck path's hardest step is the one it lacks).
    pub hardest: Option<Technique>,
}

/// HoDoKu's rating of a path: meant for a path of [`Options::hodoku`], where it agrees with
/// HoDoKu 2.2 as far as the paths agree.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct HodokuRating {
    /// Sum of the steps' HoDoKu base scores.
    pub score: u32,
    /// The level; `None` when the path did not solve the puzzle (HoDoKu cannot rate it).
    pub level: Option<Level>,
    /// The technique with the highest base score (on a tie the one HoDoKu tries first); `None`
    /// without steps or when the path did not solve the puzzle.
    pub hardest: Option<Technique>,
}

/// The most a path of this level may score before HoDoKu raises it to the next level.
pub(crate) const fn hodoku_max_score(level: Level) -> u32 {
    match level {
        Level::Easy => 800,
        Level::Medium => 1000,
        Level::Hard => 1600,
        Level::Unfair => 1800,
        Level::Extreme => u32::MAX,
    }
}

/// The level after `level` (Extreme stays Extreme).
fn next_level(level: Level) -> Level {
    match level {
        Level::Easy => Level::Medium,
        Level::Medium => Level::Hard,
        Level::Hard => Level::Unfair,
        Level::Unfair | Level::Extreme => Level::Extreme,
    }
}

/// HoDoKu's score and level of a trace (see the module doc).
pub fn rate_hodoku(trace: &Trace) -> HodokuRating {
    let score: u32 = trace
        .steps
        .iter()
        .map(|s| s.technique.info().hodoku_score)
        .sum();
    if trace.status != Status::Solved {
        return HodokuRating {
            score,
            level: None,
            hardest: None,
        };
    }
    let mut level = trace
        .steps
        .iter()
        .map(|s| s.technique.level())
        .max()
        .unwrap_or(Level::Easy);
    while score > hodoku_max_score(level) {
        level = next_level(level);
    }
    let order = Options::hodoku().techniques;
    let rank = |t: Technique| order.iter().position(|&o| o == t).unwrap_or(order.len());
    let hardest = trace
        .steps
        .iter()
        .map(|s| s.technique)
        .min_by_key(|&t| (std::cmp::Reverse(t.info().hodoku_score), rank(t)));
    HodokuRating {
        score,
        level: Some(level),
        hardest,
    }
}

impl Rating {
    /// The rating of a puzzle that could not be read or solved: SE's sentinel everywhere.
    pub fn unrated() -> Rating {
        Rating {
            er: STUCK_RATING,
            ep: STUCK_RATING,
            ed: STUCK_RATING,
            hardest: None,
        }
    }
}

/// Whether a path of this status can be rated at all: a path cut by its time limit, or with no
/// unique solution to reach, has no figures.
pub(crate) const fn is_rateable(status: Status) -> bool {
    matches!(status, Status::Solved | Status::Stuck)
}

/// Rates a trace on Sudoku Explainer's scale. A full grid (solved without a step) rates 0.0.
pub fn rate(trace: &Trace) -> Rating {
    if !is_rateable(trace.status) {
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
        // Nothing left to place: a grid that came full.
        None if !stuck && ratings.is_empty() => 0.0,
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
    let hardest = hardest_step.filter(|_| !stuck).map(|step| step.technique);
    Rating {
        er: round_rating(er),
        ep: round_rating(ep),
        ed: round_rating(ed),
        hardest,
    }
}

/// A puzzle's rating, each figure from the path of its own rater (see [`crate::profile`]):
/// ER, EP, ED and hardest from the se path, level and score from the hodoku path. A figure is
/// `None` (`null` in JSON, empty in CSV) when its path was not taken, and every figure is
/// `None` when the puzzle could not be rated (invalid, no or several solutions, or any path
/// over the time limit).
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct PuzzleRating {
    /// ER (see [`Rating::er`]) of the se path.
    pub er: Option<f64>,
    /// EP (see [`Rating::ep`]) of the se path.
    pub ep: Option<f64>,
    /// ED (see [`Rating::ed`]) of the se path.
    pub ed: Option<f64>,
    /// The hardest technique (by its community name in JSON): SE's (highest rating) from the
    /// se path, else HoDoKu's (highest base score) from the hodoku path; `None` without steps
    /// or when that path got stuck.
    pub hardest: Option<Technique>,
    /// HoDoKu's level; `None` when the hodoku path got stuck (HoDoKu cannot rate it either).
    pub level: Option<Level>,
    /// HoDoKu's score, the sum of the hodoku path's base scores; `None` as for `level`.
    pub score: Option<u32>,
    /// The profile whose path gave ER, EP, ED and hardest (`se`, `sukaku`, `extended`, `all`,
    /// `custom`).
    pub se_path: Option<String>,
    /// The profile whose path gave level and score (`hodoku`, or `custom`).
    pub hodoku_path: Option<String>,
}

impl PuzzleRating {
    /// No figures at all.
    pub fn none() -> PuzzleRating {
        PuzzleRating {
            er: None,
            ep: None,
            ed: None,
            hardest: None,
            level: None,
            score: None,
            se_path: None,
            hodoku_path: None,
        }
    }

    /// The rating of the paths taken, each given with the name of its profile.
    pub fn of(se: Option<(&str, &Trace)>, hodoku: Option<(&str, &Trace)>) -> PuzzleRating {
        let taken = || se.iter().chain(hodoku.iter());
        if taken().next().is_none() || taken().any(|(_, t)| !is_rateable(t.status)) {
            return PuzzleRating::none();
        }
        let se_rating = se.map(|(name, trace)| (name, rate(trace)));
        let hodoku_rating = hodoku.map(|(name, trace)| (name, trace, rate_hodoku(trace)));
        let hardest = match (&se_rating, &hodoku_rating) {
            (Some((_, r)), _) => r.hardest,
            (None, Some((_, _, h))) => h.hardest,
            (None, None) => None,
        };
        let hodoku_solved = |trace: &Trace| trace.status == Status::Solved;
        PuzzleRating {
            er: se_rating.as_ref().map(|(_, r)| r.er),
            ep: se_rating.as_ref().map(|(_, r)| r.ep),
            ed: se_rating.as_ref().map(|(_, r)| r.ed),
            hardest,
            level: hodoku_rating.as_ref().and_then(|(_, _, h)| h.level),
            score: hodoku_rating
                .as_ref()
                .filter(|(_, t, _)| hodoku_solved(t))
                .map(|(_, _, h)| h.score),
            se_path: se_rating.as_ref().map(|(name, _)| name.to_string()),
            hodoku_path: hodoku_rating.as_ref().map(|(name, _, _)| name.to_string()),
        }
    }

    /// One line of text naming where each figure comes from, for example
    /// `ER 3.4, EP 1.2, ED 1.2 (se path); level Medium, score 772 (hodoku path); hardest
    /// Hidden Pair`.
    pub fn to_text(&self) -> String {
        let mut parts = Vec::new();
        if let (Some(er), Some(ep), Some(ed)) = (self.er, self.ep, self.ed) {
            let path = self.se_path.as_deref().unwrap_or("se");
            parts.push(format!("ER {er:.1}, EP {ep:.1}, ED {ed:.1} ({path} path)"));
        }
        if let Some(path) = &self.hodoku_path {
            match (&self.level, self.score) {
                (Some(level), Some(score)) => {
                    parts.push(format!("level {level}, score {score} ({path} path)"))
                }
                _ => parts.push(format!("no HoDoKu level: the {path} path got stuck")),
            }
        }
        if let Some(hardest) = &self.hardest {
            parts.push(format!("hardest {hardest}"));
        }
        if parts.is_empty() {
            "none".to_string()
        } else {
            parts.join("; ")
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::step::{Pattern, Step};

    fn trace_of(techniques: &[(Technique, usize)]) -> Trace {
        let steps = techniques
            .iter()
            .flat_map(|&(t, n)| std::iter::repeat_n(t, n))
            .map(|t| {
                Step::new(
                    t,
                    vec![],
                    vec![],
                    Pattern::default(),
                    String::new(),
                    String::new(),
                )
            })
            .collect();
        Trace {
            puzzle: String::new(),
            status: Status::Solved,
            solution: None,
            steps,
            end: Grid::from_puzzle(&[0; 81]),
            differing: vec![],
        }
    }

    /// HoDoKu raises the level only when the score is above the level's maximum (800 for
    /// Easy): 57 hidden singles (798) stay Easy, 58 (812) are Medium.
    #[test]
    fn score_above_a_levels_maximum_raises_it() {
        let easy = rate_hodoku(&trace_of(&[(Technique::HiddenSingleBox, 57)]));
        assert_eq!((easy.score, easy.level), (798, Some(Level::Easy)));
        let medium = rate_hodoku(&trace_of(&[(Technique::HiddenSingleBox, 58)]));
        assert_eq!((medium.score, medium.level), (812, Some(Level::Medium)));
        // A Medium technique and 1002 points: raised once, to Hard (Hard's maximum is 1600).
        let hard = rate_hodoku(&trace_of(&[
            (Technique::LockedCandidatesPointing, 1),
            (Technique::HiddenSingleLine, 68),
        ]));
        assert_eq!((hard.score, hard.level), (1002, Some(Level::Hard)));
        // An Extreme technique is never raised further.
        let extreme = rate_hodoku(&trace_of(&[(Technique::NestedForcingChains, 30)]));
        assert_eq!(
            (extreme.score, extreme.level),
            (21000, Some(Level::Extreme))
        );
    }

    /// The hardest step has the highest base score; on a tie, the technique HoDoKu tries first.
    #[test]
    fn hardest_breaks_ties_in_hodokus_order() {
        let r = rate_hodoku(&trace_of(&[
            (Technique::NakedSingle, 3),
            (Technique::FullHouse, 1),
        ]));
        assert_eq!(r.hardest, Some(Technique::FullHouse));
        let r = rate_hodoku(&trace_of(&[
            (Technique::HiddenSingleBox, 2),
            (Technique::XYWing, 1),
            (Technique::XYZWing, 1),
        ]));
        assert_eq!(r.hardest, Some(Technique::XYZWing));
    }

    #[test]
    fn a_stuck_path_is_unrated() {
        let mut trace = trace_of(&[(Technique::HiddenSingleBox, 3)]);
        trace.status = Status::Stuck;
        let r = rate_hodoku(&trace);
        assert_eq!((r.level, r.hardest), (None, None));
    }
}
