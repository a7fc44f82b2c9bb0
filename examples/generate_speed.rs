//! Puzzles per second of the generator on one core, per HoDoKu level and per `hardest`
//! technique (the benchmark targets), with the default rating settings (both paths)
//! unless the target needs another profile. A measuring tool, not a test: no figure is checked.
//!
//! Run: `cargo run --release --example generate_speed -- [COUNT] [SEED] [FILTER]` (COUNT
//! puzzles per target, default 50; FILTER keeps the targets whose label contains it; the
//! hardest Jellyfish, seconds a puzzle, only when FILTER names it). Times are the process's
//! CPU time over the run, one worker thread.

use std::time::Duration;

use stepwise::generate::{run, Constraints, Request};
use stepwise::profile::{Profile, RateSettings};
use stepwise::technique::{Level, Technique};

#[path = "../src/allocator.rs"]
mod allocator;

#[global_allocator]
static ALLOCATOR: allocator::Allocator = allocator::Allocator;

/// The process's CPU time in seconds (`clock_gettime(CLOCK_PROCESS_CPUTIME_ID)`): on a shared
/// machine, wall time counts other processes' work too.
fn cpu_seconds() -> f64 {
    #[repr(C)]
    struct Timespec {
        seconds: i64,
        nanos: i64,
    }
    extern "C" {
        fn clock_gettime(clock: i32, time: *mut Timespec) -> i32;
    }
    const CLOCK_PROCESS_CPUTIME_ID: i32 = 2;
    let mut time = Timespec {
        seconds: 0,
        nanos: 0,
    };
    // SAFETY: `time` is a valid, writable timespec for the call.
    let ok = unsafe { clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &mut time) };
    assert_eq!(ok, 0, "clock_gettime");
    time.seconds as f64 + time.nanos as f64 * 1e-9
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let count: usize = args.first().and_then(|a| a.parse().ok()).unwrap_or(50);
    let seed: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(1);
    let filter = args.get(2).cloned().unwrap_or_default();
    let both = RateSettings::default();
    let hodoku = RateSettings::select(Some(Profile::Hodoku), &[], false);
    let mut targets: Vec<(String, Constraints, RateSettings)> = Vec::new();
    for level in [
        Level::Easy,
        Level::Medium,
        Level::Hard,
        Level::Unfair,
        Level::Extreme,
    ] {
        let c = Constraints {
            level: Some(level),
            ..Default::default()
        };
        targets.push((format!("level {level}"), c, both.clone()));
    }
    targets.push((
        "er 7.0..9.0".to_string(),
        Constraints {
            er: Some((7.0, 9.0)),
            ..Default::default()
        },
        both.clone(),
    ));
    targets.push((
        "er 9.0..10.0".to_string(),
        Constraints {
            er: Some((9.0, 10.0)),
            ..Default::default()
        },
        both.clone(),
    ));
    for (technique, settings) in [
        (Technique::XWing, &both),
        (Technique::XYWing, &both),
        (Technique::UniqueRectangle1, &both),
        (Technique::XChain, &hodoku),
        (Technique::ForcingChain, &both),
        (Technique::CellForcingChains, &both),
        (Technique::Jellyfish, &both),
        (Technique::AlsChain, &hodoku),
    ] {
        let c = Constraints {
            hardest: Some(technique),
            ..Default::default()
        };
        let profile = if settings.se.is_some() {
            "both"
        } else {
            "hodoku"
        };
        targets.push((
            format!("hardest {technique} ({profile})"),
            c,
            settings.clone(),
        ));
    }
    println!(
        "{:<44} {:>6} {:>8} {:>10} {:>10}",
        "target (CPU time, one thread)", "found", "tried", "ms/puzzle", "puzzles/s"
    );
    for (label, constraints, settings) in targets {
        // A hardest Jellyfish takes seconds a puzzle: measured only when asked by name.
        if !label.contains(&filter) || (label.contains("Jellyfish") && !filter.contains("Jelly")) {
            continue;
        }
        let request = Request {
            count,
            constraints,
            settings,
            seed,
            jobs: 1,
            time_limit: Some(Duration::from_secs(120)),
        };
        let started = cpu_seconds();
        let report = run(&request, |_| std::ops::ControlFlow::Continue(()), |_| {}).unwrap();
        let seconds = cpu_seconds() - started;
        let per = seconds / report.found.max(1) as f64;
        println!(
            "{:<44} {:>6} {:>8} {:>10.3} {:>10.1}",
            label,
            report.found,
            report.tried,
            per * 1e3,
            report.found as f64 / seconds
        );
    }
}
