//! Where the client keeps its files, and how it writes them: atomically (on the desktop a
//! temporary file renamed over the old one; in a browser one item of the page's local
//! storage, written whole), so a crash never leaves half a file; a file that cannot be read
//! is moved aside as a backup and reported, never dropped.

use bevy::prelude::*;
use std::io;
use std::path::{Path, PathBuf};
use web_time::{SystemTime, UNIX_EPOCH};

#[cfg(not(target_arch = "wasm32"))]
use files as backend;
#[cfg(target_arch = "wasm32")]
use page as backend;

/// The directories for settings and saved matches. `None` when the platform has no home
/// directory: the game then runs without saving, and says so.
#[derive(Resource, Clone, Debug)]
pub struct Storage {
    config: Option<PathBuf>,
    data: Option<PathBuf>,
}

impl Storage {
    /// Both kinds of file in one directory (tests, portable installs).
    pub fn at(dir: impl Into<PathBuf>) -> Storage {
        let dir = dir.into();
        Storage { config: Some(dir.clone()), data: Some(dir) }
    }

    /// No files at all: nothing is read or saved (headless peers).
    pub fn nowhere() -> Storage {
        Storage { config: None, data: None }
    }

    /// `$CARROM_HOME` if set, else the platform's config and data directories.
    #[cfg(not(target_arch = "wasm32"))]
    pub fn from_environment() -> Storage {
        if let Some(home) = std::env::var_os("CARROM_HOME") {
            return Storage::at(home);
        }
        match directories::ProjectDirs::from("org", "carrom", "carrom") {
            Some(dirs) => Storage {
                config: Some(dirs.config_dir().to_path_buf()),
                data: Some(dirs.data_dir().to_path_buf()),
            },
            None => Storage::nowhere(),
        }
    }

    /// The page's local storage, its items named like files under `carrom/`.
    #[cfg(target_arch = "wasm32")]
    pub fn from_environment() -> Storage {
        Storage::at("carrom")
    }

    /// The settings file.
    pub fn settings_file(&self) -> Option<PathBuf> {
        self.config.as_ref().map(|d| d.join("settings.json"))
    }

    /// Where desync records from online matches go.
    pub fn diagnostics_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("diagnostics"))
    }

    /// The unfinished local match.
    pub fn match_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("match.json"))
    }

    /// What this player needs to take its seat back in an online match it dropped out of.
    pub fn rejoin_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("rejoin.json"))
    }

    /// The unfinished draughts game.
    pub fn draughts_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("draughts.json"))
    }

    /// Where finished draughts games are saved as PDN.
    pub fn games_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("games"))
    }

    /// Where every match's record is kept.
    pub fn records_dir(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("records"))
    }

    /// The running draughts score.
    pub fn scores_file(&self) -> Option<PathBuf> {
        self.data.as_ref().map(|d| d.join("scores.json"))
    }
}

/// Writes `bytes` to `path` atomically, creating its directory.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
    backend::write_atomic(path, bytes)
}

/// Reads `path`; `Ok(None)` when it does not exist.
pub fn read(path: &Path) -> io::Result<Option<Vec<u8>>> {
    backend::read(path)
}

/// Whether `path` exists.
pub fn exists(path: &Path) -> bool {
    matches!(backend::read(path), Ok(Some(_)))
}

/// The files directly in `dir` whose names end in `.EXTENSION`, in no set order; none when
/// it does not exist.
pub fn list(dir: &Path, extension: &str) -> io::Result<Vec<PathBuf>> {
    let mut files = backend::list(dir)?;
    files.retain(|p| p.extension().is_some_and(|x| x == extension));
    Ok(files)
}

/// Moves an unreadable `path` aside (`NAME.corrupt-SECONDS`) and returns where it went.
pub fn set_aside(path: &Path) -> io::Result<PathBuf> {
    let seconds = SystemTime::now().duration_since(UNIX_EPOCH).map_or(0, |d| d.as_secs());
    let mut backup = path.as_os_str().to_owned();
    backup.push(format!(".corrupt-{seconds}"));
    let backup = PathBuf::from(backup);
    backend::rename(path, &backup)?;
    Ok(backup)
}

/// Removes `path` if it exists.
pub fn remove(path: &Path) -> io::Result<()> {
    backend::remove(path)
}

