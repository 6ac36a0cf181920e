//! Why a command failed, and how it is said (the exit status is `main`'s).

use std::fmt;
use std::io;

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// The command line was wrong; `cmd` names the command for the hint.
    Usage { cmd: &'static str, message: String },
    /// Some input was invalid and was reported on stderr as it was met.
    InvalidInput,
    /// A failure to report (e.g. a file that cannot be read).
    Failed(String),
    /// Writing to stdout failed (a closed pipe is not an error worth noise).
    Output(io::Error),
}

impl CliError {
    pub fn usage(cmd: &'static str, message: impl Into<String>) -> CliError {
        CliError::Usage {
            cmd,
            message: message.into(),
        }
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Usage { cmd, message } => {
                let help = if cmd.is_empty() {
                    "allin --help".to_string()
                } else {
                    format!("allin {cmd} --help")
                };
                write!(f, "{message}\nRun '{help}' for usage.")
            }
            CliError::InvalidInput => write!(f, "some input was invalid (see above)"),
            CliError::Failed(message) => f.write_str(message),
            CliError::Output(e) => write!(f, "cannot write output: {e}"),
        }
    }
}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Output(e)
    }
}
