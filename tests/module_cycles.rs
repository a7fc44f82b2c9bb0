//! No import cycles between modules, checked on the source text: within every folder of
//! `src/`, the files (and the subfolders, each one node) must import one another along a
//! directed acyclic graph, and so must the library's top-level modules (`src/*.rs` and
//! `src/*/`). A cycle fails here, named file by file (`a -> b -> a`) with the line of each
//! import.
//!
//! What counts as an edge: a path in library code (comments, strings and `#[cfg(test)]` items
//! left out, test module files too) that starts with `crate::`, `super::` or `self::` and
//! names a module of another node of the same folder, `use` groups (`super::{a, b::c}`)
//! included. The target is the longest prefix of the path that is a module, so
//! `super::types::Rule` is an edge to `types` and `crate::kakuro::engines::gac::Gac`, seen
//! from `src/kakuro/`, an edge to the subfolder `engines/`.
//!
//! A folder's own module (its `mod.rs`; `src/lib.rs` for the crate; `x.rs` for a folder `x/`
//! beside it) is not a node of the folder's graph: it declares the files, re-exports them and
//! runs them (it is the folder's front door), so its uses of them are no edges. A file's use
//! of an item of the folder's own module is drawn as an edge to `mod`, which has none going
//! out: a cycle through the folder's own module is not seen, so items the files share belong
//! in a file of their own, which this graph sees (`finders/forcing_chains/types.rs`,
//! `kakuro/layout.rs`). In a parent folder's graph a subfolder is one node, whose edges are
//! those of all its files, its own module's included. The binary's own modules (`main.rs`
//! declares them) are checked folder by folder but left out of the library's top level. An
//! inline module (`mod x { .. }`) is read as part of its file.
//!
//! Run with `--nocapture` to print the graphs of the top level, `finders/forcing_chains/`,
//! `kakuro/` and `kakuro/logic/`, one `node -> targets` line per node.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

use common::source::{
    code_only, is_folder_module_file, is_ident_char, library_code, rust_files, src_dir,
    test_module_files,
};

/// Import cycles known and not yet broken, each as its folder (relative to `src/`, `""` for
/// the crate's top level) and the nodes of its knot (a strongly connected component), e.g.
/// `("kakuro", &["bench", "engines/"])`. These knots are tolerated as they are; a knot that
/// grows, or a new one, fails, and so does an entry whose knot is gone (remove it then). Each
/// entry is to be removed when its owners break the cycle.
///
/// Empty: no folder has one. (A text search finds more "cycles", such as between
/// `kakuro/engines/` and `kakuro/bench.rs`, but those are doc links, which are no imports.)
const KNOWN_CYCLES: &[(&str, &[&str])] = &[];

/// The folders whose graphs are printed with `--nocapture` (`""`: the library's top level).
const PRINTED: &[&str] = &["", "finders/forcing_chains", "kakuro", "kakuro/logic"];

/// The module path of a file relative to `src/`: `kakuro/logic/step.rs` is
/// `["kakuro", "logic", "step"]`, `kakuro/mod.rs` is `["kakuro"]`, `lib.rs` is `[]`.
fn module_of(relative: &Path) -> Vec<String> {
    let mut parts: Vec<String> = relative
        .components()
        .map(|c| c.as_os_str().to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().expect("a file name");
    if !is_folder_module_file(Path::new(&last)) {
        parts.push(last.trim_end_matches(".rs").to_string());
    }
    parts
}

/// One use of another module: the absolute path named and the line it is on.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Reference {
    path: Vec<String>,
    line: usize,
}

/// Every path the code names from `crate::`, `super::` or `self::`, made absolute for a file
/// whose module is `module`, `use` groups expanded.
fn references(code: &str, module: &[String]) -> Vec<Reference> {
    let chars: Vec<char> = code.chars().collect();
    let mut found = Vec::new();
    let mut line = 1;
    let mut i = 0;
    while i < chars.len() {
        if chars[i] == '\n' {
            line += 1;
            i += 1;
            continue;
        }
        let starts_word = i == 0 || !(is_ident_char(chars[i - 1]) || chars[i - 1] == '$');
        let length = chars[i..].iter().take_while(|&&c| is_ident_char(c)).count();
        let word: String = chars[i..i + length].iter().collect();
        // A path: the keyword, then `::` (`pub(super)` and `self.x` are none).
        let mut after = i + length;
        skip_space(&chars, &mut after);
        let is_path = starts_word
            && matches!(word.as_str(), "crate" | "super" | "self")
            && chars.get(after) == Some(&':')
            && chars.get(after + 1) == Some(&':');
        // `pub(in crate::x)` names a visibility, not a dependency.
        let mut back = chars[..i].iter().rev().skip_while(|c| c.is_whitespace());
        let visibility =
            [Some(&'n'), Some(&'i'), Some(&'(')] == [back.next(), back.next(), back.next()];
        if !is_path || visibility {
            i += length.max(1);
            continue;
        }
        let mut cursor = i;
        let mut paths = Vec::new();
        parse_tree(&chars, &mut cursor, Vec::new(), &mut paths);
        for relative in paths {
            if let Some(path) = absolute(&relative, module) {
                found.push(Reference { path, line });
            }
        }
        line += chars[i..cursor].iter().filter(|&&c| c == '\n').count();
        i = cursor.max(i + length);
    }
    found
}

