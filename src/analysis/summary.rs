//! The summary of a batch of analyses: counts per status and per level, the ER histogram, the
//! techniques and how many puzzles use each, and the `--require` tallies.
//!
//! Owns [`Summary`], built one [`Analysis`] at a time (a batch is never held in memory), and
//! its text rendering; [`Summary::to_svg`] draws its ER histogram.
//!
//! ER bands are [`ER_BAND_WIDTH`] (1.0) wide, as the community quotes ER ranges ("SE 9+"):
//! the band 7.0-7.9 holds the puzzles rated 7.0 to 7.9. The histogram runs without gaps from
//! the lowest band with a puzzle to the highest. Stuck paths (ER 20.0, SE's sentinel) are not
//! in a band; they are counted as `stuck`, and puzzles without a rating (invalid, no
//! solution, several) are counted only by status.

use indexmap::IndexMap;
use serde::Serialize;
use strum::IntoEnumIterator;

use super::{status_word, Analysis};
use crate::pipeline::Status;
use crate::technique::{Level, Technique};

/// Width of an ER band.
pub const ER_BAND_WIDTH: f64 = 1.0;

/// One bar of the ER histogram: the puzzles rated `min` to `max`, both as printed.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct ErBand {
    /// The lowest ER of the band (`7.0`).
    pub min: f64,
    /// The highest ER of the band, as printed (`7.9`).
    pub max: f64,
    /// The puzzles rated in the band.
    pub count: usize,
}

/// How many puzzles of the batch use a technique.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct TechniqueUse {
    /// The technique.
    pub technique: Technique,
    /// Its slug.
    pub slug: &'static str,
    /// The puzzles whose path uses it at least once.
    pub puzzles: usize,
}

/// How many puzzles met a `--require` and how many did not.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct RequirementTally {
    /// The requirement's name.
    pub require: String,
    /// The puzzles whose path meets it.
    pub met: usize,
    /// The puzzles solved or stuck whose path does not.
    pub missed: usize,
}

/// The summary of a batch.
#[derive(Debug, Clone, PartialEq, Default, Serialize)]
pub struct Summary {
    /// The analyses counted.
    pub puzzles: usize,
    /// Puzzles per status (`solved`, `stuck`, `invalid`, ...), in that order, non-zero only.
    pub statuses: IndexMap<&'static str, usize>,
    /// Puzzles per HoDoKu level, easiest first; puzzles without a level are not counted here.
    pub levels: IndexMap<String, usize>,
    /// Solved puzzles per ER band, from the lowest band with a puzzle to the highest, without
    /// gaps.
    pub er_histogram: Vec<ErBand>,
    /// Techniques used by at least one puzzle, in catalog order.
    pub techniques: Vec<TechniqueUse>,
    /// The `--require` tallies, in the order the requirements were given.
    #[serde(skip_serializing_if = "Vec::is_empty")]
    pub requirements: Vec<RequirementTally>,
    /// Band index of `er_histogram[0]` (ER tenths / band width in tenths).
    #[serde(skip)]
    first_band: i64,
}

/// A band width in tenths of a rating.
fn band_tenths() -> i64 {
    (ER_BAND_WIDTH * 10.0).round() as i64
}

/// Where a status sorts in `statuses`.
fn status_rank(word: &str) -> usize {
    [
        Status::Solved,
        Status::Stuck,
        Status::Invalid,
        Status::NoSolution,
        Status::MultipleSolutions,
    ]
    .iter()
    .position(|&s| status_word(s) == word)
    .unwrap_or(usize::MAX)
}

/// Where a level sorts in `levels`: HoDoKu's levels in order, then anything else.
fn level_rank(level: &str) -> usize {
    Level::iter()
        .position(|l| l.to_string() == level)
        .unwrap_or(usize::MAX)
}

impl Summary {
    /// An empty summary.
    pub fn new() -> Summary {
        Summary::default()
    }

