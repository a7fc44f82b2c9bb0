//! The dependency rules of ARCHITECTURE.md, checked on the source text: each layer's library
//! code (its tests aside) may not use the modules above it, and the finders hold no rating
//! numbers. A finder that imports the pipeline, or a grid that imports a finder, fails here
//! with its file and line.

mod common;

use std::fs;
use std::path::{Path, PathBuf};

use common::source::{code_only, library_code, rust_files, src_dir, test_module_files};

/// The finders and the modules above them, which run, rate, explain and read; a finder only
/// finds.
const FINDERS_AND_ABOVE: &[&str] = &[
    "finders",
    "pipeline",
    "profile",
    "rating",
    "analysis",
    "agreement",
    "hint",
    "explain",
    "format",
    "cli",
];

/// The modules above the finders.
const ABOVE_FINDERS: &[&str] = FINDERS_AND_ABOVE.split_at(1).1;

/// Which crate modules (`crate::NAME`) a part's library code may use.
enum Uses {
    /// Any but these.
    NoneOf(&'static [&'static str]),
    /// Only these and itself: a bottom layer, which no module may slip under.
    OnlyOf(&'static [&'static str]),
}

/// A part of the crate, what it may use, and why.
struct Rule {
    /// A file under `src/`, or a folder ending in `/`.
    part: &'static str,
    uses: Uses,
    why: &'static str,
}

const RULES: &[Rule] = &[
    Rule {
        part: "finders/",
        uses: Uses::NoneOf(ABOVE_FINDERS),
        why: "the finders sit below the pipeline, profiles, rating, hints, explanations and \
              formats: a finder finds steps and records facts; the layers above run and rate them",
    },
    Rule {
        part: "technique.rs",
        uses: Uses::NoneOf(FINDERS_AND_ABOVE),
        why: "the catalog sits below the finders (they read its names and its rating formula)",
    },
    Rule {
        part: "step.rs",
        uses: Uses::NoneOf(FINDERS_AND_ABOVE),
        why: "a step sits below the finders that build it",
    },
    Rule {
        part: "geometry.rs",
        uses: Uses::OnlyOf(&[]),
        why: "geometry is the bottom layer: cells, units and bitsets use nothing else",
    },
    Rule {
        part: "kakuro/",
        uses: Uses::OnlyOf(&["csp", "budget", "deadline", "hint_level", "svg_text"]),
        why: "Kakuro uses none of the Sudoku modules: its engines are configurations of the \
              shared constraint core, and its calls share the library's budget, deadline, \
              hint levels and SVG text helpers, and nothing else",
    },
    Rule {
        part: "svg_text.rs",
        uses: Uses::OnlyOf(&[]),
        why: "the SVG text helpers are pure functions that Sudoku's and Kakuro's pictures share: \
              they use nothing",
    },
    Rule {
        part: "grid.rs",
        uses: Uses::OnlyOf(&["geometry"]),
        why: "the grid sits on geometry alone, below the finders and everything above them",
    },
    Rule {
        part: "csp/",
        uses: Uses::OnlyOf(&["deadline"]),
        why: "the generic constraint core knows no grid, shape or engine: shapes build problems \
              on it and engines search them (its meter reads the thread's deadline)",
    },
    Rule {
        part: "shape/",
        uses: Uses::OnlyOf(&["csp", "error"]),
        why: "shapes of every size sit on the constraint core beside the 9x9 geometry, not on it",
    },
    Rule {
        part: "engines/",
        uses: Uses::OnlyOf(&["csp", "shape", "error", "deadline", "solver"]),
        why: "the engines search the constraint core (and call the 9x9 solver as `fast`); they \
              know nothing of the human pipeline",
    },
    Rule {
        part: "bench/",
        uses: Uses::OnlyOf(&["csp", "engines", "kakuro", "shape", "error", "deadline"]),
        why: "the bench tables and charts sit above the Sudoku engines and Kakuro, which they \
              draw; the engines and Kakuro use neither it nor each other",
    },
    Rule {
        part: "cli/",
        uses: Uses::NoneOf(&["server", "stepwise::finders", "stepwise::deadline"]),
        why: "the command line is a front end on the library's public face (its answers in \
              `stepwise::answer`); it knows nothing of the server, which `main` starts",
    },
    Rule {
        part: "server/",
        uses: Uses::NoneOf(&["cli", "stepwise::finders", "stepwise::deadline"]),
        why: "the server is a front end on the library's public face (its answers in \
              `stepwise::answer`); it knows nothing of the command line",
    },
];

