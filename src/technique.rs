//! The catalog of technique names: the one place that says what every technique is called,
//! which family it belongs to and how it is rated.
//!
//! Owns [`Technique`] (community name via `Display`, stable slug, family, Sudoku Explainer
//! rating, HoDoKu score) and [`Family`]. Finders, notation, hints and ratings all read these
//! from here; nothing else hard-codes a technique's name or rating.
//!
//! Owns too the one formula from what a finder found to a step's rating: a finder records
//! [`Facts`] (a chain's length, a set's size, a loop's cells), never a number, and
//! [`Technique::se_rating_for`] adds their term to the technique's rating. It sits here, below
//! the finders, because Sudoku Explainer's chaining search needs a hint's rating to choose
//! among its hints.

use serde::Serialize;
use strum::{Display, EnumIter, EnumString, IntoStaticStr, VariantArray};

/// Every technique Stepwise knows, in Sudoku Explainer's order of difficulty.
///
/// `Display` gives the community name (HoDoKu's spelling where it has one); `FromStr` accepts
/// that name, the slug and common aliases, case-insensitively.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    PartialOrd,
    Ord,
    Display,
    EnumIter,
    EnumString,
    IntoStaticStr,
    VariantArray,
)]
#[strum(ascii_case_insensitive)]
#[non_exhaustive]
// A variant's doc would repeat its name: the community name is its `Display` (the strum
// `to_string` above each), the rest is its catalog row ([`Technique::info`]).
#[allow(missing_docs)]
pub enum Technique {
    #[strum(to_string = "Full House", serialize = "full-house")]
    FullHouse,
    #[strum(
        to_string = "Hidden Single",
        serialize = "hidden-single-box",
        serialize = "Hidden Single in a box"
    )]
    HiddenSingleBox,
    #[strum(
        to_string = "Hidden Single",
        serialize = "hidden-single-line",
        serialize = "Hidden Single in a row or column"
    )]
    HiddenSingleLine,
    #[strum(to_string = "Direct Pointing", serialize = "direct-pointing")]
    DirectPointing,
    #[strum(to_string = "Direct Claiming", serialize = "direct-claiming")]
    DirectClaiming,
    #[strum(to_string = "Direct Hidden Pair", serialize = "direct-hidden-pair")]
    DirectHiddenPair,
    #[strum(to_string = "Naked Single", serialize = "naked-single")]
    NakedSingle,
    #[strum(to_string = "Direct Hidden Triple", serialize = "direct-hidden-triple")]
    DirectHiddenTriple,
    #[strum(
        to_string = "Locked Candidates Type 1 (Pointing)",
        serialize = "locked-candidates-pointing",
        serialize = "pointing",
        serialize = "lc1"
    )]
    LockedCandidatesPointing,
    #[strum(
        to_string = "Locked Candidates Type 2 (Claiming)",
        serialize = "locked-candidates-claiming",
        serialize = "claiming",
        serialize = "lc2"
    )]
    LockedCandidatesClaiming,
    #[strum(to_string = "Locked Pair", serialize = "locked-pair")]
    LockedPair,
    #[strum(to_string = "Naked Pair", serialize = "naked-pair")]
    NakedPair,
    #[strum(to_string = "X-Wing")]
    XWing,
    #[strum(to_string = "Finned X-Wing", serialize = "finned-x-wing")]
    FinnedXWing,
    #[strum(to_string = "Hidden Pair", serialize = "hidden-pair")]
    HiddenPair,
    #[strum(to_string = "Sashimi X-Wing", serialize = "sashimi-x-wing")]
    SashimiXWing,
    #[strum(to_string = "Franken X-Wing", serialize = "franken-x-wing")]
    FrankenXWing,
    #[strum(
        to_string = "Finned Franken X-Wing",
        serialize = "finned-franken-x-wing"
    )]
    FinnedFrankenXWing,
    #[strum(to_string = "Mutant X-Wing", serialize = "mutant-x-wing")]
    MutantXWing,
    #[strum(to_string = "Locked Triple", serialize = "locked-triple")]
    LockedTriple,
    #[strum(to_string = "Naked Triple", serialize = "naked-triple")]
    NakedTriple,
    #[strum(to_string = "Finned Mutant X-Wing", serialize = "finned-mutant-x-wing")]
    FinnedMutantXWing,
    #[strum(to_string = "Swordfish")]
    Swordfish,
    #[strum(to_string = "Finned Swordfish", serialize = "finned-swordfish")]
    FinnedSwordfish,
    #[strum(to_string = "Hidden Triple", serialize = "hidden-triple")]
    HiddenTriple,
    #[strum(to_string = "Sashimi Swordfish", serialize = "sashimi-swordfish")]
    SashimiSwordfish,
    #[strum(to_string = "Franken Swordfish", serialize = "franken-swordfish")]
    FrankenSwordfish,
    #[strum(to_string = "Skyscraper")]
    Skyscraper,
    #[strum(
        to_string = "Finned Franken Swordfish",
        serialize = "finned-franken-swordfish"
    )]
    FinnedFrankenSwordfish,
    #[strum(to_string = "Mutant Swordfish", serialize = "mutant-swordfish")]
    MutantSwordfish,
    #[strum(
        to_string = "2-String Kite",
        serialize = "two-string-kite",
        serialize = "Two-String Kite"
    )]
    TwoStringKite,
    #[strum(
        to_string = "Finned Mutant Swordfish",
        serialize = "finned-mutant-swordfish"
    )]
    FinnedMutantSwordfish,
    #[strum(to_string = "Turbot Fish", serialize = "turbot-fish")]
    TurbotFish,
    #[strum(to_string = "Empty Rectangle", serialize = "empty-rectangle")]
    EmptyRectangle,
    #[strum(to_string = "XY-Wing", serialize = "xy-wing")]
    XYWing,
    #[strum(to_string = "XYZ-Wing", serialize = "xyz-wing")]
    XYZWing,
    #[strum(to_string = "W-Wing", serialize = "w-wing")]
    WWing,
    #[strum(
        to_string = "Unique Rectangle Type 1",
        serialize = "unique-rectangle-type-1",
        serialize = "Uniqueness Test 1"
    )]
    UniqueRectangle1,
    #[strum(
        to_string = "Unique Rectangle Type 2",
        serialize = "unique-rectangle-type-2",
        serialize = "Uniqueness Test 2"
    )]
    UniqueRectangle2,
    #[strum(
        to_string = "Unique Rectangle Type 4",
        serialize = "unique-rectangle-type-4",
        serialize = "Uniqueness Test 4"
    )]
    UniqueRectangle4,
    #[strum(
        to_string = "Unique Rectangle Type 3",
        serialize = "unique-rectangle-type-3",
        serialize = "Uniqueness Test 3"
    )]
    UniqueRectangle3,
    #[strum(
        to_string = "Avoidable Rectangle Type 1",
        serialize = "avoidable-rectangle-type-1",
        serialize = "AR1"
    )]
    AvoidableRectangle1,
    #[strum(
        to_string = "Avoidable Rectangle Type 2",
        serialize = "avoidable-rectangle-type-2",
        serialize = "AR2"
    )]
    AvoidableRectangle2,
    #[strum(to_string = "Unique Loop", serialize = "unique-loop")]
    UniqueLoop,
    #[strum(
        to_string = "Unique Rectangle Type 5",
        serialize = "unique-rectangle-type-5",
        serialize = "Uniqueness Test 5"
    )]
    UniqueRectangle5,
    #[strum(
        to_string = "Unique Rectangle Type 6",
        serialize = "unique-rectangle-type-6",
        serialize = "Uniqueness Test 6"
    )]
    UniqueRectangle6,
    #[strum(to_string = "Hidden Rectangle", serialize = "hidden-rectangle")]
    HiddenRectangle,
    #[strum(
        to_string = "Naked Quad",
        serialize = "naked-quad",
        serialize = "Naked Quadruple"
    )]
    NakedQuad,
    #[strum(to_string = "Sue de Coq", serialize = "sue-de-coq", serialize = "SdC")]
    SueDeCoq,
    #[strum(to_string = "Jellyfish")]
    Jellyfish,
    #[strum(to_string = "Finned Jellyfish", serialize = "finned-jellyfish")]
    FinnedJellyfish,
    #[strum(
        to_string = "Hidden Quad",
        serialize = "hidden-quad",
        serialize = "Hidden Quadruple"
    )]
    HiddenQuad,
    #[strum(to_string = "Sashimi Jellyfish", serialize = "sashimi-jellyfish")]
    SashimiJellyfish,
    #[strum(to_string = "Franken Jellyfish", serialize = "franken-jellyfish")]
    FrankenJellyfish,
    #[strum(
        to_string = "Simple Colors Trap",
        serialize = "simple-colors-trap",
        serialize = "Color Trap"
    )]
    SimpleColorsTrap,
    #[strum(
        to_string = "Simple Colors Wrap",
        serialize = "simple-colors-wrap",
        serialize = "Color Wrap"
    )]
    SimpleColorsWrap,
    #[strum(to_string = "X-Chain", serialize = "x-chain")]
    XChain,
    #[strum(
        to_string = "Finned Franken Jellyfish",
        serialize = "finned-franken-jellyfish"
    )]
    FinnedFrankenJellyfish,
    #[strum(to_string = "Mutant Jellyfish", serialize = "mutant-jellyfish")]
    MutantJellyfish,
    #[strum(to_string = "Multi Colors 1", serialize = "multi-colors-1")]
    MultiColors1,
    #[strum(to_string = "Multi Colors 2", serialize = "multi-colors-2")]
    MultiColors2,
    #[strum(to_string = "WXYZ-Wing", serialize = "wxyz-wing")]
    WXYZWing,
    #[strum(
        to_string = "Almost Locked Set XZ-Rule",
        serialize = "als-xz",
        serialize = "ALS-XZ",
        serialize = "ALS XZ-Rule"
    )]
    AlsXz,
    #[strum(
        to_string = "Finned Mutant Jellyfish",
        serialize = "finned-mutant-jellyfish"
    )]
    FinnedMutantJellyfish,
    #[strum(
        to_string = "BUG+1",
        serialize = "bug-plus-1",
        serialize = "Bivalue Universal Grave + 1",
        serialize = "BUG type 1"
    )]
    BugPlus1,
    #[strum(to_string = "BUG Type 2", serialize = "bug-type-2")]
    BugType2,
    #[strum(to_string = "BUG Type 4", serialize = "bug-type-4")]
    BugType4,
    #[strum(to_string = "BUG Type 3", serialize = "bug-type-3")]
    BugType3,
    #[strum(
        to_string = "Almost Locked Set XY-Wing",
        serialize = "als-xy-wing",
        serialize = "ALS-XY-Wing",
        serialize = "ALS XY-Wing"
    )]
    AlsXyWing,
    #[strum(
        to_string = "Almost Locked Set XY-Chain",
        serialize = "als-chain",
        serialize = "ALS Chain",
        serialize = "ALS-XY-Chain",
        serialize = "ALS-Chain"
    )]
    AlsChain,
    #[strum(
        to_string = "Aligned Pair Exclusion",
        serialize = "aligned-pair-exclusion",
        serialize = "APE"
    )]
    AlignedPairExclusion,
    #[strum(to_string = "Death Blossom", serialize = "death-blossom")]
    DeathBlossom,
    #[strum(
        to_string = "Bidirectional X-Cycle",
        serialize = "bidirectional-x-cycle",
        serialize = "Generalized X-Wing"
    )]
    BidirectionalXCycle,
    #[strum(
        to_string = "Bidirectional Y-Cycle",
        serialize = "bidirectional-y-cycle"
    )]
    BidirectionalYCycle,
    #[strum(to_string = "Forcing X-Chain", serialize = "forcing-x-chain")]
    ForcingXChain,
    #[strum(to_string = "Remote Pair", serialize = "remote-pair")]
    RemotePair,
    #[strum(to_string = "XY-Chain", serialize = "xy-chain")]
    XYChain,
    #[strum(to_string = "Bidirectional Cycle", serialize = "bidirectional-cycle")]
    BidirectionalCycle,
    #[strum(to_string = "Forcing Chain", serialize = "forcing-chain")]
    ForcingChain,
    #[strum(to_string = "Continuous Nice Loop", serialize = "continuous-nice-loop")]
    ContinuousNiceLoop,
    #[strum(
        to_string = "Discontinuous Nice Loop",
        serialize = "discontinuous-nice-loop"
    )]
    DiscontinuousNiceLoop,
    #[strum(
        to_string = "AIC",
        serialize = "aic",
        serialize = "Alternating Inference Chain"
    )]
    Aic,
    #[strum(
        to_string = "Grouped Continuous Nice Loop",
        serialize = "grouped-continuous-nice-loop"
    )]
    GroupedContinuousNiceLoop,
    #[strum(
        to_string = "Grouped Discontinuous Nice Loop",
        serialize = "grouped-discontinuous-nice-loop"
    )]
    GroupedDiscontinuousNiceLoop,
    #[strum(
        to_string = "Grouped AIC",
        serialize = "grouped-aic",
        serialize = "Grouped Alternating Inference Chain"
    )]
    GroupedAic,
    #[strum(
        to_string = "AIC with ALS nodes",
        serialize = "als-aic",
        serialize = "ALS AIC"
    )]
    AlsAic,
    #[strum(
        to_string = "Aligned Triple Exclusion",
        serialize = "aligned-triple-exclusion",
        serialize = "Aligned Triplet Exclusion",
        serialize = "ATE"
    )]
    AlignedTripleExclusion,
    #[strum(
        to_string = "Nishio Forcing Chains",
        serialize = "nishio-forcing-chains",
        serialize = "Nishio Forcing Chain",
        serialize = "nishio"
    )]
    NishioForcingChains,
    #[strum(
        to_string = "Cell Forcing Chains",
        serialize = "cell-forcing-chains",
        serialize = "Cell Forcing Chain"
    )]
    CellForcingChains,
    #[strum(
        to_string = "Region Forcing Chains",
        serialize = "region-forcing-chains",
        serialize = "Region Forcing Chain"
    )]
    RegionForcingChains,
    #[strum(
        to_string = "Forcing Chain Contradiction",
        serialize = "forcing-chain-contradiction"
    )]
    HodokuForcingChainContradiction,
    #[strum(to_string = "Forcing Chain Verity", serialize = "forcing-chain-verity")]
    HodokuForcingChainVerity,
    #[strum(
        to_string = "Dynamic Contradiction Forcing Chains",
        serialize = "dynamic-contradiction-forcing-chains",
        serialize = "Contradiction Forcing Chain"
    )]
    DynamicContradictionForcingChains,
    #[strum(
        to_string = "Dynamic Double Forcing Chains",
        serialize = "dynamic-double-forcing-chains",
        serialize = "Double Forcing Chain"
    )]
    DynamicDoubleForcingChains,
    #[strum(
        to_string = "Dynamic Cell Forcing Chains",
        serialize = "dynamic-cell-forcing-chains"
    )]
    DynamicCellForcingChains,
    #[strum(
        to_string = "Dynamic Region Forcing Chains",
        serialize = "dynamic-region-forcing-chains"
    )]
    DynamicRegionForcingChains,
    #[strum(
        to_string = "Forcing Net Contradiction",
        serialize = "forcing-net-contradiction"
    )]
    HodokuForcingNetContradiction,
    #[strum(to_string = "Forcing Net Verity", serialize = "forcing-net-verity")]
    HodokuForcingNetVerity,
    #[strum(
        to_string = "Dynamic Forcing Chains (+)",
        serialize = "dynamic-forcing-chains-plus"
    )]
    DynamicForcingChainsPlus,
    #[strum(
        to_string = "Nested Forcing Chains",
        serialize = "nested-forcing-chains"
    )]
    NestedForcingChains,
    #[strum(to_string = "Brute Force", serialize = "brute-force")]
    BruteForce,
}

