//! Agreement with a reference rater: how closely Stepwise's ER/EP/ED match the ratings a file
//! of puzzles was given by another program (Sudoku Explainer 1.2.1, Sukaku Explainer), and
//! where the two solving paths part.
//!
//! Owns the reading of rated files ([`read_references`]: `puzzle er [ep ed]` columns separated
//! by tabs or spaces, `#` comment lines), of Sudoku Explainer's printed solving paths
//! ([`read_se_paths`], the format described at the top of `se121-paths.txt`), the agreement
//! table per ER band ([`AgreementTable`]), the ranking of the worst disagreements
//! ([`WorstDisagreements`]) and the step-by-step alignment of two paths ([`align`]).
//! It sits beside [`crate::rating`]: it rates nothing itself and prints nothing; the
//! `stepwise compare` command does the solving and the rendering.
//!
//! Closeness classes are exclusive, so a row's four counts add up to its puzzles: *exact*
//! (the same value to one decimal), *within 0.1*, *within 0.5* (more than 0.1, at most 0.5) and
//! *worse*. *Within 0.2* (exact included) is counted besides, the band a rating is usually held to.
//! A band is chosen by the reference's ER; a puzzle Stepwise cannot finish rates 20.0.

use std::collections::{BTreeMap, BTreeSet};

use serde::Serialize;

use crate::format::check_conflicts;
use crate::geometry::cell_name;
use crate::rating::Rating;
use crate::step::{round_rating, Step};

/// Tolerance for comparing ratings that were rounded to one decimal.
const EPSILON: f64 = 1e-6;

/// A malformed line of a reference or paths file: its 1-based number and what is wrong.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BadLine {
    /// The 1-based line in the file.
    pub line: usize,
    /// What is wrong with it.
    pub message: String,
}

impl std::fmt::Display for BadLine {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "line {}: {}", self.line, self.message)
    }
}

/// One rated puzzle of a reference file.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Reference {
    /// 1-based line in the file.
    pub line: usize,
    /// The puzzle as an 81-character line, `.` for empty cells.
    pub puzzle: String,
    /// The same puzzle as cells, row-major, 0 for empty.
    #[serde(skip)]
    pub cells: [u8; 81],
    /// The reference's ER.
    pub er: f64,
    /// The reference's EP; absent in files that give ER only (`sukaku-exchange.tsv`) and
    /// where the file writes `-`.
    pub ep: Option<f64>,
    /// The reference's ED; absent as EP is.
    pub ed: Option<f64>,
}

/// Reads a rated file line by line: each non-comment line is a puzzle, its ER and optionally
/// its EP and ED (`-` for one not given). Each line yields the reference or the reason it was rejected, so one bad
/// line costs nothing else.
pub fn read_references(text: &str) -> impl Iterator<Item = Result<Reference, BadLine>> + '_ {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim_start().starts_with('#'))
        .map(|(i, l)| parse_reference_line(i + 1, l))
}

fn parse_reference_line(line: usize, text: &str) -> Result<Reference, BadLine> {
    let bad = |message: String| BadLine { line, message };
    let mut fields = text.split_whitespace();
    let puzzle_field = fields.next().unwrap_or("");
    let cells = parse_cells(puzzle_field).map_err(bad)?;
    let mut rating = |name: &str, required: bool| -> Result<Option<f64>, BadLine> {
        match fields.next() {
            None if required => Err(bad(format!("missing the {name} column"))),
            None => Ok(None),
            // Lists posted on the forum write `-` where a rating was not given.
            Some("-") if !required => Ok(None),
            Some(v) => match v.parse::<f64>() {
                Ok(x) if x.is_finite() && x >= 0.0 => Ok(Some(x)),
                _ => Err(bad(format!("{name} '{v}' is not a rating"))),
            },
        }
    };
    let er = rating("ER", true)?.expect("required");
    let ep = rating("EP", false)?;
    let ed = rating("ED", false)?;
    Ok(Reference {
        line,
        puzzle: cells
            .iter()
            .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
            .collect(),
        cells,
        er,
        ep,
        ed,
    })
}

