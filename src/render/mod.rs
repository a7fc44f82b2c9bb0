//! Drawing a candidate grid with a step's evidence marked on it.
//!
//! Owns what every renderer shares: [`StepMarks`], which says for one [`Step`] what each
//! candidate and each cell is (placed, eliminated, or its role in the pattern), and [`Tone`],
//! the visual classes those marks fall into (one colour or one plain-text marker each). A
//! renderer only decides how a tone looks; which candidate gets which tone is decided here
//! once, so the terminal board ([`terminal`]) and the SVG picture ([`svg`]) mark a step the
//! same way.

pub mod svg;
pub mod terminal;

pub use svg::{grid_svg, legend_svg, step_svg, SvgOptions};
pub use terminal::{board, Style};

use crate::geometry::{Cell, Digit, Unit, CELLS};
use crate::step::{Marked, Role, Step};

/// What one candidate is in a step.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CandidateMark {
    /// The step places this digit in this cell.
    Placed,
    /// The step removes this candidate.
    Eliminated,
    /// A candidate of the pattern, with its role (the most telling one when it has several,
    /// see [`role_rank`]).
    Pattern(Role),
}

impl CandidateMark {
    /// The visual class of the mark.
    pub fn tone(self) -> Tone {
        match self {
            CandidateMark::Placed => Tone::Placed,
            CandidateMark::Eliminated => Tone::Eliminated,
            CandidateMark::Pattern(role) => Tone::of_role(role),
        }
    }
}

/// The visual classes of marks: each renderer gives every tone one look (a colour, a plain
/// marker), so that two roles that read alike on a board look alike.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Tone {
    /// A digit the step places.
    Placed,
    /// A candidate the step removes.
    Eliminated,
    /// Candidates the pattern rules out without this step removing them (the cover
    /// candidates of Sudoku Explainer's direct techniques, which place a single instead), and
    /// cells that see a single's target.
    RuledOut,
    /// The candidates and cells that make the pattern: base, pattern, subset, pivot.
    Pattern,
    /// Fins ([`Role::Fin`]).
    Fin,
    /// The ends of a wing or single-digit pattern ([`Role::Pincer`]).
    Pincer,
    /// A chain's candidates that are true on its way.
    On,
    /// A chain's candidates that are false on its way.
    Off,
    /// Coloring: the first colour of the first cluster.
    ColorA,
    /// The second colour of the first cluster.
    ColorB,
    /// The first colour of a second cluster.
    ColorC,
    /// The second colour of the second cluster.
    ColorD,
    /// Almost locked sets: the restricted common digit (X) inside the sets.
    Restricted,
    /// Almost locked sets: the eliminated digit (Z) inside the sets.
    Common,
    /// The cells of an almost locked set, by set (0 = A, 1 = B, ...; four looks, reused).
    Set(u8),
}

impl Tone {
    /// The tone of a pattern role.
    pub fn of_role(role: Role) -> Tone {
        match role {
            // A placement role without the step placing it (BUG+1's true candidate, when the
            // step only eliminates) must not look like a placement.
            Role::Placement | Role::Base | Role::Pattern | Role::Subset | Role::Pivot => {
                Tone::Pattern
            }
            Role::Cover | Role::Blocker => Tone::RuledOut,
            Role::Fin => Tone::Fin,
            Role::Pincer => Tone::Pincer,
            Role::On => Tone::On,
            Role::Off => Tone::Off,
            Role::ColorA => Tone::ColorA,
            Role::ColorB => Tone::ColorB,
            Role::ColorC => Tone::ColorC,
            Role::ColorD => Tone::ColorD,
            Role::Restricted => Tone::Restricted,
            Role::Common => Tone::Common,
            Role::Als(index) => Tone::Set(index % 4),
        }
    }

    /// What the tone means, for a legend.
    pub fn description(self) -> &'static str {
        match self {
            Tone::Placed => "placed",
            Tone::Eliminated => "eliminated",
            Tone::RuledOut => "ruled out",
            Tone::Pattern => "pattern",
            Tone::Fin => "fin",
            Tone::Pincer => "pincer",
            Tone::On => "chain: on",
            Tone::Off => "chain: off",
            Tone::ColorA => "colour A",
            Tone::ColorB => "colour B",
            Tone::ColorC => "colour C",
            Tone::ColorD => "colour D",
            Tone::Restricted => "restricted common (X)",
            Tone::Common => "eliminated digit in the sets (Z)",
            Tone::Set(_) => "almost locked set",
        }
    }
}

