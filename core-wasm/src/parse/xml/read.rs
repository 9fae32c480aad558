//! What reading a vendor document yields, short of the record: what an adapter found ([`Read`]),
//! the notes worth a warning ([`XmlNote`]), and why a document is refused ([`XmlError`]).

use crate::messages as msg;
use crate::model::Candidate;

use super::draft;

/// Why a document was refused. Messages carry no personal data.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum XmlError {
    /// Not well-formed XML.
    Malformed,
    /// A root other than the three supported ones.
    UnsupportedRoot,
    /// A DOCTYPE (DTDs are never processed).
    Dtd,
    /// An entity reference other than the five predefined ones.
    Entity,
    TooLarge,
    TooDeep,
    TooManyElements,
}

impl XmlError {
    /// The 400 message (docs/api.md, docs/decisions.md §11).
    pub fn message(self) -> String {
        match self {
            XmlError::UnsupportedRoot => {
                format!("{}: unsupported root element", msg::XML_PARSE_FAILED)
            }
            _ => msg::XML_PARSE_FAILED.to_string(),
        }
    }
}

/// What an adapter found.
#[derive(Debug, Clone, Default)]
pub struct Read {
    pub cases: Vec<draft::CaseDraft>,
    pub notes: Vec<XmlNote>,
    pub search_type: Option<String>,
    pub candidate: Option<Candidate>,
}

/// Something about the document worth a validation warning.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct XmlNote {
    /// Index of the case among the record's cases (record order), `None` for dropped cases.
    pub case: Option<usize>,
    pub case_number: String,
    pub kind: NoteKind,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NoteKind {
    /// A case with no charges cannot be represented and was dropped (docs/xml-layout.md §5.1).
    CaseWithoutCharges,
    /// The vendor holds the component for review: results not released yet.
    HeldForReview,
    /// The charges of one case named different `Court Search ID`s; the first was used.
    ConflictingCourtSearchId,
}
