//! What a request asks of a puzzle, read on its rating and path: whether a puzzle meets every
//! constraint, what it misses, how far it is from them (the measure the search climbs), and
//! what the request implies for the search (a ceiling per path, the closure to dig with).

use super::rate::{Ceiling, Walked, Walks};
use super::Constraints;
use crate::analysis::symmetry::Symmetry;
use crate::explain::RateRecord;
use crate::geometry::CellSet;
use crate::pipeline::{Status, Trace};
use crate::profile::RateSettings;
use crate::rating::{hodoku_max_score, rate, rate_hodoku};
use crate::step::{round_rating, Step};
use crate::technique::{Family, Level, Technique};

/// One constraint a puzzle does not meet, said as the closing message says it.
pub(crate) fn misses(
    constraints: &Constraints,
    puzzle: &[u8; 81],
    record: &RateRecord,
    main: &Trace,
    minimal: impl FnOnce() -> bool,
) -> Vec<String> {
    let mut misses = Vec::new();
    if main.status != Status::Solved || record.status != "solved" {
        misses.push(format!("the path ends {}", record.status));
        return misses;
    }
    let givens = puzzle.iter().filter(|&&d| d != 0).count();
    if let Some((min, max)) = constraints.givens {
        if givens < min || givens > max {
            misses.push(format!("{givens} givens"));
        }
    }
    if let Some(symmetry) = constraints.symmetry {
        if !holds(symmetry, puzzle) {
            misses.push(format!("not {}", symmetry.name()));
        }
    }
    if let Some(level) = constraints.level {
        if record.level != Some(level) {
            misses.push(match record.level {
                Some(found) => format!("level {found}"),
                None => "no level".to_string(),
            });
        }
    }
    if let Some((min, max)) = constraints.er {
        match record.er {
            Some(er) if er >= min - 1e-9 && er <= max + 1e-9 => {}
            Some(er) => misses.push(format!("ER {er:.1}")),
            None => misses.push("no ER".to_string()),
        }
    }
    if let Some(hardest) = constraints.hardest {
        if record.hardest != Some(hardest) {
            misses.push(match record.hardest {
                Some(found) => format!("hardest {found}"),
                None => "no hardest step".to_string(),
            });
        }
    }
    for &technique in &constraints.techniques {
        if !uses(&main.steps, technique) {
            misses.push(format!("no {technique}"));
        }
    }
    if constraints.minimal && misses.is_empty() && !minimal() {
        misses.push("not minimal".to_string());
    }
    misses
}

/// What the walks of a candidate tell, exactly or (for a walk cut past its ceiling) as lower
/// bounds; `None` for a figure of a path not walked.
#[derive(Debug, Clone, Default)]
pub(crate) struct Figures {
    /// ER (se path); at least this when `se_whole` is false.
    pub er: Option<f64>,
    /// SE's hardest technique, only from a whole se path.
    pub se_hardest: Option<Technique>,
    pub se_whole: bool,
    /// Level and score (hodoku path); at least these when `hodoku_whole` is false.
    pub level: Option<Level>,
    pub score: Option<u32>,
    /// HoDoKu's hardest technique, only from a whole hodoku path.
    pub hodoku_hardest: Option<Technique>,
    /// The highest base score of a step (at least; past the ceiling when cut).
    pub hodoku_top: u32,
    pub hodoku_whole: bool,
    /// The techniques of the main path (the one `hardest` is read on) seen so far.
    pub main_used: Vec<Technique>,
    /// A whole path of the profile stuck: the profile cannot solve the puzzle.
    pub stuck: bool,
    /// A walk was cut past its ceiling: the puzzle is harder than the request allows.
    pub passes_ceiling: bool,
}

