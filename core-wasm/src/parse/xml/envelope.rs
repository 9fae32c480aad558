//! Root detection: which adapter reads a document (docs/decisions.md §11).

use super::tree::Node;
use super::{Read, XmlError, accio, draft::DateCtx, hrxml, orderxml};

/// The vendor formats the engine reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum RootKind {
    /// Accio Data `ScreeningResults` (the canonical layout).
    ScreeningResults,
    /// HR-XML `BackgroundReportPackage` (or its `BackgroundReports` wrapper).
    BackgroundReportPackage,
    /// `OrderXML`.
    OrderXml,
}

impl RootKind {
    /// By the root's local name (namespaces and prefixes are already dropped).
    pub fn of(root: &Node) -> Option<RootKind> {
        match root.name.as_str() {
            "ScreeningResults" => Some(RootKind::ScreeningResults),
            "BackgroundReportPackage" | "BackgroundReports" => {
                Some(RootKind::BackgroundReportPackage)
            }
            "OrderXML" => Some(RootKind::OrderXml),
            _ => None,
        }
    }
}

/// Dispatches the root to its adapter; any other root is refused.
pub fn read_root(root: &Node, ctx: DateCtx) -> Result<(RootKind, Read), XmlError> {
    let kind = RootKind::of(root).ok_or(XmlError::UnsupportedRoot)?;
    let read = match kind {
        RootKind::ScreeningResults => accio::read(root, ctx),
        RootKind::BackgroundReportPackage => hrxml::read(root, ctx),
        RootKind::OrderXml => orderxml::read(root, ctx),
    };
    Ok((kind, read))
}
