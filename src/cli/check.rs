//! `stepwise check`: say per puzzle whether it has one solution, none or several.

use std::io::Write;

use serde::Serialize;
use stepwise::format::to_line;
use stepwise::solver::Validity;

use super::{for_each_puzzle, located, validity_of, CheckArgs, EXIT_FAILED, EXIT_OK};

/// One line of `check --json`.
#[derive(Serialize)]
struct CheckRecord {
    puzzle: Option<String>,
    status: String,
    solution: Option<String>,
}

pub fn run(args: &CheckArgs) -> i32 {
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut all_unique = true;
    let opened = for_each_puzzle(&args.input, |source, parsed| {
        let record = match parsed {
            Err(e) => {
                all_unique = false;
                CheckRecord {
                    puzzle: None,
                    status: format!("invalid: {}", located(source, &e)),
                    solution: None,
                }
            }
            Ok(puzzle) => {
                let (status, solution) = match validity_of(&puzzle) {
                    Validity::Unique(s) => ("unique", Some(to_line(&s))),
                    Validity::NoSolution => ("none", None),
                    Validity::Multiple(..) => ("multiple", None),
                };
                all_unique &= status == "unique";
                CheckRecord {
                    puzzle: Some(puzzle.text.clone()),
                    status: status.to_string(),
                    solution,
                }
            }
        };
        let _ = if args.json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&record).expect("a record always serializes")
            )
        } else {
            writeln!(out, "{}", record.status)
        };
    });
    if all_unique && opened {
        EXIT_OK
    } else {
        EXIT_FAILED
    }
}