/// Skips spaces and newlines from `cursor`.
fn skip_space(chars: &[char], cursor: &mut usize) {
    while *cursor < chars.len() && chars[*cursor].is_whitespace() {
        *cursor += 1;
    }
}

/// Parses one use tree at `cursor` (`a::b::c`, `a::{b, c::d}`, `a::*`, `self`), pushing each
/// full path (after `prefix`) it names onto `out`.
fn parse_tree(chars: &[char], cursor: &mut usize, prefix: Vec<String>, out: &mut Vec<Vec<String>>) {
    let mut path = prefix;
    loop {
        skip_space(chars, cursor);
        if chars.get(*cursor) == Some(&'{') {
            *cursor += 1;
            loop {
                skip_space(chars, cursor);
                match chars.get(*cursor) {
                    None => return,
                    Some('}') => {
                        *cursor += 1;
                        return;
                    }
                    Some(',') => *cursor += 1,
                    Some(_) => {
                        let before = *cursor;
                        parse_tree(chars, cursor, path.clone(), out);
                        if *cursor == before {
                            *cursor += 1; // (something no path starts with)
                        }
                    }
                }
            }
        }
        if chars.get(*cursor) == Some(&'*') {
            *cursor += 1;
            out.push(path);
            return;
        }
        let word: String = chars[(*cursor).min(chars.len())..]
            .iter()
            .take_while(|&&c| is_ident_char(c))
            .collect();
        if word.is_empty() {
            if !path.is_empty() {
                out.push(path);
            }
            return;
        }
        *cursor += word.chars().count();
        // `a::{self, b}` names `a` itself.
        if word != "self" || path.is_empty() {
            path.push(word);
        }
        let mut ahead = *cursor;
        skip_space(chars, &mut ahead);
        if chars.get(ahead) == Some(&':') && chars.get(ahead + 1) == Some(&':') {
            *cursor = ahead + 2;
        } else {
            out.push(path);
            return;
        }
    }
}

/// A path starting with `crate`, `super` (any number) or `self` made absolute, for a file
/// whose module is `module`; `None` for any other start.
fn absolute(path: &[String], module: &[String]) -> Option<Vec<String>> {
    let (first, rest) = path.split_first()?;
    match first.as_str() {
        "crate" => Some(rest.to_vec()),
        "self" => Some(module.iter().chain(rest).cloned().collect()),
        "super" => {
            let mut base = module.to_vec();
            let mut rest = path;
            while let Some((head, tail)) = rest.split_first() {
                if head != "super" {
                    break;
                }
                base.pop()?;
                rest = tail;
            }
            Some(base.into_iter().chain(rest.iter().cloned()).collect())
        }
        _ => None,
    }
}

/// One source file's library code, where it sits and what it names.
struct Source {
    /// Relative to `src/`.
    file: PathBuf,
    module: Vec<String>,
    code: String,
    references: Vec<Reference>,
}

impl Source {
    fn new(file: PathBuf, code: String) -> Source {
        let module = module_of(&file);
        let references = references(&code, &module);
        Source {
            file,
            module,
            code,
            references,
        }
    }
}

/// Every file under `src/` with its library code, test module files left out.
fn sources() -> Vec<Source> {
    let src = src_dir();
    let files: Vec<(PathBuf, String)> = rust_files(&src)
        .into_iter()
        .map(|f| {
            let code = fs::read_to_string(&f).expect("a readable source file");
            (f, code_only(&code))
        })
        .collect();
    let test_files: Vec<PathBuf> = files
        .iter()
        .flat_map(|(f, code)| test_module_files(f, code))
        .collect();
    files
        .into_iter()
        .filter(|(f, _)| !test_files.contains(f))
        .map(|(f, code)| {
            let file = f.strip_prefix(&src).expect("under src").to_path_buf();
            Source::new(file, library_code(&code))
        })
        .collect()
}

