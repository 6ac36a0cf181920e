//! A small static file server for the built site (`site/`; std only), used
//! by `cargo xtask serve` and, in-process on an ephemeral port, by the
//! browser tests. HTML pages get their Content-Security-Policy as a header
//! too (`site::policy`: `frame-ancestors` but for the widget).
//!
//! It listens on 127.0.0.1 only, answers `GET` and `HEAD` with one thread per
//! connection, sends `Cache-Control: no-cache` so a rebuilt wasm is always
//! picked up (with an `ETag`, so an unchanged file is revalidated with a
//! bodiless `304` instead of sent again, e.g. when a worker imports a module
//! the page already loaded), serves `index.html` for directories, and refuses
//! anything that would leave the served directory (`..` segments, symlinks
//! pointing out).

use std::fs;
use std::io::{self, Read, Write};
use std::net::{Ipv4Addr, Shutdown, SocketAddr, TcpListener, TcpStream};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::thread::{self, JoinHandle};
use std::time::Duration;

use crate::cmd::{say, Result};

mod files;

pub use files::content_type;
use files::{resolve, Resolved};

/// `cargo xtask serve [--port N]`: build, then serve the built site
/// (`site/`, from `www/`) until killed.
pub fn task(port: u16) -> Result {
    // Bind first, so a busy port fails before a build.
    let site = crate::cmd::root().join(crate::site::SITE);
    std::fs::create_dir_all(&site)
        .map_err(|err| format!("cannot create {}: {err}", site.display()))?;
    let server = Server::bind(&site, port)?
        .with_log(true)
        .with_live_precache(true);
    crate::wasm::build()?;
    say(format!(
        "serving site/ (built from www/) at {}  (Ctrl+C to stop)",
        server.url()
    ));
    server.run()
}

/// The longest request head we read (request line plus headers).
const MAX_HEAD: usize = 16 * 1024;
/// How long a connection may sit idle before its thread gives up on it.
const IO_TIMEOUT: Duration = Duration::from_secs(30);

/// A bound, not yet running, server.
pub struct Server {
    listener: TcpListener,
    addr: SocketAddr,
    root: Arc<PathBuf>,
    log: bool,
    live_precache: bool,
}

impl Server {
    /// Binds 127.0.0.1:`port` (0 picks a free port; see [`Server::url`]) to
    /// serve the files under `root`.
    pub fn bind(root: &Path, port: u16) -> Result<Server> {
        let root = root
            .canonicalize()
            .map_err(|err| format!("cannot serve {}: {err}", root.display()))?;
        if !root.is_dir() {
            return Err(format!("cannot serve {}: not a directory", root.display()));
        }
        let listener = TcpListener::bind((Ipv4Addr::LOCALHOST, port)).map_err(|err| {
            let hint = if err.kind() == io::ErrorKind::AddrInUse {
                " (is another server running? pick another port with --port N)"
            } else {
                ""
            };
            format!("cannot listen on 127.0.0.1:{port}: {err}{hint}")
        })?;
        let addr = listener
            .local_addr()
            .map_err(|err| format!("cannot read the server's address: {err}"))?;
        Ok(Server {
            listener,
            addr,
            root: Arc::new(root),
            log: false,
            live_precache: false,
        })
    }

    /// Print one line per request.
    pub fn with_log(mut self, log: bool) -> Server {
        self.log = log;
        self
    }

    /// Reassemble the site from `www/` (`site::assemble`: bundles, pages and
    /// the service worker's list `sw-version.js`; not the wasm) whenever a
    /// browser asks for the list: while developing, an edited source then
    /// makes a new version, which the page
    /// offers ("New version: Reload") instead of the service worker serving
    /// the old file from its cache.
    pub fn with_live_precache(mut self, live: bool) -> Server {
        self.live_precache = live;
        self
    }

    /// `http://127.0.0.1:PORT/`
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// Serves until the process ends.
    pub fn run(self) -> Result {
        self.accept_loop(&AtomicBool::new(false));
        Ok(())
    }

    /// Serves on a background thread until the returned handle is dropped.
    pub fn spawn(self) -> Running {
        let stop = Arc::new(AtomicBool::new(false));
        let addr = self.addr;
        let thread = {
            let stop = Arc::clone(&stop);
            thread::spawn(move || self.accept_loop(&stop))
        };
        Running {
            addr,
            stop,
            thread: Some(thread),
        }
    }

    fn accept_loop(self, stop: &AtomicBool) {
        for conn in self.listener.incoming() {
            if stop.load(Ordering::SeqCst) {
                break;
            }
            match conn {
                Ok(stream) => {
                    let root = Arc::clone(&self.root);
                    let log = self.log;
                    let live_precache = self.live_precache;
                    thread::spawn(move || {
                        if let Err(err) = handle(stream, &root, log, live_precache) {
                            if log {
                                eprintln!("xtask: serve: connection error: {err}");
                            }
                        }
                    });
                }
                Err(err) => {
                    // Usually transient (e.g. out of file descriptors): back off.
                    eprintln!("xtask: serve: accept failed: {err}");
                    thread::sleep(Duration::from_millis(50));
                }
            }
        }
    }
}

