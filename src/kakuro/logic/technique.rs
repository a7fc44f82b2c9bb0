//! The human techniques for Kakuro, in the order the solver tries them, with each one's
//! difficulty and level in one table ([`Technique::entry`]): the only place a Kakuro rating
//! number is written.

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

/// How hard a puzzle is, from its hardest step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, strum::Display)]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum Level {
    /// Singles and unique combinations.
    Easy,
    /// Digits no combination uses, runs crossing.
    Medium,
    /// Required digits and arrangements.
    Hard,
    /// A contradiction was needed.
    Expert,
}

/// One technique's line of the catalog.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Entry {
    /// The stable name in JSON and on the command line.
    pub slug: &'static str,
    /// Its difficulty; a puzzle's rating is its hardest step's.
    pub difficulty: f64,
    /// The level a puzzle whose hardest step it is gets.
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
            Technique::Contradiction => ("contradiction", 4.0, Level::Expert),
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
}