impl Figures {
    /// The figures of the walks, the main path being the se path when `se_main`.
    pub fn of(walks: &Walks, se_main: bool) -> Figures {
        let mut f = Figures::default();
        match &walks.se {
            Some(Walked::Whole(trace)) => {
                let rating = rate(trace);
                f.stuck |= trace.status != Status::Solved;
                f.er = Some(rating.er);
                f.se_hardest = rating.hardest;
                f.se_whole = true;
            }
            Some(Walked::Beyond(steps, ceiling)) => {
                // The whole path rates above the ceiling, whether or not the step past it was
                // taken (a walk stuck at the cut's end stops before it).
                let so_far = steps
                    .iter()
                    .map(|s| round_rating(s.rating()))
                    .fold(0.0, f64::max);
                let past = ceiling.rating.map_or(0.0, |r| r + 0.1);
                f.er = Some(so_far.max(past));
                f.passes_ceiling = true;
            }
            _ => {}
        }
        match &walks.hodoku {
            Some(Walked::Whole(trace)) => {
                let rating = rate_hodoku(trace);
                f.hodoku_top = top_score(&trace.steps);
                f.stuck |= trace.status != Status::Solved;
                f.level = rating.level;
                f.score = Some(rating.score);
                f.hodoku_hardest = rating.hardest;
                f.hodoku_whole = true;
            }
            Some(Walked::Beyond(steps, ceiling)) => {
                let (score, level) = level_so_far(steps);
                let past = ceiling
                    .level
                    .map_or(Level::Easy, |l| Level::ALL[(l as usize + 1).min(4)]);
                f.level = Some(level.max(past));
                f.hodoku_top = top_score(steps).max(ceiling.score.map_or(0, |s| s + 1));
                f.score = Some(score);
                f.passes_ceiling = true;
            }
            _ => {}
        }
        let main = if se_main { &walks.se } else { &walks.hodoku };
        if let Some(walked) = main {
            let mut used: Vec<Technique> = walked.steps().iter().map(|s| s.technique).collect();
            used.sort_unstable();
            used.dedup();
            f.main_used = used;
        }
        f
    }
}

/// The score of some steps and the level they reach at least (HoDoKu's rule on a path that
/// may go on).
fn level_so_far(steps: &[Step]) -> (u32, Level) {
    let score: u32 = steps.iter().map(|s| s.technique.info().hodoku_score).sum();
    let mut level = steps
        .iter()
        .map(|s| s.technique.level())
        .max()
        .unwrap_or(Level::Easy);
    while score > hodoku_max_score(level) && level < Level::Extreme {
        level = Level::ALL[level as usize + 1];
    }
    (score, level)
}

/// The highest base score of the steps.
fn top_score(steps: &[Step]) -> u32 {
    steps
        .iter()
        .map(|s| s.technique.info().hodoku_score)
        .max()
        .unwrap_or(0)
}

/// The most a path of a level scores before the level below it is passed: the score a path
/// needs to reach `level` by score alone.
fn floor_score(level: Level) -> u32 {
    match level {
        Level::Easy => 0,
        other => hodoku_max_score(Level::ALL[other as usize - 1]),
    }
}

/// The constraints the figures of the walked paths miss (said as the closing message says
/// them, "at least" where a walk was cut), the search's own questions (minimal, givens,
/// symmetry) aside.
pub(crate) fn rating_misses(c: &Constraints, f: &Figures, se_main: bool) -> Vec<String> {
    let mut misses = Vec::new();
    if f.stuck {
        misses.push("the path ends stuck".to_string());
        return misses;
    }
    if let (Some(want), Some(level)) = (c.level, f.level) {
        if !f.hodoku_whole && level > want {
            misses.push(format!("level above {want}"));
        } else if f.hodoku_whole && level != want {
            misses.push(format!("level {level}"));
        }
    }
    if let (Some((min, max)), Some(er)) = (c.er, f.er) {
        if !f.se_whole && er > max + 1e-9 {
            misses.push(format!("ER above {max:.1}"));
        } else if f.se_whole && (er < min - 1e-9 || er > max + 1e-9) {
            misses.push(format!("ER {er:.1}"));
        }
    }
    let (whole, hardest) = if se_main {
        (f.se_whole, f.se_hardest)
    } else {
        (f.hodoku_whole, f.hodoku_hardest)
    };
    let main_walked = whole || !f.main_used.is_empty();
    if let Some(want) = c.hardest {
        if whole && hardest != Some(want) {
            misses.push(match hardest {
                Some(found) => format!("hardest {found}"),
                None => "no hardest step".to_string(),
            });
        } else if !whole && main_walked {
            misses.push(format!("a step harder than {want}"));
        }
    }
    if whole {
        for &t in &c.techniques {
            if !f.main_used.contains(&t) {
                misses.push(format!("no {t}"));
            }
        }
    }
    if f.passes_ceiling && misses.is_empty() {
        misses.push("harder than asked".to_string());
    }
    misses
}

