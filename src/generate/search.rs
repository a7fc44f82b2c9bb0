//! One attempt of a run: a random solution grid dug into a puzzle that is then steered toward
//! the request, all from the attempt's own random numbers.
//!
//! **Descent.** Givens are dug out an orbit at a time, in a random order (in groups while
//! they all go), while the puzzle keeps one solution. When the request's ceiling allows
//! nothing past the singles (level Easy, a low ER), the dig goes on while the singles still
//! solve the puzzle instead, which keeps every puzzle within the ceiling and costs a fraction
//! of a uniqueness check. When the ceiling is low but above the singles (level Medium or
//! Hard, a hardest X-Wing or Unique Rectangle, an ER up to 5.0: `target::low_ceiling`), the
//! dig goes on while the singles solve the puzzle, and each removal they cannot follow but
//! that keeps the solution unique is rated: kept when under the ceiling, and the descent ends
//! at the first puzzle that meets the request (not minimal, then: a few givens more than a
//! minimal puzzle). Otherwise the minimal puzzle is rated once. Ratings go in stages
//! (`rate.rs`): a path is walked only while the request can still be met.
//!
//! **Climb.** A puzzle that misses by less than [`NEAR`] (part of a level, less than an ER
//! point, a hardest step close to the one asked, too hard by a little as well as too easy) is
//! mutated: one or two of its missing orbits are put back from the solution and as many other
//! orbits, taken in a random order, are dug out while the solution stays unique; the new
//! puzzle replaces the current one if it is no farther from the request (`target::distance`).
//! A bounded number of mutations, then the attempt gives its nearest miss. A puzzle farther
//! off is left at once for a fresh attempt. Measured on the targets (one core, 20
//! puzzles each): these small moves find a hardest X-Wing, Unique Rectangle or X-Chain in a
//! quarter less time than fresh attempts alone, and leave levels and ER ranges about as they
//! were; digging every other orbit again after the put-back (a larger move) made most targets
//! slower, as a neighbour of a hard puzzle costs a hard puzzle's rating. The run's deadline
//! is in force on the thread throughout, and the caller's stop flag is read between ratings.
//!
//! Digging by closures of more techniques (locked candidates, subsets, fish, wings) and
//! pushing past them was tried and measured: slower for every target but Easy, as such a dig
//! rarely meets a removal that needs exactly the technique asked.

use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Instant;

use super::dig;
use super::logic::singles_solve;
use super::rate::{Rater, Walks};
use super::rng::Rng;
use super::target::{self, Figures};
use super::Request;
use crate::deadline;
use crate::explain::RateRecord;

/// The distance under which a miss is worth mutating: less than a level apart (or one ER
/// point, or a hardest step half a point off); anything farther starts afresh.
pub(crate) const NEAR: f64 = 1.0;

/// Mutations an attempt tries on a near miss.
const MUTATIONS: usize = 16;

/// What a run's attempts share: the request read once.
pub(crate) struct Plan<'a> {
    pub request: &'a Request,
    /// The cells in orbits of the symmetry asked (each cell alone without one).
    pub orbits: Vec<Vec<usize>>,
    /// Dig while the singles solve the puzzle (with naked singles or not) rather than while
    /// it has one solution.
    pub singles: Option<bool>,
    /// Dig while the singles solve the puzzle and stop at the first removal past them that
    /// meets the request (rating each such removal).
    pub events: bool,
    pub rater: Rater,
    /// Whether the main path (techniques, hardest) is the se path.
    pub se_main: bool,
    /// The fewest givens a dig may leave.
    pub min_givens: usize,
}

/// A rated puzzle of an attempt.
#[derive(Debug, Clone)]
pub(crate) struct Candidate {
    pub puzzle: [u8; 81],
    pub solution: [u8; 81],
    /// The rating as `rate` gives it, when every path was walked whole.
    pub record: Option<RateRecord>,
    /// What it misses (empty: it meets the request).
    pub misses: Vec<String>,
    pub distance: f64,
    /// The mutation that made it (0: the attempt's first descent); the tests read it.
    #[cfg_attr(not(test), allow(dead_code))]
    pub round: usize,
}

/// How an attempt ended.
pub(crate) enum Outcome {
    /// A puzzle that meets the request.
    Found(Candidate),
    /// The nearest miss of a whole attempt.
    Missed(Option<Candidate>),
    /// Cut by the run's deadline or the stop flag; the nearest miss so far.
    Cut(Option<Candidate>),
}

/// What one descent came to.
enum Descent {
    Met(Candidate),
    Rated(Candidate),
    /// Cut by the deadline or the stop flag.
    Cut,
    /// A puzzle whose rating ran out of its own time: no result, no distance.
    Unrated,
}

