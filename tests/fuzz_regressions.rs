//! Every input the fuzzers crashed on (and their seeds), replayed through the same target code
//! on stable:
//! `tests/fuzz_regressions/TARGET/NAME` runs through `fuzz/src/`'s function for TARGET (the
//! files are included by path, so the replay and the fuzzer cannot drift apart). The http_api
//! and kakuro_api inputs are posted to a `stepwise serve` of this build.
//!
//! A crash that was an arithmetic overflow panics only where overflow checks are on: in a
//! debug build (`cargo test --test fuzz_regressions`), and in the fuzzer, which
//! `scripts/fuzz.sh` builds with debug assertions and starts from these inputs too. In release
//! the replay still checks everything else the target asserts.

mod common;

#[allow(dead_code)]
#[path = "../fuzz/src/explain_puzzle.rs"]
mod explain_puzzle;
#[allow(dead_code)]
#[path = "../fuzz/src/formats.rs"]
mod formats;
#[allow(dead_code)]
#[path = "../fuzz/src/hint_state.rs"]
mod hint_state;
#[allow(dead_code)]
#[path = "../fuzz/src/http_request.rs"]
mod http_request;
#[allow(dead_code)]
#[path = "../fuzz/src/other_formats.rs"]
mod other_formats;
#[allow(dead_code)]
#[path = "../fuzz/src/puzzles.rs"]
mod puzzles;

use std::path::PathBuf;

/// The inputs saved for a target, sorted by name, with their names: the crashes of
/// `tests/fuzz_regressions/TARGET/`, then the fuzzer's seeds (`fuzz/seeds/TARGET/`), which
/// show the replay works on inputs that reach deep (a post that gets an answer, a hint step).
fn inputs(target: &str) -> Vec<(String, Vec<u8>)> {
    let mut all = saved(&format!("tests/fuzz_regressions/{target}"));
    all.extend(saved(&format!("fuzz/seeds/{target}")));
    all
}

/// The files of a folder of the crate, sorted by name, with their names.
fn saved(folder: &str) -> Vec<(String, Vec<u8>)> {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(folder);
    let Ok(entries) = std::fs::read_dir(&dir) else {
        return vec![];
    };
    let mut files: Vec<(String, Vec<u8>)> = entries
        .map(|e| e.expect("a readable entry").path())
        .filter(|p| p.is_file())
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (
                format!("{folder}/{name}"),
                std::fs::read(&p).expect("a readable input"),
            )
        })
        .collect();
    files.sort();
    files
}

/// Runs `run` on every input of `target`, naming the input that fails. The seeds are part of
/// the crate, so a target without any saved input is a broken checkout, not a pass.
fn replay(target: &str, run: impl Fn(&[u8])) {
    let inputs = inputs(target);
    assert!(
        !inputs.is_empty(),
        "no saved input for {target}: fuzz/seeds/{target}/ is missing or empty"
    );
    for (name, data) in inputs {
        let outcome = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run(&data)));
        assert!(outcome.is_ok(), "{name} fails");
    }
}

#[test]
fn parser_inputs_replay() {
    replay("parse_line", formats::line);
    replay("parse_grid", formats::grid);
    replay("parse_pencilmark", formats::pencilmark);
    replay("parse_json", formats::json);
    replay("read_detected", formats::detected);
    replay("parse_shaped", other_formats::shaped);
    replay("parse_kakuro", other_formats::kakuro);
}

#[test]
fn hint_state_inputs_replay() {
    replay("hint_state", hint_state::run);
}

#[test]
fn explain_puzzle_inputs_replay() {
    replay("explain_puzzle", explain_puzzle::run);
}

#[test]
fn http_api_and_kakuro_api_inputs_replay() {
    // As the fuzz target sets its server up: one worker, a tenth of a second per request.
    let server = common::server::Server::start(
        env!("CARGO_BIN_EXE_stepwise"),
        &["--workers", "1", "--timeout", "0.1"],
    );
    replay("http_api", |data| http_request::run(&server.addr, data));
    replay("kakuro_api", |data| {
        http_request::run_kakuro(&server.addr, data)
    });
}

#[test]
fn every_saved_input_belongs_to_a_target() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fuzz_regressions");
    let targets = [
        "parse_line",
        "parse_grid",
        "parse_pencilmark",
        "parse_json",
        "read_detected",
        "parse_shaped",
        "parse_kakuro",
        "hint_state",
        "explain_puzzle",
        "http_api",
        "kakuro_api",
    ];
    for entry in std::fs::read_dir(dir).expect("tests/fuzz_regressions exists") {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        assert!(
            path.is_file() && name == "README.md" || targets.contains(&name.as_str()),
            "tests/fuzz_regressions/{name}: not a fuzz target's folder ({targets:?})"
        );
    }
}