/// The 81 cells of a puzzle field, `1`-`9` for givens and `.` or `0` for empty cells.
fn parse_cells(field: &str) -> Result<[u8; 81], String> {
    let count = field.chars().count();
    if count != 81 {
        return Err(format!("puzzle has {count} cells, expected 81"));
    }
    let mut cells = [0u8; 81];
    for (i, ch) in field.chars().enumerate() {
        cells[i] = match ch {
            '.' | '0' => 0,
            '1'..='9' => ch as u8 - b'0',
            _ => return Err(format!("unexpected character '{ch}' in cell {}", i + 1)),
        };
    }
    check_conflicts(&cells).map_err(|e| e.to_string())?;
    Ok(cells)
}

/// One step of a Sudoku Explainer path as printed:
/// `<n> <rating>, <technique>: <detail>: <deductions>`.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SeStep {
    /// The step's number as printed (1-based).
    pub number: usize,
    /// The step's rating as printed.
    pub rating: f64,
    /// SE's name of the technique, as printed.
    pub technique: String,
    /// Eliminations and placements in Stepwise's spelling, one per candidate
    /// (`r4c3<>1`, `r5c6=7`), so they compare with [`deductions`].
    pub deductions: BTreeSet<String>,
    /// The line as SE printed it.
    pub text: String,
}

/// A Sudoku Explainer solving path and the ratings it ended with.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct SePath {
    /// The puzzle as an 81-character line, `.` for empty cells.
    pub puzzle: String,
    /// The steps in order.
    pub steps: Vec<SeStep>,
    /// ER/EP/ED from the closing `ED=` line, if present.
    pub ratings: Option<(f64, f64, f64)>,
}

/// Reads a file of SE paths: `# <puzzle>` opens a path, numbered step lines follow, `ED=er/ep/ed`
/// closes it. Other `#` lines are comments. Paths are keyed by puzzle (81 characters, `.` for
/// empty cells); malformed step lines are returned beside them.
pub fn read_se_paths(text: &str) -> (BTreeMap<String, SePath>, Vec<BadLine>) {
    let mut paths: BTreeMap<String, SePath> = BTreeMap::new();
    let mut bad = Vec::new();
    let mut current: Option<SePath> = None;
    for (i, line) in text.lines().enumerate() {
        let number = i + 1;
        let trimmed = line.trim();
        if trimmed.is_empty() {
            continue;
        }
        if let Some(rest) = trimmed.strip_prefix('#') {
            let field = rest.trim();
            if let Ok(cells) = parse_cells(field) {
                if let Some(done) = current.take() {
                    paths.insert(done.puzzle.clone(), done);
                }
                current = Some(SePath {
                    puzzle: line_of(&cells),
                    steps: Vec::new(),
                    ratings: None,
                });
            }
            continue;
        }
        let Some(path) = current.as_mut() else {
            bad.push(BadLine {
                line: number,
                message: "step line before any '# <puzzle>' line".into(),
            });
            continue;
        };
        if let Some(rest) = trimmed.strip_prefix("ED=") {
            let values: Vec<Option<f64>> = rest.split('/').map(|v| v.trim().parse().ok()).collect();
            match values[..] {
                [Some(er), Some(ep), Some(ed)] => path.ratings = Some((er, ep, ed)),
                _ => bad.push(BadLine {
                    line: number,
                    message: format!("'{trimmed}' is not ED=<er>/<ep>/<ed>"),
                }),
            }
            continue;
        }
        match parse_se_step(trimmed) {
            Ok(step) => path.steps.push(step),
            Err(message) => bad.push(BadLine {
                line: number,
                message,
            }),
        }
    }
    if let Some(done) = current {
        paths.insert(done.puzzle.clone(), done);
    }
    (paths, bad)
}

