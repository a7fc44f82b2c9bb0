//! `stepwise compare REFERENCE.tsv`: rates every puzzle of a rated file and prints how well
//! Stepwise's ER/EP/ED agree with the reference's, per ER band, then the worst disagreements
//! with both solving paths side by side. The counting and the alignment are
//! [`stepwise::agreement`]'s; this module solves, renders and sets the exit code.

use std::io::Write;

use serde::Serialize;
use stepwise::agreement::{
    align, read_references, read_se_paths, step_summary, AgreementTable, Alignment, BandRow,
    Counts, Reference, SePath, WorstDisagreements,
};
use stepwise::grid::Grid;
use stepwise::pipeline::{solve, Status, Trace};
use stepwise::rating::{rate, Rating};

use clap::{Args, ValueEnum};
use stepwise::profile::{Profile, RateSettings};
use stepwise::technique::Technique;

use super::{parse_profile, parse_technique, EXIT_FAILED, EXIT_OK};

/// How `compare` prints its report.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum CompareFormat {
    Text,
    Json,
}

#[derive(Args, Debug)]
pub struct CompareArgs {
    /// The rated file: `puzzle er [ep ed]` per line.
    #[arg(value_name = "REFERENCE")]
    pub reference: String,
    /// Sudoku Explainer's solving paths (the se121-paths.txt format), shown beside ours.
    #[arg(long, value_name = "SE-PATHS")]
    pub paths: Option<String>,
    /// How many of the worst ER disagreements to list with their paths.
    #[arg(long, default_value_t = 10, value_name = "K")]
    pub worst: usize,
    /// Rate only the first N puzzles of the file.
    #[arg(long, value_name = "N")]
    pub limit: Option<usize>,
    /// Technique profile to rate with (its path is rated on SE's scale).
    #[arg(long, value_parser = parse_profile, default_value = "se")]
    pub profile: Profile,
    /// Comma-separated techniques to rate with, in the order given; overrides --profile (to
    /// measure a candidate rule set against a reference).
    #[arg(long, value_delimiter = ',', value_parser = parse_technique)]
    pub techniques: Vec<Technique>,
    /// Output: a text report or one JSON object.
    #[arg(long, value_enum, default_value = "text")]
    pub format: CompareFormat,
}

/// Width of the SE column in the side-by-side paths.
const SE_COLUMN: usize = 64;
/// Identical steps shown before the first divergence (earlier ones are summarized).
const CONTEXT_BEFORE: usize = 3;

/// One of the worst disagreements, as rendered.
#[derive(Serialize)]
struct Disagreement {
    line: usize,
    puzzle: String,
    reference: (f64, Option<f64>, Option<f64>),
    ours: (f64, f64, f64),
    hardest: Option<stepwise::technique::Technique>,
    status: String,
    /// `None` when the paths file does not hold this puzzle (or none was given).
    alignment: Option<Alignment>,
    /// Stepwise's path alone, when SE's is not available.
    ours_path: Vec<String>,
}

#[derive(Serialize)]
struct Report<'a> {
    reference: &'a str,
    profile: String,
    puzzles: usize,
    stuck: usize,
    bad_lines: usize,
    table: &'a AgreementTable,
    worst: &'a [Disagreement],
}

