//! The vocabulary words evidence writes are the serde names, and its leads spell them.

use super::charge::{disposition_lead, severity_lead};
use super::vocabulary::serde_word;
use super::{DispositionClass, SeverityLevel};

#[test]
fn evidence_words_are_the_serde_names() {
    use SeverityLevel as L;
    for level in [
        L::Felony,
        L::Misdemeanor,
        L::PettyOffense,
        L::Infraction,
        L::Violation,
        L::Ordinance,
        L::Civil,
        L::Unknown,
    ] {
        assert_eq!(level.word(), serde_word(&level));
        let lead = format!("severity.{}: type ", level.word());
        assert_eq!(severity_lead(level), lead);
    }
    use DispositionClass as K;
    for class in [K::Conviction, K::NonConviction, K::Pending, K::Unknown] {
        assert_eq!(class.word(), serde_word(&class));
        let lead = format!("disposition.{}: ", class.word());
        assert_eq!(disposition_lead(class), lead);
    }
}
