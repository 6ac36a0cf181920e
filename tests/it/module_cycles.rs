//! No import cycles between a crate's files. Each file is a node; a file
//! depends on the file that defines a module it names: `use crate::…`,
//! `super::…`, `self::…`, or a child module (`child::f`, `pub use
//! child::X`), in a `use` or in a path anywhere in the code. A parent's
//! `mod child;` is not an edge, and a path into an inline module (`mod
//! tests { … }`) points at the file that holds it. Any cycle fails the test,
//! listed file by file, in the core, the CLI, xtask and the Python binding.
//!
//! A light reading, not a Rust parser: comments and literals are dropped,
//! then `use` trees and paths are read from the tokens. It can miss a path a
//! macro builds; it does not invent one.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

/// A module path inside the crate: `["equity", "plan"]`; the root is `[]`.
type ModPath = Vec<String>;

/// The file-level dependency graph of the crate whose sources are in `dir`.
struct Graph {
    /// Every file by its module path, relative names for messages.
    files: BTreeMap<ModPath, String>,
    /// Edges between files (relative names), never a file to itself.
    edges: BTreeMap<String, BTreeSet<String>>,
}

fn rs_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        if path.is_dir() {
            rs_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// `a/b.rs` → `[a, b]`; `a/mod.rs` → `[a]`; `lib.rs`, `main.rs` → `[]`.
fn module_of(rel: &Path) -> ModPath {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|p| p.to_string_lossy().into_owned())
        .collect();
    let last = parts.pop().unwrap();
    let stem = last.trim_end_matches(".rs");
    let root = parts.is_empty() && (stem == "lib" || stem == "main");
    if stem != "mod" && !root {
        parts.push(stem.to_string());
    }
    parts
}

/// The code with comments and string and char literals blanked out.
fn strip(src: &str) -> String {
    let b: Vec<char> = src.chars().collect();
    let mut out = String::with_capacity(src.len());
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        let next = b.get(i + 1).copied();
        if c == '/' && next == Some('/') {
            while i < b.len() && b[i] != '\n' {
                i += 1;
            }
        } else if c == '/' && next == Some('*') {
            let mut depth = 0;
            while i < b.len() {
                if b[i] == '/' && b.get(i + 1) == Some(&'*') {
                    depth += 1;
                    i += 2;
                } else if b[i] == '*' && b.get(i + 1) == Some(&'/') {
                    depth -= 1;
                    i += 2;
                    if depth == 0 {
                        break;
                    }
                } else {
                    i += 1;
                }
            }
            out.push(' ');
        } else if c == 'r'
            && matches!(next, Some('"' | '#'))
            && !ident_char(b.get(i.wrapping_sub(1)))
        {
            // A raw string: r"…", r#"…"#.
            let mut j = i + 1;
            let mut hashes = 0;
            while b.get(j) == Some(&'#') {
                hashes += 1;
                j += 1;
            }
            if b.get(j) != Some(&'"') {
                out.push(c);
                i += 1;
                continue;
            }
            j += 1;
            'raw: while j < b.len() {
                if b[j] == '"' && (1..=hashes).all(|k| b.get(j + k) == Some(&'#')) {
                    j += 1 + hashes;
                    break 'raw;
                }
                j += 1;
            }
            i = j;
            out.push_str("\"\"");
        } else if c == '"' {
            i += 1;
            while i < b.len() && b[i] != '"' {
                i += if b[i] == '\\' { 2 } else { 1 };
            }
            i += 1;
            out.push_str("\"\"");
        } else if c == '\'' {
            // A char literal ('x', '\n', '\u{..}') or a lifetime ('a).
            if next == Some('\\') {
                i += 2;
                while i < b.len() && b[i] != '\'' {
                    i += 1;
                }
                i += 1;
                out.push_str("' '");
            } else if b.get(i + 2) == Some(&'\'') {
                i += 3;
                out.push_str("' '");
            } else {
                out.push(c);
                i += 1;
            }
        } else {
            out.push(c);
            i += 1;
        }
    }
    out
}

