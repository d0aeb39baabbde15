//! One exit-code policy for every command.

use std::process::ExitCode;

/// How a command ended, as its exit code says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Exit {
    /// 0: done.
    Done = 0,
    /// 1: a failure while running (a server unreachable, output that cannot be written).
    Failed = 1,
    /// 2: bad arguments or a bad input file (clap's own usage errors exit 2 too).
    BadInput = 2,
    /// 3: a match ended because another player left (a forfeit).
    Forfeit = 3,
    /// 4: the peers' or a record's states differ (a desync).
    Desync = 4,
}

/// The policy as `--help` states it.
pub const HELP: &str = "Exit codes: 0 done, 1 runtime failure, 2 bad arguments or input file, \
                        3 forfeit (a player left), 4 desync.";

impl From<Exit> for ExitCode {
    fn from(exit: Exit) -> ExitCode {
        ExitCode::from(exit as u8)
    }
}

/// Prints `message` for `command` on standard error and ends with `exit`.
pub fn fail(command: &str, exit: Exit, message: impl std::fmt::Display) -> Exit {
    eprintln!("carrom {command}: {message}");
    exit
}
