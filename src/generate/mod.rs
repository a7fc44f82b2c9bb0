//! The generator: puzzles of a chosen level, rating range, technique and symmetry, the same
//! for the same seed.
//!
//! Owns [`Request`] (how many, [`Constraints`], the rating settings, seed, threads, time),
//! [`validate`] and [`run`]. Both solvers take part: the complete solver guards uniqueness
//! while givens are dug out of a random solution grid, and the technique pipeline (the
//! request's [`RateSettings`], as `rate` uses them) decides the level, the rating and which
//! techniques appear; every puzzle given carries the very record `rate` prints for it.
//!
//! - `rng.rs`: SplitMix64, one stream per attempt from the seed and the attempt's number.
//! - `dig.rs`: random solution grids, symmetry orbits, digging (orbits tried in groups).
//! - `logic.rs`: the singles closure that digs puzzles for requests the singles must meet.
//! - `rate.rs`: rating in stages, each path cut at the request's ceiling and exact when it
//!   ends.
//! - `target.rs`: what a request asks of a rating, what a puzzle misses and how far it is.
//! - `search.rs`: one attempt, its descent and its climb toward the request.
//!
//! **Order.** Each *attempt* is numbered and draws its random numbers from the seed and its
//! number alone, and the puzzles are given in attempt order, so the output does not depend on
//! the number of threads. (A per-puzzle time budget in the settings is the one exception: a
//! rating it cuts is no result, and where it falls depends on the machine.)
//!
//! **Time.** The run's time limit is the deadline of every worker thread, which the rating's
//! searches check: an attempt it cuts ends at once and is not counted, and the run ends at the
//! first cut attempt in order. The settings' budget applies to each puzzle's rating. A run
//! that ends short reports the nearest miss it met (rated whole within half a second more if
//! its own walks were cut) and what that misses.
//!
//! **Speed** (CPU time on one core, `cargo run --release --example generate_speed -- 50 1`,
//! default settings, both paths rated, unless said): level Easy 0.18 ms a puzzle, Medium 1.1
//! ms, Hard 2.5 ms, Unfair 10 ms, Extreme 16 ms; ER 7.0..9.0 10 ms, ER 9.0..10.0 1.3 s;
//! hardest X-Wing 56 ms, XY-Wing 5 ms, Unique Rectangle Type 1 19 ms, Forcing Chain 11 ms, Cell
//! Forcing Chains 126 ms, X-Chain (hodoku profile) 0.49 s, ALS-XY-Chain (hodoku) 0.44 s.
//! Medium and Hard are bound by digging (a uniqueness check a removal) and by how rarely a dig
//! lands on them; the rare hardest steps by their rarity among random puzzles.

mod dig;
mod logic;
mod rate;
mod rng;
mod search;
mod target;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

pub use crate::analysis::symmetry::{Symmetry, UnknownSymmetry};
use crate::explain::{solve_paths, RateRecord};
use crate::format::{cells_to_rows, to_line, PuzzleRecord};
use crate::grid::Grid;
use crate::profile::RateSettings;
use crate::technique::{Level, Technique};

use search::{Candidate, Outcome, Plan};

/// A run's time limit when its caller names none (the CLI's `--timeout`, the server's
/// request): a request that cannot be met must still end by itself.
pub const DEFAULT_TIME_LIMIT: Duration = Duration::from_secs(300);

/// A symmetry request by name: `none` or `any` ask for none in particular (`Ok(None)`); any
/// other name is [`Symmetry`]'s, or the error that lists them.
///
/// ```
/// use stepwise::generate::{symmetry_choice, Symmetry};
///
/// assert_eq!(symmetry_choice("None"), Ok(None));
/// assert_eq!(symmetry_choice("rotational"), Ok(Some(Symmetry::Rotational180)));
/// assert!(symmetry_choice("spiral").unwrap_err().to_string().contains("mirror"));
/// ```
pub fn symmetry_choice(name: &str) -> Result<Option<Symmetry>, UnknownSymmetry> {
    let trimmed = name.trim();
    if trimmed.eq_ignore_ascii_case("none") || trimmed.eq_ignore_ascii_case("any") {
        return Ok(None);
    }
    trimmed.parse().map(Some)
}

