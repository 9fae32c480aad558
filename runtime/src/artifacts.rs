//! The compiled-code cache: a module compiled once is kept as a precompiled artifact, so a restart
//! (or loading the same bytes again) skips Cranelift.
//!
//! An artifact is native code that wasmtime maps and runs as is, so it is only ever taken from a
//! file whose digest was checked: `<dir>/<wasm sha256>-<engine hash>.cwasm` beside
//! `<same>.cwasm.sha256`, the SHA-256 of the artifact written when it was made. The key names the
//! exact wasm bytes and the engine's compatibility hash (wasmtime version, `Config`, target), so an
//! artifact can never be used for other bytes or another configuration; wasmtime also refuses a
//! mismatched artifact itself. A missing, unreadable, mismatched or refused artifact is simply
//! rebuilt. The directory must be writable only by the service (its digests guard against
//! corruption and mix-ups, not against someone who can write both files).

use std::hash::{DefaultHasher, Hash as _, Hasher as _};
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};
use wasmtime::{Engine, Module};

use crate::files::{remove_leftovers, write_atomically};

/// Whether a module came from the cache or was compiled.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Compiled {
    /// A digest-checked artifact was deserialized.
    FromCache,
    /// Cranelift compiled the bytes (and, with a cache, the artifact was written).
    Fresh,
}

/// The artifact directory and this engine's compatibility hash.
#[derive(Debug, Clone)]
pub struct ArtifactCache {
    dir: PathBuf,
    engine_hash: String,
}

impl ArtifactCache {
    /// A cache in `dir` (created if missing) for artifacts of `engine`. Temporary files of an
    /// artifact write a killed process left are removed.
    pub fn new(dir: &Path, engine: &Engine) -> std::io::Result<Self> {
        std::fs::create_dir_all(dir)?;
        remove_leftovers(dir);
        let mut hasher = DefaultHasher::new();
        engine.precompile_compatibility_hash().hash(&mut hasher);
        Ok(Self {
            dir: dir.to_path_buf(),
            engine_hash: format!("{:016x}", hasher.finish()),
        })
    }

    /// The artifact path for wasm bytes with digest `sha256`.
    pub fn artifact_path(&self, sha256: &str) -> PathBuf {
        self.dir
            .join(format!("{sha256}-{}.cwasm", self.engine_hash))
    }

    /// The module for `bytes` (whose digest is `sha256`): from a verified artifact, or compiled
    /// and then stored. A failure to store is logged, not fatal.
    pub fn module(
        &self,
        engine: &Engine,
        sha256: &str,
        bytes: &[u8],
    ) -> wasmtime::Result<(Module, Compiled)> {
        let path = self.artifact_path(sha256);
        if let Some(module) = self.cached(engine, &path) {
            return Ok((module, Compiled::FromCache));
        }
        let module = Module::new(engine, bytes)?;
        match module.serialize() {
            Ok(artifact) => {
                if let Err(error) = store(&path, &artifact) {
                    tracing::warn!(%error, path = %path.display(), "could not write a compiled module to the cache");
                }
            }
            Err(error) => {
                tracing::warn!(%error, "could not serialise a compiled module for the cache")
            }
        }
        Ok((module, Compiled::Fresh))
    }

    /// The artifact at `path`, only when its bytes hash to the recorded digest.
    fn cached(&self, engine: &Engine, path: &Path) -> Option<Module> {
        let artifact = std::fs::read(path).ok()?;
        let recorded = std::fs::read_to_string(digest_path(path)).ok()?;
        if recorded.trim() != hex::encode(Sha256::digest(&artifact)) {
            tracing::warn!(path = %path.display(), "cached artifact does not match its digest; recompiling");
            return None;
        }
        // The bytes just hashed are the bytes deserialized: nothing can swap them in between.
        #[expect(
            unsafe_code,
            reason = "wasmtime runs a deserialized artifact as native code; these bytes were \
                      written by this cache for this exact wasm digest and engine hash, and their \
                      SHA-256 was verified against the recorded digest just above"
        )]
        // SAFETY: see the reason above; wasmtime additionally checks the artifact's header
        // against this engine's configuration and refuses a mismatch.
        let module = unsafe { Module::deserialize(engine, &artifact) };
        match module {
            Ok(module) => Some(module),
            Err(error) => {
                tracing::warn!(%error, path = %path.display(), "cached artifact refused; recompiling");
                None
            }
        }
    }
}

fn digest_path(artifact: &Path) -> PathBuf {
    let mut name = artifact.as_os_str().to_owned();
    name.push(".sha256");
    PathBuf::from(name)
}

/// Writes the artifact, then its digest, each through a temporary file and a rename, so a reader
/// never sees half a file (at worst a new artifact with an old digest, which it refuses).
fn store(path: &Path, artifact: &[u8]) -> std::io::Result<()> {
    write_atomically(path, artifact)?;
    write_atomically(
        &digest_path(path),
        hex::encode(Sha256::digest(artifact)).as_bytes(),
    )
}
