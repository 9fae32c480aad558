//! Wire and internal types. `record` is the normalised search that stage 1 produces and stages 2-3
//! consume; `decision` is the contract decision tree (`labels` its values); `validation` the data-quality report.

pub mod classification;
pub mod dictionary;
pub mod dictionary_read;
pub mod evidence;
pub mod labels;
pub mod lookback;
pub mod record;
pub mod rule_ids;
pub mod validation;

pub use classification::{Classification, DictionaryNote, EvidenceLines};
pub use dictionary_read::{BuiltinReading, DictionaryRead};
pub use evidence::Evidence;
pub use labels::{Label, Queue, Reportability};
pub use lookback::{Lookback, LookbackWindow, LowerBound};
pub use record::*;
pub use rule_ids::RuleIds;
pub use validation::*;
