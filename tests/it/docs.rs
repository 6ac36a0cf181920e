//! The docs and the tree's shape: every relative link in the Markdown docs
//! resolves, the README stays short, and no source file is over 600 lines
//! (generated tables aside).

use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// The Markdown files people read.
fn docs() -> Vec<PathBuf> {
    let mut files = vec![root().join("README.md"), root().join("ARCHITECTURE.md")];
    let mut more: Vec<PathBuf> = std::fs::read_dir(root().join("docs"))
        .expect("docs/")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    more.sort();
    files.extend(more);
    files
}

/// The targets of `[text](target)` and `src="target"` in `text`.
fn links(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut in_fence = false;
    for line in text.lines() {
        if line.trim_start().starts_with("```") {
            in_fence = !in_fence;
        }
        if in_fence {
            continue;
        }
        // (Inline code is an example, not a link.)
        let line: String = line
            .split('`')
            .enumerate()
            .filter(|(i, _)| i % 2 == 0)
            .map(|(_, part)| part)
            .collect();
        for (open, close) in [("](", ')'), ("src=\"", '"')] {
            let mut rest = line.as_str();
            while let Some(i) = rest.find(open) {
                let after = &rest[i + open.len()..];
                let end = after.find(close).unwrap_or(after.len());
                out.push(after[..end].to_string());
                rest = &after[end..];
            }
        }
    }
    out
}

#[test]
fn every_relative_link_in_the_docs_resolves() {
    let mut broken = Vec::new();
    for file in docs() {
        let text = std::fs::read_to_string(&file).unwrap();
        let dir = file.parent().unwrap();
        for link in links(&text) {
            let target = link.split('#').next().unwrap_or_default();
            if target.is_empty() || target.contains("://") || target.starts_with("mailto:") {
                continue;
            }
            if !dir.join(target).exists() {
                broken.push(format!("{}: {link}", file.display()));
            }
        }
    }
    assert!(broken.is_empty(), "broken links:\n{}", broken.join("\n"));
}

#[test]
fn the_readme_is_short() {
    let n = std::fs::read_to_string(root().join("README.md"))
        .unwrap()
        .lines()
        .count();
    assert!(
        n <= 200,
        "README.md has {n} lines (at most 200: the rest goes in docs/)"
    );
}

/// Generated tables, exempt.
const GENERATED: &[&str] = &[
    "src/eval/tables.rs",
    "src/equity/strength_table.rs",
    "src/omaha/range/ranking_table.rs",
    "src/short_deck/ranking_table.rs",
];

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        if path.is_dir() {
            if !matches!(
                name.as_str(),
                "node_modules" | "pkg" | "target" | "artifacts" | "__pycache__" | "venv"
            ) {
                sources(&path, out);
            }
        } else if [".rs", ".js", ".mjs", ".css", ".html", ".py", ".pyi"]
            .iter()
            .any(|e| name.ends_with(e))
            && name != "sw-version.js"
        {
            out.push(path);
        }
    }
}

#[test]
fn no_source_file_is_over_600_lines() {
    let mut files = Vec::new();
    for dir in [
        "src", "cli", "www", "xtask", "tests", "benches", "examples", "peers", "python",
    ] {
        if root().join(dir).is_dir() {
            sources(&root().join(dir), &mut files);
        }
    }
    let mut over = Vec::new();
    for path in files {
        let rel = path
            .strip_prefix(root())
            .unwrap()
            .to_string_lossy()
            .replace('\\', "/");
        if GENERATED.contains(&rel.as_str()) {
            continue;
        }
        let n = std::fs::read_to_string(&path).map_or(0, |t| t.lines().count());
        if n > 600 {
            over.push(format!("{rel}: {n} lines (at most 600)"));
        }
    }
    assert!(over.is_empty(), "files too long:\n{}", over.join("\n"));
}
