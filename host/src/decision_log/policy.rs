//! [`SyncPolicy`]: how soon the decision log's lines are forced to disk.

use std::time::Duration;

/// When written lines are forced to disk (`fdatasync`), as PostgreSQL's `synchronous_commit`
/// chooses between speed and what a power loss may take. Whatever the policy, a line is written
/// (handed to the operating system) as soon as the writer takes it from the queue, so a crash
/// of the process alone loses at most what was still queued; a crash of the machine also loses
/// what was written but not synced.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SyncPolicy {
    /// Only at rotation and at shutdown.
    None,
    /// At most this long after a line is written.
    Interval(Duration),
    /// Before the answer leaves: an `/evaluate` answer waits until its line is on disk, and is
    /// refused (503) when it cannot be.
    Every,
}
