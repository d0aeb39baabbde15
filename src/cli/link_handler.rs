//! `carrom install-link-handler`: makes `carrom://join/CODE` links open the game and join
//! (on Linux, a desktop entry for the `x-scheme-handler/carrom` type, made the default
//! handler with `xdg-mime` where it is installed).
//!
//! The entry, `carrom.desktop` in `$XDG_DATA_HOME/applications` (or `--applications DIR`),
//! runs `carrom --join %u`, so a link clicked while the game runs opens a second window
//! that joins the match.

use super::exit::{Exit, fail};
use std::path::{Path, PathBuf};
use std::process::Command;

/// Arguments of `carrom install-link-handler`.
#[derive(clap::Args)]
pub struct Args {
    /// Where desktop entries go (default: the user's, `$XDG_DATA_HOME/applications`).
    #[arg(long)]
    applications: Option<PathBuf>,
}

/// The desktop entry's file name.
const ENTRY: &str = "carrom.desktop";

/// The desktop entry for the game at `exe`.
fn entry(exe: &Path) -> String {
    let exe = exe.display().to_string().replace(' ', "\\s");
    format!(
        "[Desktop Entry]\nType=Application\nName=carrom\nComment=Carrom and English \
         draughts\nExec={exe} --join %u\nTerminal=false\nCategories=Game;BoardGame;\n\
         MimeType=x-scheme-handler/carrom;\nNoDisplay=true\n"
    )
}

/// Runs the command.
pub fn run(args: &Args) -> Exit {
    let command = "install-link-handler";
    let dir =
        match args.applications.clone().or_else(|| {
            directories::BaseDirs::new().map(|dirs| dirs.data_dir().join("applications"))
        }) {
            Some(dir) => dir,
            None => return fail(command, Exit::Failed, "this system has no home directory"),
        };
    let exe = match std::env::current_exe() {
        Ok(exe) => exe,
        Err(e) => return fail(command, Exit::Failed, format!("where is this program? {e}")),
    };
    let path = dir.join(ENTRY);
    let written = std::fs::create_dir_all(&dir).and_then(|()| {
        let temporary = dir.join(format!(".{ENTRY}.tmp"));
        std::fs::write(&temporary, entry(&exe))?;
        std::fs::rename(&temporary, &path)
    });
    if let Err(e) = written {
        return fail(command, Exit::Failed, format!("cannot write {}: {e}", path.display()));
    }
    println!("wrote {}", path.display());
    let made_default = Command::new("xdg-mime")
        .args(["default", ENTRY, "x-scheme-handler/carrom"])
        .status()
        .is_ok_and(|s| s.success());
    if made_default {
        println!("carrom:// links now open carrom");
    } else {
        println!(
            "xdg-mime is not installed or failed: the desktop entry is in place; make it the \
             handler with `xdg-mime default {ENTRY} x-scheme-handler/carrom`"
        );
    }
    Exit::Done
}