fn line_of(cells: &[u8; 81]) -> String {
    cells
        .iter()
        .map(|&d| if d == 0 { '.' } else { (b'0' + d) as char })
        .collect()
}

fn parse_se_step(line: &str) -> Result<SeStep, String> {
    let malformed = || format!("'{line}' is not '<n> <rating>, <technique>: ...'");
    let (head, rest) = line.split_once(", ").ok_or_else(malformed)?;
    let mut head_fields = head.split_whitespace();
    let number = head_fields
        .next()
        .and_then(|n| n.parse::<usize>().ok())
        .ok_or_else(malformed)?;
    let rating = head_fields
        .next()
        .and_then(|r| r.parse::<f64>().ok())
        .ok_or_else(malformed)?;
    let technique = rest.split(": ").next().unwrap_or("").trim().to_string();
    let tail = rest.rsplit_once(": ").map(|(_, d)| d).unwrap_or("");
    let mut deductions = BTreeSet::new();
    for token in tail
        .split(", ")
        .map(str::trim)
        .filter(|t| t.starts_with('r'))
    {
        match token.split_once("<>") {
            Some((cell, digits)) => {
                for d in digits.split(',') {
                    deductions.insert(format!("{cell}<>{}", d.trim()));
                }
            }
            None => {
                deductions.insert(token.to_string());
            }
        }
    }
    Ok(SeStep {
        number,
        rating,
        technique,
        deductions,
        text: line.to_string(),
    })
}

/// A step's eliminations and placements, one string per candidate (`r1c2<>3`, `r4c5=6`), in the
/// spelling [`SeStep::deductions`] uses.
pub fn deductions(step: &Step) -> BTreeSet<String> {
    let mut out: BTreeSet<String> = step
        .eliminations
        .iter()
        .map(|e| format!("{}<>{}", cell_name(e.cell), e.digit))
        .collect();
    out.extend(
        step.placements
            .iter()
            .map(|p| format!("{}={}", cell_name(p.cell), p.digit)),
    );
    out
}

/// Whether Stepwise's step is SE's step: the same rating to one decimal and the same deductions.
pub fn same_step(se: &SeStep, ours: &Step) -> bool {
    (round_rating(ours.rating()) - se.rating).abs() < EPSILON && deductions(ours) == se.deductions
}

/// One row of two aligned paths: the step number and each side's step, if the path has one.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct AlignedStep {
    /// The 1-based step number.
    pub number: usize,
    /// `rating technique: deductions`, as SE printed it (detail left out); `None` past the
    /// end of SE's path.
    pub se: Option<String>,
    /// Stepwise's step as [`step_summary`] writes it; `None` past the end of Stepwise's path.
    pub ours: Option<String>,
    /// Whether the two are the same step ([`same_step`]).
    pub same: bool,
}

/// Two paths side by side, aligned by step number, and the first row where they differ.
#[derive(Debug, Clone, PartialEq, Serialize)]
pub struct Alignment {
    /// One row per step number, as many as the longer path has steps.
    pub rows: Vec<AlignedStep>,
    /// Index into `rows` of the first differing row (`None`: identical paths).
    pub first_divergence: Option<usize>,
}

/// Aligns SE's path with Stepwise's by step number. After the first difference the paths are
/// no longer comparable step for step, but both are kept so the reader sees where each went.
pub fn align(se: &[SeStep], ours: &[Step]) -> Alignment {
    let length = se.len().max(ours.len());
    let mut rows = Vec::with_capacity(length);
    let mut first_divergence = None;
    for i in 0..length {
        let theirs = se.get(i);
        let mine = ours.get(i);
        let same = match (theirs, mine) {
            (Some(a), Some(b)) => same_step(a, b),
            _ => false,
        };
        if !same && first_divergence.is_none() {
            first_divergence = Some(i);
        }
        rows.push(AlignedStep {
            number: i + 1,
            se: theirs.map(se_summary),
            ours: mine.map(step_summary),
            same,
        });
    }
    Alignment {
        rows,
        first_divergence,
    }
}

