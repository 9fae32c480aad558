//! Nothing acknowledged is lost, nothing fails quietly: faults injected for real into the real
//! server (in this process, or `lookback serve` as a child process where a kill or its log is
//! the point): kill -9 in the middle of the decision log's writes, a full disk (a small tmpfs; a
//! `/dev/full` log where nothing can be mounted), read-only folders, the log file deleted or
//! replaced under the server, an empty key file, a client that writes its whole oversized body
//! before it reads, a wall clock stepped back.

mod decision_log_faults;
mod decision_log_kill;
mod empty_keys;
mod http_date;
mod lingering_close;
mod module_writes;

use std::ffi::OsStr;
use std::path::{Path, PathBuf};
use std::process::Command;
use std::time::{Duration, Instant};

use lookback_tests::{skip_unless_required, temp_dir};

pub use crate::replicas::cluster::LOOKBACK;
use crate::replicas::cluster::{Replica, serve_command};

/// Starts `lookback serve` with the tests' keys and `envs`, and waits until it listens.
pub fn start_child<K: AsRef<OsStr>, V: AsRef<OsStr>>(id: &str, envs: &[(K, V)]) -> Replica {
    Replica::start_with(id, serve_command(envs), temp_dir(id))
        .unwrap_or_else(|e| panic!("lookback serve ({id}) did not start: {e:#}"))
}

/// Waits until `check` holds, for at most `limit`.
pub async fn eventually(limit: Duration, mut check: impl FnMut() -> bool) -> bool {
    let deadline = Instant::now() + limit;
    while Instant::now() < deadline {
        if check() {
            return true;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    check()
}

/// A tmpfs of `bytes` for `test`, or `None` when there cannot be one here: the test then skips,
/// saying why (`LOOKBACK_REQUIRE_MOUNT=1` makes that a failure).
pub fn tmpfs_or_skip(name: &str, bytes: u64, test: &str) -> Option<Mount> {
    let mount = Mount::tmpfs(name, bytes);
    let reason = mount.as_ref().err().cloned();
    if skip_unless_required("LOOKBACK_REQUIRE_MOUNT", test, reason) {
        return None;
    }
    mount.ok()
}

/// A tmpfs mounted on a fresh folder, unmounted on drop: a small disk that really fills.
pub struct Mount {
    dir: PathBuf,
}

impl Mount {
    /// A tmpfs of `bytes`, or why there cannot be one here (mounting needs root, and a container
    /// may forbid it even to root).
    pub fn tmpfs(name: &str, bytes: u64) -> Result<Self, String> {
        let dir = temp_dir(name);
        let out = Command::new("mount")
            .args(["-t", "tmpfs", "-o", &format!("size={bytes}"), "tmpfs"])
            .arg(&dir)
            .output()
            .map_err(|e| format!("cannot run mount: {e}"))?;
        if !out.status.success() {
            let _ = std::fs::remove_dir(&dir);
            return Err(format!(
                "mount -t tmpfs failed: {}",
                String::from_utf8_lossy(&out.stderr).trim()
            ));
        }
        Ok(Self { dir })
    }

    /// The mounted folder.
    pub fn path(&self) -> &Path {
        &self.dir
    }

    /// Makes the whole file system read-only (as a read-only volume is), even for root.
    pub fn remount_read_only(&self) {
        let out = Command::new("mount")
            .args(["-o", "remount,ro"])
            .arg(&self.dir)
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "remount ro: {}",
            String::from_utf8_lossy(&out.stderr)
        );
    }

    /// Fills the file system but for about `leave` bytes, with a file that [`Mount::free`]
    /// removes.
    pub fn fill(&self, leave: u64) {
        let filler = self.dir.join("filler");
        let stat = Command::new("df")
            .args(["--output=avail", "-B1"])
            .arg(&self.dir)
            .output()
            .unwrap();
        let avail: u64 = String::from_utf8_lossy(&stat.stdout)
            .lines()
            .nth(1)
            .and_then(|l| l.trim().parse().ok())
            .unwrap();
        let size = avail.saturating_sub(leave);
        let _ = std::fs::write(&filler, vec![b'x'; size as usize]);
    }

    /// Removes what [`Mount::fill`] wrote.
    pub fn free(&self) {
        std::fs::remove_file(self.dir.join("filler")).unwrap();
    }
}

impl Drop for Mount {
    fn drop(&mut self) {
        let _ = Command::new("umount").arg("-l").arg(&self.dir).status();
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
