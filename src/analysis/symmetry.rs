//! Symmetry of the givens' positions: which of the six classic rotations and reflections map
//! the pattern of givens onto itself.
//!
//! Owns [`Symmetry`]. Only positions count, not digits, as the community means it when a
//! puzzle is called symmetrical (Sudopedia, "Symmetry"). The diagonal names follow Sudoku
//! Explainer's generator and Sudopedia, which differ from the matrix convention: the
//! *diagonal* is the rising one, r9c1 to r1c9 (`/`); the *anti-diagonal* the falling one,
//! r1c1 to r9c9 (`\`).

use serde::Serialize;

use crate::geometry::{cell_at, col_of, row_of, Cell, CellSet};

/// One symmetry a pattern of givens can have.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Symmetry {
    /// Unchanged by a half turn about the centre cell (r5c5): the most common one.
    #[serde(rename = "rotational-180")]
    Rotational180,
    /// Unchanged by a quarter turn (so also by a half turn).
    #[serde(rename = "rotational-90")]
    Rotational90,
    /// Mirror image across the rising diagonal r9c1-r1c9 (`/`).
    Diagonal,
    /// Mirror image across the falling diagonal r1c1-r9c9 (`\`).
    AntiDiagonal,
    /// Mirror image across the horizontal axis, row 5: row r and row 10 - r match.
    Horizontal,
    /// Mirror image across the vertical axis, column 5: column c and column 10 - c match.
    Vertical,
}

impl Symmetry {
    /// Every symmetry, in the order they are reported.
    pub const ALL: [Symmetry; 6] = [
        Symmetry::Rotational180,
        Symmetry::Rotational90,
        Symmetry::Diagonal,
        Symmetry::AntiDiagonal,
        Symmetry::Horizontal,
        Symmetry::Vertical,
    ];

    /// The name as printed, after Sudopedia's symmetry classes.
    pub const fn name(self) -> &'static str {
        match self {
            Symmetry::Rotational180 => "180° rotational",
            Symmetry::Rotational90 => "90° rotational",
            Symmetry::Diagonal => "diagonal (/)",
            Symmetry::AntiDiagonal => "anti-diagonal (\\)",
            Symmetry::Horizontal => "horizontal axis",
            Symmetry::Vertical => "vertical axis",
        }
    }

    /// The name `--symmetry` takes and JSON writes: `rotational-180`, `rotational-90`,
    /// `diagonal`, `anti-diagonal`, `horizontal`, `vertical`.
    pub const fn slug(self) -> &'static str {
        match self {
            Symmetry::Rotational180 => "rotational-180",
            Symmetry::Rotational90 => "rotational-90",
            Symmetry::Diagonal => "diagonal",
            Symmetry::AntiDiagonal => "anti-diagonal",
            Symmetry::Horizontal => "horizontal",
            Symmetry::Vertical => "vertical",
        }
    }

    /// Where the transformation takes a cell.
    pub const fn image(self, cell: Cell) -> Cell {
        let (r, c) = (row_of(cell), col_of(cell));
        match self {
            Symmetry::Rotational180 => cell_at(8 - r, 8 - c),
            // Clockwise; a pattern fixed by one quarter turn is fixed by all of them.
            Symmetry::Rotational90 => cell_at(c, 8 - r),
            Symmetry::Diagonal => cell_at(8 - c, 8 - r),
            Symmetry::AntiDiagonal => cell_at(c, r),
            Symmetry::Horizontal => cell_at(8 - r, c),
            Symmetry::Vertical => cell_at(r, 8 - c),
        }
    }

    /// Whether the transformation maps the set onto itself.
    pub fn holds_for(self, cells: CellSet) -> bool {
        cells.iter().all(|cell| cells.contains(self.image(cell)))
    }
}

/// The names [`Symmetry`]'s `FromStr` takes, each with the symmetry it names. Besides the slugs:
/// `rotational` and `180` for the half turn (the usual meaning of "symmetric"), `90` for the
/// quarter turn, `antidiagonal`, and `mirror` for the left-right mirror (the vertical axis).
const NAMES: [(&str, Symmetry); 11] = [
    ("rotational", Symmetry::Rotational180),
    ("rotational-180", Symmetry::Rotational180),
    ("180", Symmetry::Rotational180),
    ("rotational-90", Symmetry::Rotational90),
    ("90", Symmetry::Rotational90),
    ("diagonal", Symmetry::Diagonal),
    ("anti-diagonal", Symmetry::AntiDiagonal),
    ("antidiagonal", Symmetry::AntiDiagonal),
    ("horizontal", Symmetry::Horizontal),
    ("vertical", Symmetry::Vertical),
    ("mirror", Symmetry::Vertical),
];

/// A symmetry name that [`Symmetry`]'s `FromStr` does not know.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct UnknownSymmetry(pub String);

impl std::fmt::Display for UnknownSymmetry {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let names: Vec<&str> = NAMES.iter().map(|(name, _)| *name).collect();
        write!(
            f,
            "unknown symmetry '{}': expected one of {}",
            self.0,
            names.join(", ")
        )
    }
}

impl std::error::Error for UnknownSymmetry {}

impl std::str::FromStr for Symmetry {
    type Err = UnknownSymmetry;

