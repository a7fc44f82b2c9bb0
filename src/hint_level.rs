//! How much a hint gives away: one scale for every puzzle kind, from a nudge to the whole
//! deduction. Owns [`HintLevel`]; Sudoku's hints (`hint`) and Kakuro's (`kakuro::explain`)
//! each tell their steps at these levels.

use serde::Serialize;

/// How much a hint gives away. The default, [`HintLevel::Technique`], is the one level every
/// front end uses when none is asked for: `stepwise hint`, `POST /api/hint`, the page's first
/// press of Hint and Python's `hint()`.
#[derive(
    Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, strum::Display, strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase", ascii_case_insensitive)]
pub enum HintLevel {
    /// Which family of technique, which region to look at.
    Nudge,
    /// The technique's name, the region and (when few) the digits. The default.
    #[default]
    Technique,
    /// The cells of the pattern.
    Cells,
    /// The whole deduction.
    Full,
}
