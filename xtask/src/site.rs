//! The served site, `site/`, assembled from the sources in `www/` (after
//! the wasm build, `wasm.rs`, has written `www/pkg`): what `cargo xtask
//! serve` and the browser tests serve, and what a static host gets. Plain
//! static files, the public URLs of `www/` (`index.html`, `evaluator.html`,
//! `embed.html`, `allin-odds.js`, `sw.js`, `pkg/…`, `data/…`, icons):
//!
//! ```text
//!   site/index.html …     the pages: comments dropped, one stylesheet each
//!                         (styles/page-NAME.css: the page's <link>s in their
//!                         order, minified), the script from js/, the
//!                         Content-Security-Policy checked (CSP)
//!   site/js/              esbuild: one minified bundle per entry point
//!                         (ENTRIES: start, evaluator, embed, the element, the
//!                         worker), shared and lazy parts as hashed chunks
//!                         (`NAME-HASH.js`), source maps beside them
//!   site/pkg/             the wasm modules, and their glue minified
//!   site/styles/          the page bundles, and the sheets scripts load
//!                         (DYNAMIC_STYLES)
//!   site/allin-odds.js    the element's public URL: imports js/allin-odds-element.js
//!   site/api/allin.mjs    the JS API for browsers, one bundle (kept offline once used)
//!   site/sw.js            minified; sw-version.js its list (precache.rs)
//!   site/ui/ engine/ model/  the module sources as they are (SOURCES: never
//!                         fetched by a page, never precached)
//!   site/_headers         the same policy as HTTP headers, for hosts that read
//!                         the file (Netlify, Cloudflare Pages): frame-ancestors
//!                         'none' but for the widget
//! ```
//!
//! `js/` keeps the sources' folder depth (one below the root, as `ui/` and
//! `engine/`), so every `new URL('../pkg/…', import.meta.url)` resolves the
//! same; the glue (`../pkg/allin.js`) stays a file of its own (external to
//! the bundles) because the engine imports spare copies of it by URL.
//! `start.js`'s preload list (`ALLIN_APP_CHUNKS`) is filled with app.js's
//! chunks here, as `embed.html`'s modulepreloads are with the widget's.

use std::fs;
use std::path::{Path, PathBuf};
use std::process::Command;

use crate::cmd::{self, root, say, Result};

use crate::setup;

/// The built site's folder, under the repository root.
pub const SITE: &str = "site";

/// The pages, each with its entry script (`ui/NAME.js` in `www/`).
pub const PAGES: [(&str, &str); 3] = [
    ("index.html", "start"),
    ("evaluator.html", "evaluator"),
    ("embed.html", "embed"),
];

/// The bundles' entry points, relative to `www/`.
const ENTRIES: [&str; 5] = [
    "ui/start.js",
    "ui/evaluator.js",
    "ui/embed.js",
    "ui/allin-odds-element.js",
    "engine/engine-worker.js",
];

/// Stylesheets a script loads by URL (`../styles/NAME`), copied minified.
const DYNAMIC_STYLES: [&str; 3] = ["share-panel.css", "embed.css", "distribution.css"];

/// Files copied as they are, relative to `www/` (folders whole).
const STATIC: [&str; 4] = ["icon.svg", "manifest.webmanifest", "icons", "data"];

/// The module sources, copied beside the bundles: no page fetches them and
/// the service worker never precaches them (`precache::write_precache`), but a
/// debugger, or a browser test that drives one module (`import('./engine/
/// engine.js')`), finds them at their usual URLs.
pub const SOURCES: [&str; 3] = ["ui", "engine", "model"];

/// Every page's policy (a `<meta http-equiv>` in each page's source, checked
/// here). `frame-ancestors` cannot be set by a meta tag: the server
/// (`serve.rs`) and `_headers` add `frame-ancestors 'none'` to every page but
/// the widget's.
pub const CSP: &str = "default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; \
style-src 'self'; img-src 'self'; connect-src 'self'; worker-src 'self'; \
object-src 'none'; base-uri 'none'; form-action 'none'";

/// The pages that may be framed by other sites.
pub const FRAMEABLE: [&str; 1] = ["embed.html"];

/// Where a page's stylesheet link goes, until its name is known.
const SHEET_MARK: &str = "\u{0}sheet\u{0}\n";

/// The placeholder start.js's preload list is defined as, replaced after the build.
const CHUNKS_MARK: &str = "\"@@ALLIN_APP_CHUNKS@@\"";

