//! Address abbreviation tables written by the Lookback team from USPS Publication 28,
//! "Postal Addressing Standards" (Appendix C1 street suffixes, Appendix C2 secondary unit
//! designators, section 233 directionals), a US government publication; the abbreviation
//! pairs are public facts. Subset: the common suffixes and all C2 designators.

/// Street suffix variants to the Pub 28 standard abbreviation (Appendix C1).
/// Each row: standard abbreviation, then accepted spellings (the standard included).
const SUFFIXES: &[(&str, &[&str])] = &[
    ("ALY", &["ALLEY", "ALLEE", "ALLY", "ALY"]),
    ("ANX", &["ANNEX", "ANEX", "ANNX", "ANX"]),
    ("ARC", &["ARCADE", "ARC"]),
    (
        "AVE",
        &["AVENUE", "AV", "AVE", "AVEN", "AVENU", "AVN", "AVNUE"],
    ),
    ("BYU", &["BAYOU", "BAYOO", "BYU"]),
    ("BCH", &["BEACH", "BCH"]),
    ("BND", &["BEND", "BND"]),
    ("BLF", &["BLUFF", "BLUF", "BLF"]),
    ("BLVD", &["BOULEVARD", "BOUL", "BOULV", "BLVD"]),
    ("BR", &["BRANCH", "BRNCH", "BR"]),
    ("BRG", &["BRIDGE", "BRDGE", "BRG"]),
    ("BRK", &["BROOK", "BRK"]),
    ("BYP", &["BYPASS", "BYPA", "BYPAS", "BYPS", "BYP"]),
    ("CSWY", &["CAUSEWAY", "CAUSWA", "CSWY"]),
    (
        "CTR",
        &[
            "CENTER", "CEN", "CENT", "CENTR", "CENTRE", "CNTER", "CNTR", "CTR",
        ],
    ),
    ("CIR", &["CIRCLE", "CIRC", "CIRCL", "CRCL", "CRCLE", "CIR"]),
    ("CLF", &["CLIFF", "CLF"]),
    ("CLB", &["CLUB", "CLB"]),
    ("COR", &["CORNER", "COR"]),
    ("CRSE", &["COURSE", "CRSE"]),
    ("CT", &["COURT", "CT"]),
    ("CTS", &["COURTS", "CTS"]),
    ("CV", &["COVE", "CV"]),
    ("CRK", &["CREEK", "CRK"]),
    ("CRES", &["CRESCENT", "CRSENT", "CRSNT", "CRES"]),
    ("XING", &["CROSSING", "CRSSNG", "XING"]),
    ("DL", &["DALE", "DL"]),
    ("DM", &["DAM", "DM"]),
    ("DR", &["DRIVE", "DRIV", "DRV", "DR"]),
    ("EST", &["ESTATE", "EST"]),
    ("ESTS", &["ESTATES", "ESTS"]),
    (
        "EXPY",
        &["EXPRESSWAY", "EXP", "EXPR", "EXPRESS", "EXPW", "EXPY"],
    ),
    ("EXT", &["EXTENSION", "EXTN", "EXTNSN", "EXT"]),
    ("FLS", &["FALLS", "FLS"]),
    ("FRY", &["FERRY", "FRRY", "FRY"]),
    ("FLD", &["FIELD", "FLD"]),
    ("FLDS", &["FIELDS", "FLDS"]),
    ("FLT", &["FLAT", "FLT"]),
    ("FRD", &["FORD", "FRD"]),
    ("FRST", &["FOREST", "FORESTS", "FRST"]),
    ("FRK", &["FORK", "FRK"]),
    ("FT", &["FORT", "FRT", "FT"]),
    ("FWY", &["FREEWAY", "FREEWY", "FRWAY", "FRWY", "FWY"]),
    ("GDN", &["GARDEN", "GARDN", "GRDEN", "GRDN", "GDN"]),
    ("GDNS", &["GARDENS", "GRDNS", "GDNS"]),
    ("GTWY", &["GATEWAY", "GATEWY", "GATWAY", "GTWAY", "GTWY"]),
    ("GLN", &["GLEN", "GLN"]),
    ("GRN", &["GREEN", "GRN"]),
    ("GRV", &["GROVE", "GROV", "GRV"]),
    ("HBR", &["HARBOR", "HARB", "HARBR", "HRBOR", "HBR"]),
    ("HVN", &["HAVEN", "HVN"]),
    ("HTS", &["HEIGHTS", "HT", "HTS"]),
    (
        "HWY",
        &["HIGHWAY", "HIGHWY", "HIWAY", "HIWY", "HWAY", "HWY"],
    ),
    ("HL", &["HILL", "HL"]),
    ("HLS", &["HILLS", "HLS"]),
    ("HOLW", &["HOLLOW", "HLLW", "HOLLOWS", "HOLWS", "HOLW"]),
    ("IS", &["ISLAND", "ISLND", "IS"]),
    (
        "JCT",
        &["JUNCTION", "JCTION", "JCTN", "JUNCTN", "JUNCTON", "JCT"],
    ),
    ("KY", &["KEY", "KY"]),
    ("KNL", &["KNOLL", "KNOL", "KNL"]),
    ("LK", &["LAKE", "LK"]),
    ("LKS", &["LAKES", "LKS"]),
    ("LNDG", &["LANDING", "LNDNG", "LNDG"]),
    ("LN", &["LANE", "LN"]),
    ("LGT", &["LIGHT", "LGT"]),
    ("LOOP", &["LOOP", "LOOPS"]),
    ("MALL", &["MALL"]),
    ("MNR", &["MANOR", "MNR"]),
    ("MDW", &["MEADOW", "MDW"]),
    ("MDWS", &["MEADOWS", "MEDOWS", "MDWS"]),
    ("ML", &["MILL", "ML"]),
    ("MLS", &["MILLS", "MLS"]),
    ("MTWY", &["MOTORWAY", "MTWY"]),
    ("MT", &["MOUNT", "MNT", "MT"]),
    (
        "MTN",
        &["MOUNTAIN", "MNTAIN", "MNTN", "MOUNTIN", "MTIN", "MTN"],
    ),
    ("OVAL", &["OVAL", "OVL"]),
    ("OPAS", &["OVERPASS", "OPAS"]),
    ("PARK", &["PARK", "PRK", "PARKS"]),
    (
        "PKWY",
        &[
            "PARKWAY", "PARKWY", "PKWAY", "PKY", "PKWY", "PARKWAYS", "PKWYS",
        ],
    ),
    ("PASS", &["PASS"]),
    ("PATH", &["PATH", "PATHS"]),
    ("PIKE", &["PIKE", "PIKES"]),
    ("PNES", &["PINES", "PNES"]),
    ("PL", &["PLACE", "PL"]),
    ("PLN", &["PLAIN", "PLN"]),
    ("PLZ", &["PLAZA", "PLZA", "PLZ"]),
    ("PT", &["POINT", "PT"]),
    ("PRT", &["PORT", "PRT"]),
    ("PR", &["PRAIRIE", "PRR", "PR"]),
    ("RAMP", &["RAMP"]),
    ("RNCH", &["RANCH", "RANCHES", "RNCHS", "RNCH"]),
    ("RDG", &["RIDGE", "RDGE", "RDG"]),
    ("RIV", &["RIVER", "RVR", "RIVR", "RIV"]),
    ("RD", &["ROAD", "RD"]),
    ("RDS", &["ROADS", "RDS"]),
    ("RTE", &["ROUTE", "RTE"]),
    ("ROW", &["ROW"]),
    ("RUN", &["RUN"]),
    ("SHR", &["SHORE", "SHOAR", "SHR"]),
    ("SKWY", &["SKYWAY", "SKWY"]),
    ("SPG", &["SPRING", "SPNG", "SPRNG", "SPG"]),
    ("SPGS", &["SPRINGS", "SPNGS", "SPRNGS", "SPGS"]),
    ("SQ", &["SQUARE", "SQR", "SQRE", "SQU", "SQ"]),
    ("STA", &["STATION", "STATN", "STN", "STA"]),
    ("ST", &["STREET", "STRT", "STR", "ST"]),
    ("STS", &["STREETS", "STS"]),
    ("TER", &["TERRACE", "TERR", "TER"]),
    ("TRCE", &["TRACE", "TRACES", "TRCE"]),
    ("TRAK", &["TRACK", "TRACKS", "TRK", "TRKS", "TRAK"]),
    ("TRL", &["TRAIL", "TRAILS", "TRLS", "TRL"]),
    (
        "TUNL",
        &["TUNNEL", "TUNEL", "TUNLS", "TUNNELS", "TUNNL", "TUNL"],
    ),
    ("TPKE", &["TURNPIKE", "TRNPK", "TURNPK", "TPKE"]),
    ("UPAS", &["UNDERPASS", "UPAS"]),
    ("VLY", &["VALLEY", "VALLY", "VLLY", "VLY"]),
    ("VIA", &["VIADUCT", "VDCT", "VIADCT", "VIA"]),
    ("VW", &["VIEW", "VW"]),
    (
        "VLG",
        &["VILLAGE", "VILL", "VILLAG", "VILLG", "VILLIAGE", "VLG"],
    ),
    ("VIS", &["VISTA", "VIST", "VST", "VSTA", "VIS"]),
    ("WALK", &["WALK", "WALKS"]),
    ("WAY", &["WAY", "WY"]),
    ("WL", &["WELL", "WL"]),
    ("WLS", &["WELLS", "WLS"]),
];

