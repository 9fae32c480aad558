//! The decision-log file: whole lines appended, rotated by size, reopened when it was removed or
//! replaced under the server, and repaired at open when a crash left half a line at its end.
//!
//! A line is only ever written together with its newline, in one `write` with the other whole
//! lines of its batch: a kill can still stop the kernel in the middle of a large write (it checks
//! for a fatal signal between pages), so a file that does not end in a newline is repaired when it
//! is opened: the torn tail is moved to `<path>.torn-<time>` and the file cut back to its last
//! whole line. A write that fails halfway (a full disk) is cut back at once.

use std::fs::{File, Metadata, OpenOptions};
use std::io::{Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};

/// How far back a torn tail is looked for at a time.
const TAIL_CHUNK: u64 = 64 << 10;

/// Why the file was reopened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Reopened {
    /// The path no longer existed (deleted, or renamed away).
    Removed,
    /// The path names another file now.
    Replaced,
}

impl Reopened {
    pub(super) fn as_str(self) -> &'static str {
        match self {
            Self::Removed => "removed",
            Self::Replaced => "replaced",
        }
    }
}

/// An append-only file that rotates by size: `path` -> `path.1` -> ... -> `path.keep`.
pub(super) struct LogFile {
    path: PathBuf,
    file: File,
    /// Device and inode of the open file, to notice the path naming another file.
    identity: Option<(u64, u64)>,
    /// Bytes in the file, all of them whole lines.
    size: u64,
    max_bytes: u64,
    keep: usize,
}

impl LogFile {
    /// Opens `path` for appending (created if missing), repairing a torn tail first.
    pub(super) fn open(path: &Path, max_bytes: u64, keep: usize) -> anyhow::Result<Self> {
        let (file, size) = open_repaired(path).map_err(|e| {
            anyhow::anyhow!(
                "decision log {} cannot be written (LOOKBACK_DECISION_LOG): {e}",
                path.display()
            )
        })?;
        Ok(Self {
            path: path.to_path_buf(),
            identity: file.metadata().ok().as_ref().and_then(identity),
            file,
            size,
            max_bytes: max_bytes.max(1),
            keep: keep.max(1),
        })
    }

    /// The configured path.
    pub(super) fn path(&self) -> &Path {
        &self.path
    }

    /// Appends `batch`: whole lines, the `n`th ending (after its newline) at `ends[n]`. Each run
    /// of lines that fits before the next rotation is one write. A failed write is cut back to
    /// the last whole line, so the file never keeps part of a line.
    pub(super) fn append(&mut self, batch: &[u8], ends: &[usize]) -> std::io::Result<()> {
        let mut start = 0;
        let mut next = 0;
        while next < ends.len() {
            let room = self.max_bytes.saturating_sub(self.size);
            // At least one line per file, however long.
            let mut end = next;
            while end < ends.len()
                && ((ends[end] - start) as u64 <= room || (end == next && self.size == 0))
            {
                end += 1;
            }
            if end == next {
                self.rotate()?;
                continue;
            }
            let run = &batch[start..ends[end - 1]];
            if let Err(error) = self.file.write_all(run) {
                // Whatever part of the run reached the file goes again: the next write appends
                // after the last whole line.
                let _ = self.file.set_len(self.size);
                return Err(error);
            }
            self.size += run.len() as u64;
            start = ends[end - 1];
            next = end;
        }
        Ok(())
    }

    /// Makes the lines written so far durable (`fdatasync`: the data and the file's length).
    pub(super) fn sync_data(&mut self) -> std::io::Result<()> {
        self.file.sync_data()
    }

    /// Makes the file durable, metadata and all.
    pub(super) fn sync_all(&mut self) -> std::io::Result<()> {
        self.file.sync_all()
    }

    /// Whether the path was removed or now names another file (a deletion, an outside rotation,
    /// a copy put in its place); if so the path is opened again (created if missing), as Envoy
    /// reopens its access logs, and the reason returned. Lines written before went to the old
    /// file.
    pub(super) fn reopen_if_moved(&mut self) -> std::io::Result<Option<Reopened>> {
        let reason = match std::fs::metadata(&self.path) {
            Ok(meta) if identity(&meta) == self.identity => return Ok(None),
            Ok(_) => Reopened::Replaced,
            Err(error) if error.kind() == std::io::ErrorKind::NotFound => Reopened::Removed,
            Err(error) => return Err(error),
        };
        let (file, size) = open_repaired(&self.path)?;
        self.identity = file.metadata().ok().as_ref().and_then(identity);
        self.file = file;
        self.size = size;
        Ok(Some(reason))
    }

