//! Hostile and odd input, end to end through the `stepwise` binary: each case gets a clear
//! error naming what and where, or the right answer, and the documented exit code (0 every
//! puzzle succeeded, 1 any failed, 2 usage). Nothing here may panic, hang or grow memory with
//! the input's size.

mod common;

use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::WIKIPEDIA_SOLUTION as SOLUTION;

const WIKI: &str =
    "53..7....6..195....98....6.8...6...34..8.3..17...2...6.6....28....419..5....8..79";

/// Runs the binary with `args`, `stdin` written from another thread (the binary may stop
/// reading early, as it does past a line's limit, so a failed write is no error).
fn run(args: &[&str], stdin: Vec<u8>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary starts");
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let output = child.wait_with_output().unwrap();
    writer.join().unwrap();
    output
}

fn stdout(output: &Output) -> String {
    common::text(&output.stdout)
}

fn stderr(output: &Output) -> String {
    common::text(&output.stderr)
}

/// Asserts the exit code and that nothing panicked.
fn assert_code(output: &Output, code: i32) {
    assert!(
        !stderr(output).contains("panicked"),
        "a panic: {}",
        stderr(output)
    );
    assert_eq!(
        output.status.code(),
        Some(code),
        "stdout: {}\nstderr: {}",
        stdout(output),
        stderr(output)
    );
}

/// A folder of the test's own in the temporary directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir =
            std::env::temp_dir().join(format!("stepwise-hostile-{}-{name}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str, contents: &[u8]) -> String {
        let path = self.0.join(name);
        std::fs::write(&path, contents).unwrap();
        path.to_str().unwrap().to_string()
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

#[test]
fn empty_input_says_no_puzzle() {
    for input in ["", "\n\n", "# only a comment\n"] {
        let out = run(&["check"], input.into());
        assert_eq!(stdout(&out), "invalid: stdin: no puzzle found in stdin\n");
        assert_code(&out, 1);
    }
}

#[test]
fn empty_grid_is_multiple_at_once() {
    let start = Instant::now();
    let out = run(&["check", &".".repeat(81)], vec![]);
    assert_eq!(stdout(&out), "multiple\n");
    assert_code(&out, 1);
    assert!(
        start.elapsed() < Duration::from_secs(5),
        "{:?}",
        start.elapsed()
    );
}

#[test]
fn eighty_givens_are_unique_and_solved() {
    let eighty = format!("{}.", &SOLUTION[..80]);
    let out = run(&["check", &eighty], vec![]);
    assert_eq!(stdout(&out), "unique\n");
    assert_code(&out, 0);
    let out = run(&["solve", &eighty], vec![]);
    assert_eq!(stdout(&out), format!("{SOLUTION}\n"));
    assert_code(&out, 0);
}

#[test]
fn a_full_grid_is_its_own_solution() {
    let out = run(&["check", SOLUTION], vec![]);
    assert_eq!(stdout(&out), "unique\n");
    assert_code(&out, 0);
    let out = run(&["explain", SOLUTION], vec![]);
    assert!(
        stdout(&out).contains(&format!("Solved: {SOLUTION}")),
        "{}",
        stdout(&out)
    );
    assert_code(&out, 0);
}

#[test]
fn a_full_but_wrong_grid_names_the_clash() {
    // The last two digits swapped: two 9s in column 8.
    let wrong = format!("{}97", &SOLUTION[..79]);
    let out = run(&["check", &wrong], vec![]);
    assert_eq!(
        stdout(&out),
        "invalid: argument 1: line 1: r5c8 and r9c8 both hold 9 (column 8)\n"
    );
    assert_code(&out, 1);
}

#[test]
fn crlf_line_endings_are_read() {
    let lines = format!("{WIKI}\r\n{WIKI}\r\n");
    let out = run(&["check"], lines.into_bytes());
    assert_eq!(stdout(&out), "unique\nunique\n");
    assert_code(&out, 0);
    // A grid with CRLF rows.
    let grid = stepwise::format::to_grid(&common::cells(WIKI)).replace('\n', "\r\n");
    let out = run(&["check"], grid.into_bytes());
    assert_eq!(stdout(&out), "unique\n");
    assert_code(&out, 0);
}

#[test]
fn a_byte_order_mark_is_skipped() {
    let mut input = vec![0xEF, 0xBB, 0xBF];
    input.extend_from_slice(WIKI.as_bytes());
    input.push(b'\n');
    let out = run(&["check"], input);
    assert_eq!(stdout(&out), "unique\n");
    assert_code(&out, 0);
}

#[test]
fn invalid_utf8_costs_its_line_only() {
    let mut input = format!("{WIKI}\n").into_bytes();
    input.extend_from_slice(&[0xFF, 0xFE]);
    input.extend_from_slice(format!("{WIKI}\n{WIKI}\n").as_bytes());
    let out = run(&["check"], input);
    assert_eq!(
        stdout(&out),
        "unique\ninvalid: stdin: invalid UTF-8 on line 2\nunique\n"
    );
    assert_code(&out, 1);
}

#[test]
fn nul_bytes_are_named_with_their_column() {
    let mut input = WIKI.as_bytes().to_vec();
    input[5] = 0;
    input.push(b'\n');
    let out = run(&["check"], input);
    assert_eq!(
        stdout(&out),
        "invalid: stdin: line 1, column 6: unexpected character '\\0'\n"
    );
    assert_code(&out, 1);
    let out = run(&["check"], vec![0, 0, 0]);
    assert!(stdout(&out).contains("line 1, column 1: unexpected character '\\0'"));
    assert_code(&out, 1);
}

/// The peak resident memory of a child, polled from /proc while it runs (Linux only; `None`
/// elsewhere): the kernel's high-water mark, so a late poll still sees an earlier peak.
fn run_measured(args: &[&str], stdin: Vec<u8>) -> (Output, Option<u64>) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut pipe = child.stdin.take().unwrap();
    let writer = std::thread::spawn(move || {
        let _ = pipe.write_all(&stdin);
    });
    let status_file = format!("/proc/{}/status", child.id());
    let mut peak_kb = None;
    while child.try_wait().unwrap().is_none() {
        let high_water = std::fs::read_to_string(&status_file).ok().and_then(|s| {
            s.lines()
                .find_map(|l| l.strip_prefix("VmHWM:"))
                .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<u64>().ok())
        });
        peak_kb = peak_kb.max(high_water);
        std::thread::sleep(Duration::from_millis(2));
    }
    writer.join().unwrap();
    (child.wait_with_output().unwrap(), peak_kb)
}