/// Families group techniques for hints ("look for a subset") and for the coarse level.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Display, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Family {
    /// Full House, Hidden Single, Naked Single.
    #[strum(to_string = "singles")]
    Singles,
    /// Sudoku Explainer's direct techniques: a locked set or locked candidates that leave a
    /// hidden single, which the step places.
    #[strum(to_string = "direct intersections and subsets")]
    Direct,
    /// Locked Candidates, pointing and claiming.
    #[strum(to_string = "locked candidates")]
    Intersections,
    /// Naked and hidden pairs, triples and quads, and HoDoKu's locked pairs and triples.
    #[strum(to_string = "subsets")]
    Subsets,
    /// Basic, finned, sashimi, Franken and mutant fish, X-Wing to Jellyfish.
    #[strum(to_string = "fish")]
    Fish,
    /// Skyscraper, 2-String Kite, Turbot Fish, Empty Rectangle.
    #[strum(to_string = "single-digit patterns")]
    SingleDigitPatterns,
    /// Simple Colors and Multi Colors.
    #[strum(to_string = "coloring")]
    Coloring,
    /// XY-, XYZ-, W- and WXYZ-Wing.
    #[strum(to_string = "wings")]
    Wings,
    /// Aligned Pair and Aligned Triple Exclusion.
    #[strum(to_string = "exclusion")]
    Exclusion,
    /// Unique and avoidable rectangles, Unique Loops, BUG: sound only for a puzzle with one
    /// solution.
    #[strum(to_string = "uniqueness")]
    Uniqueness,
    /// Sudoku Explainer's chaining rules, from forcing X-chains and cycles to nested forcing
    /// chains, and HoDoKu's Forcing Chains and Forcing Nets.
    #[strum(to_string = "forcing chains")]
    ForcingChains,
    /// Sue de Coq, ALS-XZ, ALS-XY-Wing, ALS chains, Death Blossom.
    #[strum(to_string = "almost locked sets")]
    Als,
    /// HoDoKu's alternating inference chains: Remote Pair, X- and XY-Chain, nice loops, AICs.
    #[strum(to_string = "chains")]
    Chains,
    /// HoDoKu's Brute Force: a guess checked against the solution, in the hodoku profile only.
    #[strum(to_string = "last resort")]
    LastResort,
}