/// Directionals (section 233).
const DIRECTIONALS: &[(&str, &str)] = &[
    ("NORTH", "N"),
    ("SOUTH", "S"),
    ("EAST", "E"),
    ("WEST", "W"),
    ("NORTHEAST", "NE"),
    ("NORTHWEST", "NW"),
    ("SOUTHEAST", "SE"),
    ("SOUTHWEST", "SW"),
    ("N", "N"),
    ("S", "S"),
    ("E", "E"),
    ("W", "W"),
    ("NE", "NE"),
    ("NW", "NW"),
    ("SE", "SE"),
    ("SW", "SW"),
];

/// Secondary unit designators (Appendix C2). `true` when a secondary number is required.
const UNITS: &[(&str, &str, bool)] = &[
    ("APARTMENT", "APT", true),
    ("APT", "APT", true),
    ("BASEMENT", "BSMT", false),
    ("BSMT", "BSMT", false),
    ("BUILDING", "BLDG", true),
    ("BLDG", "BLDG", true),
    ("DEPARTMENT", "DEPT", true),
    ("DEPT", "DEPT", true),
    ("FLOOR", "FL", true),
    ("FL", "FL", true),
    ("FRONT", "FRNT", false),
    ("FRNT", "FRNT", false),
    ("HANGAR", "HNGR", true),
    ("HNGR", "HNGR", true),
    ("KEY", "KEY", true),
    ("LOBBY", "LBBY", false),
    ("LBBY", "LBBY", false),
    ("LOT", "LOT", true),
    ("LOWER", "LOWR", false),
    ("LOWR", "LOWR", false),
    ("OFFICE", "OFC", false),
    ("OFC", "OFC", false),
    ("PENTHOUSE", "PH", false),
    ("PH", "PH", false),
    ("PIER", "PIER", true),
    ("REAR", "REAR", false),
    ("ROOM", "RM", true),
    ("RM", "RM", true),
    ("SIDE", "SIDE", false),
    ("SLIP", "SLIP", true),
    ("SPACE", "SPC", true),
    ("SPC", "SPC", true),
    ("STOP", "STOP", true),
    ("SUITE", "STE", true),
    ("STE", "STE", true),
    ("TRAILER", "TRLR", true),
    ("TRLR", "TRLR", true),
    ("UNIT", "UNIT", true),
    ("UPPER", "UPPR", false),
    ("UPPR", "UPPR", false),
    ("#", "#", true),
];

