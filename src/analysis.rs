//! Analysis of a puzzle's logical path, and a summary over a batch of puzzles.
//!
//! Owns [`Analysis`] (per puzzle: givens, [`Symmetry`], ER/EP/ED, level, steps, the technique
//! histogram, the bottleneck steps and the `--require` checks), [`Requirement`] and the text
//! rendering; [`summary`] owns the batch [`Summary`], with its SVG histogram
//! ([`Summary::to_svg`]). Everything
//! here is a pure function of a [`Trace`] and its [`PuzzleRating`]: a different profile takes a
//! different path and so gets a different analysis.
//!
//! **Bottleneck steps** are defined so that a puzzle has at most [`MAX_BOTTLENECKS`] of them:
//! 1. the reference is the highest rating of a step on the path (the ER of a solved path; a
//!    stuck path's ER is SE's 20.0 sentinel, which no step has);
//! 2. the candidates are the steps rated at most [`BOTTLENECK_MARGIN`] (0.5) below it,
//!    ratings compared as printed (one decimal);
//! 3. the hardest [`MAX_BOTTLENECKS`] of them are kept, the earlier step first among equal
//!    ratings, and listed in path order.
//!
//! A bottleneck *unlocks* the placements of the singles (Full House, Hidden Single, Naked
//! Single) that directly follow it, up to the next step of any other technique: the cells a
//! solver fills for free once past it. When those singles reach the end of a solved path, the
//! step is the last hard one and `finishes` is true. Each bottleneck also names the next step
//! rated within the margin (`next_hard`) and how many cells the steps in between place.

pub(crate) mod plot;
pub mod summary;
pub mod symmetry;

use std::collections::BTreeMap;

use serde::Serialize;
use strum::IntoEnumIterator;

use crate::pipeline::{Status, Trace};
use crate::rating::PuzzleRating;
use crate::step::{placements_notation, round_rating, Step};
use crate::technique::{Family, Technique};

pub use summary::Summary;
pub use symmetry::{symmetries_of, Symmetry};

/// How far below the hardest step a step may be rated and still be a bottleneck.
pub const BOTTLENECK_MARGIN: f64 = 0.5;
/// At most this many bottleneck steps per puzzle.
pub const MAX_BOTTLENECKS: usize = 3;

/// How many steps of one technique a path takes.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TechniqueCount {
    /// The technique.
    pub technique: Technique,
    /// Its slug, for JSON readers that key on it.
    pub slug: &'static str,
    /// How many of the path's steps use it.
    pub count: usize,
}

/// One step at or near the hardest rating of the path, and what it leads to.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Bottleneck {
    /// 1-based position on the path, as `explain` numbers steps.
    pub step: usize,
    /// The step's technique.
    pub technique: Technique,
    /// Its slug.
    pub slug: &'static str,
    /// The step's rating, rounded as SE prints it.
    pub rating: f64,
    /// The step in community notation.
    pub notation: String,
    /// Placements of the singles right after the step, before the next non-single step
    /// (`r1c2=5`), in path order.
    pub unlocks: Vec<String>,
    /// Those singles solve the rest of the puzzle.
    pub finishes: bool,
    /// The next step rated within the margin of the hardest (1-based), whether or not it is
    /// one of the bottlenecks kept; `None` when no such step follows.
    pub next_hard: Option<usize>,
    /// Cells placed by all the steps after this one and before `next_hard` (or the end).
    pub placed_before_next_hard: usize,
}

impl Bottleneck {
    /// What the step leads to, in words: the singles it unlocks (the first few named), then
    /// where the next hard step comes.
    pub fn consequences(&self) -> String {
        const NAMED: usize = 6;
        let mut out = match self.unlocks.len() {
            0 => "unlocks no single".to_string(),
            n => {
                let named = self.unlocks[..n.min(NAMED)].join(", ");
                let more = if n > NAMED {
                    format!(" and {} more", n - NAMED)
                } else {
                    String::new()
                };
                format!("unlocks {} by singles: {named}{more}", cells(n))
            }
        };
        if self.finishes {
            out.push_str("; singles then finish the puzzle");
        } else {
            match self.next_hard {
                Some(next) => out.push_str(&format!(
                    "; then {} placed before step {next}, the next hard one",
                    cells(self.placed_before_next_hard)
                )),
                None => out.push_str(&format!(
                    "; then {} placed, no hard step after it",
                    cells(self.placed_before_next_hard)
                )),
            }
        }
        out
    }
}

/// `1 cell`, `4 cells`.
fn cells(n: usize) -> String {
    if n == 1 {
        "1 cell".to_string()
    } else {
        format!("{n} cells")
    }
}