/// Which of several roles of one candidate or cell a board shows: the lower, the more telling
/// (a fin before the pattern it belongs to, a chain's "on" before its "off", which a
/// contradiction chain gives one candidate both of).
pub fn role_rank(role: Role) -> u8 {
    match role {
        Role::Placement => 0,
        Role::Fin => 1,
        Role::Pincer => 2,
        Role::Pivot => 3,
        Role::Restricted => 4,
        Role::Common => 5,
        Role::Subset => 6,
        Role::Pattern => 7,
        Role::Base => 8,
        Role::ColorA => 9,
        Role::ColorB => 10,
        Role::ColorC => 11,
        Role::ColorD => 12,
        Role::On => 13,
        Role::Off => 14,
        Role::Als(_) => 15,
        Role::Cover => 16,
        Role::Blocker => 17,
    }
}

/// Plain words for a role, as a board's caption lists the pattern's cells: `subset`, `fin`,
/// `set A`.
pub fn role_words(role: Role) -> String {
    match role {
        Role::Base => "base".into(),
        Role::Cover => "cover".into(),
        Role::Subset => "subset".into(),
        Role::Pattern => "pattern".into(),
        Role::Placement => "placement".into(),
        Role::Blocker => "blocker".into(),
        Role::Pivot => "pivot".into(),
        Role::Pincer => "pincer".into(),
        Role::Fin => "fin".into(),
        Role::On => "on".into(),
        Role::Off => "off".into(),
        Role::ColorA => "colour A".into(),
        Role::ColorB => "colour B".into(),
        Role::ColorC => "colour C".into(),
        Role::ColorD => "colour D".into(),
        Role::Restricted => "restricted common".into(),
        Role::Common => "common".into(),
        Role::Als(index) => format!("set {}", (b'A' + index % 26) as char),
    }
}

/// Every mark of one step: each candidate's, each cell's, and the units with their roles.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StepMarks {
    /// Index `cell * 9 + digit - 1`.
    candidates: Vec<Option<CandidateMark>>,
    cells: [Option<Role>; CELLS],
    units: Vec<Marked<Unit>>,
}

impl StepMarks {
    /// The marks of a step. A placement or an elimination outranks any pattern role of the
    /// same candidate (what the step does matters most); among pattern roles the lowest
    /// [`role_rank`] wins. Chain nodes' cells (groups and ALS nodes) carry their node's role.
    pub fn of(step: &Step) -> StepMarks {
        let mut marks = StepMarks {
            candidates: vec![None; CELLS * 9],
            cells: [None; CELLS],
            units: Vec::new(),
        };
        let pattern = &step.pattern;
        for marked in &pattern.candidates {
            marks.add_candidate_role(marked.item.cell, marked.item.digit, marked.role);
        }
        for node in &pattern.nodes {
            for &cell in &node.cells {
                marks.add_candidate_role(cell, node.digit, node.role);
            }
        }
        for marked in &pattern.cells {
            marks.add_cell_role(marked.item, marked.role);
        }
        for elimination in &step.eliminations {
            marks.candidates[index(elimination.cell, elimination.digit)] =
                Some(CandidateMark::Eliminated);
        }
        for placement in &step.placements {
            marks.candidates[index(placement.cell, placement.digit)] = Some(CandidateMark::Placed);
        }
        for marked in &pattern.units {
            if !marks.units.contains(marked) {
                marks.units.push(*marked);
            }
        }
        marks
    }

    fn add_candidate_role(&mut self, cell: Cell, digit: Digit, role: Role) {
        if cell >= CELLS || !(1..=9).contains(&digit) {
            return;
        }
        let slot = &mut self.candidates[index(cell, digit)];
        match slot {
            Some(CandidateMark::Pattern(old)) if role_rank(*old) <= role_rank(role) => {}
            _ => *slot = Some(CandidateMark::Pattern(role)),
        }
    }