fn ident_char(c: Option<&char>) -> bool {
    c.is_some_and(|c| c.is_alphanumeric() || *c == '_')
}

/// Identifiers, `::`, and single punctuation characters.
fn tokens(code: &str) -> Vec<String> {
    let b: Vec<char> = code.chars().collect();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if c.is_whitespace() {
            i += 1;
        } else if c.is_alphanumeric() || c == '_' {
            let start = i;
            while i < b.len() && (b[i].is_alphanumeric() || b[i] == '_') {
                i += 1;
            }
            out.push(b[start..i].iter().collect());
        } else if c == ':' && b.get(i + 1) == Some(&':') {
            out.push("::".to_string());
            i += 2;
        } else {
            out.push(c.to_string());
            i += 1;
        }
    }
    out
}

fn is_ident(t: &str) -> bool {
    t.chars()
        .next()
        .is_some_and(|c| c.is_alphabetic() || c == '_')
}

/// The paths a `use` tree names, from `toks[*i]` (just after `use`) to its
/// `;`, each with its prefix: `a::{b, c::{self, d}}` → `a::b`, `a::c`,
/// `a::c::d`. Globs name their module; `as` renames are dropped.
fn use_tree(toks: &[String], i: &mut usize, prefix: &[String], out: &mut Vec<Vec<String>>) {
    let mut path = prefix.to_vec();
    while *i < toks.len() {
        let t = toks[*i].as_str();
        match t {
            "::" => *i += 1,
            "{" => {
                *i += 1;
                loop {
                    use_tree(toks, i, &path, out);
                    match toks.get(*i).map(String::as_str) {
                        Some(",") => *i += 1,
                        Some("}") => {
                            *i += 1;
                            break;
                        }
                        _ => return,
                    }
                    if toks.get(*i).map(String::as_str) == Some("}") {
                        *i += 1;
                        break;
                    }
                }
                return;
            }
            "*" => {
                *i += 1;
                out.push(path);
                return;
            }
            "as" => {
                *i += 2;
            }
            "," | "}" | ";" => {
                if path.len() > prefix.len() {
                    out.push(path);
                }
                return;
            }
            "self" if path.len() == prefix.len() && !prefix.is_empty() => {
                *i += 1;
                out.push(path.clone());
            }
            _ if is_ident(t) => {
                path.push(t.to_string());
                *i += 1;
            }
            _ => *i += 1,
        }
    }
}

/// `path` as seen from module `here` made absolute, if it is a path into
/// the crate: `crate::`, `self::`, `super::`, or a child of `here`.
fn absolute(here: &[String], path: &[String], children: &BTreeSet<String>) -> Option<ModPath> {
    let first = path.first()?;
    let mut at: ModPath = here.to_vec();
    let mut rest = path;
    match first.as_str() {
        "crate" => {
            at.clear();
            rest = &path[1..];
        }
        "self" => rest = &path[1..],
        "super" => {
            while rest.first().map(String::as_str) == Some("super") {
                at.pop()?;
                rest = &rest[1..];
            }
        }
        name if children.contains(name) => {}
        _ => return None,
    }
    at.extend(rest.iter().cloned());
    Some(at)
}

