//! The plain answer reading the faster one replaced, kept as the equivalence tests' reference:
//! the body read as bytes (serde_json checking the UTF-8 of every key and string it borrows) and
//! one count per charge.

use super::answer::AnswerFacts;

/// The facts of an answer body (all empty when it is missing or not an envelope).
pub(super) fn read(answer: Option<&[u8]>) -> AnswerFacts<'_> {
    answer
        .and_then(|text| serde_json::from_slice::<AnswerFacts<'_>>(text).ok())
        .unwrap_or_default()
}

/// Every charge's decision and queue, one per charge, in order.
pub(super) fn outcomes<'a>(answer: &'a AnswerFacts<'_>) -> Vec<(&'a str, &'a str)> {
    let decision = answer.data.as_ref().and_then(|data| data.decision.as_ref());
    decision.into_iter().flat_map(|d| d.outcomes()).collect()
}