const ORDINALS: &[(&str, &str)] = &[
    ("FIRST", "1ST"),
    ("SECOND", "2ND"),
    ("THIRD", "3RD"),
    ("FOURTH", "4TH"),
    ("FIFTH", "5TH"),
    ("SIXTH", "6TH"),
    ("SEVENTH", "7TH"),
    ("EIGHTH", "8TH"),
    ("NINTH", "9TH"),
    ("TENTH", "10TH"),
    ("ELEVENTH", "11TH"),
    ("TWELFTH", "12TH"),
    ("THIRTEENTH", "13TH"),
    ("FOURTEENTH", "14TH"),
    ("FIFTEENTH", "15TH"),
    ("SIXTEENTH", "16TH"),
    ("SEVENTEENTH", "17TH"),
    ("EIGHTEENTH", "18TH"),
    ("NINETEENTH", "19TH"),
    ("TWENTIETH", "20TH"),
];

/// State and territory names to USPS two-letter codes (Pub 28 Appendix B).
const STATES: &[(&str, &str)] = &[
    ("ALABAMA", "AL"),
    ("ALASKA", "AK"),
    ("ARIZONA", "AZ"),
    ("ARKANSAS", "AR"),
    ("CALIFORNIA", "CA"),
    ("COLORADO", "CO"),
    ("CONNECTICUT", "CT"),
    ("DELAWARE", "DE"),
    ("DISTRICT OF COLUMBIA", "DC"),
    ("FLORIDA", "FL"),
    ("GEORGIA", "GA"),
    ("HAWAII", "HI"),
    ("IDAHO", "ID"),
    ("ILLINOIS", "IL"),
    ("INDIANA", "IN"),
    ("IOWA", "IA"),
    ("KANSAS", "KS"),
    ("KENTUCKY", "KY"),
    ("LOUISIANA", "LA"),
    ("MAINE", "ME"),
    ("MARYLAND", "MD"),
    ("MASSACHUSETTS", "MA"),
    ("MICHIGAN", "MI"),
    ("MINNESOTA", "MN"),
    ("MISSISSIPPI", "MS"),
    ("MISSOURI", "MO"),
    ("MONTANA", "MT"),
    ("NEBRASKA", "NE"),
    ("NEVADA", "NV"),
    ("NEW HAMPSHIRE", "NH"),
    ("NEW JERSEY", "NJ"),
    ("NEW MEXICO", "NM"),
    ("NEW YORK", "NY"),
    ("NORTH CAROLINA", "NC"),
    ("NORTH DAKOTA", "ND"),
    ("OHIO", "OH"),
    ("OKLAHOMA", "OK"),
    ("OREGON", "OR"),
    ("PENNSYLVANIA", "PA"),
    ("RHODE ISLAND", "RI"),
    ("SOUTH CAROLINA", "SC"),
    ("SOUTH DAKOTA", "SD"),
    ("TENNESSEE", "TN"),
    ("TEXAS", "TX"),
    ("UTAH", "UT"),
    ("VERMONT", "VT"),
    ("VIRGINIA", "VA"),
    ("WASHINGTON", "WA"),
    ("WEST VIRGINIA", "WV"),
    ("WISCONSIN", "WI"),
    ("WYOMING", "WY"),
    ("PUERTO RICO", "PR"),
    ("GUAM", "GU"),
    ("VIRGIN ISLANDS", "VI"),
    ("AMERICAN SAMOA", "AS"),
    ("NORTHERN MARIANA ISLANDS", "MP"),
];

