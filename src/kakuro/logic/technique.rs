//! The human techniques for Kakuro, in the order the solver tries them, with each one's
//! difficulty and level in one table ([`Technique::entry`]): the only place a Kakuro rating
//! number is written. The levels a player sees ([`Level`]) and the rule that reads a puzzle's
//! level from its trace (the techniques it needed and how many contradictions, how long) are
//! here too.

use serde::Serialize;

/// A named human technique.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    strum::Display,
    strum::EnumString,
    strum::EnumIter,
    strum::IntoStaticStr,
)]
#[serde(rename_all = "kebab-case")]
#[strum(ascii_case_insensitive)]
pub enum Technique {
    /// A cell with one candidate left takes it.
    #[strum(to_string = "Naked Single", serialize = "naked-single")]
    NakedSingle,
    /// The open cells of a run have one combination by the clue and the placed digits alone
    /// (16 in two is 7+9): every other digit leaves them.
    #[strum(to_string = "Unique Combination", serialize = "unique-combination")]
    UniqueCombination,
    /// A run with one combination that fits its cells: a digit of it with one possible cell
    /// goes there (a digit's only place in a run).
    #[strum(to_string = "Hidden Single", serialize = "hidden-single")]
    HiddenSingle,
    /// A digit that no combination of a run uses (by the clue and the placed digits) leaves
    /// the run's cells.
    #[strum(to_string = "Unusable Digit", serialize = "unusable-digit")]
    UnusableDigit,
    /// Where runs cross, a cell's candidates (narrowed by its other run) rule out a run's
    /// combinations that it could take no digit of, or a digit no cell can take; the digits
    /// of no remaining combination leave the run.
    #[strum(to_string = "Crossing Runs", serialize = "crossing-runs")]
    CrossingRuns,
    /// A digit every fitting combination of a run needs must appear in it; with one possible
    /// cell it goes there.
    #[strum(to_string = "Required Digit", serialize = "required-digit")]
    RequiredDigit,
    /// A candidate that no arrangement of a fitting combination puts in its cell (the other
    /// cells cannot then be filled) is removed.
    #[strum(to_string = "Arrangement", serialize = "arrangement")]
    Arrangement,
    /// A candidate whose trial placement leads, by the techniques above, to a cell without
    /// candidates or a run without a combination, is removed (one level, bounded).
    #[strum(to_string = "Contradiction", serialize = "contradiction")]
    Contradiction,
}

/// How hard a puzzle is, on the scale players know from puzzle books and sites (easy, medium,
/// hard, expert): what a solver must do that an easier puzzle never asks.
///
/// - **easy**: a run's digits follow from its clue alone (16 in two is 7+9) and from singles;
/// - **medium**: a clue's combinations are narrowed, by digits none of them uses or by the
///   candidates of crossing runs;
/// - **hard**: where a combination's digits go (a digit every combination needs, with one
///   place; no arrangement puts a digit there), or one short trial;
/// - **expert**: trial and error: two contradictions or more, or one whose trial is longer
///   than [`SHORT_TRIAL`] steps.
///
/// A puzzle's level is the highest of its steps' techniques' levels ([`Entry::level`]),
/// raised to expert by its contradictions ([`Level::of_trace`]).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Serialize,
    strum::Display,
    strum::EnumString,
    strum::EnumIter,
)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case", ascii_case_insensitive)]
pub enum Level {
    /// Singles and unique combinations.
    Easy,
    /// Digits no combination uses, runs crossing.
    Medium,
    /// Required digits and arrangements, or one short contradiction.
    Hard,
    /// Two contradictions or more, or a long one.
    Expert,
}

/// The most steps a contradiction's trial may take and leave a puzzle hard: a trial of a few
/// forced steps is what a hard puzzle's solver checks in the margin; a longer one, or a second
/// trial, is trial and error (in the corpus, 3 of the 11 puzzles with a contradiction have one
/// trial of at most 8 steps; the others 9 to 43, or two or three trials).
pub const SHORT_TRIAL: usize = 8;

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 4] = [Level::Easy, Level::Medium, Level::Hard, Level::Expert];

    /// The level of a solve that used `techniques` (each at least once) and whose
    /// contradictions' trials took `trials` steps each.
    pub fn of_trace(techniques: impl IntoIterator<Item = Technique>, trials: &[usize]) -> Level {
        let by_technique = techniques
            .into_iter()
            .map(|t| t.entry().level)
            .max()
            .unwrap_or(Level::Easy);
        let trial_and_error = trials.len() >= 2 || trials.iter().any(|&steps| steps > SHORT_TRIAL);
        if trial_and_error {
            Level::Expert
        } else {
            by_technique
        }
    }

    /// The techniques a solve of this level may need (all but the contradiction below expert;
    /// a hard puzzle's one short trial is allowed by [`Level::of_trace`], not needed).
    pub fn techniques(self) -> impl Iterator<Item = Technique> {
        Technique::ORDER.into_iter().filter(move |t| {
            t.entry().level <= self && (*t != Technique::Contradiction || self == Level::Expert)
        })
    }

    /// The names, for messages: `easy, medium, hard or expert`.
    pub const NAMES: &'static str = "easy, medium, hard or expert";
}