/// How far a candidate is from the constraints (0 when it meets them all): the search keeps a
/// mutation that does not move away. Each term grows with the gap on its own scale: levels
/// apart, plus the score's shortfall or excess within the level; the ER's gap; SE's rating
/// (or HoDoKu's score in hundreds) between the hardest step and the one asked; one per
/// technique missing; a tenth per given out of range. A figure not walked adds nothing.
pub(crate) fn distance(c: &Constraints, f: &Figures, givens: usize, se_main: bool) -> f64 {
    if f.stuck {
        return 100.0;
    }
    let mut d = 0.0;
    if let (Some(want), Some(level)) = (c.level, f.level) {
        let score = f64::from(f.score.unwrap_or(0));
        let apart = (level as usize).abs_diff(want as usize) as f64;
        if level < want {
            let floor = f64::from(floor_score(want));
            d += apart + ((floor - score) / floor).clamp(0.0, 1.0);
        } else if level > want {
            let max = hodoku_max_score(want);
            let excess = if max == u32::MAX {
                0.0
            } else {
                ((score - f64::from(max)) / f64::from(max)).clamp(0.0, 1.0)
            };
            d += apart + excess;
        }
    }
    if let (Some((min, max)), Some(er)) = (c.er, f.er) {
        d += (min - er).max(0.0) + (er - max).max(0.0);
    }
    if let Some(want) = c.hardest {
        if se_main {
            if !(f.se_whole && f.se_hardest == Some(want)) {
                let found = match (f.se_whole, f.se_hardest) {
                    (true, Some(t)) => t.se_rating(),
                    _ => f.er.unwrap_or(0.0),
                };
                d += 0.5 + (found - want.se_rating()).abs();
            }
        } else if !(f.hodoku_whole && f.hodoku_hardest == Some(want)) {
            let found = f.hodoku_top;
            d += 0.5 + f64::from(found.abs_diff(want.info().hodoku_score)) / 100.0;
        }
    }
    for &t in &c.techniques {
        if !f.main_used.contains(&t) {
            d += 1.0;
        }
    }
    if let Some((min, max)) = c.givens {
        d += 0.1 * (min.saturating_sub(givens) + givens.saturating_sub(max)) as f64;
    }
    d
}

/// Whether the steps use the technique.
fn uses(steps: &[Step], technique: Technique) -> bool {
    steps.iter().any(|s| s.technique == technique)
}

/// Whether the givens' positions have the symmetry.
pub(crate) fn holds(symmetry: Symmetry, puzzle: &[u8; 81]) -> bool {
    let givens = (0..81)
        .filter(|&c| puzzle[c] != 0)
        .fold(CellSet::EMPTY, |s, c| s.with(c));
    symmetry.holds_for(givens)
}

/// Whether a technique's steps can rate above its catalog rating (their facts add to it).
fn rated_by_facts(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        AlsXz | AlsChain | DeathBlossom | UniqueRectangle3 | BugType3 | UniqueLoop
    ) || matches!(t.family(), Family::Chains | Family::ForcingChains)
}

/// The ceilings a request puts on the se and the hodoku path (the main path is the se path
/// when `se_main`). For a hardest technique whose steps rate above its catalog rating by their
/// facts (chains, forcing chains, ALS chains), the se ceiling is a guess, its rating plus one:
/// a longer chain than that is turned down though it would have met the request, which never
/// lets a puzzle through that does not.
pub(crate) fn ceilings(c: &Constraints, se_main: bool) -> (Ceiling, Ceiling) {
    let mut se = Ceiling::default();
    let mut hodoku = Ceiling::default();
    if let Some((_, max)) = c.er {
        se.rating = Some(max);
    }
    if let Some(t) = c.hardest {
        if se_main {
            let cap = t.se_rating() + if rated_by_facts(t) { 1.0 } else { 0.0 };
            se.rating = Some(se.rating.map_or(cap, |r| r.min(cap)));
        } else {
            hodoku.score = Some(t.info().hodoku_score);
        }
    }
    if let Some(level) = c.level {
        if level < Level::Extreme {
            hodoku.level = Some(level);
        }
    }
    (se, hodoku)
}

/// The singles, and Sudoku Explainer's direct techniques (a locked set or pair that yields a
/// single at once, rated 1.7 to 2.5): what a path may use on a puzzle the singles solve.
fn singles_land(t: Technique) -> bool {
    use Technique::*;
    matches!(
        t,
        FullHouse | HiddenSingleBox | HiddenSingleLine | NakedSingle
    ) || t.family() == Family::Direct
}

