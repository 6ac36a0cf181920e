//! A small hand-rolled argument parser: `--name value`, `--name=value`,
//! switches, `-h`/`--help`, `--` to end options, and `-` as a positional
//! (stdin). Unknown options are errors with a "did you mean" hint.

use crate::CliError;

/// One option a command accepts.
pub struct Opt {
    /// Long name with dashes, e.g. `"--game"`.
    pub name: &'static str,
    /// Whether it takes a value (`--game holdem`) or is a switch (`--json`).
    pub takes_value: bool,
}

/// What the command line said.
#[derive(Default)]
pub struct Parsed {
    /// `(name, value)` of options with values, in order given.
    values: Vec<(&'static str, String)>,
    /// Switches given.
    switches: Vec<&'static str>,
    /// Everything else, in order.
    pub positionals: Vec<String>,
    /// `-h` or `--help` was given.
    pub help: bool,
}

impl Parsed {
    /// The last value given for `name`.
    pub fn value(&self, name: &str) -> Option<&str> {
        self.values
            .iter()
            .rev()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }

    pub fn switch(&self, name: &str) -> bool {
        self.switches.contains(&name)
    }
}

/// Parses `args` (after the command name) for command `cmd` (e.g. `"eval"`).
pub fn parse(cmd: &'static str, args: &[String], opts: &[Opt]) -> Result<Parsed, CliError> {
    let mut parsed = Parsed::default();
    let mut it = args.iter();
    while let Some(arg) = it.next() {
        if arg == "--" {
            parsed.positionals.extend(it.by_ref().cloned());
            break;
        }
        if arg == "-h" || arg == "--help" {
            parsed.help = true;
            continue;
        }
        if arg == "-" || !arg.starts_with('-') {
            parsed.positionals.push(arg.clone());
            continue;
        }
        let (name, inline) = match arg.split_once('=') {
            Some((n, v)) => (n, Some(v)),
            None => (arg.as_str(), None),
        };
        let Some(opt) = opts.iter().find(|o| o.name == name) else {
            let names: Vec<&str> = opts.iter().map(|o| o.name).chain(["--help"]).collect();
            return Err(CliError::usage(
                cmd,
                format!("unknown option '{name}'{}", did_you_mean(name, &names)),
            ));
        };
        match (opt.takes_value, inline) {
            (true, Some(v)) => parsed.values.push((opt.name, v.to_string())),
            (true, None) => match it.next() {
                Some(v) => parsed.values.push((opt.name, v.clone())),
                None => {
                    return Err(CliError::usage(
                        cmd,
                        format!("option '{name}' needs a value"),
                    ))
                }
            },
            (false, Some(_)) => {
                return Err(CliError::usage(
                    cmd,
                    format!("option '{name}' does not take a value"),
                ))
            }
            (false, None) => parsed.switches.push(opt.name),
        }
    }
    Ok(parsed)
}

/// `" (did you mean 'x'?)"` if one of `candidates` is close to `got`, else `""`.
pub fn did_you_mean(got: &str, candidates: &[&str]) -> String {
    candidates
        .iter()
        .map(|c| (edit_distance(got, c), *c))
        .filter(|(d, c)| *d <= 2.max(c.len() / 3))
        .min()
        .map(|(_, c)| format!(" (did you mean '{c}'?)"))
        .unwrap_or_default()
}

/// Levenshtein distance over characters.
fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1; b.len() + 1];
        for (j, &cb) in b.iter().enumerate() {
            cur[j + 1] = (prev[j] + usize::from(ca != cb))
                .min(prev[j + 1] + 1)
                .min(cur[j] + 1);
        }
        prev = cur;
    }
    prev[b.len()]
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn suggestions() {
        assert_eq!(edit_distance("evl", "eval"), 1);
        assert_eq!(
            did_you_mean("evl", &["eval", "census"]),
            " (did you mean 'eval'?)"
        );
        assert_eq!(
            did_you_mean("--jsn", &["--json"]),
            " (did you mean '--json'?)"
        );
        assert_eq!(did_you_mean("zzzzzz", &["eval", "census"]), "");
    }

    #[test]
    fn parses() {
        let opts = [
            Opt {
                name: "--game",
                takes_value: true,
            },
            Opt {
                name: "--json",
                takes_value: false,
            },
        ];
        let args: Vec<String> = ["--game=x", "a", "-", "--json", "--game", "y", "--", "--b"]
            .map(String::from)
            .to_vec();
        let p = parse("eval", &args, &opts).unwrap_or_default();
        assert_eq!(p.value("--game"), Some("y"));
        assert!(p.switch("--json"));
        assert_eq!(p.positionals, ["a", "-", "--b"]);
        let bad = |a: &[&str]| {
            let args: Vec<String> = a.iter().map(|s| s.to_string()).collect();
            match parse("eval", &args, &opts) {
                Err(e) => e.to_string(),
                Ok(_) => String::new(),
            }
        };
        assert!(bad(&["--gme"]).contains("unknown option '--gme' (did you mean '--game'?)"));
        assert!(bad(&["--game"]).contains("option '--game' needs a value"));
        assert!(bad(&["--json=1"]).contains("option '--json' does not take a value"));
    }
}
