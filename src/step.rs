//! The deduction step: what a technique found, and the evidence that justifies it.
//!
//! Owns [`Step`], [`Candidate`], [`Pattern`] (the units, cells, candidates and links that make
//! the deduction, each with a [`Role`] so a user interface can draw it) and the community
//! notation of placements and eliminations (`r1c2=5`, `r1c456<>4`).

use std::fmt;

use serde::ser::SerializeStruct;
use serde::{Serialize, Serializer};

use crate::geometry::{cell_name, col_of, row_of, Cell, Digit, Unit};
use crate::technique::{Facts, Technique};

/// A digit in a cell: a placement, an elimination or a pattern candidate.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Candidate {
    /// The cell, 0..81 (written `r1c2` in notation and JSON).
    pub cell: Cell,
    /// The digit, 1..=9.
    pub digit: Digit,
}

impl Candidate {
    /// The digit `digit` in cell `cell`.
    pub const fn new(cell: Cell, digit: Digit) -> Candidate {
        Candidate { cell, digit }
    }
}

impl Serialize for Candidate {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Candidate", 2)?;
        st.serialize_field("cell", &cell_name(self.cell))?;
        st.serialize_field("digit", &self.digit)?;
        st.end()
    }
}

/// What part an element plays in a pattern, for drawing and for words.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize)]
#[serde(rename_all = "kebab-case")]
pub enum Role {
    /// The unit or cell that forces the deduction (a single's house, a subset's house).
    Base,
    /// The unit the eliminations fall in.
    Cover,
    /// The cells of a subset or locked set.
    Subset,
    /// The digit's candidates that make the pattern.
    Pattern,
    /// The placed digit.
    Placement,
    /// A cell that sees the target and removes it (singles).
    Blocker,
    /// The cell a pattern turns on: a wing's hinge, a Death Blossom's stem, a hidden
    /// rectangle's corner.
    Pivot,
    /// The two ends of a wing or of a single-digit pattern, whose common peers lose the digit.
    Pincer,
    /// What lies outside the pattern proper: a finned fish's fins, the cells and candidates
    /// beyond a uniqueness pattern (a rectangle's roof, a BUG's extra digits).
    Fin,
    /// Chains: a candidate that is true at its place in the chain.
    On,
    /// Chains: a candidate that is false at its place in the chain.
    Off,
    /// Coloring: the first color of a cluster of strong links (one of the two colors holds
    /// the digit).
    ColorA,
    /// Coloring: the second color of that cluster.
    ColorB,
    /// Coloring: the first color of a second cluster (Multi Colors).
    ColorC,
    /// Coloring: the second color of the second cluster.
    ColorD,
    /// Almost locked sets: a restricted common digit's candidates in the sets (X).
    Restricted,
    /// Almost locked sets: the candidates, inside the sets, of a digit the step eliminates (Z).
    Common,
    /// Almost locked sets: the cells of the step's n-th set (0 = A, 1 = B, ...), written
    /// `als-a`, `als-b`, ... like the other roles. (serde wants this untagged variant last.)
    #[serde(untagged, serialize_with = "als_role")]
    Als(u8),
}

/// `als-a` for the first set, `als-b` for the second, ...
fn als_role<S: Serializer>(index: &u8, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(&format_args!("als-{}", (b'a' + index % 26) as char))
}

/// One element of a pattern with its role.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Marked<T> {
    /// The unit, cell or candidate.
    pub item: T,
    /// What it does in the pattern.
    pub role: Role,
}

impl Serialize for Marked<Unit> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Unit", 2)?;
        st.serialize_field("unit", &self.item.to_string())?;
        st.serialize_field("role", &self.role)?;
        st.end()
    }
}

impl Serialize for Marked<Cell> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Cell", 2)?;
        st.serialize_field("cell", &cell_name(self.item))?;
        st.serialize_field("role", &self.role)?;
        st.end()
    }
}