/// What every puzzle must be.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Constraints {
    /// HoDoKu's level (hodoku path).
    pub level: Option<Level>,
    /// SE's ER, from and to, both included (se path).
    pub er: Option<(f64, f64)>,
    /// Techniques that must each appear in the path `hardest` is read from.
    pub techniques: Vec<Technique>,
    /// The technique that must be the hardest step (as `rate` prints it).
    pub hardest: Option<Technique>,
    /// The symmetry of the givens' positions; `None`: any.
    pub symmetry: Option<Symmetry>,
    /// No given can be taken away without losing uniqueness.
    pub minimal: bool,
    /// The number of givens, from and to, both included.
    pub givens: Option<(usize, usize)>,
}

/// A generation run.
#[derive(Debug, Clone)]
pub struct Request {
    /// How many puzzles to find.
    pub count: usize,
    /// What each must be.
    pub constraints: Constraints,
    /// The paths that rate each puzzle (the profile) and what rating one may spend.
    pub settings: RateSettings,
    /// The seed: the same seed and request give the same puzzles.
    pub seed: u64,
    /// Worker threads (at least one).
    pub jobs: usize,
    /// Wall time for the whole run; `None`: no limit.
    pub time_limit: Option<Duration>,
}

/// A request that cannot be met as asked, named by the option at fault (the CLI's name).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequestError {
    /// The option, as the CLI and the API name it (`er`, `level`, `hardest`...).
    pub option: &'static str,
    /// Why, in words.
    pub reason: String,
}

impl fmt::Display for RequestError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.option, self.reason)
    }
}

impl std::error::Error for RequestError {}

/// One puzzle found.
#[derive(Debug, Clone, Serialize)]
pub struct Generated {
    /// The attempt that found it (its place in the run's deterministic order).
    pub attempt: u64,
    /// The givens, row-major, 0 for empty.
    #[serde(skip)]
    pub puzzle: [u8; 81],
    /// The solution, row-major.
    #[serde(skip)]
    pub solution: [u8; 81],
    /// Its rating, as `rate` gives it.
    pub record: RateRecord,
}

impl Generated {
    /// The puzzle as an 81-character line.
    pub fn line(&self) -> String {
        to_line(&self.puzzle)
    }

    /// The JSON puzzle record (`id`, `difficulty`, `board`, `solution`, `createdAt`) that
    /// the formats module reads; `difficulty` is the level when rated, else the ER.
    pub fn json_record(&self, id: String, created_at: String) -> PuzzleRecord {
        let difficulty = match (self.record.level, self.record.er) {
            (Some(level), _) => Some(level.to_string()),
            (None, Some(er)) => Some(format!("ER {er:.1}")),
            (None, None) => None,
        };
        PuzzleRecord {
            id: Some(id),
            difficulty,
            board: cells_to_rows(&self.puzzle),
            solution: Some(cells_to_rows(&self.solution)),
            created_at: Some(created_at),
        }
    }
}

/// How far a run has come.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Progress {
    /// Puzzles found and given so far.
    pub found: usize,
    /// Attempts finished.
    pub tried: u64,
}

/// The puzzle that came nearest the target, when none or too few met it.
#[derive(Debug, Clone, Serialize)]
pub struct Closest {
    /// The puzzle as a line.
    pub puzzle: String,
    /// Its rating.
    pub record: RateRecord,
    /// The constraints it misses, in words (`level Hard`, `hardest X-Wing`, `not minimal`).
    pub misses: Vec<String>,
}