impl Family {
    /// What a nudge tells the user to look for: "Look for {phrase} in box 3." A noun phrase
    /// that ends cleanly before the region (anything longer goes in parentheses).
    pub const fn hint_phrase(self) -> &'static str {
        match self {
            Family::Singles => "a single",
            Family::Direct => "a locked set that leads straight to a single",
            Family::Intersections => "locked candidates",
            Family::Subsets => "a naked or hidden subset",
            Family::Fish => "a fish pattern on one digit",
            Family::SingleDigitPatterns => "a short pattern of strong links on one digit",
            Family::Coloring => "a coloring pattern on one digit",
            Family::Wings => "a wing (a few cells with few candidates)",
            Family::Exclusion => {
                "an aligned exclusion (cells whose combinations of values their common peers rule out)"
            }
            Family::Uniqueness => {
                "a deadly pattern (one a puzzle with a single solution cannot hold)"
            }
            Family::ForcingChains => {
                "chains of implications (what follows from assuming a candidate true or false)"
            }
            Family::Als => "almost locked sets (n cells of one house with n + 1 candidates)",
            Family::Chains => "a chain of alternating strong and weak links",
            Family::LastResort => "nothing: no technique applies, and HoDoKu would guess",
        }
    }
}

/// Which rater the technique comes from; it decides the rating profiles it belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Origin {
    /// Part of Sudoku Explainer 1.2.1's rule set (HoDoKu may have it too).
    SudokuExplainer,
    /// Not in Sudoku Explainer 1.2.1 (HoDoKu's or the community's); rated on SE's scale by
    /// Stepwise, as documented on its catalog page.
    Other,
}

/// Difficulty levels, named as HoDoKu names them. A technique's level is HoDoKu's default
/// ([`TechniqueInfo::level`]); a path's is the highest of its steps', raised while its score
/// is above the level's most (`rating::rate_hodoku`).
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Display, Serialize, EnumIter,
)]
pub enum Level {
    /// The singles. A path of this level scores at most 800.
    Easy,
    /// Locked candidates, pairs and triples. A path of this level scores at most 1000.
    Medium,
    /// Quads, X-Wing to Jellyfish and finned X-Wings, wings, single-digit patterns, coloring
    /// and the uniqueness techniques. A path of this level scores at most 1600.
    Hard,
    /// Larger finned fish and Franken fish, chains and loops, almost locked sets, aligned
    /// exclusions. A path of this level scores at most 1800.
    Unfair,
    /// Mutant fish and the forcing chains and nets; any score.
    Extreme,
}

impl Level {
    /// Every level, easiest first.
    pub const ALL: [Level; 5] = [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ];

    /// The name `--level` takes: `easy`, `medium`, `hard`, `unfair`, `extreme`.
    pub const fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Medium => "medium",
            Level::Hard => "hard",
            Level::Unfair => "unfair",
            Level::Extreme => "extreme",
        }
    }
}

/// A level name that is not one of [`Level`]'s.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownLevel(pub String);