    /// Parses a symmetry name as the generator's `--symmetry` takes it, ignoring ASCII case
    /// and surrounding spaces: `rotational` (or `rotational-180`, `180`), `rotational-90` (or
    /// `90`), `diagonal` (across `/`), `antidiagonal` or `anti-diagonal` (across `\`),
    /// `horizontal`, `vertical`, and `mirror` (= `vertical`: the left-right mirror). "No
    /// symmetry" is no [`Symmetry`]: a caller takes `none` as `Option::None`.
    ///
    /// ```
    /// use stepwise::analysis::Symmetry;
    ///
    /// assert_eq!("rotational".parse::<Symmetry>(), Ok(Symmetry::Rotational180));
    /// assert_eq!("Mirror".parse::<Symmetry>(), Ok(Symmetry::Vertical));
    /// assert!("none".parse::<Symmetry>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Symmetry, UnknownSymmetry> {
        NAMES
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(s.trim()))
            .map(|&(_, symmetry)| symmetry)
            .ok_or_else(|| UnknownSymmetry(s.to_string()))
    }
}

/// Every symmetry of a set of cells, in [`Symmetry::ALL`]'s order; empty when it has none.
pub fn symmetries_of(cells: CellSet) -> Vec<Symmetry> {
    Symmetry::ALL
        .into_iter()
        .filter(|s| s.holds_for(cells))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::parse_cell_name;

    fn cells(names: &[&str]) -> CellSet {
        names
            .iter()
            .map(|n| parse_cell_name(n).expect("a cell name"))
            .collect()
    }

    /// The pattern's closure under one symmetry: the pattern with every image added.
    fn closed(base: &[&str], symmetry: Symmetry) -> CellSet {
        let mut set = cells(base);
        loop {
            let grown: CellSet = set.iter().map(|c| symmetry.image(c)).collect::<CellSet>() | set;
            if grown == set {
                return set;
            }
            set = grown;
        }
    }

    /// r1c2 and r2c4 share no symmetry, so each closure has exactly its own symmetry and the
    /// ones it implies.
    const SEED: [&str; 2] = ["r1c2", "r2c4"];

    #[test]
    fn each_symmetry_is_detected_alone() {
        for s in Symmetry::ALL {
            let set = closed(&SEED, s);
            let found = symmetries_of(set);
            let expected = match s {
                // A quarter turn twice is a half turn.
                Symmetry::Rotational90 => vec![Symmetry::Rotational180, Symmetry::Rotational90],
                other => vec![other],
            };
            assert_eq!(found, expected, "{s:?} on {set:?}");
        }
    }

    #[test]
    fn each_symmetry_fails_when_one_image_is_missing() {
        for s in Symmetry::ALL {
            let full = closed(&SEED, s);
            // r1c2's image under the symmetry itself, removed.
            let broken = full.without(s.image(parse_cell_name("r1c2").unwrap()));
            assert!(!s.holds_for(broken), "{s:?} still holds on {broken:?}");
        }
    }

    #[test]
    fn images_are_the_named_cells() {
        let r1c2 = parse_cell_name("r1c2").unwrap();
        let image = |s: Symmetry| crate::geometry::cell_name(s.image(r1c2));
        assert_eq!(image(Symmetry::Rotational180), "r9c8");
        assert_eq!(image(Symmetry::Rotational90), "r2c9");
        assert_eq!(image(Symmetry::Diagonal), "r8c9");
        assert_eq!(image(Symmetry::AntiDiagonal), "r2c1");
        assert_eq!(image(Symmetry::Horizontal), "r9c2");
        assert_eq!(image(Symmetry::Vertical), "r1c8");
    }

    #[test]
    fn a_full_or_centred_pattern_has_every_symmetry() {
        assert_eq!(symmetries_of(CellSet::ALL), Symmetry::ALL.to_vec());
        assert_eq!(symmetries_of(cells(&["r5c5"])), Symmetry::ALL.to_vec());
        // The four corners: fixed by every rotation and reflection of the square.
        assert_eq!(
            symmetries_of(cells(&["r1c1", "r1c9", "r9c1", "r9c9"])),
            Symmetry::ALL.to_vec()
        );
    }

    #[test]
    fn names_parse_and_slugs_are_serdes() {
        for s in Symmetry::ALL {
            assert_eq!(s.slug().parse::<Symmetry>(), Ok(s));
            assert_eq!(s.slug().to_uppercase().parse::<Symmetry>(), Ok(s));
            assert_eq!(
                serde_json::to_value(s).unwrap(),
                serde_json::Value::String(s.slug().into())
            );
        }
        assert_eq!("180".parse::<Symmetry>(), Ok(Symmetry::Rotational180));
        assert_eq!("90".parse::<Symmetry>(), Ok(Symmetry::Rotational90));
        assert_eq!(
            "antidiagonal".parse::<Symmetry>(),
            Ok(Symmetry::AntiDiagonal)
        );
        assert_eq!(" mirror ".parse::<Symmetry>(), Ok(Symmetry::Vertical));
        let error = "spiral".parse::<Symmetry>().unwrap_err().to_string();
        assert!(error.starts_with("unknown symmetry 'spiral': expected one of rotational,"));
        assert!(error.contains("mirror"));
    }

    #[test]
    fn the_wikipedia_puzzle_is_180_degree_symmetric() {
        let line =
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";
        let givens: CellSet = line
            .bytes()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        assert_eq!(symmetries_of(givens), vec![Symmetry::Rotational180]);
    }
}
