//! Build script: for the `server` feature, the list of the technique catalog's pages
//! (`techniques/*.md`), each embedded with `include_str!`, so that `GET /api/techniques` serves
//! every page's text from the binary. Without the feature it does nothing.

use std::env;
use std::fs;
use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    if env::var_os("CARGO_FEATURE_SERVER").is_none() {
        return;
    }
    // A directory is scanned whole: a page added, changed or removed reruns the script.
    println!("cargo:rerun-if-changed=techniques");
    let dir =
        PathBuf::from(env::var("CARGO_MANIFEST_DIR").expect("set by cargo")).join("techniques");
    let mut pages: Vec<(String, PathBuf)> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: cannot be read: {e}", dir.display()))
        .map(|entry| entry.expect("a readable directory entry").path())
        .filter(|path| path.extension().is_some_and(|e| e == "md"))
        .map(|path| {
            let slug = path
                .file_stem()
                .and_then(|s| s.to_str())
                .expect("a page named by its slug")
                .to_string();
            (slug, path)
        })
        .collect();
    pages.sort();
    let mut code = String::from(
        "/// Every page of the technique catalog, `(slug, text)`, sorted by slug.\n\
         pub static PAGES: &[(&str, &str)] = &[\n",
    );
    for (slug, path) in &pages {
        let path = path.to_str().expect("a UTF-8 path");
        code.push_str(&format!("    ({slug:?}, include_str!({path:?})),\n"));
    }
    code.push_str("];\n");
    let out = PathBuf::from(env::var("OUT_DIR").expect("set by cargo")).join("technique_pages.rs");
    fs::write(&out, code).unwrap_or_else(|e| panic!("{}: cannot be written: {e}", out.display()));
}
