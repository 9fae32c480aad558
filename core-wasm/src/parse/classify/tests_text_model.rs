//! The text model's second opinion (issue 21 item 2): it only ever turns the `none` of text the
//! tables say nothing of into `unknown`, and the table it carries loads and scores alike each
//! time.

use proptest::prelude::*;

use super::text_model_table::{BIAS, THRESHOLD, WEIGHTS};
use super::traffic::{TrafficReading, read_traffic_with};
use super::*;

/// The shipped weights with threshold 0: an opinion on every text it is asked about, so the
/// property below meets the model wherever the engine would ask it.
static ALWAYS: TextModel<'static> = TextModel::new(&WEIGHTS, BIAS, 0);

/// Without the model, with the shipped one, and with one that always speaks.
fn three_ways(
    charge: &str,
    statute: Option<&str>,
    state: Option<&str>,
    ty: &str,
) -> [TrafficReading; 3] {
    let sev = classify_severity(Some(ty), state);
    [None, Some(TextModel::shipped()), Some(&ALWAYS)]
        .map(|model| read_traffic_with(charge, statute, state, &sev, model))
}

fn only_none_to_unknown(without: &TrafficReading, with: &TrafficReading) -> bool {
    with == without
        || (without.kind == TrafficKind::NotTraffic
            && with.kind == TrafficKind::Unknown
            && with
                .evidence
                .starts_with("traffic.unknown: the text model reads minor traffic (score "))
}

/// Charge words: vehicle, minor and serious traffic, crime and level words, abbreviations.
fn words() -> impl Strategy<Value = String> {
    let words = prop::sample::select(vec![
        "SPEEDING",
        "VEHICLE",
        "VEH",
        "DRIVING",
        "DUI",
        "LICENSE",
        "FAIL",
        "YLD",
        "INTSEC",
        "TRN",
        "RT",
        "RED",
        "LAMP",
        "LANE",
        "NO",
        "FRAUD",
        "THEFT",
        "ASSAULT",
        "POSSESSION",
        "FELONY",
        "REAR",
        "PROJECTION",
        "VIOLATION",
        "BOOM",
        "MAST",
        "SECURE",
        "DMV",
        "NOTIFY",
        "LOUD",
        "AMP",
        "OPERATE",
        "OPR",
        "RESTRAINT",
        "UNLAWFUL",
        "BICYCLE",
        "FIREARM",
        "ALC",
        "OPEN",
        "W/O",
        "/",
        "-",
        "(M2)",
        "1ST",
    ]);
    prop::collection::vec(words, 0..7).prop_map(|w| w.join(" "))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(512))]

    /// Never a model alone makes a charge less reportable: any reading but a silent `none` is
    /// the tables' own, whatever the model says, with or without a statute the table knows.
    #[test]
    fn the_model_only_turns_none_into_unknown(
        charge in words(),
        statute in prop::sample::select(vec![None, Some("32-25-1"), Some("22-30A-1"), Some("VC 22350"), Some("XYZ")]),
        state in prop::sample::select(vec![None, Some("SD"), Some("CA"), Some("FL")]),
        ty in prop::sample::select(vec!["", "MISDEMEANOR", "INFRACTION", "FELONY", "PETTY OFFENSE", "TRAFFIC"]),
    ) {
        let [without, shipped, always] = three_ways(&charge, statute, state, ty);
        prop_assert!(only_none_to_unknown(&without, &shipped), "{charge:?}: {without:?} -> {shipped:?}");
        prop_assert!(only_none_to_unknown(&without, &always), "{charge:?}: {without:?} -> {always:?}");
    }
}

/// Court text of the development sets and of issue 21, read every way the engine reads text.
#[test]
fn real_texts_only_move_from_none_to_unknown() {
    let texts = [
        "REAR PROJECTION VIOLATION",
        "BOOM/MAST NOT SECURE",
        "FAIL NOTIFY DMV:ADD CHG",
        "LOUD OUTSIDE VEH AMP SYS",
        "RT TRN ON RED PROHIBITED",
        "FAIL YLD INTSEC NO SIGNS",
        "SPEEDING 20 OVER",
        "DUI 1ST OFFENSE",
        "DRIVING WHILE LICENSE SUSPENDED",
        "THEFT OF PROPERTY",
        "POSSESSION OF MARIJUANA IN VEHICLE",
        "VIOL ANEMOMETER (WIND SPEED) TOWER REGULATIONS",
    ];
    for text in texts {
        for ty in ["", "MISDEMEANOR", "INFRACTION", "FELONY"] {
            for (statute, state) in [(None, None), (Some("32-25-1"), Some("SD"))] {
                let [without, shipped, always] = three_ways(text, statute, state, ty);
                assert!(
                    only_none_to_unknown(&without, &shipped),
                    "{text}: {shipped:?}"
                );
                assert!(
                    only_none_to_unknown(&without, &always),
                    "{text}: {always:?}"
                );
            }
        }
    }
}