/// A server running on a background thread; dropping it stops the server.
pub struct Running {
    addr: SocketAddr,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Running {
    /// `http://127.0.0.1:PORT/`
    pub fn url(&self) -> String {
        format!("http://{}/", self.addr)
    }
}

impl Drop for Running {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(self.addr);
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

struct Response {
    status: u16,
    content_type: &'static str,
    body: Vec<u8>,
    extra_headers: Vec<(&'static str, String)>,
}

impl Response {
    fn text(status: u16, body: String) -> Response {
        Response {
            status,
            content_type: "text/plain; charset=utf-8",
            body: body.into_bytes(),
            extra_headers: Vec::new(),
        }
    }

    fn write_to(&self, out: &mut impl Write, with_body: bool) -> io::Result<()> {
        let mut head = format!("HTTP/1.1 {} {}\r\n", self.status, reason(self.status));
        // A 304 has no body, and its entity headers would describe nothing.
        if self.status != 304 {
            head.push_str(&format!(
                "Content-Type: {}\r\nContent-Length: {}\r\n",
                self.content_type,
                self.body.len()
            ));
        }
        head.push_str(
            "Cache-Control: no-cache\r\nX-Content-Type-Options: nosniff\r\nConnection: close\r\n",
        );
        for (name, value) in &self.extra_headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        head.push_str("\r\n");
        out.write_all(head.as_bytes())?;
        if with_body {
            out.write_all(&self.body)?;
        }
        out.flush()
    }
}

fn reason(status: u16) -> &'static str {
    match status {
        200 => "OK",
        301 => "Moved Permanently",
        304 => "Not Modified",
        400 => "Bad Request",
        403 => "Forbidden",
        404 => "Not Found",
        405 => "Method Not Allowed",
        431 => "Request Header Fields Too Large",
        _ => "Internal Server Error",
    }
}

/// A strong validator for a file's bytes: FNV-1a 64 and the length.
fn etag(body: &[u8]) -> String {
    let hash = body.iter().fold(0xcbf2_9ce4_8422_2325u64, |h, &b| {
        (h ^ b as u64).wrapping_mul(0x0100_0000_01b3)
    });
    format!("\"{hash:016x}-{:x}\"", body.len())
}

/// Whether an `If-None-Match` value names `tag` (or is `*`).
fn matches_etag(if_none_match: &str, tag: &str) -> bool {
    if_none_match
        .split(',')
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*")
}

/// The value of header `name` (case-insensitive) in a request head.
fn header<'a>(head: &'a str, name: &str) -> Option<&'a str> {
    head.lines().skip(1).find_map(|line| {
        let (key, value) = line.split_once(':')?;
        key.trim().eq_ignore_ascii_case(name).then(|| value.trim())
    })
}

/// The response to `method target` (`if_none_match`: the request's
/// `If-None-Match` header, if any).
fn respond(root: &Path, method: &str, target: &str, if_none_match: Option<&str>) -> Response {
    if method != "GET" && method != "HEAD" {
        let mut response = Response::text(405, format!("405 method not allowed: {method}\n"));
        response.extra_headers.push(("Allow", "GET, HEAD".into()));
        return response;
    }
    match resolve(root, target) {
        Resolved::File(path) => match fs::read(&path) {
            Ok(body) => {
                let tag = etag(&body);
                let fresh = if_none_match.is_some_and(|v| matches_etag(v, &tag));
                let mut extra_headers = vec![("ETag", tag)];
                // A page's policy as a header too: frame-ancestors cannot be
                // set by its <meta> (site.rs).
                if let Some(page) = path
                    .file_name()
                    .and_then(|n| n.to_str())
                    .filter(|n| n.ends_with(".html"))
                {
                    extra_headers.push(("Content-Security-Policy", crate::site::policy(page)));
                }
                Response {
                    status: if fresh { 304 } else { 200 },
                    content_type: content_type(&path),
                    body: if fresh { Vec::new() } else { body },
                    extra_headers,
                }
            }
            Err(err) => Response::text(500, format!("500 cannot read file: {err}\n")),
        },
        Resolved::Redirect(location) => {
            let mut response = Response::text(301, format!("301 moved to {location}\n"));
            response.extra_headers.push(("Location", location));
            response
        }
        Resolved::NotFound => Response::text(404, format!("404 not found: {target}\n")),
        Resolved::Forbidden => Response::text(403, format!("403 forbidden: {target}\n")),
        Resolved::BadRequest => Response::text(400, format!("400 bad request: {target}\n")),
    }
}

