//! The charge-level routing matrix of docs/decisions.md §6: queue and label from reportability and identity.

use crate::identity::IdentityLevel;
use crate::model::{Label, Queue, Reportability};

/// docs/decisions.md §6. A record that is someone else's (`Not Matching`) is never attributed to the
/// candidate; a charge not reportable whoever it belongs to is cleared without identity.
pub fn route(reportability: Reportability, identity: IdentityLevel) -> (Queue, Label) {
    use IdentityLevel as I;
    use Reportability as R;
    const AUDIT: (Queue, Label) = (Queue::Auditor, Label::Reportable);
    const CLEAR: (Queue, Label) = (Queue::Automation, Label::NotReportable);
    const REVIEW: (Queue, Label) = (Queue::InsufficientData, Label::ManualReview);
    match (reportability, identity) {
        (R::NotReportable, _) | (_, I::NotMatching) => CLEAR,
        (R::Reportable, I::High | I::Medium) => AUDIT,
        (R::Reportable, I::NotEnoughInfo) | (R::NotEnoughInfo, _) => REVIEW,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use IdentityLevel as I;
    use Reportability as R;

    /// Every cell of the docs/decisions.md §6 table, row by row.
    #[test]
    fn matrix() {
        let cells = [
            (R::Reportable, I::High, Queue::Auditor, Label::Reportable),
            (R::Reportable, I::Medium, Queue::Auditor, Label::Reportable),
            (
                R::Reportable,
                I::NotEnoughInfo,
                Queue::InsufficientData,
                Label::ManualReview,
            ),
            (
                R::Reportable,
                I::NotMatching,
                Queue::Automation,
                Label::NotReportable,
            ),
            (
                R::NotReportable,
                I::High,
                Queue::Automation,
                Label::NotReportable,
            ),
            (
                R::NotReportable,
                I::Medium,
                Queue::Automation,
                Label::NotReportable,
            ),
            (
                R::NotReportable,
                I::NotEnoughInfo,
                Queue::Automation,
                Label::NotReportable,
            ),
            (
                R::NotReportable,
                I::NotMatching,
                Queue::Automation,
                Label::NotReportable,
            ),
            (
                R::NotEnoughInfo,
                I::High,
                Queue::InsufficientData,
                Label::ManualReview,
            ),
            (
                R::NotEnoughInfo,
                I::Medium,
                Queue::InsufficientData,
                Label::ManualReview,
            ),
            (
                R::NotEnoughInfo,
                I::NotEnoughInfo,
                Queue::InsufficientData,
                Label::ManualReview,
            ),
            (
                R::NotEnoughInfo,
                I::NotMatching,
                Queue::Automation,
                Label::NotReportable,
            ),
        ];
        for (r, i, q, l) in cells {
            assert_eq!(route(r, i), (q, l), "{r:?} x {i:?}");
        }
    }
}
