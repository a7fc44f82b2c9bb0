//! The `stepwise` command line: argument definitions (clap), input sources and one module per
//! command. Owns exit codes: 0 when every puzzle succeeded, 1 when any failed, 2 for usage errors.

mod check;
mod input;
mod solve;

use clap::{Args, Parser, Subcommand};
use stepwise::format::Format;

/// Exit code when every puzzle succeeded.
pub const EXIT_OK: i32 = 0;
/// Exit code when any puzzle failed (bad input, no solution, several solutions).
pub const EXIT_FAILED: i32 = 1;
/// Exit code for usage errors (clap uses the same).
pub const EXIT_USAGE: i32 = 2;

#[derive(Parser, Debug)]
#[command(
    name = "stepwise",
    version,
    about = "Human-style Sudoku solver, hint engine and difficulty rater",
    after_help = "Examples:\n  stepwise solve examples/puzzles.txt\n  stepwise solve --grid '4...3.......6..8..........1....5..9..8....6...7.2........1.27..5.3....4.9........'\n  cat puzzles.txt | stepwise check --json"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Print the solution of each puzzle.
    #[command(after_help = "Examples:\n  stepwise solve examples/puzzles.txt\n  stepwise solve --grid -f puzzle.txt\n  stepwise solve --json examples/record.json\n\nExit code: 0 when every puzzle was solved, 1 when any had an error, no solution or several.")]
    Solve(SolveArgs),
    /// Say whether each puzzle has a unique solution, none, or several.
    #[command(after_help = "Prints one line per puzzle: unique, none, multiple or invalid: <reason>.\n\nExamples:\n  stepwise check examples/puzzles.txt\n  stepwise check --json - < puzzles.txt\n\nExit code: 0 when every puzzle is unique, 1 otherwise.")]
    Check(CheckArgs),
}

/// How every command takes its puzzles.
#[derive(Args, Debug, Clone)]
pub struct InputArgs {
    /// Puzzles: each a file path if such a file exists, otherwise a puzzle string; `-` is standard input. None: standard input.
    #[arg(value_name = "PUZZLE|FILE")]
    pub inputs: Vec<String>,
    /// Read puzzles from FILE (may be repeated).
    #[arg(short = 'f', long = "file", value_name = "FILE")]
    pub files: Vec<String>,
    /// Force the input format instead of detecting it.
    #[arg(long, value_name = "line|grid|pencilmark|json")]
    pub format: Option<Format>,
}

#[derive(Args, Debug)]
pub struct SolveArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print each solution as a 9x9 grid.
    #[arg(long, conflicts_with = "json")]
    pub grid: bool,
    /// Print each puzzle as a JSON record with its solution filled in (one per line).
    #[arg(long)]
    pub json: bool,
}

#[derive(Args, Debug)]
pub struct CheckArgs {
    #[command(flatten)]
    pub input: InputArgs,
    /// Print {"puzzle","status","solution"} objects, one per line.
    #[arg(long)]
    pub json: bool,
}

/// Parses the arguments, runs the command and returns the process exit code.
pub fn run() -> i32 {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => {
            // Help and version are not errors; clap picks the stream and the code.
            let _ = e.print();
            return if e.use_stderr() { EXIT_USAGE } else { EXIT_OK };
        }
    };
    match cli.command {
        Command::Solve(args) => solve::run(&args),
        Command::Check(args) => check::run(&args),
    }
}

/// Walks every puzzle of every source in order, calling `each` with the source name and the
/// puzzle (or its error). Returns false if a source could not be opened.
pub fn for_each_puzzle(
    input: &InputArgs,
    mut each: impl FnMut(&str, Result<stepwise::format::PuzzleInput, stepwise::Error>),
) -> bool {
    let mut all_opened = true;
    for source in input::sources(&input.inputs, &input.files) {
        let name = source.name();
        match input::open(&source, input.format) {
            Ok(puzzles) => {
                for puzzle in puzzles {
                    each(&name, puzzle);
                }
            }
            Err(message) => {
                eprintln!("error: {message}");
                all_opened = false;
            }
        }
    }
    all_opened
}

/// `SOURCE: message`, or just the message for a single argument puzzle.
pub fn located(source: &str, error: &stepwise::Error) -> String {
    format!("{source}: {error}")
}

/// The complete solver's verdict on a parsed puzzle; pencilmark input restricts each cell to
/// the candidates written.
pub fn validity_of(puzzle: &stepwise::format::PuzzleInput) -> stepwise::solver::Validity {
    match &puzzle.candidates {
        Some(candidates) => stepwise::solver::validity_with_candidates(candidates),
        None => stepwise::solver::validity(&puzzle.cells),
    }
}

/// The error for a puzzle that is not uniquely solvable, naming where two solutions differ.
pub fn validity_error(validity: &stepwise::solver::Validity) -> Option<stepwise::Error> {
    use stepwise::solver::Validity;
    match validity {
        Validity::Unique(_) => None,
        Validity::NoSolution => Some(stepwise::Error::NoSolution),
        Validity::Multiple(a, b) => {
            let differing = (0..81).filter(|&i| a[i] != b[i]).collect();
            Some(stepwise::Error::MultipleSolutions { differing })
        }
    }
}