fn se_summary(step: &SeStep) -> String {
    let tail = step.text.rsplit_once(": ").map(|(_, d)| d).unwrap_or("");
    format!("{:.1} {}: {}", step.rating, step.technique, tail)
}

/// `rating notation` of one of Stepwise's steps.
pub fn step_summary(step: &Step) -> String {
    format!("{:.1} {}", round_rating(step.rating()), step.notation())
}

/// How close one of Stepwise's values is to the reference's.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub(crate) enum Closeness {
    /// The same to one decimal.
    Exact,
    /// Not exact, at most 0.1 apart.
    Within01,
    /// More than 0.1, at most 0.5 apart.
    Within05,
    /// More than 0.5 apart.
    Worse,
}

impl Closeness {
    /// The class of `ours` against `reference`.
    pub fn of(ours: f64, reference: f64) -> Closeness {
        let d = (ours - reference).abs();
        if d < EPSILON {
            Closeness::Exact
        } else if d <= 0.1 + EPSILON {
            Closeness::Within01
        } else if d <= 0.5 + EPSILON {
            Closeness::Within05
        } else {
            Closeness::Worse
        }
    }
}

/// Counts of one measure (ER, EP or ED) over a set of puzzles.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize)]
pub struct Counts {
    /// Puzzles whose reference gives this measure.
    pub compared: usize,
    /// The same value to one decimal.
    pub exact: usize,
    /// Not exact, at most 0.1 away.
    pub within_0_1: usize,
    /// More than 0.1, at most 0.5 away.
    pub within_0_5: usize,
    /// More than 0.5 away.
    pub worse: usize,
    /// Exact or at most 0.2 away (overlaps the classes above).
    pub within_0_2: usize,
}

impl Counts {
    fn add(&mut self, ours: f64, reference: f64) {
        self.compared += 1;
        match Closeness::of(ours, reference) {
            Closeness::Exact => self.exact += 1,
            Closeness::Within01 => self.within_0_1 += 1,
            Closeness::Within05 => self.within_0_5 += 1,
            Closeness::Worse => self.worse += 1,
        }
        if (ours - reference).abs() <= 0.2 + EPSILON {
            self.within_0_2 += 1;
        }
    }
}

/// One band of the table (or the total): its label, puzzles and the counts per measure.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct BandRow {
    /// The band's label, by the reference's ER (`7.0-7.9`, `11.0+`), or `total`.
    pub band: String,
    /// The puzzles counted in the row.
    pub puzzles: usize,
    /// How close Stepwise's ER is to the reference's.
    pub er: Counts,
    /// How close Stepwise's EP is, over the puzzles whose reference gives one.
    pub ep: Counts,
    /// How close Stepwise's ED is, over the puzzles whose reference gives one.
    pub ed: Counts,
}

impl BandRow {
    fn new(band: &str) -> BandRow {
        BandRow {
            band: band.to_string(),
            puzzles: 0,
            er: Counts::default(),
            ep: Counts::default(),
            ed: Counts::default(),
        }
    }
}

/// The ER bands of the table: 1.0-1.9 up to 10.0-10.9, then 11.0 and above.
pub(crate) const BANDS: [&str; 11] = [
    "1.0-1.9",
    "2.0-2.9",
    "3.0-3.9",
    "4.0-4.9",
    "5.0-5.9",
    "6.0-6.9",
    "7.0-7.9",
    "8.0-8.9",
    "9.0-9.9",
    "10.0-10.9",
    "11.0+",
];

/// The band index of a reference ER (below 1.0 counts in the first band).
pub(crate) fn band_of(er: f64) -> usize {
    let whole = (er + EPSILON).floor();
    (whole.clamp(1.0, 11.0) as usize) - 1
}

