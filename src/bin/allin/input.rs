//! Reading line-oriented input (a file or stdin) without a new allocation per
//! line, and without failing on bytes that are not UTF-8.

use crate::CliError;
use std::fs::File;
use std::io::{self, BufRead, BufReader};

/// Opens `path` for reading lines; `-` is stdin.
pub fn open(path: &str) -> Result<Box<dyn BufRead>, CliError> {
    if path == "-" {
        return Ok(Box::new(io::stdin().lock()));
    }
    match File::open(path) {
        Ok(f) => Ok(Box::new(BufReader::with_capacity(64 * 1024, f))),
        Err(e) => Err(CliError::Failed(format!("cannot read '{path}': {e}"))),
    }
}

/// A line number (from 1) and the line's text, or why it is not text.
pub type Line<'a> = (usize, Result<&'a str, String>);

/// Lines of a reader, numbered from 1, reusing one buffer.
pub struct Lines<R> {
    reader: R,
    buf: Vec<u8>,
    number: usize,
    name: String,
}

impl<R: BufRead> Lines<R> {
    /// `name` is used in read-error messages (`stdin` or the file name).
    pub fn new(reader: R, name: &str) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::with_capacity(256),
            number: 0,
            name: name.to_string(),
        }
    }

    /// The next line (without its line ending) and its number, or `None` at
    /// the end. A line that is not UTF-8 comes back as `Err(message)`.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, CliError> {
        self.buf.clear();
        match self.reader.read_until(b'\n', &mut self.buf) {
            Ok(0) => return Ok(None),
            Ok(_) => {}
            Err(e) => {
                return Err(CliError::Failed(format!(
                    "cannot read {} after line {}: {e}",
                    self.name, self.number
                )))
            }
        }
        self.number += 1;
        let mut line: &[u8] = &self.buf;
        if let Some(l) = line.strip_suffix(b"\n") {
            line = l;
        }
        if let Some(l) = line.strip_suffix(b"\r") {
            line = l;
        }
        let text = std::str::from_utf8(line).map_err(|e| {
            format!(
                "not UTF-8 text (invalid byte at position {})",
                e.valid_up_to() + 1
            )
        });
        Ok(Some((self.number, text)))
    }
}
