//! The `carrom` command: parses the arguments and runs the command they name (see
//! `src/cli/`); without one it opens the game. Built for a browser page
//! (`wasm32-unknown-unknown`), it is the game in the page.

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
mod cli;

#[cfg(not(all(target_arch = "wasm32", target_os = "unknown")))]
fn main() -> std::process::ExitCode {
    use clap::Parser;
    let started = std::time::Instant::now();
    cli::Cli::parse().run(started).into()
}

#[cfg(all(target_arch = "wasm32", target_os = "unknown"))]
fn main() {
    carrom::client::run_in_page();
}