impl std::fmt::Display for UnknownLevel {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = Level::ALL.iter().map(|l| l.name()).collect();
        write!(
            f,
            "unknown level '{}': expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownLevel {}

impl std::str::FromStr for Level {
    type Err = UnknownLevel;

    /// Parses a level name (`easy`, `medium`, `hard`, `unfair`, `extreme`), ignoring ASCII case
    /// and surrounding spaces.
    ///
    /// ```
    /// use stepwise::technique::Level;
    ///
    /// assert_eq!("Hard".parse::<Level>(), Ok(Level::Hard));
    /// assert_eq!(
    ///     "expert".parse::<Level>().unwrap_err().to_string(),
    ///     "unknown level 'expert': expected one of easy, medium, hard, unfair, extreme"
    /// );
    /// ```
    fn from_str(s: &str) -> Result<Level, UnknownLevel> {
        Level::ALL
            .into_iter()
            .find(|l| l.name().eq_ignore_ascii_case(s.trim()))
            .ok_or_else(|| UnknownLevel(s.to_string()))
    }
}

/// One technique's row of the catalog.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct TechniqueInfo {
    /// Stable identifier for JSON, file names and the CLI; never changes once published.
    pub slug: &'static str,
    /// The family it belongs to, for hints and listings.
    pub family: Family,
    /// Rating on Sudoku Explainer's scale (ER/EP/ED).
    pub se_rating: f64,
    /// HoDoKu 2.2's base score (sum over the path gives its score).
    pub hodoku_score: u32,
    /// Level of the technique by itself, HoDoKu 2.2's default (`Options.java`) where HoDoKu
    /// has the technique; the others take the level of the HoDoKu technique their score is
    /// borrowed from (see [`Technique::info`]). `rating::rate_hodoku` raises a path's level
    /// further by its score.
    pub level: Level,
    /// Which rater it comes from.
    pub origin: Origin,
    /// Whether the pipeline uses it unless asked otherwise (slow, rare techniques are off).
    pub enabled_by_default: bool,
}

/// Every technique's row by declaration index, built once at compile time: `info` runs
/// several times per step (the ratings read every step's), and a table read is much cheaper
/// than the catalog's match, which returns the whole row.
const INFO_TABLE: [TechniqueInfo; Technique::VARIANTS.len()] = {
    let mut table = [Technique::FullHouse.catalog_row(); Technique::VARIANTS.len()];
    let mut i = 0;
    while i < table.len() {
        table[i] = Technique::VARIANTS[i].catalog_row();
        i += 1;
    }
    table
};

impl Technique {
    /// The catalog row of this technique. Locked Pair and Locked Triple are HoDoKu's; Sudoku
    /// Explainer sees them as a Naked Pair (3.0) and Naked Triple (3.6), so they carry those.
    /// The direct techniques are Sudoku Explainer's; HoDoKu would take the hidden single after
    /// the same locked set, so they carry that set's HoDoKu score.
    ///
    /// Fish beyond SE's X-Wing (3.2), Swordfish (3.8) and Jellyfish (5.2) have no Sudoku
    /// Explainer rating (Sukaku Explainer's public sources add none for them either), so they
    /// take the basic fish of their size plus a fixed step: finned +0.1, sashimi +0.2, Franken
    /// +0.2, finned Franken +0.3, Mutant +0.3, finned Mutant +0.4. HoDoKu's scores and levels
    /// are its defaults (Options.java); Franken and Mutant fish are off by default.
    ///
    /// Single-digit patterns take Sukaku Explainer's ratings (SE's maintained fork, rule
    /// `TurbotFish`): Skyscraper 4.0, 2-String Kite 4.1, Turbot Fish and Empty Rectangle 4.2.
    /// Coloring has no SE or Sukaku rule; a coloring step is an X-chain, and one that the
    /// two-link patterns above did not already find needs at least three strong links, which
    /// Sukaku Explainer rates 5.4 (its `StrongLinks` rule). So Simple Colors take 5.4 and Multi
    /// Colors, which add a weak link between two clusters (HoDoKu scores them 200 against 150),
    /// take 5.5.
    ///
    /// XY-Wing (4.2) and XYZ-Wing (4.4) are Sudoku Explainer's. W-Wing and WXYZ-Wing take
    /// Sukaku Explainer's ratings: W-Wing 4.4 (`WWingHint`), WXYZ-Wing its base 5.5
    /// (`WXYZWingHint`, which adds 0.1 for some pivot sizes; Stepwise keeps the base). HoDoKu
    /// has no WXYZ-Wing by default; it is scored 200, next to its other four-cell patterns.
    ///
    /// Aligned Pair Exclusion is Sudoku Explainer's (6.2). HoDoKu has no such step; it is
    /// scored 250, next to HoDoKu's other Unfair patterns.
    ///
    /// The forcing chains are Sudoku Explainer's chaining rules with SE's base ratings (its
    /// length term is added per step from the hint's complexity, [`Facts::ForcingChains`];
    /// nested levels 3-5 add 0.5 each to the 9.5 of level 2). HoDoKu has no such rules: the cycles and forcing X-chains are
    /// scored as its X-Chain (260), the mixed ones as its Nice Loop/AIC (280), Nishio, cell,
    /// region and dynamic chains as its Forcing Chain (500), the "(+)" and nested ones as its
    /// Forcing Net (700), with the matching levels.
    ///
    /// Unique Rectangles (SE 4.5, HoDoKu's "Uniqueness Test" 100) and BUG+1 (SE's "BUG type 1"
    /// 5.6, HoDoKu 100) are Sudoku Explainer's; they hold only for puzzles with one solution.
    ///
    /// Sue de Coq and the almost-locked-set techniques are HoDoKu's (scores 250, 300, 320, 340,
    /// 360; Death Blossom is off by default there and here). Neither Sudoku Explainer nor the
    /// public Sukaku Explainer sources have them, so they take the SE-scale ratings of Sudoku
    /// Studio (SunnieShine's SE-compatible rater): Sue de Coq 5.0, ALS-XZ 5.5 (a doubly linked
    /// one 5.7, [`Facts::AlsXz`]), ALS-XY-Wing 6.0. Beyond those Stepwise applies its
    /// own rule, one tenth per almost locked set beyond the XY-Wing's three: an ALS chain of four
    /// sets 6.1 (plus 0.1 per further set), a Death Blossom of two petals 6.2 (a stem and two
    /// sets, plus 0.1 per further petal; [`Facts::AlsSets`]).
    ///
    /// Chains (HoDoKu's, `finders::aic`) are not rules of Sudoku Explainer, which finds
    /// their deductions with its "Forcing Chains & Cycles" instead. X-Chain takes Sukaku
    /// Explainer's `StrongLinks` ratings (an X-chain by number of strong links: 3 links 5.4,
    /// then +0.4 a link, 8 links 7.4), so its base is 5.4 and a longer chain adds its strong
    /// links' term ([`Facts::Chain`]). Sukaku Explainer has no rule for the others, so
    /// they take SE's chain they are: Remote Pair and XY-Chain are forcing Y-chains (strong
    /// links only inside bivalue cells) 6.6; nice loops and AICs mix both kinds of strong link,
    /// SE's "mixed" chain or cycle, 7.0; grouped ones add Sukaku Explainer's grouped-link
    /// term, +0.3, for 7.3. All but X-Chain add SE's length term (length = chain nodes - 2). HoDoKu's scores: Remote Pair 110, X-/XY-Chain 260, nice loops and AIC 280,
    /// grouped 300. An AIC with ALS nodes passes through an almost locked set (a locked set
    /// once one digit is out); no rater has a rule for it, so it takes the grouped AIC's 7.3
    /// plus 0.1 for the set, 7.4, and HoDoKu's grouped score 300 (HoDoKu allows ALS nodes only
    /// in its grouped chains, and only when its option for them is on).
    ///
    /// HoDoKu's other uniqueness steps have no Sudoku Explainer or Sukaku Explainer rule, so
    /// each takes the SE rating of the unique rectangle it extends (HoDoKu scores them all 100,
    /// like its Uniqueness Tests 1-4). Avoidable Rectangle Types 1 and 2 make Type 1's and Type
    /// 2's argument with placed (not given) digits in some corners: 4.5. Type 5 is Type 2's
    /// argument spread over three corners or a diagonal, Type 6 and the Hidden Rectangle add
    /// conjugate pairs of a rectangle digit in the rectangle's lines (an X-Wing, or two strong
    /// links) to it: one step harder than the rectangle types SE knows, 4.6.
    ///
    /// BUG Types 2, 3 and 4 are Sudoku Explainer's (`BivalueUniversalGrave`): 5.7, Type 3 plus
    /// 0.1 per digit of its naked set beyond the first ([`Facts::Type3`]), declared in the
    /// order SE tries them (Type 2, then 4, then 3). HoDoKu has only BUG+1; they score 100 too.
    ///
    /// Unique Loops are Sudoku Explainer's (`UniqueLoops`): 4.5 plus 0.1 for six cells (4.6,
    /// the base here), 0.2 for eight and 0.5 for ten or more ([`Facts::UniqueLoop`]). HoDoKu has
    /// none by default; they score 100 like its other uniqueness steps.
    ///
    /// Aligned Triple Exclusion is Sudoku Explainer's (its `AlignedExclusion` of degree 3,
    /// 7.5). HoDoKu has none; it is scored 300, above Aligned Pair Exclusion.
    ///
    /// HoDoKu's own Forcing Chain and Forcing Net steps (`finders::hodoku_tabling`; off by
    /// default, in the hodoku profile) keep HoDoKu's scores, 500 and 700, and take the SE
    /// rating of SE's rules that reach as far: static chains from a cell or a unit 8.0, nets
    /// that play singles (SE's dynamic chains) 8.5. Brute Force, HoDoKu's guess (10000), is no
    /// rule of SE's: 10.0 places it above every rule's base.
    pub const fn info(self) -> TechniqueInfo {
        INFO_TABLE[self as usize]
    }