impl Serialize for Marked<Candidate> {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Candidate", 3)?;
        st.serialize_field("cell", &cell_name(self.item.cell))?;
        st.serialize_field("digit", &self.item.digit)?;
        st.serialize_field("role", &self.role)?;
        st.end()
    }
}

/// A link between two candidates of a chain: strong (one of them is true) or weak (not both).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Link {
    /// The candidate the link starts from, in chain order.
    pub from: Candidate,
    /// The candidate it leads to.
    pub to: Candidate,
    /// Strong (`true`) or weak (`false`).
    pub strong: bool,
}

impl Serialize for Link {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Link", 3)?;
        st.serialize_field("from", &self.from)?;
        st.serialize_field("to", &self.to)?;
        st.serialize_field("kind", if self.strong { "strong" } else { "weak" })?;
        st.end()
    }
}

/// One node of a chain: a digit in one cell, or in a group of cells of one box-line
/// intersection (grouped chains), with its state in the chain (`Role::On` or `Role::Off`).
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ChainNode {
    /// The node's digit.
    pub digit: Digit,
    /// The node's cells in order: one cell, or two or three for a group.
    pub cells: Vec<Cell>,
    /// [`Role::On`] or [`Role::Off`].
    pub role: Role,
    /// An ALS node's whole almost locked set (its `cells` are the set's cells holding
    /// `digit`); empty for other nodes.
    pub als: Vec<Cell>,
}

impl Serialize for ChainNode {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let fields = if self.als.is_empty() { 3 } else { 4 };
        let mut st = s.serialize_struct("ChainNode", fields)?;
        let names: Vec<String> = self.cells.iter().map(|&c| cell_name(c)).collect();
        st.serialize_field("digit", &self.digit)?;
        st.serialize_field("cells", &names)?;
        st.serialize_field("role", &self.role)?;
        if !self.als.is_empty() {
            let set: Vec<String> = self.als.iter().map(|&c| cell_name(c)).collect();
            st.serialize_field("als", &set)?;
        }
        st.end()
    }
}

/// The evidence for a step: every unit, cell, candidate and link it rests on.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct Pattern {
    /// The units the step rests on (a single's house, a fish's base and cover sets).
    pub units: Vec<Marked<Unit>>,
    /// The cells that make the pattern (a subset's cells, a wing's pivot and pincers).
    pub cells: Vec<Marked<Cell>>,
    /// The candidates that make the pattern (a fish's digit in its base sets, a chain's
    /// candidates).
    pub candidates: Vec<Marked<Candidate>>,
    /// Chains: the links between their candidates, in chain order.
    pub links: Vec<Link>,
    /// Chains only: the nodes in chain order; `links[i]` joins `nodes[i]` and `nodes[i + 1]`
    /// (a link's candidates are its nodes' first cells, so a group is drawn from its first
    /// cell; the node lists the whole group).
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub nodes: Vec<ChainNode>,
}

impl Pattern {
    /// The pattern with `unit` added in `role`.
    pub fn unit(mut self, unit: Unit, role: Role) -> Self {
        self.units.push(Marked { item: unit, role });
        self
    }
    /// The pattern with `cell` added in `role`.
    pub fn cell(mut self, cell: Cell, role: Role) -> Self {
        self.cells.push(Marked { item: cell, role });
        self
    }
    /// The pattern with each of `cells` added in `role`.
    pub fn cells(mut self, cells: impl IntoIterator<Item = Cell>, role: Role) -> Self {
        self.cells
            .extend(cells.into_iter().map(|item| Marked { item, role }));
        self
    }
    /// The pattern with `candidate` added in `role`.
    pub fn candidate(mut self, candidate: Candidate, role: Role) -> Self {
        self.candidates.push(Marked {
            item: candidate,
            role,
        });
        self
    }
    /// The pattern with each of `candidates` added in `role`.
    pub fn candidates(
        mut self,
        candidates: impl IntoIterator<Item = Candidate>,
        role: Role,
    ) -> Self {
        self.candidates
            .extend(candidates.into_iter().map(|item| Marked { item, role }));
        self
    }
    /// Units with the given role.
    pub fn units_with(&self, role: Role) -> impl Iterator<Item = Unit> + '_ {
        self.units
            .iter()
            .filter(move |m| m.role == role)
            .map(|m| m.item)
    }
    /// Cells with the given role.
    pub fn cells_with(&self, role: Role) -> impl Iterator<Item = Cell> + '_ {
        self.cells
            .iter()
            .filter(move |m| m.role == role)
            .map(|m| m.item)
    }
}