/// Texts the tables read `none` and the shipped model sends to a person (issue 21 item 2's
/// behaviour change): vehicle rules the tables do not name, and crimes on the road a person now
/// reads before they are reported.
#[test]
fn the_shipped_model_sends_silent_vehicle_texts_to_a_person() {
    for (text, ty) in [
        ("FAIL OBEY WARNING DEVICE", ""),
        ("BICYCLE OPR OBEY VEH LAWS", "MISDEMEANOR"),
        ("FAIL TO PAY FINE VEH OPR", ""),
        ("DLR DISPLAY VEH SALE VIOL", ""),
        ("OPERATE VEHICLE WITHOUT OWNER CONSENT", ""),
        ("UNLAWFUL RESTRAINT", ""),
    ] {
        let [without, shipped, _] = three_ways(text, None, None, ty);
        assert_eq!(without.kind, TrafficKind::NotTraffic, "{text}");
        assert_eq!(shipped.kind, TrafficKind::Unknown, "{text}");
        let score = TextModel::shipped().score(text);
        assert!(score >= THRESHOLD, "{text}: {score}");
        assert_eq!(
            shipped.evidence,
            format!(
                "traffic.unknown: the text model reads minor traffic (score {score}/1000); no \
                 table names it"
            )
        );
    }
}

/// A crime word keeps a silent text a crime: the model is not asked.
#[test]
fn a_crime_word_keeps_the_model_out() {
    for text in ["FORGED DMV NOTICE", "THEFT OF VEHICLE LAMP"] {
        let [without, _, always] = three_ways(text, None, None, "");
        assert_eq!(without, always, "{text}");
    }
}

#[test]
fn scores_are_deterministic_and_per_mille() {
    for text in [
        "THEFT",
        "FAIL YLD INTSEC NO SIGNS",
        "REAR PROJECTION VIOLATION",
        "",
    ] {
        let score = TextModel::shipped().score(text);
        assert_eq!(score, TextModel::shipped().score(text));
        assert!(score <= 1000);
    }
    assert!(TextModel::shipped().score("THEFT") < THRESHOLD);
    assert!(TextModel::shipped().score("FAIL YLD INTSEC NO SIGNS") >= THRESHOLD);
}

#[test]
fn the_table_loads() {
    let nonzero = WEIGHTS.iter().filter(|w| **w != 0).count();
    assert!(nonzero > TEXT_MODEL_BUCKETS / 4, "{nonzero} weights set");
    // Most development rows are not minor traffic: an empty text leans `none`; a threshold is
    // a score a text can reach, and not every text reaches.
    const { assert!(BIAS < 0 && THRESHOLD >= 1 && THRESHOLD <= 1000) };
    assert_eq!(TextModel::shipped().threshold(), THRESHOLD);
    assert!(TextModel::shipped().score("") < THRESHOLD);
}

/// The features of one word: itself, its character 3- and 4-grams between boundary marks;
/// abbreviations are read as the classifier spells them out.
#[test]
fn features_are_the_classifier_words_and_their_grams() {
    let count = |text: &str| {
        let mut n = 0;
        text_model_features(text, |b| {
            assert!(b < TEXT_MODEL_BUCKETS);
            n += 1;
        });
        n
    };
    // `^SPEEDING$`: 8 3-grams, 7 4-grams, and the word.
    assert_eq!(count("speeding"), 16);
    // Two words: each word's features and the pair.
    assert_eq!(count("RED LIGHT"), count("RED") + count("LIGHT") + 1);
    assert_eq!(count(""), 0);
    let buckets = |text: &str| {
        let mut out = Vec::new();
        text_model_features(text, |b| out.push(b));
        out
    };
    assert_eq!(buckets("Speeding  20"), buckets("SPEEDING 20"));
}

#[test]
fn squash_is_the_logistic_shape() {
    let one = 1024;
    assert_eq!(squash(0, one), one / 2);
    assert_eq!(squash(5 * one, one), one);
    assert_eq!(squash(-5 * one, one), 0);
    let mut last = 0;
    for z in -6 * one..=6 * one {
        let p = squash(z, one);
        assert!(p >= last, "not monotone at {z}");
        assert_eq!(p + squash(-z, one), one, "not symmetric at {z}");
        last = p;
    }
}