/// Assembles `site/` from `www/` (whose `pkg/` must be built) and writes
/// the service worker's list. Returns the site's folder.
pub fn assemble(www: &Path) -> Result<PathBuf> {
    // Built beside, then swapped in: a server answering from `site/` (by
    // path, per request) never sees a half-built site.
    let site = root().join(SITE);
    let next = root().join(format!("{SITE}.next"));
    let old = root().join(format!("{SITE}.old"));
    clear(&next)?;
    build_into(www, &next)?;
    if old.exists() {
        fs::remove_dir_all(&old)
            .map_err(|err| format!("cannot remove {}: {err}", old.display()))?;
    }
    if site.exists() {
        fs::rename(&site, &old).map_err(|err| format!("cannot move {}: {err}", site.display()))?;
    }
    fs::rename(&next, &site).map_err(|err| format!("cannot move {}: {err}", next.display()))?;
    if old.exists() {
        fs::remove_dir_all(&old)
            .map_err(|err| format!("cannot remove {}: {err}", old.display()))?;
    }
    say(format!("assembled {SITE}/ from www/"));
    Ok(site)
}

/// The site's files, written into the empty folder `site`.
fn build_into(www: &Path, site: &Path) -> Result {
    let site = site.to_path_buf();
    let esbuild = setup::ensure_build_tools()?.join("esbuild");
    bundle_js(&esbuild, www, &site)?;
    for (page, entry) in PAGES {
        write_page(&esbuild, www, &site, page, entry)?;
    }
    fill_preloads(&site)?;
    copy_glue(&esbuild, www, &site)?;
    for name in DYNAMIC_STYLES {
        let css = minify_css(&esbuild, &read(&www.join("styles").join(name))?)?;
        write(&site.join("styles").join(name), &css)?;
    }
    for rel in STATIC.iter().chain(&SOURCES) {
        copy_tree(&www.join(rel), &site.join(rel))?;
    }
    write(
        &site.join("allin-odds.js"),
        "import\"./js/allin-odds-element.js\";\n",
    )?;
    // The JS API for a browser (`import('…/api/allin.mjs')`): one bundle.
    run_esbuild(
        &esbuild,
        www,
        &[
            "api/allin.mjs",
            "--bundle",
            "--external:node:*",
            "--format=esm",
            "--minify",
            "--sourcemap",
            "--target=es2022",
            "--legal-comments=none",
            "--external:../pkg/*",
            &format!("--outfile={}", site.join("api").join("allin.mjs").display()),
        ],
    )?;
    run_esbuild(
        &esbuild,
        www,
        &[
            "sw.js",
            "--minify",
            &format!("--outfile={}", site.join("sw.js").display()),
        ],
    )?;
    write(&site.join("_headers"), &headers())?;
    crate::precache::write_precache(&site, &SOURCES)
}

/// `_headers` (Netlify, Cloudflare Pages): the policy, framing closed but for the widget.
fn headers() -> String {
    let mut out = String::from("# Generated by `cargo xtask build` (xtask/src/site.rs).\n");
    for (page, _) in PAGES {
        let mut paths = vec![format!("/{page}")];
        if page == "index.html" {
            paths.insert(0, "/".into());
        }
        for path in paths {
            out.push_str(&format!(
                "{path}\n  Content-Security-Policy: {}\n",
                policy(page)
            ));
        }
    }
    out
}

/// The policy a page is served with as a header.
pub fn policy(page: &str) -> String {
    if FRAMEABLE.contains(&page) {
        CSP.to_string()
    } else {
        format!("{CSP}; frame-ancestors 'none'")
    }
}

fn bundle_js(esbuild: &Path, www: &Path, site: &Path) -> Result {
    let mut args: Vec<String> = ENTRIES.iter().map(|e| e.to_string()).collect();
    args.extend(
        [
            "--bundle",
            "--splitting",
            "--format=esm",
            "--minify",
            "--sourcemap",
            "--target=es2022",
            "--legal-comments=none",
            "--entry-names=[name]",
            "--chunk-names=[name]-[hash]",
            "--external:../pkg/*",
            "--define:ALLIN_APP_CHUNKS=\"@@ALLIN_APP_CHUNKS@@\"",
        ]
        .map(String::from),
    );
    args.push(format!("--outdir={}", site.join("js").display()));
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run_esbuild(esbuild, www, &refs)
}

/// The static imports (`import … from"./x.js"`, `import"./x.js"`) of a
/// minified module in `js/`, as file names in `js/` (or `../pkg/…` paths).
fn static_imports(code: &str) -> Vec<String> {
    let mut out = Vec::new();
    for pat in ["from\"", "import\""] {
        let mut rest = code;
        while let Some(i) = rest.find(pat) {
            rest = &rest[i + pat.len()..];
            if let Some(end) = rest.find('"') {
                out.push(rest[..end].to_string());
            }
        }
    }
    out
}