/// One deduction: the technique, what it places and eliminates, and why.
#[derive(Debug, Clone, PartialEq)]
pub struct Step {
    /// The technique that found the step.
    pub technique: Technique,
    /// The digits the step places, sorted, without repeats.
    pub placements: Vec<Candidate>,
    /// The candidates the step removes, sorted, without repeats.
    pub eliminations: Vec<Candidate>,
    /// Boxed: a step is moved several times between a finder and the trace, and most of its
    /// size would be the pattern's five vectors.
    pub pattern: Box<Pattern>,
    /// The pattern in notation, between the technique name and `=>` (`4 in b1`,
    /// `3,8 in r5c2,r5c7`); empty for singles, whose notation is the placement alone.
    pub subject: String,
    /// One sentence in plain English.
    pub text: String,
    /// What the finder found beyond the technique that the rating reads (a chain's length, a
    /// set's size); [`Facts::Plain`] for most steps. Facts, never a number: the catalog's
    /// formula turns them into the rating ([`Step::rating`]).
    pub facts: Facts,
}

impl Step {
    /// A step with sorted, de-duplicated placements and eliminations.
    pub fn new(
        technique: Technique,
        mut placements: Vec<Candidate>,
        mut eliminations: Vec<Candidate>,
        pattern: Pattern,
        subject: String,
        text: String,
    ) -> Step {
        placements.sort();
        placements.dedup();
        eliminations.sort();
        eliminations.dedup();
        Step {
            technique,
            placements,
            eliminations,
            pattern: Box::new(pattern),
            subject,
            text,
            facts: Facts::Plain,
        }
    }

    /// The same step with what its finder found beyond the technique.
    pub(crate) fn with_facts(mut self, facts: Facts) -> Step {
        self.facts = facts;
        self
    }

    /// The step's rating on Sudoku Explainer's scale: the catalog's rating of its technique
    /// with its facts ([`Technique::se_rating_for`]).
    pub fn rating(&self) -> f64 {
        self.technique.se_rating_for(self.facts)
    }

    /// Whether the step changes the grid at all.
    pub fn makes_progress(&self) -> bool {
        !self.placements.is_empty() || !self.eliminations.is_empty()
    }

    /// The compact community notation:
    /// `Hidden Single: r1c2=5`, `Locked Candidates Type 1 (Pointing): 4 in b1 => r1c456<>4`.
    pub fn notation(&self) -> String {
        let mut out = format!("{}:", self.technique);
        if !self.subject.is_empty() {
            out.push(' ');
            out.push_str(&self.subject);
            out.push_str(" =>");
        }
        let mut parts = Vec::new();
        if !self.placements.is_empty() {
            parts.push(placements_notation(&self.placements));
        }
        if !self.eliminations.is_empty() {
            parts.push(eliminations_notation(&self.eliminations));
        }
        out.push(' ');
        out.push_str(&parts.join(", "));
        out
    }
}

impl fmt::Display for Step {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.notation())
    }
}