/// How a run ended.
#[derive(Debug, Clone, Serialize)]
pub struct Report {
    /// Puzzles given.
    pub found: usize,
    /// Attempts finished.
    pub tried: u64,
    /// Whether the count asked for was reached (else the time ran out or the caller stopped).
    pub complete: bool,
    /// The nearest miss, when the run ended short.
    pub closest: Option<Closest>,
    /// Wall time of the run.
    pub seconds: f64,
}

/// Checks that a request can be met at all and that the profile gives the figures it asks
/// about, before any work. Every request turned down here has no puzzle at all (each reason
/// says why); a request that passes may still have none (`er 12..13`), which a run ends by its
/// time limit with the nearest miss.
pub fn validate(request: &Request) -> Result<(), RequestError> {
    let c = &request.constraints;
    let settings = &request.settings;
    if request.jobs == 0 {
        return Err(error("jobs", "must be at least 1".to_string()));
    }
    if let Some((min, max)) = c.er {
        if !(min.is_finite() && max.is_finite()) || min > max {
            return Err(error(
                "er",
                format!("{min}..{max} is not a range from low to high"),
            ));
        }
        if max < Technique::FullHouse.se_rating() {
            return Err(error(
                "er",
                format!(
                    "no puzzle rates below {:.1}, the rating of a Full House, the easiest step",
                    Technique::FullHouse.se_rating()
                ),
            ));
        }
        if settings.se.is_none() {
            return Err(error(
                "er",
                "the profile has no se path to read ER on".to_string(),
            ));
        }
    }
    if c.level.is_some() && settings.hodoku.is_none() {
        return Err(error(
            "level",
            "the profile has no hodoku path to read the level on".to_string(),
        ));
    }
    if let Some((min, max)) = c.givens {
        if min > max {
            return Err(error(
                "givens",
                format!("{min}..{max} is not a range from low to high"),
            ));
        }
        if max < 17 {
            return Err(error(
                "givens",
                "no sudoku with one solution has fewer than 17 givens (McGuire, Tugemann and \
                 Civario, 2012)"
                    .to_string(),
            ));
        }
        if min > 80 {
            return Err(error(
                "givens",
                "a puzzle has at most 80 givens".to_string(),
            ));
        }
    }
    let main = settings.se.as_ref().or(settings.hodoku.as_ref());
    let main = main.ok_or_else(|| error("profile", "no path to rate on".to_string()))?;
    for (option, technique) in c
        .hardest
        .iter()
        .map(|&t| ("hardest", t))
        .chain(c.techniques.iter().map(|&t| ("technique", t)))
    {
        if !main.options.techniques.contains(&technique) {
            return Err(error(
                option,
                format!(
                    "the {} profile does not use {technique}; choose a profile that does \
                     (--profile extended has every technique enabled by default)",
                    main.profile
                ),
            ));
        }
    }
    bounds::check(c, settings)
}

mod bounds {
    //! The sound bounds `validate` applies between constraints: what one constraint implies
    //! of the figures another reads, each proved from how the paths choose their steps.

    use super::{error, Constraints, RequestError};
    use crate::pipeline::Options;
    use crate::profile::RateSettings;
    use crate::rating::hodoku_max_score;
    use crate::technique::{Level, Technique};

    const SINGLES: [Technique; 4] = [
        Technique::FullHouse,
        Technique::NakedSingle,
        Technique::HiddenSingleBox,
        Technique::HiddenSingleLine,
    ];

    /// Whether a technique's steps all rate as its catalog says (no chain length or set size
    /// adds to it).
    fn fixed_rating(t: Technique) -> bool {
        use crate::technique::Family;
        use Technique::*;
        !(matches!(
            t,
            AlsXz | AlsChain | DeathBlossom | UniqueRectangle3 | BugType3 | UniqueLoop
        ) || matches!(t.family(), Family::Chains | Family::ForcingChains))
    }

