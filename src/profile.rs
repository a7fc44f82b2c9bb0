//! Profiles: the named technique sets a logical solve can use, and how a choice of profile turns
//! into the paths that rate a puzzle. Every front end (the CLI, a server, an embedder) goes
//! through here, so one puzzle gets one rating whichever command prints it.
//!
//! Owns [`Profile`], [`RatedPath`] and [`RateSettings`].
//!
//! # Which path gives which figure
//!
//! A rating is a property of the path, not of the puzzle: Sudoku Explainer and HoDoKu try their
//! techniques in different orders, and each rater's figures only come out on its own path. So:
//! - ER, EP, ED and the hardest technique come from the **se path**: the `se` profile by
//!   default, or whichever profile other than `hodoku` was asked for (`sukaku`, `extended`,
//!   `all`), rated on Sudoku Explainer's scale.
//! - HoDoKu's level and score come from the **hodoku path** (the `hodoku` profile).
//! - With no profile named, both paths are taken. Naming one profile takes that path only, and
//!   the other rater's figures are missing (`null`), never computed on the wrong path.
//! - A technique list (`--techniques`) replaces the techniques of the named profile's path (of
//!   the se path when no profile is named), and the other path is not taken.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use strum::IntoEnumIterator;

use crate::budget::Budget;
use crate::pipeline::{Choice, Options};
use crate::technique::Technique;

/// A named set of techniques in a fixed order.
///
/// # Examples
///
/// ```
/// use stepwise::profile::{Profile, RateSettings};
///
/// // Names parse in any case, as `--profile` takes them.
/// let profile: Profile = "HoDoKu".parse().unwrap();
/// assert_eq!(profile, Profile::Hodoku);
/// assert_eq!(profile.name(), "hodoku");
///
/// // A HoDoKu profile takes the hodoku path only, so the rating has no ER.
/// let settings = RateSettings::select(Some(profile), &[], false);
/// assert!(settings.se.is_none() && settings.hodoku.is_some());
///
/// let error = "explainer".parse::<Profile>().unwrap_err();
/// assert_eq!(
///     error.to_string(),
///     "unknown profile 'explainer': expected one of se, hodoku, sukaku, extended, all"
/// );
/// ```
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, strum::EnumIter)]
pub enum Profile {
    /// Sudoku Explainer 1.2.1's techniques in its order, so ER/EP/ED agree with SE's.
    Se,
    /// HoDoKu 2.2's default techniques in its order, so level and score agree with HoDoKu's.
    Hodoku,
    /// Sukaku Explainer's default rule set, approximated (SE's plus single-digit patterns,
    /// X-Chain and WXYZ-Wing).
    Sukaku,
    /// Every technique enabled by default, in rating order, rated on SE's scale.
    Extended,
    /// Every technique, the slow and rare ones too (franken and mutant fish, Death Blossom).
    All,
}

/// Which rater's scale a path is rated on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Scale {
    /// ER, EP, ED and the hardest technique.
    SudokuExplainer,
    /// Level and score.
    Hodoku,
}