    /// The catalog row [`Technique::info`] reads, as written; `INFO_TABLE` holds them all.
    const fn catalog_row(self) -> TechniqueInfo {
        use Family::*;
        use Level::*;
        use Origin::*;
        use Technique::*;
        // (slug, family, SE rating, HoDoKu score, level, origin, enabled by default)
        #[rustfmt::skip]
        let (slug, family, se_rating, hodoku_score, level, origin, enabled_by_default) = match self {
            FullHouse =>                ("full-house",                 Singles,       1.0,   4, Easy,   SudokuExplainer, true),
            HiddenSingleBox =>          ("hidden-single-box",          Singles,       1.2,  14, Easy,   SudokuExplainer, true),
            HiddenSingleLine =>         ("hidden-single-line",         Singles,       1.5,  14, Easy,   SudokuExplainer, true),
            DirectPointing =>           ("direct-pointing",            Direct,        1.7,  50, Medium, SudokuExplainer, true),
            DirectClaiming =>           ("direct-claiming",            Direct,        1.9,  50, Medium, SudokuExplainer, true),
            DirectHiddenPair =>         ("direct-hidden-pair",         Direct,        2.0,  70, Medium, SudokuExplainer, true),
            NakedSingle =>              ("naked-single",               Singles,       2.3,   4, Easy,   SudokuExplainer, true),
            DirectHiddenTriple =>       ("direct-hidden-triple",       Direct,        2.5, 100, Medium, SudokuExplainer, true),
            LockedCandidatesPointing => ("locked-candidates-pointing", Intersections, 2.6,  50, Medium, SudokuExplainer, true),
            LockedCandidatesClaiming => ("locked-candidates-claiming", Intersections, 2.8,  50, Medium, SudokuExplainer, true),
            LockedPair =>               ("locked-pair",                Subsets,       3.0,  40, Medium, Other,           true),
            NakedPair =>                ("naked-pair",                 Subsets,       3.0,  60, Medium, SudokuExplainer, true),
            XWing =>                    ("x-wing",                     Fish,          3.2, 140, Hard,   SudokuExplainer, true),
            FinnedXWing =>              ("finned-x-wing",              Fish,          3.3, 130, Hard,   Other,           true),
            HiddenPair =>               ("hidden-pair",                Subsets,       3.4,  70, Medium, SudokuExplainer, true),
            SashimiXWing =>             ("sashimi-x-wing",             Fish,          3.4, 150, Hard,   Other,           true),
            FrankenXWing =>             ("franken-x-wing",             Fish,          3.4, 300, Unfair, Other,           false),
            FinnedFrankenXWing =>       ("finned-franken-x-wing",      Fish,          3.5, 390, Unfair, Other,           false),
            MutantXWing =>              ("mutant-x-wing",              Fish,          3.5, 450, Extreme, Other,          false),
            LockedTriple =>             ("locked-triple",              Subsets,       3.6,  60, Medium, Other,           true),
            NakedTriple =>              ("naked-triple",               Subsets,       3.6,  80, Medium, SudokuExplainer, true),
            FinnedMutantXWing =>        ("finned-mutant-x-wing",       Fish,          3.6, 470, Extreme, Other,          false),
            Swordfish =>                ("swordfish",                  Fish,          3.8, 150, Hard,   SudokuExplainer, true),
            FinnedSwordfish =>          ("finned-swordfish",           Fish,          3.9, 200, Unfair, Other,           true),
            HiddenTriple =>             ("hidden-triple",              Subsets,       4.0, 100, Medium, SudokuExplainer, true),
            SashimiSwordfish =>         ("sashimi-swordfish",          Fish,          4.0, 240, Unfair, Other,           true),
            FrankenSwordfish =>         ("franken-swordfish",          Fish,          4.0, 350, Unfair, Other,           false),
            Skyscraper =>               ("skyscraper",                 SingleDigitPatterns, 4.0, 130, Hard,   Other,           true),
            FinnedFrankenSwordfish =>   ("finned-franken-swordfish",   Fish,          4.1, 410, Unfair, Other,           false),
            MutantSwordfish =>          ("mutant-swordfish",           Fish,          4.1, 450, Extreme, Other,          false),
            TwoStringKite =>            ("two-string-kite",            SingleDigitPatterns, 4.1, 150, Hard,   Other,           true),
            FinnedMutantSwordfish =>    ("finned-mutant-swordfish",    Fish,          4.2, 470, Extreme, Other,          false),
            TurbotFish =>               ("turbot-fish",                SingleDigitPatterns, 4.2, 120, Hard,   Other,           true),
            EmptyRectangle =>           ("empty-rectangle",            SingleDigitPatterns, 4.2, 120, Hard,   Other,           true),
            XYWing =>                   ("xy-wing",                    Wings,         4.2, 160, Hard,   SudokuExplainer, true),
            XYZWing =>                  ("xyz-wing",                   Wings,         4.4, 180, Hard,   SudokuExplainer, true),
            WWing =>                    ("w-wing",                     Wings,         4.4, 150, Hard,   Other,           true),
            UniqueRectangle1 =>         ("unique-rectangle-type-1",    Uniqueness,    4.5, 100, Hard,   SudokuExplainer, true),
            UniqueRectangle2 =>         ("unique-rectangle-type-2",    Uniqueness,    4.5, 100, Hard,   SudokuExplainer, true),
            UniqueRectangle4 =>         ("unique-rectangle-type-4",    Uniqueness,    4.5, 100, Hard,   SudokuExplainer, true),
            UniqueRectangle3 =>         ("unique-rectangle-type-3",    Uniqueness,    4.5, 100, Hard,   SudokuExplainer, true),
            AvoidableRectangle1 =>      ("avoidable-rectangle-type-1", Uniqueness,    4.5, 100, Hard,   Other,           true),
            AvoidableRectangle2 =>      ("avoidable-rectangle-type-2", Uniqueness,    4.5, 100, Hard,   Other,           true),
            UniqueLoop =>               ("unique-loop",                Uniqueness,    4.6, 100, Hard,   SudokuExplainer, true),
            UniqueRectangle5 =>         ("unique-rectangle-type-5",    Uniqueness,    4.6, 100, Hard,   Other,           true),
            UniqueRectangle6 =>         ("unique-rectangle-type-6",    Uniqueness,    4.6, 100, Hard,   Other,           true),
            HiddenRectangle =>          ("hidden-rectangle",           Uniqueness,    4.6, 100, Hard,   Other,           true),
            NakedQuad =>                ("naked-quad",                 Subsets,       5.0, 120, Hard,   SudokuExplainer, true),
            SueDeCoq =>                 ("sue-de-coq",                 Als,           5.0, 250, Unfair, Other,           true),
            Jellyfish =>                ("jellyfish",                  Fish,          5.2, 160, Hard,   SudokuExplainer, true),
            FinnedJellyfish =>          ("finned-jellyfish",           Fish,          5.3, 250, Unfair, Other,           true),
            HiddenQuad =>               ("hidden-quad",                Subsets,       5.4, 150, Hard,   SudokuExplainer, true),
            SashimiJellyfish =>         ("sashimi-jellyfish",          Fish,          5.4, 260, Unfair, Other,           true),
            FrankenJellyfish =>         ("franken-jellyfish",          Fish,          5.4, 370, Unfair, Other,           false),
            SimpleColorsTrap =>         ("simple-colors-trap",         Coloring,      5.4, 150, Hard,   Other,           true),
            SimpleColorsWrap =>         ("simple-colors-wrap",         Coloring,      5.4, 150, Hard,   Other,           true),
            FinnedFrankenJellyfish =>   ("finned-franken-jellyfish",   Fish,          5.5, 430, Unfair, Other,           false),
            MutantJellyfish =>          ("mutant-jellyfish",           Fish,          5.5, 450, Extreme, Other,          false),
            MultiColors1 =>             ("multi-colors-1",             Coloring,      5.5, 200, Hard,   Other,           true),
            MultiColors2 =>             ("multi-colors-2",             Coloring,      5.5, 200, Hard,   Other,           true),
            WXYZWing =>                 ("wxyz-wing",                  Wings,         5.5, 200, Hard,   Other,           true),
            AlsXz =>                    ("als-xz",                     Als,           5.5, 300, Unfair, Other,           true),
            FinnedMutantJellyfish =>    ("finned-mutant-jellyfish",    Fish,          5.6, 470, Extreme, Other,          false),
            BugType2 =>                 ("bug-type-2",                 Uniqueness,    5.7, 100, Hard,   SudokuExplainer, true),
            BugType4 =>                 ("bug-type-4",                 Uniqueness,    5.7, 100, Hard,   SudokuExplainer, true),
            BugType3 =>                 ("bug-type-3",                 Uniqueness,    5.7, 100, Hard,   SudokuExplainer, true),
            AlignedPairExclusion =>     ("aligned-pair-exclusion",     Exclusion,     6.2, 250, Unfair, SudokuExplainer, true),
            AlignedTripleExclusion =>   ("aligned-triple-exclusion",   Exclusion,     7.5, 300, Unfair, SudokuExplainer, true),
            BugPlus1 =>                 ("bug-plus-1",                 Uniqueness,    5.6, 100, Hard,   SudokuExplainer, true),
            BidirectionalXCycle =>      ("bidirectional-x-cycle",      ForcingChains, 6.5, 260, Unfair, SudokuExplainer, true),
            BidirectionalYCycle =>      ("bidirectional-y-cycle",      ForcingChains, 6.5, 260, Unfair, SudokuExplainer, true),
            ForcingXChain =>            ("forcing-x-chain",            ForcingChains, 6.6, 260, Unfair, SudokuExplainer, true),
            BidirectionalCycle =>       ("bidirectional-cycle",        ForcingChains, 7.0, 280, Unfair, SudokuExplainer, true),
            ForcingChain =>             ("forcing-chain",              ForcingChains, 7.0, 280, Unfair, SudokuExplainer, true),
            NishioForcingChains =>      ("nishio-forcing-chains",      ForcingChains, 7.5, 500, Extreme, SudokuExplainer, true),
            CellForcingChains =>        ("cell-forcing-chains",        ForcingChains, 8.0, 500, Extreme, SudokuExplainer, true),
            RegionForcingChains =>      ("region-forcing-chains",      ForcingChains, 8.0, 500, Extreme, SudokuExplainer, true),
            HodokuForcingChainContradiction => ("forcing-chain-contradiction", ForcingChains, 8.0, 500, Extreme, Other, false),
            HodokuForcingChainVerity => ("forcing-chain-verity",       ForcingChains, 8.0, 500, Extreme, Other, false),
            DynamicContradictionForcingChains => ("dynamic-contradiction-forcing-chains", ForcingChains, 8.5, 500, Extreme, SudokuExplainer, true),
            DynamicDoubleForcingChains => ("dynamic-double-forcing-chains", ForcingChains, 8.5, 500, Extreme, SudokuExplainer, true),
            DynamicCellForcingChains => ("dynamic-cell-forcing-chains", ForcingChains, 8.5, 500, Extreme, SudokuExplainer, true),
            DynamicRegionForcingChains => ("dynamic-region-forcing-chains", ForcingChains, 8.5, 500, Extreme, SudokuExplainer, true),
            HodokuForcingNetContradiction => ("forcing-net-contradiction", ForcingChains, 8.5, 700, Extreme, Other, false),
            HodokuForcingNetVerity =>   ("forcing-net-verity",         ForcingChains, 8.5, 700, Extreme, Other, false),
            DynamicForcingChainsPlus => ("dynamic-forcing-chains-plus", ForcingChains, 9.0, 700, Extreme, SudokuExplainer, true),
            NestedForcingChains =>      ("nested-forcing-chains",      ForcingChains, 9.5, 700, Extreme, SudokuExplainer, true),
            BruteForce =>               ("brute-force",                LastResort,   10.0, 10000, Extreme, Other,          false),
            AlsXyWing =>                ("als-xy-wing",                Als,           6.0, 320, Unfair, Other,           true),
            AlsChain =>                 ("als-chain",                  Als,           6.1, 340, Unfair, Other,           true),
            DeathBlossom =>             ("death-blossom",              Als,           6.2, 360, Unfair, Other,           false),
            XChain =>                   ("x-chain",                    Chains,        5.4, 260, Unfair, Other,           true),
            RemotePair =>               ("remote-pair",                Chains,        6.6, 110, Hard,   Other,           true),
            XYChain =>                  ("xy-chain",                   Chains,        6.6, 260, Unfair, Other,           true),
            ContinuousNiceLoop =>       ("continuous-nice-loop",       Chains,        7.0, 280, Unfair, Other,           true),
            DiscontinuousNiceLoop =>    ("discontinuous-nice-loop",    Chains,        7.0, 280, Unfair, Other,           true),
            Aic =>                      ("aic",                        Chains,        7.0, 280, Unfair, Other,           true),
            GroupedContinuousNiceLoop => ("grouped-continuous-nice-loop", Chains,     7.3, 300, Unfair, Other,           true),
            GroupedDiscontinuousNiceLoop => ("grouped-discontinuous-nice-loop", Chains, 7.3, 300, Unfair, Other,         true),
            GroupedAic =>               ("grouped-aic",                Chains,        7.3, 300, Unfair, Other,           true),
            AlsAic =>                   ("als-aic",                    Chains,        7.4, 300, Unfair, Other,           true),
        };
        TechniqueInfo {
            slug,
            family,
            se_rating,
            hodoku_score,
            level,
            origin,
            enabled_by_default,
        }
    }