/// The binary's parts: their `crate::NAME` are the binary's modules (`cli`, `server`), and
/// they reach the library as `stepwise::NAME`.
const BINARY: &[&str] = &["main.rs", "cli/", "server/"];

fn is_ident(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// The crate modules the code names, each with its line: `crate::NAME` and each top-level
/// name of `crate::{NAME::..., NAME}` (a group may span lines).
fn crate_modules(code: &str) -> Vec<(usize, String)> {
    modules_under(code, "crate::")
}

/// The modules a file names: its crate's, and in the binary's parts also the library's, as
/// `stepwise::NAME`.
fn named_modules(relative: &Path, code: &str) -> Vec<(usize, String)> {
    let mut names = crate_modules(code);
    if BINARY.iter().any(|part| in_part(relative, part)) {
        names.extend(
            modules_under(code, "stepwise::")
                .into_iter()
                .map(|(line, name)| (line, format!("stepwise::{name}"))),
        );
    }
    names
}

/// The modules named under `prefix` (`crate::`, `stepwise::`), each with its line: `PREFIXNAME`
/// and each top-level name of `PREFIX{NAME::..., NAME}` (a group may span lines).
fn modules_under(code: &str, prefix: &str) -> Vec<(usize, String)> {
    let mut names = Vec::new();
    let mut searched = 0;
    while let Some(found) = code[searched..].find(prefix) {
        let at = searched + found;
        searched = at + prefix.len();
        let line = code[..at].matches('\n').count() + 1;
        if is_ident(code[..at].chars().next_back().as_ref()) || code[..at].ends_with('$') {
            continue;
        }
        let rest = &code[searched..];
        let first_word = |text: &str| -> String {
            text.trim_start()
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect()
        };
        let Some(group) = rest.strip_prefix('{') else {
            names.push((line, first_word(rest)));
            continue;
        };
        // The group's top-level items, split at commas outside nested braces.
        let mut items = vec![String::new()];
        let mut depth = 0;
        for c in group.chars() {
            match c {
                '}' if depth == 0 => break,
                ',' if depth == 0 => items.push(String::new()),
                '{' | '}' => {
                    depth += if c == '{' { 1 } else { -1 };
                    items.last_mut().expect("an item").push(c);
                }
                _ => items.last_mut().expect("an item").push(c),
            }
        }
        names.extend(
            items
                .iter()
                .map(|item| first_word(item))
                .filter(|name| !name.is_empty())
                .map(|name| (line, name)),
        );
    }
    names
}

/// The module path of a file under `src/` (`finders/aic/links.rs` is `finders::aic::links`).
fn module_depth(relative: &Path) -> usize {
    let parts: Vec<_> = relative.components().collect();
    let last = relative.file_name().expect("a file name");
    if last == "mod.rs" || last == "lib.rs" || last == "main.rs" {
        parts.len() - 1
    } else {
        parts.len()
    }
}

/// The longest run of `super::` in a line.
fn longest_super_chain(line: &str) -> usize {
    let mut longest = 0;
    let mut rest = line;
    while let Some(at) = rest.find("super::") {
        let before = rest[..at].chars().next_back();
        let mut count = 0;
        let mut tail = &rest[at..];
        while let Some(after) = tail.strip_prefix("super::") {
            count += 1;
            tail = after;
        }
        if !before.is_some_and(|c| c.is_alphanumeric() || c == '_') {
            longest = longest.max(count);
        }
        rest = tail;
    }
    longest
}

/// Every file under `src/` (relative to it) with its library code, test modules left out.
fn library_sources() -> Vec<(PathBuf, String)> {
    let src = src_dir();
    let files = rust_files(&src);
    let codes: Vec<(PathBuf, String)> = files
        .iter()
        .map(|f| {
            (
                f.clone(),
                code_only(&fs::read_to_string(f).expect("a readable file")),
            )
        })
        .collect();
    let test_files: Vec<PathBuf> = codes
        .iter()
        .flat_map(|(f, code)| test_module_files(f, code))
        .collect();
    codes
        .into_iter()
        .filter(|(f, _)| !test_files.contains(f))
        .map(|(f, code)| {
            let relative = f.strip_prefix(&src).expect("under src").to_path_buf();
            (relative, library_code(&code))
        })
        .collect()
}

fn in_part(relative: &Path, part: &str) -> bool {
    let relative = relative.to_string_lossy().replace('\\', "/");
    if part.ends_with('/') {
        relative.starts_with(part)
    } else {
        relative == part
    }
}

#[test]
fn each_layer_uses_only_the_layers_below_it() {
    let sources = library_sources();
    let mut broken = Vec::new();
    for rule in RULES {
        let files: Vec<_> = sources
            .iter()
            .filter(|(f, _)| in_part(f, rule.part))
            .collect();
        assert!(!files.is_empty(), "no source for {}", rule.part);
        for (file, code) in files {
            let own = rule.part.trim_end_matches('/').trim_end_matches(".rs");
            for (n, name) in named_modules(file, code) {
                let refused = match rule.uses {
                    Uses::OnlyOf(allowed) => name != own && !allowed.contains(&name.as_str()),
                    Uses::NoneOf(forbidden) => forbidden.contains(&name.as_str()),
                };
                if refused {
                    let path = if name.starts_with("stepwise::") {
                        name
                    } else {
                        format!("crate::{name}")
                    };
                    broken.push(format!(
                        "src/{}:{n} uses {path}, but {}",
                        file.display(),
                        rule.why
                    ));
                }
            }
            let depth = module_depth(file);
            for (n, line) in code.lines().enumerate().map(|(i, l)| (i + 1, l)) {
                if longest_super_chain(line) >= depth {
                    broken.push(format!(
                        "src/{}:{n} climbs with super:: out of its layer to the crate root; \
                         name crate modules as crate::NAME, which these rules check",
                        file.display()
                    ));
                }
            }
        }
    }
    assert!(broken.is_empty(), "layering broken:\n{}", broken.join("\n"));
}

/// The command line and the server are two front ends on one library: `main.rs` alone names
/// both (it parses the arguments and starts the server); nothing else names the binary's
/// modules across that line.
#[test]
fn main_alone_names_both_front_ends() {
    let both: Vec<String> = library_sources()
        .into_iter()
        .filter(|(_, code)| {
            let names = front_ends_named(code);
            names.contains(&"cli") && names.contains(&"server")
        })
        .map(|(file, _)| file.to_string_lossy().replace('\\', "/"))
        .collect();
    assert_eq!(both, ["main.rs"], "only main.rs may name both front ends");
}

/// The binary's front-end modules a file names: `crate::cli`, `crate::server`, or in the
/// binary's root `cli::...` and `server::...` (a path after `::` is some other crate's).
fn front_ends_named(code: &str) -> Vec<&'static str> {
    let mut named = Vec::new();
    for module in ["cli", "server"] {
        let path = format!("{module}::");
        let mut searched = 0;
        while let Some(found) = code[searched..].find(&path) {
            let at = searched + found;
            searched = at + path.len();
            let before = &code[..at];
            let rooted = before.ends_with("crate::")
                || !(before.ends_with("::") || is_ident(before.chars().next_back().as_ref()));
            if rooted {
                named.push(module);
                break;
            }
        }
    }
    named
}

