//! Rating a candidate puzzle in stages, each path walked only as far as the request can still
//! be met, with the very steps `rate` takes.
//!
//! A request puts a *ceiling* on a path (an ER or a hardest step no harder than X, a level no
//! higher than L). The path is then walked with its techniques cut after the last one the
//! ceiling allows (a prefix of the path's order, widened so that no search that finds several
//! techniques together is split), and the walk stops at the first step past the ceiling.
//! Because the pipeline takes, at every state, the first step of the first technique in order
//! that finds one, a walk with a prefix of the techniques takes exactly the whole path's steps
//! for as long as it goes on: it ends either solved (its trace is the whole path's, the one
//! [`crate::pipeline::solve`] gives), or at a step of the whole path that passes the ceiling,
//! or stuck where the whole path would use a technique past the cut, which passes the ceiling
//! too. So a puzzle that needs nested forcing chains is turned down for `--level hard` after
//! its first step past Hard, without the chains ever being searched, and a puzzle that fits is
//! rated once, exactly as `rate` rates it.

use crate::budget::Budget;
use crate::deadline;
use crate::explain::RateRecord;
use crate::finders::group_leader;
use crate::grid::Grid;
use crate::pipeline::{walk_until, Choice, Options, Status, Trace};
use crate::profile::RateSettings;
use crate::rating::hodoku_max_score;
use crate::step::{round_rating, Step};
use crate::technique::{Level, Technique};

/// How hard a path may get before the request cannot be met any more; `None`: no bound.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub(crate) struct Ceiling {
    /// The highest step rating, as SE rounds it (ER at most; the hardest step's rating).
    pub rating: Option<f64>,
    /// The highest level, by a technique's level or by the score.
    pub level: Option<Level>,
    /// The highest HoDoKu base score of one step (the hardest step read on the hodoku path).
    pub score: Option<u32>,
}

impl Ceiling {
    /// Whether the ceiling bounds anything.
    pub fn is_some(&self) -> bool {
        self.rating.is_some() || self.level.is_some() || self.score.is_some()
    }

    /// Whether a step of this technique can stay under the ceiling (its rating is its base or
    /// more, its level and score fixed).
    pub fn allows(&self, t: Technique) -> bool {
        self.rating.is_none_or(|r| t.se_rating() <= r + 1e-9)
            && self.level.is_none_or(|l| t.level() <= l)
            && self.score.is_none_or(|s| t.info().hodoku_score <= s)
    }
}

/// The techniques one of HoDoKu's sorted chain searches finds together, among which
/// [`Choice::Hodoku`] takes the step HoDoKu sorts first: the pipeline's own grouping
/// (`HODOKU_SORTED_SEARCHES`), which a cut must not split. (Remote Pair, X-Chain and XY-Chain
/// are searches of their own.)
const SORTED_TOGETHER: &[&[Technique]] = {
    use Technique::*;
    &[
        &[ContinuousNiceLoop, DiscontinuousNiceLoop, Aic],
        &[
            GroupedContinuousNiceLoop,
            GroupedDiscontinuousNiceLoop,
            GroupedAic,
        ],
    ]
};

/// One path as the generator walks it.
#[derive(Debug, Clone)]
pub(crate) struct Path {
    /// The path's options with its techniques cut after the last one the ceiling allows.
    options: Options,
    /// Whether nothing was cut: the walk then is the whole path, stuck included.
    whole: bool,
    ceiling: Ceiling,
    /// The lowest HoDoKu base score of a technique of the whole path: what each step still
    /// to come adds at least.
    least_score: u32,
}