    /// The file is synced before it is renamed, and the folder after: a crash never loses a
    /// rotated file's lines.
    fn rotate(&mut self) -> std::io::Result<()> {
        self.file.sync_all()?;
        for n in (1..self.keep).rev() {
            let from = numbered(&self.path, n);
            if from.exists() {
                std::fs::rename(&from, numbered(&self.path, n + 1))?;
            }
        }
        std::fs::rename(&self.path, numbered(&self.path, 1))?;
        let file = append(&self.path)?;
        self.identity = file.metadata().ok().as_ref().and_then(identity);
        self.file = file;
        self.size = 0;
        if let Some(dir) = self.path.parent().filter(|d| !d.as_os_str().is_empty()) {
            File::open(dir)?.sync_all()?;
        }
        Ok(())
    }
}

/// Opens `path` for appending and repairs a torn tail; returns the file and its length.
fn open_repaired(path: &Path) -> std::io::Result<(File, u64)> {
    // Pipes and devices (a FIFO, /dev/full) have no tail to repair, and are opened only to be
    // written, as before.
    if std::fs::metadata(path).is_ok_and(|m| !m.is_file()) {
        return Ok((append(path)?, 0));
    }
    let mut file = OpenOptions::new()
        .create(true)
        .read(true)
        .append(true)
        .open(path)
        // A file this process may append to but not read: written as before, not checked.
        .or_else(|error| match error.kind() {
            std::io::ErrorKind::PermissionDenied => append(path),
            _ => Err(error),
        })?;
    let meta = file.metadata()?;
    let size = match repair_torn_tail(path, &mut file, meta.len()) {
        Ok(size) => size,
        Err(error) => {
            tracing::warn!(%error, path = %path.display(), "could not check the decision log's last line");
            meta.len()
        }
    };
    Ok((file, size))
}

/// Cuts a file of `len` bytes back to its last newline, the cut bytes saved beside it first;
/// returns the length kept.
fn repair_torn_tail(path: &Path, file: &mut File, len: u64) -> std::io::Result<u64> {
    if len == 0 || read_at(file, len - 1, 1)? == b"\n" {
        return Ok(len);
    }
    let keep = last_line_end(file, len)?;
    let tail = read_at(file, keep, (len - keep) as usize)?;
    let torn = torn_path(path);
    let mut saved = OpenOptions::new()
        .write(true)
        .create_new(true)
        .open(&torn)?;
    saved.write_all(&tail)?;
    saved.sync_all()?;
    file.set_len(keep)?;
    file.sync_all()?;
    tracing::warn!(
        path = %path.display(),
        torn = %torn.display(),
        bytes = tail.len(),
        "the decision log ended in part of a line (a crash in the middle of a write); that part was moved aside and the file now ends with its last whole line"
    );
    Ok(keep)
}

/// The offset just after the last newline of the first `len` bytes (0 if none).
fn last_line_end(file: &mut File, len: u64) -> std::io::Result<u64> {
    let mut end = len;
    while end > 0 {
        let start = end.saturating_sub(TAIL_CHUNK);
        let chunk = read_at(file, start, (end - start) as usize)?;
        if let Some(at) = chunk.iter().rposition(|&b| b == b'\n') {
            return Ok(start + at as u64 + 1);
        }
        end = start;
    }
    Ok(0)
}

fn read_at(file: &mut File, offset: u64, len: usize) -> std::io::Result<Vec<u8>> {
    let mut buffer = vec![0; len];
    file.seek(SeekFrom::Start(offset))?;
    file.read_exact(&mut buffer)?;
    Ok(buffer)
}

/// `<path>.torn-<UTC time>` (a number after it if that name is taken).
fn torn_path(path: &Path) -> PathBuf {
    let stamp = chrono::DateTime::<chrono::Utc>::from(std::time::SystemTime::now())
        .format("%Y%m%dT%H%M%S%.3fZ");
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".torn-{stamp}"));
    let first = PathBuf::from(&name);
    (1..)
        .map(|n| {
            if n == 1 {
                first.clone()
            } else {
                PathBuf::from(format!("{}-{n}", first.display()))
            }
        })
        .find(|p| !p.exists())
        .unwrap_or(first)
}

fn append(path: &Path) -> std::io::Result<File> {
    OpenOptions::new().create(true).append(true).open(path)
}

/// `path.n`.
pub(super) fn numbered(path: &Path, n: usize) -> PathBuf {
    let mut name = path.as_os_str().to_owned();
    name.push(format!(".{n}"));
    PathBuf::from(name)
}

