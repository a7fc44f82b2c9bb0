//! Rating speed against the peers, each run in the same session on the same puzzles: HoDoKu
//! 2.2 (`scripts/hodoku-rate`) against `stepwise rate --profile hodoku`, Sudoku Explainer 1.2.1
//! (`scripts/se-rate`) and skfr 2.0.2 (`scripts/skfr-rate`, one OpenMP thread) against
//! `stepwise rate --profile se`, every program a child process (`--jobs 1`) timed by the CPU
//! time of the whole process tree, start-up included, as a user running it would pay it.
//! The peers are built by `scripts/reference-raters.sh`; a peer that is missing is skipped
//! with a note.
//!
//! Run: `cargo bench --bench peers`, or with arguments after `--`: `--quick` (20 puzzles a set,
//! 5 for SE and 2 on its hard sets, one round), `--count N` (puzzles a set for HoDoKu and skfr; default 100), `--se-count N`
//! (puzzles a set for SE, which needs seconds to minutes for a hard one; default 20),
//! `--se-count-hard N` (SE's puzzles on forum 11+ and se-hardest, a minute or more each for SE;
//! default 5),
//! `--rounds R` (interleaved rounds, each program's best kept; default 2), `--only TEXT[,TEXT]` (the
//! sets whose label contains TEXT), `--peers LIST` (only these of hodoku, se, skfr).
//!
//! Sets: 100 puzzles of each HoDoKu level made by HoDoKu's own generator
//! (`scripts/hodoku-generate`), of each QQWing level (`qqwing --generate`), and evenly spread
//! samples of top1465, 17-clue, forum-hardest-11plus, se121 and se-hardest-1106
//! (`../shared/data`). The targets (issue 37): HoDoKu's CPU at least 50 times Stepwise's on
//! every set, SE's at least 100 times, skfr's at least twice on se121, top1465 and se-hardest.
//!
//! Columns: the set, the peer, puzzles, the peer's and Stepwise's CPU milliseconds per puzzle
//! (best round), the ratio peer / Stepwise, the target and whether it is met.

#[path = "common/args.rs"]
mod bench_args;
#[path = "common/cpu.rs"]
mod cpu;
use bench_args::value_of;
use cpu::{timed, CHILDREN};

use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// The stepwise binary cargo built for this bench.
const STEPWISE: &str = env!("CARGO_BIN_EXE_stepwise");

/// A peer: how to run it on a file, and what it is compared with.
#[derive(Clone, Copy, PartialEq)]
enum Peer {
    Hodoku,
    Se,
    Skfr,
}

impl Peer {
    fn name(self) -> &'static str {
        match self {
            Peer::Hodoku => "HoDoKu 2.2",
            Peer::Se => "SE 1.2.1",
            Peer::Skfr => "skfr 2.0.2",
        }
    }
    fn script(self) -> &'static str {
        match self {
            Peer::Hodoku => "hodoku-rate",
            Peer::Se => "se-rate",
            Peer::Skfr => "skfr-rate",
        }
    }
    /// Stepwise's profile that reproduces this peer's rating.
    fn profile(self) -> &'static str {
        match self {
            Peer::Hodoku => "hodoku",
            Peer::Se | Peer::Skfr => "se",
        }
    }
    /// How many times Stepwise's CPU the peer must take.
    fn target(self) -> f64 {
        match self {
            Peer::Hodoku => 50.0,
            Peer::Se => 100.0,
            Peer::Skfr => 2.0,
        }
    }
    /// Whether the peer is built (its wrapper exits 3 with a note when it is not).
    fn available(self, scripts: &Path) -> bool {
        let status = Command::new(scripts.join(self.script()))
            .stdin(Stdio::null())
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status();
        status.is_ok_and(|s| s.code() != Some(3))
    }
}

/// A set of puzzles and the peers it is timed against.
struct Set {
    label: String,
    puzzles: Vec<String>,
    peers: Vec<Peer>,
    /// Whether SE takes a minute or more a puzzle here (forum 11+, se-hardest): it then rates
    /// `--se-count-hard` of them.
    hard_for_se: bool,
}

