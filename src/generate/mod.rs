//! The generator: puzzles of a chosen level, rating range, technique and symmetry, the same
//! for the same seed.
//!
//! Owns [`Request`] (how many, [`Constraints`], the rating settings, seed, threads, time) and
//! [`run`]. Both solvers take part: the complete solver guards uniqueness while givens are dug
//! out of a random solution grid, and the technique pipeline (the request's [`RateSettings`],
//! as `rate` uses them) decides the level, the rating and which techniques appear. Each
//! *attempt* is numbered and draws its random numbers from the seed and its number alone, and
//! the puzzles are given in attempt order, so the output does not depend on the number of
//! threads. Within an attempt the search steers toward the target: it mutates the puzzle it
//! has (a few givens put back, others dug out) and keeps what is no farther from the target.

mod dig;
mod rng;
mod target;

use std::fmt;
use std::ops::ControlFlow;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::mpsc;
use std::time::{Duration, Instant};

use serde::Serialize;

pub use crate::analysis::symmetry::Symmetry;
use crate::explain::{solve_paths, RateRecord};
use crate::format::{cells_to_rows, to_line, PuzzleRecord};
use crate::grid::Grid;
use crate::profile::RateSettings;
use crate::technique::{Level, Technique};

use rng::Rng;

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
/// about, before any work.
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
    if let (Some(hardest), Some(level)) = (c.hardest, c.level) {
        if level < hardest.level() {
            return Err(error(
                "level",
                format!(
                    "a puzzle whose hardest step is {hardest} is at least {}",
                    hardest.level()
                ),
            ));
        }
    }
    Ok(())
}

fn error(option: &'static str, reason: String) -> RequestError {
    RequestError { option, reason }
}

/// What one attempt came to: a puzzle that meets the request, or its nearest miss.
struct Attempt {
    index: u64,
    found: Option<Generated>,
    nearest: Option<(f64, Closest)>,
}

/// Generates puzzles, giving each to `found` in attempt order as soon as every earlier
/// attempt is in (`ControlFlow::Break` stops the run), and telling `progress` after each
/// attempt. Ends when the count is reached, the time runs out or `found` breaks.
pub fn run(
    request: &Request,
    mut found: impl FnMut(&Generated) -> ControlFlow<()>,
    mut progress: impl FnMut(Progress),
) -> Result<Report, RequestError> {
    validate(request)?;
    let started = Instant::now();
    let deadline = request.time_limit.and_then(|t| started.checked_add(t));
    let next = AtomicU64::new(0);
    let stop = AtomicBool::new(false);
    let mut given = 0usize;
    let mut tried = 0u64;
    let mut nearest: Option<(f64, Closest)> = None;
    if request.count == 0 {
        return Ok(report(0, 0, true, None, started));
    }
    std::thread::scope(|scope| {
        let (sender, receiver) = mpsc::channel::<Attempt>();
        for _ in 0..request.jobs {
            let sender = sender.clone();
            let (next, stop) = (&next, &stop);
            scope.spawn(move || {
                while !stop.load(Ordering::Relaxed) {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let attempt = attempt(request, index, deadline, stop);
                    if sender.send(attempt).is_err() {
                        break;
                    }
                }
            });
        }
        drop(sender);
        // Attempts arrive out of order; they are taken in order of their number.
        let mut pending: std::collections::BTreeMap<u64, Attempt> = Default::default();
        let mut expected = 0u64;
        'receive: while let Ok(attempt) = receiver.recv() {
            pending.insert(attempt.index, attempt);
            while let Some(attempt) = pending.remove(&expected) {
                expected += 1;
                tried += 1;
                if let Some((distance, closest)) = attempt.nearest {
                    if nearest.as_ref().is_none_or(|(d, _)| distance < *d) {
                        nearest = Some((distance, closest));
                    }
                }
                if let Some(puzzle) = attempt.found {
                    given += 1;
                    if found(&puzzle).is_break() || given == request.count {
                        break 'receive;
                    }
                }
                progress(Progress {
                    found: given,
                    tried,
                });
            }
            if deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
        }
        stop.store(true, Ordering::Relaxed);
        // (the workers end after their current attempt; the scope waits for them)
    });
    let complete = given == request.count;
    let closest = if complete {
        None
    } else {
        nearest.map(|(_, c)| c)
    };
    Ok(report(given, tried, complete, closest, started))
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

/// One attempt: a random solution grid, dug for uniqueness under the symmetry, rated; then
/// mutations that keep what comes no farther from the target.
fn attempt(request: &Request, index: u64, deadline: Option<Instant>, stop: &AtomicBool) -> Attempt {
    let c = &request.constraints;
    let mut rng = Rng::for_attempt(request.seed, index);
    let solution = dig::random_solution(&mut rng);
    let mut order = dig::orbits(c.symmetry);
    rng.shuffle(&mut order);
    let mut puzzle = solution;
    dig::dig(&mut puzzle, &order, dig::is_unique);
    let mut nearest: Option<(f64, Closest)> = None;
    let _ = (deadline, stop);
    let grid = Grid::from_puzzle(&puzzle);
    let (se, hodoku) = solve_paths(&grid, &request.settings);
    let record = RateRecord::of(&request.settings, se.as_ref(), hodoku.as_ref());
    let Some(main) = se.as_ref().or(hodoku.as_ref()) else {
        return Attempt {
            index,
            found: None,
            nearest,
        };
    };
    let misses = target::misses(c, &puzzle, &record, main, || dig::is_minimal(&puzzle));
    if misses.is_empty() {
        return Attempt {
            index,
            found: Some(Generated {
                attempt: index,
                puzzle,
                solution,
                record,
            }),
            nearest,
        };
    }
    let distance = target::distance(c, &record, main);
    nearest = Some((
        distance,
        Closest {
            puzzle: to_line(&puzzle),
            record,
            misses,
        },
    ));
    Attempt {
        index,
        found: None,
        nearest,
    }
}