impl Path {
    pub fn new(options: &Options, ceiling: Ceiling) -> Path {
        let techniques = &options.techniques;
        let mut last = techniques.iter().rposition(|&t| ceiling.allows(t));
        // Widen the cut so that a search finding several techniques together (SE's chaining
        // rules and unique loops; HoDoKu's sorted chain searches) is never split: a split
        // search could choose another step.
        let together = |a: Technique, b: Technique| {
            group_leader(a) == group_leader(b)
                || (options.choice == Choice::Hodoku
                    && SORTED_TOGETHER
                        .iter()
                        .any(|search| search.contains(&a) && search.contains(&b)))
        };
        while let Some(at) = last {
            let wider = techniques
                .iter()
                .rposition(|&t| techniques[..=at].iter().any(|&u| together(t, u)))
                .map_or(at, |p| p.max(at));
            if wider == at {
                break;
            }
            last = Some(wider);
        }
        let kept = last.map_or(0, |at| at + 1);
        let mut cut = options.clone();
        cut.techniques.truncate(kept);
        Path {
            whole: kept == techniques.len(),
            options: cut,
            ceiling,
            least_score: techniques
                .iter()
                .map(|t| t.info().hodoku_score)
                .min()
                .unwrap_or(0),
        }
    }

    /// Walks the path from `start` (a puzzle with the one solution `solution`).
    fn walk(&self, start: &Grid, solution: &[u8; 81]) -> Walked {
        let _deadline = deadline::Guard::new(self.options.time_limit);
        let mut grid = start.clone();
        let mut watch = Watch {
            empty: (0..81).filter(|&c| start.value(c) == 0).count() as u32,
            least_score: self.least_score,
            ..Watch::default()
        };
        let mut past = false;
        let limit = self.options.step_limit;
        let (steps, _) = walk_until(&mut grid, &self.options, |step| {
            past = watch.passes(&self.ceiling, step);
            past || limit.is_some_and(|l| watch.steps >= l)
        });
        // A search the deadline cut finds nothing and a later technique may then have found
        // a step the whole path would not take: nothing of a walk past the deadline counts.
        if deadline::expired() {
            return Walked::Timeout;
        }
        if past {
            return Walked::Beyond(steps, self.ceiling);
        }
        let status = if grid.is_solved() {
            Status::Solved
        } else if !self.whole && limit.is_none_or(|l| steps.len() < l) {
            // Stuck before the cut's end: the whole path goes on with a technique past it.
            return Walked::Beyond(steps, self.ceiling);
        } else {
            Status::Stuck
        };
        Walked::Whole(Box::new(Trace {
            puzzle: start.to_line(),
            status,
            solution: Some(*solution),
            steps,
            end: grid,
            differing: vec![],
        }))
    }
}

/// The figures of a walk so far, for its ceiling.
///
/// A level ceiling is passed as soon as the score the path must still reach does: every empty
/// cell is yet to be placed, each step places at most one digit (measured: no step of either
/// path placed two on 2,800 walks of Extreme candidates) and adds at least the path's lowest
/// base score (4, a full house or naked single), so the whole path scores at least the score
/// so far plus that much a cell. A puzzle turned down so is one whose whole path passes the
/// ceiling; were a step ever to place two digits, the bound could only turn down a puzzle
/// that fits, never let one through (a puzzle given is rated whole). It ends a walk toward
/// an Extreme score before its last steps, the hard ones among them.
#[derive(Default)]
struct Watch {
    steps: usize,
    rating: f64,
    score: u32,
    level: Option<Level>,
    /// The empty cells left.
    empty: u32,
    /// What each step adds to the score at least.
    least_score: u32,
}

impl Watch {
    /// Takes one step into account: whether it passes the ceiling.
    fn passes(&mut self, ceiling: &Ceiling, step: &Step) -> bool {
        self.steps += 1;
        let t = step.technique;
        if let Some(max) = ceiling.rating {
            self.rating = self.rating.max(round_rating(step.rating()));
            if self.rating > max + 1e-9 {
                return true;
            }
        }
        if let Some(max) = ceiling.score {
            if t.info().hodoku_score > max {
                return true;
            }
        }
        if let Some(max) = ceiling.level {
            self.score += t.info().hodoku_score;
            self.empty = self.empty.saturating_sub(step.placements.len() as u32);
            let mut level = self.level.map_or(t.level(), |l| l.max(t.level()));
            while self.score > hodoku_max_score(level) && level < Level::Extreme {
                level = Level::ALL[level as usize + 1];
            }
            self.level = Some(level);
            if level > max {
                return true;
            }
            // The score the path reaches at least: past the ceiling's level already.
            let reach = self.score + self.least_score * self.empty;
            if reach > hodoku_max_score(max) {
                return true;
            }
        }
        false
    }
}

