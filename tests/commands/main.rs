//! The `carrom` command's headless tools, run as a user runs them: golden hashes and
//! the command line's outputs, messages and exit codes.

mod cli;
mod golden;