/// `js/NAME` and everything it imports statically, as page-relative paths.
fn closure(site: &Path, name: &str) -> Result<Vec<String>> {
    let mut seen: Vec<String> = Vec::new();
    let mut queue = vec![format!("js/{name}")];
    while let Some(rel) = queue.pop() {
        if seen.contains(&rel) {
            continue;
        }
        seen.push(rel.clone());
        if !rel.starts_with("js/") {
            continue; // the glue: a file of its own
        }
        for dep in static_imports(&read(&site.join(&rel))?) {
            let next = if let Some(file) = dep.strip_prefix("./") {
                format!("js/{file}")
            } else if let Some(up) = dep.strip_prefix("../") {
                up.to_string()
            } else {
                return Err(format!(
                    "{rel}: an import esbuild should have bundled: {dep}"
                ));
            };
            queue.push(next);
        }
    }
    Ok(seen)
}

/// Puts app.js's chunks in place of start.js's placeholder.
fn fill_preloads(site: &Path) -> Result {
    let start = site.join("js").join("start.js");
    let code = read(&start)?;
    let app = code
        .split("import(\"./")
        .skip(1)
        .filter_map(|s| s.split('"').next())
        .find(|f| f.starts_with("app-"))
        .ok_or("js/start.js: no import of app.js's chunk")?
        .to_string();
    let list = closure(site, &app)?;
    let json = format!(
        "[{}]",
        list.iter()
            .map(|p| format!("\"{p}\""))
            .collect::<Vec<_>>()
            .join(",")
    );
    if !code.contains(CHUNKS_MARK) {
        return Err(format!("js/start.js: no {CHUNKS_MARK} to fill"));
    }
    write(&start, &code.replace(CHUNKS_MARK, &json))
}

/// A page: comments out, one minified stylesheet, modulepreloads of its
/// entry's chunks, the script from `js/`; its policy checked.
fn write_page(esbuild: &Path, www: &Path, site: &Path, page: &str, entry: &str) -> Result {
    let html = read(&www.join(page))?;
    let csp = format!("<meta http-equiv=\"Content-Security-Policy\" content=\"{CSP}\">");
    if !collapse(&html).contains(&csp) {
        return Err(format!("www/{page}: its <head> must hold exactly {csp}"));
    }
    let html = strip_comments(&html);
    let sheet = format!("page-{}.css", page.trim_end_matches(".html"));
    let mut css = String::new();
    let mut sheets = Vec::new();
    let mut out = String::new();
    let mut linked = false;
    for line in html.lines() {
        let t = line.trim();
        if let Some(href) = attr(t, "<link rel=\"stylesheet\" href=\"") {
            css.push_str(&read(&www.join(href))?);
            css.push('\n');
            sheets.push(href.to_string());
            if !linked {
                linked = true;
                out.push_str(SHEET_MARK);
            }
        } else if t.starts_with("<link rel=\"modulepreload\"") {
            continue;
        } else if let Some(src) = attr(t, "<script type=\"module\" src=\"") {
            if src != format!("ui/{entry}.js") {
                return Err(format!(
                    "www/{page}: its script should be ui/{entry}.js, not {src}"
                ));
            }
            if page == "embed.html" {
                for rel in closure(site, &format!("{entry}.js"))?.iter().skip(1) {
                    out.push_str(&format!("<link rel=\"modulepreload\" href=\"{rel}\">\n"));
                }
            }
            out.push_str(&line.replace(&format!("ui/{entry}.js"), &format!("js/{entry}.js")));
            out.push('\n');
        } else if !t.is_empty() {
            out.push_str(line);
            out.push('\n');
        }
    }
    // One sheet that a script also loads (the widget's): that file, not a copy.
    let sheet = match sheets.as_slice() {
        [one] if DYNAMIC_STYLES.iter().any(|d| one == &format!("styles/{d}")) => {
            one.trim_start_matches("styles/").to_string()
        }
        _ => {
            write(
                &site.join("styles").join(&sheet),
                &minify_css(esbuild, &css)?,
            )?;
            sheet
        }
    };
    let link = format!("<link rel=\"stylesheet\" href=\"styles/{sheet}\">\n");
    write(&site.join(page), &out.replacen(SHEET_MARK, &link, 1))
}

/// The value after `prefix` up to the next quote, if the line starts so.
fn attr<'a>(line: &'a str, prefix: &str) -> Option<&'a str> {
    line.strip_prefix(prefix)?.split('"').next()
}