/// Top-level modules the binary (`main.rs`) declares for itself: not part of the library.
/// (`mod NAME;` lines: the binary declares its modules so.)
fn binary_modules(sources: &[Source]) -> BTreeSet<String> {
    let Some(main) = sources.iter().find(|s| s.file == Path::new("main.rs")) else {
        return BTreeSet::new();
    };
    main.code
        .lines()
        .filter_map(|line| {
            let line = line.trim();
            let line = line.strip_prefix("pub ").unwrap_or(line);
            line.strip_prefix("mod ")?
                .strip_suffix(';')
                .map(|name| name.trim().to_string())
        })
        .collect()
}

/// One folder's import graph: each node's targets, and for each edge the first place that
/// makes it (`file:line`).
#[derive(Default)]
struct Graph {
    edges: BTreeMap<String, BTreeSet<String>>,
    sites: BTreeMap<(String, String), String>,
}

/// The name of the node of `folder`'s graph (a module path) that holds `module`, `mod` for the
/// folder's own module, `None` outside the folder. A subfolder's node ends in `/`.
fn node_in(folder: &[String], module: &[String], known: &BTreeSet<Vec<String>>) -> Option<String> {
    if !module.starts_with(folder) {
        return None;
    }
    let Some(child) = module.get(folder.len()) else {
        return Some("mod".to_string());
    };
    let child_path: Vec<String> = folder.iter().chain([child]).cloned().collect();
    let is_folder = known
        .iter()
        .any(|m| m.len() > child_path.len() && m.starts_with(&child_path));
    Some(if is_folder {
        format!("{child}/")
    } else {
        child.clone()
    })
}

/// The longest prefix of `path` that is a module of the crate.
fn module_named<'a>(path: &'a [String], known: &BTreeSet<Vec<String>>) -> &'a [String] {
    (0..=path.len())
        .rev()
        .map(|n| &path[..n])
        .find(|prefix| known.contains(*prefix))
        .unwrap_or(&[])
}

/// The import graph of `folder` (a module path; `[]` is the crate's top level), over the
/// sources given.
fn graph_of(folder: &[String], sources: &[&Source], known: &BTreeSet<Vec<String>>) -> Graph {
    let mut graph = Graph::default();
    for source in sources {
        let Some(from) = node_in(folder, &source.module, known) else {
            continue;
        };
        if from == "mod" {
            continue; // the folder's own module is no node (module docs)
        }
        graph.edges.entry(from.clone()).or_default();
        for reference in &source.references {
            let target = module_named(&reference.path, known);
            let Some(to) = node_in(folder, target, known) else {
                continue;
            };
            if to == from {
                continue;
            }
            graph
                .edges
                .entry(from.clone())
                .or_default()
                .insert(to.clone());
            graph
                .sites
                .entry((from.clone(), to))
                .or_insert_with(|| format!("src/{}:{}", source.file.display(), reference.line));
        }
    }
    graph
}

/// The knots of a graph (its strongly connected components of more than one node), each
/// sorted, by Tarjan's algorithm.
fn knots(graph: &Graph) -> Vec<Vec<String>> {
    struct State<'g> {
        graph: &'g Graph,
        index: BTreeMap<&'g str, usize>,
        low: BTreeMap<&'g str, usize>,
        stack: Vec<&'g str>,
        on_stack: BTreeSet<&'g str>,
        found: Vec<Vec<String>>,
    }
    fn visit<'g>(s: &mut State<'g>, node: &'g str) {
        let n = s.index.len();
        s.index.insert(node, n);
        s.low.insert(node, n);
        s.stack.push(node);
        s.on_stack.insert(node);
        let targets = s.graph.edges.get(node).into_iter().flatten();
        for target in targets {
            let target = target.as_str();
            if !s.index.contains_key(target) {
                visit(s, target);
                let low = s.low[node].min(s.low[target]);
                s.low.insert(node, low);
            } else if s.on_stack.contains(target) {
                let low = s.low[node].min(s.index[target]);
                s.low.insert(node, low);
            }
        }
        if s.low[node] == s.index[node] {
            let mut component = Vec::new();
            while let Some(top) = s.stack.pop() {
                s.on_stack.remove(top);
                component.push(top.to_string());
                if top == node {
                    break;
                }
            }
            if component.len() > 1 {
                component.sort();
                s.found.push(component);
            }
        }
    }
    let mut state = State {
        graph,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        found: Vec::new(),
    };
    for node in graph.edges.keys() {
        if !state.index.contains_key(node.as_str()) {
            visit(&mut state, node);
        }
    }
    state.found.sort();
    state.found
}

