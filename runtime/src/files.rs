//! Writing a file so that no reader, and no crash, ever leaves half of it: the module cache's
//! artifacts, and the server's saved uploads and `active.json`; and, at the next start, removing
//! the temporary files a process killed in the middle of such a write left behind.

use std::fs::File;
use std::io::Write as _;
use std::path::{Path, PathBuf};

/// Writes `bytes` to `path` through a uniquely named temporary file in the same directory: the
/// data is synced before the rename, so after a crash `path` holds either the old or the whole
/// new file, and the directory is synced after it, so the rename itself survives one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = temporary_path(path, &name);
    let replace = || -> std::io::Result<()> {
        let mut file = File::create(&tmp)?;
        file.write_all(bytes)?;
        file.sync_all()?;
        std::fs::rename(&tmp, path)
    };
    replace().inspect_err(|_| {
        let _ = std::fs::remove_file(&tmp);
    })?;
    sync_dir(path.parent())
}

/// `.<name>.<pid>.<random>.tmp` beside `path`: hidden (folder scans skip it), and naming the
/// process that writes it (see [`remove_leftovers`]).
pub fn temporary_path(path: &Path, name: &str) -> PathBuf {
    path.with_file_name(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        uuid::Uuid::new_v4().simple()
    ))
}

/// Removes the temporary files of [`write_atomically`] in `dir` that no running process is
/// writing (a write killed halfway leaves one behind), and says how many in a WARN; call it at
/// start. A file of this process is a leftover (none is in progress before it starts writing,
/// and in a container every start has the same process id), as is one whose process is gone; a
/// file of another live process (a replica sharing the folder) stays.
pub fn remove_leftovers(dir: &Path) {
    match remove_leftovers_counted(dir) {
        Ok(0) => {}
        Ok(removed) => tracing::warn!(
            dir = %dir.display(),
            removed,
            "removed temporary files left by a process stopped in the middle of a write"
        ),
        Err(error) => {
            tracing::warn!(%error, dir = %dir.display(), "could not look for leftover temporary files")
        }
    }
}

/// [`remove_leftovers`], returning how many files it removed.
fn remove_leftovers_counted(dir: &Path) -> std::io::Result<usize> {
    let mut removed = 0;
    for entry in std::fs::read_dir(dir)? {
        let path = entry?.path();
        let Some(name) = path.file_name().and_then(|n| n.to_str()) else {
            continue;
        };
        let Some(pid) = writer_of(name) else { continue };
        if (pid == std::process::id() || !is_running(pid)) && path.is_file() {
            std::fs::remove_file(&path)?;
            removed += 1;
        }
    }
    Ok(removed)
}

/// The process id in a temporary file's name (`.<name>.<pid>.<random>.tmp`), if it is one.
fn writer_of(name: &str) -> Option<u32> {
    let rest = name.strip_prefix('.')?.strip_suffix(".tmp")?;
    let (rest, _random) = rest.rsplit_once('.')?;
    let (_name, pid) = rest.rsplit_once('.')?;
    pid.parse().ok()
}

/// Whether a process with this id runs here.
#[cfg(target_os = "linux")]
fn is_running(pid: u32) -> bool {
    Path::new("/proc").join(pid.to_string()).exists()
}

/// Without `/proc`, no other writer is assumed: the files are leftovers.
#[cfg(not(target_os = "linux"))]
fn is_running(_pid: u32) -> bool {
    false
}

/// Makes a rename in `dir` durable (`None` or empty: the current directory).
#[cfg(unix)]
fn sync_dir(dir: Option<&Path>) -> std::io::Result<()> {
    let dir = dir
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    File::open(dir)?.sync_all()
}

/// Directories cannot be opened to be synced here; the rename is as durable as the platform makes it.
#[cfg(not(unix))]
fn sync_dir(_dir: Option<&Path>) -> std::io::Result<()> {
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn replaces_the_whole_file_and_leaves_no_temporary_behind() {
        let dir = std::env::temp_dir().join(format!("lookback-files-{}", uuid::Uuid::new_v4()));
        assert!(std::fs::create_dir_all(&dir).is_ok());
        let path = dir.join("active.json");
        assert!(write_atomically(&path, b"old").is_ok());
        assert!(write_atomically(&path, b"new contents").is_ok());
        assert_eq!(
            std::fs::read(&path).ok().as_deref(),
            Some(&b"new contents"[..])
        );
        let names: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(names, vec![std::ffi::OsString::from("active.json")]);
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn leftovers_of_this_or_a_stopped_process_are_removed_and_a_live_ones_stay() {
        let dir = std::env::temp_dir().join(format!("lookback-files-{}", uuid::Uuid::new_v4()));
        assert!(std::fs::create_dir_all(&dir).is_ok());
        let ours = temporary_path(&dir.join("a.wasm"), "a.wasm");
        // Process ids are below 2^22 on Linux: this one runs nowhere.
        let stopped = dir.join(".v1.2.wasm.4194999.0123abcd.tmp");
        // The parent of this test runs (pid 1 always does).
        let live = dir.join(".b.wasm.1.0123abcd.tmp");
        let kept = [dir.join("a.wasm"), dir.join(".hidden"), dir.join("x.tmp")];
        for file in [&ours, &stopped, &live].into_iter().chain(&kept) {
            assert!(std::fs::write(file, b"x").is_ok());
        }
        let expected = if is_running(1) { 2 } else { 3 };
        assert_eq!(remove_leftovers_counted(&dir).ok(), Some(expected));
        assert!(!ours.exists() && !stopped.exists());
        assert!(kept.iter().all(|f| f.exists()));
        assert_eq!(live.exists(), is_running(1));
        std::fs::remove_dir_all(&dir).ok();
    }

    #[test]
    fn a_failed_write_leaves_the_old_file() {
        let dir = std::env::temp_dir().join(format!("lookback-files-{}", uuid::Uuid::new_v4()));
        assert!(std::fs::create_dir_all(&dir).is_ok());
        // A directory in the file's place: the rename fails, the temporary is cleaned up.
        let path = dir.join("taken");
        assert!(std::fs::create_dir(&path).is_ok());
        assert!(std::fs::write(path.join("inside"), b"x").is_ok());
        assert!(write_atomically(&path, b"new").is_err());
        let names: Vec<_> = std::fs::read_dir(&dir)
            .map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect())
            .unwrap_or_default();
        assert_eq!(names, vec![std::ffi::OsString::from("taken")]);
        std::fs::remove_dir_all(&dir).ok();
    }
}