    fn add_cell_role(&mut self, cell: Cell, role: Role) {
        if cell >= CELLS {
            return;
        }
        let slot = &mut self.cells[cell];
        if slot.is_none_or(|old| role_rank(role) < role_rank(old)) {
            *slot = Some(role);
        }
    }

    /// The mark of a candidate, if the step touches it.
    pub fn candidate(&self, cell: Cell, digit: Digit) -> Option<CandidateMark> {
        if cell >= CELLS || !(1..=9).contains(&digit) {
            return None;
        }
        self.candidates[index(cell, digit)]
    }

    /// The role of a cell in the pattern, if it has one.
    pub fn cell(&self, cell: Cell) -> Option<Role> {
        self.cells.get(cell).copied().flatten()
    }

    /// The pattern's units with their roles, each once, in the pattern's order.
    pub fn units(&self) -> &[Marked<Unit>] {
        &self.units
    }

    /// The best role a unit has in the pattern (base before cover), if any.
    pub fn unit(&self, unit: Unit) -> Option<Role> {
        self.units
            .iter()
            .filter(|m| m.item == unit)
            .map(|m| m.role)
            .min_by_key(|&role| role_rank(role))
    }

    /// Every tone the marks use, in [`Tone`]'s order: what a legend must explain.
    pub fn tones(&self) -> Vec<Tone> {
        let mut tones: Vec<Tone> = self
            .candidates
            .iter()
            .flatten()
            .map(|mark| mark.tone())
            .collect();
        tones.sort();
        tones.dedup();
        tones
    }
}

fn index(cell: Cell, digit: Digit) -> usize {
    cell * 9 + digit as usize - 1
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::step::{Candidate, Pattern};
    use crate::technique::Technique;

    fn step_with(
        pattern: Pattern,
        placements: Vec<Candidate>,
        eliminations: Vec<Candidate>,
    ) -> Step {
        Step::new(
            Technique::FinnedXWing,
            placements,
            eliminations,
            pattern,
            String::new(),
            String::new(),
        )
    }

    #[test]
    fn what_a_step_does_outranks_the_pattern() {
        let pattern = Pattern::default()
            .candidate(Candidate::new(10, 4), Role::Cover)
            .candidate(Candidate::new(20, 7), Role::Pattern)
            .candidate(Candidate::new(30, 2), Role::Pattern);
        let step = step_with(
            pattern,
            vec![Candidate::new(30, 2)],
            vec![Candidate::new(10, 4)],
        );
        let marks = StepMarks::of(&step);
        assert_eq!(marks.candidate(10, 4), Some(CandidateMark::Eliminated));
        assert_eq!(marks.candidate(30, 2), Some(CandidateMark::Placed));
        assert_eq!(
            marks.candidate(20, 7),
            Some(CandidateMark::Pattern(Role::Pattern))
        );
        assert_eq!(marks.candidate(20, 6), None);
        assert_eq!(
            marks.tones(),
            vec![Tone::Placed, Tone::Eliminated, Tone::Pattern]
        );
    }

    #[test]
    fn the_most_telling_role_wins_whatever_the_order() {
        for roles in [[Role::Pattern, Role::Fin], [Role::Fin, Role::Pattern]] {
            let mut pattern = Pattern::default();
            for role in roles {
                pattern = pattern.candidate(Candidate::new(5, 5), role).cell(5, role);
            }
            let marks = StepMarks::of(&step_with(pattern, vec![], vec![]));
            assert_eq!(
                marks.candidate(5, 5),
                Some(CandidateMark::Pattern(Role::Fin))
            );
            assert_eq!(marks.cell(5), Some(Role::Fin));
        }
    }

    #[test]
    fn units_are_listed_once_and_base_beats_cover() {
        let pattern = Pattern::default()
            .unit(Unit::row(1), Role::Cover)
            .unit(Unit::row(1), Role::Base)
            .unit(Unit::row(1), Role::Base);
        let marks = StepMarks::of(&step_with(pattern, vec![], vec![]));
        assert_eq!(marks.units().len(), 2);
        assert_eq!(marks.unit(Unit::row(1)), Some(Role::Base));
        assert_eq!(marks.unit(Unit::row(2)), None);
    }
}