/// Whether to dig while the singles still solve the puzzle (`Some`, with naked singles or
/// hidden singles only): when a path's ceiling allows nothing past the singles, so that every
/// puzzle dug that way is within it, and nothing asked needs more (the hardest step, a
/// technique, an ER above what singles reach). Not for a minimal puzzle: the singles leave
/// givens whose removal keeps the solution unique.
pub(crate) fn singles_dig(
    c: &Constraints,
    settings: &RateSettings,
    se: &Ceiling,
    hodoku: &Ceiling,
) -> Option<bool> {
    if c.minimal {
        return None;
    }
    let within = |path: Option<&crate::profile::RatedPath>, ceiling: &Ceiling| {
        ceiling.is_some()
            && path.is_some_and(|p| {
                p.options
                    .techniques
                    .iter()
                    .all(|&t| !ceiling.allows(t) || singles_land(t))
            })
    };
    if !(within(settings.se.as_ref(), se) || within(settings.hodoku.as_ref(), hodoku)) {
        return None;
    }
    let asked = c.hardest.iter().chain(&c.techniques);
    if !asked.clone().all(|&t| singles_land(t)) {
        return None;
    }
    let fits = |t: Technique| {
        (settings.se.is_none() || se.allows(t)) && (settings.hodoku.is_none() || hodoku.allows(t))
    };
    let naked = fits(Technique::NakedSingle);
    // The se path on a puzzle the singles solve rates at most its naked single (2.3), or its
    // line's hidden single (1.5) without naked singles.
    let reach = if naked {
        Technique::NakedSingle
    } else {
        Technique::HiddenSingleLine
    }
    .se_rating();
    if c.er.is_some_and(|(min, _)| min > reach + 1e-9) {
        return None;
    }
    Some(naked)
}

/// Whether to dig toward the first removal past the singles that meets the request, rating
/// each such removal (`search.rs`): for a ceiling up to HoDoKu's Hard (a level, or a hardest
/// step read on the hodoku path scoring no more than an XYZ-Wing) or an SE rating of 5.0, above
/// the singles' reach. Measured, it finds those targets a quarter to a third faster than
/// digging for uniqueness and rating once (a third of such digs meet a Medium request, against
/// one minimal puzzle in five), and chains, forcing chains and high ER ranges slower (each
/// removal past the singles then costs a hard puzzle's rating). Not for a minimal puzzle: the
/// dig stops before the puzzle is minimal.
pub(crate) fn low_ceiling(
    c: &Constraints,
    settings: &RateSettings,
    se: &Ceiling,
    hodoku: &Ceiling,
) -> bool {
    let se = if settings.se.is_some() {
        *se
    } else {
        Ceiling::default()
    };
    let hodoku = if settings.hodoku.is_some() {
        *hodoku
    } else {
        Ceiling::default()
    };
    !c.minimal
        && (se.is_some() || hodoku.is_some())
        && singles_dig(c, settings, &se, &hodoku).is_none()
        && hodoku.level.is_none_or(|l| l <= Level::Hard)
        && hodoku
            .score
            .is_none_or(|s| s <= Technique::XYZWing.info().hodoku_score)
        && se.rating.is_none_or(|r| r <= 5.0 + 1e-9)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn level_floors_are_the_level_below_its_maximum() {
        assert_eq!(floor_score(Level::Easy), 0);
        assert_eq!(floor_score(Level::Medium), 800);
        assert_eq!(floor_score(Level::Extreme), 1800);
    }

    #[test]
    fn distance_grows_with_the_gap() {
        let c = Constraints {
            level: Some(Level::Unfair),
            ..Default::default()
        };
        let at = |level, score| Figures {
            level: Some(level),
            score: Some(score),
            hodoku_whole: true,
            ..Default::default()
        };
        let d = |f: &Figures| distance(&c, f, 25, true);
        assert_eq!(d(&at(Level::Unfair, 1700)), 0.0);
        assert!(d(&at(Level::Hard, 1500)) < d(&at(Level::Hard, 1100)));
        assert!(d(&at(Level::Hard, 1100)) < d(&at(Level::Medium, 900)));
        assert!(d(&at(Level::Extreme, 2500)) > 0.0);
    }

    #[test]
    fn the_singles_dig_only_what_they_reach() {
        let settings = RateSettings::default();
        let plan = |c: &Constraints| {
            let (se, hodoku) = ceilings(c, true);
            singles_dig(c, &settings, &se, &hodoku)
        };
        let easy = Constraints {
            level: Some(Level::Easy),
            ..Default::default()
        };
        assert_eq!(plan(&easy), Some(true));
        let low = Constraints {
            er: Some((1.0, 2.0)),
            ..Default::default()
        };
        assert_eq!(plan(&low), Some(false));
        for other in [
            Constraints {
                level: Some(Level::Medium),
                ..Default::default()
            },
            Constraints {
                minimal: true,
                ..easy.clone()
            },
            Constraints {
                er: Some((2.4, 2.5)),
                ..Default::default()
            },
            Constraints {
                hardest: Some(Technique::XWing),
                ..Default::default()
            },
        ] {
            assert_eq!(plan(&other), None, "{other:?}");
        }
    }
}
