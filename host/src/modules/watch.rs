//! Watches `LOOKBACK_MODULES_DIR` and loads new module files as they appear. Uses the OS's file
//! events (inotify on Linux) through `notify`, falling back to polling when they are unavailable.
//! Events are debounced and each burst triggers one rescan; a rescan only loads files whose bytes
//! are neither loaded nor already refused, so repeated events are harmless.

use std::path::Path;
use std::time::Duration;

use notify::{PollWatcher, RecommendedWatcher, RecursiveMode, Watcher};
use tokio::sync::mpsc;

use super::Modules;

/// Quiet time after an event before rescanning, so a file being copied in is complete.
const DEBOUNCE: Duration = Duration::from_millis(300);
/// Polling interval when file events are unavailable.
const POLL_INTERVAL: Duration = Duration::from_secs(2);

/// Starts watching the modules directory of `modules` on the current tokio runtime. The task ends
/// when the returned handle is dropped or aborted.
pub fn spawn(modules: &Modules) -> Option<tokio::task::JoinHandle<()>> {
    let dir = modules.dir()?.to_path_buf();
    let runtime = tokio::runtime::Handle::try_current().ok()?;
    let (tx, rx) = mpsc::unbounded_channel::<()>();
    let watcher = match start_watcher(&dir, tx) {
        Ok(watcher) => watcher,
        Err(error) => {
            tracing::error!(%error, dir = %dir.display(), "cannot watch the modules directory; new files load only at restart");
            return None;
        }
    };
    let weak = std::sync::Arc::downgrade(&modules.inner);
    Some(runtime.spawn(rescan_on_events(weak, rx, watcher)))
}

/// A native watcher, or a polling one when the native one cannot start.
fn start_watcher(
    dir: &Path,
    tx: mpsc::UnboundedSender<()>,
) -> notify::Result<Box<dyn Watcher + Send>> {
    let handler = move |event: notify::Result<notify::Event>| {
        if event.is_ok() {
            let _ = tx.send(());
        }
    };
    let mut native = RecommendedWatcher::new(handler.clone(), notify::Config::default());
    if let Ok(watcher) = native.as_mut()
        && watcher.watch(dir, RecursiveMode::NonRecursive).is_ok()
    {
        return native.map(|w| Box::new(w) as Box<dyn Watcher + Send>);
    }
    tracing::warn!(dir = %dir.display(), "file events unavailable; polling the modules directory");
    let mut poll = PollWatcher::new(
        handler,
        notify::Config::default().with_poll_interval(POLL_INTERVAL),
    )?;
    poll.watch(dir, RecursiveMode::NonRecursive)?;
    Ok(Box::new(poll))
}

async fn rescan_on_events(
    modules: std::sync::Weak<super::Inner>,
    mut rx: mpsc::UnboundedReceiver<()>,
    watcher: Box<dyn Watcher + Send>,
) {
    let _watcher = watcher; // dropping it stops the events
    while rx.recv().await.is_some() {
        // Let the burst settle, then take everything it sent.
        tokio::time::sleep(DEBOUNCE).await;
        while rx.try_recv().is_ok() {}
        let Some(inner) = modules.upgrade() else {
            break;
        };
        Modules { inner }.rescan().await;
    }
}