/// The modules a file's code names, made absolute (see the header), and the
/// inline modules it holds.
fn references(module: &ModPath, code: &str, modules: &BTreeSet<ModPath>) -> Vec<ModPath> {
    let toks = tokens(code);
    let children_of = |here: &ModPath| -> BTreeSet<String> {
        modules
            .iter()
            .filter(|m| m.len() == here.len() + 1 && m.starts_with(here))
            .map(|m| m.last().unwrap().clone())
            .collect()
    };
    // The inline modules open here: (module path, brace depth it opened at).
    let mut stack: Vec<(ModPath, usize)> = vec![(module.clone(), 0)];
    let mut depth = 0;
    let mut out = Vec::new();
    let mut i = 0;
    while i < toks.len() {
        let here = stack.last().unwrap().0.clone();
        let t = toks[i].as_str();
        match t {
            "{" => depth += 1,
            "}" => {
                depth -= 1;
                if stack.len() > 1 && stack.last().unwrap().1 == depth {
                    stack.pop();
                }
            }
            "mod" if toks.get(i + 2).map(String::as_str) == Some("{") => {
                let mut inner = here.clone();
                inner.push(toks[i + 1].clone());
                stack.push((inner, depth));
                depth += 1;
                i += 3;
                continue;
            }
            "use" => {
                i += 1;
                let mut paths = Vec::new();
                use_tree(&toks, &mut i, &[], &mut paths);
                let children = children_of(&here);
                out.extend(paths.iter().filter_map(|p| absolute(&here, p, &children)));
                continue;
            }
            _ if is_ident(t)
                && toks.get(i + 1).map(String::as_str) == Some("::")
                && (i == 0 || toks[i - 1] != "::") =>
            {
                let mut path = vec![t.to_string()];
                let mut j = i + 1;
                while toks.get(j).map(String::as_str) == Some("::")
                    && toks.get(j + 1).is_some_and(|t| is_ident(t))
                {
                    path.push(toks[j + 1].clone());
                    j += 2;
                }
                if let Some(p) = absolute(&here, &path, &children_of(&here)) {
                    out.push(p);
                }
                i = j;
                continue;
            }
            _ => {}
        }
        i += 1;
    }
    out
}

impl Graph {
    /// The graph of the crate with sources in `dir` (relative to the
    /// repository root).
    fn of(dir: &str) -> Graph {
        let base = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join(dir);
        let mut paths = Vec::new();
        rs_files(&base, &mut paths);
        let mut files = BTreeMap::new();
        let mut code = BTreeMap::new();
        for path in &paths {
            let rel = path.strip_prefix(&base).unwrap();
            let module = module_of(rel);
            let name = format!("{dir}/{}", rel.to_string_lossy().replace('\\', "/"));
            code.insert(
                module.clone(),
                strip(&std::fs::read_to_string(path).unwrap()),
            );
            files.insert(module, name);
        }
        let modules: BTreeSet<ModPath> = files.keys().cloned().collect();
        let mut edges: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
        for (module, text) in &code {
            let from = files[module].clone();
            let targets = edges.entry(from.clone()).or_default();
            for target in references(module, text, &modules) {
                // The deepest file module the path names (an item's or an
                // inline module's file).
                let mut m = target;
                while !files.contains_key(&m) {
                    m.pop();
                }
                if files[&m] != from {
                    targets.insert(files[&m].clone());
                }
            }
        }
        Graph { files, edges }
    }

    /// The groups of files that reach each other (strongly connected
    /// components of more than one file), each with one cycle through it.
    fn cycles(&self) -> Vec<(Vec<String>, Vec<String>)> {
        let reach = |from: &String| -> BTreeSet<String> {
            let mut seen = BTreeSet::new();
            let mut queue = vec![from.clone()];
            while let Some(f) = queue.pop() {
                for g in self.edges.get(&f).into_iter().flatten() {
                    if seen.insert(g.clone()) {
                        queue.push(g.clone());
                    }
                }
            }
            seen
        };
        let reaches: BTreeMap<&String, BTreeSet<String>> =
            self.files.values().map(|f| (f, reach(f))).collect();
        let mut done = BTreeSet::new();
        let mut out = Vec::new();
        for f in self.files.values() {
            if done.contains(f) || !reaches[f].contains(f) {
                continue;
            }
            let group: Vec<String> = reaches[f]
                .iter()
                .filter(|g| reaches[*g].contains(f))
                .cloned()
                .collect();
            done.extend(group.iter().cloned());
            out.push((group, self.shortest_cycle(f)));
        }
        out
    }