    pub(super) fn check(c: &Constraints, settings: &RateSettings) -> Result<(), RequestError> {
        let se = settings.se.as_ref().map(|p| &p.options);
        let hodoku = settings.hodoku.as_ref().map(|p| &p.options);
        if let Some(t) = c.hardest {
            if se.is_some() {
                hardest_on_se(c, t)?;
            } else {
                hardest_on_hodoku(c, t)?;
            }
        }
        if let (Some(level), Some(hodoku)) = (c.level, hodoku) {
            if let Some((most, why)) = level_bound(c, se, hodoku) {
                if level > most {
                    return Err(error(
                        "level",
                        format!("{why}, so its level is at most {most}, never {level}"),
                    ));
                }
            }
            if level == Level::Easy {
                if let Some(se) = se {
                    easy_on_se(c, se)?;
                }
            }
        }
        Ok(())
    }

    /// The hardest step read on the se path: its ER, and the techniques that may appear.
    fn hardest_on_se(c: &Constraints, t: Technique) -> Result<(), RequestError> {
        let rating = t.se_rating();
        if let Some((min, max)) = c.er {
            let fixed = fixed_rating(t);
            if max < rating - 1e-9 || (fixed && min > rating + 1e-9) {
                let at = if fixed { "" } else { " or more" };
                return Err(error(
                    "er",
                    format!("a puzzle whose hardest step is {t} has ER {rating:.1}{at}"),
                ));
            }
        }
        if fixed_rating(t) {
            if let Some(&u) = c.techniques.iter().find(|u| u.se_rating() > rating + 1e-9) {
                return Err(error(
                    "technique",
                    format!(
                        "{u} rates above {t} ({:.1} > {rating:.1}), the hardest step asked",
                        u.se_rating()
                    ),
                ));
            }
        }
        Ok(())
    }

    /// The hardest step read on the hodoku path (no se path): HoDoKu's hardest is the step of
    /// the highest base score, and a path's level is at least each of its techniques'.
    fn hardest_on_hodoku(c: &Constraints, t: Technique) -> Result<(), RequestError> {
        if let Some(level) = c.level {
            if level < t.level() {
                return Err(error(
                    "level",
                    format!(
                        "a puzzle whose hardest step is {t} is at least {}",
                        t.level()
                    ),
                ));
            }
        }
        let score = t.info().hodoku_score;
        if let Some(&u) = c.techniques.iter().find(|u| u.info().hodoku_score > score) {
            return Err(error(
                "technique",
                format!(
                    "{u} scores above {t} ({} > {score}), the hardest step asked",
                    u.info().hodoku_score
                ),
            ));
        }
        if let Some(level) = c.level {
            if let Some(&u) = c.techniques.iter().find(|u| u.level() > level) {
                return Err(error(
                    "technique",
                    format!("{u} is {}, above the level asked ({level})", u.level()),
                ));
            }
        }
        Ok(())
    }

