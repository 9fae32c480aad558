//! Every table read on a charge's match key, compiled once into one phrase index, so a charge's
//! words are scanned once for all of them: the traffic tables (docs/decisions.md §7.4, §13) and the
//! offenses whose level is shown when the type names none (`INFERRED_LEVELS`).

use std::sync::OnceLock;

use super::phrases::{Group, PhraseIndex, PhraseIndexBuilder, Rows};
use super::tables::severity::{INFERRED_LEVELS, NOT_INFERRED_BESIDE};
use super::tables::traffic::{
    ALCOHOL_BESIDE_DRIVING, CARRIER_REGULATION, FAMILIES, LEVEL_CONTEXT, MINOR, NOT_MINOR_CONTEXT,
    NOT_MINOR_EXCUSED, NOT_MINOR_ROWS, OPEN_CONTAINER, OPEN_CONTAINER_NOT_BESIDE,
    OPERATED_VEHICLES, OPERATING_NOT_BESIDE, OPERATING_WORDS, PASSENGERS, ROAD_FACILITIES,
    ROAD_RULE_WORDS, SERIOUS, SERIOUS_BUT_AT_NO_CRIME, SERIOUS_STATUTE, TRAFFIC_STATUTE,
    VEHICLE_CONTEXT,
};

/// The compiled tables (see the module comment).
pub(crate) struct Lexicon {
    pub(crate) index: PhraseIndex,
    pub(crate) traffic: Traffic,
    /// (words, unless) of each `INFERRED_LEVELS` row, same order.
    pub(crate) inferred: Vec<(Group, Group)>,
    pub(crate) not_inferred: Group,
}

/// The traffic tables as groups and rows of the shared index.
pub(crate) struct Traffic {
    pub(crate) serious: Rows,
    /// `ALCOHOL_BESIDE_DRIVING`: serious but beside an open container.
    pub(crate) alcohol_beside_driving: Rows,
    /// `SERIOUS_BUT_AT_NO_CRIME`: serious but at a level that is no crime.
    pub(crate) serious_but_at_no_crime: Rows,
    /// `OPEN_CONTAINER` and the words beside which it is more than vehicle conduct.
    pub(crate) open_container: Rows,
    pub(crate) open_container_not_beside: Group,
    pub(crate) passengers: Group,
    pub(crate) minor: Rows,
    pub(crate) not_minor_context: Group,
    /// `NOT_MINOR_ROWS`: pairs of words that name a crime together.
    pub(crate) not_minor_rows: Rows,
    /// `NOT_MINOR_EXCUSED`: a crime word and the phrases that excuse it.
    pub(crate) excused: Vec<(&'static str, Group)>,
    pub(crate) serious_statute: Rows,
    pub(crate) traffic_statute: Rows,
    pub(crate) vehicle_context: Group,
    pub(crate) level_context: Group,
    /// `CARRIER_REGULATION`: regulation of a carrier, read `unknown`, never minor.
    pub(crate) carrier_regulation: Group,
    /// The operating rule: `OPERATED_VEHICLES`, `OPERATING_WORDS`, `OPERATING_NOT_BESIDE`.
    pub(crate) operated_vehicles: Group,
    pub(crate) operating_words: Group,
    pub(crate) operating_not_beside: Group,
    /// The road rule: `ROAD_FACILITIES` beside `ROAD_RULE_WORDS`.
    pub(crate) road_facilities: Group,
    pub(crate) road_rule_words: Group,
    pub(crate) families: Vec<Family>,
}

/// One concept family compiled.
pub(crate) struct Family {
    pub(crate) name: &'static str,
    pub(crate) vehicular: Group,
    pub(crate) objects: Group,
    pub(crate) qualifiers: Group,
}

pub(crate) fn lexicon() -> &'static Lexicon {
    static COMPILED: OnceLock<Lexicon> = OnceLock::new();
    COMPILED.get_or_init(|| {
        let mut b = PhraseIndexBuilder::default();
        let serious = Rows::new(&mut b, SERIOUS);
        let alcohol_beside_driving = Rows::new(&mut b, ALCOHOL_BESIDE_DRIVING);
        let serious_but_at_no_crime = Rows::new(&mut b, SERIOUS_BUT_AT_NO_CRIME);
        let open_container = Rows::new(&mut b, OPEN_CONTAINER);
        let open_container_not_beside = Group::new(&mut b, OPEN_CONTAINER_NOT_BESIDE);
        let passengers = Group::new(&mut b, PASSENGERS);
        let minor = Rows::new(&mut b, MINOR);
        let not_minor_rows = Rows::new(&mut b, NOT_MINOR_ROWS);
        let serious_statute = Rows::new(&mut b, SERIOUS_STATUTE);
        let traffic_statute = Rows::new(&mut b, TRAFFIC_STATUTE);
        let not_minor_context = Group::new(&mut b, NOT_MINOR_CONTEXT);
        let excused = NOT_MINOR_EXCUSED
            .iter()
            .map(|(word, excuses)| (*word, Group::new(&mut b, excuses)))
            .collect();
        let vehicle_context = Group::new(&mut b, VEHICLE_CONTEXT);
        let level_context = Group::new(&mut b, LEVEL_CONTEXT);
        let carrier_regulation = Group::new(&mut b, CARRIER_REGULATION);
        let operated_vehicles = Group::new(&mut b, OPERATED_VEHICLES);
        let operating_words = Group::new(&mut b, OPERATING_WORDS);
        let operating_not_beside = Group::new(&mut b, OPERATING_NOT_BESIDE);
        let road_facilities = Group::new(&mut b, ROAD_FACILITIES);
        let road_rule_words = Group::new(&mut b, ROAD_RULE_WORDS);
        let families = FAMILIES
            .iter()
            .map(|f| Family {
                name: f.name,
                vehicular: Group::new(&mut b, f.vehicular),
                objects: Group::new(&mut b, f.objects),
                qualifiers: Group::new(&mut b, f.qualifiers),
            })
            .collect();
        let inferred = INFERRED_LEVELS
            .iter()
            .map(|f| (Group::new(&mut b, f.words), Group::new(&mut b, f.unless)))
            .collect();
        let not_inferred = Group::new(&mut b, NOT_INFERRED_BESIDE);
        let index = b.build();
        Lexicon {
            index,
            traffic: Traffic {
                serious,
                alcohol_beside_driving,
                serious_but_at_no_crime,
                open_container,
                open_container_not_beside,
                passengers,
                minor,
                not_minor_context,
                not_minor_rows,
                excused,
                serious_statute,
                traffic_statute,
                vehicle_context,
                level_context,
                carrier_regulation,
                operated_vehicles,
                operating_words,
                operating_not_beside,
                road_facilities,
                road_rule_words,
                families,
            },
            inferred,
            not_inferred,
        }
    })
}