/// A technique asked for with `--require`: a slug, or a name; a name that several techniques
/// share (`Hidden Single`, in a box or a line) stands for all of them.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Requirement {
    /// The name as printed: the community name, or the slug when the name is shared but the
    /// slug picked one technique.
    pub name: String,
    /// The techniques any of which meets it.
    pub techniques: Vec<Technique>,
}

impl Requirement {
    /// Looks a requirement up by slug, name or alias (case-insensitive); `None` if unknown.
    pub fn parse(text: &str) -> Option<Requirement> {
        let wanted = text.trim();
        let named: Vec<Technique> = Technique::iter()
            .filter(|t| t.to_string().eq_ignore_ascii_case(wanted))
            .collect();
        if named.len() > 1 {
            return Some(Requirement {
                name: named[0].to_string(),
                techniques: named,
            });
        }
        let technique = Technique::parse(wanted)?;
        let shared = Technique::iter()
            .filter(|t| t.to_string() == technique.to_string())
            .count()
            > 1;
        Some(Requirement {
            name: if shared {
                technique.slug().to_string()
            } else {
                technique.to_string()
            },
            techniques: vec![technique],
        })
    }
}

/// Whether one puzzle's path uses a required technique.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct RequirementCheck {
    /// The requirement's name ([`Requirement::name`]).
    pub require: String,
    /// Whether the path uses one of its techniques.
    pub met: bool,
    /// The first step (1-based) that uses it.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub step: Option<usize>,
}

/// Everything `stepwise analyze` says about one puzzle.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Analysis {
    /// The puzzle as an 81-character line; empty for input that could not be read.
    pub puzzle: String,
    /// How the path ended.
    pub status: Status,
    /// The profile whose path is analysed (`se`, `hodoku`, ..., `custom`); `None` for input
    /// that could not be read.
    pub profile: Option<String>,
    /// The number of givens.
    pub givens: usize,
    /// The symmetries of the givens' positions; empty when they have none.
    pub symmetry: Vec<Symmetry>,
    /// The puzzle's rating, each figure from its own rater's path (flat in JSON: `er`, `ep`,
    /// `ed`, `hardest`, `level`, `score`, `se_path`, `hodoku_path`).
    #[serde(flatten)]
    pub rating: PuzzleRating,
    /// The number of steps on the path.
    pub steps: usize,
    /// Steps per technique, in catalog (rating) order.
    pub techniques: Vec<TechniqueCount>,
    /// The hardest steps (see the module doc), in path order.
    pub bottlenecks: Vec<Bottleneck>,
    /// The outcome of [`Analysis::check`], one per requirement; empty until it is called.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<RequirementCheck>,
    /// Why the input could not be read, or why the puzzle has no single solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
    /// The path itself, kept for [`Analysis::check`]; the analysis is its summary.
    #[serde(skip)]
    path: Vec<Technique>,
}

impl Analysis {
    /// The analysis of a trace and the puzzle's rating.
    pub fn of(trace: &Trace, rating: &PuzzleRating) -> Analysis {
        let givens = trace.end.givens();
        Analysis {
            puzzle: trace.puzzle.clone(),
            status: trace.status,
            profile: None,
            givens: givens.len() as usize,
            symmetry: symmetries_of(givens),
            rating: rating.clone(),
            steps: trace.steps.len(),
            techniques: histogram(&trace.steps),
            bottlenecks: bottlenecks(&trace.steps, trace.status == Status::Solved),
            requirements: vec![],
            error: None,
            path: trace.steps.iter().map(|s| s.technique).collect(),
        }
    }

    /// The analysis of input that could not be read.
    pub fn invalid(error: String) -> Analysis {
        Analysis {
            puzzle: String::new(),
            status: Status::Invalid,
            profile: None,
            givens: 0,
            symmetry: vec![],
            rating: PuzzleRating::none(),
            steps: 0,
            techniques: vec![],
            bottlenecks: vec![],
            requirements: vec![],
            error: Some(error),
            path: vec![],
        }
    }

    /// Whether the path uses the technique.
    pub fn requires(&self, technique: Technique) -> bool {
        self.path.contains(&technique)
    }