/// Whitespace runs as one space (for comparing attributes written over lines).
fn collapse(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// `<!-- … -->` removed (the pages have no script or style text inline).
fn strip_comments(html: &str) -> String {
    let mut out = String::with_capacity(html.len());
    let mut rest = html;
    while let Some(i) = rest.find("<!--") {
        out.push_str(&rest[..i]);
        match rest[i..].find("-->") {
            Some(end) => rest = &rest[i + end + 3..],
            None => {
                rest = "";
                break;
            }
        }
    }
    out.push_str(rest);
    out
}

fn copy_glue(esbuild: &Path, www: &Path, site: &Path) -> Result {
    let pkg = www.join("pkg");
    let entries =
        fs::read_dir(&pkg).map_err(|err| format!("cannot list {}: {err}", pkg.display()))?;
    for entry in entries {
        let path = entry.map_err(|e| e.to_string())?.path();
        let name = path
            .file_name()
            .and_then(|n| n.to_str())
            .unwrap_or_default();
        let to = site.join("pkg").join(name);
        if name.ends_with(".js") {
            run_esbuild(
                esbuild,
                www,
                &[
                    &format!("pkg/{name}"),
                    "--minify",
                    "--sourcemap",
                    "--format=esm",
                    "--target=es2022",
                    &format!("--outfile={}", to.display()),
                ],
            )?;
        } else if name.ends_with(".wasm") {
            copy(&path, &to)?;
        }
    }
    Ok(())
}

fn minify_css(esbuild: &Path, css: &str) -> Result<String> {
    use std::io::Write;
    let mut child = Command::new(esbuild)
        .args(["--loader=css", "--minify", "--log-level=warning"])
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .map_err(|err| format!("cannot run esbuild: {err}"))?;
    child
        .stdin
        .take()
        .ok_or("esbuild: no stdin")?
        .write_all(css.as_bytes())
        .map_err(|err| format!("esbuild: {err}"))?;
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    if !out.status.success() {
        return Err("esbuild could not minify a stylesheet".into());
    }
    String::from_utf8(out.stdout).map_err(|e| e.to_string())
}

fn run_esbuild(esbuild: &Path, www: &Path, args: &[&str]) -> Result {
    cmd::run(
        Command::new(esbuild)
            .args(args)
            .arg("--log-level=warning")
            .current_dir(www),
    )
    .map_err(|err| format!("esbuild failed: {err}"))
}

/// Empties `dir` (creating it).
fn clear(dir: &Path) -> Result {
    fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    for entry in fs::read_dir(dir).map_err(|e| format!("cannot list {}: {e}", dir.display()))? {
        let path = entry.map_err(|e| e.to_string())?.path();
        let gone = if path.is_dir() {
            fs::remove_dir_all(&path)
        } else {
            fs::remove_file(&path)
        };
        gone.map_err(|err| format!("cannot remove {}: {err}", path.display()))?;
    }
    Ok(())
}

fn copy_tree(from: &Path, to: &Path) -> Result {
    if from.is_dir() {
        for entry in
            fs::read_dir(from).map_err(|e| format!("cannot list {}: {e}", from.display()))?
        {
            let path = entry.map_err(|e| e.to_string())?.path();
            copy_tree(&path, &to.join(path.file_name().unwrap_or_default()))?;
        }
        Ok(())
    } else {
        copy(from, to)
    }
}

fn copy(from: &Path, to: &Path) -> Result {
    if let Some(dir) = to.parent() {
        fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    fs::copy(from, to)
        .map(|_| ())
        .map_err(|err| format!("cannot copy {} to {}: {err}", from.display(), to.display()))
}

fn read(path: &Path) -> Result<String> {
    fs::read_to_string(path).map_err(|err| format!("cannot read {}: {err}", path.display()))
}

fn write(path: &Path, text: &str) -> Result {
    if let Some(dir) = path.parent() {
        fs::create_dir_all(dir).map_err(|err| format!("cannot create {}: {err}", dir.display()))?;
    }
    fs::write(path, text).map_err(|err| format!("cannot write {}: {err}", path.display()))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn finds_static_imports_of_minified_modules() {
        let code = r#"import{a as b}from"./chunk-X.js";import"./chunk-Y.js";import*as g from"../pkg/allin.js";const x=import("./lazy-Z.js");"#;
        assert_eq!(
            static_imports(code),
            ["./chunk-X.js", "../pkg/allin.js", "./chunk-Y.js"]
        );
    }

    #[test]
    fn strips_comments() {
        assert_eq!(strip_comments("a<!-- x\n y -->b<!--c-->d"), "abd");
    }
}