/// Files in directories.
#[cfg(not(target_arch = "wasm32"))]
mod files {
    use std::fs;
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};
    use std::sync::atomic::{AtomicU64, Ordering};

    /// Temporary files this process has written, so that no two share a name.
    static WRITES: AtomicU64 = AtomicU64::new(0);

    pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        if let Some(dir) = path.parent() {
            fs::create_dir_all(dir)?;
        }
        // A name of its own: two games running at once each rename a whole file.
        let write = WRITES.fetch_add(1, Ordering::Relaxed);
        let mut temporary = path.as_os_str().to_owned();
        temporary.push(format!(".{}-{write}.tmp", std::process::id()));
        let temporary = PathBuf::from(temporary);
        let written = private_file(&temporary).and_then(|mut file| {
            file.write_all(bytes)?;
            file.sync_all()
        });
        let renamed = written.and_then(|()| fs::rename(&temporary, path));
        if renamed.is_err() {
            let _ = fs::remove_file(&temporary);
        }
        renamed?;
        sync_directory(path)
    }

    /// A new file only its owner can read: a rejoin ticket holds a seat's private key, and
    /// nothing a player keeps is anyone else's to read.
    #[cfg(unix)]
    fn private_file(path: &Path) -> io::Result<fs::File> {
        use std::os::unix::fs::OpenOptionsExt;
        fs::OpenOptions::new().write(true).create(true).truncate(true).mode(0o600).open(path)
    }

    #[cfg(not(unix))]
    fn private_file(path: &Path) -> io::Result<fs::File> {
        fs::File::create(path)
    }

    /// Makes the rename itself durable: until its directory is synced, a power cut can
    /// bring back the old file.
    #[cfg(unix)]
    fn sync_directory(path: &Path) -> io::Result<()> {
        let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        fs::File::open(dir)?.sync_all()
    }

    /// Other systems sync a rename with the file (and cannot open a directory).
    #[cfg(not(unix))]
    fn sync_directory(_: &Path) -> io::Result<()> {
        Ok(())
    }

    pub fn read(path: &Path) -> io::Result<Option<Vec<u8>>> {
        match fs::read(path) {
            Ok(bytes) => Ok(Some(bytes)),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(None),
            Err(e) => Err(e),
        }
    }

    pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
        match fs::read_dir(dir) {
            Ok(entries) => Ok(entries.filter_map(|e| e.ok().map(|e| e.path())).collect()),
            Err(e) if e.kind() == io::ErrorKind::NotFound => Ok(Vec::new()),
            Err(e) => Err(e),
        }
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        fs::rename(from, to)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        match fs::remove_file(path) {
            Err(e) if e.kind() != io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        }
    }
}

/// Items of the page's local storage, one per file, keyed by the file's path. Every file
/// the game keeps is text.
#[cfg(target_arch = "wasm32")]
mod page {
    use std::io;
    use std::path::{Path, PathBuf};

    fn items() -> io::Result<web_sys::Storage> {
        web_sys::window().and_then(|w| w.local_storage().ok().flatten()).ok_or_else(|| {
            io::Error::new(io::ErrorKind::Unsupported, "this browser keeps nothing for the page")
        })
    }

    fn key(path: &Path) -> String {
        path.to_string_lossy().into_owned()
    }

    /// The one reason the standard gives a page's storage to refuse an item: its quota.
    fn refused(e: wasm_bindgen::JsValue) -> io::Error {
        io::Error::new(
            io::ErrorKind::QuotaExceeded,
            format!("the browser refused to keep it ({e:?})"),
        )
    }

    pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(bytes).map_err(io::Error::other)?;
        items()?.set_item(&key(path), text).map_err(refused)
    }

    pub fn read(path: &Path) -> io::Result<Option<Vec<u8>>> {
        let text = items()?.get_item(&key(path)).map_err(|e| io::Error::other(format!("{e:?}")))?;
        Ok(text.map(String::into_bytes))
    }

    pub fn list(dir: &Path) -> io::Result<Vec<PathBuf>> {
        let items = items()?;
        let count = items.length().map_err(|e| io::Error::other(format!("{e:?}")))?;
        let files = (0..count)
            .filter_map(|i| items.key(i).ok().flatten())
            .map(PathBuf::from)
            .filter(|p| p.parent() == Some(dir))
            .collect();
        Ok(files)
    }

    pub fn rename(from: &Path, to: &Path) -> io::Result<()> {
        let bytes = read(from)?.ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
        write_atomic(to, &bytes)?;
        remove(from)
    }

    pub fn remove(path: &Path) -> io::Result<()> {
        items()?.remove_item(&key(path)).map_err(|e| io::Error::other(format!("{e:?}")))
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn two_games_writing_one_file_at_once_each_leave_it_whole() {
        let dir = std::env::temp_dir().join(format!("carrom-storage-{}", std::process::id()));
        let path = dir.join("settings.json");
        let versions: Vec<Vec<u8>> = (0..2u8).map(|v| vec![b'a' + v; 64 * 1024]).collect();
        std::thread::scope(|scope| {
            for version in &versions {
                let path = &path;
                scope.spawn(move || {
                    for _ in 0..100 {
                        write_atomic(path, version).expect("every write succeeds");
                    }
                });
            }
            for _ in 0..100 {
                if let Ok(Some(bytes)) = read(&path) {
                    assert!(versions.contains(&bytes), "a file of {} mixed bytes", bytes.len());
                }
            }
        });
        let left: Vec<PathBuf> =
            std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().path()).collect();
        assert_eq!(left, vec![path], "no temporary file is left behind");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[cfg(unix)]
    #[test]
    fn what_a_player_keeps_is_readable_by_that_player_only() {
        use std::os::unix::fs::PermissionsExt;
        let dir = std::env::temp_dir().join(format!("carrom-private-{}", std::process::id()));
        let path = dir.join("rejoin.json");
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(&path, b"old").unwrap();
        std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o644)).unwrap();
        write_atomic(&path, b"{\"key\":\"...\"}").unwrap();
        let mode = std::fs::metadata(&path).unwrap().permissions().mode() & 0o777;
        let _ = std::fs::remove_dir_all(&dir);
        assert_eq!(mode, 0o600, "a file another user could read: {mode:o}");
    }
}