    /// The stable identifier (`x-wing`), as [`TechniqueInfo::slug`].
    pub const fn slug(self) -> &'static str {
        self.info().slug
    }
    /// The family, as [`TechniqueInfo::family`].
    pub const fn family(self) -> Family {
        self.info().family
    }
    /// The base rating on Sudoku Explainer's scale; a step's own rating may add to it
    /// ([`Technique::se_rating_for`]).
    pub const fn se_rating(self) -> f64 {
        self.info().se_rating
    }
    /// HoDoKu's level of the technique by itself, as [`TechniqueInfo::level`].
    pub const fn level(self) -> Level {
        self.info().level
    }
    /// Looks a technique up by slug or any accepted name.
    pub fn parse(name: &str) -> Option<Technique> {
        name.trim().parse().ok()
    }

    /// The slugs nearest to a name that is not in the catalog, for "did you mean" messages:
    /// at most three, closest first, compared on letters and digits only (so `xwing`,
    /// `X Wing` and `x-wnig` all find `x-wing`). Empty when nothing is close.
    pub fn nearest(name: &str) -> Vec<&'static str> {
        let key = |s: &str| -> Vec<char> {
            s.chars()
                .filter(char::is_ascii_alphanumeric)
                .map(|c| c.to_ascii_lowercase())
                .collect()
        };
        let wanted = key(name);
        if wanted.is_empty() {
            return vec![];
        }
        let mut scored: Vec<(usize, &'static str)> = Technique::VARIANTS
            .iter()
            .filter_map(|&t| {
                let slug = key(t.slug());
                let named = key(&t.to_string());
                let distance = edit_distance(&wanted, &slug).min(edit_distance(&wanted, &named));
                // A name that is a word of the slug (`wing`, `pair`) is close too.
                let contained =
                    wanted.len() >= 4 && slug.windows(wanted.len()).any(|w| w == wanted.as_slice());
                let allowed = (wanted.len() / 3).max(2);
                (distance <= allowed || contained).then_some((distance, t.slug()))
            })
            .collect();
        scored.sort();
        scored.dedup_by_key(|(_, slug)| *slug);
        scored.into_iter().take(3).map(|(_, slug)| slug).collect()
    }
}

/// What a finder found about one step beyond its technique: the sizes and kinds that the
/// step's rating adds to the technique's base (chain lengths, numbers of sets, loop cells).
/// A finder records these facts and never a number; [`Technique::se_rating_for`] turns them
/// into the rating. Whole numbers and flags only: `Eq` and `Hash` do not compile with a float
/// inside, so no rating can ride along on a step.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize)]
#[serde(tag = "kind", rename_all = "kebab-case")]
pub enum Facts {
    /// Nothing beyond the technique: its catalog rating is the step's.
    #[default]
    Plain,
    /// An ALS-XZ.
    AlsXz {
        /// Whether its two sets share two restricted commons.
        doubly_linked: bool,
    },
    /// An ALS chain or a Death Blossom.
    AlsSets {
        /// The chain's almost locked sets, or the Death Blossom's petals (its stem not
        /// counted).
        sets: u8,
    },
    /// A Type 3 Unique Rectangle or BUG Type 3.
    Type3 {
        /// The locked set the step completes.
        set: LockedSet,
    },
    /// A Unique Loop.
    UniqueLoop {
        /// The loop's cells (6, 8, 10, ...).
        cells: u8,
        /// The locked set of a Type 3 loop; `None` for the other types.
        set: Option<LockedSet>,
    },
    /// One of HoDoKu's chains.
    Chain {
        /// Its distinct nodes (a loop's start counted once).
        nodes: u8,
        /// The links it uses as strong links.
        strong_links: u8,
    },
    /// A hint of Sudoku Explainer's chaining rules.
    ForcingChains {
        /// The rule's level: 0 plain, 1 "(+)", 2 to 5 nested.
        level: u8,
        /// SE's complexity: the distinct potentials of all its chains plus those of every
        /// nested chain they use.
        complexity: u32,
    },
}

/// The naked or hidden set a Type 3 uniqueness step completes, by the size Sudoku Explainer
/// rates it by.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum LockedSet {
    /// A naked set (the cells with extra digits count as one cell of it).
    Naked {
        /// Its digits.
        digits: u8,
    },
    /// A hidden set.
    Hidden {
        /// Its cells besides the two with extra digits.
        cells: u8,
    },
}

impl Facts {
    /// Whether these facts can describe a step of `technique` (each kind of fact belongs to the
    /// techniques whose rating reads it; any technique may have none).
    pub fn fit(self, technique: Technique) -> bool {
        use Technique::*;
        match self {
            Facts::Plain => true,
            Facts::AlsXz { .. } => technique == AlsXz,
            Facts::AlsSets { .. } => matches!(technique, AlsChain | DeathBlossom),
            Facts::Type3 { .. } => matches!(technique, UniqueRectangle3 | BugType3),
            Facts::UniqueLoop { .. } => technique == UniqueLoop,
            Facts::Chain { .. } => technique.family() == Family::Chains,
            Facts::ForcingChains { .. } => technique.family() == Family::ForcingChains,
        }
    }
}

