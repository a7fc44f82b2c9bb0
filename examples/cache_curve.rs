//! Speed and memory of `stepwise rate` (both paths) under a cache bound: rates every `--stride`-th
//! puzzle of a file with `rate_puzzle` and a [`Budget`] whose `cache_bytes` is `--cache-mb`
//! (`none`: unbounded), and prints per puzzle the CPU time and the most heap it held live, then
//! the totals: CPU time, median, and the peak of live heap over the run and the process's peak
//! resident size. Run it once per bound to draw the curve of speed against cache size:
//! `cargo run --release --example cache_curve -- FILE [--stride N] [--cache-mb MB|none]
//! [--quiet]`.
//!
//! The heap is counted by a wrapper around the binary's allocator (mimalloc), so the figures are
//! the CLI's; live heap is exact and does not depend on the machine's load, the resident size
//! (what `/usr/bin/time -v` reports) adds the allocator's slack.

use std::alloc::{GlobalAlloc, Layout};
use std::sync::atomic::{AtomicUsize, Ordering};

use stepwise::budget::Budget;
use stepwise::grid::Grid;
use stepwise::profile::RateSettings;

#[path = "../src/purge_delay.rs"]
mod purge_delay;
#[path = "../tests/common/puzzle_line.rs"]
mod puzzle_line;

/// mimalloc, with a count of the bytes live now and the most live since the last reset.
struct Counting;

static LIVE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let p = mimalloc::MiMalloc.alloc(layout);
        if !p.is_null() {
            grew(layout.size());
        }
        p
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        mimalloc::MiMalloc.dealloc(ptr, layout);
        LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        let p = mimalloc::MiMalloc.realloc(ptr, layout, new_size);
        if !p.is_null() {
            LIVE.fetch_sub(layout.size(), Ordering::Relaxed);
            grew(new_size);
        }
        p
    }
}

fn grew(size: usize) {
    let live = LIVE.fetch_add(size, Ordering::Relaxed) + size;
    PEAK.fetch_max(live, Ordering::Relaxed);
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

fn main() {
    purge_delay::give_memory_back_sooner();
    let args: Vec<String> = std::env::args().skip(1).collect();
    let Some(path) = args.first() else {
        eprintln!("usage: cache_curve FILE [--stride N] [--cache-mb MB|none] [--quiet]");
        std::process::exit(2);
    };
    let after = |flag: &str| {
        args.iter()
            .position(|a| a == flag)
            .and_then(|i| args.get(i + 1))
    };
    let stride: usize = after("--stride").and_then(|n| n.parse().ok()).unwrap_or(1);
    let cache_bytes = match after("--cache-mb").map(String::as_str) {
        None => None,
        Some("none") => Some(usize::MAX),
        Some(mb) => Some(mb.parse::<usize>().expect("a number of MB") << 20),
    };
    let quiet = args.iter().any(|a| a == "--quiet");
    let text = std::fs::read_to_string(path).expect("a readable file");
    let settings = RateSettings::default().with_budget(Budget {
        time: None,
        cache_bytes,
    });
    let mut cpu_times = Vec::new();
    let mut run_peak = 0;
    for line in text
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .step_by(stride)
    {
        let grid = Grid::from_puzzle(&puzzle_line::cells(line));
        PEAK.store(LIVE.load(Ordering::Relaxed), Ordering::Relaxed);
        let cpu_start = thread_cpu_seconds();
        let record = stepwise::rate_puzzle(&grid, &settings);
        let cpu = thread_cpu_seconds() - cpu_start;
        let peak = PEAK.load(Ordering::Relaxed);
        run_peak = run_peak.max(peak);
        cpu_times.push(cpu);
        if !quiet {
            println!(
                "{cpu:8.2}s cpu  peak {:6.1} MB  live {:6.1} MB  {} {}",
                mb(peak),
                mb(LIVE.load(Ordering::Relaxed)),
                record.status,
                &line[..81.min(line.len())]
            );
        }
    }
    let total: f64 = cpu_times.iter().sum();
    cpu_times.sort_by(f64::total_cmp);
    let median = cpu_times.get(cpu_times.len() / 2).copied().unwrap_or(0.0);
    println!(
        "{path}: {} puzzles, cache {}: cpu total {total:.1}s median {median:.2}s; peak live heap \
         {:.1} MB; peak RSS {:.1} MB (purge delay {} ms)",
        cpu_times.len(),
        after("--cache-mb").map_or("default", String::as_str),
        mb(run_peak),
        peak_rss_kb() as f64 / 1024.0,
        purge_delay::purge_delay_ms()
    );
}

fn mb(bytes: usize) -> f64 {
    bytes as f64 / (1 << 20) as f64
}

/// The process's peak resident size in kB (Linux: `VmHWM` of /proc/self/status; 0 elsewhere).
fn peak_rss_kb() -> u64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|status| {
            status
                .lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.split_whitespace().next()?.parse().ok())
        })
        .unwrap_or(0)
}

/// CPU time this thread has used (Linux: user + system ticks of /proc/thread-self/stat, at
/// the usual 100 ticks a second; 0 elsewhere).
fn thread_cpu_seconds() -> f64 {
    let Ok(stat) = std::fs::read_to_string("/proc/thread-self/stat") else {
        return 0.0;
    };
    let Some((_, rest)) = stat.rsplit_once(')') else {
        return 0.0;
    };
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the whole line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}
