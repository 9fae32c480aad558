//! Writing a file so that no reader, and no crash, ever leaves half of it: the module cache's
//! artifacts, and the server's saved uploads and `active.json`.

use std::fs::File;
use std::io::Write as _;
use std::path::Path;

/// Writes `bytes` to `path` through a uniquely named temporary file in the same directory: the
/// data is synced before the rename, so after a crash `path` holds either the old or the whole
/// new file, and the directory is synced after it, so the rename itself survives one.
pub fn write_atomically(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let name = path
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_default();
    let tmp = path.with_file_name(format!(
        ".{name}.{}.{}.tmp",
        std::process::id(),
        uuid::Uuid::new_v4().simple()
    ));
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