impl LockedSet {
    /// Sudoku Explainer's term: 0.1 per digit of a naked set, or per cell of a hidden one,
    /// beyond the first.
    fn se_term(self) -> f64 {
        let (LockedSet::Naked { digits: size } | LockedSet::Hidden { cells: size }) = self;
        0.1 * size.saturating_sub(1) as f64
    }
}

impl Technique {
    /// The rating on Sudoku Explainer's scale of a step of this technique with these facts: the
    /// catalog's rating plus the term the facts add (each rule and its source is told at
    /// [`Technique::info`]). The one place a step's rating is computed (`Step::rating` reads
    /// it), and the one Sudoku Explainer's chaining search calls to order its hints as SE
    /// does. Each sum is written as the finders once wrote it, so every rating keeps its bits.
    pub fn se_rating_for(self, facts: Facts) -> f64 {
        debug_assert!(facts.fit(self), "{facts:?} are no facts of {self}");
        let base = self.se_rating();
        match facts {
            Facts::Plain => base,
            Facts::AlsXz { doubly_linked } => base + if doubly_linked { 0.2 } else { 0.0 },
            Facts::AlsSets { sets } => {
                // One tenth per set beyond the fewest the technique has.
                let fewest = if self == Technique::AlsChain { 4 } else { 2 };
                base + 0.1 * sets.saturating_sub(fewest) as f64
            }
            Facts::Type3 { set } => base + set.se_term(),
            Facts::UniqueLoop { cells, set } => {
                // Six cells are the base; SE adds 0.1 for eight and 0.4 for ten or more.
                let size = match cells {
                    0..=6 => 0.0,
                    7 | 8 => 0.1,
                    _ => 0.4,
                };
                base + (size + set.map_or(0.0, LockedSet::se_term))
            }
            Facts::Chain {
                nodes,
                strong_links,
            } => {
                if self == Technique::XChain {
                    // Sukaku Explainer's `StrongLinks`: 0.4 a strong link beyond three.
                    base + 0.4 * strong_links.saturating_sub(3) as f64
                } else {
                    base + se_length_term(u32::from(nodes).saturating_sub(2))
                }
            }
            Facts::ForcingChains { level, complexity } => {
                // Nested levels 3-5 add 0.5 each to level 2's rating, the catalog's.
                let rule_base = if self == Technique::NestedForcingChains {
                    base + 0.5 * level.saturating_sub(2) as f64
                } else {
                    base
                };
                rule_base + se_length_term(complexity.saturating_sub(2))
            }
        }
    }
}

/// Sudoku Explainer's length term: 0.1 for each of the thresholds 4, 6, 8, 12, 16, 24, ... that
/// `length` exceeds. Accumulated exactly as SE does, so floating-point ties fall the same way.
fn se_length_term(length: u32) -> f64 {
    let mut added = 0.0;
    let mut ceiling: u64 = 4;
    let mut odd = false;
    while u64::from(length) > ceiling {
        added += 0.1;
        ceiling = if odd {
            ceiling * 4 / 3
        } else {
            ceiling * 3 / 2
        };
        odd = !odd;
    }
    added
}

/// Levenshtein distance: insertions, deletions and substitutions of one character each.
fn edit_distance(a: &[char], b: &[char]) -> usize {
    let mut previous: Vec<usize> = (0..=b.len()).collect();
    for (i, &ca) in a.iter().enumerate() {
        let mut current = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            let substitute = previous[j] + usize::from(ca != cb);
            current[j + 1] = substitute.min(previous[j + 1] + 1).min(current[j] + 1);
        }
        previous = current;
    }
    previous[b.len()]
}

impl Technique {
    /// The name running text uses: the short form HoDoKu and Sudoku Explainer users know
    /// where the catalog's name is long ("ALS-XZ" for "Almost Locked Set XZ-Rule"), else the
    /// community name itself. Notation keeps the community name.
    pub fn short_name(self) -> &'static str {
        match self {
            Technique::AlsXz => "ALS-XZ",
            Technique::AlsXyWing => "ALS-XY-Wing",
            Technique::AlsChain => "ALS-XY-Chain",
            _ => self.into(),
        }
    }

    /// Whether the name is a plural noun ("Locked Candidates", "Multi Colors", every
    /// "Forcing Chains"), which a sentence uses without an article and with "are".
    pub const fn has_plural_name(self) -> bool {
        use Technique::*;
        matches!(
            self,
            LockedCandidatesPointing
                | LockedCandidatesClaiming
                | MultiColors1
                | MultiColors2
                | NishioForcingChains
                | CellForcingChains
                | RegionForcingChains
                | DynamicContradictionForcingChains
                | DynamicDoubleForcingChains
                | DynamicCellForcingChains
                | DynamicRegionForcingChains
                | DynamicForcingChainsPlus
                | NestedForcingChains
        )
    }

    /// The short name with the article it takes in running text: "an X-Wing", "an ALS-XZ",
    /// "a Unique Rectangle Type 1", "a 2-String Kite"; a plural name takes none ("Nested
    /// Forcing Chains").
    pub fn with_article(self) -> String {
        let name = self.short_name();
        if self.has_plural_name() {
            return name.to_string();
        }
        format!("{} {name}", article_for(name))
    }
}

/// "an" before a name that starts with a vowel sound, "a" otherwise. The sound, not the letter,
/// decides: "Uni-" starts with "you" (a Unique Rectangle), a leading "X" is read "ex" (an
/// X-Wing, an XY-Chain) and a leading "W" "double-u" (a W-Wing), a digit is read as its word
/// (a 2-String Kite); initialisms that start with a vowel letter start with its sound too
/// (an ALS-XZ, an AIC).
fn article_for(name: &str) -> &'static str {
    let starts_with_vowel_sound = match name.chars().next() {
        Some('U') => !name.starts_with("Uni") && !name.starts_with("Use"),
        Some('A' | 'E' | 'I' | 'O' | 'X' | '8') => true,
        _ => false,
    };
    if starts_with_vowel_sound {
        "an"
    } else {
        "a"
    }
}

impl Serialize for Technique {
    /// Serialized as its community name; the slug is a separate field where needed.
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// A set of techniques as one bit per technique: the pipeline asks "enabled?" and "already
/// searched?" at every step, for every technique tried.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub(crate) struct TechniqueSet(u128);

impl TechniqueSet {
    pub const EMPTY: TechniqueSet = TechniqueSet(0);

    const fn bit(t: Technique) -> u128 {
        1 << (t as u32)
    }
    pub const fn contains(self, t: Technique) -> bool {
        self.0 & Self::bit(t) != 0
    }
    pub const fn with(self, t: Technique) -> TechniqueSet {
        TechniqueSet(self.0 | Self::bit(t))
    }
    pub fn insert(&mut self, t: Technique) {
        self.0 |= Self::bit(t);
    }
}

impl FromIterator<Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = Technique>>(iter: I) -> Self {
        iter.into_iter()
            .fold(TechniqueSet::EMPTY, TechniqueSet::with)
    }
}

impl<'a> FromIterator<&'a Technique> for TechniqueSet {
    fn from_iter<I: IntoIterator<Item = &'a Technique>>(iter: I) -> Self {
        iter.into_iter().copied().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use strum::IntoEnumIterator;

    #[test]
    fn every_technique_has_its_own_bit_in_a_set() {
        assert!(Technique::iter().count() <= 128, "TechniqueSet holds 128");
        let all: TechniqueSet = Technique::iter().collect();
        for t in Technique::iter() {
            assert!(all.contains(t));
            let one = TechniqueSet::EMPTY.with(t);
            assert_eq!(Technique::iter().filter(|&u| one.contains(u)).count(), 1);
        }
    }

    #[test]
    fn levels_parse_in_any_case_and_in_order() {
        for level in Level::ALL {
            assert_eq!(level.name().parse::<Level>(), Ok(level));
            assert_eq!(level.to_string().to_uppercase().parse::<Level>(), Ok(level));
        }
        assert!(Level::ALL.windows(2).all(|w| w[0] < w[1]));
        assert_eq!(
            " medium ".parse::<Level>(),
            Ok(Level::Medium),
            "surrounding spaces are ignored"
        );
        assert!("diabolical".parse::<Level>().is_err());
    }