    /// Counts one analysis in.
    pub fn add(&mut self, analysis: &Analysis) {
        self.puzzles += 1;
        *self
            .statuses
            .entry(status_word(analysis.status))
            .or_default() += 1;
        self.statuses
            .sort_by(|a, _, b, _| status_rank(a).cmp(&status_rank(b)));
        if let (true, Some(level)) = (analysis.succeeded(), &analysis.rating.level) {
            *self.levels.entry(level.to_string()).or_default() += 1;
            self.levels
                .sort_by(|a, _, b, _| level_rank(a).cmp(&level_rank(b)));
        }
        if analysis.status == Status::Solved {
            if let Some(er) = analysis.rating.er {
                self.count_er(er);
            }
        }
        for used in &analysis.techniques {
            match self
                .techniques
                .binary_search_by_key(&used.technique, |t| t.technique)
            {
                Ok(i) => self.techniques[i].puzzles += 1,
                Err(i) => self.techniques.insert(
                    i,
                    TechniqueUse {
                        technique: used.technique,
                        slug: used.slug,
                        puzzles: 1,
                    },
                ),
            }
        }
        for check in &analysis.requirements {
            let tally = match self
                .requirements
                .iter_mut()
                .find(|t| t.require == check.require)
            {
                Some(t) => t,
                None => {
                    self.requirements.push(RequirementTally {
                        require: check.require.clone(),
                        met: 0,
                        missed: 0,
                    });
                    self.requirements.last_mut().expect("just pushed")
                }
            };
            if check.met {
                tally.met += 1;
            } else {
                tally.missed += 1;
            }
        }
    }

    /// Adds a rating to its band, growing the histogram to keep it without gaps.
    fn count_er(&mut self, er: f64) {
        let width = band_tenths();
        let band = (er * 10.0).round() as i64 / width;
        let edges = |b: i64| {
            (
                (b * width) as f64 / 10.0,
                ((b + 1) * width - 1) as f64 / 10.0,
            )
        };
        let empty = |b: i64| {
            let (min, max) = edges(b);
            ErBand { min, max, count: 0 }
        };
        if self.er_histogram.is_empty() {
            self.first_band = band;
            self.er_histogram.push(empty(band));
        }
        while band < self.first_band {
            self.first_band -= 1;
            self.er_histogram.insert(0, empty(self.first_band));
        }
        while band >= self.first_band + self.er_histogram.len() as i64 {
            let next = self.first_band + self.er_histogram.len() as i64;
            self.er_histogram.push(empty(next));
        }
        self.er_histogram[(band - self.first_band) as usize].count += 1;
    }

    /// Puzzles whose path got stuck (ER 20.0, outside the histogram).
    pub fn stuck(&self) -> usize {
        self.statuses
            .get(status_word(Status::Stuck))
            .copied()
            .unwrap_or(0)
    }

    /// The ER histogram as a standalone SVG document (`stepwise analyze --plot`): one bar per
    /// band, a grey one for stuck paths if any, with axes and a title.
    pub fn to_svg(&self) -> String {
        super::plot::er_histogram_svg(self)
    }

