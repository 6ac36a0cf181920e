//! Where a request path leads: a file under the served directory, a
//! redirect to a directory's `/`, or a refusal; and each file's content type.

use std::path::{Path, PathBuf};

/// The content type for a file name, by extension.
pub fn content_type(path: &Path) -> &'static str {
    let ext = path
        .extension()
        .and_then(|e| e.to_str())
        .map(str::to_ascii_lowercase);
    match ext.as_deref() {
        Some("html" | "htm") => "text/html; charset=utf-8",
        Some("js" | "mjs") => "text/javascript",
        Some("css") => "text/css",
        Some("wasm") => "application/wasm",
        Some("json" | "map") => "application/json",
        Some("webmanifest") => "application/manifest+json",
        Some("svg") => "image/svg+xml",
        Some("png") => "image/png",
        Some("ico") => "image/x-icon",
        Some("txt") => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// What a request path maps to.
#[derive(Debug, PartialEq, Eq)]
pub(super) enum Resolved {
    File(PathBuf),
    /// A directory asked for without its trailing slash: relative URLs in its
    /// `index.html` only work from `dir/`, so send the browser there.
    Redirect(String),
    NotFound,
    Forbidden,
    BadRequest,
}

/// Maps a request target (`/pkg/allin.js?v=1`) to a file under `root`
/// (which must be canonical).
pub(super) fn resolve(root: &Path, target: &str) -> Resolved {
    let target = target.split('#').next().unwrap_or("");
    let (raw_path, query) = match target.split_once('?') {
        Some((path, query)) => (path, Some(query)),
        None => (target, None),
    };
    if !raw_path.starts_with('/') {
        return Resolved::BadRequest;
    }
    let Some(path) = percent_decode(raw_path) else {
        return Resolved::BadRequest;
    };
    let mut file = root.to_path_buf();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => return Resolved::Forbidden,
            s if s.contains(['\\', '\0']) => return Resolved::Forbidden,
            // Dotfiles are never part of the site.
            s if s.starts_with('.') => return Resolved::NotFound,
            s => file.push(s),
        }
    }
    if file.is_dir() {
        if !raw_path.ends_with('/') {
            let mut location = format!("{raw_path}/");
            if let Some(query) = query {
                location.push('?');
                location.push_str(query);
            }
            return Resolved::Redirect(location);
        }
        file.push("index.html");
    }
    if !file.is_file() {
        return Resolved::NotFound;
    }
    // A symlink inside the site must not lead out of it.
    match file.canonicalize() {
        Ok(real) if real.starts_with(root) => Resolved::File(real),
        Ok(_) => Resolved::Forbidden,
        Err(_) => Resolved::NotFound,
    }
}

/// Decodes `%XX` escapes; `None` for a malformed escape or non-UTF-8 result.
fn percent_decode(s: &str) -> Option<String> {
    let bytes = s.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn content_types() {
        let ct = |name: &str| content_type(Path::new(name));
        assert_eq!(ct("a/allin_bg.wasm"), "application/wasm");
        assert_eq!(ct("allin.js"), "text/javascript");
        assert_eq!(ct("worker.MJS"), "text/javascript");
        assert_eq!(ct("index.html"), "text/html; charset=utf-8");
        assert_eq!(ct("style.css"), "text/css");
        assert_eq!(ct("data.json"), "application/json");
        assert_eq!(ct("manifest.webmanifest"), "application/manifest+json");
        assert_eq!(ct("icon.svg"), "image/svg+xml");
        assert_eq!(ct("icon.png"), "image/png");
        assert_eq!(ct("LICENSE"), "application/octet-stream");
    }

    #[test]
    fn percent_decoding() {
        assert_eq!(percent_decode("/a%20b").as_deref(), Some("/a b"));
        assert_eq!(percent_decode("/%E2%99%A0").as_deref(), Some("/♠"));
        assert_eq!(percent_decode("/a+b").as_deref(), Some("/a+b"));
        assert_eq!(percent_decode("/%zz"), None);
        assert_eq!(percent_decode("/%2"), None);
        assert_eq!(percent_decode("/%ff"), None);
    }
}
