//! Streams millions of puzzles through `stepwise rate` and `stepwise check` and reports their
//! throughput and peak memory, to show that memory does not grow with the input's length. A
//! measuring tool, not a test.
//!
//! Run: `cargo build --release && cargo run --release --example scale -- [LINES...]` (default:
//! 1,000,000 and 10,000,000 lines; `--only rate|check`, `--jobs N` passed on, `--levels
//! Easy,Medium,Hard` for the mix). The puzzles are written straight into the command's
//! standard input, never to disk: a few hundred base puzzles (the first 100 of each HoDoKu
//! level asked, Easy by default so that ten million ratings take minutes, not hours, from
//! `../shared/data/rated/hodoku.tsv`, or the bundled `examples/graded.txt` without it), each
//! line a different
//! equivalent of one of them (digits relabelled, rows and columns swapped within their bands
//! and stacks, bands and stacks swapped, maybe transposed), so no two lines in a row are alike
//! and no cache sees the same grid twice in a row. The command's output is counted, not kept.
//! Peak memory is the child's `VmHWM`, read from `/proc` just before it ends.

use std::io::{BufRead, BufReader, BufWriter, Write};
use std::path::PathBuf;
use std::process::{Command, Stdio};
use std::time::Instant;

/// SplitMix64: fast, and the same stream for the same seed.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn shuffle<T>(&mut self, items: &mut [T]) {
        for i in (1..items.len()).rev() {
            let j = (self.next() % (i as u64 + 1)) as usize;
            items.swap(i, j);
        }
    }
}

/// A random order of 0..9 that keeps each group of three together (rows within bands, and
/// the bands themselves).
fn banded(rng: &mut Rng) -> [usize; 9] {
    let mut bands = [0, 1, 2];
    rng.shuffle(&mut bands);
    let mut order = [0; 9];
    for (i, band) in bands.iter().enumerate() {
        let mut rows = [0, 1, 2];
        rng.shuffle(&mut rows);
        for (j, row) in rows.iter().enumerate() {
            order[i * 3 + j] = band * 3 + row;
        }
    }
    order
}

/// An equivalent of `puzzle` (81 bytes, `.` or digits): the same difficulty, another grid.
fn variant(puzzle: &[u8], rng: &mut Rng, out: &mut Vec<u8>) {
    let (rows, cols) = (banded(rng), banded(rng));
    let mut digits = [b'1', b'2', b'3', b'4', b'5', b'6', b'7', b'8', b'9'];
    rng.shuffle(&mut digits);
    let transpose = rng.next() & 1 == 1;
    for &row in &rows {
        for &col in &cols {
            let (sr, sc) = if transpose { (col, row) } else { (row, col) };
            let b = puzzle[sr * 9 + sc];
            out.push(if b.is_ascii_digit() && b != b'0' {
                digits[usize::from(b - b'1')]
            } else {
                b'.'
            });
        }
    }
    out.push(b'\n');
}