impl Profile {
    /// The name used on the command line and in JSON: `se`, `hodoku`, `sukaku`, `extended`,
    /// `all`.
    pub const fn name(self) -> &'static str {
        match self {
            Profile::Se => "se",
            Profile::Hodoku => "hodoku",
            Profile::Sukaku => "sukaku",
            Profile::Extended => "extended",
            Profile::All => "all",
        }
    }

    /// One line saying what the profile is, for help texts and listings.
    pub const fn description(self) -> &'static str {
        match self {
            Profile::Se => {
                "Sudoku Explainer 1.2.1's techniques in its order (ER/EP/ED agree with SE)"
            }
            Profile::Hodoku => {
                "HoDoKu 2.2's default techniques in its order (level and score agree with HoDoKu)"
            }
            Profile::Sukaku => "Sukaku Explainer's default rule set, approximated",
            Profile::Extended => {
                "every technique enabled by default, in rating order, on SE's scale"
            }
            Profile::All => "every technique, the slow and rare ones too",
        }
    }

    /// The solver options of the profile.
    pub fn options(self) -> Options {
        match self {
            Profile::Se => Options::sudoku_explainer(),
            Profile::Hodoku => Options::hodoku(),
            Profile::Sukaku => Options::sukaku_explainer(),
            Profile::Extended => Options::extended(),
            Profile::All => Options {
                techniques: Technique::iter().collect(),
                step_limit: None,
                choice: Choice::FirstFound,
                time_limit: None,
            },
        }
    }

    /// The scale a path of this profile is rated on.
    pub const fn scale(self) -> Scale {
        match self {
            Profile::Hodoku => Scale::Hodoku,
            _ => Scale::SudokuExplainer,
        }
    }

    /// Whether the profile uses the technique.
    pub fn has(self, technique: Technique) -> bool {
        self.options().techniques.contains(&technique)
    }
}