#[cfg(unix)]
fn identity(meta: &Metadata) -> Option<(u64, u64)> {
    use std::os::unix::fs::MetadataExt as _;
    Some((meta.dev(), meta.ino()))
}

/// Without inodes only a removed file is noticed.
#[cfg(not(unix))]
fn identity(_meta: &Metadata) -> Option<(u64, u64)> {
    None
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!(
            "lookback-logfile-{name}-{}",
            uuid::Uuid::new_v4().simple()
        ));
        std::fs::create_dir_all(&dir).unwrap();
        dir.join("decisions.jsonl")
    }

    fn lines(texts: &[&str]) -> (Vec<u8>, Vec<usize>) {
        let mut batch = Vec::new();
        let mut ends = Vec::new();
        for text in texts {
            batch.extend_from_slice(text.as_bytes());
            batch.push(b'\n');
            ends.push(batch.len());
        }
        (batch, ends)
    }

    #[test]
    fn files_rotate_by_size_at_line_boundaries_and_keep_the_newest() {
        let path = temp("rotate");
        let mut file = LogFile::open(&path, 25, 2).unwrap();
        let texts: Vec<String> = (0..5).map(|n| format!("line-{n}-0123456789")).collect();
        let refs: Vec<&str> = texts.iter().map(String::as_str).collect();
        let (batch, ends) = lines(&refs);
        file.append(&batch, &ends).unwrap();
        file.sync_all().unwrap();
        let read = |p: PathBuf| std::fs::read_to_string(p).unwrap_or_default();
        assert_eq!(read(path.clone()), "line-4-0123456789\n");
        assert_eq!(read(numbered(&path, 1)), "line-3-0123456789\n");
        assert_eq!(read(numbered(&path, 2)), "line-2-0123456789\n");
        assert!(!numbered(&path, 3).exists());
    }

    #[test]
    fn a_line_longer_than_the_rotation_size_is_still_one_whole_line() {
        let path = temp("long");
        let mut file = LogFile::open(&path, 10, 3).unwrap();
        let long = "x".repeat(100);
        let (batch, ends) = lines(&["a", &long, "b"]);
        file.append(&batch, &ends).unwrap();
        let read = |p: PathBuf| std::fs::read_to_string(p).unwrap_or_default();
        assert_eq!(read(path.clone()), "b\n");
        assert_eq!(read(numbered(&path, 1)), format!("{long}\n"));
        assert_eq!(read(numbered(&path, 2)), "a\n");
    }

    #[test]
    fn a_torn_tail_is_moved_aside_at_open() {
        let path = temp("torn");
        std::fs::write(&path, "{\"a\":1}\n{\"b\":2}\n{\"c\":").unwrap();
        let mut file = LogFile::open(&path, 1 << 20, 2).unwrap();
        let (batch, ends) = lines(&["{\"d\":4}"]);
        file.append(&batch, &ends).unwrap();
        assert_eq!(
            std::fs::read_to_string(&path).unwrap(),
            "{\"a\":1}\n{\"b\":2}\n{\"d\":4}\n"
        );
        let torn: Vec<PathBuf> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .map(|e| e.unwrap().path())
            .filter(|p| p.to_string_lossy().contains(".torn-"))
            .collect();
        assert_eq!(torn.len(), 1, "{torn:?}");
        assert_eq!(std::fs::read_to_string(&torn[0]).unwrap(), "{\"c\":");
    }

    #[test]
    fn a_file_without_any_newline_is_all_tail() {
        let path = temp("no-newline");
        let big = "y".repeat((TAIL_CHUNK as usize) * 2 + 10);
        std::fs::write(&path, &big).unwrap();
        LogFile::open(&path, 1 << 30, 2).unwrap();
        assert_eq!(std::fs::metadata(&path).unwrap().len(), 0);
    }

    #[test]
    fn a_removed_or_replaced_file_is_reopened() {
        let path = temp("moved");
        let mut file = LogFile::open(&path, 1 << 20, 2).unwrap();
        assert_eq!(file.reopen_if_moved().unwrap(), None);
        std::fs::remove_file(&path).unwrap();
        assert_eq!(file.reopen_if_moved().unwrap(), Some(Reopened::Removed));
        let (batch, ends) = lines(&["after"]);
        file.append(&batch, &ends).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "after\n");
        let elsewhere = path.with_extension("old");
        std::fs::rename(&path, &elsewhere).unwrap();
        std::fs::write(&path, "put here\n").unwrap();
        assert_eq!(file.reopen_if_moved().unwrap(), Some(Reopened::Replaced));
        file.append(&batch, &ends).unwrap();
        assert_eq!(std::fs::read_to_string(&path).unwrap(), "put here\nafter\n");
    }
}
