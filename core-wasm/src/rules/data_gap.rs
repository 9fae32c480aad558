//! The values a rule can need and a record can lack, in a module of their own so that findings
//! and the reasons they give can both name them.

/// A value a rule that applies to the charge needs and the record lacks (docs/decisions.md §7.2, §8).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum DataGap {
    Disposition,
    /// No arrest, charge or file date: the federal clock's order has nothing to count from.
    EntryDate,
    /// A window counts from the disposition (the latest of disposition and release).
    DispositionDate,
    /// A window counts from release, and a custodial sentence records none.
    ReleaseDate,
    /// A rule is about some charge levels only, and the type gives none.
    Level,
    Jurisdiction,
}

impl DataGap {
    /// What the missing value is, in a clause.
    pub fn words(self) -> &'static str {
        match self {
            DataGap::Level => "charge level",
            DataGap::EntryDate => "date of entry",
            DataGap::DispositionDate => "disposition date",
            DataGap::ReleaseDate => "release date",
            DataGap::Disposition => "disposition",
            DataGap::Jurisdiction => "jurisdiction",
        }
    }
}
