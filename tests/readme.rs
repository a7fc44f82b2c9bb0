//! Every shell example of the README runs as written: each line of a ```sh block is run by
//! bash with the freshly built `stepwise` first on the PATH (and `cargo run --release --` read
//! as `stepwise`), in a scratch folder that sees the repository's `examples/` and, when
//! present, `../shared`. A line must exit 0 unless it ends with `# exit N`. `cargo test`,
//! `cargo bench` and `cargo install` lines are not run here (they would run this very build);
//! lines that read `../shared` are skipped, visibly, where it is absent. The README's Rust
//! example runs as a doc test (`src/lib.rs`).

mod common;

use std::path::{Path, PathBuf};
use std::process::Command;

/// The commands of the README's ```sh blocks, with their line numbers.
fn shell_examples(readme: &str) -> Vec<(usize, String)> {
    let mut commands = Vec::new();
    let mut in_shell = false;
    for (i, line) in readme.lines().enumerate() {
        let trimmed = line.trim();
        if trimmed.starts_with("```") {
            in_shell = !in_shell && trimmed == "```sh";
            continue;
        }
        if in_shell && !trimmed.is_empty() && !trimmed.starts_with('#') {
            commands.push((i + 1, trimmed.to_string()));
        }
    }
    commands
}

/// The exit code a line promises (`# exit 1`), 0 by default.
fn expected_exit(command: &str) -> i32 {
    command
        .rsplit_once("# exit ")
        .and_then(|(_, code)| code.trim().parse().ok())
        .unwrap_or(0)
}

fn scratch_folder() -> PathBuf {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let base = std::env::temp_dir().join(format!("stepwise-readme-{}", std::process::id()));
    let work = base.join("work");
    std::fs::create_dir_all(&work).unwrap();
    std::os::unix::fs::symlink(root.join("examples"), work.join("examples")).unwrap();
    let shared = root.join("../shared");
    if shared.exists() {
        std::os::unix::fs::symlink(shared.canonicalize().unwrap(), base.join("shared")).unwrap();
    }
    work
}

#[test]
fn every_readme_example_runs_as_written() {
    let readme =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md")).unwrap();
    let commands = shell_examples(&readme);
    assert!(commands.len() >= 20, "the README should show its commands");
    // The first lines are the newcomer's two commands.
    assert!(
        commands[0].1.starts_with("cargo run --release -- "),
        "{:?}",
        commands[0]
    );
    assert!(
        commands[1].1.starts_with("cargo test --release"),
        "{:?}",
        commands[1]
    );

    let binary = Path::new(env!("CARGO_BIN_EXE_stepwise"));
    let path = format!(
        "{}:{}",
        binary.parent().unwrap().display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let work = scratch_folder();
    let has_shared = work.join("../shared").exists();
    let (mut ran, mut skipped) = (0, 0);
    for (line, command) in &commands {
        if ["cargo test", "cargo bench", "cargo install"]
            .iter()
            .any(|c| command.starts_with(c))
        {
            continue;
        }
        if command.contains("../shared") && !has_shared {
            skipped += 1;
            continue;
        }
        let script = command.replace("cargo run --release -- ", "stepwise ");
        let output = Command::new("bash")
            .args(["-c", &format!("set -o pipefail; {script}")])
            .current_dir(&work)
            .env("PATH", &path)
            .output()
            .unwrap();
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(
            output.status.code(),
            Some(expected_exit(command)),
            "README line {line}: {command}\n{stderr}"
        );
        assert!(!stderr.contains("panicked"), "README line {line}: {stderr}");
        ran += 1;
    }
    std::fs::remove_dir_all(work.parent().unwrap()).unwrap();
    if skipped > 0 {
        common::skipped(&format!(
            "{skipped} README examples that read ../shared (not found)"
        ));
    }
    assert!(ran >= 20, "{ran} examples ran");
}