/// Reads the request head; `Ok(None)` if the client sent nothing, `Err` with
/// `InvalidData` if the head is too large.
fn read_head(stream: &mut TcpStream) -> io::Result<Option<String>> {
    let mut buf = Vec::with_capacity(1024);
    let mut chunk = [0u8; 2048];
    loop {
        let n = stream.read(&mut chunk)?;
        if n == 0 {
            return Ok(None);
        }
        buf.extend_from_slice(&chunk[..n]);
        if let Some(end) = buf.windows(4).position(|w| w == b"\r\n\r\n") {
            buf.truncate(end);
            return Ok(Some(String::from_utf8_lossy(&buf).into_owned()));
        }
        if buf.len() > MAX_HEAD {
            return Err(io::Error::new(io::ErrorKind::InvalidData, "head too large"));
        }
    }
}

fn handle(mut stream: TcpStream, root: &Path, log: bool, live_precache: bool) -> io::Result<()> {
    stream.set_read_timeout(Some(IO_TIMEOUT))?;
    stream.set_write_timeout(Some(IO_TIMEOUT))?;
    let head = match read_head(&mut stream) {
        Ok(Some(head)) => head,
        Ok(None) => return Ok(()),
        Err(err) if err.kind() == io::ErrorKind::InvalidData => {
            return Response::text(431, "431 request head too large\n".into())
                .write_to(&mut stream, true);
        }
        Err(err) => return Err(err),
    };
    let request_line = head.lines().next().unwrap_or("");
    let mut parts = request_line.split(' ');
    let (response, method, target) = match (parts.next(), parts.next(), parts.next()) {
        (Some(method), Some(target), Some(version))
            if version.starts_with("HTTP/1.") && parts.next().is_none() =>
        {
            let if_none_match = header(&head, "If-None-Match");
            if live_precache && target.split(['?', '#']).next() == Some("/sw-version.js") {
                // The site again from www/ as it is now (not the wasm).
                if let Err(err) = crate::site::assemble(&crate::cmd::root().join("www")) {
                    eprintln!("xtask: serve: {err}");
                }
            }
            (respond(root, method, target, if_none_match), method, target)
        }
        _ => (
            Response::text(400, "400 bad request line\n".into()),
            "?",
            request_line,
        ),
    };
    if log {
        say(format!("{method} {target} -> {}", response.status));
    }
    response.write_to(&mut stream, method != "HEAD")?;
    let _ = stream.shutdown(Shutdown::Write);
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::atomic::AtomicUsize;

    /// A temporary directory removed on drop.
    struct TempDir(PathBuf);

    impl TempDir {
        fn new() -> TempDir {
            static N: AtomicUsize = AtomicUsize::new(0);
            let dir = std::env::temp_dir().join(format!(
                "allin-xtask-serve-{}-{}",
                std::process::id(),
                N.fetch_add(1, Ordering::SeqCst)
            ));
            fs::create_dir_all(dir.join("pkg")).unwrap();
            fs::create_dir_all(dir.join("sub")).unwrap();
            fs::write(dir.join("index.html"), "<!doctype html><p>hi</p>").unwrap();
            fs::write(dir.join("pkg/allin_bg.wasm"), b"\0asm\x01\0\0\0").unwrap();
            fs::write(dir.join("sub/index.html"), "sub").unwrap();
            fs::write(dir.join(".secret"), "no").unwrap();
            TempDir(dir.canonicalize().unwrap())
        }
    }

    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = fs::remove_dir_all(&self.0);
        }
    }

    #[test]
    fn resolves_files_dirs_and_refusals() {
        let dir = TempDir::new();
        let root = dir.0.as_path();
        let file = |p: &str| Resolved::File(root.join(p));
        assert_eq!(resolve(root, "/"), file("index.html"));
        assert_eq!(resolve(root, "/index.html?x=1#y"), file("index.html"));
        assert_eq!(
            resolve(root, "/pkg/allin_bg.wasm"),
            file("pkg/allin_bg.wasm")
        );
        assert_eq!(
            resolve(root, "/./pkg//allin_bg.wasm"),
            file("pkg/allin_bg.wasm")
        );
        assert_eq!(resolve(root, "/sub/"), file("sub/index.html"));
        assert_eq!(resolve(root, "/sub"), Resolved::Redirect("/sub/".into()));
        assert_eq!(
            resolve(root, "/sub?a=b"),
            Resolved::Redirect("/sub/?a=b".into())
        );
        assert_eq!(resolve(root, "/pkg/"), Resolved::NotFound);
        assert_eq!(resolve(root, "/missing.js"), Resolved::NotFound);
        assert_eq!(resolve(root, "/.secret"), Resolved::NotFound);
        assert_eq!(resolve(root, "/../etc/passwd"), Resolved::Forbidden);
        assert_eq!(resolve(root, "/sub/../../etc/passwd"), Resolved::Forbidden);
        assert_eq!(resolve(root, "/%2e%2e/etc/passwd"), Resolved::Forbidden);
        assert_eq!(
            resolve(root, "/sub/..%2f..%2fetc/passwd"),
            Resolved::Forbidden
        );
        assert_eq!(resolve(root, "/..\\etc"), Resolved::Forbidden);
        assert_eq!(resolve(root, "/a%00b"), Resolved::Forbidden);
        assert_eq!(resolve(root, "index.html"), Resolved::BadRequest);
        assert_eq!(resolve(root, "/%zz"), Resolved::BadRequest);
    }

    #[cfg(unix)]
    #[test]
    fn symlinks_out_of_the_root_are_refused() {
        let dir = TempDir::new();
        let outside = TempDir::new();
        std::os::unix::fs::symlink(outside.0.join("index.html"), dir.0.join("link.html")).unwrap();
        assert_eq!(resolve(&dir.0, "/link.html"), Resolved::Forbidden);
    }

    fn request(url_addr: &str, raw: &str) -> String {
        let mut stream = TcpStream::connect(url_addr).unwrap();
        stream.write_all(raw.as_bytes()).unwrap();
        let mut out = Vec::new();
        stream.read_to_end(&mut out).unwrap();
        String::from_utf8_lossy(&out).into_owned()
    }

    #[test]
    fn serves_over_http() {
        let dir = TempDir::new();
        let running = Server::bind(&dir.0, 0).unwrap().spawn();
        let url = running.url();
        let addr = url
            .trim_start_matches("http://")
            .trim_end_matches('/')
            .to_string();
        assert!(url.starts_with("http://127.0.0.1:"));

        let page = request(&addr, "GET / HTTP/1.1\r\nHost: x\r\n\r\n");
        assert!(page.starts_with("HTTP/1.1 200 OK\r\n"), "{page}");
        assert!(page.contains("Content-Type: text/html; charset=utf-8\r\n"));
        assert!(page.contains("Cache-Control: no-cache\r\n"));
        assert!(page.ends_with("\r\n\r\n<!doctype html><p>hi</p>"));

        let wasm = request(&addr, "GET /pkg/allin_bg.wasm HTTP/1.1\r\n\r\n");
        assert!(wasm.contains("Content-Type: application/wasm\r\n"));
        assert!(wasm.contains("Content-Length: 8\r\n"));

        let head = request(&addr, "HEAD /pkg/allin_bg.wasm HTTP/1.1\r\n\r\n");
        assert!(head.contains("Content-Length: 8\r\n"));
        assert!(head.ends_with("\r\n\r\n"), "{head}");

        let sub = request(&addr, "GET /sub HTTP/1.1\r\n\r\n");
        assert!(sub.starts_with("HTTP/1.1 301 "));
        assert!(sub.contains("Location: /sub/\r\n"));

        let missing = request(&addr, "GET /nope HTTP/1.1\r\n\r\n");
        assert!(missing.starts_with("HTTP/1.1 404 "));
        let escape = request(&addr, "GET /../Cargo.toml HTTP/1.1\r\n\r\n");
        assert!(escape.starts_with("HTTP/1.1 403 "));
        let post = request(&addr, "POST / HTTP/1.1\r\nContent-Length: 0\r\n\r\n");
        assert!(post.starts_with("HTTP/1.1 405 "));
        assert!(post.contains("Allow: GET, HEAD\r\n"));
        // Revalidation: the same bytes are not sent twice.
        let tag = header(&wasm, "ETag").expect("an ETag").to_string();
        let again = request(
            &addr,
            &format!("GET /pkg/allin_bg.wasm HTTP/1.1\r\nif-none-match: {tag}\r\n\r\n"),
        );
        assert!(
            again.starts_with("HTTP/1.1 304 Not Modified\r\n"),
            "{again}"
        );
        assert!(!again.contains("Content-Length"));
        assert!(again.ends_with("\r\n\r\n"));
        let stale = request(
            &addr,
            "GET /pkg/allin_bg.wasm HTTP/1.1\r\nIf-None-Match: \"0-0\"\r\n\r\n",
        );
        assert!(stale.starts_with("HTTP/1.1 200 OK\r\n"));
        assert!(matches_etag("W/\"a\", \"b\"", "\"b\""));
        assert!(!matches_etag("\"a\"", "\"b\""));

        let junk = request(&addr, "hello\r\n\r\n");
        assert!(junk.starts_with("HTTP/1.1 400 "));

        drop(running);
        assert!(TcpStream::connect(&addr).is_err(), "server still listening");
    }
}