impl fmt::Display for Profile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A profile name that is not one of [`Profile`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownProfile(pub String);

impl fmt::Display for UnknownProfile {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let names: Vec<&str> = Profile::iter().map(Profile::name).collect();
        write!(
            f,
            "unknown profile '{}': expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownProfile {}

impl FromStr for Profile {
    type Err = UnknownProfile;

    /// Parses a profile name, ignoring ASCII case and surrounding spaces.
    fn from_str(s: &str) -> Result<Profile, UnknownProfile> {
        Profile::iter()
            .find(|p| p.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownProfile(s.to_string()))
    }
}

/// One path a puzzle is rated on: the options of the solve and the profile they came from,
/// named in outputs so a reader knows where each figure comes from.
#[derive(Debug, Clone, PartialEq)]
pub struct RatedPath {
    /// `se`, `hodoku`, ..., or `custom` for an explicit technique list.
    pub profile: String,
    /// The techniques and choices of the solve.
    pub options: Options,
}

/// Which paths rate each puzzle, and the time one puzzle may take over all of them (see the
/// module doc for which figure comes from which path).
#[derive(Debug, Clone, PartialEq)]
pub struct RateSettings {
    /// The path rated on Sudoku Explainer's scale (ER, EP, ED, hardest); `None` leaves those
    /// figures missing.
    pub se: Option<RatedPath>,
    /// The path rated on HoDoKu's scale (level, score); `None` leaves those figures missing.
    pub hodoku: Option<RatedPath>,
    /// What one puzzle may spend over all its paths together: past its time the puzzle is
    /// `timeout` and has no figures.
    pub budget: Budget,
    /// Whether the puzzle is taken to have one solution (the default). Without it the
    /// uniqueness techniques are left out and `explain` solves a puzzle with several solutions
    /// as far as logic goes.
    pub assume_unique: bool,
}

impl Default for RateSettings {
    /// Both paths: [`Profile::Se`] and [`Profile::Hodoku`], no time limit, the default cache
    /// bound.
    fn default() -> RateSettings {
        RateSettings::select(None, &[], false)
    }
}

impl RateSettings {
    /// The paths for a choice of profile (`None`: both the se and the hodoku path), an
    /// optional technique list that replaces the techniques of the chosen path (of the se path
    /// when no profile is named; the other path is then not taken), and whether to leave out
    /// the techniques that assume a unique solution.
    pub fn select(
        profile: Option<Profile>,
        techniques: &[Technique],
        no_uniqueness: bool,
    ) -> RateSettings {
        let path = |profile: Profile| {
            let mut options = profile.options();
            let mut name = profile.name().to_string();
            if !techniques.is_empty() {
                options.techniques = techniques.to_vec();
                name = "custom".to_string();
            }
            if no_uniqueness {
                options = options.without_uniqueness();
            }
            RatedPath {
                profile: name,
                options,
            }
        };
        let (se, hodoku) = match profile {
            None if techniques.is_empty() => (Some(path(Profile::Se)), Some(path(Profile::Hodoku))),
            None => (Some(path(Profile::Se)), None),
            Some(p) if p.scale() == Scale::Hodoku => (None, Some(path(p))),
            Some(p) => (Some(path(p)), None),
        };
        RateSettings {
            se,
            hodoku,
            budget: Budget::UNLIMITED,
            assume_unique: !no_uniqueness,
        }
    }

    /// One path with options of the caller's own, named `custom`, rated on the given scale.
    pub fn custom(options: Options, scale: Scale) -> RateSettings {
        let path = Some(RatedPath {
            profile: "custom".to_string(),
            options,
        });
        let (se, hodoku) = match scale {
            Scale::SudokuExplainer => (path, None),
            Scale::Hodoku => (None, path),
        };
        RateSettings {
            se,
            hodoku,
            budget: Budget::UNLIMITED,
            assume_unique: true,
        }
    }

    /// The same settings with one time limit per puzzle.
    pub fn with_time_limit(mut self, limit: Option<Duration>) -> RateSettings {
        self.budget.time = limit;
        self
    }

    /// The same settings with a budget per puzzle.
    pub fn with_budget(mut self, budget: Budget) -> RateSettings {
        self.budget = budget;
        self
    }

    /// The path whose steps an explanation shows: the se path when it is taken, else the
    /// hodoku path.
    pub fn shown(&self) -> Option<&RatedPath> {
        self.se.as_ref().or(self.hodoku.as_ref())
    }
}

/// How a hint is looked for: the techniques, in the hint policy's order
/// ([`Options::for_hints_from`]: the natural singles first), and what one hint may spend.
#[derive(Debug, Clone, PartialEq)]
pub struct HintSettings {
    /// The techniques tried, in order.
    pub options: Options,
    /// What one hint may spend; past its time the hint is a timeout.
    pub budget: Budget,
}

impl Default for HintSettings {
    /// Every technique enabled by default ([`Options::for_hints`]), no time limit.
    fn default() -> HintSettings {
        HintSettings::select(None, &[], false)
    }
}

impl HintSettings {
    /// The techniques of a profile (`None`: every technique enabled by default, in rating
    /// order), or an explicit list that replaces them, less the uniqueness techniques when
    /// asked; the natural singles first in every case, so a hint names the plainest single.
    pub fn select(
        profile: Option<Profile>,
        techniques: &[Technique],
        no_uniqueness: bool,
    ) -> HintSettings {
        let mut base = profile.map_or_else(Options::extended, Profile::options);
        if !techniques.is_empty() {
            base.techniques = techniques.to_vec();
        }
        if no_uniqueness {
            base = base.without_uniqueness();
        }
        HintSettings {
            options: Options::for_hints_from(base),
            budget: Budget::UNLIMITED,
        }
    }

    /// The same settings with this budget.
    pub fn with_budget(mut self, budget: Budget) -> HintSettings {
        self.budget = budget;
        self
    }
}

/// One technique as the catalog lists it (`stepwise techniques --json`, `GET
/// /api/techniques`): its names, family, ratings and the profiles whose paths use it.
#[derive(Debug, Clone, serde::Serialize)]
pub struct CatalogRow {
    /// The technique's slug (`x-wing`), its page's name under `techniques/`.
    pub slug: &'static str,
    /// Its community name (`X-Wing`).
    pub name: String,
    /// Its family (`fish`).
    pub family: String,
    /// Its Sudoku Explainer rating.
    pub se_rating: f64,
    /// Its HoDoKu score.
    pub hodoku_score: u32,
    /// Its HoDoKu level (`easy` to `extreme`).
    pub hodoku_level: String,
    /// The profiles whose paths use it, by name.
    pub profiles: Vec<&'static str>,
}

impl CatalogRow {
    /// The catalog row of `technique`.
    pub fn of(technique: Technique) -> CatalogRow {
        let info = technique.info();
        CatalogRow {
            slug: info.slug,
            name: technique.to_string(),
            family: info.family.to_string(),
            se_rating: info.se_rating,
            hodoku_score: info.hodoku_score,
            hodoku_level: info.level.to_string(),
            profiles: Profile::iter()
                .filter(|p| p.has(technique))
                .map(Profile::name)
                .collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn hint_settings_put_the_natural_singles_first_in_every_profile() {
        assert_eq!(HintSettings::default().options, Options::for_hints());
        for p in Profile::iter() {
            let hints = HintSettings::select(Some(p), &[], false).options;
            assert_eq!(
                &hints.techniques[..2],
                &[Technique::FullHouse, Technique::NakedSingle]
            );
            let mut ours = hints.techniques.clone();
            // A hint is a deduction: the hodoku profile's guess is the one technique left out.
            let mut theirs = p.options().techniques;
            theirs.retain(|&t| t != Technique::BruteForce);
            assert!(!ours.contains(&Technique::BruteForce));
            ours.sort_by_key(|t| *t as usize);
            theirs.sort_by_key(|t| *t as usize);
            assert_eq!(
                ours, theirs,
                "{p}: the same techniques but a guess, singles moved first"
            );
            assert_eq!(hints.choice, p.options().choice);
        }
        let plain = HintSettings::select(Some(Profile::Hodoku), &[], true).options;
        assert!(!plain.techniques.contains(&Technique::UniqueRectangle1));
        let listed =
            HintSettings::select(None, &[Technique::XWing, Technique::HiddenSingleBox], false);
        assert_eq!(
            listed.options.techniques,
            vec![Technique::HiddenSingleBox, Technique::XWing]
        );
    }

    #[test]
    fn names_parse_back_in_any_case() {
        for p in Profile::iter() {
            assert_eq!(p.name().parse::<Profile>(), Ok(p));
            assert_eq!(p.name().to_uppercase().parse::<Profile>(), Ok(p));
        }
        let err = "sudoku".parse::<Profile>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "unknown profile 'sudoku': expected one of se, hodoku, sukaku, extended, all"
        );
    }

    #[test]
    fn no_profile_takes_both_paths_and_one_profile_one_path() {
        let both = RateSettings::default();
        assert_eq!(both.se.as_ref().unwrap().profile, "se");
        assert_eq!(both.hodoku.as_ref().unwrap().profile, "hodoku");
        assert_eq!(both.shown().unwrap().profile, "se");

        let hodoku = RateSettings::select(Some(Profile::Hodoku), &[], false);
        assert!(hodoku.se.is_none());
        assert_eq!(hodoku.shown().unwrap().options, Options::hodoku());

        let extended = RateSettings::select(Some(Profile::Extended), &[], false);
        assert_eq!(extended.se.unwrap().options, Options::extended());
        assert!(extended.hodoku.is_none());
    }

    #[test]
    fn a_technique_list_replaces_one_path() {
        let list = [Technique::FullHouse, Technique::NakedSingle];
        let custom = RateSettings::select(None, &list, false);
        let se = custom.se.unwrap();
        assert_eq!(
            (se.profile.as_str(), se.options.techniques.as_slice()),
            ("custom", &list[..])
        );
        assert!(custom.hodoku.is_none());
        let hodoku = RateSettings::select(Some(Profile::Hodoku), &list, false);
        assert_eq!(hodoku.hodoku.unwrap().options.choice, Choice::Hodoku);
    }

    #[test]
    fn no_uniqueness_leaves_out_the_uniqueness_family() {
        let settings = RateSettings::select(None, &[], true);
        for path in [settings.se.unwrap(), settings.hodoku.unwrap()] {
            assert!(!path.options.techniques.is_empty());
            assert!(path
                .options
                .techniques
                .iter()
                .all(|t| t.family() != crate::technique::Family::Uniqueness));
        }
    }
}