    #[test]
    fn the_info_table_is_the_catalog_in_declaration_order() {
        assert_eq!(Technique::VARIANTS.len(), Technique::iter().count());
        for (i, t) in Technique::iter().enumerate() {
            assert_eq!(t as usize, i, "{t}");
            assert_eq!(t.info(), t.catalog_row(), "{t}");
        }
    }

    #[test]
    fn slugs_are_unique_and_parse_back() {
        let mut seen = std::collections::HashSet::new();
        for t in Technique::iter() {
            assert!(seen.insert(t.slug()), "duplicate slug {}", t.slug());
            assert_eq!(Technique::parse(t.slug()), Some(t));
        }
    }

    #[test]
    fn names_follow_the_community() {
        assert_eq!(
            Technique::LockedCandidatesPointing.to_string(),
            "Locked Candidates Type 1 (Pointing)"
        );
        assert_eq!(
            Technique::parse("naked quadruple"),
            Some(Technique::NakedQuad)
        );
        assert_eq!(
            Technique::parse("LC2"),
            Some(Technique::LockedCandidatesClaiming)
        );
        assert_eq!(
            Technique::parse("Uniqueness Test 5"),
            Some(Technique::UniqueRectangle5)
        );
        assert_eq!(
            Technique::parse("aligned triplet exclusion"),
            Some(Technique::AlignedTripleExclusion)
        );
    }

    #[test]
    fn names_read_in_a_sentence() {
        assert_eq!(Technique::XWing.with_article(), "an X-Wing");
        assert_eq!(Technique::AlsChain.with_article(), "an ALS-XY-Chain");
        assert_eq!(Technique::AlsXz.with_article(), "an ALS-XZ");
        assert_eq!(
            Technique::UniqueRectangle1.with_article(),
            "a Unique Rectangle Type 1"
        );
        assert_eq!(
            Technique::AvoidableRectangle2.with_article(),
            "an Avoidable Rectangle Type 2"
        );
        assert_eq!(Technique::TwoStringKite.with_article(), "a 2-String Kite");
        assert_eq!(Technique::WWing.with_article(), "a W-Wing");
        assert_eq!(Technique::Aic.with_article(), "an AIC");
        assert_eq!(Technique::BugPlus1.with_article(), "a BUG+1");
        assert_eq!(
            Technique::NestedForcingChains.with_article(),
            "Nested Forcing Chains"
        );
        // Only the long ALS names have a short form; the rest read as the catalog names them.
        for t in Technique::iter() {
            if !matches!(
                t,
                Technique::AlsXz | Technique::AlsXyWing | Technique::AlsChain
            ) {
                assert_eq!(t.short_name(), t.to_string());
            }
        }
    }

    #[test]
    fn declaration_order_is_rating_order() {
        let ratings: Vec<f64> = Technique::iter().map(|t| t.se_rating()).collect();
        for w in ratings.windows(2) {
            assert!(w[0] <= w[1], "{ratings:?}");
        }
    }

    /// Sudoku Explainer's length term: length = complexity - 2 (chain nodes - 2 for HoDoKu's
    /// chains), thresholds 4, 6, 8, 12, 16, 24, 32, 48, 64, 96.
    #[test]
    fn length_term_follows_se_thresholds() {
        let tenths = |complexity: u32| {
            let facts = Facts::ForcingChains {
                level: 0,
                complexity,
            };
            let added = Technique::CellForcingChains.se_rating_for(facts) - 8.0;
            (added * 10.0).round() as u32
        };
        let expected = [
            (6, 0),
            (7, 1),
            (8, 1),
            (9, 2),
            (10, 2),
            (11, 3),
            (14, 3),
            (15, 4),
            (18, 4),
            (19, 5),
            (26, 5),
            (27, 6),
            (98, 9),
            (99, 10),
        ];
        for (complexity, added) in expected {
            assert_eq!(tenths(complexity), added, "complexity {complexity}");
        }
        // A hint of no chain at all adds nothing (the bound of SE's first-hint search).
        assert_eq!(tenths(0), 0);
    }

    #[test]
    fn facts_add_their_terms_to_the_catalog_rating() {
        let rating = |t: Technique, facts: Facts| round_tenths(t.se_rating_for(facts));
        assert_eq!(rating(Technique::XWing, Facts::Plain), 32);
        let doubly_linked = |doubly_linked| Facts::AlsXz { doubly_linked };
        assert_eq!(rating(Technique::AlsXz, doubly_linked(false)), 55);
        assert_eq!(rating(Technique::AlsXz, doubly_linked(true)), 57);
        let sets = |sets| Facts::AlsSets { sets };
        assert_eq!(rating(Technique::AlsChain, sets(4)), 61);
        assert_eq!(rating(Technique::AlsChain, sets(6)), 63);
        assert_eq!(rating(Technique::DeathBlossom, sets(2)), 62);
        assert_eq!(rating(Technique::DeathBlossom, sets(3)), 63);
        let naked = |digits| LockedSet::Naked { digits };
        let hidden = |cells| LockedSet::Hidden { cells };
        let type3 = |set| Facts::Type3 { set };
        assert_eq!(rating(Technique::UniqueRectangle3, type3(naked(2))), 46);
        assert_eq!(rating(Technique::UniqueRectangle3, type3(hidden(1))), 45);
        assert_eq!(rating(Technique::BugType3, type3(naked(3))), 59);
        let unique_loop = |cells, set| Facts::UniqueLoop { cells, set };
        assert_eq!(rating(Technique::UniqueLoop, unique_loop(6, None)), 46);
        assert_eq!(rating(Technique::UniqueLoop, unique_loop(8, None)), 47);
        assert_eq!(rating(Technique::UniqueLoop, unique_loop(10, None)), 50);
        assert_eq!(
            rating(Technique::UniqueLoop, unique_loop(8, Some(naked(3)))),
            49
        );
        let chain = |nodes, strong_links| Facts::Chain {
            nodes,
            strong_links,
        };
        // X-Chain by strong links (Sukaku Explainer), the others by SE's length term.
        assert_eq!(rating(Technique::XChain, chain(6, 3)), 54);
        assert_eq!(rating(Technique::XChain, chain(10, 5)), 62);
        assert_eq!(rating(Technique::XYChain, chain(6, 3)), 66);
        assert_eq!(rating(Technique::XYChain, chain(7, 4)), 67);
        assert_eq!(rating(Technique::Aic, chain(10, 5)), 72);
        assert_eq!(rating(Technique::GroupedAic, chain(14, 7)), 76);
        let nested = |level| Facts::ForcingChains {
            level,
            complexity: 0,
        };
        for (level, tenths) in [(2, 95), (3, 100), (4, 105), (5, 110)] {
            assert_eq!(
                rating(Technique::NestedForcingChains, nested(level)),
                tenths
            );
        }
    }

    fn round_tenths(rating: f64) -> u32 {
        (rating * 10.0).round() as u32
    }

    /// Facts are whole numbers and flags: a type with a float inside is neither `Eq` nor
    /// `Hash`, so this stops compiling if a rating number is ever carried on a step.
    #[test]
    fn facts_carry_no_numbers_of_the_rating() {
        fn whole<T: Eq + std::hash::Hash>() {}
        whole::<Facts>();
        // Each kind of fact belongs to the techniques whose rating reads it.
        assert!(Facts::Plain.fit(Technique::XWing));
        assert!(Facts::AlsSets { sets: 4 }.fit(Technique::AlsChain));
        assert!(!Facts::AlsSets { sets: 4 }.fit(Technique::XWing));
        let chain = Facts::Chain {
            nodes: 6,
            strong_links: 3,
        };
        assert!(chain.fit(Technique::RemotePair) && !chain.fit(Technique::ForcingChain));
    }

    #[test]
    fn unknown_names_suggest_the_nearest_slugs() {
        assert_eq!(Technique::nearest("x-wnig").first(), Some(&"x-wing"));
        assert_eq!(Technique::nearest("XWing").first(), Some(&"x-wing"));
        assert_eq!(Technique::nearest("swordfsh").first(), Some(&"swordfish"));
        assert!(Technique::nearest("xy wing").contains(&"xy-wing"));
        assert!(Technique::nearest("nonsense words").is_empty());
        assert!(Technique::nearest("").is_empty());
        assert!(Technique::nearest("q").is_empty());
    }
}