    /// The highest level a puzzle can have when the other constraints keep its paths to
    /// singles: the hodoku path then scores at most 4 (full houses) or 14 (any single) per
    /// empty cell, and a puzzle has at most 64 empty cells (81 - 17, or fewer when more
    /// givens are asked).
    fn level_bound(
        c: &Constraints,
        se: Option<&Options>,
        hodoku: &Options,
    ) -> Option<(Level, String)> {
        // Which singles the other constraints leave: a step rated or scored above them breaks
        // one; `None` when anything beyond singles may appear.
        let mut rating_cap: Option<f64> = c.er.map(|(_, max)| max);
        let mut score_cap: Option<u32> = None;
        if let Some(t) = c.hardest {
            if se.is_some() {
                if fixed_rating(t) {
                    rating_cap = Some(rating_cap.map_or(t.se_rating(), |r| r.min(t.se_rating())));
                }
            } else {
                score_cap = Some(t.info().hodoku_score);
            }
        }
        let allowed = |u: Technique| {
            rating_cap.is_none_or(|r| u.se_rating() <= r + 1e-9)
                && score_cap.is_none_or(|s| u.info().hodoku_score <= s)
        };
        // The se path's steps, or the hodoku path's, are all of these techniques.
        let path: Vec<Technique> = match se {
            Some(se) if rating_cap.is_some() => se
                .techniques
                .iter()
                .copied()
                .filter(|&u| allowed(u))
                .collect(),
            _ if score_cap.is_some() => hodoku
                .techniques
                .iter()
                .copied()
                .filter(|&u| allowed(u))
                .collect(),
            _ => return None,
        };
        // ...and the hodoku path tries the singles before anything else (its own profile
        // does), so it solves such a puzzle with singles alone.
        let singles_first = hodoku.techniques.len() >= SINGLES.len()
            && hodoku.techniques[..SINGLES.len()]
                .iter()
                .all(|t| SINGLES.contains(t));
        if !singles_first || !path.iter().all(|u| SINGLES.contains(u)) {
            return None;
        }
        // A path of full houses alone is HoDoKu's path too (a full house is there at every
        // state, and HoDoKu tries full houses first); a path of singles leaves the puzzle to
        // singles.
        let (per_cell, what) = if path.iter().all(|&u| u == Technique::FullHouse)
            && hodoku.techniques.first() == Some(&Technique::FullHouse)
        {
            (4, "full houses")
        } else if path
            .iter()
            .all(|&u| matches!(u, Technique::FullHouse | Technique::NakedSingle))
        {
            (4, "full houses and naked singles")
        } else {
            (14, "singles")
        };
        let empties = 81 - c.givens.map_or(17, |(min, _)| min.max(17));
        let score = per_cell * empties as u32;
        let most = Level::ALL
            .into_iter()
            .find(|&l| score <= hodoku_max_score(l))
            .unwrap_or(Level::Extreme);
        Some((
            most,
            format!(
                "such a puzzle is solved by {what} alone, which score at most {per_cell} for \
                 each of at most {empties} empty cells ({score})"
            ),
        ))
    }

    /// An Easy puzzle is solved by singles, and the se path then never needs a technique placed
    /// after its last single: its ER and hardest step are bounded by them.
    fn easy_on_se(c: &Constraints, se: &Options) -> Result<(), RequestError> {
        if !SINGLES.iter().all(|t| se.techniques.contains(t)) {
            return Ok(());
        }
        let last = se
            .techniques
            .iter()
            .rposition(|t| SINGLES.contains(t))
            .unwrap_or(0);
        let reach = &se.techniques[..=last];
        if reach.iter().any(|&t| !fixed_rating(t)) {
            return Ok(());
        }
        let top = reach.iter().map(|t| t.se_rating()).fold(0.0, f64::max);
        if let Some((min, _)) = c.er {
            if min > top + 1e-9 {
                return Err(error(
                    "er",
                    format!(
                        "a puzzle of level Easy is solved by singles, so its ER is at most \
                         {top:.1}"
                    ),
                ));
            }
        }
        if let Some(t) = c.hardest {
            if !reach.contains(&t) {
                return Err(error(
                    "hardest",
                    format!(
                        "a puzzle of level Easy is solved by singles, and the se path then \
                         needs no {t}"
                    ),
                ));
            }
        }
        Ok(())
    }
}

fn error(option: &'static str, reason: String) -> RequestError {
    RequestError { option, reason }
}

