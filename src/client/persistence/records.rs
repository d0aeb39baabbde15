//! The match records kept in the data directory's `records/`: one JSON file per match,
//! written atomically; beyond the number Settings keeps, the oldest are removed. Files are
//! numbered in the order they were saved, so a clock set back (or a record whose start is
//! wrong) never makes the newest look oldest. A file that cannot be read is moved aside
//! and reported, and the list goes on without it.

use super::storage::{self, set_aside, write_atomic};
use super::unreadable::Unreadable;
use crate::record::{GameLog, MatchRecord};
use std::io;
use std::path::{Path, PathBuf};

/// What the records directory holds, newest first.
#[derive(Debug, Default)]
pub struct Listing {
    /// The readable records and their files.
    pub records: Vec<(PathBuf, MatchRecord)>,
    /// Files that could not be read: where each was moved, and why.
    pub unreadable: Vec<(PathBuf, Unreadable)>,
}

/// Digits of the number a record is saved under.
const NUMBER_DIGITS: usize = 8;

/// The file name `record` is kept under: the order it was saved in, its start and game.
fn file_name(record: &MatchRecord, number: u64, attempt: u32) -> String {
    let game = match &record.game {
        GameLog::Carrom(log) => log.variant.as_str(),
        GameLog::Draughts(_) => "draughts",
    };
    let again = if attempt == 0 { String::new() } else { format!("-{attempt}") };
    format!("{number:0NUMBER_DIGITS$}-{:012}-{game}{again}.json", record.started)
}

/// The order `path` was saved in: its number, or 0 for a file named before records were
/// numbered (those sort among themselves by their names, which begin with their start).
fn number(path: &Path) -> u64 {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or_default();
    let numbered = name.len() > NUMBER_DIGITS + 13 && name.as_bytes()[NUMBER_DIGITS] == b'-';
    let digits = name.get(..NUMBER_DIGITS).filter(|_| numbered);
    digits.and_then(|d| d.parse().ok()).unwrap_or(0)
}

/// Writes `record` into `dir` and removes the oldest beyond `keep` (never this one);
/// returns its file.
pub fn save(dir: &Path, record: &MatchRecord, keep: usize) -> io::Result<PathBuf> {
    let next = files(dir)?.last().map_or(0, |p| number(p)) + 1;
    let path = (0..1_000)
        .map(|attempt| dir.join(file_name(record, next, attempt)))
        .find(|p| !storage::exists(p))
        .ok_or_else(|| io::Error::other("too many records saved at once"))?;
    let text = serde_json::to_vec(record).map_err(io::Error::other)?;
    write_atomic(&path, &text)?;
    prune(dir, keep.max(1), &path)?;
    Ok(path)
}

/// The record files in `dir`, in the order they were saved.
fn files(dir: &Path) -> io::Result<Vec<PathBuf>> {
    let mut files = storage::list(dir, "json")?;
    files.sort_by_cached_key(|p| (number(p), p.clone()));
    Ok(files)
}

/// Removes the records saved first beyond `keep`, never `saved`.
fn prune(dir: &Path, keep: usize, saved: &Path) -> io::Result<()> {
    let mut files = files(dir)?;
    files.retain(|p| p != saved);
    for old in files.iter().take((files.len() + 1).saturating_sub(keep)) {
        storage::remove(old)?;
    }
    Ok(())
}

/// Reads one record file.
pub fn read(path: &Path) -> Result<MatchRecord, Unreadable> {
    let bytes = storage::read(path)?.ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    Ok(serde_json::from_slice(&bytes)?)
}

/// Every record in `dir`, newest first; unreadable ones set aside and reported.
pub fn list(dir: &Path) -> Listing {
    let mut listing = Listing::default();
    let files = match files(dir) {
        Ok(files) => files,
        Err(e) => {
            listing.unreadable.push((dir.to_path_buf(), Unreadable::Io(e)));
            return listing;
        }
    };
    for path in files.into_iter().rev() {
        match read(&path) {
            Ok(record) => listing.records.push((path, record)),
            Err(why) => {
                let moved = set_aside(&path).unwrap_or_else(|_| path.clone());
                listing.unreadable.push((moved, why));
            }
        }
    }
    listing
}

/// Copies the record at `from` to `to` (a file to share), atomically.
pub fn export(from: &Path, to: &Path) -> io::Result<()> {
    let bytes = storage::read(from)?.ok_or_else(|| io::Error::from(io::ErrorKind::NotFound))?;
    write_atomic(to, &bytes)
}

/// A moment as a calendar and a clock show it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Civil {
    /// The year.
    pub year: i64,
    /// The month, 1 to 12.
    pub month: u8,
    /// The day of the month, from 1.
    pub day: u8,
    /// The hour, 0 to 23.
    pub hour: u8,
    /// The minute, 0 to 59.
    pub minute: u8,
}