#[test]
fn a_100_mb_line_is_refused_quickly_in_bounded_memory() {
    let dir = TempDir::new("big-line");
    let mut big = vec![b'1'; 100_000_000];
    big.push(b'\n');
    big.extend_from_slice(format!("{WIKI}\n").as_bytes());
    let path = dir.file("big.txt", &big);
    for (args, stdin, source) in [
        (vec!["check", path.as_str()], vec![], path.as_str()),
        (vec!["check"], big.clone(), "stdin"),
    ] {
        let start = Instant::now();
        let (out, peak_kb) = run_measured(&args, stdin);
        // Refused with the line and the limit, and the next line still read.
        assert_eq!(
            stdout(&out),
            format!("invalid: {source}: line 1: line longer than 1 MiB\nunique\n")
        );
        assert_code(&out, 1);
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "{:?}",
            start.elapsed()
        );
        if let Some(kb) = peak_kb {
            assert!(
                kb < 64 * 1024,
                "{source}: peak memory {kb} kB for a 100 MB line"
            );
        }
    }
}

/// Kakuro's reader is as bounded as Sudoku's: a 100 MB line and a line that is not UTF-8 are
/// answered `invalid` with their line, in bounded memory, and the next puzzle is still read.
#[test]
fn kakuro_refuses_a_100_mb_line_and_bad_bytes_and_reads_on() {
    let tiny = "#   4\\_ 3\\_\n_\\3 .   .\n_\\4 .   .\n";
    let mut input = vec![b'#'; 100_000_000];
    input.extend_from_slice(b"\n\n\xff\xfe\n\n");
    input.extend_from_slice(tiny.as_bytes());
    let start = Instant::now();
    let (out, peak_kb) = run_measured(&["kakuro", "check"], input);
    let answers = stdout(&out);
    let lines: Vec<&str> = answers.lines().collect();
    assert_eq!(lines.len(), 3, "{answers}");
    assert_eq!(
        lines[0],
        "stdin:1: invalid: stdin: line 1: the line is longer than 1048576 bytes; it was skipped"
    );
    assert_eq!(
        lines[1],
        "stdin:3: invalid: stdin: line 3: the line is not UTF-8 text"
    );
    assert!(lines[2].starts_with("stdin:5: unique (gac"), "{answers}");
    assert_code(&out, 1);
    assert!(
        start.elapsed() < Duration::from_secs(20),
        "{:?}",
        start.elapsed()
    );
    if let Some(kb) = peak_kb {
        assert!(kb < 64 * 1024, "peak memory {kb} kB for a 100 MB line");
    }
}

