//! `LOOKBACK_MODULES_DIR` on disk: the `*.wasm` files in it (each optionally vouched for by a
//! `<file>.sha256` beside it), and `active.json`, the persisted pointer to the last good active
//! module (`{"engine_version", "sha256"}`), so a restart comes back on it.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use lookback_runtime::write_atomically;

/// The pointer file's name; not a `.wasm`, so scans and the watcher ignore it.
pub const POINTER_FILE: &str = "active.json";

/// The persisted active module.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pointer {
    /// Engine version.
    pub engine_version: String,
    /// SHA-256 of its bytes.
    pub sha256: String,
}

/// A module file found in the directory.
#[derive(Debug, Clone)]
pub struct ModuleFile {
    /// Its path.
    pub path: PathBuf,
    /// `dir:<file name>`, the source shown in listings.
    pub source: String,
}

/// The `*.wasm` files of `dir` (not hidden ones: those are writes in progress), by name.
pub fn module_files(dir: &Path) -> std::io::Result<Vec<ModuleFile>> {
    let mut files: Vec<ModuleFile> = std::fs::read_dir(dir)?
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file() && p.extension().is_some_and(|x| x == "wasm"))
        .filter_map(|path| {
            let name = path.file_name()?.to_str()?.to_owned();
            (!name.starts_with('.')).then(|| ModuleFile {
                source: format!("dir:{name}"),
                path,
            })
        })
        .collect();
    files.sort_by(|a, b| a.path.cmp(&b.path));
    Ok(files)
}

/// The digest an operator put beside a module file (`<file>.sha256`, `sha256sum` format or just
/// the hex), if any.
pub fn expected_digest(module: &Path) -> Option<String> {
    let mut name = module.as_os_str().to_owned();
    name.push(".sha256");
    let text = std::fs::read_to_string(PathBuf::from(name)).ok()?;
    text.split_whitespace().next().map(str::to_lowercase)
}

/// Where to save an uploaded module: `<version>.wasm`, or `<version>-<sha prefix>.wasm` when a
/// file of that name already holds other bytes.
pub fn upload_path(dir: &Path, version: &str, sha256: &str, bytes: &[u8]) -> PathBuf {
    let plain = dir.join(format!("{version}.wasm"));
    match std::fs::read(&plain) {
        Ok(existing) if existing != bytes => dir.join(format!(
            "{version}-{}.wasm",
            &sha256[..sha256.len().min(12)]
        )),
        _ => plain,
    }
}

/// Deletes every module file of `dir` whose bytes have digest `sha256` (and its `.sha256`
/// companion), so an unloaded module does not come back at the next scan or restart.
pub fn remove_by_digest(dir: &Path, sha256: &str) -> std::io::Result<()> {
    for file in module_files(dir)? {
        let Ok(bytes) = std::fs::read(&file.path) else {
            continue;
        };
        if hex::encode(<sha2::Sha256 as sha2::Digest>::digest(&bytes)) == sha256 {
            std::fs::remove_file(&file.path)?;
            let mut companion = file.path.into_os_string();
            companion.push(".sha256");
            let _ = std::fs::remove_file(companion);
        }
    }
    Ok(())
}

/// Whether a file can be created, written and synced in `dir` (a read-only volume, a full disk
/// or missing permissions fail here). The probe is a temporary file of [`save`]'s kind, so one
/// left by a crash is removed at the next start.
pub fn check_writable(dir: &Path) -> std::io::Result<()> {
    use std::io::Write as _;

    let probe = lookback_runtime::files::temporary_path(&dir.join("write-check"), "write-check");
    let written = std::fs::File::create(&probe).and_then(|mut file| {
        file.write_all(b"lookback")?;
        file.sync_all()
    });
    let removed = std::fs::remove_file(&probe);
    written.and(removed)
}

/// Saves `bytes` atomically (the watcher never sees half a file).
pub fn save(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    write_atomically(path, bytes)
}

/// The persisted pointer, if there is one. A file that cannot be read or parsed is an error.
pub fn read_pointer(dir: &Path) -> Result<Option<Pointer>, String> {
    let path = dir.join(POINTER_FILE);
    match std::fs::read_to_string(&path) {
        Ok(text) => serde_json::from_str(&text)
            .map(Some)
            .map_err(|e| format!("{POINTER_FILE} is not a valid pointer: {e}")),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(None),
        Err(e) => Err(format!("{POINTER_FILE} cannot be read: {e}")),
    }
}

/// Persists `pointer`, or removes the file when the base module is active (a restart then comes
/// up on the base module, including a newer one after an upgrade).
pub fn write_pointer(dir: &Path, pointer: Option<&Pointer>) -> std::io::Result<()> {
    let path = dir.join(POINTER_FILE);
    match pointer {
        Some(pointer) => {
            let text = serde_json::to_vec_pretty(pointer).map_err(std::io::Error::other)?;
            write_atomically(&path, &text)
        }
        None => match std::fs::remove_file(&path) {
            Err(e) if e.kind() != std::io::ErrorKind::NotFound => Err(e),
            _ => Ok(()),
        },
    }
}
