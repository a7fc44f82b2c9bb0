//! `stepwise hint`: the next step from the user's state, from a nudge to the full deduction.

use std::io::Write;

use super::{for_each_puzzle, located, HintArgs, EXIT_FAILED, EXIT_OK, EXIT_USAGE};

pub fn run(args: &HintArgs) -> i32 {
    let original = match &args.puzzle {
        None => None,
        Some(argument) => match super::input::read_one_puzzle(argument, None) {
            Ok(p) => Some(p.cells),
            Err(message) => {
                eprintln!("error: --puzzle: {message}");
                return EXIT_USAGE;
            }
        },
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let opened = for_each_puzzle(&args.input, |source, parsed| {
        let state = match parsed {
            Ok(p) => p,
            Err(e) => {
                eprintln!("error: {}", located(source, &e));
                failed = true;
                return;
            }
        };
        match stepwise::next_hint(&state, original.as_ref(), args.level) {
            Ok(hint) => {
                let _ = if args.json {
                    writeln!(
                        out,
                        "{}",
                        serde_json::to_string(&hint).expect("hints serialize")
                    )
                } else {
                    writeln!(out, "{}", hint.text)
                };
            }
            Err(e) => {
                eprintln!("error: {source}: line {}: {e}", state.line);
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