pub fn run(args: &CompareArgs) -> i32 {
    let settings = RateSettings::select(Some(args.profile), &args.techniques, false);
    let options = settings
        .shown()
        .expect("a named profile takes a path")
        .options
        .clone();
    let text = match std::fs::read_to_string(&args.reference) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("error: {}: cannot read: {e}", args.reference);
            return EXIT_FAILED;
        }
    };
    let mut bad_lines = 0;
    let se_paths = match &args.paths {
        None => None,
        Some(path) => match std::fs::read_to_string(path) {
            Ok(t) => {
                let (paths, bad) = read_se_paths(&t);
                for b in &bad {
                    eprintln!("error: {path}: {b}");
                }
                bad_lines += bad.len();
                Some(paths)
            }
            Err(e) => {
                eprintln!("error: {path}: cannot read: {e}");
                return EXIT_FAILED;
            }
        },
    };
    let mut table = AgreementTable::default();
    let mut worst: WorstDisagreements<(Reference, Rating, Trace)> =
        WorstDisagreements::new(args.worst);
    let (mut puzzles, mut stuck) = (0, 0);
    for entry in read_references(&text).take(args.limit.unwrap_or(usize::MAX)) {
        let reference = match entry {
            Ok(r) => r,
            Err(bad) => {
                eprintln!("error: {}: {bad}", args.reference);
                bad_lines += 1;
                continue;
            }
        };
        let trace = solve(&Grid::from_puzzle(&reference.cells), &options);
        let rating = rate(&trace);
        puzzles += 1;
        stuck += (trace.status != Status::Solved) as usize;
        table.add(&reference, &rating);
        let delta = (rating.er - reference.er).abs();
        worst.offer(delta, reference.line, (reference, rating, trace));
    }
    let worst: Vec<Disagreement> = worst
        .into_sorted()
        .into_iter()
        .map(|(_, _, (reference, rating, trace))| {
            disagreement(&reference, &rating, &trace, se_paths.as_ref())
        })
        .collect();
    let report = Report {
        reference: &args.reference,
        profile: if args.techniques.is_empty() {
            args.profile.name().to_string()
        } else {
            let slugs: Vec<&str> = args.techniques.iter().map(|t| t.slug()).collect();
            format!("techniques {}", slugs.join(","))
        },
        puzzles,
        stuck,
        bad_lines,
        table: &table,
        worst: &worst,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let _ = match args.format {
        CompareFormat::Json => writeln!(
            out,
            "{}",
            serde_json::to_string(&report).expect("reports serialize")
        ),
        CompareFormat::Text => write!(out, "{}", render(&report, se_paths.is_some())),
    };
    if bad_lines > 0 {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

fn disagreement(
    reference: &Reference,
    rating: &Rating,
    trace: &Trace,
    se_paths: Option<&std::collections::BTreeMap<String, SePath>>,
) -> Disagreement {
    let se_path = se_paths.and_then(|p| p.get(&reference.puzzle));
    Disagreement {
        line: reference.line,
        puzzle: reference.puzzle.clone(),
        reference: (reference.er, reference.ep, reference.ed),
        ours: (rating.er, rating.ep, rating.ed),
        hardest: rating.hardest,
        status: stepwise::explain::status_word(trace.status).to_string(),
        alignment: se_path.map(|p| align(&p.steps, &trace.steps)),
        ours_path: if se_path.is_some() {
            Vec::new()
        } else {
            trace.steps.iter().map(step_summary).collect()
        },
    }
}

fn render(report: &Report, have_paths: bool) -> String {
    let mut s = String::new();
    s.push_str(&format!(
        "Agreement with {} ({} puzzles rated, profile {}, {} stuck, {} bad lines)\n",
        report.reference, report.puzzles, report.profile, report.stuck, report.bad_lines
    ));
    s.push_str(
        "Band = the reference's ER. Columns per measure: exact / within 0.1 / within 0.5 / worse (exclusive).\n\n",
    );
    s.push_str(&format!(
        "{:<10} {:>5} | {:^23} | {:^23} | {:^23}\n",
        "ER band", "n", "ER", "EP", "ED"
    ));
    let rule = format!("{}\n", "-".repeat(10 + 1 + 5 + 3 * 26));
    s.push_str(&rule);
    for row in report.table.occupied_bands() {
        s.push_str(&band_line(row));
    }
    s.push_str(&rule);
    s.push_str(&band_line(&report.table.total));
    let total = &report.table.total;
    s.push('\n');
    for (name, counts) in [("ER", &total.er), ("EP", &total.ep), ("ED", &total.ed)] {
        if counts.compared == 0 {
            s.push_str(&format!("{name}: not in the reference file\n"));
            continue;
        }
        s.push_str(&format!(
            "{name}: exact {}/{} ({}), within 0.2 {}/{} ({})\n",
            counts.exact,
            counts.compared,
            percent(counts.exact, counts.compared),
            counts.within_0_2,
            counts.compared,
            percent(counts.within_0_2, counts.compared),
        ));
    }
    if report.worst.is_empty() {
        s.push_str("\nNo ER disagreement.\n");
        return s;
    }
    s.push_str(&format!(
        "\nWorst ER disagreements ({}):\n",
        report.worst.len()
    ));
    for (i, d) in report.worst.iter().enumerate() {
        s.push_str(&render_disagreement(i + 1, d, have_paths));
    }
    s
}

fn band_line(row: &BandRow) -> String {
    format!(
        "{:<10} {:>5} | {} | {} | {}\n",
        row.band,
        row.puzzles,
        counts_cell(&row.er),
        counts_cell(&row.ep),
        counts_cell(&row.ed)
    )
}

fn counts_cell(c: &Counts) -> String {
    if c.compared == 0 {
        return format!("{:^23}", "-");
    }
    format!(
        "{:>5} {:>5} {:>5} {:>5}",
        c.exact, c.within_0_1, c.within_0_5, c.worse
    )
}

fn percent(part: usize, whole: usize) -> String {
    format!("{:.1}%", 100.0 * part as f64 / whole as f64)
}

fn optional(x: Option<f64>) -> String {
    x.map_or("-".into(), |v| format!("{v:.1}"))
}

fn render_disagreement(rank: usize, d: &Disagreement, have_paths: bool) -> String {
    let mut s = format!(
        "\n{rank}. line {}: {}\n   reference {:.1}/{}/{}, stepwise {:.1}/{:.1}/{:.1} ({}, hardest {})\n",
        d.line,
        d.puzzle,
        d.reference.0,
        optional(d.reference.1),
        optional(d.reference.2),
        d.ours.0,
        d.ours.1,
        d.ours.2,
        d.status,
        d.hardest.map_or("none".to_string(), |t| t.to_string())
    );
    match &d.alignment {
        Some(alignment) => s.push_str(&render_alignment(alignment)),
        None => {
            s.push_str(if have_paths {
                "   SE's path: not available (the paths file does not hold this puzzle)\n"
            } else {
                "   SE's path: not available (no --paths file)\n"
            });
            s.push_str("   Stepwise's path:\n");
            for (i, step) in d.ours_path.iter().enumerate() {
                s.push_str(&format!("   {:>4}  {step}\n", i + 1));
            }
        }
    }
    s
}

fn render_alignment(alignment: &Alignment) -> String {
    let mut s = format!("        {:<SE_COLUMN$}  Stepwise\n", "SE 1.2.1");
    let start = match alignment.first_divergence {
        Some(first) if first > CONTEXT_BEFORE => {
            s.push_str(&format!(
                "        (steps 1-{} identical)\n",
                first - CONTEXT_BEFORE
            ));
            first - CONTEXT_BEFORE
        }
        _ => 0,
    };
    for (i, row) in alignment.rows.iter().enumerate().skip(start) {
        let marker = if Some(i) == alignment.first_divergence {
            ">>"
        } else if row.same {
            "  "
        } else {
            " ~"
        };
        let se = row.se.as_deref().unwrap_or("");
        s.push_str(&format!(
            "   {marker}{:>3} {:<SE_COLUMN$}  {}\n",
            row.number,
            clip(se, SE_COLUMN),
            row.ours.as_deref().unwrap_or("")
        ));
    }
    if alignment.first_divergence.is_none() {
        s.push_str("        (identical paths)\n");
    } else {
        s.push_str("        >> first divergence, ~ later differing steps\n");
    }
    s
}

/// `text` cut to `width` characters, with `…` when cut.
fn clip(text: &str, width: usize) -> String {
    if text.chars().count() <= width {
        return text.to_string();
    }
    let mut out: String = text.chars().take(width - 1).collect();
    out.push('…');
    out
}
