//! `stepwise solve`: print each puzzle's solution as a line, a grid or a JSON record.

use std::io::Write;

use stepwise::format::{record_from, to_grid, to_line};
use stepwise::solver::Validity;

use super::{for_each_puzzle, located, validity_of, SolveArgs, EXIT_FAILED, EXIT_OK};

pub fn run(args: &SolveArgs) -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let mut first = true;
    let opened = for_each_puzzle(&args.input, |source, parsed| {
        let puzzle = match parsed {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {}", located(source, &e));
                failed = true;
                return;
            }
        };
        match validity_of(&puzzle) {
            Validity::Unique(solution) => {
                let text = if args.json {
                    serde_json::to_string(&record_from(&puzzle, Some(&solution)))
                        .expect("a record always serializes")
                } else if args.grid {
                    let sep = if first { "" } else { "\n" };
                    format!("{sep}{}", to_grid(&solution).trim_end())
                } else {
                    to_line(&solution)
                };
                first = false;
                let _ = writeln!(out, "{text}");
            }
            other => {
                let e = super::validity_error(&other).expect("not unique");
                eprintln!("error: {}: line {}: {e}", source, puzzle.line);
                failed = true;
            }
        }
    });
    if failed || !opened {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