/// Agreement per ER band of the reference and in total.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct AgreementTable {
    /// One row per ER band, 1.0-1.9 up to 10.0-10.9, then 11.0 and above; empty bands
    /// included (see [`AgreementTable::occupied_bands`]).
    pub bands: Vec<BandRow>,
    /// Every puzzle counted.
    pub total: BandRow,
}

impl Default for AgreementTable {
    fn default() -> AgreementTable {
        AgreementTable {
            bands: BANDS.iter().map(|b| BandRow::new(b)).collect(),
            total: BandRow::new("total"),
        }
    }
}

impl AgreementTable {
    /// Counts one puzzle: the reference's ratings against Stepwise's.
    pub fn add(&mut self, reference: &Reference, ours: &Rating) {
        let band = band_of(reference.er);
        for row in [&mut self.bands[band], &mut self.total] {
            row.puzzles += 1;
            row.er.add(ours.er, reference.er);
            if let Some(ep) = reference.ep {
                row.ep.add(ours.ep, ep);
            }
            if let Some(ed) = reference.ed {
                row.ed.add(ours.ed, ed);
            }
        }
    }

    /// The bands that hold puzzles, in order.
    pub fn occupied_bands(&self) -> impl Iterator<Item = &BandRow> {
        self.bands.iter().filter(|b| b.puzzles > 0)
    }
}

/// The `k` puzzles with the largest |ΔER| seen so far (ties: the earlier line first), each
/// with a payload (the caller's trace). Only `k` payloads are held, whatever the file's size.
#[derive(Debug, Clone)]
pub struct WorstDisagreements<T> {
    k: usize,
    entries: Vec<(f64, usize, T)>,
}

impl<T> WorstDisagreements<T> {
    /// An empty ranking that keeps the `k` worst.
    pub fn new(k: usize) -> WorstDisagreements<T> {
        WorstDisagreements {
            k,
            entries: Vec::new(),
        }
    }

    /// Offers a puzzle of ER difference `delta` (absolute) from file line `line`; equal
    /// ratings are never a disagreement.
    pub fn offer(&mut self, delta: f64, line: usize, payload: T) {
        if self.k == 0 || delta < EPSILON {
            return;
        }
        if self.entries.len() == self.k {
            let (last_delta, _, _) = self.entries[self.k - 1];
            if delta <= last_delta + EPSILON {
                return;
            }
        }
        let at = self
            .entries
            .iter()
            .position(|(d, _, _)| delta > *d + EPSILON)
            .unwrap_or(self.entries.len());
        self.entries.insert(at, (delta, line, payload));
        self.entries.truncate(self.k);
    }

