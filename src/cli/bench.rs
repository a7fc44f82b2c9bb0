//! `stepwise bench engines`: every engine on puzzles of five levels (the shared Kaggle set's
//! labels, then HoDoKu's levels from the shared rated set) and on 16x16 and 25x25 puzzles made
//! here, measured by the library ([`stepwise::engines::compare`]); prints one table per set
//! and, with `--plot`, writes the chart, both drawn by [`stepwise::bench::engines`]. Without the shared corpora it says so and
//! measures a 9x9 set made here instead.

use std::fs::File;
use std::io::BufReader;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::{Args, Subcommand};
use stepwise::bench::engines::{chart, heading, text_table};
use stepwise::engines::compare::{labelled_levels, measure, Level, Table};
use stepwise::engines::{dig, Engine, Limits};
use stepwise::shape::Shape;

use super::output::Out;
use super::{parse_timeout, EXIT_FAILED, EXIT_OK};

#[derive(Args, Debug)]
pub struct BenchArgs {
    #[command(subcommand)]
    pub what: BenchWhat,
}

#[derive(Subcommand, Debug)]
pub enum BenchWhat {
    /// Every solving engine on puzzles of five levels (Kaggle's labels, HoDoKu's levels) and on
    /// 16x16 and 25x25 puzzles made here: mean and median time, nodes, backtracks, runs cut by
    /// a limit and the ratio to fast (9x9) or dlx (other sizes).
    Engines(EnginesArgs),
}

#[derive(Args, Debug)]
pub struct EnginesArgs {
    /// Puzzles per level.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub per_level: usize,
    /// Puzzles per generated size, 16x16 and 25x25 (default: as --per-level).
    #[arg(long, value_name = "N")]
    pub per_size: Option<usize>,
    /// Write an SVG bar chart of the mean time per level and engine (log scale) to FILE.
    #[arg(long, value_name = "FILE.svg")]
    pub plot: Option<PathBuf>,
    /// The folder of the shared corpora (labeled/kaggle-5000.tsv, rated/hodoku.tsv).
    #[arg(long, value_name = "DIR", default_value = "../shared/data")]
    pub data: PathBuf,
    /// The engines to run, comma-separated (default: all).
    #[arg(long, value_name = "LIST", value_delimiter = ',', value_parser = super::parse_engine)]
    pub engines: Vec<Engine>,
    /// Stop each run after N nodes (default 2000000); such a run is counted as cut.
    #[arg(long, value_name = "N")]
    pub node_limit: Option<u64>,
    /// Stop each run after this many seconds (default 1); such a run is counted as cut.
    #[arg(long, value_name = "SECONDS", value_parser = parse_timeout)]
    pub timeout: Option<Duration>,
    /// The seed of the puzzles made here.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

const KAGGLE: (&str, [&str; 5]) = (
    "labeled/kaggle-5000.tsv",
    ["Beginner", "Easy", "Medium", "Hard", "Expert"],
);
const HODOKU: (&str, [&str; 5]) = (
    "rated/hodoku.tsv",
    ["Easy", "Medium", "Hard", "Unfair", "Extreme"],
);

pub fn run(args: &BenchArgs) -> i32 {
    match &args.what {
        BenchWhat::Engines(args) => engines(args),
    }
}

fn engines(args: &EnginesArgs) -> i32 {
    let started = Instant::now();
    let engines: Vec<Engine> = if args.engines.is_empty() {
        Engine::ALL.to_vec()
    } else {
        args.engines.clone()
    };
    let limits = Limits::bench_with(args.node_limit, args.timeout);
    let mut out = Out::new();
    let mut failed = false;
    let progress = |what: &str| eprintln!("bench engines: {what}");
    out.line(&format!(
        "Each run counts solutions up to 2, limited to {} nodes and {} s per puzzle; a mean with runs cut by a limit is a lower bound (>=).",
        limits.nodes.unwrap_or(0),
        limits.time.unwrap_or_default().as_secs_f64()
    ));
    let mut tables = Vec::new();
    let have_data = args.data.is_dir();
    if !have_data {
        out.line(&format!(
            "{}: not found: the Kaggle and HoDoKu tables are skipped; a 9x9 set made here takes their place.",
            args.data.display()
        ));
    }
    for (title, (file, levels)) in [("Kaggle levels", KAGGLE), ("HoDoKu levels", HODOKU)] {
        if !have_data {
            break;
        }
        match read_levels(&args.data.join(file), &levels, args.per_level) {
            Ok(levels) => {
                let title = format!("{title} ({file}, 9x9)");
                let table = measure(&title, &levels, &engines, &limits, &mut |level| {
                    progress(&format!("{title}: {level}"))
                });
                print_table(&mut out, &table);
                tables.push(table);
            }
            Err(message) => {
                failed = true;
                out.line(&format!("{title}: skipped: {message}"));
            }
        }
        out.flush();
    }
    let per_size = args.per_size.unwrap_or(args.per_level);
    let mut shapes = vec![Shape::CLASSIC; usize::from(!have_data)];
    shapes.extend(Shape::sudoku(16));
    shapes.extend(Shape::sudoku(25));
    let made: Vec<Level> = shapes
        .into_iter()
        .map(|shape| {
            progress(&format!("making {per_size} {shape} puzzles"));
            Level {
                name: shape.to_string(),
                puzzles: dig::puzzles(shape, per_size, args.seed),
            }
        })
        .collect();
    let title = "Grids made here";
    let table = measure(title, &made, &engines, &limits, &mut |level| {
        progress(&format!("{title}: {level}"))
    });
    out.line("");
    let givens: Vec<String> = made
        .iter()
        .map(|level| {
            let total: usize = level.puzzles.iter().map(|p| p.givens()).sum();
            let cells = level.puzzles.first().map_or(1, |p| p.cells.len());
            let mean = total as f64 / level.puzzles.len().max(1) as f64;
            format!(
                "{} {mean:.0} givens on average ({:.0}% of the cells)",
                level.name,
                100.0 * mean / cells as f64
            )
        })
        .collect();
    out.line(&format!(
        "{title}: random solution grids filled by a randomized search, givens dug out in a random order while dlx finds one solution, down to the library's floor for the size (seed {}): {}.",
        args.seed,
        givens.join(", ")
    ));
    print_table(&mut out, &table);
    tables.push(table);
    if let Some(path) = &args.plot {
        match std::fs::write(path, chart(&tables).to_svg()) {
            Ok(()) => eprintln!("bench engines: chart written to {}", path.display()),
            Err(e) => {
                eprintln!("error: {}: cannot write: {e}", path.display());
                failed = true;
            }
        }
    }
    if tables
        .iter()
        .flat_map(|t| &t.rows)
        .any(|r| r.disagreements > 0)
    {
        out.line("DISAGREEMENT: some engine's count or solution differs from the reference's (column wrong).");
        failed = true;
    }
    out.line(&format!(
        "Done in {:.1} s.",
        started.elapsed().as_secs_f64()
    ));
    if failed {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}

fn read_levels(path: &Path, levels: &[&str], per_level: usize) -> Result<Vec<Level>, String> {
    let file = File::open(path).map_err(|e| format!("{}: {e}", path.display()))?;
    labelled_levels(BufReader::new(file), levels, per_level)
        .map_err(|e| format!("{}: {e}", path.display()))
}

fn print_table(out: &mut Out, table: &Table) {
    out.line("");
    out.line(&heading(table));
    for line in text_table(table).lines() {
        out.line(&line);
    }
}