    /// The shortest cycle from `f` back to itself, as a file list.
    fn shortest_cycle(&self, f: &String) -> Vec<String> {
        let mut prev: BTreeMap<String, String> = BTreeMap::new();
        let mut queue = std::collections::VecDeque::from([f.clone()]);
        while let Some(g) = queue.pop_front() {
            for h in self.edges.get(&g).into_iter().flatten() {
                if h == f {
                    let mut path = vec![g.clone()];
                    while path.last().unwrap() != f {
                        path.push(prev[path.last().unwrap()].clone());
                    }
                    path.reverse();
                    path.push(f.clone());
                    return path;
                }
                if !prev.contains_key(h) {
                    prev.insert(h.clone(), g.clone());
                    queue.push_back(h.clone());
                }
            }
        }
        unreachable!("{f} is on a cycle")
    }
}

/// Fails listing every cycle among `dir`'s files but those within one of
/// the `known` groups.
fn assert_no_cycles(dir: &str, known: &[&[&str]]) {
    let graph = Graph::of(dir);
    let cycles: Vec<_> = graph
        .cycles()
        .into_iter()
        .filter(|(group, _)| {
            !known
                .iter()
                .any(|k| group.iter().all(|f| k.contains(&f.as_str())))
        })
        .collect();
    let shown: Vec<String> = cycles
        .iter()
        .map(|(group, cycle)| {
            format!(
                "{} files reach each other: {}\n  e.g. {}",
                group.len(),
                group.join(", "),
                cycle.join(" -> ")
            )
        })
        .collect();
    assert!(
        cycles.is_empty(),
        "{} group(s) of files in an import cycle in {dir}:\n{}",
        cycles.len(),
        shown.join("\n")
    );
}

#[test]
fn the_cli_has_no_import_cycles() {
    assert_no_cycles("cli/src", &[]);
}

/// `cli/src/output/` is a leaf: it uses nothing of the CLI outside it.
#[test]
fn the_cli_output_is_a_leaf() {
    let graph = Graph::of("cli/src");
    let out: Vec<String> = graph
        .edges
        .iter()
        .filter(|(from, _)| from.starts_with("cli/src/output/"))
        .flat_map(|(from, to)| to.iter().map(move |t| (from, t)))
        .filter(|(_, to)| !to.starts_with("cli/src/output/"))
        .map(|(from, to)| format!("{from} -> {to}"))
        .collect();
    assert!(out.is_empty(), "output/ uses:\n{}", out.join("\n"));
}

#[test]
fn xtask_has_no_import_cycles() {
    assert_no_cycles("xtask/src", &[]);
}

/// The core had eight groups when this test came (one of 23 files across
/// `equity/` and `range/`): children now import from the file that defines
/// an item, and what a parent defined for its children lives in a leaf
/// beside them (`equity/limits.rs`, `three_card/equity/dealt.rs`, …).
#[test]
fn the_core_has_no_import_cycles() {
    assert_no_cycles("src", &[]);
}

#[test]
fn the_python_binding_has_no_import_cycles() {
    assert_no_cycles("python/src", &[]);
}

#[test]
fn the_reading_finds_uses_paths_and_children() {
    let modules: BTreeSet<ModPath> = [vec![], vec!["a".into()], vec!["a".into(), "b".into()]]
        .into_iter()
        .collect();
    let code = strip(
        "use crate::{x, a::{self, b::Y}}; // use crate::nothing;\n\
         mod tests { use super::*; fn f() { let s = \"crate::z::w\"; b::g(); } }\n\
         fn g() { super::h(); allin::a::skip(); }",
    );
    let refs = references(&vec!["a".into()], &code, &modules);
    let s = |p: &[&str]| p.iter().map(|x| x.to_string()).collect::<ModPath>();
    assert_eq!(
        refs,
        vec![
            s(&["x"]),
            s(&["a"]),
            s(&["a", "b", "Y"]),
            s(&["a"]),
            s(&["h"]),
        ],
        "inside `mod tests`, `b::g` is not a's child b"
    );
}