impl Plan<'_> {
    /// The plan of a request (which `validate` passed).
    pub fn new(request: &Request) -> Plan<'_> {
        let c = &request.constraints;
        let settings = &request.settings;
        let se_main = settings.se.is_some();
        let (se, hodoku) = target::ceilings(c, se_main);
        let on_main = c.hardest.is_some() || !c.techniques.is_empty();
        let reads_se = settings.se.is_some() && (c.er.is_some() || on_main);
        let reads_hodoku =
            settings.hodoku.is_some() && (c.level.is_some() || (!se_main && on_main));
        Plan {
            request,
            orbits: dig::orbits(c.symmetry),
            singles: target::singles_dig(c, settings, &se, &hodoku),
            events: target::low_ceiling(c, settings, &se, &hodoku),
            rater: Rater::new(settings, se, hodoku, reads_se, reads_hodoku),
            se_main,
            min_givens: c.givens.map_or(0, |(min, _)| min),
        }
    }

    /// Attempt `index` of the run.
    pub fn attempt(&self, index: u64, deadline: Option<Instant>, stop: &AtomicBool) -> Outcome {
        let _run =
            deadline::Guard::new(deadline.map(|d| d.saturating_duration_since(Instant::now())));
        let mut rng = Rng::for_attempt(self.request.seed, index);
        let solution = dig::random_solution(&mut rng);
        let mut order: Vec<usize> = (0..self.orbits.len()).collect();
        rng.shuffle(&mut order);
        let mut best = match self.descend(&solution, solution, &order, None, deadline, stop) {
            Descent::Met(found) => return Outcome::Found(found),
            Descent::Rated(candidate) => candidate,
            Descent::Cut => return Outcome::Cut(None),
            Descent::Unrated => return Outcome::Missed(None),
        };
        for round in 1..=MUTATIONS {
            if best.distance >= NEAR {
                break;
            }
            if self.cut(deadline, stop) {
                return Outcome::Cut(Some(best));
            }
            let Some((start, order, back)) = self.put_back(&best, &solution, &mut rng) else {
                break;
            };
            match self.descend(&solution, start, &order, back, deadline, stop) {
                Descent::Met(found) => return Outcome::Found(Candidate { round, ..found }),
                Descent::Rated(candidate) => {
                    if candidate.distance <= best.distance {
                        best = Candidate { round, ..candidate };
                    }
                }
                Descent::Cut => return Outcome::Cut(Some(best)),
                Descent::Unrated => {}
            }
        }
        Outcome::Missed(Some(best))
    }

    /// A mutation of a candidate: one or two of its missing orbits put back from the
    /// solution; the order to dig again (its other givens, at random) and how many orbits to
    /// take out: as many as were put back, more while there are more givens than asked, and
    /// every one that can go (`None`) for a minimal puzzle, the put-back ones tried last.
    fn put_back(
        &self,
        candidate: &Candidate,
        solution: &[u8; 81],
        rng: &mut Rng,
    ) -> Option<([u8; 81], Vec<usize>, Option<usize>)> {
        let mut puzzle = candidate.puzzle;
        let empty: Vec<usize> = (0..self.orbits.len())
            .filter(|&o| puzzle[self.orbits[o][0]] == 0)
            .collect();
        if empty.is_empty() {
            return None;
        }
        let mut back = Vec::new();
        for _ in 0..1 + rng.below(2) {
            let o = empty[rng.below(empty.len())];
            if !back.contains(&o) {
                back.push(o);
                for &c in &self.orbits[o] {
                    puzzle[c] = solution[c];
                }
            }
        }
        let mut order: Vec<usize> = (0..self.orbits.len())
            .filter(|&o| puzzle[self.orbits[o][0]] != 0 && !back.contains(&o))
            .collect();
        rng.shuffle(&mut order);
        let c = &self.request.constraints;
        if c.minimal {
            order.extend(&back);
            return Some((puzzle, order, None));
        }
        let excess = c
            .givens
            .map_or(0, |(_, max)| count(&candidate.puzzle).saturating_sub(max));
        Some((puzzle, order, Some(back.len() + excess)))
    }

    fn cut(&self, deadline: Option<Instant>, stop: &AtomicBool) -> bool {
        stop.load(Ordering::Relaxed)
            || deadline.is_some_and(|d| Instant::now() >= d)
            || crate::deadline::cancelled()
    }

    /// Digs from `start` (a puzzle with the one solution `solution`) along `order`, as the
    /// module doc says, and rates what it comes to: every orbit that can go, or at most
    /// `removals` of them.
    fn descend(
        &self,
        solution: &[u8; 81],
        start: [u8; 81],
        order: &[usize],
        removals: Option<usize>,
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Descent {
        let mut puzzle = start;
        if self.events && removals.is_none() {
            return self.descend_to_event(solution, start, order, deadline, stop);
        }
        let keeps = |p: &[u8; 81], removed: u128| match self.singles {
            Some(naked) => singles_solve(p, removed, naked),
            None => dig::stays_unique(p, removed, solution),
        };
        match removals {
            Some(most) => dig::dig_some(
                &mut puzzle,
                &self.orbits,
                order,
                self.min_givens,
                most,
                keeps,
            ),
            None => {
                dig::dig(&mut puzzle, &self.orbits, order, self.min_givens, keeps);
            }
        }
        debug_assert!(dig::is_unique(&puzzle), "a dug puzzle has one solution");
        self.rate_dug(solution, &puzzle, deadline, stop)
    }

    /// The end of a descent: the dug puzzle rated and judged (cut when the run's time is up).
    fn rate_dug(
        &self,
        solution: &[u8; 81],
        puzzle: &[u8; 81],
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Descent {
        let walks = self.walk(puzzle, solution);
        if walks.timed_out() {
            return if self.cut(deadline, stop) {
                Descent::Cut
            } else {
                Descent::Unrated
            };
        }
        let candidate = self.judge(solution, puzzle, &walks);
        if candidate.misses.is_empty() {
            Descent::Met(candidate)
        } else {
            Descent::Rated(candidate)
        }
    }

    /// Digs while the singles solve the puzzle; a removal they cannot follow but that keeps
    /// the solution unique is rated, kept when under the ceiling, and ends the descent when
    /// the puzzle meets the request.
    fn descend_to_event(
        &self,
        solution: &[u8; 81],
        start: [u8; 81],
        order: &[usize],
        deadline: Option<Instant>,
        stop: &AtomicBool,
    ) -> Descent {
        let mut puzzle = start;
        let mut found: Option<Candidate> = None;
        let mut rated: Option<Candidate> = None;
        let mut cut = false;
        let mut beyond = false;
        dig::dig(
            &mut puzzle,
            &self.orbits,
            order,
            self.min_givens,
            |p, removed| {
                if found.is_some() || cut {
                    return false;
                }
                if !beyond && singles_solve(p, removed, true) {
                    return true;
                }
                if !dig::stays_unique(p, removed, solution) {
                    return false;
                }
                let walks = self.walk(p, solution);
                if walks.timed_out() {
                    cut = self.cut(deadline, stop);
                    return false;
                }
                let candidate = self.judge(solution, p, &walks);
                if candidate.misses.is_empty() {
                    found = Some(candidate);
                    return false;
                }
                if walks.passed_ceiling() {
                    return false;
                }
                beyond = true;
                rated = Some(candidate);
                true
            },
        );
        if cut {
            return Descent::Cut;
        }
        if let Some(found) = found {
            return Descent::Met(found);
        }
        if let Some(rated) = rated {
            if rated.puzzle == puzzle {
                return Descent::Rated(rated);
            }
        }
        self.rate_dug(solution, &puzzle, deadline, stop)
    }

    /// Walks the paths of a puzzle, each only while the walks so far still meet the request.
    fn walk(&self, puzzle: &[u8; 81], solution: &[u8; 81]) -> Walks {
        let c = &self.request.constraints;
        self.rater.walk(puzzle, solution, |walks| {
            let figures = Figures::of(walks, self.se_main);
            target::rating_misses(c, &figures, self.se_main).is_empty()
        })
    }

    /// A candidate of the walks: its figures, exact record if any, misses and distance.
    fn judge(&self, solution: &[u8; 81], puzzle: &[u8; 81], walks: &Walks) -> Candidate {
        let c = &self.request.constraints;
        let figures = Figures::of(walks, self.se_main);
        let mut distance = target::distance(c, &figures, count(puzzle), self.se_main);
        let record = walks.record(&self.request.settings);
        let main = if self.se_main {
            &walks.se
        } else {
            &walks.hodoku
        };
        let misses = match (&record, main.as_ref().and_then(|w| w.whole())) {
            (Some(record), Some(trace)) => {
                let mut removable = 0;
                let misses = target::misses(c, puzzle, record, trace, || {
                    removable = dig::removable(puzzle, 8);
                    removable == 0
                });
                // A quarter per given that could go: a symmetric puzzle steers to minimal.
                distance += 0.25 * removable as f64;
                misses
            }
            _ => {
                let mut misses = target::rating_misses(c, &figures, self.se_main);
                if misses.is_empty() {
                    misses.push("not rated whole".to_string());
                }
                misses
            }
        };
        Candidate {
            puzzle: *puzzle,
            solution: *solution,
            record,
            misses,
            distance,
            round: 0,
        }
    }
}

fn count(puzzle: &[u8; 81]) -> usize {
    puzzle.iter().filter(|&&d| d != 0).count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::generate::Constraints;
    use crate::profile::RateSettings;
    use crate::technique::Technique;

    /// The climb reaches what the descent missed: some puzzles of a fixed seed are found by a
    /// mutation of a near miss, each one no farther than the miss it came from.
    #[test]
    fn the_climb_reaches_what_the_descent_missed() {
        let request = Request {
            count: 1,
            constraints: Constraints {
                hardest: Some(Technique::UniqueRectangle1),
                ..Default::default()
            },
            settings: RateSettings::default(),
            seed: 2,
            jobs: 1,
            time_limit: None,
        };
        let plan = Plan::new(&request);
        let stop = AtomicBool::new(false);
        let (mut found, mut climbed) = (0, 0);
        for index in 0..400 {
            if let Outcome::Found(candidate) = plan.attempt(index, None, &stop) {
                found += 1;
                if candidate.round > 0 {
                    climbed += 1;
                    break;
                }
            }
        }
        assert!(climbed > 0, "{found} found, none by a mutation");
    }
}