/// Standard suffix abbreviation of a folded word, if it is a street suffix.
pub(crate) fn suffix(word: &str) -> Option<&'static str> {
    let index = suffix_index();
    let rows = index.starting_with(word.as_bytes().first().copied()?);
    let at = rows.partition_point(|s| s.spelling() < word);
    rows.get(at)
        .filter(|s| s.spelling() == word)
        .map(|s| s.standard())
}

/// A spelling of `SUFFIXES` by position: row, then spelling in the row. Two bytes where a
/// `(&str, &str)` takes sixteen: the index lives in every fresh instance's memory.
#[derive(Clone, Copy)]
struct Spelling {
    row: u8,
    at: u8,
}

impl Spelling {
    fn row(self) -> (&'static str, &'static [&'static str]) {
        SUFFIXES
            .get(usize::from(self.row))
            .copied()
            .unwrap_or(("", &[]))
    }

    fn spelling(self) -> &'static str {
        self.row()
            .1
            .get(usize::from(self.at))
            .copied()
            .unwrap_or("")
    }

    fn standard(self) -> &'static str {
        self.row().0
    }
}

/// Every spelling sorted by its text, built once: `suffix` runs several times per address and a
/// scan of every spelling of every row was most of its cost. A spelling listed twice keeps its
/// first row, as the scan did.
struct SuffixIndex {
    rows: Vec<Spelling>,
    /// `rows[starts[b]..starts[b + 1]]` are the spellings starting with byte `b`: a lookup
    /// searches a score of rows, not all of them.
    starts: [u16; 257],
}