/// Generates puzzles, giving each to `found` in attempt order as soon as every earlier
/// attempt is in (`ControlFlow::Break` stops the run), and telling `progress` after each
/// attempt. Ends when the count is reached, the time runs out or `found` breaks; an attempt
/// that the time limit cut is not counted, and nothing after it in the order is given.
pub fn run(
    request: &Request,
    mut found: impl FnMut(&Generated) -> ControlFlow<()>,
    mut progress: impl FnMut(Progress),
) -> Result<Report, RequestError> {
    validate(request)?;
    let started = Instant::now();
    let deadline = request.time_limit.and_then(|t| started.checked_add(t));
    if request.count == 0 {
        return Ok(report(0, 0, true, None, started));
    }
    let plan = Plan::new(request);
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let mut given = 0usize;
    let mut tried = 0u64;
    let mut nearest: Option<Candidate> = None;
    let mut keep_nearest = |candidate: Option<Candidate>| {
        if let Some(candidate) = candidate {
            if nearest
                .as_ref()
                .is_none_or(|n| candidate.distance < n.distance)
            {
                nearest = Some(candidate);
            }
        }
    };
    // A caller's cancel flag holds on the workers too.
    let cancel = crate::deadline::current_cancel();
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<(u64, Outcome)>();
        for _ in 0..request.jobs {
            let sender = sender.clone();
            let (next, stop, plan) = (&next, &stop, &plan);
            let cancel = cancel.clone();
            scope.spawn(move || {
                let _cancel = cancel.map(crate::deadline::CancelGuard::new);
                while !stop.load(Ordering::Relaxed)
                    && deadline.is_none_or(|d| Instant::now() < d)
                    && !crate::deadline::cancelled()
                {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let outcome = plan.attempt(index, deadline, stop);
                    if sender.send((index, outcome)).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Attempts arrive out of order; they are taken in order of their number.
        let mut pending: std::collections::BTreeMap<u64, Outcome> = Default::default();
        let mut expected = 0u64;
        'receive: while let Ok((index, outcome)) = receiver.recv() {
            pending.insert(index, outcome);
            while let Some(outcome) = pending.remove(&expected) {
                let number = expected;
                expected += 1;
                match outcome {
                    // The time ran out in this attempt: the run ends here, in order.
                    Outcome::Cut(near) => {
                        keep_nearest(near);
                        break 'receive;
                    }
                    Outcome::Missed(near) => {
                        tried += 1;
                        keep_nearest(near);
                    }
                    Outcome::Found(candidate) => {
                        tried += 1;
                        given += 1;
                        let puzzle = Generated {
                            attempt: number,
                            puzzle: candidate.puzzle,
                            solution: candidate.solution,
                            record: candidate.record.expect("a puzzle found is rated whole"),
                        };
                        if found(&puzzle).is_break() || given == request.count {
                            break 'receive;
                        }
                    }
                }
                progress(Progress {
                    found: given,
                    tried,
                });
            }
        }
        stop.store(true, Ordering::Relaxed);
        // (the workers end their current attempt at once; the scope waits for them)
    });
    let complete = given == request.count;
    let closest = if complete {
        None
    } else {
        nearest.map(|n| closest_of(n, request))
    };
    Ok(report(given, tried, complete, closest, started))
}

/// The closest miss as the report gives it: rated whole (within half a second when its walks
/// were cut short, which a miss past the ceiling is), with what it misses.
fn closest_of(candidate: Candidate, request: &Request) -> Closest {
    let puzzle = to_line(&candidate.puzzle);
    if let Some(record) = candidate.record {
        return Closest {
            puzzle,
            record,
            misses: candidate.misses,
        };
    }
    let limit = Duration::from_millis(500);
    let budget = request.settings.budget;
    let settings = request
        .settings
        .clone()
        .with_time_limit(Some(budget.time.map_or(limit, |t| t.min(limit))));
    let (se, hodoku) = solve_paths(&Grid::from_puzzle(&candidate.puzzle), &settings);
    let record = RateRecord::of(&request.settings, se.as_ref(), hodoku.as_ref());
    let misses = match se.as_ref().or(hodoku.as_ref()) {
        Some(main) if record.error.is_none() => target::misses(
            &request.constraints,
            &candidate.puzzle,
            &record,
            main,
            || dig::is_minimal(&candidate.puzzle),
        ),
        _ => candidate.misses,
    };
    Closest {
        puzzle,
        record,
        misses,
    }
}

fn report(
    found: usize,
    tried: u64,
    complete: bool,
    closest: Option<Closest>,
    started: Instant,
) -> Report {
    Report {
        found,
        tried,
        complete,
        closest,
        seconds: started.elapsed().as_secs_f64(),
    }
}