    /// The summary as text.
    pub fn to_text(&self) -> String {
        let join = |pairs: Vec<String>| {
            if pairs.is_empty() {
                "none".to_string()
            } else {
                pairs.join(", ")
            }
        };
        let mut out = format!("Summary of {} puzzles\n", self.puzzles);
        out.push_str(&format!(
            "Status: {}\n",
            join(
                self.statuses
                    .iter()
                    .map(|(s, n)| format!("{s} {n}"))
                    .collect()
            )
        ));
        out.push_str(&format!(
            "Levels: {}\n",
            join(
                self.levels
                    .iter()
                    .map(|(l, n)| format!("{l} {n}"))
                    .collect()
            )
        ));
        out.push_str("ER histogram (solved paths):\n");
        let widest = self.er_histogram.iter().map(|b| b.count).max().unwrap_or(0);
        for band in &self.er_histogram {
            // A bar of at most 40 characters, so that a large batch still fits a terminal.
            let bar = if widest == 0 {
                0
            } else {
                (band.count * 40).div_ceil(widest)
            };
            out.push_str(&format!(
                "  {:>4.1}-{:<4.1} {:>6}  {}\n",
                band.min,
                band.max,
                band.count,
                "#".repeat(bar)
            ));
        }
        if self.er_histogram.is_empty() {
            out.push_str("  (no solved puzzle)\n");
        }
        out.push_str("Techniques (puzzles using each):\n");
        for t in &self.techniques {
            out.push_str(&format!(
                "  {:>6}  {} [{}]\n",
                t.puzzles, t.technique, t.slug
            ));
        }
        for r in &self.requirements {
            out.push_str(&format!(
                "Requires {}: {} of {} puzzles\n",
                r.require,
                r.met,
                r.met + r.missed
            ));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::analysis::{Requirement, RequirementCheck, TechniqueCount};

    fn solved(er: f64, level: Option<Level>, techniques: &[Technique]) -> Analysis {
        let mut a = Analysis::invalid(String::new());
        a.status = Status::Solved;
        a.error = None;
        a.rating.er = Some(er);
        a.rating.level = level;
        a.techniques = techniques
            .iter()
            .map(|&technique| TechniqueCount {
                technique,
                slug: technique.slug(),
                count: 1,
            })
            .collect();
        a
    }

    #[test]
    fn bands_run_without_gaps_and_count_each_rating_once() {
        let mut s = Summary::new();
        for er in [7.1, 1.2, 3.4, 3.9, 9.0, 1.0] {
            s.add(&solved(er, Some(Level::Easy), &[]));
        }
        let bands: Vec<(f64, f64, usize)> = s
            .er_histogram
            .iter()
            .map(|b| (b.min, b.max, b.count))
            .collect();
        assert_eq!(
            bands,
            vec![
                (1.0, 1.9, 2),
                (2.0, 2.9, 0),
                (3.0, 3.9, 2),
                (4.0, 4.9, 0),
                (5.0, 5.9, 0),
                (6.0, 6.9, 0),
                (7.0, 7.9, 1),
                (8.0, 8.9, 0),
                (9.0, 9.9, 1),
            ]
        );
    }

    #[test]
    fn statuses_levels_and_techniques_are_counted_in_order() {
        let mut s = Summary::new();
        s.add(&solved(
            4.2,
            Some(Level::Hard),
            &[Technique::XYWing, Technique::NakedSingle],
        ));
        s.add(&Analysis::invalid("line 2: bad".into()));
        s.add(&solved(1.2, Some(Level::Easy), &[Technique::NakedSingle]));
        let mut stuck = solved(20.0, None, &[Technique::NakedSingle]);
        stuck.status = Status::Stuck;
        s.add(&stuck);
        assert_eq!(s.puzzles, 4);
        let statuses: Vec<(&str, usize)> = s.statuses.iter().map(|(k, v)| (*k, *v)).collect();
        assert_eq!(statuses, vec![("solved", 2), ("stuck", 1), ("invalid", 1)]);
        let levels: Vec<(&str, usize)> = s.levels.iter().map(|(k, v)| (k.as_str(), *v)).collect();
        assert_eq!(
            levels,
            vec![("Easy", 1), ("Hard", 1)],
            "a stuck path has no level"
        );
        assert_eq!(s.stuck(), 1);
        // The stuck path's 20.0 is not a band.
        assert_eq!(s.er_histogram.last().unwrap().max, 4.9);
        let uses: Vec<(&str, usize)> = s.techniques.iter().map(|t| (t.slug, t.puzzles)).collect();
        assert_eq!(uses, vec![("naked-single", 3), ("xy-wing", 1)]);
    }

    #[test]
    fn requirements_are_tallied() {
        let mut s = Summary::new();
        let name = Requirement::parse("x-wing").unwrap().name;
        for met in [true, false, false] {
            let mut a = solved(3.2, Some(Level::Hard), &[]);
            a.requirements = vec![RequirementCheck {
                require: name.clone(),
                met,
                step: met.then_some(4),
            }];
            s.add(&a);
        }
        assert_eq!(
            s.requirements,
            vec![RequirementTally {
                require: "X-Wing".into(),
                met: 1,
                missed: 2
            }]
        );
        assert!(s.to_text().contains("Requires X-Wing: 1 of 3 puzzles"));
    }
}