impl SuffixIndex {
    fn starting_with(&self, first: u8) -> &[Spelling] {
        let b = usize::from(first);
        let (from, to) = (self.starts[b], self.starts[b + 1]);
        self.rows
            .get(usize::from(from)..usize::from(to))
            .unwrap_or_default()
    }
}

fn suffix_index() -> &'static SuffixIndex {
    static INDEX: std::sync::OnceLock<SuffixIndex> = std::sync::OnceLock::new();
    INDEX.get_or_init(|| {
        // Room for exactly every spelling (collecting would double its way past them): the
        // index lives in every fresh instance's memory. A row or a spelling past a byte's reach
        // would be left out (the tests look every spelling up).
        let mut rows = Vec::with_capacity(SUFFIXES.iter().map(|(_, s)| s.len()).sum());
        for (row, (_, spellings)) in SUFFIXES.iter().enumerate() {
            let Ok(row) = u8::try_from(row) else { break };
            rows.extend(
                (0..spellings.len())
                    .filter_map(|at| u8::try_from(at).ok())
                    .map(|at| Spelling { row, at }),
            );
        }
        // Stable sort, then keep the first of each spelling: the earliest row wins.
        rows.sort_by_key(|s| s.spelling());
        rows.dedup_by_key(|s| s.spelling());
        let mut starts = [0; 257];
        for (b, start) in starts.iter_mut().enumerate() {
            let at = rows.partition_point(|s| {
                s.spelling()
                    .as_bytes()
                    .first()
                    .map_or(0, |f| usize::from(*f) + 1)
                    <= b
            });
            *start = u16::try_from(at).unwrap_or(u16::MAX);
        }
        SuffixIndex { rows, starts }
    })
}

/// Standard directional (N, NE, ...), if the word is one.
pub(crate) fn directional(word: &str) -> Option<&'static str> {
    DIRECTIONALS
        .iter()
        .find(|(w, _)| *w == word)
        .map(|(_, s)| *s)
}

/// Standard unit designator and whether it needs a secondary number.
pub(crate) fn unit(word: &str) -> Option<(&'static str, bool)> {
    UNITS
        .iter()
        .find(|(w, _, _)| *w == word)
        .map(|(_, s, n)| (*s, *n))
}

/// Spelled ordinal to numeral (FIRST -> 1ST), else the word itself.
pub(crate) fn ordinal(word: &str) -> &str {
    ORDINALS
        .iter()
        .find(|(w, _)| *w == word)
        .map_or(word, |(_, n)| *n)
}

/// Two-letter code of a folded state name, else the input itself.
#[cfg(test)]
pub(crate) fn state(name: &str) -> &str {
    state_code(name).unwrap_or(name)
}

/// Two-letter code of a folded state name, if it is one.
pub(crate) fn state_code(name: &str) -> Option<&'static str> {
    STATES.iter().find(|(w, _)| *w == name).map(|(_, c)| *c)
}

/// True when the folded text is a known two-letter state/territory code or state name.
pub(crate) fn is_state(s: &str) -> bool {
    STATES.iter().any(|(w, c)| *w == s || *c == s) || matches!(s, "AA" | "AE" | "AP")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lookups() {
        assert_eq!(suffix("STREET"), Some("ST"));
        assert_eq!(suffix("STR"), Some("ST"));
        assert_eq!(suffix("AV"), Some("AVE"));
        assert_eq!(suffix("BOULEVARD"), Some("BLVD"));
        assert_eq!(suffix("MAIN"), None);
        assert_eq!(directional("NORTHWEST"), Some("NW"));
        assert_eq!(unit("APARTMENT"), Some(("APT", true)));
        assert_eq!(unit("REAR"), Some(("REAR", false)));
        assert_eq!(ordinal("FIRST"), "1ST");
        assert_eq!(ordinal("MAIN"), "MAIN");
        assert_eq!(state("NEW YORK"), "NY");
        assert_eq!(state("IL"), "IL");
        assert!(is_state("IL") && is_state("TEXAS") && !is_state("XX"));
    }

    #[test]
    fn every_standard_is_its_own_variant() {
        for (std, variants) in SUFFIXES {
            assert_eq!(suffix(std), Some(*std), "{std}");
            assert!(variants.iter().all(|v| suffix(v) == Some(*std)), "{std}");
        }
    }
}