/// Ratings are computed in one place, the catalog's formula (`Technique::se_rating_for`);
/// a finder records facts. So the finders' library code holds no number with a decimal point.
#[test]
fn the_finders_hold_no_rating_numbers() {
    let mut found = Vec::new();
    for (file, code) in library_sources() {
        if !in_part(&file, "finders/") {
            continue;
        }
        for (n, line) in code.lines().enumerate().map(|(i, l)| (i + 1, l)) {
            if let Some(number) = float_literal(line) {
                found.push(format!("src/{}:{n}: {number}", file.display()));
            }
        }
    }
    assert!(
        found.is_empty(),
        "rating numbers belong in technique.rs (Technique::se_rating_for), a finder records \
         Facts:\n{}",
        found.join("\n")
    );
}

/// The first float literal of a line of code (`0.1`, `4.`, `1e-9`), if any.
fn float_literal(line: &str) -> Option<String> {
    let chars: Vec<char> = line.chars().collect();
    let mut i = 0;
    while i < chars.len() {
        let starts_number = chars[i].is_ascii_digit()
            && !(i > 0 && (is_ident(chars.get(i - 1)) || chars[i - 1] == '.'));
        if !starts_number {
            i += 1;
            continue;
        }
        let start = i;
        let digits = |i: &mut usize| {
            while *i < chars.len() && (chars[*i].is_ascii_digit() || chars[*i] == '_') {
                *i += 1;
            }
        };
        digits(&mut i);
        // `1.5` or `1.`, but not `0..9` nor `1.max(2)`.
        let fraction = chars.get(i) == Some(&'.')
            && !chars
                .get(i + 1)
                .is_some_and(|c| *c == '.' || c.is_alphabetic() || *c == '_');
        if fraction {
            i += 1;
            digits(&mut i);
        }
        let exponent = matches!(chars.get(i), Some('e' | 'E'))
            && chars
                .get(i + 1)
                .is_some_and(|c| c.is_ascii_digit() || *c == '-' || *c == '+');
        if exponent {
            i += 2;
            digits(&mut i);
        }
        let suffix = ["f32", "f64"]
            .into_iter()
            .find(|s| chars[i..].iter().take(3).copied().eq(s.chars()));
        if let Some(suffix) = suffix {
            i += suffix.len();
        }
        if fraction || exponent || suffix.is_some() {
            return Some(chars[start..i].iter().collect());
        }
    }
    None
}

