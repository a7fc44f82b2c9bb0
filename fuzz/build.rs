//! Build script of the fuzz crate: the server's catalog (`src/server/catalog.rs`, compiled into
//! the http_api target) includes `technique_pages.rs` from the build's output. The target only
//! posts to the JSON endpoints, so an empty page list stands in for the main build script's.

use std::path::PathBuf;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var("OUT_DIR").expect("set by cargo"));
    let code = "/// No pages: the fuzz target never serves them.\n\
                pub static PAGES: &[(&str, &str)] = &[];\n";
    std::fs::write(out.join("technique_pages.rs"), code).expect("OUT_DIR is writable");
}