/// How a walk ended.
#[derive(Debug, Clone)]
pub(crate) enum Walked {
    /// The whole path, as `pipeline::solve` gives it (boxed: a trace holds its end grid).
    Whole(Box<Trace>),
    /// Stopped past the ceiling (given): the steps of the whole path up to there. Where the
    /// walk stopped stuck, the step past the ceiling is the next one, not among them.
    Beyond(Vec<Step>, Ceiling),
    /// The time ran out (the run's or the puzzle's).
    Timeout,
}

impl Walked {
    pub fn whole(&self) -> Option<&Trace> {
        match self {
            Walked::Whole(trace) => Some(trace),
            _ => None,
        }
    }

    /// The steps walked (whole or not).
    pub fn steps(&self) -> &[Step] {
        match self {
            Walked::Whole(trace) => &trace.steps,
            Walked::Beyond(steps, _) => steps,
            Walked::Timeout => &[],
        }
    }
}

/// Which paths a request reads, how far each may go, and in which order to walk them.
#[derive(Debug, Clone)]
pub(crate) struct Rater {
    pub se: Option<Path>,
    pub hodoku: Option<Path>,
    /// Walk the hodoku path first (it has the tighter ceiling).
    pub hodoku_first: bool,
    /// Whether the request reads figures of the se path, and of the hodoku path: a path it does
    /// not read is walked last, and only for a puzzle that meets everything else.
    pub reads_se: bool,
    pub reads_hodoku: bool,
    budget: Budget,
}

/// A candidate's walks: `None` for a path not taken, or not walked because an earlier walk
/// already turned the puzzle down.
#[derive(Debug, Clone, Default)]
pub(crate) struct Walks {
    pub se: Option<Walked>,
    pub hodoku: Option<Walked>,
}

impl Walks {
    /// Whether a walk ran out of time.
    pub fn timed_out(&self) -> bool {
        [&self.se, &self.hodoku]
            .into_iter()
            .any(|w| matches!(w, Some(Walked::Timeout)))
    }

    /// Whether a walk stopped past its ceiling.
    pub fn passed_ceiling(&self) -> bool {
        [&self.se, &self.hodoku]
            .into_iter()
            .any(|w| matches!(w, Some(Walked::Beyond(..))))
    }

    /// The rating as `rate` gives it, when every path taken was walked whole.
    pub fn record(&self, settings: &RateSettings) -> Option<RateRecord> {
        let se = match (&settings.se, &self.se) {
            (None, _) => None,
            (Some(_), Some(Walked::Whole(trace))) => Some(trace),
            (Some(_), _) => return None,
        };
        let hodoku = match (&settings.hodoku, &self.hodoku) {
            (None, _) => None,
            (Some(_), Some(Walked::Whole(trace))) => Some(trace),
            (Some(_), _) => return None,
        };
        Some(RateRecord::of(
            settings,
            se.map(|t| &**t),
            hodoku.map(|t| &**t),
        ))
    }
}

impl Rater {
    pub fn new(
        settings: &RateSettings,
        se: Ceiling,
        hodoku: Ceiling,
        reads_se: bool,
        reads_hodoku: bool,
    ) -> Rater {
        let se_path = settings.se.as_ref().map(|p| Path::new(&p.options, se));
        let hodoku_path = settings
            .hodoku
            .as_ref()
            .map(|p| Path::new(&p.options, hodoku));
        Rater {
            hodoku_first: (hodoku.is_some() && !se.is_some()) || (reads_hodoku && !reads_se),
            se: se_path,
            hodoku: hodoku_path,
            reads_se,
            reads_hodoku,
            budget: settings.budget,
        }
    }