impl Serialize for Step {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let mut st = s.serialize_struct("Step", 9)?;
        st.serialize_field("technique", &self.technique)?;
        st.serialize_field("slug", self.technique.slug())?;
        st.serialize_field("rating", &round_rating(self.rating()))?;
        st.serialize_field("placements", &self.placements)?;
        st.serialize_field("eliminations", &self.eliminations)?;
        st.serialize_field("notation", &self.notation())?;
        st.serialize_field("text", &self.text)?;
        st.serialize_field("pattern", &self.pattern)?;
        st.end()
    }
}

/// Rounds a rating to one decimal as Sudoku Explainer prints it: `floor((x + 0.05) * 10) / 10`.
pub fn round_rating(x: f64) -> f64 {
    ((x + 0.05) * 10.0).floor() / 10.0
}

/// `r1c2=5, r3c4=1`.
pub fn placements_notation(placements: &[Candidate]) -> String {
    placements
        .iter()
        .map(|p| format!("{}={}", cell_name(p.cell), p.digit))
        .collect::<Vec<_>>()
        .join(", ")
}

/// Eliminations in HoDoKu's compact style: cells losing the same digits are grouped, cells of
/// one row are run together (`r1c456<>4`, `r1c5,r3c5<>1`, `r5c4<>38`).
pub fn eliminations_notation(eliminations: &[Candidate]) -> String {
    // Digits removed per cell, cells in order.
    let mut per_cell: Vec<(Cell, Vec<Digit>)> = Vec::new();
    for e in eliminations {
        match per_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, digits)) => digits.push(e.digit),
            None => per_cell.push((e.cell, vec![e.digit])),
        }
    }
    per_cell.sort();
    for (_, digits) in per_cell.iter_mut() {
        digits.sort_unstable();
    }
    // Group cells by identical digit lists, groups ordered by their first cell.
    let mut groups: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    for (cell, digits) in per_cell {
        match groups.iter_mut().find(|(d, _)| *d == digits) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    groups
        .iter()
        .map(|(digits, cells)| {
            let ds: String = digits.iter().map(|d| d.to_string()).collect();
            format!("{}<>{}", cells_notation(cells), ds)
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// Cells of one row run together (`r1c456`), rows joined with commas (`r1c5,r3c5`), as the
/// issues' HoDoKu-style examples write them.
pub(crate) fn cells_notation(cells: &[Cell]) -> String {
    let mut by_row: Vec<(usize, Vec<usize>)> = Vec::new();
    for &c in cells {
        match by_row.iter_mut().find(|(r, _)| *r == row_of(c)) {
            Some((_, cols)) => cols.push(col_of(c)),
            None => by_row.push((row_of(c), vec![col_of(c)])),
        }
    }
    by_row.sort();
    by_row
        .into_iter()
        .map(|(r, mut cols)| {
            cols.sort_unstable();
            cols.dedup();
            let cs: String = cols.iter().map(|c| (c + 1).to_string()).collect();
            format!("r{}c{}", r + 1, cs)
        })
        .collect::<Vec<_>>()
        .join(",")
}

/// `r5c2,r5c7`: cells listed one by one, as HoDoKu lists a pattern's cells.
pub(crate) fn cell_list(cells: impl IntoIterator<Item = Cell>) -> String {
    cells
        .into_iter()
        .map(cell_name)
        .collect::<Vec<_>>()
        .join(",")
}

/// Eliminations in words: `r3c7 is not 4`, `r2c7 and r2c9 are not 5`, `r1c7 is not 5 and
/// r3c2 is not 1`: cells losing the same digits are named together.
pub(crate) fn not_words(eliminations: &[Candidate]) -> String {
    let mut sorted = eliminations.to_vec();
    sorted.sort();
    sorted.dedup();
    let mut groups: Vec<(Vec<Digit>, Vec<Cell>)> = Vec::new();
    let mut per_cell: Vec<(Cell, Vec<Digit>)> = Vec::new();
    for e in &sorted {
        match per_cell.iter_mut().find(|(c, _)| *c == e.cell) {
            Some((_, digits)) => digits.push(e.digit),
            None => per_cell.push((e.cell, vec![e.digit])),
        }
    }
    per_cell.sort();
    for (cell, mut digits) in per_cell {
        digits.sort_unstable();
        match groups.iter_mut().find(|(d, _)| *d == digits) {
            Some((_, cells)) => cells.push(cell),
            None => groups.push((digits, vec![cell])),
        }
    }
    let and = |items: Vec<String>| match items.split_last() {
        Some((last, rest)) if !rest.is_empty() => format!("{} and {last}", rest.join(", ")),
        _ => items.join(""),
    };
    and(groups
        .into_iter()
        .map(|(digits, cells)| {
            let verb = if cells.len() == 1 { "is" } else { "are" };
            let digits: Vec<String> = digits.iter().map(|d| d.to_string()).collect();
            let digits = match digits.split_last() {
                Some((last, rest)) if !rest.is_empty() => format!("{} or {last}", rest.join(", ")),
                _ => digits.join(""),
            };
            format!(
                "{} {verb} not {digits}",
                and(cells.into_iter().map(cell_name).collect())
            )
        })
        .collect())
}

/// `3,8`: digits listed with commas, as HoDoKu lists a subset's digits.
pub(crate) fn digit_list(digits: impl IntoIterator<Item = Digit>) -> String {
    digits
        .into_iter()
        .map(|d| d.to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::cell_at;

    #[test]
    fn elimination_notation_groups_like_hodoku() {
        let e = |r: usize, c: usize, d: Digit| Candidate::new(cell_at(r - 1, c - 1), d);
        assert_eq!(
            eliminations_notation(&[e(1, 4, 4), e(1, 5, 4), e(1, 6, 4)]),
            "r1c456<>4"
        );
        assert_eq!(
            eliminations_notation(&[e(5, 1, 3), e(5, 4, 3), e(5, 4, 8)]),
            "r5c1<>3, r5c4<>38"
        );
        assert_eq!(
            eliminations_notation(&[e(1, 5, 1), e(3, 5, 1)]),
            "r1c5,r3c5<>1"
        );
        assert_eq!(
            eliminations_notation(&[e(1, 4, 1), e(3, 5, 1), e(3, 6, 1)]),
            "r1c4,r3c56<>1"
        );
    }

    #[test]
    fn eliminations_in_words() {
        let e = |r: usize, c: usize, d: Digit| Candidate::new(cell_at(r - 1, c - 1), d);
        assert_eq!(not_words(&[e(3, 7, 4)]), "r3c7 is not 4");
        assert_eq!(
            not_words(&[e(2, 7, 5), e(2, 9, 5)]),
            "r2c7 and r2c9 are not 5"
        );
        assert_eq!(
            not_words(&[e(1, 7, 5), e(3, 2, 1), e(3, 2, 8)]),
            "r1c7 is not 5 and r3c2 is not 1 or 8"
        );
    }

    #[test]
    fn step_notation() {
        let step = Step::new(
            Technique::LockedCandidatesPointing,
            vec![],
            vec![
                Candidate::new(5, 4),
                Candidate::new(3, 4),
                Candidate::new(4, 4),
            ],
            Pattern::default(),
            "4 in b1".into(),
            String::new(),
        );
        assert_eq!(
            step.notation(),
            "Locked Candidates Type 1 (Pointing): 4 in b1 => r1c456<>4"
        );
        let single = Step::new(
            Technique::HiddenSingleBox,
            vec![Candidate::new(1, 5)],
            vec![],
            Pattern::default(),
            String::new(),
            String::new(),
        );
        assert_eq!(single.notation(), "Hidden Single: r1c2=5");
    }

    #[test]
    fn rounding_matches_sudoku_explainer() {
        assert_eq!(round_rating(1.2), 1.2);
        assert_eq!(round_rating(6.64), 6.6);
        assert_eq!(round_rating(6.65), 6.7);
    }
}
