//! Running external programs with readable errors; the workspace root,
//! the progress line and the error type every task shares.

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

/// Errors carry the message the user sees; every task error says what failed
/// and why.
pub type Result<T = ()> = std::result::Result<T, String>;

/// The workspace root (the parent of this crate's directory).
pub fn root() -> PathBuf {
    let manifest_dir = Path::new(env!("CARGO_MANIFEST_DIR"));
    manifest_dir.parent().unwrap_or(manifest_dir).to_path_buf()
}

/// Prints one progress line.
pub fn say(msg: impl std::fmt::Display) {
    println!("xtask: {msg}");
}

/// A `cargo` command run from the workspace root, using the same cargo that
/// runs this xtask (`$CARGO`) so the toolchain never changes halfway.
pub fn cargo<I, S>(args: I) -> Command
where
    I: IntoIterator<Item = S>,
    S: AsRef<OsStr>,
{
    let program = std::env::var_os("CARGO").unwrap_or_else(|| "cargo".into());
    let mut cmd = Command::new(program);
    cmd.args(args).current_dir(root());
    cmd
}

/// How a command is shown to the user: `cargo fmt --all -- --check`.
pub fn display(cmd: &Command) -> String {
    let program = Path::new(cmd.get_program());
    let name = if program.file_stem() == Some(OsStr::new("cargo")) {
        // `$CARGO` is a full path into the toolchain; nobody types that.
        "cargo".into()
    } else {
        program.to_string_lossy()
    };
    let mut out = name.into_owned();
    for arg in cmd.get_args() {
        let arg = arg.to_string_lossy();
        out.push(' ');
        if arg.is_empty() || arg.contains(char::is_whitespace) {
            out.push_str(&format!("{arg:?}"));
        } else {
            out.push_str(&arg);
        }
    }
    out
}

/// Runs `cmd` with the terminal as its stdin/stdout/stderr, after printing it.
pub fn run(cmd: &mut Command) -> Result {
    let shown = display(cmd);
    say(format!("$ {shown}"));
    let status = cmd
        .status()
        .map_err(|err| format!("could not start `{shown}`: {err}"))?;
    if status.success() {
        Ok(())
    } else {
        Err(format!("`{shown}` failed ({status})"))
    }
}

/// Runs `cmd` quietly and returns its stdout; on failure the error carries
/// its stderr.
pub fn output(cmd: &mut Command) -> Result<String> {
    let shown = display(cmd);
    let out = cmd
        .stdin(Stdio::null())
        .output()
        .map_err(|err| format!("could not start `{shown}`: {err}"))?;
    if out.status.success() {
        Ok(String::from_utf8_lossy(&out.stdout).into_owned())
    } else {
        Err(format!(
            "`{shown}` failed ({}): {}",
            out.status,
            String::from_utf8_lossy(&out.stderr).trim()
        ))
    }
}

/// Like `command -v name`: the first executable `name` on `$PATH`.
pub fn find_in_path(name: &str) -> Option<PathBuf> {
    let path = std::env::var_os("PATH")?;
    std::env::split_paths(&path)
        .map(|dir| dir.join(name))
        .find(|candidate| is_executable(candidate))
}

fn is_executable(path: &Path) -> bool {
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        path.metadata()
            .map(|m| m.is_file() && m.permissions().mode() & 0o111 != 0)
            .unwrap_or(false)
    }
    #[cfg(not(unix))]
    {
        path.is_file()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn shows_commands_as_typed() {
        let cmd = cargo(["fmt", "--all", "--", "--check"]);
        assert_eq!(display(&cmd), "cargo fmt --all -- --check");
        let mut cmd = Command::new("node");
        cmd.args(["--test", "a b.mjs"]);
        assert_eq!(display(&cmd), "node --test \"a b.mjs\"");
    }

    #[test]
    fn finds_programs_on_path() {
        assert!(find_in_path("sh").is_some());
        assert!(find_in_path("no-such-program-allin-xtask").is_none());
    }
}