    /// Checks each requirement against the path and records the outcome in `requirements`;
    /// returns whether every one is met. A puzzle without a path (invalid, no solution,
    /// several) records no check, so batch tallies count only puzzles that were solved or
    /// got stuck, and meets a requirement only when there is none.
    pub fn check(&mut self, requirements: &[Requirement]) -> bool {
        if !self.succeeded() {
            self.requirements.clear();
            return requirements.is_empty();
        }
        self.requirements = requirements
            .iter()
            .map(|r| {
                let step = self
                    .path
                    .iter()
                    .position(|t| r.techniques.contains(t))
                    .map(|i| i + 1);
                RequirementCheck {
                    require: r.name.clone(),
                    met: step.is_some(),
                    step,
                }
            })
            .collect();
        self.requirements.iter().all(|r| r.met)
    }

    /// Whether the puzzle could be read and has one solution (its path solved or stuck).
    pub fn succeeded(&self) -> bool {
        matches!(self.status, Status::Solved | Status::Stuck)
    }

    /// The analysis as text, a few lines per puzzle.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        if !self.puzzle.is_empty() {
            out.push_str(&format!("Puzzle: {}\n", self.puzzle));
        }
        if !self.succeeded() {
            let why = self.error.as_deref().unwrap_or("");
            out.push_str(&format!("Status: {}: {why}\n", status_word(self.status)));
            return out;
        }
        let symmetry = if self.symmetry.is_empty() {
            "none".to_string()
        } else {
            let names: Vec<&str> = self.symmetry.iter().map(|s| s.name()).collect();
            names.join(", ")
        };
        out.push_str(&format!("Givens: {}; symmetry: {symmetry}\n", self.givens));
        let plural = if self.steps == 1 { "" } else { "s" };
        out.push_str(&format!(
            "Status: {} after {} step{plural}\n",
            status_word(self.status),
            self.steps
        ));
        out.push_str(&format!("Rating: {}\n", self.rating.to_text()));
        if !self.techniques.is_empty() {
            out.push_str("Techniques:\n");
            for t in &self.techniques {
                out.push_str(&format!("  {:>4}  {} [{}]\n", t.count, t.technique, t.slug));
            }
        }
        if !self.bottlenecks.is_empty() {
            out.push_str(&format!(
                "Bottlenecks (the hardest steps, rated at most {BOTTLENECK_MARGIN:.1} below the top; at most {MAX_BOTTLENECKS}):\n"
            ));
            for b in &self.bottlenecks {
                out.push_str(&format!(
                    "  step {} ({:.1}): {}\n",
                    b.step, b.rating, b.notation
                ));
                out.push_str(&format!("    {}\n", b.consequences()));
            }
        }
        for r in &self.requirements {
            match r.step {
                Some(step) => out.push_str(&format!("Requires {}: yes (step {step})\n", r.require)),
                None => out.push_str(&format!("Requires {}: no\n", r.require)),
            }
        }
        out
    }
}

/// The status as `explain` and `rate` print it.
pub(crate) fn status_word(status: Status) -> &'static str {
    status.word()
}

/// Steps per technique, in catalog order.
pub fn histogram(steps: &[Step]) -> Vec<TechniqueCount> {
    let mut counts: BTreeMap<Technique, usize> = BTreeMap::new();
    for step in steps {
        *counts.entry(step.technique).or_default() += 1;
    }
    counts
        .into_iter()
        .map(|(technique, count)| TechniqueCount {
            technique,
            slug: technique.slug(),
            count,
        })
        .collect()
}

/// A rating in tenths, as printed, so that comparisons are exact.
fn tenths(rating: f64) -> i64 {
    (round_rating(rating) * 10.0).round() as i64
}