    /// Walks the paths of a puzzle within the puzzle's budget (inside the run's deadline, set
    /// by the caller): first the ones the request reads, each only while `go_on` says the
    /// walks so far may still meet it; the path it does not read last, once all else is met.
    pub fn walk(
        &self,
        puzzle: &[u8; 81],
        solution: &[u8; 81],
        mut go_on: impl FnMut(&Walks) -> bool,
    ) -> Walks {
        let _budget = self.budget.enter();
        let grid = Grid::from_puzzle(puzzle);
        let mut walks = Walks::default();
        let order = if self.hodoku_first {
            [false, true]
        } else {
            [true, false]
        };
        // Read paths first, in order, then the others.
        let mut sequence: Vec<bool> = order.iter().copied().filter(|&se| self.reads(se)).collect();
        sequence.extend(order.iter().copied().filter(|&se| !self.reads(se)));
        for se in sequence {
            let path = if se { &self.se } else { &self.hodoku };
            let Some(path) = path else { continue };
            let walked = path.walk(&grid, solution);
            let whole = matches!(walked, Walked::Whole(_));
            if se {
                walks.se = Some(walked);
            } else {
                walks.hodoku = Some(walked);
            }
            if !whole || !go_on(&walks) {
                break;
            }
        }
        walks
    }

    fn reads(&self, se: bool) -> bool {
        if se {
            self.reads_se
        } else {
            self.reads_hodoku
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::explain::rate_puzzle;
    use crate::format::parse_puzzle;

    fn cells(line: &str) -> [u8; 81] {
        parse_puzzle(line, None).unwrap().cells
    }

    /// From singles to ER 8.3 (`examples/graded.txt`), Hard to Extreme on the hodoku path.
    const PUZZLES: [&str; 5] = [
        "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        ".........6..7.3..5..2...8...9.....1...6.7.3..8.......65...3...9.2.5.9.7..834.725.",
        "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...",
        "................12..3.45..............6..34...1.....7...8...5...2.76.....9.1.....",
        "....1....71..9....6..2....8.......5.2..3...7...5.2.....671....41.......3.8267....",
    ];

    /// A walk that ends solved is the whole path: the record equals `rate`'s, for every
    /// ceiling the puzzle stays under.
    #[test]
    fn walks_under_a_ceiling_give_rates_record() {
        let settings = RateSettings::default();
        for line in PUZZLES {
            let puzzle = cells(line);
            let solution = match crate::solver::validity(&puzzle) {
                crate::solver::Validity::Unique(s) => s,
                _ => panic!("one solution"),
            };
            let expected = rate_puzzle(&Grid::from_puzzle(&puzzle), &settings);
            for level in Level::ALL {
                for rating in [2.0, 3.2, 4.5, 7.0, 7.5, 9.0] {
                    let rater = Rater::new(
                        &settings,
                        Ceiling {
                            rating: Some(rating),
                            ..Default::default()
                        },
                        Ceiling {
                            level: Some(level),
                            ..Default::default()
                        },
                        true,
                        true,
                    );
                    let walks = rater.walk(&puzzle, &solution, |_| true);
                    let fits = expected.level.is_some_and(|l| l <= level)
                        && expected.er.is_some_and(|er| er <= rating);
                    match walks.record(&settings) {
                        Some(record) => {
                            assert!(fits, "{line} rated under {level} {rating}");
                            assert_eq!(record, expected);
                        }
                        None => assert!(!fits, "{line} turned down under {level} {rating}"),
                    }
                }
            }
            // The hardest step read on the hodoku path alone: a ceiling on one step's score.
            let hodoku = RateSettings::select(Some(crate::profile::Profile::Hodoku), &[], false);
            let expected = rate_puzzle(&Grid::from_puzzle(&puzzle), &hodoku);
            let top = crate::rating::rate_hodoku(&crate::pipeline::solve(
                &Grid::from_puzzle(&puzzle),
                &crate::pipeline::Options::hodoku(),
            ))
            .hardest
            .map(|t| t.info().hodoku_score);
            for score in [14, 100, 160, 260, 300, 500] {
                let ceiling = Ceiling {
                    score: Some(score),
                    ..Default::default()
                };
                let rater = Rater::new(&hodoku, Ceiling::default(), ceiling, false, true);
                let walks = rater.walk(&puzzle, &solution, |_| true);
                let fits = top.is_some_and(|t| t <= score);
                match walks.record(&hodoku) {
                    Some(record) => {
                        assert!(fits, "{line} rated under {score}");
                        assert_eq!(record, expected);
                    }
                    None => assert!(!fits, "{line} turned down under {score}"),
                }
            }
        }
    }
}
