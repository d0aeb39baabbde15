//! The open-files limit: each connection holds a file descriptor, so the connection cap
//! must fit under it. Past it, accepting fails and arriving peers hang, where a cap refuses
//! them in words ("the server is full").

/// Descriptors kept for the listener, logs and the browser game's files.
pub const RESERVE: u64 = 64;

/// Raises this process's open-files limit as far as it may go (its hard limit) and returns
/// the connection cap that fits under it with what to tell the operator if `wanted` did
/// not fit.
pub fn make_room(wanted: usize) -> (usize, Option<String>) {
    match rlimit::increase_nofile_limit(u64::MAX) {
        Ok(limit) => fit(wanted, limit),
        Err(e) => (wanted, Some(format!("cannot read the open-files limit: {e}"))),
    }
}

/// The connection cap under an open-files `limit`, and a warning if `wanted` was lowered.
pub fn fit(wanted: usize, limit: u64) -> (usize, Option<String>) {
    let room = usize::try_from(limit.saturating_sub(RESERVE)).unwrap_or(usize::MAX);
    if wanted <= room {
        return (wanted, None);
    }
    let warning = format!(
        "--max-connections {wanted} does not fit under this process's open-files limit \
         ({limit}; raise the hard limit, `ulimit -Hn` or LimitNOFILE=): taking at most {room}"
    );
    (room, Some(warning))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_cap_under_the_limit_stands() {
        assert_eq!(fit(10_000, 1_048_576), (10_000, None));
        assert_eq!(fit(10_000, 10_064), (10_000, None));
    }

    #[test]
    fn a_cap_over_the_limit_is_lowered_and_said() {
        let (cap, warning) = fit(50_000, 20_000);
        assert_eq!(cap, 19_936);
        let warning = warning.unwrap();
        assert!(warning.contains("--max-connections 50000") && warning.contains("19936"));
        assert_eq!(fit(10, 10).0, 0, "a limit under the reserve takes nobody, not a panic");
    }

    #[test]
    fn the_limit_is_raised_to_what_is_allowed() {
        let (cap, _) = make_room(usize::MAX);
        let (soft, hard) = rlimit::getrlimit(rlimit::Resource::NOFILE).unwrap();
        assert_eq!(soft, hard, "the soft limit is raised to the hard one");
        assert_eq!(cap as u64, soft.saturating_sub(RESERVE));
    }
}
