//! The page's JavaScript as a module graph (issue 34), read as text (no JS
//! engine): every relative specifier of `import … from '…'`,
//! `export … from '…'`, `import '…'`, `import('…')` and
//! `new URL('…', import.meta.url)` in `www/` resolves to a file, and so do
//! those of the Node tests, the examples and the benches (into `www/`); the
//! browser tests' in-page `import('./…')` resolve against `www/` (the page's
//! folder). `www/`'s imports, static and dynamic, have no cycle; the
//! `<link>`s and `<script>`s of its pages name files. (`www/ui/start.js`'s
//! preload list is the built bundle's: `cargo xtask build` fills it,
//! xtask/src/site.rs.)

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Component, Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// `.js`/`.mjs` files under `dir`, as paths relative to the repository.
fn scripts(dir: &Path, out: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            // pkg/ is built (wasm-bindgen's glue), not ours.
            if !matches!(name.as_str(), "node_modules" | "pkg" | "artifacts") {
                scripts(&path, out);
            }
        } else if name.ends_with(".js") || name.ends_with(".mjs") {
            out.push(path.strip_prefix(root()).unwrap().to_path_buf());
        }
    }
}

/// One specifier: whether it is code (not in a block comment: a JSDoc
/// `import('…')` type must resolve, but is no edge), static (what the
/// browser fetches before running the importer), an `import('…')`, or a
/// `new URL('…', import.meta.url)`.
struct Spec {
    text: String,
    code: bool,
    is_static: bool,
    dynamic_import: bool,
    url: bool,
}

/// The quoted string at the start of `s` (after spaces), if any.
fn quoted(s: &str) -> Option<&str> {
    let s = s.trim_start();
    let quote = s.chars().next().filter(|c| matches!(c, '\'' | '"'))?;
    let body = &s[1..];
    body.find(quote).map(|end| &body[..end])
}

fn specifiers(text: &str) -> Vec<Spec> {
    let mut out = Vec::new();
    let mut in_block = false;
    for line in text.lines() {
        let trimmed = line.trim_start();
        if trimmed.starts_with("//") {
            continue; // prose (`// import * as allin from './www/api/allin.mjs'`)
        }
        let comment = in_block || trimmed.starts_with("/*");
        if trimmed.starts_with("/*") && !trimmed.contains("*/") {
            in_block = true;
        }
        if in_block && trimmed.contains("*/") {
            in_block = false;
        }
        // A trailing `// …` comment is prose too.
        let code = line.find(" //").map_or(line, |i| &line[..i]);
        for (part, is_code) in [(code, !comment)] {
            let mut push =
                |spec: Option<&str>, is_static: bool, dynamic_import: bool, url: bool| {
                    if let Some(spec) = spec {
                        out.push(Spec {
                            text: spec.to_string(),
                            code: is_code,
                            is_static,
                            dynamic_import,
                            url,
                        });
                    }
                };
            for (i, _) in part.match_indices("from") {
                let before = part[..i].chars().next_back();
                if !before.is_some_and(|c| c != ' ' && c != '}') {
                    push(quoted(&part[i + 4..]), true, false, false);
                }
            }
            for (i, _) in part.match_indices("import") {
                let before = part[..i].chars().next_back();
                if before.is_some_and(|c| c.is_alphanumeric() || c == '_' || c == '.') {
                    continue;
                }
                let rest = &part[i + 6..];
                if let Some(args) = rest.trim_start().strip_prefix('(') {
                    push(quoted(args), false, true, false);
                } else if rest.starts_with(' ') {
                    // `import './x.js';` (side effects only)
                    push(quoted(rest), true, false, false);
                }
            }
            for (i, _) in part.match_indices("new URL(") {
                let args = &part[i + 8..];
                if args.contains("import.meta.url") {
                    push(quoted(args), false, false, true);
                }
            }
        }
    }
    out
}

