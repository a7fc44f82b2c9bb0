//! Reading the crate's own source as code: every `.rs` file under `src/`, and a file's text
//! with comments and the insides of literals blanked (line numbers kept), which the layering
//! and import-cycle tests scan.

use std::fs;
use std::path::{Path, PathBuf};

/// The crate's `src/` folder.
pub fn src_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("src")
}

/// Every `.rs` file under `dir`, sorted.
pub fn rust_files(dir: &Path) -> Vec<PathBuf> {
    let mut files = Vec::new();
    let mut pending = vec![dir.to_path_buf()];
    while let Some(dir) = pending.pop() {
        for entry in fs::read_dir(&dir).expect("a readable source folder") {
            let path = entry.expect("a folder entry").path();
            if path.is_dir() {
                pending.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                files.push(path);
            }
        }
    }
    files.sort();
    files
}

pub fn is_ident_char(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The source with comments and the insides of string and character literals replaced by
/// spaces (newlines kept, so line numbers hold).
pub fn code_only(source: &str) -> String {
    let chars: Vec<char> = source.chars().collect();
    let mut out = String::with_capacity(source.len());
    let space = |c: char| if c == '\n' { '\n' } else { ' ' };
    let mut i = 0;
    while i < chars.len() {
        let c = chars[i];
        let next = chars.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < chars.len() && chars[i] != '\n' {
                out.push(' ');
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            // Block comments nest in Rust.
            let mut depth = 0;
            while i < chars.len() {
                let pair = (chars[i], chars.get(i + 1).copied());
                if pair == ('/', Some('*')) {
                    depth += 1;
                    out.push_str("  ");
                    i += 2;
                } else if pair == ('*', Some('/')) {
                    depth -= 1;
                    out.push_str("  ");
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    out.push(space(chars[i]));
                    i += 1;
                }
            }
        } else if c == 'r'
            && matches!(next, Some('"' | '#'))
            && !(i > 0 && is_ident_char(chars[i - 1]))
        {
            // A raw string r"..." or r#"..."#; `r#ident` is no string.
            let hashes = chars[i + 1..].iter().take_while(|&&h| h == '#').count();
            if chars.get(i + 1 + hashes) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            out.extend(std::iter::repeat_n(' ', 2 + hashes));
            i += 2 + hashes;
            loop {
                if i >= chars.len() {
                    break;
                }
                let closes = chars[i] == '"'
                    && chars[i + 1..]
                        .iter()
                        .take(hashes)
                        .filter(|&&h| h == '#')
                        .count()
                        == hashes;
                if closes {
                    out.extend(std::iter::repeat_n(' ', 1 + hashes));
                    i += 1 + hashes;
                    break;
                }
                out.push(space(chars[i]));
                i += 1;
            }
        } else if c == '"' {
            out.push(' ');
            i += 1;
            while i < chars.len() && chars[i] != '"' {
                if chars[i] == '\\' {
                    out.push(' ');
                    i += 1;
                }
                if i < chars.len() {
                    out.push(space(chars[i]));
                    i += 1;
                }
            }
            out.push(' ');
            i += 1;
        } else if c == '\'' {
            // A character literal ('x', '\n', '\u{..}'), or a lifetime ('a), which has no
            // closing quote and is kept.
            let close = if next == Some('\\') {
                chars[i + 2..]
                    .iter()
                    .position(|&q| q == '\'')
                    .map(|p| i + 2 + p)
            } else if chars.get(i + 2) == Some(&'\'') {
                Some(i + 2)
            } else {
                None
            };
            match close {
                Some(close) => {
                    out.extend(std::iter::repeat_n(' ', close + 1 - i));
                    i = close + 1;
                }
                None => {
                    out.push(c);
                    i += 1;
                }
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

/// The code with every `#[cfg(test)]` item (a test module or helper, up to its closing brace)
/// blanked out, lines kept: what is left is library code.
pub fn library_code(code: &str) -> String {
    let mut kept = String::with_capacity(code.len());
    let mut skipping = false;
    let mut depth = 0i32;
    let mut entered = false;
    for line in code.lines() {
        if !skipping && line.trim_start().starts_with("#[cfg(test)]") {
            skipping = true;
            depth = 0;
            entered = false;
        }
        if skipping {
            for c in line.chars() {
                match c {
                    '{' => {
                        depth += 1;
                        entered = true;
                    }
                    '}' => depth -= 1,
                    _ => {}
                }
            }
            // The item ends where its braces close, or at a `;` (`mod tests;`).
            let ended = (entered && depth == 0) || (!entered && line.trim_end().ends_with(';'));
            if ended {
                skipping = false;
            }
            kept.push('\n');
            continue;
        }
        kept.push_str(line);
        kept.push('\n');
    }
    kept
}

/// Files declared as test modules (`#[cfg(test)] mod NAME;`) in `code`, found beside `file`.
pub fn test_module_files(file: &Path, code: &str) -> Vec<PathBuf> {
    let dir = if is_folder_module_file(file) {
        file.parent().expect("a folder").to_path_buf()
    } else {
        file.with_extension("")
    };
    let lines: Vec<&str> = code.lines().collect();
    let mut found = Vec::new();
    for pair in lines.windows(2) {
        if pair[0].trim() == "#[cfg(test)]" {
            let declared = pair[1].trim();
            if let Some(name) = declared
                .strip_prefix("mod ")
                .and_then(|rest| rest.strip_suffix(';'))
            {
                found.push(dir.join(format!("{name}.rs")));
                found.push(dir.join(name).join("mod.rs"));
            }
        }
    }
    found
}

/// Whether a file is the module of the folder it sits in (`mod.rs`, or a crate root).
pub fn is_folder_module_file(file: &Path) -> bool {
    file.file_name()
        .is_some_and(|n| n == "mod.rs" || n == "lib.rs" || n == "main.rs")
}