/// The date and time `seconds` since 1970 stand for on this player's clocks: the
/// system's time zone, its summer time as it was on that date.
pub fn when(seconds: u64) -> Civil {
    when_in(seconds, &chrono::Local)
}

/// The date and time `seconds` since 1970 stand for on the clocks of `zone` (the Unix
/// epoch itself for a time past what a calendar can show).
pub fn when_in<Z: chrono::TimeZone>(seconds: u64, zone: &Z) -> Civil {
    use chrono::{Datelike, Timelike};
    let at = i64::try_from(seconds)
        .ok()
        .and_then(|s| chrono::DateTime::from_timestamp(s, 0))
        .unwrap_or_default()
        .with_timezone(zone);
    Civil {
        year: i64::from(at.year()),
        month: at.month() as u8,
        day: at.day() as u8,
        hour: at.hour() as u8,
        minute: at.minute() as u8,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::record::{CarromLog, MatchRecord};
    use crate::rules::{Settings, Variant};
    use crate::sim::PresetId;

    fn record(started: u64) -> MatchRecord {
        let s = Settings::new(Variant::Freestyle, 2, PresetId::Standard, 0, started).unwrap();
        let log = CarromLog::of(&s, &[]);
        MatchRecord::new(
            started,
            "pass_and_play",
            vec!["A".into(), "B".into()],
            GameLog::Carrom(log),
        )
    }

    fn scratch(name: &str) -> PathBuf {
        let dir =
            std::env::temp_dir().join(format!("carrom-records-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn records_are_listed_newest_first_and_the_oldest_pruned() {
        let dir = scratch("prune");
        for started in [30, 10, 20, 40] {
            save(&dir, &record(started), 3).unwrap();
        }
        let listing = list(&dir);
        let starts: Vec<u64> = listing.records.iter().map(|(_, r)| r.started).collect();
        assert_eq!(starts, vec![40, 20, 10], "the first saved of four is gone, newest first");
        let again = save(&dir, &record(40), 10).unwrap();
        assert!(again.to_string_lossy().ends_with("05-000000000040-freestyle.json"));
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_clock_set_back_never_prunes_the_records_saved_last() {
        let dir = scratch("clock");
        // A record from before records were numbered, then three saved today.
        let old = record(1_700_000_000);
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("001700000000-freestyle.json"), serde_json::to_vec(&old).unwrap())
            .unwrap();
        for started in [1_800_000_000, 1_800_000_100, 1_800_000_200] {
            save(&dir, &record(started), 3).unwrap();
        }
        // The clock is set back a year: every record now starts before all the others.
        for started in [1_760_000_000, 1_760_000_050] {
            save(&dir, &record(started), 3).unwrap();
        }
        let starts: Vec<u64> = list(&dir).records.iter().map(|(_, r)| r.started).collect();
        assert_eq!(starts, vec![1_760_000_050, 1_760_000_000, 1_800_000_200], "newest first");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_corrupt_record_is_set_aside_and_the_list_goes_on() {
        let dir = scratch("corrupt");
        save(&dir, &record(5), 10).unwrap();
        std::fs::write(dir.join("000000000009-classic.json"), "{ not json").unwrap();
        let listing = list(&dir);
        assert_eq!(listing.records.len(), 1, "the good record is still listed");
        assert_eq!(listing.unreadable.len(), 1);
        let (moved, why) = &listing.unreadable[0];
        assert!(moved.to_string_lossy().contains(".corrupt-"), "{}", moved.display());
        assert!(moved.exists() && matches!(why, Unreadable::NotJson(_)), "{why:?}");
        assert_eq!(list(&dir).unreadable.len(), 0, "reported once, then out of the way");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_start_reads_on_the_players_clocks_across_midnight_and_half_hours() {
        use chrono::{FixedOffset, Utc};
        let at = |year, month, day, hour, minute| Civil { year, month, day, hour, minute };
        assert_eq!(when_in(0, &Utc), at(1970, 1, 1, 0, 0));
        assert_eq!(when_in(1_796_164_417, &Utc), at(2026, 12, 1, 22, 33));
        assert_eq!(when_in(951_782_400, &Utc), at(2000, 2, 29, 0, 0));
        // India, half an hour off the hour, into the next day; Brazil, into the last.
        let india = FixedOffset::east_opt(5 * 3_600 + 1_800).unwrap();
        assert_eq!(when_in(1_796_164_417, &india), at(2026, 12, 2, 4, 3));
        let brazil = FixedOffset::west_opt(3 * 3_600).unwrap();
        assert_eq!(when_in(951_782_400, &brazil), at(2000, 2, 28, 21, 0));
        assert_eq!(when_in(u64::MAX, &Utc), at(1970, 1, 1, 0, 0), "past any calendar");
    }
}