/// Every `step`-th puzzle of a shared file, `count` at most (the first field of each line).
fn sample(file: &Path, count: usize) -> Option<Vec<String>> {
    let text = std::fs::read_to_string(file).ok()?;
    let all: Vec<String> = text
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_whitespace().next())
        .filter(|p| p.len() >= 81)
        .map(|p| p[..81].to_string())
        .collect();
    let step = (all.len() / count.max(1)).max(1);
    Some(all.into_iter().step_by(step).take(count).collect())
}

/// Puzzles from a generator's standard output (81-character lines, a comment after them).
fn generated(program: &Path, args: &[&str]) -> Option<Vec<String>> {
    let output = Command::new(program)
        .args(args)
        .stderr(Stdio::null())
        .output()
        .ok()?;
    let puzzles: Vec<String> = String::from_utf8_lossy(&output.stdout)
        .lines()
        .filter_map(|l| l.split_whitespace().next())
        .filter(|p| p.len() == 81)
        .map(str::to_string)
        .collect();
    (!puzzles.is_empty()).then_some(puzzles)
}

/// CPU seconds of `program args file`, or why it failed.
fn run(program: &Path, args: &[&str], file: &Path) -> Result<f64, String> {
    let (status, _, cpu) = timed(CHILDREN, || {
        Command::new(program)
            .args(args)
            .arg(file)
            .env("OMP_NUM_THREADS", "1")
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .status()
    });
    match status {
        Ok(s) if s.success() => Ok(cpu),
        Ok(s) => Err(format!("{} exited with {s}", program.display())),
        Err(e) => Err(format!("{}: {e}", program.display())),
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let option = |flag: &str| value_of(&args, flag);
    let number =
        |flag: &str, default: usize| option(flag).and_then(|v| v.parse().ok()).unwrap_or(default);
    let count = number("--count", if quick { 20 } else { 100 });
    let se_count = number("--se-count", if quick { 5 } else { 20 });
    let se_count_hard = number("--se-count-hard", if quick { 2 } else { 5 });
    let rounds = number("--rounds", if quick { 1 } else { 2 }).max(1);
    let only = option("--only");
    // `--peers hodoku,skfr`: time only these peers (SE alone takes most of a full run).
    let peer_names = option("--peers");

    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let scripts = root.join("scripts");
    let data = root.join("../shared/data");
    let peers: Vec<Peer> = [Peer::Hodoku, Peer::Se, Peer::Skfr]
        .into_iter()
        .filter(|p| {
            peer_names.as_ref().is_none_or(|names| {
                names
                    .split(',')
                    .any(|n| p.script().starts_with(n.trim().to_lowercase().as_str()))
            })
        })
        .filter(|p| {
            let there = p.available(&scripts);
            if !there {
                println!(
                    "{}: not built, skipped (scripts/reference-raters.sh builds it)",
                    p.name()
                );
            }
            there
        })
        .collect();
    if peers.is_empty() {
        println!("no peer is built: nothing to compare");
        return;
    }
    let with = |wanted: &[Peer]| -> Vec<Peer> {
        wanted
            .iter()
            .copied()
            .filter(|p| peers.contains(p))
            .collect()
    };

    let mut sets: Vec<Set> = Vec::new();
    // `--only se121,top1465`: the sets whose label contains any of these.
    let wanted = |label: &str| {
        only.as_ref()
            .is_none_or(|o| o.split(',').any(|part| label.contains(part.trim())))
    };
    if peers.contains(&Peer::Hodoku) {
        for level in ["easy", "medium", "hard", "unfair", "extreme"] {
            let label = format!("hodoku-{level}");
            if !wanted(&label) {
                continue;
            }
            let made = generated(
                &scripts.join("hodoku-generate"),
                &[level, &count.to_string()],
            );
            match made {
                Some(puzzles) => sets.push(Set {
                    label,
                    puzzles,
                    peers: with(&[Peer::Hodoku, Peer::Se]),
                    hard_for_se: false,
                }),
                None => println!("{label}: HoDoKu's generator gave nothing, skipped"),
            }
        }
    }
    let qqwing = ["/usr/games/qqwing", "/usr/bin/qqwing"]
        .iter()
        .map(PathBuf::from)
        .find(|p| p.is_file());
    for level in ["simple", "easy", "intermediate", "expert"] {
        let label = format!("qqwing-{level}");
        if !wanted(&label) {
            continue;
        }
        let Some(qqwing) = &qqwing else {
            println!("{label}: QQWing not installed (apt-get install qqwing), skipped");
            continue;
        };
        let count = count.to_string();
        let args = ["--generate", &count, "--difficulty", level, "--one-line"];
        if let Some(puzzles) = generated(qqwing, &args) {
            sets.push(Set {
                label,
                puzzles,
                peers: with(&[Peer::Hodoku, Peer::Se]),
                hard_for_se: false,
            });
        }
    }
    for (label, file, skfr) in [
        ("top1465", "top1465.txt", true),
        ("17-clue", "17-clue.txt", false),
        ("forum-11plus", "forum-hardest-11plus.txt", false),
        ("se121", "rated/se121.tsv", true),
        ("se-hardest", "rated/se-hardest-1106.tsv", true),
    ] {
        if !wanted(label) {
            continue;
        }
        let Some(puzzles) = sample(&data.join(file), count) else {
            println!("{label}: ../shared/data/{file} not found, skipped");
            continue;
        };
        let mut set_peers = vec![Peer::Hodoku, Peer::Se];
        if skfr {
            set_peers.push(Peer::Skfr);
        }
        sets.push(Set {
            label: label.to_string(),
            puzzles,
            peers: with(&set_peers),
            hard_for_se: matches!(label, "forum-11plus" | "se-hardest"),
        });
    }

    let work = std::env::temp_dir().join(format!("stepwise-peers-{}", std::process::id()));
    std::fs::create_dir_all(&work).expect("a temporary folder");
    println!(
        "CPU ms per puzzle, whole process tree, best of {rounds} interleaved round(s); Stepwise \
         runs `rate --jobs 1 --profile P` on the same file as the peer\n"
    );
    println!(
        "{:<20} {:<11} {:>6} {:>12} {:>12} {:>9} {:>8}  met",
        "set", "peer", "puzzles", "peer ms", "stepwise ms", "ratio", "target"
    );
    let mut all_met = true;
    for set in &sets {
        for &peer in &set.peers {
            let n = if peer == Peer::Se {
                let wanted = if set.hard_for_se {
                    se_count_hard
                } else {
                    se_count
                };
                wanted.min(set.puzzles.len())
            } else {
                set.puzzles.len()
            };
            // SE's share is spread over the set too.
            let step = (set.puzzles.len() / n.max(1)).max(1);
            let puzzles: Vec<&String> = set.puzzles.iter().step_by(step).take(n).collect();
            let file = work.join(format!("{}-{}.txt", set.label, peer.script()));
            let text: String = puzzles.iter().map(|p| format!("{p}\n")).collect();
            std::fs::write(&file, text).expect("the sample file");
            let mut best = (f64::INFINITY, f64::INFINITY);
            let mut failure = None;
            for _ in 0..rounds {
                let peer_cpu = run(&scripts.join(peer.script()), &[], &file);
                let profile = peer.profile();
                let ours = run(
                    Path::new(STEPWISE),
                    &[
                        "rate",
                        "--jobs",
                        "1",
                        "--format",
                        "csv",
                        "--profile",
                        profile,
                    ],
                    &file,
                );
                match (peer_cpu, ours) {
                    (Ok(p), Ok(o)) => best = (best.0.min(p), best.1.min(o)),
                    (Err(e), _) | (_, Err(e)) => failure = Some(e),
                }
            }
            let per = |s: f64| 1e3 * s / puzzles.len() as f64;
            if let Some(e) = failure.filter(|_| !best.0.is_finite()) {
                println!("{:<20} {:<11} failed: {e}", set.label, peer.name());
                all_met = false;
                continue;
            }
            let ratio = best.0 / best.1.max(1e-9);
            let met = ratio >= peer.target();
            all_met &= met;
            println!(
                "{:<20} {:<11} {:>6} {:>12.2} {:>12.3} {:>9.1} {:>8}  {}",
                set.label,
                peer.name(),
                puzzles.len(),
                per(best.0),
                per(best.1),
                ratio,
                format!(">= {}", peer.target()),
                if met { "yes" } else { "NO" }
            );
        }
    }
    let _ = std::fs::remove_dir_all(&work);
    println!(
        "\n{}",
        if all_met {
            "every target met"
        } else {
            "some targets not met (NO above)"
        }
    );
}