/// `base`/`spec` with `.` and `..` folded; None if it climbs out of the root.
fn join(base: &Path, spec: &str) -> Option<PathBuf> {
    let mut out = PathBuf::new();
    for part in base
        .join(spec.split(['?', '#']).next().unwrap())
        .components()
    {
        match part {
            Component::ParentDir => {
                if !out.pop() {
                    return None;
                }
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    Some(out)
}

/// A target that exists, or one in the built `www/pkg/` when it is not built.
fn exists(path: &Path) -> bool {
    root().join(path).exists() || (path.starts_with("www/pkg") && !root().join("www/pkg").is_dir())
}

/// Every file's relative specifiers, resolved: (file, spec, target).
struct Graph {
    broken: Vec<String>,
    /// www/ file -> (target, static), code only.
    edges: BTreeMap<PathBuf, Vec<(PathBuf, bool)>>,
}

fn graph() -> Graph {
    let mut files = Vec::new();
    for dir in ["www", "tests", "examples", "benches", "peers/js"] {
        scripts(&root().join(dir), &mut files);
    }
    files.sort();
    let mut graph = Graph {
        broken: Vec::new(),
        edges: BTreeMap::new(),
    };
    for file in files {
        let text = std::fs::read_to_string(root().join(&file)).unwrap();
        let dir = file.parent().unwrap();
        let in_www = file.starts_with("www");
        for spec in specifiers(&text) {
            if !spec.text.starts_with("./") && !spec.text.starts_with("../") {
                continue; // a package (`node:fs`, `playwright-core`) or a page-relative name
            }
            let target = join(dir, &spec.text);
            // A browser test's `import('./…')` may run in the page: from www/.
            let in_page = file.starts_with("tests/e2e") && spec.dynamic_import;
            let target = match target {
                Some(t) if in_page && !exists(&t) => join(Path::new("www"), &spec.text),
                other => other,
            };
            // Outside www/, a URL may name a build product (target/, artifacts/).
            if spec.url && !in_www && !target.as_ref().is_some_and(|t| t.starts_with("www")) {
                continue;
            }
            match &target {
                Some(target) if exists(target) => {
                    if in_www && spec.code && target.starts_with("www") {
                        let is_script = target.extension().is_some_and(|e| e == "js" || e == "mjs");
                        if is_script && !target.starts_with("www/pkg") {
                            let edges = graph.edges.entry(file.clone()).or_default();
                            edges.push((target.clone(), spec.is_static));
                        }
                    }
                }
                _ => {
                    graph
                        .broken
                        .push(format!("{}: '{}' names no file", file.display(), spec.text))
                }
            }
        }
    }
    graph
}

#[test]
fn every_relative_specifier_resolves() {
    let broken = graph().broken;
    assert!(broken.is_empty(), "{}", broken.join("\n"));
}

/// The import cycles of `edges` (Tarjan's strongly connected components of
/// more than one module, or a module importing itself).
fn cycles(edges: &BTreeMap<PathBuf, Vec<(PathBuf, bool)>>) -> Vec<Vec<PathBuf>> {
    struct Walk<'a> {
        edges: &'a BTreeMap<PathBuf, Vec<(PathBuf, bool)>>,
        index: BTreeMap<PathBuf, usize>,
        low: BTreeMap<PathBuf, usize>,
        stack: Vec<PathBuf>,
        on_stack: BTreeSet<PathBuf>,
        out: Vec<Vec<PathBuf>>,
    }
    impl Walk<'_> {
        fn visit(&mut self, v: &PathBuf) {
            let n = self.index.len();
            self.index.insert(v.clone(), n);
            self.low.insert(v.clone(), n);
            self.stack.push(v.clone());
            self.on_stack.insert(v.clone());
            let targets: Vec<PathBuf> = self
                .edges
                .get(v)
                .map(|e| e.iter().map(|(t, _)| t.clone()).collect())
                .unwrap_or_default();
            for w in &targets {
                if !self.index.contains_key(w) {
                    self.visit(w);
                    let low = self.low[v].min(self.low[w]);
                    self.low.insert(v.clone(), low);
                } else if self.on_stack.contains(w) {
                    let low = self.low[v].min(self.index[w]);
                    self.low.insert(v.clone(), low);
                }
            }
            if self.low[v] == self.index[v] {
                let mut scc = Vec::new();
                loop {
                    let w = self.stack.pop().unwrap();
                    self.on_stack.remove(&w);
                    let done = &w == v;
                    scc.push(w);
                    if done {
                        break;
                    }
                }
                if scc.len() > 1 || targets.contains(v) {
                    scc.sort();
                    self.out.push(scc);
                }
            }
        }
    }
    let mut walk = Walk {
        edges,
        index: BTreeMap::new(),
        low: BTreeMap::new(),
        stack: Vec::new(),
        on_stack: BTreeSet::new(),
        out: Vec::new(),
    };
    for v in edges.keys() {
        if !walk.index.contains_key(v) {
            walk.visit(v);
        }
    }
    walk.out
}

#[test]
fn www_has_no_import_cycle() {
    let found = cycles(&graph().edges);
    let text: Vec<String> = found
        .iter()
        .map(|scc| {
            let names: Vec<String> = scc.iter().map(|p| p.display().to_string()).collect();
            names.join(" <-> ")
        })
        .collect();
    assert!(
        found.is_empty(),
        "import cycles in www/ (static and dynamic imports):\n{}",
        text.join("\n")
    );
}

#[test]
fn the_cycle_finder_finds_one() {
    let edge = |a: &str, b: &str| (PathBuf::from(a), vec![(PathBuf::from(b), true)]);
    let edges = BTreeMap::from([
        edge("a", "b"),
        edge("b", "c"),
        edge("c", "a"),
        edge("d", "a"),
    ]);
    let found = cycles(&edges);
    assert_eq!(found.len(), 1);
    assert_eq!(found[0], ["a", "b", "c"].map(PathBuf::from));
}

#[test]
fn the_pages_link_files() {
    let mut missing = Vec::new();
    for page in ["index.html", "evaluator.html", "embed.html"] {
        let text = std::fs::read_to_string(root().join("www").join(page)).unwrap();
        for open in [" href=\"", " src=\""] {
            for (i, _) in text.match_indices(open) {
                let rest = &text[i + open.len()..];
                let target = &rest[..rest.find('"').unwrap()];
                if target.is_empty() || target.contains(':') || target.starts_with('#') {
                    continue;
                }
                let resolved = join(Path::new("www"), target);
                if !resolved.as_deref().is_some_and(exists) {
                    missing.push(format!("www/{page}: {target}"));
                }
            }
        }
    }
    assert!(
        missing.is_empty(),
        "links to no file:\n{}",
        missing.join("\n")
    );
}

/// The folders' layers: what each may import (besides the built `pkg/`).
const LAYERS: &[(&str, &[&str])] = &[
    ("www/model", &["www/model"]),
    ("www/engine", &["www/engine", "www/model"]),
    ("www/api", &["www/api", "www/engine", "www/model"]),
    ("www/ui", &["www/ui", "www/engine", "www/model"]),
];

#[test]
fn www_folders_import_only_their_layers() {
    let mut wrong = Vec::new();
    for (file, targets) in &graph().edges {
        let Some((_, allowed)) = LAYERS.iter().find(|(dir, _)| file.starts_with(dir)) else {
            continue; // the root's entry points (allin-odds.js, sw.js) may import any
        };
        for (target, _) in targets {
            // The root's files are the pages' public ones (sw-register.js registers sw.js).
            let at_root = target.parent() == Some(Path::new("www"));
            if !at_root && !allowed.iter().any(|dir| target.starts_with(dir)) {
                wrong.push(format!("{} imports {}", file.display(), target.display()));
            }
        }
    }
    assert!(
        wrong.is_empty(),
        "imports across the layers (ui → engine, model; engine → model):\n{}",
        wrong.join("\n")
    );
}

/// The JS API's npm package (`www/package.json`'s `files`) holds every
/// module the API imports, directly or not (`engine/scheduler.js`, …).
#[test]
fn the_npm_package_holds_the_apis_modules() {
    let text = std::fs::read_to_string(root().join("www/package.json")).unwrap();
    let start = text
        .find("\"files\": [")
        .expect("www/package.json: \"files\"");
    let list = &text[start + "\"files\": [".len()..];
    let files: Vec<&str> = list[..list.find(']').unwrap()]
        .split(',')
        .filter_map(|item| item.trim().strip_prefix('"')?.strip_suffix('"'))
        .collect();
    let graph = graph();
    let mut queue = vec![PathBuf::from("www/api/allin.mjs")];
    let mut seen = BTreeSet::new();
    let mut missing = Vec::new();
    while let Some(file) = queue.pop() {
        if !seen.insert(file.clone()) {
            continue;
        }
        let rel = file.strip_prefix("www").unwrap().display().to_string();
        let dir = files.iter().any(|f| f.ends_with('/') && rel.starts_with(f));
        if !dir && !files.contains(&rel.as_str()) {
            missing.push(rel);
        }
        for (target, _) in graph.edges.get(&file).into_iter().flatten() {
            queue.push(target.clone());
        }
    }
    assert!(
        missing.is_empty(),
        "www/package.json's files miss {missing:?}"
    );
}