#[test]
fn the_scanner_sees_what_it_should() {
    let code = code_only("let a = \"crate::pipeline 0.5\"; // crate::rating 0.1\nlet b = 'x';");
    assert!(
        crate_modules(&code).is_empty() && float_literal(&code).is_none(),
        "{code}"
    );
    let names = |code: &str| -> Vec<String> {
        crate_modules(code)
            .into_iter()
            .map(|(_, name)| name)
            .collect()
    };
    assert_eq!(
        names("use crate::{geometry::{Cell, Unit}, pipeline::Options, rating};"),
        ["geometry", "pipeline", "rating"]
    );
    assert_eq!(
        names("use crate::{\n    grid::Grid,\n    hint,\n};"),
        ["grid", "hint"]
    );
    assert_eq!(
        crate_modules("x;\ncrate::rating::rate(&t)"),
        [(2, "rating".to_string())]
    );
    assert_eq!(
        float_literal("let x = base + 0.1 * n;").as_deref(),
        Some("0.1")
    );
    assert_eq!(float_literal("for i in 0..9 { t.0.1; 1.max(2); }"), None);
    assert_eq!(
        float_literal("let y = 2f64 + 1e-9;").as_deref(),
        Some("2f64")
    );
    assert_eq!(float_literal("let y = 1e-9;").as_deref(), Some("1e-9"));
    assert_eq!(
        named_modules(
            Path::new("cli/x.rs"),
            "use stepwise::{finders, answer::Failure};\nuse crate::server;"
        ),
        [
            (2, "server".to_string()),
            (1, "stepwise::finders".to_string()),
            (1, "stepwise::answer".to_string())
        ]
    );
    assert!(named_modules(Path::new("grid.rs"), "stepwise::finders").is_empty());
    assert_eq!(
        front_ends_named("use crate::server::Config; hyper::server::conn; cli::run()"),
        ["cli", "server"]
    );
    assert!(front_ends_named("hyper_util::server::graceful; my_cli::x").is_empty());
    assert_eq!(longest_super_chain("use super::super::pipeline;"), 2);
    assert_eq!(module_depth(Path::new("finders/aic/links.rs")), 3);
    assert_eq!(module_depth(Path::new("finders/aic/mod.rs")), 2);
    let library =
        library_code("fn a() {}\n#[cfg(test)]\nmod tests {\n    fn b() {}\n}\nfn c() {}\n");
    assert_eq!(library, "fn a() {}\n\n\n\n\nfn c() {}\n");
}

/// The Sudoku engines and Kakuro stay side by side under the bench tables: neither may use the
/// other, nor the bench module that draws them both (a rule loosened by mistake fails here).
#[test]
fn the_engines_and_kakuro_use_neither_each_other_nor_bench() {
    for (part, others) in [
        ("engines/", ["kakuro", "bench"]),
        ("kakuro/", ["engines", "bench"]),
    ] {
        let rule = RULES
            .iter()
            .find(|r| r.part == part)
            .expect("a rule for the part");
        match rule.uses {
            Uses::OnlyOf(allowed) => {
                for other in others {
                    assert!(!allowed.contains(&other), "{part} may use {other}");
                }
            }
            Uses::NoneOf(_) => panic!("{part} should list what it may use"),
        }
    }
}