/// One cycle through a knot, from its first node back to it: `a -> b (src/a.rs:3) -> a ...`.
fn cycle_through(graph: &Graph, knot: &[String]) -> String {
    let start = &knot[0];
    // Breadth first inside the knot, from `start` back to `start`: the shortest cycle.
    let mut came_from: BTreeMap<&String, &String> = BTreeMap::new();
    let mut queue = std::collections::VecDeque::from([start]);
    let mut closing = None;
    'search: while let Some(node) = queue.pop_front() {
        for target in graph.edges.get(node).into_iter().flatten() {
            if !knot.contains(target) {
                continue;
            }
            if target == start {
                closing = Some(node);
                break 'search;
            }
            if !came_from.contains_key(target) {
                came_from.insert(target, node);
                queue.push_back(target);
            }
        }
    }
    let mut path = vec![start];
    let mut node = closing.expect("a knot holds a cycle through each of its nodes");
    while node != start {
        path.push(node);
        node = came_from[node];
    }
    path[1..].reverse();
    path.push(start);
    path.windows(2)
        .map(|pair| {
            let site = &graph.sites[&(pair[0].clone(), pair[1].clone())];
            format!("{} -> {} ({site})", pair[0], pair[1])
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// The graph as text, a line per node: `engine -> advanced, hint` (`-` for none).
fn graph_text(graph: &Graph) -> String {
    graph
        .edges
        .iter()
        .map(|(node, targets)| {
            let targets: Vec<&str> = targets.iter().map(String::as_str).collect();
            let targets = if targets.is_empty() {
                "-".to_string()
            } else {
                targets.join(", ")
            };
            format!("{node} -> {targets}\n")
        })
        .collect()
}

/// Every folder of the crate as a module path, the top level (`[]`) first; the binary's own
/// folders included (each is checked within itself), the binary's modules kept out of the
/// top level's graph.
fn folders(sources: &[Source]) -> Vec<Vec<String>> {
    let mut folders: BTreeSet<Vec<String>> = BTreeSet::new();
    for source in sources {
        let parent = source.file.parent().expect("a folder");
        folders.insert(module_of(&parent.join("mod.rs")));
    }
    folders.into_iter().collect()
}

fn folder_name(folder: &[String]) -> String {
    folder.join("/")
}

/// What is wrong with the import graphs of `all` given the cycles `tolerated`: each new or
/// grown knot with one of its cycles, and each tolerated knot that is gone. The graphs of the
/// folders in `printed` are printed.
fn problems(all: &[Source], tolerated: &[(&str, &[&str])], printed: &[&str]) -> Vec<String> {
    let binary = binary_modules(all);
    let known: BTreeSet<Vec<String>> = all.iter().map(|s| s.module.clone()).collect();
    let mut broken = Vec::new();
    let mut met: BTreeSet<(String, Vec<String>)> = BTreeSet::new();
    for folder in folders(all) {
        let name = folder_name(&folder);
        let shown = if name.is_empty() {
            "src/".to_string()
        } else {
            format!("src/{name}/")
        };
        // The library's top level leaves out the binary and its own modules.
        let in_view: Vec<&Source> = all
            .iter()
            .filter(|s| {
                !folder.is_empty()
                    || !(s.file == Path::new("main.rs")
                        || s.module.first().is_some_and(|m| binary.contains(m)))
            })
            .collect();
        let graph = graph_of(&folder, &in_view, &known);
        if printed.contains(&name.as_str()) {
            println!("import graph of {shown}:\n{}", graph_text(&graph));
        }
        for knot in knots(&graph) {
            let cycle = cycle_through(&graph, &knot);
            let is_tolerated = tolerated.iter().any(|(f, nodes)| {
                *f == name
                    && nodes.len() == knot.len()
                    && nodes.iter().all(|n| knot.contains(&n.to_string()))
            });
            if is_tolerated {
                println!("known cycle in {shown} (KNOWN_CYCLES): {cycle}");
                met.insert((name.clone(), knot));
            } else {
                broken.push(format!(
                    "{shown} has an import cycle among {{{}}}: {cycle}",
                    knot.join(", ")
                ));
            }
        }
    }
    for (folder, nodes) in tolerated {
        let mut nodes: Vec<String> = nodes.iter().map(|n| n.to_string()).collect();
        nodes.sort();
        if !met.contains(&(folder.to_string(), nodes.clone())) {
            broken.push(format!(
                "the known cycle among {{{}}} in src/{folder} is gone: remove it from \
                 KNOWN_CYCLES",
                nodes.join(", ")
            ));
        }
    }
    broken
}

#[test]
fn no_folder_has_an_import_cycle() {
    let broken = problems(&sources(), KNOWN_CYCLES, PRINTED);
    assert!(
        broken.is_empty(),
        "import cycles (move what the files share into a module of their own):\n{}",
        broken.join("\n")
    );
}

#[test]
fn the_scanner_sees_what_it_should() {
    let module: Vec<String> = ["finders", "forcing_chains", "engine"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    let paths = |code: &str| -> Vec<String> {
        let code = code_only(code);
        references(&code, &module)
            .into_iter()
            .map(|r| format!("{}:{}", r.line, r.path.join("::")))
            .collect()
    };
    assert_eq!(
        paths("use super::{advanced, hint::{compacted, ChainHint}};"),
        [
            "1:finders::forcing_chains::advanced",
            "1:finders::forcing_chains::hint::compacted",
            "1:finders::forcing_chains::hint::ChainHint",
        ]
    );
    assert_eq!(
        paths("// super::a\nlet s = \"crate::b\";\nx = crate::deadline::expired();"),
        ["3:deadline::expired"]
    );
    assert_eq!(
        paths("use super::super::se_order;\npub(in crate::finders) fn f() {}"),
        ["1:finders::se_order"]
    );
    assert_eq!(
        paths("use crate::kakuro::engines::{self, model::Model};\nuse self::x::*;"),
        [
            "1:kakuro::engines",
            "1:kakuro::engines::model::Model",
            "2:finders::forcing_chains::engine::x",
        ]
    );
    assert!(paths("$crate::x; mycrate::y; Self::z; r\"super::w\"").is_empty());
    assert_eq!(
        library_code("fn a() {}\n#[cfg(test)]\nmod tests {\n    use super::*;\n}\n"),
        "fn a() {}\n\n\n\n\n"
    );

    // A three-file cycle is found and named; the same files in a line are not.
    let known: BTreeSet<Vec<String>> = [vec![], vec!["a".to_string()], vec!["b".into()]]
        .into_iter()
        .chain([vec!["c".to_string()], vec!["d".into(), "e".into()]])
        .collect();
    let source = |file: &str, code: &str| Source::new(PathBuf::from(file), code.to_string());
    let mut files = vec![
        source("a.rs", "use crate::b::X;"),
        source("b.rs", "use crate::c;"),
        source("d/e.rs", "use crate::a;"),
        source("lib.rs", "pub use a::X; use crate::c;"),
    ];
    let line = graph_of(&[], &files.iter().collect::<Vec<_>>(), &known);
    assert!(knots(&line).is_empty());
    assert_eq!(graph_text(&line), "a -> b\nb -> c\nd/ -> a\n");
    files.push(source("c.rs", "fn f() { crate::d::e::g(); }"));
    let cycle = graph_of(&[], &files.iter().collect::<Vec<_>>(), &known);
    let found = knots(&cycle);
    assert_eq!(found, [vec!["a", "b", "c", "d/"]]);
    assert_eq!(
        cycle_through(&cycle, &found[0]),
        "a -> b (src/a.rs:1), b -> c (src/b.rs:1), c -> d/ (src/c.rs:1), d/ -> a (src/d/e.rs:1)"
    );

    // The knot fails unless tolerated as it is; a tolerated knot that is gone fails too.
    let knot: &[&str] = &["d/", "c", "b", "a"];
    assert_eq!(problems(&files, &[], &[]).len(), 1);
    assert!(problems(&files, &[("", knot)], &[]).is_empty());
    assert_eq!(problems(&files, &[("", &knot[..3])], &[]).len(), 2);
    files.pop();
    assert_eq!(
        problems(&files, &[("", knot)], &[]),
        ["the known cycle among {a, b, c, d/} in src/ is gone: remove it from KNOWN_CYCLES"]
    );
    // The binary's own modules stay out of the library's top level.
    files.push(source("main.rs", "mod c;"));
    files.push(source("c.rs", "fn f() { crate::d::e::g(); }"));
    assert!(problems(&files, &[], &[]).is_empty());
}