fn base_puzzles(levels: &[String]) -> Vec<Vec<u8>> {
    let root = PathBuf::from(env!("CARGO_MANIFEST_DIR"));
    if let Ok(text) = std::fs::read_to_string(root.join("../shared/data/rated/hodoku.tsv")) {
        let mut chosen = Vec::new();
        for level in levels {
            chosen.extend(
                text.lines()
                    .filter(|l| l.split('\t').nth(1) == Some(level.as_str()))
                    .take(100)
                    .map(|l| l.split('\t').next().unwrap_or("").as_bytes().to_vec()),
            );
        }
        if !chosen.is_empty() {
            println!(
                "base puzzles: {} from ../shared/data/rated/hodoku.tsv ({})",
                chosen.len(),
                levels.join(", ")
            );
            return chosen;
        }
    }
    let graded =
        std::fs::read_to_string(root.join("examples/graded.txt")).expect("examples/graded.txt");
    let chosen: Vec<Vec<u8>> = graded
        .lines()
        .filter(|l| !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .take(2)
        .map(|p| p.as_bytes().to_vec())
        .collect();
    println!(
        "base puzzles: {} from examples/graded.txt (../shared not found)",
        chosen.len()
    );
    chosen
}

/// One run: `stepwise COMMAND ...` fed `lines` puzzles; (seconds, lines out, peak kB).
fn run(
    binary: &PathBuf,
    command: &str,
    extra: &[String],
    lines: u64,
    bases: &[Vec<u8>],
) -> (f64, u64, u64) {
    let mut args = vec![command.to_string()];
    if command == "rate" {
        args.push("--no-summary".to_string());
    }
    args.extend(extra.iter().cloned());
    args.push("-".to_string());
    let mut child = Command::new(binary)
        .args(&args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .expect("the stepwise binary starts (cargo build --release first)");
    let pid = child.id();
    let stdin = child.stdin.take().expect("piped");
    let stdout = child.stdout.take().expect("piped");
    let started = Instant::now();
    let bases = bases.to_vec();
    let feeder = std::thread::spawn(move || {
        let mut rng = Rng(lines);
        let mut writer = BufWriter::with_capacity(1 << 16, stdin);
        let mut line = Vec::with_capacity(82);
        for i in 0..lines {
            line.clear();
            variant(
                &bases[(i % bases.len() as u64) as usize],
                &mut rng,
                &mut line,
            );
            if writer.write_all(&line).is_err() {
                return;
            }
        }
        let _ = writer.flush();
    });
    let peak = std::sync::Arc::new(std::sync::atomic::AtomicU64::new(0));
    let watcher = {
        let peak = std::sync::Arc::clone(&peak);
        std::thread::spawn(move || {
            // VmHWM is the high-water mark: read until the process is gone, keep the last.
            while let Ok(status) = std::fs::read_to_string(format!("/proc/{pid}/status")) {
                if let Some(kb) = status
                    .lines()
                    .find_map(|l| l.strip_prefix("VmHWM:"))
                    .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
                {
                    peak.fetch_max(kb, std::sync::atomic::Ordering::Relaxed);
                }
                std::thread::sleep(std::time::Duration::from_millis(200));
            }
        })
    };
    let mut out = 0u64;
    let mut reader = BufReader::with_capacity(1 << 16, stdout);
    let mut buffer = Vec::new();
    while reader.read_until(b'\n', &mut buffer).unwrap_or(0) > 0 {
        out += 1;
        buffer.clear();
    }
    feeder.join().expect("the feeder");
    let status = child.wait().expect("the command ends");
    let seconds = started.elapsed().as_secs_f64();
    watcher.join().expect("the watcher");
    assert!(
        status.success() || command == "check",
        "stepwise {command} failed: {status}"
    );
    (
        seconds,
        out,
        peak.load(std::sync::atomic::Ordering::Relaxed),
    )
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut sizes: Vec<u64> = Vec::new();
    let mut only: Option<String> = None;
    let mut extra: Vec<String> = Vec::new();
    let mut levels = vec!["Easy".to_string()];
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--only" => {
                only = args.get(i + 1).cloned();
                i += 1;
            }
            "--levels" => {
                levels = args
                    .get(i + 1)
                    .map(|l| l.split(',').map(String::from).collect())
                    .unwrap_or_default();
                i += 1;
            }
            "--jobs" => {
                extra.extend([
                    "--jobs".to_string(),
                    args.get(i + 1).cloned().unwrap_or_default(),
                ]);
                i += 1;
            }
            n => sizes.push(n.replace('_', "").parse().expect("a number of lines")),
        }
        i += 1;
    }
    if sizes.is_empty() {
        sizes = vec![1_000_000, 10_000_000];
    }
    let binary = std::env::current_exe()
        .ok()
        .and_then(|p| Some(p.parent()?.parent()?.join("stepwise")))
        .expect("the target directory");
    let bases = base_puzzles(&levels);
    println!(
        "{:<6} {:>11} {:>10} {:>12} {:>14} {:>10}",
        "command", "lines", "seconds", "lines/s", "answers", "peak MB"
    );
    for command in ["check", "rate"] {
        if only.as_deref().is_some_and(|o| o != command) {
            continue;
        }
        for &lines in &sizes {
            let (seconds, out, peak_kb) = run(&binary, command, &extra, lines, &bases);
            println!(
                "{command:<6} {lines:>11} {seconds:>10.1} {:>12.0} {out:>14} {:>10.1}",
                lines as f64 / seconds,
                peak_kb as f64 / 1024.0
            );
        }
    }
}
