//! `stepwise rate`: one line per puzzle, `puzzle,er,ep,ed,level,score,hardest,steps,status`, as CSV
//! (with a header) or JSON lines. A bad line is reported with its number and the run goes on.

use std::io::Write;

use stepwise::RateRecord;

use super::{for_each_puzzle, located, rate_settings, RateArgs, RateFormat, EXIT_FAILED, EXIT_OK};

pub fn run(args: &RateArgs) -> i32 {
    let settings = match rate_settings(args) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.format == RateFormat::Csv {
        let _ = writeln!(out, "{}", RateRecord::CSV_HEADER);
    }
    let mut failed = false;
    let opened = for_each_puzzle(&args.input(), |source, parsed| {
        let record = match parsed {
            Ok(puzzle) => stepwise::rate_puzzle(&stepwise::explain::grid_of(&puzzle), &settings),
            Err(e) => {
                eprintln!("error: {}", located(source, &e));
                RateRecord::unreadable(&settings)
            }
        };
        failed |= !matches!(record.status.as_str(), "solved" | "stuck");
        let _ = match args.format {
            RateFormat::Csv => writeln!(out, "{}", record.to_csv()),
            RateFormat::Json => writeln!(
                out,
                "{}",
                serde_json::to_string(&record).expect("records serialize")
            ),
        };
    });
    if failed || !opened {
        EXIT_FAILED
    } else {
        EXIT_OK
    }
}