/// One technique's line of the catalog.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// The stable name in JSON and on the command line.
    pub slug: &'static str,
    /// Its difficulty; a puzzle's rating is its hardest step's.
    pub difficulty: f64,
    /// The least level of a puzzle that needs it (a contradiction can raise a puzzle's level
    /// further: [`Level::of_trace`]).
    pub level: Level,
}

impl Technique {
    /// Every technique, in the order the solver tries them (easiest first).
    pub const ORDER: [Technique; 8] = [
        Technique::NakedSingle,
        Technique::UniqueCombination,
        Technique::HiddenSingle,
        Technique::UnusableDigit,
        Technique::CrossingRuns,
        Technique::RequiredDigit,
        Technique::Arrangement,
        Technique::Contradiction,
    ];

    /// The catalog: slug, difficulty and level of each technique.
    pub const fn entry(self) -> Entry {
        let (slug, difficulty, level) = match self {
            Technique::NakedSingle => ("naked-single", 1.0, Level::Easy),
            Technique::UniqueCombination => ("unique-combination", 1.0, Level::Easy),
            Technique::HiddenSingle => ("hidden-single", 1.2, Level::Easy),
            Technique::UnusableDigit => ("unusable-digit", 1.5, Level::Medium),
            Technique::CrossingRuns => ("crossing-runs", 2.0, Level::Medium),
            Technique::RequiredDigit => ("required-digit", 2.5, Level::Hard),
            Technique::Arrangement => ("arrangement", 3.0, Level::Hard),
            Technique::Contradiction => ("contradiction", 4.0, Level::Hard),
        };
        Entry {
            slug,
            difficulty,
            level,
        }
    }

    /// The stable name: `unique-combination`.
    pub const fn slug(self) -> &'static str {
        self.entry().slug
    }

    /// The technique's difficulty.
    pub const fn difficulty(self) -> f64 {
        self.entry().difficulty
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn the_catalog_is_whole_and_ordered() {
        assert_eq!(Technique::iter().collect::<Vec<_>>(), Technique::ORDER);
        for pair in Technique::ORDER.windows(2) {
            assert!(pair[0].difficulty() <= pair[1].difficulty(), "{pair:?}");
            assert!(pair[0].entry().level <= pair[1].entry().level, "{pair:?}");
        }
        for technique in Technique::ORDER {
            assert_eq!(technique.slug().parse::<Technique>().unwrap(), technique);
            assert_eq!(
                technique.to_string().parse::<Technique>().unwrap(),
                technique
            );
            let json = serde_json::to_string(&technique).unwrap();
            assert_eq!(json, format!("\"{}\"", technique.slug()));
        }
    }

    #[test]
    fn a_level_is_read_from_the_techniques_and_the_trials() {
        use Technique::*;
        assert_eq!(Level::of_trace([], &[]), Level::Easy);
        assert_eq!(
            Level::of_trace([NakedSingle, HiddenSingle], &[]),
            Level::Easy
        );
        assert_eq!(
            Level::of_trace([NakedSingle, CrossingRuns], &[]),
            Level::Medium
        );
        assert_eq!(
            Level::of_trace([UnusableDigit, Arrangement], &[]),
            Level::Hard
        );
        // One short trial leaves a puzzle hard; a long one or a second makes it expert.
        assert_eq!(
            Level::of_trace([Contradiction], &[SHORT_TRIAL]),
            Level::Hard
        );
        assert_eq!(
            Level::of_trace([Contradiction], &[SHORT_TRIAL + 1]),
            Level::Expert
        );
        assert_eq!(Level::of_trace([Contradiction], &[2, 3]), Level::Expert);
        for level in Level::ALL {
            assert_eq!(level.to_string().parse::<Level>().unwrap(), level);
            assert_eq!(
                Level::of_trace(level.techniques(), &[]),
                level.min(Level::Hard)
            );
        }
        assert!(!Level::Hard.techniques().any(|t| t == Contradiction));
        assert!("fiendish".parse::<Level>().is_err());
    }
}