    /// The worst first.
    pub fn into_sorted(self) -> Vec<(f64, usize, T)> {
        self.entries
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::grid::Grid;
    use crate::pipeline::{solve, Options};
    use crate::rating::rate;

    const EASY: &str =
        "...784...25.631.7......23.6...54.2.1.2.....4.7.4.18...4.61......3.496.87...823...";

    #[test]
    fn reference_lines_are_read_and_bad_ones_named() {
        let text = format!(
            "# puzzle\ter\n{EASY}\t1.2\t1.2\t1.2\n{EASY}\t2.5\t-\t-\nshort\t1.0\n{EASY}\tfast\n{EASY}\n"
        );
        let got: Vec<_> = read_references(&text).collect();
        assert_eq!(got.len(), 5);
        let first = got[0].as_ref().unwrap();
        assert_eq!((first.line, first.er, first.ep), (2, 1.2, Some(1.2)));
        let second = got[1].as_ref().unwrap();
        assert_eq!((second.er, second.ep, second.ed), (2.5, None, None));
        assert_eq!(
            got[2].as_ref().unwrap_err().to_string(),
            "line 4: puzzle has 5 cells, expected 81"
        );
        assert_eq!(
            got[3].as_ref().unwrap_err().to_string(),
            "line 5: ER 'fast' is not a rating"
        );
        assert_eq!(
            got[4].as_ref().unwrap_err().to_string(),
            "line 6: missing the ER column"
        );
    }

    #[test]
    fn bands_and_closeness() {
        assert_eq!(band_of(1.0), 0);
        assert_eq!(band_of(1.9), 0);
        assert_eq!(band_of(2.0), 1);
        assert_eq!(band_of(9.9), 8);
        assert_eq!(band_of(10.0), 9);
        assert_eq!(band_of(11.0), 10);
        assert_eq!(band_of(11.9), 10);
        assert_eq!(Closeness::of(7.1, 7.1), Closeness::Exact);
        assert_eq!(Closeness::of(7.2, 7.1), Closeness::Within01);
        assert_eq!(Closeness::of(7.6, 7.1), Closeness::Within05);
        assert_eq!(Closeness::of(7.7, 7.1), Closeness::Worse);
    }

    #[test]
    fn table_counts_by_the_references_band() {
        let reference = |er: f64, ep: Option<f64>| Reference {
            line: 1,
            puzzle: EASY.into(),
            cells: [0; 81],
            er,
            ep,
            ed: None,
        };
        let ours = |er: f64| Rating {
            er,
            ep: 1.2,
            ed: 1.2,
            ..Rating::unrated()
        };
        let mut table = AgreementTable::default();
        table.add(&reference(2.0, Some(1.2)), &ours(2.0));
        table.add(&reference(2.5, None), &ours(2.7));
        table.add(&reference(9.0, Some(2.0)), &ours(8.9));
        let two = &table.bands[1];
        assert_eq!(two.puzzles, 2);
        assert_eq!(
            (two.er.exact, two.er.within_0_5, two.er.within_0_2),
            (1, 1, 2)
        );
        assert_eq!(two.ep.compared, 1);
        assert_eq!(table.bands[8].er.within_0_1, 1);
        assert_eq!(table.bands[8].ep.worse, 1);
        assert_eq!(table.total.puzzles, 3);
        assert_eq!(table.total.er.within_0_2, 3);
        assert_eq!(table.occupied_bands().count(), 2);
    }

    #[test]
    fn worst_keeps_the_largest_differences_in_order() {
        let mut worst = WorstDisagreements::new(2);
        worst.offer(0.0, 1, "equal");
        worst.offer(0.3, 2, "a");
        worst.offer(1.0, 3, "b");
        worst.offer(0.3, 4, "tie comes later");
        worst.offer(0.5, 5, "c");
        let got: Vec<_> = worst.into_sorted().into_iter().map(|e| e.2).collect();
        assert_eq!(got, ["b", "c"]);
    }

    #[test]
    fn se_paths_align_with_ours_and_the_divergence_is_marked() {
        let text = format!(
            "# header comment\n# {EASY}\n1 1.2, Hidden Single: B3: 4 in block: r3c2=4\n\
             2 9.9, Made Up: A1: nonsense: r1c1<>5,6\nED=9.9/1.2/1.2\ngarbage\n"
        );
        let (paths, bad) = read_se_paths(&text);
        assert_eq!(bad.len(), 1);
        assert_eq!(bad[0].line, 6);
        let path = &paths[EASY];
        assert_eq!(path.ratings, Some((9.9, 1.2, 1.2)));
        assert_eq!(path.steps.len(), 2);
        assert!(path.steps[1].deductions.contains("r1c1<>6"));
        let trace = solve(&Grid::from_test_line(EASY), &Options::sudoku_explainer());
        assert_eq!(rate(&trace).er, 1.2);
        let alignment = align(&path.steps, &trace.steps);
        assert_eq!(alignment.rows.len(), trace.steps.len());
        assert!(alignment.rows[0].same, "{:?}", alignment.rows[0]);
        assert_eq!(alignment.first_divergence, Some(1));
        assert!(alignment.rows[2].se.is_none());
    }
}
