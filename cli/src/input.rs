//! Reading line-oriented input (a file or stdin) without a new allocation per
//! line, without failing on bytes that are not UTF-8, and in bounded memory:
//! a line longer than [`MAX_LINE`] bytes (`/dev/zero`, a binary file) stops
//! the read with an error naming the line. A leading byte-order mark is
//! skipped.

use crate::output::CliError;
use allin::quote::quote;
use std::fs::File;
use std::io::{self, BufRead, BufReader};

/// The longest line read, in bytes (a hand is a few dozen).
pub const MAX_LINE: usize = 4096;

/// Opens `path` for reading lines; `-` is stdin.
pub fn open(path: &str) -> Result<Box<dyn BufRead>, CliError> {
    if path == "-" {
        return Ok(Box::new(io::stdin().lock()));
    }
    match File::open(path) {
        Ok(f) => Ok(Box::new(BufReader::with_capacity(64 * 1024, f))),
        Err(e) => Err(CliError::Failed(format!(
            "cannot read {}: {e}",
            quote(path)
        ))),
    }
}

/// How `path` is named in messages: `stdin`, or the file name quoted.
pub fn display_name(path: &str) -> String {
    if path == "-" {
        "stdin".to_string()
    } else {
        quote(path)
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
    /// `name` is used in read-error messages (`stdin` or the quoted file name).
    pub fn new(reader: R, name: &str) -> Lines<R> {
        Lines {
            reader,
            buf: Vec::with_capacity(256),
            number: 0,
            name: name.to_string(),
        }
    }

    /// The next line (without its line ending) and its number, or `None` at
    /// the end. A line that is not UTF-8 comes back as `Err(message)`; a
    /// line over [`MAX_LINE`] bytes or a read failure ends the read.
    pub fn next_line(&mut self) -> Result<Option<Line<'_>>, CliError> {
        self.buf.clear();
        let number = self.number + 1;
        loop {
            let chunk = match self.reader.fill_buf() {
                Ok(chunk) => chunk,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => {
                    return Err(CliError::Failed(format!(
                        "cannot read {} after line {}: {e}",
                        self.name, self.number
                    )))
                }
            };
            if chunk.is_empty() {
                break;
            }
            let (take, done) = match chunk.iter().position(|&b| b == b'\n') {
                Some(i) => (i + 1, true),
                None => (chunk.len(), false),
            };
            if self.buf.len() + take > MAX_LINE + 5 {
                return Err(CliError::Failed(format!(
                    "{}: line {number} is longer than {MAX_LINE} bytes \
                     (not a text file of hands?); stopped reading",
                    self.name
                )));
            }
            self.buf.extend_from_slice(&chunk[..take]);
            self.reader.consume(take);
            if done {
                break;
            }
        }
        if self.buf.is_empty() {
            return Ok(None);
        }
        self.number = number;
        let mut line: &[u8] = &self.buf;
        if number == 1 {
            line = line.strip_prefix("\u{feff}".as_bytes()).unwrap_or(line);
        }
        if let Some(l) = line.strip_suffix(b"\n") {
            line = l;
        }
        if let Some(l) = line.strip_suffix(b"\r") {
            line = l;
        }
        if line.len() > MAX_LINE {
            return Err(CliError::Failed(format!(
                "{}: line {number} is longer than {MAX_LINE} bytes \
                 (not a text file of hands?); stopped reading",
                self.name
            )));
        }
        let text = std::str::from_utf8(line).map_err(|e| {
            format!(
                "not UTF-8 text (invalid byte at position {})",
                e.valid_up_to() + 1
            )
        });
        Ok(Some((number, text)))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn lines(input: &[u8]) -> Vec<String> {
        let mut l = Lines::new(input, "stdin");
        let mut out = Vec::new();
        loop {
            match l.next_line() {
                Ok(Some((n, t))) => out.push(format!(
                    "{n}:{}",
                    t.map(str::to_string).unwrap_or_else(|e| e)
                )),
                Ok(None) => return out,
                Err(e) => {
                    out.push(e.to_string());
                    return out;
                }
            }
        }
    }

    #[test]
    fn reads_lines_skipping_a_bom() {
        assert_eq!(
            lines(b"\xef\xbb\xbfa\r\nb\n\nc"),
            ["1:a", "2:b", "3:", "4:c"]
        );
        assert_eq!(lines(b"a\n\xef\xbb\xbfb"), ["1:a", "2:\u{feff}b"]);
    }

    #[test]
    fn long_lines_stop_the_read() {
        let ok = vec![b'x'; MAX_LINE];
        assert_eq!(lines(&ok).len(), 1);
        let long = vec![b'x'; MAX_LINE + 1];
        assert_eq!(
            lines(&[b"a\n".as_slice(), &long].concat()),
            [
                "1:a".to_string(),
                "stdin: line 2 is longer than 4096 bytes (not a text file of hands?); stopped reading"
                    .to_string()
            ]
        );
    }
}