/// The bottleneck steps of a path (see the module documentation); `solved` says whether the
/// path reaches the solution, so that singles running to its end finish the puzzle.
pub fn bottlenecks(steps: &[Step], solved: bool) -> Vec<Bottleneck> {
    let Some(top) = steps.iter().map(|s| tenths(s.rating())).max() else {
        return vec![];
    };
    let threshold = top - (BOTTLENECK_MARGIN * 10.0).round() as i64;
    let hard = |i: &usize| tenths(steps[*i].rating()) >= threshold;
    let mut chosen: Vec<usize> = (0..steps.len()).filter(hard).collect();
    // Hardest first, earlier first among equals; keep the first few, then path order.
    chosen.sort_by_key(|&i| (std::cmp::Reverse(tenths(steps[i].rating())), i));
    chosen.truncate(MAX_BOTTLENECKS);
    chosen.sort_unstable();
    chosen
        .into_iter()
        .map(|i| {
            let step = &steps[i];
            let singles: Vec<&Step> = steps[i + 1..]
                .iter()
                .take_while(|s| s.technique.family() == Family::Singles)
                .collect();
            let next_hard = (i + 1..steps.len()).find(hard);
            let placed_before_next_hard = steps[i + 1..next_hard.unwrap_or(steps.len())]
                .iter()
                .map(|s| s.placements.len())
                .sum();
            Bottleneck {
                step: i + 1,
                technique: step.technique,
                slug: step.technique.slug(),
                rating: round_rating(step.rating()),
                notation: step.notation(),
                unlocks: singles
                    .iter()
                    .map(|s| placements_notation(&s.placements))
                    .collect(),
                finishes: solved && i + 1 + singles.len() == steps.len(),
                next_hard: next_hard.map(|j| j + 1),
                placed_before_next_hard,
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::pipeline::{solve, Options};
    use crate::rating::PuzzleRating;

    /// The second puzzle of `examples/graded.txt` (SE 3.4/1.2/1.2).
    const HIDDEN_PAIR: &str =
        "...87..2..945..1....34....7..6.5.........7..2.7.....6...9.........326..1.4...8...";

    fn analysis_of(line: &str) -> Analysis {
        let cells: [u8; 81] = std::array::from_fn(|i| {
            let b = line.as_bytes()[i];
            if b.is_ascii_digit() {
                b - b'0'
            } else {
                0
            }
        });
        let trace = solve(&Grid::from_puzzle(&cells), &Options::sudoku_explainer());
        Analysis::of(&trace, &PuzzleRating::of(Some(("se", &trace)), None))
    }

    #[test]
    fn histogram_counts_each_technique_in_catalog_order() {
        let a = analysis_of(HIDDEN_PAIR);
        assert_eq!(a.status, Status::Solved);
        let total: usize = a.techniques.iter().map(|t| t.count).sum();
        assert_eq!(total, a.steps);
        assert!(a
            .techniques
            .windows(2)
            .all(|w| w[0].technique < w[1].technique));
        let count = |t: Technique| {
            a.techniques
                .iter()
                .find(|c| c.technique == t)
                .map_or(0, |c| c.count)
        };
        assert_eq!(count(Technique::HiddenPair), 1);
        assert_eq!(count(Technique::DirectHiddenTriple), 1);
        assert_eq!(count(Technique::XWing), 0);
        assert!(a
            .techniques
            .iter()
            .all(|c| c.count > 0 && c.slug == c.technique.slug()));
    }

    #[test]
    fn hidden_pair_puzzle_bottlenecks() {
        let a = analysis_of(HIDDEN_PAIR);
        assert_eq!(
            (a.rating.er, a.rating.ep, a.rating.ed),
            (Some(3.4), Some(1.2), Some(1.2))
        );
        assert_eq!(a.givens, 23);
        let got: Vec<(usize, &str, f64)> = a
            .bottlenecks
            .iter()
            .map(|b| (b.step, b.slug, b.rating))
            .collect();
        // The Hidden Pair (3.4) first, then the earliest two Naked Pairs (3.0), both within 0.5.
        assert_eq!(
            got,
            vec![
                (11, "naked-pair", 3.0),
                (14, "hidden-pair", 3.4),
                (22, "naked-pair", 3.0)
            ]
        );
        let hidden_pair = &a.bottlenecks[1];
        assert_eq!(
            hidden_pair.notation,
            "Hidden Pair: 2,8 in r3c1,r3c2 => r3c12<>156"
        );
        // Locked candidates follow it directly: it unlocks no single. The Direct Hidden
        // Triple and three Hidden Singles place four cells before the Naked Pair of step 22.
        assert!(hidden_pair.unlocks.is_empty());
        assert!(!hidden_pair.finishes);
        let next: Vec<(Option<usize>, usize)> = a
            .bottlenecks
            .iter()
            .map(|b| (b.next_hard, b.placed_before_next_hard))
            .collect();
        assert_eq!(next, vec![(Some(14), 0), (Some(22), 4), (Some(23), 0)]);
    }

    /// The third puzzle of `examples/graded.txt` (SE 7.1): three chain steps within 0.5 of
    /// the Forcing Chain that rates it, the last of which leaves only singles.
    #[test]
    fn forcing_chain_puzzle_bottlenecks_and_what_they_unlock() {
        let a = analysis_of(
            "................12..3.45..............6..34...1.....7...8...5...2.76.....9.1.....",
        );
        assert_eq!(a.rating.er, Some(7.1));
        let got: Vec<(usize, &str, f64, Option<usize>, usize)> = a
            .bottlenecks
            .iter()
            .map(|b| {
                (
                    b.step,
                    b.slug,
                    b.rating,
                    b.next_hard,
                    b.placed_before_next_hard,
                )
            })
            .collect();
        assert_eq!(
            got,
            vec![
                (41, "forcing-x-chain", 6.7, Some(42), 0),
                (42, "bidirectional-cycle", 7.0, Some(45), 0),
                (45, "forcing-chain", 7.1, None, 34),
            ]
        );
        let last = &a.bottlenecks[2];
        assert_eq!(last.unlocks.len(), 34);
        assert_eq!(
            last.unlocks[..6],
            ["r6c1=4", "r4c1=8", "r5c9=8", "r5c4=9", "r1c5=9", "r6c5=8"]
        );
        assert!(last.finishes);
        assert_eq!(a.steps, 45 + 34);
        assert!(a.bottlenecks[..2]
            .iter()
            .all(|b| b.unlocks.is_empty() && !b.finishes));
        assert_eq!(
            last.consequences(),
            "unlocks 34 cells by singles: r6c1=4, r4c1=8, r5c9=8, r5c4=9, r1c5=9, r6c5=8 and 28 more; \
             singles then finish the puzzle"
        );
        assert_eq!(
            a.bottlenecks[1].consequences(),
            "unlocks no single; then 0 cells placed before step 45, the next hard one"
        );
    }

    /// The fifth puzzle of `examples/graded.txt` (SE 9.0): more steps than the cap lie within
    /// 0.5 of the top, so the three hardest, earliest first, are kept.
    #[test]
    fn at_most_three_bottlenecks_the_hardest_kept() {
        let a = analysis_of(
            "...5..94..5.6...8...4.9.3..3...7.1..4........297......6..95...25..2...1..2..8....",
        );
        assert_eq!(a.rating.er, Some(9.0));
        let near_top: usize = a
            .techniques
            .iter()
            .filter(|t| t.technique.se_rating() >= 8.5)
            .map(|t| t.count)
            .sum();
        assert!(near_top > MAX_BOTTLENECKS, "{near_top}");
        let got: Vec<(usize, f64)> = a.bottlenecks.iter().map(|b| (b.step, b.rating)).collect();
        assert_eq!(got, vec![(34, 9.0), (35, 9.0), (41, 9.0)]);
        assert_eq!(a.bottlenecks[2].next_hard, None);
    }

    #[test]
    fn an_all_singles_path_ends_with_its_hardest_single() {
        let a = analysis_of(
            "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79",
        );
        assert_eq!(a.rating.er, Some(1.2));
        assert_eq!(a.symmetry, vec![Symmetry::Rotational180]);
        assert_eq!(a.givens, 30);
        // Three 1.2 Hidden Singles, the first three; each unlocks the singles to the end.
        let steps: Vec<usize> = a.bottlenecks.iter().map(|b| b.step).collect();
        assert_eq!(steps, vec![1, 2, 3]);
        assert!(a.bottlenecks.iter().all(|b| b.finishes));
        assert_eq!(a.bottlenecks[0].unlocks.len(), a.steps - 1);
        assert_eq!(a.bottlenecks[0].unlocks[0], "r1c4=6");
        assert_eq!(a.bottlenecks[0].next_hard, Some(2));
    }

    #[test]
    fn requirements_name_the_first_step() {
        let mut a = analysis_of(HIDDEN_PAIR);
        assert!(a.requires(Technique::HiddenPair));
        assert!(!a.requires(Technique::XWing));
        let hidden_pair = Requirement::parse("hidden pair").unwrap();
        let x_wing = Requirement::parse("x-wing").unwrap();
        assert!(a.check(std::slice::from_ref(&hidden_pair)));
        assert_eq!(a.requirements[0].step, Some(14));
        assert!(!a.check(&[hidden_pair, x_wing]));
        assert_eq!(a.requirements[1].require, "X-Wing");
        assert!(!a.requirements[1].met);
        let mut invalid = Analysis::invalid("line 1: bad".into());
        assert!(!invalid.check(&[Requirement::parse("x-wing").unwrap()]));
        assert!(invalid.requirements.is_empty());
        assert!(invalid.check(&[]));
    }

    #[test]
    fn shared_names_stand_for_every_technique_that_bears_them() {
        let any = Requirement::parse("Hidden Single").unwrap();
        assert_eq!(
            any.techniques,
            vec![Technique::HiddenSingleBox, Technique::HiddenSingleLine]
        );
        let line = Requirement::parse("hidden-single-line").unwrap();
        assert_eq!(line.techniques, vec![Technique::HiddenSingleLine]);
        assert_eq!(line.name, "hidden-single-line");
        assert_eq!(
            Requirement::parse("lc1").unwrap().name,
            "Locked Candidates Type 1 (Pointing)"
        );
        assert_eq!(Requirement::parse("x-wign"), None);
    }
}
