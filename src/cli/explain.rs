//! `stepwise explain`: the whole logical path of each puzzle, one step per line, then the rating.

use std::io::Write;

use stepwise::pipeline::Status;
use stepwise::Explanation;

use super::{for_each_puzzle, located, pipeline_options, ExplainArgs, EXIT_FAILED, EXIT_OK};

pub fn run(args: &ExplainArgs) -> i32 {
    let options = match pipeline_options(args.profile, &args.techniques, args.no_uniqueness) {
        Ok(o) => o,
        Err(code) => return code,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    let mut failed = false;
    let mut first = true;
    let opened = for_each_puzzle(&args.input, |source, parsed| {
        let explanation = match parsed {
            Ok(puzzle) => stepwise::explain(&puzzle, &options),
            Err(e) => {
                eprintln!("error: {}", located(source, &e));
                Explanation::invalid(String::new(), located(source, &e))
            }
        };
        failed |= !matches!(explanation.status, Status::Solved | Status::Stuck);
        let _ = if args.json {
            writeln!(
                out,
                "{}",
                serde_json::to_string(&explanation).expect("explanations serialize")
            )
        } else {
            let sep = if first { "" } else { "\n" };
            write!(out, "{sep}{}", explanation.to_text())
        };
        first = false;
    });
    if failed || !opened {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