#[test]
fn a_deeply_nested_json_array_is_a_syntax_error() {
    let nested = format!("{}{}\n", "[".repeat(100_000), "]".repeat(100_000));
    let out = run(&["check"], nested.into_bytes());
    assert_eq!(
        stdout(&out),
        "invalid: stdin: line 1, column 129: JSON syntax error: recursion limit exceeded\n"
    );
    assert_code(&out, 1);
    // Deep inside a record's board.
    let board = format!("{{\"board\": {}{}}}\n", "[".repeat(5000), "]".repeat(5000));
    let out = run(&["check"], board.into_bytes());
    assert!(
        stdout(&out).contains("JSON syntax error: recursion limit exceeded"),
        "{}",
        stdout(&out)
    );
    assert_code(&out, 1);
}

#[test]
fn a_json_array_of_100000_records_is_read_in_full() {
    let record = serde_json::json!({
        "board": stepwise::format::cells_to_rows(&common::cells(WIKI))
    })
    .to_string();
    let array = format!("[{}]\n", vec![record; 100_000].join(","));
    let out = run(&["check"], array.into_bytes());
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 100_000);
    assert!(text.lines().all(|l| l == "unique"));
    assert_code(&out, 0);
}

#[test]
fn a_pencilmark_grid_with_an_empty_cell() {
    let state = std::fs::read_to_string(
        PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("examples/state.txt"),
    )
    .unwrap();
    let row = "| 156     156    15   |";
    assert!(state.contains(row));
    let dir = TempDir::new("pencilmark");
    // A cell with no candidate left, written `.`: the hint points at it.
    let dotted = dir.file(
        "dot.txt",
        state.replace(row, "| .       156    15   |").as_bytes(),
    );
    let out = run(&["hint", &dotted], vec![]);
    assert_eq!(stdout(&out), "r1c1 has no candidate left.\n");
    assert_code(&out, 0);
    let out = run(&["check", &dotted], vec![]);
    assert_eq!(stdout(&out), "none\n");
    assert_code(&out, 1);
    // A cell left out altogether: the row is one short.
    let missing = dir.file(
        "missing.txt",
        state.replace(row, "|         156    15   |").as_bytes(),
    );
    let out = run(&["check", &missing], vec![]);
    assert_eq!(
        stdout(&out),
        format!("invalid: {missing}: line 4: expected 9 cells in a grid row, found 8\n")
    );
    assert_code(&out, 1);
}

#[test]
fn a_hint_on_a_solved_state() {
    let out = run(&["hint", SOLUTION], vec![]);
    assert_eq!(stdout(&out), "The puzzle is solved.\n");
    assert_code(&out, 0);
}

#[test]
fn jobs_out_of_range_are_usage_errors() {
    let out = run(&["rate", "--jobs", "0", WIKI], vec![]);
    assert!(
        stderr(&out).contains("invalid value '0' for '--jobs <N>'")
            && stderr(&out).contains("from 1 to 1024"),
        "{}",
        stderr(&out)
    );
    assert_code(&out, 2);
    // 1000 is allowed: more workers than puzzles costs nothing.
    let out = run(&["rate", "--jobs", "1000", WIKI], vec![]);
    assert!(stdout(&out).contains(",solved,"), "{}", stdout(&out));
    assert_code(&out, 0);
}

#[test]
fn a_zero_timeout_is_a_usage_error() {
    for command in ["rate", "explain"] {
        let out = run(&[command, "--timeout", "0", WIKI], vec![]);
        assert!(
            stderr(&out).contains("the timeout must be more than 0 seconds"),
            "{}",
            stderr(&out)
        );
        assert_code(&out, 2);
    }
}

#[test]
fn a_directory_as_input_is_named() {
    let dir = TempDir::new("directory");
    let path = dir.0.to_str().unwrap();
    let out = run(&["check", path], vec![]);
    assert_eq!(stdout(&out), format!("invalid: {path}: is a directory\n"));
    assert_code(&out, 1);
}

#[test]
fn output_to_a_closed_pipe_ends_quietly() {
    let dir = TempDir::new("closed-pipe");
    // Far more output than a pipe holds.
    let big = dir.file("big.txt", format!("{WIKI}\n").repeat(20_000).as_bytes());
    let mut child = Command::new(env!("CARGO_BIN_EXE_stepwise"))
        .args(["rate", &big])
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // `| head -1`: one line read, then the pipe closed.
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert_eq!(first, format!("{}\n", stepwise::RateRecord::CSV_HEADER));
    let output = child.wait_with_output().unwrap();
    assert!(
        !stderr(&output).contains("panicked") && !stderr(&output).contains("Broken pipe"),
        "{}",
        stderr(&output)
    );
    // Exit 0, or killed by SIGPIPE as a shell reports 141.
    #[cfg(unix)]
    {
        use std::os::unix::process::ExitStatusExt;
        assert!(
            output.status.code() == Some(0) || output.status.signal() == Some(13),
            "{:?}",
            output.status
        );
    }
}
