//! The motor-vehicle code of every jurisdiction: how its courts cite it, where the serious
//! driving offences sit (inside the code or outside it) and which parts of it are not road traffic.
//!
//! Transcribed from `reference/law/vehicle-codes.json` (56 rows; DECISIONS §13), one row per
//! jurisdiction, with the row's confidence and sources. Keys and patterns are described in
//! `statute.rs`; `docs/vehicle-codes.md` is generated from this table. The `formats` and
//! `not_vehicle` strings are the reference's own examples, kept as test vectors; they and the
//! `sources` exist in test builds only: the engine never reads them, and in the shipped module
//! every byte of this table is copied into each fresh instance (26 KB of them).

use super::vocabulary::{Confidence, Confidence::*, SectionKind, SectionKind::*, SeriousKind::*};

/// One listed section of a jurisdiction.
#[derive(Debug)]
pub struct Section {
    /// Pattern of the section's key (`32-23-1`, `VC 23152`, `TR 21-902`).
    pub key: &'static str,
    pub kind: SectionKind,
    /// What it is, as the reference names it.
    pub what: &'static str,
}

/// One jurisdiction's motor-vehicle code (a row of `reference/law/vehicle-codes.json`).
#[derive(Debug)]
pub struct VehicleCode {
    /// Two-letter code of the jurisdiction.
    pub state: &'static str,
    pub name: &'static str,
    pub code_name: &'static str,
    pub confidence: Confidence,
    /// Words that decorate a citation (`SDCL`, `RSMO`, `O S`): dropped from the key, and
    /// what marks a number inside charge text as a citation.
    pub labels: &'static [&'static str],
    /// Labels that name one code among several (`CVC` -> `VC`), kept in the key.
    pub code_labels: &'static [(&'static str, &'static str)],
    /// Whether `N.N` after a section number is another section (`20-138.1`), not a subdivision
    /// of it (New York's `VTL 1192.3`, Minnesota's `169A.20.1`).
    pub decimal_sections: bool,
    /// Keys shaped like a statute of this jurisdiction, in any of its codes.
    pub statutes: &'static [&'static str],
    /// Keys inside the motor-vehicle code.
    pub vehicle_code: &'static [&'static str],
    /// Listed sections: serious offences (inside or outside the code), not-serious look-alikes,
    /// and parts that are not road traffic. The longest match wins.
    pub sections: &'static [Section],
    /// The reference's citation formats (test vectors).
    #[cfg(test)]
    pub formats: &'static [&'static str],
    /// The reference's look-alikes that are not the vehicle code (test vectors).
    #[cfg(test)]
    pub not_vehicle: &'static [&'static str],
    #[cfg(test)]
    pub sources: &'static [&'static str],
}

const fn sec(kind: SectionKind, key: &'static str, what: &'static str) -> Section {
    Section { key, kind, what }
}

/// One row per jurisdiction, in the reference's order (the 50 states, then DC and the territories).
pub(crate) const VEHICLE_CODES: &[VehicleCode] = &[
    VehicleCode {
        state: "AL",
        name: "Alabama",
        code_name: "Code of Alabama 1975, Title 32 (Motor Vehicles and Traffic)",
        confidence: High,
        labels: &["ALA CODE", "CODE OF ALABAMA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?-#?-#"],
        vehicle_code: &["32-#?-#"],
        sections: &[
            sec(NotRoad, "32-5A-191.3", "boating under the influence"),
            sec(
                Serious(ImpairedDriving),
                "32-5A-191",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "32-5A-190", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "32-10-1",
                "duty to stop after an accident",
            ),
            sec(Serious(LeavingScene), "32-10-2", "duty to give information"),
            sec(
                Serious(LeavingScene),
                "32-10-6",
                "leaving the scene (penalty)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "32-6-19",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(Eluding),
                "13A-10-52",
                "attempting to elude (Criminal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "32-5A-192",
                "homicide by vehicle or vessel",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "32-5A-191",
            "32-5A-191(a)(2)",
            "Ala. Code § 32-5A-171",
            "32-6-19",
            "13A-10-52",
        ],
        #[cfg(test)]
        not_vehicle: &["13A-8-3", "13A-6-21", "20-2-70"],
        #[cfg(test)]
        sources: &[
            "alisondb.legislature.state.al.us/alison/CodeOfAlabama/1975/32-5A-191.htm (via alissearch.legislature.state.al.us)",
            "legalclarity.org/alabama-penalties-for-leaving-the-scene-of-an-accident (32-10-1, 32-10-2, 32-10-6)",
            "mahaneylaw.com/additional-points-of-law-to-consider.html (32-6-18, 32-6-19)",
            "legalhelp.us/attempting-to-elude-a-police-officer-in-alabama; huntsvilledefenselawyer.com/attempting-to-elude (13A-10-52)",
            "NCSL chart 'Sanctions for drunk driving accidents resulting in serious injuries and/or death' (docslib.org/doc/3675100) (32-5A-192, 13A-6-4, 13A-6-20)",
        ],
    },
    VehicleCode {
        state: "AK",
        name: "Alaska",
        code_name: "Alaska Statutes Title 28 (Motor Vehicles); rules of the road in regulations 13 AAC 02",
        confidence: High,
        labels: &["AS", "AAC"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#.#", "13 #.#"],
        vehicle_code: &["28.#.#", "13 0[24].#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "28.35.030",
                "driving under the influence (also aircraft and watercraft)",
            ),
            sec(Serious(ImpairedDriving), "28.35.032", "refusal"),
            sec(Serious(RecklessDriving), "28.35.040", "reckless driving"),
            sec(NotSerious, "28.35.045", "negligent driving"),
            sec(
                Serious(LeavingScene),
                "28.35.050",
                "duties after an accident",
            ),
            sec(
                Serious(LeavingScene),
                "28.35.060",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "28.15.291",
                "driving while licence suspended or revoked",
            ),
            sec(
                Serious(Eluding),
                "28.35.182",
                "failure to stop at the direction of a peace officer",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "AS 28.35.030(a)(1)",
            "28.35.030",
            "AS 28.15.291(a)(1)",
            "13 AAC 02.275",
            "AS 11.41.120(a)(1)",
        ],
        #[cfg(test)]
        not_vehicle: &["AS 11.46.130", "11.41.120", "AS 11.41.220"],
        #[cfg(test)]
        sources: &[
            "lawserver.com/law/state/alaska/ak-statutes/alaska_statutes_28-35-030",
            "touchngo.com Alaska Statutes Title 28 Chapter 35 index",
            "unicourt.github.io/cic-code-ak (Title 28; revisor note citing 13 AAC 02 and 13 AAC 04)",
            "alaskadui.pro (AS 28.35.030, 28.35.032, 28.15.291)",
            "NCSL chart (docslib.org/doc/3675100) (AS 11.41.110-.130)",
        ],
    },
    VehicleCode {
        state: "AZ",
        name: "Arizona",
        code_name: "Arizona Revised Statutes Title 28 (Transportation)",
        confidence: High,
        labels: &["ARS", "A R S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#"],
        vehicle_code: &["28-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "28-1381",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "28-1382", "extreme DUI"),
            sec(Serious(ImpairedDriving), "28-1383", "aggravated DUI"),
            sec(
                Serious(ImpairedDriving),
                "4-244(34)",
                "under-21 drinking and driving (Title 4)",
            ),
            sec(Serious(RecklessDriving), "28-693", "reckless driving"),
            sec(Serious(RecklessDriving), "28-695", "aggressive driving"),
            sec(Serious(RecklessDriving), "28-708", "racing"),
            sec(
                Serious(LeavingScene),
                "28-661",
                "leaving the scene, injury or death",
            ),
            sec(Serious(LeavingScene), "28-662", "leaving the scene, damage"),
            sec(Serious(LeavingScene), "28-663", "duty to give information"),
            sec(
                Serious(SuspendedRevoked),
                "28-3473",
                "driving on a suspended or revoked licence",
            ),
            sec(Serious(Eluding), "28-622", "failure to obey an officer"),
            sec(Serious(Eluding), "28-622.01", "unlawful flight"),
            sec(
                Serious(VehicularHomicideAssault),
                "28-672",
                "serious injury or death by a moving violation",
            ),
            sec(NotSerious, "28-701.02", "excessive speeding"),
            sec(NotRoad, "5-395", "boating under the influence (Title 5)"),
        ],
        #[cfg(test)]
        formats: &[
            "28-1381A1",
            "28-1381A1 (M1)",
            "A.R.S. § 28-693",
            "ARS 28-701A",
            "13-1204A1",
        ],
        #[cfg(test)]
        not_vehicle: &["13-1805A1", "13-2904A1", "13-1602A1", "13-3405A1"],
        #[cfg(test)]
        sources: &[
            "instalawyer.io A.R.S. 28-1385 text (refers to 28-1381 to 28-1383, 4-244(34), title 13 ch. 11, 13-1201, 13-1204)",
            "guy4dui.com DUI & vehicular charges (28-1381(A)(1))",
            "shouselaw.com AZ DUI-with-reckless and DUI-hit-and-run pages (28-693, 28-695, 28-661, 28-662)",
            "mdautoaccident.com 'similar law' note (A.R.S. 28-672)",
            "public GitHub scraper code/docs describing Arizona court pages: 'ARSCode 28-1381A1 (M1)' (find_string '28-1381A1')",
        ],
    },
    VehicleCode {
        state: "AR",
        name: "Arkansas",
        code_name: "Arkansas Code Title 27 (Transportation); DWI in Title 5 (Criminal Offenses) Chapter 65",
        confidence: High,
        labels: &["ACA", "A C A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["27-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "5-65-#",
                "driving or boating while intoxicated (Title 5)",
            ),
            sec(Serious(ImpairedDriving), "27-23-114", "commercial DWI"),
            sec(Serious(RecklessDriving), "27-50-308", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "27-53-101",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "27-16-303",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "5-10-105",
                "negligent homicide (Title 5)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "27-50-307",
                "negligent homicide (former cite)",
            ),
            sec(NotSerious, "27-51-104", "careless driving"),
        ],
        #[cfg(test)]
        formats: &[
            "5-65-103",
            "A.C.A. § 5-65-103(a)",
            "27-51-201",
            "27-16-303",
            "5-54-125",
        ],
        #[cfg(test)]
        not_vehicle: &["5-36-103", "5-13-201", "5-64-419"],
        #[cfg(test)]
        sources: &[
            "arkleg.state.ar.us Title 5 Chapter 65 (5-65-101 to 5-65-103)",
            "law.uslawyerdatabase.com 2020 Arkansas Code Title 5 ch. 65 (5-65-303, 5-65-402, 27-23-114)",
            "rogersar.gov DWI/DUI page (5-65-103, 5-65-303)",
            "NCSL chart (docslib.org/doc/3675100) (5-10-105, 27-50-307)",
        ],
    },
    VehicleCode {
        state: "CA",
        name: "California",
        code_name: "California Vehicle Code (VC / CVC)",
        confidence: High,
        labels: &[],
        code_labels: &[
            ("CVC", "VC"),
            ("VEH", "VC"),
            ("VEHICLE CODE", "VC"),
            ("PENAL CODE", "PC"),
            ("PENAL", "PC"),
            ("HSC", "HS"),
            ("H S", "HS"),
            ("PC", "PC"),
            ("VC", "VC"),
            ("HS", "HS"),
            ("BP", "BP"),
            ("WI", "WI"),
            ("FG", "FG"),
            ("GC", "GC"),
            ("HN", "HN"),
            ("LC", "LC"),
            ("RT", "RT"),
            ("EL", "EL"),
            ("IC", "IC"),
            ("PR", "PR"),
            ("EC", "EC"),
            ("UI", "UI"),
            ("FA", "FA"),
            ("CI", "CI"),
            ("CC", "CC"),
            ("FC", "FC"),
            ("CP", "CP"),
            ("SH", "SH"),
            ("WC", "WC"),
            ("PU", "PU"),
            ("CA", "CA"),
            ("US", "US"),
            ("MV", "MV"),
        ],
        decimal_sections: true,
        statutes: &[
            "PC #", "VC #", "HS #", "BP #", "WI #", "FG #", "GC #", "HN #", "LC #", "RT #", "EL #",
            "IC #", "PR #", "EC #", "UI #", "FA #", "CI #", "CC #", "FC #", "CP #", "SH #", "WC #",
            "PU #", "CA #", "US #", "MV #",
        ],
        vehicle_code: &["VC #"],
        sections: &[
            sec(NotRoad, "VC 10851", "vehicle theft"),
            sec(NotRoad, "VC 10801", "chop shop"),
            sec(NotRoad, "VC 10802", "chop shop"),
            sec(NotRoad, "VC 10803", "chop shop"),
            sec(NotRoad, "VC 4462.5", "false registration"),
            sec(NotRoad, "VC 4463", "false registration"),
            sec(NotRoad, "VC 20", "false statement"),
            sec(NotRoad, "VC 31", "false statement"),
            sec(
                Serious(ImpairedDriving),
                "VC 23152",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "VC 23153", "DUI causing injury"),
            sec(Serious(ImpairedDriving), "VC 23136", "under-21 DUI"),
            sec(Serious(ImpairedDriving), "VC 23140", "under-21 DUI"),
            sec(Serious(RecklessDriving), "VC 23103", "reckless driving"),
            sec(Serious(RecklessDriving), "VC 23104", "reckless driving"),
            sec(Serious(RecklessDriving), "VC 23105", "reckless driving"),
            sec(Serious(RecklessDriving), "VC 23109", "speed contest"),
            sec(
                Serious(LeavingScene),
                "VC 20001",
                "hit and run, injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "VC 20002",
                "hit and run, property damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "VC 14601",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(SuspendedRevoked),
                "VC 14601.#",
                "driving while suspended or revoked",
            ),
            sec(Serious(Eluding), "VC 2800.#", "evading a peace officer"),
            sec(
                Serious(VehicularHomicideAssault),
                "PC 191.5",
                "gross vehicular manslaughter while intoxicated (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PC 192(C)",
                "vehicular manslaughter (Penal Code)",
            ),
            sec(
                NotRoad,
                "HN 655",
                "boating under the influence (Harbors and Navigation Code)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "23152(a) VC",
            "VC 23152(b)",
            "CVC 22350",
            "22350 VC",
            "14601.1(a) VC",
            "PC 191.5(a)",
        ],
        #[cfg(test)]
        not_vehicle: &["484 PC", "11350(a) HS", "25658 BP", "602 WI"],
        #[cfg(test)]
        sources: &[
            "shouselaw.com Vehicle Code 20001 and 20002 pages; dui.guru VC 20001 text (cross-references PC 191.5, 192(c)(1))",
            "NCSL chart (docslib.org/doc/3675100) (VC 23152 et seq., PC 191.5, 192(c))",
            "public GitHub police-log and booking-charge-list files found by find_string '23152(a) VC'",
            "LexisNexis HPCC ECL vendor parser (public GitHub) splitting offence strings on '(PC|VC|HS|BP)'",
        ],
    },
    VehicleCode {
        state: "CO",
        name: "Colorado",
        code_name: "Colorado Revised Statutes Title 42 (Vehicles and Traffic)",
        confidence: High,
        labels: &["CRS", "C R S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["42-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "42-4-1301",
                "DUI, DWAI, DUI per se",
            ),
            sec(Serious(RecklessDriving), "42-4-1401", "reckless driving"),
            sec(NotSerious, "42-4-1402", "careless driving"),
            sec(
                Serious(LeavingScene),
                "42-4-1601",
                "duty after an accident, injury or death",
            ),
            sec(Serious(LeavingScene), "42-4-1602", "duty after an accident"),
            sec(Serious(LeavingScene), "42-4-1603", "duty after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "42-2-138",
                "driving under restraint",
            ),
            sec(
                Serious(SuspendedRevoked),
                "42-2-206",
                "habitual traffic offender",
            ),
            sec(Serious(Eluding), "42-4-1413", "eluding"),
            sec(
                Serious(Eluding),
                "18-9-116.5",
                "vehicular eluding (Title 18)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18-3-106",
                "vehicular homicide (Title 18)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18-3-205",
                "vehicular assault (Title 18)",
            ),
            sec(
                NotRoad,
                "33-13-108.1",
                "boating under the influence (Title 33)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "42-4-1301(1)(a)",
            "C.R.S. 42-4-1101",
            "42-2-138(1)(a)",
            "18-3-205(1)(b)",
            "18-9-116.5",
        ],
        #[cfg(test)]
        not_vehicle: &["18-18-403.5(2)(a)", "18-18-428", "18-4-401"],
        #[cfg(test)]
        sources: &[
            "colorado.public.law/statutes/crs_42-4-1301",
            "legalfix.com Colorado Title 42 Article 4 Part 13 listing",
            "law.justia.com Colorado 18-9-116.5 (cross-reference to 42-4-1401)",
            "casetext.com C.R.S. 42-4-1401",
            "thebestdwidefense.com Colorado law (42-2-125 listing 18-3-106, 18-3-205, 42-4-1601)",
        ],
    },
    VehicleCode {
        state: "CT",
        name: "Connecticut",
        code_name: "Connecticut General Statutes Title 14 (Motor Vehicles. Use of the Highway by Vehicles. Gasoline)",
        confidence: High,
        labels: &["CGS", "C G S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?-#?"],
        vehicle_code: &["14-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "14-227A",
                "operating under the influence",
            ),
            sec(
                Serious(ImpairedDriving),
                "14-227G",
                "operating under the influence, under 21",
            ),
            sec(Serious(ImpairedDriving), "14-227B", "implied consent"),
            sec(
                Serious(VehicularHomicideAssault),
                "14-222A",
                "negligent homicide with a motor vehicle",
            ),
            sec(Serious(RecklessDriving), "14-222", "reckless driving"),
            sec(Serious(LeavingScene), "14-224", "evading responsibility"),
            sec(
                Serious(SuspendedRevoked),
                "14-215",
                "operating while suspended or revoked",
            ),
            sec(Serious(Eluding), "14-223(B)", "engaging police in pursuit"),
            sec(
                Serious(VehicularHomicideAssault),
                "53A-56B",
                "manslaughter second degree with a motor vehicle (Title 53a)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "53A-60D",
                "assault second degree with a motor vehicle (Title 53a)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "53A-57",
                "misconduct with a motor vehicle (Title 53a)",
            ),
            sec(NotRoad, "15-133", "boating under the influence (Title 15)"),
        ],
        #[cfg(test)]
        formats: &[
            "14-227a",
            "C.G.S. § 14-227a(a)(1)",
            "14-219(c)(1)",
            "14-215(a)",
            "53a-56b",
        ],
        #[cfg(test)]
        not_vehicle: &["53a-119", "53a-125b", "21a-279"],
        #[cfg(test)]
        sources: &[
            "casetext.com Conn. Gen. Stat. 14-223",
            "instalawyer.io and casetext.com Conn. Gen. Stat. 14-227a",
            "cga.ct.gov/2006/sup/Chap248.htm (chapter 248 table: 14-215, 14-222a, 14-224, 14-227a, 14-227g)",
            "cga.ct.gov/2008/rpt/2008-R-0512.htm (OLR report on DUI law)",
        ],
    },
    VehicleCode {
        state: "DE",
        name: "Delaware",
        code_name: "Delaware Code Title 21 (Motor Vehicles)",
        confidence: High,
        labels: &["DEL C", "DEL CODE", "TIS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #"],
        vehicle_code: &["21 #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "21 4177",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "21 4175", "reckless driving"),
            sec(Serious(LeavingScene), "21 4201", "duties after an accident"),
            sec(Serious(LeavingScene), "21 4202", "duties after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "21 2756",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(Eluding),
                "21 4103(B)",
                "disregarding a police signal",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "11 630",
                "vehicular homicide (Title 11)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "11 628",
                "vehicular assault (Title 11)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "11 629",
                "vehicular assault (Title 11)",
            ),
            sec(NotRoad, "23 2302", "boating under the influence (Title 23)"),
        ],
        #[cfg(test)]
        formats: &[
            "21 Del. C. § 4177(a)",
            "21 Del. C. 4175",
            "21 § 4169(b)",
            "11 Del. C. § 630",
        ],
        #[cfg(test)]
        not_vehicle: &["11 Del. C. § 841", "11 § 4201", "16 § 4763"],
        #[cfg(test)]
        sources: &[
            "delcode.delaware.gov/title21/c041/sc09/index.html (§§ 4175-4177M)",
            "law.justia.com 2015 Delaware Code 21 § 4177 and § 4177B",
            "thebestdwidefense.com Delaware law (§ 4175)",
            "trafficticketusa.com/delaware (§§ 4168, 4169)",
            "instalawyer.io Delaware Code 11 § 630",
        ],
    },
    VehicleCode {
        state: "FL",
        name: "Florida",
        code_name: "Florida Statutes Title XXIII (Motor Vehicles), chapters 316-324",
        confidence: High,
        labels: &["FS", "F S", "FLA STAT"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#"],
        vehicle_code: &["{316-324}.#"],
        sections: &[
            sec(NotRoad, "319.30", "title fraud"),
            sec(NotRoad, "319.33", "title fraud"),
            sec(NotRoad, "322.212", "forged or stolen licences"),
            sec(
                Serious(ImpairedDriving),
                "316.193",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "316.1939", "refusal"),
            sec(Serious(RecklessDriving), "316.192", "reckless driving"),
            sec(Serious(RecklessDriving), "316.191", "racing"),
            sec(
                Serious(LeavingScene),
                "316.027",
                "crash involving injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "316.061",
                "crash involving property damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "322.34",
                "driving while licence suspended or revoked",
            ),
            sec(
                Serious(SuspendedRevoked),
                "322.341",
                "driving while permanently revoked",
            ),
            sec(Serious(Eluding), "316.1935", "fleeing or eluding"),
            sec(
                Serious(VehicularHomicideAssault),
                "782.071",
                "vehicular homicide (chapter 782)",
            ),
            sec(NotSerious, "316.1925", "careless driving"),
            sec(
                NotRoad,
                "327.35",
                "boating under the influence (chapter 327)",
            ),
            sec(NotRoad, "782.072", "vessel homicide (chapter 782)"),
        ],
        #[cfg(test)]
        formats: &[
            "316.193(1)",
            "316.193(2a)",
            "316.193(3c1)",
            "322.34(2a)",
            "316.1935(2)",
            "782.071(1)",
        ],
        #[cfg(test)]
        not_vehicle: &[
            "327.35",
            "782.072(1)",
            "843.02",
            "893.13(6)(b)",
            "860.04",
            "812.014(2c6)",
            "831.29",
        ],
        #[cfg(test)]
        sources: &[
            "local data: reference/charges/okaloosa-charges.jsonl (Howard-Center-Investigations/homelessness-in-the-us, okaloosa-court-records)",
            "Florida Statutes Title XXIII chapter list (general knowledge; official site leg.state.fl.us)",
        ],
    },
    VehicleCode {
        state: "GA",
        name: "Georgia",
        code_name: "Official Code of Georgia Annotated (O.C.G.A.) Title 40 (Motor Vehicles and Traffic)",
        confidence: High,
        labels: &["OCGA", "O C G A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["40-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "40-6-391",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "40-5-67.1", "implied consent"),
            sec(Serious(ImpairedDriving), "40-6-392", "chemical tests"),
            sec(Serious(RecklessDriving), "40-6-390", "reckless driving"),
            sec(Serious(LeavingScene), "40-6-270", "hit and run"),
            sec(
                Serious(SuspendedRevoked),
                "40-5-121",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(Eluding),
                "40-6-395",
                "fleeing or attempting to elude",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "40-6-393",
                "homicide by vehicle",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "40-6-393.1",
                "feticide by vehicle",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "40-6-394",
                "serious injury by vehicle",
            ),
            sec(NotRoad, "52-7-12", "boating under the influence (Title 52)"),
        ],
        #[cfg(test)]
        formats: &[
            "40-6-391(a)(1)",
            "O.C.G.A. § 40-6-391",
            "OCGA 40-6-181",
            "40-5-121(a)",
            "40-6-395(b)(5)(A)",
        ],
        #[cfg(test)]
        not_vehicle: &["16-5-21", "16-8-2", "16-13-30"],
        #[cfg(test)]
        sources: &[
            "public GitHub court-order template and charge tables found by find_string '40-6-391'",
            "local sample 16-5-21 (reference/xml/samples)",
            "O.C.G.A. Title 40 (general knowledge; official publisher LexisNexis for the State of Georgia)",
        ],
    },
    VehicleCode {
        state: "HI",
        name: "Hawaii",
        code_name: "Hawaii Revised Statutes Title 17 (Motor and Other Vehicles), chapters 286-291E",
        confidence: High,
        labels: &["HRS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?-#", "#:#?-#"],
        vehicle_code: &["{286-287}-#", "290-#", "291-#", "291C-#", "291E-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "291E-61",
                "operating under the influence of an intoxicant",
            ),
            sec(Serious(ImpairedDriving), "291E-61.5", "habitual OVUII"),
            sec(
                Serious(ImpairedDriving),
                "291E-62",
                "driving while suspended for OVUII",
            ),
            sec(Serious(ImpairedDriving), "291-4", "DUI (former)"),
            sec(Serious(RecklessDriving), "291-2", "reckless driving"),
            sec(Serious(RecklessDriving), "291-12", "inattention to driving"),
            sec(
                Serious(LeavingScene),
                "291C-12",
                "accident involving death or serious injury",
            ),
            sec(
                Serious(LeavingScene),
                "291C-12.5",
                "accident involving injury",
            ),
            sec(
                Serious(LeavingScene),
                "291C-12.6",
                "accident involving injury",
            ),
            sec(
                Serious(LeavingScene),
                "291C-13",
                "accident involving damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "286-132",
                "driving while licence suspended or revoked",
            ),
            sec(
                Serious(SuspendedRevoked),
                "291-4.6",
                "driving after suspension for child support",
            ),
            sec(
                Serious(Eluding),
                "710-1027",
                "resisting an order to stop a motor vehicle (Penal Code)",
            ),
            sec(
                Serious(Eluding),
                "710-1026.9",
                "resisting an order to stop, first degree (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "707-702.5",
                "negligent homicide first degree (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "707-703",
                "negligent homicide (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "707-704",
                "negligent homicide (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "707-705",
                "negligent injury (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "707-706",
                "negligent injury (Penal Code)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "HRS 291E-61(a)(1)",
            "291C-102(a)(1)",
            "HRS § 291-2",
            "286-132",
            "291E-62(a)(2)",
        ],
        #[cfg(test)]
        not_vehicle: &["708-830.5", "712-1243", "431:10C-104"],
        #[cfg(test)]
        sources: &[
            "print.casetext.com HRS 291-2; trafficticketusa.com/hawaii (291-2)",
            "law.justia.com 2020 HRS chapter 291E list; legalfix.com HRS 291E list (291E-4 'Convictions and acts prior to January 1, 2002')",
            "instalawyer.io HRS 291-4.6",
            "mauimapp.com HRS 286 selected sections (1998; refers to former 291-4)",
        ],
    },
    VehicleCode {
        state: "ID",
        name: "Idaho",
        code_name: "Idaho Code Title 49 (Motor Vehicles); DUI, driving without privileges and leaving the scene in Title 18 Chapter 80 ('Motor Vehicles')",
        confidence: High,
        labels: &["IC", "I C"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#"],
        vehicle_code: &["49-#", "18-{8001-8011}"],
        sections: &[
            sec(
                Serious(SuspendedRevoked),
                "18-8001",
                "driving without privileges",
            ),
            sec(Serious(ImpairedDriving), "18-8002", "refusal"),
            sec(
                Serious(ImpairedDriving),
                "18-8004",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "18-8005", "DUI penalties"),
            sec(Serious(ImpairedDriving), "18-8006", "aggravated DUI"),
            sec(
                Serious(LeavingScene),
                "18-8007",
                "leaving the scene, injury or death",
            ),
            sec(Serious(RecklessDriving), "49-1401(1)", "reckless driving"),
            sec(Serious(RecklessDriving), "49-1401(2)", "reckless driving"),
            sec(NotSerious, "49-1401(3)", "inattentive driving"),
            sec(
                Serious(Eluding),
                "49-1404",
                "fleeing or attempting to elude",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18-4006(3)",
                "vehicular manslaughter (Title 18)",
            ),
            sec(NotRoad, "67-7034", "boating under the influence (Title 67)"),
        ],
        #[cfg(test)]
        formats: &[
            "I.C. 18-8004",
            "18-8004(1)(a)",
            "49-1401(1)",
            "18-8001",
            "49-654(2)",
        ],
        #[cfg(test)]
        not_vehicle: &["18-2403", "18-903", "37-2732"],
        #[cfg(test)]
        sources: &[
            "lawserver.com Idaho Code Title 18 Chapter 80 and Title 49 Chapter 14 listings",
            "law.justia.com 2005 Idaho Code 18-8001",
            "legislature.idaho.gov 18-8005",
            "canyoncounty.id.gov prosecuting attorney DUI page (18-8004, 18-8006, 18-4006)",
        ],
    },
    VehicleCode {
        state: "IL",
        name: "Illinois",
        code_name: "Illinois Vehicle Code, 625 ILCS 5/ (formerly Ill. Rev. Stat. ch. 95½)",
        confidence: High,
        labels: &["ILCS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #/#", "#-#/#"],
        vehicle_code: &["625 5/#", "625-5/#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "625 5/11-501",
                "driving under the influence",
            ),
            sec(
                Serious(ImpairedDriving),
                "625-5/11-501",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "625 5/11-503", "reckless driving"),
            sec(Serious(RecklessDriving), "625-5/11-503", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "625 5/11-401",
                "leaving the scene, injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "625 5/11-402",
                "leaving the scene, damage",
            ),
            sec(Serious(LeavingScene), "625-5/11-401", "leaving the scene"),
            sec(Serious(LeavingScene), "625-5/11-402", "leaving the scene"),
            sec(
                Serious(SuspendedRevoked),
                "625 5/6-303",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(SuspendedRevoked),
                "625-5/6-303",
                "driving while suspended or revoked",
            ),
            sec(Serious(Eluding), "625 5/11-204", "fleeing"),
            sec(Serious(Eluding), "625-5/11-204", "fleeing"),
        ],
        #[cfg(test)]
        formats: &[
            "625 ILCS 5/11-501(a)(2)",
            "625-5/11-601(b)",
            "11-501(a)(1)",
            "625 ILCS 5/6-303(a)",
            "720 ILCS 5/9-3(a)",
        ],
        #[cfg(test)]
        not_vehicle: &[
            "720 ILCS 5/31-1(a)",
            "720 ILCS 5/21-3(a)(2)",
            "720 ILCS 5/16-25(a)(1)",
            "720 ILCS 5/11-1.20",
            "720 ILCS 5/12-3",
        ],
        #[cfg(test)]
        sources: &[
            "public GitHub code found by find_string '625 ILCS 5/11-501' (charge tables and parsers)",
            "local samples reference/xml/samples (720 ILCS 5/...)",
            "Illinois Vehicle Code (general knowledge; ilga.gov chapter 625 act 5)",
        ],
    },
    VehicleCode {
        state: "IN",
        name: "Indiana",
        code_name: "Indiana Code Title 9 (Motor Vehicles)",
        confidence: High,
        labels: &["IC", "I C"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#-#"],
        vehicle_code: &["9-#-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "9-30-5-#",
                "operating while intoxicated",
            ),
            sec(Serious(RecklessDriving), "9-21-8-52", "reckless driving"),
            sec(Serious(LeavingScene), "9-26-1-1.1", "leaving the scene"),
            sec(
                Serious(SuspendedRevoked),
                "9-24-19-2",
                "driving while suspended",
            ),
            sec(
                Serious(SuspendedRevoked),
                "9-30-10-16",
                "habitual traffic violator",
            ),
            sec(
                Serious(SuspendedRevoked),
                "9-30-10-17",
                "habitual traffic violator",
            ),
            sec(
                Serious(ImpairedDriving),
                "9-11-2-#",
                "operating while intoxicated (pre-1991 cite)",
            ),
            sec(NotRoad, "14-15-8-#", "boating while intoxicated (Title 14)"),
        ],
        #[cfg(test)]
        formats: &[
            "IC 9-30-5-2(a)",
            "9-30-5-1(b)",
            "I.C. 9-21-5-2",
            "9-24-19-2",
            "35-44.1-3-1(a)(3)",
        ],
        #[cfg(test)]
        not_vehicle: &["35-43-4-2", "35-48-4-6", "35-42-2-1"],
        #[cfg(test)]
        sources: &[
            "lawserver.com IC 9-30-5 chapter list; stephenmurphyattorney.com (IC 9-30-5-1, -2 with 'Pre-1991 Recodification Citation: 9-11-2-1')",
            "statutes.laws.com Indiana 9-30-5; Daviess County Indiana Criminal Code 2022 (cld.bz) traffic chapter",
            "dui.uslegal.com Indiana (9-30-5-1 et seq.; 9-30-10-4)",
        ],
    },
    VehicleCode {
        state: "IA",
        name: "Iowa",
        code_name: "Iowa Code chapter 321 (Motor Vehicles and Law of the Road) and 321J (Operating While Intoxicated), Title VIII Transportation",
        confidence: High,
        labels: &["IOWA CODE"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?.#"],
        vehicle_code: &["321?.#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "321J.2",
                "operating while intoxicated",
            ),
            sec(
                Serious(ImpairedDriving),
                "321J.2A",
                "operating while intoxicated, under 21",
            ),
            sec(
                Serious(SuspendedRevoked),
                "321J.21",
                "driving while revoked for OWI",
            ),
            sec(Serious(RecklessDriving), "321.277", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "321.261",
                "leaving the scene, injury or death",
            ),
            sec(Serious(LeavingScene), "321.263", "duties after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "321.218",
                "driving while denied, suspended, revoked or barred",
            ),
            sec(
                Serious(SuspendedRevoked),
                "321.561",
                "habitual offender barred",
            ),
            sec(
                Serious(Eluding),
                "321.279",
                "eluding or attempting to elude",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "707.6A",
                "homicide or serious injury by vehicle (chapter 707)",
            ),
            sec(
                NotRoad,
                "462A.14",
                "operating a boat while intoxicated (chapter 462A)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "321.285",
            "321J.2",
            "321J.2(1)(a)",
            "321.218(1)",
            "707.6A(1)",
        ],
        #[cfg(test)]
        not_vehicle: &["714.1", "708.2(3)", "124.401"],
        #[cfg(test)]
        sources: &[
            "courtgpt.ai Iowa Code 321.279",
            "codes.findlaw.com and legalfix.com Iowa Code 707.6A (refers to 321J.2, 321.277)",
            "casetext.com Iowa Code 321.302; legis.iowa.gov HF 358 (2023)",
            "public GitHub Iowa record-clearing code listing '321J.2', '321.218', '321J.21' (find_string)",
        ],
    },
    VehicleCode {
        state: "KS",
        name: "Kansas",
        code_name: "Kansas Statutes Annotated Chapter 8 (Automobiles and Other Vehicles)",
        confidence: High,
        labels: &["KSA", "K S A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#"],
        vehicle_code: &["8-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "8-1567",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "8-2,144", "commercial DUI"),
            sec(Serious(RecklessDriving), "8-1566", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "8-1602",
                "accident involving death, injury or attended property",
            ),
            sec(Serious(LeavingScene), "8-1603", "duties after an accident"),
            sec(Serious(LeavingScene), "8-1604", "duties after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "8-262",
                "driving while suspended",
            ),
            sec(Serious(SuspendedRevoked), "8-287", "habitual violator"),
            sec(Serious(Eluding), "8-1568", "fleeing or attempting to elude"),
            sec(
                Serious(VehicularHomicideAssault),
                "21-5406",
                "vehicular homicide (chapter 21)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "21-3442",
                "involuntary manslaughter while DUI (former chapter 21)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "21-3405",
                "vehicular homicide (former chapter 21)",
            ),
            sec(
                NotRoad,
                "32-1131",
                "boating under the influence (chapter 32)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "K.S.A. 8-1567",
            "8-1567(a)(3)",
            "K.S.A. 8-262(a)(1)",
            "8-2,144",
            "21-5406",
        ],
        #[cfg(test)]
        not_vehicle: &["21-5801", "21-5706", "21-6811"],
        #[cfg(test)]
        sources: &[
            "ksrevisor.org 8-1567 and 8-1568; olathe.municipal.codes/KS/KSA/8-1567",
            "paolaks.citycode.net serious traffic offences (city code quoting K.S.A. 8-1566)",
            "getpocketlaw.com K.S.A. 8-1602",
            "kansas-dui-attorney.com (2012 refusal provisions; 8-2,144)",
            "docslib.org Kansas legislative memo on HB 2439 (DUI involuntary manslaughter; K.S.A. 21-6811)",
        ],
    },
    VehicleCode {
        state: "KY",
        name: "Kentucky",
        code_name: "Kentucky Revised Statutes Title XVI (Motor Vehicles), chapters 186-190",
        confidence: High,
        labels: &["KRS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?.#"],
        vehicle_code: &["186?.#", "187.#", "189?.#", "190.#"],
        sections: &[
            sec(NotRoad, "190.", "motor vehicle dealers"),
            sec(
                Serious(ImpairedDriving),
                "189A.010",
                "driving under the influence",
            ),
            sec(
                Serious(SuspendedRevoked),
                "189A.090",
                "driving while suspended for DUI",
            ),
            sec(Serious(RecklessDriving), "189.290", "reckless driving"),
            sec(Serious(LeavingScene), "189.580", "duty after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "186.620",
                "operating on a suspended licence",
            ),
            sec(
                NotRoad,
                "235.240",
                "boating under the influence (chapter 235)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "KRS 189A.010(1)(A)",
            "189A.010",
            "KRS 186.620(2)",
            "189.290",
            "520.095",
        ],
        #[cfg(test)]
        not_vehicle: &["514.030", "218A.1415", "508.030"],
        #[cfg(test)]
        sources: &[
            "lawreader.com KRS chapter 189A annotated",
            "casetext (cloudfront mirror) Kentucky Revised Statutes Title 16 Motor Vehicles chapter 189A list (189A.010, 189A.090)",
            "instalawyer.io / flawfinder.ai KRS 189A lists",
            "nhtsa.gov child-endangerment appendix Kentucky (KRS 189A.010)",
        ],
    },
    VehicleCode {
        state: "LA",
        name: "Louisiana",
        code_name: "Louisiana Revised Statutes Title 32 (Motor Vehicles and Traffic Regulation); DWI and vehicular crimes in Title 14 (Criminal Law)",
        confidence: High,
        labels: &["LA", "R S", "RS", "LA R S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#:#"],
        vehicle_code: &["32:#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "14:98",
                "operating a vehicle while impaired (Title 14)",
            ),
            sec(
                Serious(ImpairedDriving),
                "14:98.#",
                "impaired driving penalties (Title 14)",
            ),
            sec(
                Serious(RecklessDriving),
                "14:99",
                "reckless operation (Title 14)",
            ),
            sec(
                Serious(LeavingScene),
                "14:100",
                "hit-and-run driving (Title 14)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "32:415",
                "driving under suspension",
            ),
            sec(
                Serious(Eluding),
                "14:108.1",
                "flight from an officer (Title 14)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "14:32.1",
                "vehicular homicide (Title 14)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "14:39.1",
                "vehicular negligent injuring (Title 14)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "14:39.2",
                "first-degree vehicular negligent injuring (Title 14)",
            ),
            sec(NotSerious, "32:58", "careless operation"),
        ],
        #[cfg(test)]
        formats: &[
            "R.S. 14:98",
            "La. R.S. 32:61",
            "14:98.1",
            "32:58",
            "14:98.5 A.",
        ],
        #[cfg(test)]
        not_vehicle: &["14:67", "14:34", "40:966"],
        #[cfg(test)]
        sources: &[
            "chargecode.lasc.org/PublicSite/Law (Louisiana Supreme Court charge codes, 14:98.5)",
            "legis.la.gov/Legis/Law.aspx?d=78751 (R.S. 14:98 as amended 2024)",
            "laws9.com R.S. 14:98; legalfix.com, law.justia.com, casetext R.S. 14:32.1",
            "kevinstockstill.com (R.S. 14:100, 14:98, 14:32.1, 14:39.1, 14:39.2)",
        ],
    },
    VehicleCode {
        state: "ME",
        name: "Maine",
        code_name: "Maine Revised Statutes Title 29-A (Motor Vehicles and Traffic)",
        confidence: High,
        labels: &["MRS", "M R S", "MRSA", "M R S A", "TITLE"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?-A #", "# #"],
        vehicle_code: &["29-A #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "29-A 2411",
                "operating under the influence",
            ),
            sec(Serious(RecklessDriving), "29-A 2413", "driving to endanger"),
            sec(Serious(LeavingScene), "29-A 2252", "accidents"),
            sec(Serious(LeavingScene), "29-A 2253", "accidents"),
            sec(Serious(LeavingScene), "29-A 2254", "accidents"),
            sec(
                Serious(SuspendedRevoked),
                "29-A 2412-A",
                "operating while suspended or revoked",
            ),
            sec(
                Serious(SuspendedRevoked),
                "29-A 2557-A",
                "operating after habitual offender revocation",
            ),
            sec(
                Serious(SuspendedRevoked),
                "29-A 2558",
                "aggravated operating after revocation",
            ),
            sec(
                Serious(Eluding),
                "29-A 2414",
                "failure to stop, eluding an officer",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "29-A § 2411(1-A)(A)",
            "29-A MRSA 2412-A(1-A)(A)",
            "29-A § 2413(1)",
            "17-A § 203(1)(A)",
        ],
        #[cfg(test)]
        not_vehicle: &["17-A § 353", "17-A § 1103", "12 § 10902"],
        #[cfg(test)]
        sources: &[
            "nhtsa.gov child-endangerment appendix Maine (29-A § 2411)",
            "law.justia.com 2023 Maine Title 29-A § 2413",
            "mainelegislature.org LD 1567 (121st) amending 29-A §§ 2412-A, 2414",
            "legislature.maine.gov PL 2005 c. 606 (§§ 2557-A, 2558; former Title 29 §§ 1312-B, 2298)",
            "lawserver.com 29-A §§ 2412-A, 2557-A",
        ],
    },
    VehicleCode {
        state: "MD",
        name: "Maryland",
        code_name: "Maryland Code, Transportation Article (TR / TA), Titles 11-27 (Vehicle Laws)",
        confidence: High,
        labels: &["MD"],
        code_labels: &[
            ("TR", "TR"),
            ("TA", "TR"),
            ("TRANSP", "TR"),
            ("TRANSPORTATION", "TR"),
            ("CR", "CR"),
            ("CRIM LAW", "CR"),
        ],
        decimal_sections: true,
        statutes: &["TR #-#", "CR #-#"],
        vehicle_code: &["TR {11-27}-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "TR 21-902",
                "driving under the influence or while impaired",
            ),
            sec(
                Serious(RecklessDriving),
                "TR 21-901.1(A)",
                "reckless driving",
            ),
            sec(NotSerious, "TR 21-901.1(B)", "negligent driving"),
            sec(
                Serious(LeavingScene),
                "TR 20-102",
                "failure to remain at the scene, injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "TR 20-103",
                "failure to remain at the scene",
            ),
            sec(
                Serious(LeavingScene),
                "TR 20-104",
                "duties after an accident",
            ),
            sec(
                Serious(LeavingScene),
                "TR 20-105",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "TR 16-303",
                "driving while suspended or revoked",
            ),
            sec(Serious(Eluding), "TR 21-904", "fleeing or eluding police"),
            sec(
                Serious(VehicularHomicideAssault),
                "TR 21-406",
                "contributing to an accident causing death or serious injury",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "TR 21-1124.3",
                "contributing to an accident causing death or serious injury",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "CR 2-209",
                "manslaughter by vehicle (Criminal Law Article)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "CR 2-210",
                "criminally negligent manslaughter by vehicle (Criminal Law Article)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "CR 2-{503-506}",
                "homicide by motor vehicle while impaired (Criminal Law Article)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "TR 21-902(a)(1)(i)",
            "TA 21-801.1",
            "TR-20-102",
            "21-902(b)",
            "CR 2-209",
        ],
        #[cfg(test)]
        not_vehicle: &["CR 5-601", "CR 7-104", "CR 3-203"],
        #[cfg(test)]
        sources: &[
            "lexace.ai Maryland TR-20-102 and TR-21-406",
            "mgaleg.maryland.gov Transportation 21-1124.3",
            "instalawyer.io and law.justia.com 2018 Transportation 21-904",
            "pricebenowitz.com reckless driving (Title 21 Subtitle 9; 21-902)",
        ],
    },
    VehicleCode {
        state: "MA",
        name: "Massachusetts",
        code_name: "Massachusetts General Laws chapter 90 (Motor Vehicles and Aircraft), with chapter 89 (Law of the Road) and chapter 90C (motor-vehicle offence procedure)",
        confidence: High,
        labels: &["GL", "G L", "M G L", "C", "CH", "S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?/#", "#? #"],
        vehicle_code: &["{89-90}/#", "90C/#", "{89-90} #", "90C #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "90/24/J",
                "operating under the influence (offence code)",
            ),
            sec(
                Serious(ImpairedDriving),
                "90 24L",
                "OUI causing serious injury",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "90 24G",
                "homicide by motor vehicle",
            ),
            sec(
                Serious(ImpairedDriving),
                "90/24L",
                "OUI causing serious injury",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "90/24G",
                "homicide by motor vehicle",
            ),
            sec(
                Serious(ImpairedDriving),
                "90 24$",
                "operating under the influence, operating to endanger, leaving the scene",
            ),
            sec(
                Serious(ImpairedDriving),
                "90/24$",
                "operating under the influence, operating to endanger, leaving the scene",
            ),
            sec(
                Serious(SuspendedRevoked),
                "90 23",
                "operating after suspension or revocation",
            ),
            sec(
                Serious(SuspendedRevoked),
                "90/23",
                "operating after suspension or revocation",
            ),
            sec(Serious(Eluding), "90 25", "refusing to stop for police"),
            sec(Serious(Eluding), "90/25", "refusing to stop for police"),
        ],
        #[cfg(test)]
        formats: &[
            "90/24/J",
            "OUI-LIQUOR C90 S24",
            "SPEEDING * C90 S17",
            "c. 90, § 24(1)(a)(1)",
            "G.L. c. 90 § 23",
        ],
        #[cfg(test)]
        not_vehicle: &["266/30/A", "c. 266 § 30", "c. 94C § 34", "90B/8/A"],
        #[cfg(test)]
        sources: &[
            "dokumen.tips: Massachusetts Trial Court, District Court Complaint Language Manual (rev. 13 April 2018)",
            "masscases.com Commonwealth v. Nascimento, 479 Mass. 681 (c. 90 § 23, § 24(1)(f)(2))",
            "neymanlaw.com G.L. c. 90 § 24(1)",
            "public GitHub script processing Cambridge MA citation CSV (find_string '90/24/J', read_file id 37820380845)",
        ],
    },
    VehicleCode {
        state: "MI",
        name: "Michigan",
        code_name: "Michigan Vehicle Code, 1949 PA 300, MCL 257.1 to 257.923",
        confidence: High,
        labels: &["MCL", "M C L", "MCLA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#"],
        vehicle_code: &["257.#"],
        sections: &[
            sec(NotRoad, "257.902", "false certification"),
            sec(NotRoad, "257.903", "false certification"),
            sec(
                Serious(ImpairedDriving),
                "257.625",
                "operating while intoxicated",
            ),
            sec(Serious(RecklessDriving), "257.626", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "257.617",
                "failure to stop at the scene",
            ),
            sec(
                Serious(LeavingScene),
                "257.617A",
                "failure to stop at the scene",
            ),
            sec(Serious(LeavingScene), "257.618", "duties after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "257.904",
                "driving while licence suspended or revoked",
            ),
            sec(Serious(Eluding), "257.602A", "fleeing and eluding"),
            sec(Serious(Eluding), "750.479A", "fleeing police (Penal Code)"),
            sec(
                Serious(VehicularHomicideAssault),
                "257.601B",
                "moving violation causing death or serious impairment",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "257.601C",
                "moving violation causing death or serious impairment",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "257.601D",
                "moving violation causing death or serious impairment",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "750.324",
                "negligent homicide (Penal Code)",
            ),
            sec(NotRoad, "324.80176", "boating while intoxicated (NREPA)"),
        ],
        #[cfg(test)]
        formats: &[
            "257.625(1)",
            "MCL 257.6256",
            "257.627",
            "MCL 257.904(3)(a)",
            "750.479a",
        ],
        #[cfg(test)]
        not_vehicle: &["750.356D2", "750.356d(4)", "750.81a", "333.7403"],
        #[cfg(test)]
        sources: &[
            "casetext.com / ombudsman.legislature.mi.gov / law.onecle.com MCL 777.12e (chapter 257 felonies: 257.601b, 601c, 602a, 616a, 617) and 777.12h (257.902, 903, 904)",
            "statutes.laws-info.com MCL 257.626",
            "courts.michigan.gov Traffic Benchbook ch. 8 (257.602a vs 750.479a)",
            "find_string 'MCL 257.625' (Recidiviz pulse-data Michigan criteria)",
        ],
    },
    VehicleCode {
        state: "MN",
        name: "Minnesota",
        code_name: "Minnesota Statutes chapters 168-171 (vehicles, traffic regulations, drivers' licences) and 169A (Impaired Driving Code)",
        confidence: High,
        labels: &["MINN STAT"],
        code_labels: &[],
        decimal_sections: false,
        statutes: &["#?.#"],
        vehicle_code: &["168?.#", "169?.#", "171.#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "169A.20",
                "driving while impaired",
            ),
            sec(
                Serious(ImpairedDriving),
                "169A.{24-27}",
                "degrees of driving while impaired",
            ),
            sec(Serious(RecklessDriving), "169.13.1", "reckless driving"),
            sec(NotSerious, "169.13.2", "careless driving"),
            sec(
                Serious(LeavingScene),
                "169.09",
                "duty to stop after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "171.24",
                "driving after suspension, revocation or cancellation",
            ),
            sec(
                Serious(Eluding),
                "609.487",
                "fleeing a peace officer in a motor vehicle (chapter 609)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "609.2112",
                "criminal vehicular homicide (chapter 609)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "609.2113",
                "criminal vehicular operation (chapter 609)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "609.2114",
                "criminal vehicular operation (chapter 609)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "609.21",
                "criminal vehicular operation (chapter 609, before 2014)",
            ),
            sec(NotRoad, "86B.331", "boating while impaired"),
        ],
        #[cfg(test)]
        formats: &[
            "169A.20.1(1)",
            "169A.25.1(b)",
            "169.14.2(a)(1)",
            "171.24.2",
            "609.2113.1(2)(i)",
        ],
        #[cfg(test)]
        not_vehicle: &["609.52.2(a)(1)", "609.605.1(b)(8)", "152.025"],
        #[cfg(test)]
        sources: &[
            "find_string '169A.20' (scraped Minnesota court record: 'Statute: 169A.20.1(1)')",
            "local samples reference/xml/samples (169A.25.1(b), 609.52.2(a)(1))",
            "revisor.mn.gov SF 1596 (2009) and SF 3908 (2024) (609.487, 171.174)",
            "self-law.org Minn. Stat. 171.174",
        ],
    },
    VehicleCode {
        state: "MS",
        name: "Mississippi",
        code_name: "Mississippi Code 1972 Title 63 (Motor Vehicles and Traffic Regulations)",
        confidence: High,
        labels: &["MISS CODE", "MISS CODE ANN", "MCA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["63-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "63-11-30",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "63-3-1201", "reckless driving"),
            sec(NotSerious, "63-3-1213", "careless driving"),
            sec(
                Serious(LeavingScene),
                "63-3-{401-405}",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "63-11-40",
                "driving while suspended for DUI",
            ),
            sec(
                Serious(SuspendedRevoked),
                "63-1-69",
                "driving while suspended",
            ),
            sec(Serious(Eluding), "97-9-72", "felony fleeing (Title 97)"),
            sec(NotRoad, "59-23-7", "boating under the influence (Title 59)"),
        ],
        #[cfg(test)]
        formats: &[
            "63-11-30(1)(a)",
            "Miss. Code Ann. § 63-3-1201",
            "MCA 63-3-501",
            "97-9-72",
        ],
        #[cfg(test)]
        not_vehicle: &["97-17-41", "41-29-139", "97-3-7"],
        #[cfg(test)]
        sources: &[
            "codes.findlaw.com Mississippi Code 63-3-1201; trafficticketusa.com/mississippi (63-3-501, 63-3-1201)",
            "dabarlaw.com, ike-law.com (63-11-30 text)",
            "lawyercentral.com (Title 63 overview)",
        ],
    },
    VehicleCode {
        state: "MO",
        name: "Missouri",
        code_name: "Revised Statutes of Missouri (RSMo) Title XIX (Motor Vehicles, Watercraft and Aviation) chapters 300-307; DWI in chapter 577 (Public Safety Offenses)",
        confidence: High,
        labels: &["RSMO", "RSMO"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#"],
        vehicle_code: &[
            "30[0-47].#",
            "577.010",
            "577.012",
            "577.017",
            "577.020",
            "577.021",
            "577.023",
            "577.029",
            "577.031",
            "577.037",
            "577.041",
            "577.060",
        ],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "577.010",
                "driving while intoxicated",
            ),
            sec(
                Serious(ImpairedDriving),
                "577.012",
                "excessive blood alcohol content",
            ),
            sec(Serious(ImpairedDriving), "577.041", "refusal"),
            sec(
                Serious(LeavingScene),
                "577.060",
                "leaving the scene of an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "302.321",
                "driving while revoked or suspended",
            ),
            sec(NotSerious, "304.012", "careless and imprudent driving"),
            sec(NotRoad, "577.013", "boating while intoxicated"),
            sec(NotRoad, "577.014", "boating while intoxicated"),
            sec(NotRoad, "577.015", "aircraft"),
            sec(NotRoad, "577.016", "aircraft"),
            sec(NotRoad, "305.", "aviation (chapter 305)"),
            sec(NotRoad, "306.", "watercraft (chapter 306)"),
        ],
        #[cfg(test)]
        formats: &[
            "304.010",
            "RSMo 304.010",
            "302.321",
            "577.010",
            "577.010-032Y202054.0",
        ],
        #[cfg(test)]
        not_vehicle: &["577.013", "577.016", "570.030", "306.111", "305.110"],
        #[cfg(test)]
        sources: &[
            "combswaterkotte.com RSMo chapter 577 list (577.010-577.709)",
            "dui.attorney Missouri 577.010 text (2017 felony classes)",
            "dwi-laws-missouri.com 577.016 (aircraft)",
            "dmh.mo.gov SATOP statutes page (chapter 302 driving while revoked)",
            "saintlouislegal.com, tysonmutrux.com (577.010, 577.012)",
            "public GitHub Missouri courts 'smc-web' Cucumber test (find_string '577.010')",
        ],
    },
    VehicleCode {
        state: "MT",
        name: "Montana",
        code_name: "Montana Code Annotated Title 61 (Motor Vehicles)",
        confidence: High,
        labels: &["MCA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["61-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "61-8-1002",
                "driving under the influence",
            ),
            sec(
                Serious(ImpairedDriving),
                "61-8-401",
                "driving under the influence (former)",
            ),
            sec(Serious(ImpairedDriving), "61-8-406", "per se DUI (former)"),
            sec(Serious(ImpairedDriving), "61-8-465", "DUI (former)"),
            sec(Serious(RecklessDriving), "61-8-301", "reckless driving"),
            sec(NotSerious, "61-8-302", "careless driving"),
            sec(
                Serious(LeavingScene),
                "61-7-103",
                "leaving the scene, injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "61-7-104",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "61-5-212",
                "driving while suspended or revoked",
            ),
            sec(Serious(Eluding), "61-8-316", "eluding a peace officer"),
            sec(
                Serious(VehicularHomicideAssault),
                "45-5-106",
                "vehicular homicide while under the influence (Title 45)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "45-5-205",
                "negligent vehicular assault (Title 45)",
            ),
            sec(NotRoad, "23-2-523", "boating or OHV DUI (Title 23)"),
        ],
        #[cfg(test)]
        formats: &[
            "61-8-1002(1)(a)",
            "MCA 61-8-401",
            "61-5-212(1)(a)",
            "45-5-106",
        ],
        #[cfg(test)]
        not_vehicle: &["45-6-301", "45-9-102", "45-5-201"],
        #[cfg(test)]
        sources: &[
            "leg.mt.gov MCA 2023 61-8-1001 (definitions citing 61-8-1002)",
            "leg.mt.gov 2019 SB 65 text (repealing 61-8-401 ff; amending 45-5-106, 45-5-205, 61-5-212)",
            "app.legiplex.com Montana HB 344 (2025) (23-2-535, 61-8-1002)",
            "thebestdwidefense.com Montana law (former 61-8-401)",
        ],
    },
    VehicleCode {
        state: "NE",
        name: "Nebraska",
        code_name: "Nebraska Revised Statutes Chapter 60 (Motor Vehicles)",
        confidence: High,
        labels: &["NEB REV STAT"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#"],
        vehicle_code: &["60-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "60-6,196",
                "driving under the influence",
            ),
            sec(
                Serious(ImpairedDriving),
                "60-6,197",
                "implied consent, refusal",
            ),
            sec(
                Serious(ImpairedDriving),
                "60-6,198",
                "DUI causing serious bodily injury",
            ),
            sec(Serious(RecklessDriving), "60-6,213", "reckless driving"),
            sec(
                Serious(RecklessDriving),
                "60-6,214",
                "willful reckless driving",
            ),
            sec(NotSerious, "60-6,212", "careless driving"),
            sec(
                Serious(LeavingScene),
                "60-697",
                "duty to stop, injury or death",
            ),
            sec(Serious(LeavingScene), "60-698", "duty to stop, penalty"),
            sec(
                Serious(LeavingScene),
                "60-696",
                "duty to stop, property damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "60-4,108",
                "operating during suspension or revocation",
            ),
            sec(
                Serious(Eluding),
                "28-905",
                "operating a motor vehicle to avoid arrest (chapter 28)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "28-306",
                "motor vehicle homicide (chapter 28)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "60-6,196",
            "Neb. Rev. Stat. § 60-6,196(1)(a)",
            "60-6,186",
            "60-4,108",
            "28-306",
        ],
        #[cfg(test)]
        not_vehicle: &["28-511", "28-416", "28-310"],
        #[cfg(test)]
        sources: &[
            "instalawyer.io Neb. Rev. Stat. 60-6,197.03, 60-6,197, 60-498.01",
            "legalfix.com Neb. Rev. Stat. 60-6,213 (annotation cites 60-6,212)",
            "statutes.laws-info.com Nebraska 60-6,196",
            "nebraskalegislature.gov 60-698 (refers to 60-697, 60-6,198)",
        ],
    },
    VehicleCode {
        state: "NV",
        name: "Nevada",
        code_name: "Nevada Revised Statutes Title 43 (Public Safety; Vehicles; Watercraft): chapters 482-487 and traffic chapters 484A-484E (split from chapter 484 in 2009-2010)",
        confidence: High,
        labels: &["NRS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?.#"],
        vehicle_code: &["48[2-7]?.#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "484C.110",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "484C.120", "DUI-related"),
            sec(
                Serious(ImpairedDriving),
                "484C.430",
                "DUI causing death or substantial bodily harm",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "484C.130",
                "vehicular homicide",
            ),
            sec(
                Serious(ImpairedDriving),
                "484.379",
                "driving under the influence (before 2010)",
            ),
            sec(Serious(RecklessDriving), "484B.653", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "484E.010",
                "leaving the scene, injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "484E.020",
                "leaving the scene, damage",
            ),
            sec(
                Serious(LeavingScene),
                "484E.030",
                "duty to give information and aid",
            ),
            sec(
                Serious(LeavingScene),
                "484.219",
                "hit and run (before 2010)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "483.560",
                "driving while licence suspended or revoked",
            ),
            sec(Serious(Eluding), "484B.550", "failure to stop for police"),
            sec(
                NotRoad,
                "488.410",
                "boating under the influence (chapter 488)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "NRS 484C.110",
            "484C.110(1)(a)",
            "NRS 484B.600",
            "484E.010",
            "NRS 484.379",
        ],
        #[cfg(test)]
        not_vehicle: &["NRS 205.240", "200.481", "488.410", "453.336"],
        #[cfg(test)]
        sources: &[
            "leg.state.nv.us/NRs/NRS-484E.html",
            "law.justia.com 2005 NRS chapter 484; docsbay.net NRS 484 (2009)",
            "narf.org Ely Shoshone Tribal Code chapter 484",
            "legalclarity.org Nevada hit-and-run (484E.010, 484E.020, 484E.030)",
            "public GitHub Nevada record-sealing and charge-parsing code quoting NRS 484C.110, 484C.120, 484C.430 and 'NRS 484B.600' speeding (find_string '484C.110')",
        ],
    },
    VehicleCode {
        state: "NH",
        name: "New Hampshire",
        code_name: "New Hampshire Revised Statutes Annotated (RSA) Title XXI (Motor Vehicles), chapters 259-266 incl. 265-A (Alcohol or Drug Impairment)",
        confidence: High,
        labels: &["RSA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?:#", "#?-?:#"],
        vehicle_code: &["{259-266}:#", "{259-266}-A:#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "265-A:2",
                "driving while intoxicated",
            ),
            sec(Serious(ImpairedDriving), "265-A:3", "aggravated DWI"),
            sec(Serious(ImpairedDriving), "265-A:18", "DWI penalties"),
            sec(Serious(ImpairedDriving), "265:82", "DWI (before 2007)"),
            sec(Serious(RecklessDriving), "265:79", "reckless operation"),
            sec(
                Serious(VehicularHomicideAssault),
                "265:79-B",
                "vehicular assault",
            ),
            sec(Serious(LeavingScene), "264:25", "conduct after an accident"),
            sec(
                Serious(SuspendedRevoked),
                "263:64",
                "driving after revocation or suspension",
            ),
            sec(Serious(Eluding), "265:4", "disobeying an officer"),
        ],
        #[cfg(test)]
        formats: &[
            "RSA 265-A:2",
            "265-A:2, I(a)",
            "RSA 263:64",
            "265:60",
            "630:3",
        ],
        #[cfg(test)]
        not_vehicle: &["637:3", "631:2-b", "318-B:2"],
        #[cfg(test)]
        sources: &[
            "gencourt.state.nh.us RSA chapter 265-A",
            "bills.nhliberty.org HB 298 (2006) consolidating DWI statutes into 265-A",
            "josephkellylevasseur.com (265-A:2, 265-A:3, 265-A:18); wbdklaw.com",
        ],
    },
    VehicleCode {
        state: "NJ",
        name: "New Jersey",
        code_name: "New Jersey Statutes Title 39 (Motor Vehicles and Traffic Regulation), N.J.S.A. 39:1-1 et seq.",
        confidence: High,
        labels: &["NJSA", "N J S A", "NJS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?:#-#", "#?:#:#", "#?:# #", "#-#-#"],
        vehicle_code: &["39[:-]#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "39[:-]4[-: ]50",
                "driving while intoxicated",
            ),
            sec(
                Serious(RecklessDriving),
                "39[:-]4[-: ]96",
                "reckless driving",
            ),
            sec(NotSerious, "39[:-]4[-: ]97", "careless driving"),
            sec(
                Serious(LeavingScene),
                "39[:-]4[-: ]129",
                "leaving the scene",
            ),
            sec(
                Serious(SuspendedRevoked),
                "39[:-]3[-: ]40",
                "driving while suspended",
            ),
            sec(
                Serious(LeavingScene),
                "2C:11-5.1",
                "knowingly leaving the scene resulting in death (criminal)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "2C:11-5",
                "death by auto (criminal)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "2C:12-1C",
                "assault by auto (criminal)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "2C:12-1(C)",
                "assault by auto (criminal)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "2C:40-26",
                "driving while suspended for DWI (criminal)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "2C:40-22",
                "death or injury while suspended (criminal)",
            ),
            sec(Serious(Eluding), "2C:29-2B", "eluding (criminal)"),
            sec(Serious(Eluding), "2C:29-2(B)", "eluding (criminal)"),
            sec(NotRoad, "12:7-46", "boating while intoxicated (Title 12)"),
        ],
        #[cfg(test)]
        formats: &[
            "39:4-50",
            "N.J.S.A. 39:4-50(a)",
            "39:4-97",
            "39:3-40",
            "2C:11-5",
        ],
        #[cfg(test)]
        not_vehicle: &["2C:20-3", "2C:35-10", "2C:12-1a"],
        #[cfg(test)]
        sources: &[
            "traffic-law.blogspot.com (39:4-96, 39:4-97, 39:4-129)",
            "njmotorvehicle.blogspot.com and morganolaw.com (39:3-40 text)",
            "law.onecle.com N.J.S.A. 2C:40-22",
            "southjerseydui.com (39:4-50, 2018 text)",
            "public GitHub R script on NJ crash data (find_string '39:4-50')",
        ],
    },
    VehicleCode {
        state: "NM",
        name: "New Mexico",
        code_name: "New Mexico Statutes Annotated 1978 Chapter 66 (Motor Vehicles; Articles 1-8 are the 'Motor Vehicle Code')",
        confidence: High,
        labels: &["NMSA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#", "1978 #-#-#"],
        vehicle_code: &["66-#?-#", "1978 66-#?-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "66-8-102",
                "driving while intoxicated",
            ),
            sec(Serious(RecklessDriving), "66-8-113", "reckless driving"),
            sec(NotSerious, "66-8-114", "careless driving"),
            sec(
                Serious(LeavingScene),
                "66-7-201",
                "accident involving death or injury",
            ),
            sec(
                Serious(LeavingScene),
                "66-7-202",
                "accident involving damage",
            ),
            sec(
                Serious(LeavingScene),
                "66-7-203",
                "accident involving damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "66-5-39",
                "driving while suspended",
            ),
            sec(
                Serious(SuspendedRevoked),
                "66-5-39.1",
                "driving while revoked for DWI",
            ),
            sec(
                Serious(Eluding),
                "30-22-1.1",
                "aggravated fleeing a law enforcement officer (chapter 30)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "66-8-101",
                "homicide or great bodily harm by vehicle",
            ),
            sec(NotRoad, "66-12-", "boating"),
            sec(NotRoad, "66-13-", "boating"),
        ],
        #[cfg(test)]
        formats: &[
            "66-8-102(A)",
            "NMSA 1978 § 66-8-102",
            "66-7-301(A)(3)",
            "66-5-39",
            "30-22-1.1",
        ],
        #[cfg(test)]
        not_vehicle: &["30-16-1", "30-31-23", "30-3-5"],
        #[cfg(test)]
        sources: &[
            "law.justia.com 2018 NMSA 66-8-113 and 2019 66-8-101",
            "lawserver.com NMSA chapter 66 article 8 part 2 list",
            "nmlegis.gov 2024 SB 190 (DWI Act; 66-1-1 'Motor Vehicle Code')",
            "instalawyer.io NMSA chapter 66 article 8 list",
        ],
    },
    VehicleCode {
        state: "NY",
        name: "New York",
        code_name: "New York Vehicle and Traffic Law (VTL / VAT)",
        confidence: High,
        labels: &["NY"],
        code_labels: &[
            ("VTL", "VTL"),
            ("VAT", "VTL"),
            ("V T L", "VTL"),
            ("V T", "VTL"),
            ("VEH TRAF", "VTL"),
            ("VEHICLE AND TRAFFIC", "VTL"),
            ("VEHICLE AND TRAFFIC LAW", "VTL"),
            ("PL", "PL"),
            ("PENAL", "PL"),
            ("PENAL LAW", "PL"),
        ],
        decimal_sections: false,
        statutes: &["VTL #", "PL #"],
        vehicle_code: &["VTL #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "VTL 1192",
                "driving while intoxicated or impaired",
            ),
            sec(Serious(RecklessDriving), "VTL 1212", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "VTL 600",
                "leaving the scene of an incident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "VTL 511",
                "aggravated unlicensed operation",
            ),
            sec(Serious(SuspendedRevoked), "VTL 509", "unlicensed operation"),
            sec(
                Serious(Eluding),
                "PL 270.25",
                "unlawful fleeing (Penal Law)",
            ),
            sec(
                Serious(Eluding),
                "PL 270.30",
                "unlawful fleeing (Penal Law)",
            ),
            sec(
                Serious(Eluding),
                "PL 270.35",
                "unlawful fleeing (Penal Law)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PL 120.03",
                "vehicular assault (Penal Law)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PL 120.04",
                "vehicular assault (Penal Law)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PL 125.12",
                "vehicular manslaughter (Penal Law)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PL 125.13",
                "vehicular manslaughter (Penal Law)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PL 125.14",
                "aggravated vehicular homicide (Penal Law)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "VTL 1192.3",
            "VTL 1192(3)",
            "VTL 1180(D)",
            "VTL 511.1(a)",
            "PL 125.12",
        ],
        #[cfg(test)]
        not_vehicle: &["PL 140.20", "PL 155.25", "PL 220.03"],
        #[cfg(test)]
        sources: &[
            "nysenate.gov S3136 (2015) (VTL 600); legiscan A04260 (2013) (PL 120.03, 120.04, 125.12, 125.13; VTL 600)",
            "w.amgoa.org S04150 (PL 125.14; VTL 1212)",
            "nydeskappearanceticket.com and mpalumbolaw.com (VTL 1212)",
            "fastlawpc.com (PL 125.12 elements citing VTL 1192)",
            "find_string 'VTL 1192' (nysenate.gov/legislation/laws/VAT/1192 reference; 'VTL 1192.1' tables)",
        ],
    },
    VehicleCode {
        state: "NC",
        name: "North Carolina",
        code_name: "North Carolina General Statutes Chapter 20 (Motor Vehicles)",
        confidence: High,
        labels: &["GS", "G S", "NCGS", "N C G S", "NC"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?-#"],
        vehicle_code: &["20-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "20-138.1",
                "driving while impaired",
            ),
            sec(Serious(ImpairedDriving), "20-138.5", "habitual DWI"),
            sec(Serious(RecklessDriving), "20-140", "reckless driving"),
            sec(Serious(LeavingScene), "20-166", "hit and run"),
            sec(
                Serious(SuspendedRevoked),
                "20-28",
                "driving while licence revoked",
            ),
            sec(Serious(Eluding), "20-141.5", "speeding to elude arrest"),
            sec(
                Serious(VehicularHomicideAssault),
                "20-141.4",
                "death or serious injury by vehicle",
            ),
            sec(NotRoad, "75A-10", "boating while impaired (chapter 75A)"),
        ],
        #[cfg(test)]
        formats: &[
            "20-138.1",
            "G.S. 20-141(j1)",
            "NCGS 20-28(a)",
            "§20-138.1",
            "20-141.4(a1)",
        ],
        #[cfg(test)]
        not_vehicle: &["90-95(a)(1)", "90-113.22", "14-72", "15A-1340.14"],
        #[cfg(test)]
        sources: &[
            "sog.unc.edu State v. Dewalt (20-28, 20-141.5)",
            "chetson.com, trafficticketnc.blogspot.com, laws9.com (20-141.5 text citing 20-140, 20-141, 20-217)",
            "lrs.sog.unc.edu H 40 (2021) summary (20-141.4(a7))",
            "find_string '20-138.1' (NC record-clearing code)",
            "local samples reference/xml/samples (90-95(a)(1), 90-113.22)",
        ],
    },
    VehicleCode {
        state: "ND",
        name: "North Dakota",
        code_name: "North Dakota Century Code Title 39 (Motor Vehicles)",
        confidence: High,
        labels: &["NDCC", "N D C C"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["39-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "39-08-01",
                "driving under the influence, actual physical control",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "39-08-01.2",
                "criminal vehicular homicide or injury",
            ),
            sec(Serious(RecklessDriving), "39-08-03", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "39-08-04",
                "accident involving death or injury",
            ),
            sec(
                Serious(LeavingScene),
                "39-08-05",
                "accident involving damage",
            ),
            sec(
                Serious(LeavingScene),
                "39-08-06",
                "duties after an accident",
            ),
            sec(
                Serious(LeavingScene),
                "39-08-07",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "39-06-42",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(Eluding),
                "39-10-71",
                "fleeing or attempting to elude",
            ),
            sec(
                NotRoad,
                "20.1-13-07",
                "boating under the influence (Title 20.1)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "39-08-01",
            "NDCC 39-09-02",
            "39-08-01(1)(a)",
            "39-06-42",
            "39-08-01.2",
        ],
        #[cfg(test)]
        not_vehicle: &["12.1-23-02", "19-03.1-23", "12.1-17-02"],
        #[cfg(test)]
        sources: &[
            "ndlegis.gov/cencode/t39c08.html (chapter 39-08 section list)",
            "self-law.org N.D.C.C. 39-08-01.2",
            "statutes.laws.com and law.justia.com N.D.C.C. chapter 39-08",
        ],
    },
    VehicleCode {
        state: "OH",
        name: "Ohio",
        code_name: "Ohio Revised Code Title 45 (Motor Vehicles — Aeronautics — Watercraft)",
        confidence: High,
        labels: &["ORC", "O R C", "R C", "RC"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["{1-6301}.#"],
        vehicle_code: &["{4501-4517}.#", "4549.#"],
        sections: &[
            sec(NotRoad, "4517.", "motor vehicle dealers"),
            sec(NotRoad, "4561.", "aeronautics"),
            sec(
                NotRoad,
                "4519.",
                "snowmobiles, off-highway motorcycles and all-purpose vehicles",
            ),
            sec(
                Serious(ImpairedDriving),
                "4511.19",
                "operating a vehicle under the influence",
            ),
            sec(NotRoad, "1547.11", "watercraft OVI (Title 15)"),
            sec(Serious(RecklessDriving), "4511.20", "reckless operation"),
            sec(Serious(LeavingScene), "4549.02", "hit-skip, public road"),
            sec(
                Serious(LeavingScene),
                "4549.021",
                "hit-skip, private property",
            ),
            sec(
                Serious(LeavingScene),
                "4549.03",
                "hit-skip, unattended vehicle",
            ),
            sec(
                Serious(SuspendedRevoked),
                "4510.11",
                "driving under suspension",
            ),
            sec(
                Serious(SuspendedRevoked),
                "4510.14",
                "driving under OVI suspension",
            ),
            sec(
                Serious(SuspendedRevoked),
                "4510.16",
                "driving under financial-responsibility suspension",
            ),
            sec(
                Serious(Eluding),
                "2921.331",
                "failure to comply with an order or signal of a police officer (Title 29)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "2903.06",
                "vehicular homicide or manslaughter (Title 29)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "2903.08",
                "vehicular assault (Title 29)",
            ),
            sec(NotRoad, "4549.08", "fictitious plates"),
        ],
        #[cfg(test)]
        formats: &[
            "4511.19(A)(1)(a)",
            "ORC 4511.21",
            "R.C. 4510.11",
            "4511.21 D1",
            "2903.06(A)(1)(a)",
        ],
        #[cfg(test)]
        not_vehicle: &["2913.51", "2913.02", "2917.11", "2913.03", "333.01"],
        #[cfg(test)]
        sources: &[
            "find_string '4511.19(A)(1)(a)' (charge cheat sheet incl. Solon ordinance 434.03)",
            "online.documentine.com Ohio public-defender charge code list ('4511.21 A', '4549.01')",
            "archives.legislature.state.oh.us 125th GA Sub. H.B. 50 (2903.06, 2903.08, 4549.02, 4549.021; 1547.11)",
            "codelibrary.amlegal.com Eleanor WV codified ordinances 333.01/333.02 (shared municipal numbering)",
            "local samples reference/xml/samples (2913.51, 2913.02, 2917.11)",
        ],
    },
    VehicleCode {
        state: "OK",
        name: "Oklahoma",
        code_name: "Oklahoma Statutes Title 47 (Motor Vehicles)",
        confidence: High,
        labels: &["OS", "O S", "OKLA STAT", "TITLE"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #-#", "# #"],
        vehicle_code: &["47 #-#", "47 761", "47-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "47 11-902",
                "driving under the influence, actual physical control",
            ),
            sec(Serious(ImpairedDriving), "47 761", "driving while impaired"),
            sec(
                Serious(ImpairedDriving),
                "47-11-902",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "47 11-901", "reckless driving"),
            sec(Serious(RecklessDriving), "47-11-901", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "47 10-{102-104}",
                "duties after collisions",
            ),
            sec(
                Serious(SuspendedRevoked),
                "47 6-303",
                "driving under suspension or revocation",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "47 11-903",
                "negligent homicide",
            ),
            sec(
                Serious(Eluding),
                "21 540A",
                "eluding a police officer (Title 21)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "47 O.S. § 11-902(A)(2)",
            "47 O.S. 11-801",
            "Title 47 § 6-303(B)",
            "21 O.S. § 540A(A)",
        ],
        #[cfg(test)]
        not_vehicle: &["21 O.S. § 1731", "63 O.S. § 2-402", "21 O.S. § 645"],
        #[cfg(test)]
        sources: &[
            "casetext.com 47 O.S. § 11-901",
            "urbanic.law Oklahoma dangerous driving (21 O.S. § 540A)",
            "lawfirmofoklahoma.com (47 O.S. 11-901, 11-902); thebestdwidefense.com Oklahoma (47-11-902)",
            "goinglegal.com (47 O.S. § 761); readkong.com Oklahoma DPS motor vehicle violation codes (2022)",
        ],
    },
    VehicleCode {
        state: "OR",
        name: "Oregon",
        code_name: "Oregon Revised Statutes Title 59 (Oregon Vehicle Code), chapters 801-826",
        confidence: High,
        labels: &["ORS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#"],
        vehicle_code: &["{801-826}.#"],
        sections: &[
            sec(NotRoad, "830.", "boats (chapter 830)"),
            sec(
                Serious(ImpairedDriving),
                "813.010",
                "driving under the influence of intoxicants",
            ),
            sec(Serious(ImpairedDriving), "813.011", "felony DUII"),
            sec(Serious(ImpairedDriving), "813.095", "refusal"),
            sec(Serious(RecklessDriving), "811.140", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "811.700",
                "failure to perform duties of driver, property",
            ),
            sec(
                Serious(LeavingScene),
                "811.705",
                "failure to perform duties of driver, injured persons",
            ),
            sec(
                Serious(SuspendedRevoked),
                "811.175",
                "driving while suspended (violation)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "811.182",
                "criminal driving while suspended",
            ),
            sec(
                Serious(Eluding),
                "811.540",
                "fleeing or attempting to elude",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "163.149",
                "aggravated vehicular homicide (chapter 163)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "ORS 811.111",
            "813.010",
            "811.182(4)",
            "ORS 811.540(1)(b)(A)",
            "163.149",
        ],
        #[cfg(test)]
        not_vehicle: &["164.055", "163.195", "830.325", "475.894"],
        #[cfg(test)]
        sources: &[
            "oregonlaws.org ORS 811.182 and chapter 813 list",
            "jforourke.com DUII-related charges (811.140, 811.700, 811.705, 811.540, 813.095, 811.182, 163.118, 163.125, 163.195)",
            "oregonlegislature.gov 2001 Laws c. 436; oregon.public.law ORS 811.182",
        ],
    },
    VehicleCode {
        state: "PA",
        name: "Pennsylvania",
        code_name: "Pennsylvania Consolidated Statutes Title 75 (Vehicles), 75 Pa.C.S.",
        confidence: High,
        labels: &["PA C S", "PA C S A", "PA CS", "PACS", "PS", "P S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #"],
        vehicle_code: &["75 #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "75 3802",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "75 3736", "reckless driving"),
            sec(NotSerious, "75 3714", "careless driving"),
            sec(
                Serious(LeavingScene),
                "75 {3742-3745}",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "75 1543",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(Eluding),
                "75 3733",
                "fleeing or attempting to elude",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "75 3732",
                "homicide by vehicle",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "75 3735",
                "homicide by vehicle while DUI",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "75 3732.1",
                "aggravated assault by vehicle",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "75 3735.1",
                "aggravated assault by vehicle while DUI",
            ),
            sec(
                NotRoad,
                "30 5502",
                "boating under the influence (Fish and Boat Code)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "75 § 3802 §§ A1*",
            "75 § 3802 §§ D2*",
            "75 Pa.C.S. § 3362",
            "75 § 3362 §§ A1",
            "75 Pa.C.S.A. § 1543(b)(1)",
        ],
        #[cfg(test)]
        not_vehicle: &[
            "18 § 3921 §§ A",
            "18 § 2701 §§ A1",
            "35 § 780-113 §§ A16",
            "18 § 4914 §§ A",
        ],
        #[cfg(test)]
        sources: &[
            "public GitHub PA docket parsers and fixtures found by find_string '75 § 3802 §§'",
            "75 Pa.C.S. (general knowledge; legis.state.pa.us consolidated statutes Title 75)",
        ],
    },
    VehicleCode {
        state: "RI",
        name: "Rhode Island",
        code_name: "Rhode Island General Laws Title 31 (Motor and Other Vehicles)",
        confidence: High,
        labels: &["RIGL", "R I GEN LAWS", "GEN LAWS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["31-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "31-27-2",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "31-27-2.1", "refusal"),
            sec(
                Serious(ImpairedDriving),
                "31-27-2.2",
                "DUI resulting in death",
            ),
            sec(
                Serious(ImpairedDriving),
                "31-27-2.6",
                "DUI resulting in serious bodily injury",
            ),
            sec(Serious(RecklessDriving), "31-27-4", "reckless driving"),
            sec(
                Serious(Eluding),
                "31-27-4.1",
                "eluding in a high-speed pursuit",
            ),
            sec(
                Serious(LeavingScene),
                "31-26-1",
                "duty to stop, personal injury",
            ),
            sec(
                Serious(LeavingScene),
                "31-26-2",
                "duty to stop, property damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "31-11-18",
                "driving after denial, suspension or revocation",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "31-27-1",
                "driving so as to endanger, resulting in death",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "31-27-1.1",
                "driving so as to endanger, resulting in serious bodily injury",
            ),
            sec(NotRoad, "46-22-9", "boating under the influence (Title 46)"),
        ],
        #[cfg(test)]
        formats: &[
            "31-27-2",
            "R.I. Gen. Laws § 31-27-2(d)(1)",
            "RIGL 31-14-2",
            "31-11-18",
        ],
        #[cfg(test)]
        not_vehicle: &["11-41-1", "11-5-3", "21-28-4.01"],
        #[cfg(test)]
        sources: &[
            "instalawyer.io R.I. Gen. Laws 31-27-2.2",
            "webserver.rilin.state.ri.us 31-27-1.1 and 31-27-4.1",
            "lawserver.com R.I. Gen. Laws 31-26-1",
            "app.legiplex.com RI H 5638 and S 0298 (2025) (31-26-1; 31-27-1, 1.1, 2.2, 2.6)",
            "josephlamy.com (31-27-4); grokipedia DUI in Rhode Island (31-27-2)",
        ],
    },
    VehicleCode {
        state: "SC",
        name: "South Carolina",
        code_name: "Code of Laws of South Carolina 1976 Title 56 (Motor Vehicles)",
        confidence: High,
        labels: &["SC CODE", "S C CODE", "SC CODE ANN"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["56-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "56-5-2930",
                "driving under the influence",
            ),
            sec(
                Serious(ImpairedDriving),
                "56-5-2933",
                "driving with an unlawful alcohol concentration",
            ),
            sec(Serious(ImpairedDriving), "56-5-2945", "felony DUI"),
            sec(Serious(RecklessDriving), "56-5-2920", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "56-5-1210",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "56-1-460",
                "driving under suspension",
            ),
            sec(
                Serious(Eluding),
                "56-5-750",
                "failure to stop for a blue light",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "56-5-2910",
                "reckless vehicular homicide",
            ),
            sec(
                NotRoad,
                "50-21-112",
                "boating under the influence (Title 50)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "56-5-2930",
            "S.C. Code Ann. § 56-5-1520(A)",
            "56-1-460(A)(1)",
            "56-5-2945(A)(2)",
        ],
        #[cfg(test)]
        not_vehicle: &["16-13-30", "16-3-600", "44-53-370"],
        #[cfg(test)]
        sources: &[
            "lawserver.com S.C. Code Title 56 Chapter 5 Article 23 list",
            "ncdd.com South Carolina DUI laws (56-5-2953 text)",
            "attorneyreginaward.com (56-5-2930, 56-5-2933); spartanburgmagistrates.com (56-5-2910)",
            "fdocuments.net (56-5-10 Uniform Act short title)",
        ],
    },
    VehicleCode {
        state: "SD",
        name: "South Dakota",
        code_name: "South Dakota Codified Laws Title 32 (Motor Vehicles)",
        confidence: High,
        labels: &["SDCL"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#?-#"],
        vehicle_code: &["32-#?-#"],
        sections: &[
            sec(NotRoad, "32-3-14", "title fraud"),
            sec(NotRoad, "32-3-15", "title fraud"),
            sec(
                Serious(ImpairedDriving),
                "32-23-1",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "32-24-1", "reckless driving"),
            sec(NotSerious, "32-24-8", "careless driving"),
            sec(Serious(LeavingScene), "32-34-5", "hit and run with injury"),
            sec(
                Serious(LeavingScene),
                "32-34-6",
                "failure to give information",
            ),
            sec(
                Serious(SuspendedRevoked),
                "32-12-65",
                "driving under suspension, revocation or cancellation",
            ),
            sec(
                Serious(SuspendedRevoked),
                "32-35-110",
                "driving after financial-responsibility suspension",
            ),
            sec(
                Serious(Eluding),
                "32-33-18",
                "failure to stop for an officer, eluding",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "22-16-41",
                "vehicular homicide (Title 22)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "22-16-42",
                "vehicular battery (Title 22)",
            ),
            sec(NotRoad, "42-8-45", "boating under the influence (Title 42)"),
            sec(
                NotRoad,
                "50-13-17",
                "aircraft under the influence (Title 50)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "32-23-1",
            "32-12-65 (1)",
            "32-33-18(F4)",
            "32-34-5",
            "22-16-41",
        ],
        #[cfg(test)]
        not_vehicle: &[
            "22-30A-17(F6)",
            "10.12.310",
            "12-13-1",
            "42-8-45",
            "31-8-15",
        ],
        #[cfg(test)]
        sources: &[
            "local data: reference/charges/sd-charges.jsonl (openlattice/pretrial-case-management AllChargesList.js, MinnehahaChargesList.js, PenningtonChargesList.js)",
        ],
    },
    VehicleCode {
        state: "TN",
        name: "Tennessee",
        code_name: "Tennessee Code Annotated Title 55 (Motor and Other Vehicles)",
        confidence: High,
        labels: &["TCA", "T C A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["55-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "55-10-401",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "55-10-402", "DUI penalties"),
            sec(Serious(ImpairedDriving), "55-10-406", "implied consent"),
            sec(Serious(RecklessDriving), "55-10-205", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "55-10-{101-103}",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "55-50-504",
                "driving on a suspended or revoked licence",
            ),
            sec(
                Serious(Eluding),
                "39-16-603(B)",
                "evading arrest in a motor vehicle (Title 39)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "39-13-213",
                "vehicular homicide (Title 39)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "39-13-218",
                "aggravated vehicular homicide (Title 39)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "39-13-106",
                "vehicular assault (Title 39)",
            ),
            sec(
                NotRoad,
                "69-9-217",
                "boating under the influence (Title 69)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "55-10-401",
            "T.C.A. § 55-8-152",
            "TCA 55-50-504(a)(1)",
            "39-13-213(a)(2)",
            "39-16-603(b)(1)",
        ],
        #[cfg(test)]
        not_vehicle: &["39-14-103", "39-17-417", "39-13-101"],
        #[cfg(test)]
        sources: &[
            "evanslawfirm.law Tennessee driving and traffic offences (55-10-205, 55-50-504, 55-10-103, 39-13-106, 39-13-213, 39-16-603)",
            "search.mleesmith.com T.C.A. Title 55 Chapter 10 Part 4 index",
            "law.uslawyerdatabase.com 2021 T.C.A. 55-10 (502, 503, 601)",
            "law.justia.com 2010 T.C.A. 39-16-603",
            "thebestdwidefense.com Tennessee (55-10-401, 55-10-402 citing 39-13-106, 39-13-213(a)(2), 39-13-218)",
        ],
    },
    VehicleCode {
        state: "TX",
        name: "Texas",
        code_name: "Texas Transportation Code (traffic in Title 7 'Vehicles and Traffic', chapters 501-750; rules of the road Subtitle C, chapters 541-600); DWI in Penal Code chapter 49",
        confidence: High,
        labels: &["TEX"],
        code_labels: &[
            ("TC", "TC"),
            ("TRC", "TC"),
            ("TR C", "TC"),
            ("TRANSP", "TC"),
            ("TRANSPORTATION", "TC"),
            ("TRANSPORTATION CODE", "TC"),
            ("TRANS", "TC"),
            ("PC", "PC"),
            ("PENAL", "PC"),
            ("PENAL CODE", "PC"),
            ("HSC", "HSC"),
            ("HS", "HSC"),
        ],
        decimal_sections: true,
        statutes: &["TC #", "PC #", "HSC #"],
        vehicle_code: &["TC {501-750}.#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "PC 49.04",
                "driving while intoxicated (Penal Code)",
            ),
            sec(
                Serious(ImpairedDriving),
                "PC 49.045",
                "DWI with a child passenger (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PC 49.07",
                "intoxication assault (Penal Code)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "PC 49.08",
                "intoxication manslaughter (Penal Code)",
            ),
            sec(
                Serious(ImpairedDriving),
                "TC 49.04",
                "driving while intoxicated (Penal Code, mislabelled)",
            ),
            sec(
                Serious(ImpairedDriving),
                "TC 49.045",
                "DWI with a child passenger (Penal Code, mislabelled)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "TC 49.07",
                "intoxication assault (Penal Code, mislabelled)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "TC 49.08",
                "intoxication manslaughter (Penal Code, mislabelled)",
            ),
            sec(Serious(RecklessDriving), "TC 545.401", "reckless driving"),
            sec(Serious(RecklessDriving), "TC 545.420", "racing"),
            sec(
                Serious(LeavingScene),
                "TC 550.021",
                "collision involving injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "TC 550.022",
                "collision involving damage to a vehicle",
            ),
            sec(
                Serious(LeavingScene),
                "TC 550.024",
                "collision with an unattended vehicle",
            ),
            sec(
                Serious(SuspendedRevoked),
                "TC 521.457",
                "driving while licence invalid",
            ),
            sec(Serious(Eluding), "TC 545.421", "fleeing a police officer"),
            sec(
                NotRoad,
                "PC 49.06",
                "boating while intoxicated (Penal Code)",
            ),
            sec(NotRoad, "PC 49.05", "flying while intoxicated (Penal Code)"),
        ],
        #[cfg(test)]
        formats: &[
            "TRANSP 545.351",
            "TC 545.351(b)",
            "TRC 550.021",
            "PC 49.04",
            "PC 49.07(a)(1)",
        ],
        #[cfg(test)]
        not_vehicle: &[
            "PC 31.03(e)(4)",
            "PC 28.03(b)(2)",
            "HSC 481.121(b)(1)",
            "PC 49.06",
        ],
        #[cfg(test)]
        sources: &[
            "lexace.ai Texas Transportation Code 550.021",
            "texas.public.law Penal Code 49.07",
            "justanswer.com (Transportation Code 545.421 fleeing)",
            "billwhitecriminallaw.com (Transportation Code felonies incl. chapter 24 aircraft)",
            "local samples reference/xml/samples (PC 49.04, PC 31.03(e)(2)(A), PC 28.03(b)(2), HSC 481.121(b)(1))",
            "find_string 'TRC 550.0' (TRC 550.022 in a public driver-education app)",
        ],
    },
    VehicleCode {
        state: "UT",
        name: "Utah",
        code_name: "Utah Code Title 41 (Motor Vehicles), chiefly Chapter 6a (Traffic Code); driver licensing offences in Title 53 Chapter 3",
        confidence: High,
        labels: &["UCA", "U C A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#?-#"],
        vehicle_code: &["41-#?-#", "53-3-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "41-6A-502",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "41-6A-502.5", "impaired driving"),
            sec(Serious(ImpairedDriving), "41-6A-503", "DUI penalties"),
            sec(Serious(RecklessDriving), "41-6A-528", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "41-6A-401",
                "accident involving property damage",
            ),
            sec(
                Serious(LeavingScene),
                "41-6A-401.3",
                "accident involving injury",
            ),
            sec(
                Serious(LeavingScene),
                "41-6A-401.5",
                "accident involving death",
            ),
            sec(
                Serious(SuspendedRevoked),
                "53-3-227",
                "driving on a suspended or revoked licence",
            ),
            sec(
                Serious(Eluding),
                "41-6A-210",
                "failure to respond to an officer's signal",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "76-5-207",
                "automobile homicide (Title 76)",
            ),
            sec(
                NotRoad,
                "73-18-12",
                "boating under the influence (Title 73)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "41-6a-502",
            "UCA 41-6a-601",
            "41-6a-502(1)(a)",
            "53-3-227(1)",
            "76-5-207",
        ],
        #[cfg(test)]
        not_vehicle: &["76-6-404", "58-37-8", "53-10-108"],
        #[cfg(test)]
        sources: &[
            "le.utah.gov 41-6a-503; legalfix.com 41-6a-503",
            "defenselawutah.com (41-6a-210, 401, 401.3, 401.5, 502.5, 528)",
            "1800duilaws.com (41-6a-502, 41-6a-512)",
            "le.utah.gov 2026 HB 421 (41-6a-401 to 401.8)",
        ],
    },
    VehicleCode {
        state: "VT",
        name: "Vermont",
        code_name: "Vermont Statutes Annotated Title 23 (Motor Vehicles)",
        confidence: High,
        labels: &["VSA", "V S A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #"],
        vehicle_code: &["23 #"],
        sections: &[
            sec(NotRoad, "23 3323", "boating under the influence"),
            sec(
                Serious(ImpairedDriving),
                "23 1201",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "23 1210", "DUI penalties"),
            sec(
                Serious(RecklessDriving),
                "23 1091",
                "negligent or grossly negligent operation",
            ),
            sec(Serious(LeavingScene), "23 1128", "leaving the scene"),
            sec(
                Serious(SuspendedRevoked),
                "23 674",
                "driving with a suspended licence",
            ),
            sec(
                Serious(SuspendedRevoked),
                "23 676",
                "driving with a suspended licence",
            ),
            sec(Serious(Eluding), "23 1133", "eluding a police officer"),
        ],
        #[cfg(test)]
        formats: &[
            "23 V.S.A. § 1201(a)(1)",
            "23 VSA 1201",
            "23 V.S.A. § 1091(a)",
            "13 V.S.A. § 2304",
        ],
        #[cfg(test)]
        not_vehicle: &["13 V.S.A. § 2501", "18 V.S.A. § 4230", "13 V.S.A. § 1024"],
        #[cfg(test)]
        sources: &[
            "lawserver.com 23 V.S.A. § 1133",
            "instalawyer.io 23 V.S.A. § 1210",
            "legalbeagle.com, blog.counselstack.com, norml.org Vermont (23 V.S.A. §§ 1201, 1202, 1206, 1208, 1210)",
            "avsbm.org (negligent operation misdemeanor/felony)",
        ],
    },
    VehicleCode {
        state: "VA",
        name: "Virginia",
        code_name: "Code of Virginia Title 46.2 (Motor Vehicles); DUI in Title 18.2 (Crimes and Offenses Generally), Chapter 7 Article 2",
        confidence: High,
        labels: &["VA CODE", "VA CODE ANN", "VA"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#-#", "#-#"],
        vehicle_code: &["46.2-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "18.2-266",
                "driving under the influence (Title 18.2)",
            ),
            sec(
                Serious(ImpairedDriving),
                "18.2-266.1",
                "under-21 DUI (Title 18.2)",
            ),
            sec(
                Serious(ImpairedDriving),
                "18.2-268.#",
                "refusal (Title 18.2)",
            ),
            sec(
                Serious(ImpairedDriving),
                "18.2-{269-272}",
                "DUI penalties and driving after forfeiture (Title 18.2)",
            ),
            sec(
                Serious(RecklessDriving),
                "46.2-{852-869}",
                "reckless driving",
            ),
            sec(Serious(LeavingScene), "46.2-894", "hit and run"),
            sec(
                Serious(SuspendedRevoked),
                "46.2-301",
                "driving while suspended or revoked",
            ),
            sec(Serious(SuspendedRevoked), "46.2-357", "habitual offender"),
            sec(
                Serious(Eluding),
                "46.2-817",
                "disregarding a signal, eluding",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18.2-36.1",
                "involuntary manslaughter while DUI (Title 18.2)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18.2-36.2",
                "involuntary manslaughter while DUI (Title 18.2)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18.2-51.4",
                "maiming while DUI (Title 18.2)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "18.2-51.5",
                "maiming while DUI (Title 18.2)",
            ),
            sec(
                NotRoad,
                "29.1-738",
                "boating under the influence (Title 29.1)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "18.2-266",
            "46.2-862",
            "Va. Code § 46.2-301(B)",
            "18.2-36.1(A)",
            "46.2-894",
        ],
        #[cfg(test)]
        not_vehicle: &["18.2-95", "18.2-250", "18.2-57"],
        #[cfg(test)]
        sources: &[
            "deadlyroads.com Virginia hit-and-run (46.2-894)",
            "henrico.gov (46.2-868, 46.2-870)",
            "christopheryounglaw.com (18.2-266, 18.2-270)",
            "simmsshowerslaw.com (46.2-852, 46.2-862, 46.2-868, 18.2-266, 18.2-270)",
            "va.elaws.us Title 46.2 Chapter 8 Article 7 list",
        ],
    },
    VehicleCode {
        state: "WA",
        name: "Washington",
        code_name: "Revised Code of Washington Title 46 (Motor Vehicles)",
        confidence: High,
        labels: &["RCW"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?.#?.#"],
        vehicle_code: &["46.#?.#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "46.61.502",
                "driving under the influence",
            ),
            sec(Serious(ImpairedDriving), "46.61.504", "physical control"),
            sec(Serious(RecklessDriving), "46.61.500", "reckless driving"),
            sec(
                Serious(RecklessDriving),
                "46.61.5249",
                "negligent driving first degree",
            ),
            sec(NotSerious, "46.61.525", "negligent driving second degree"),
            sec(Serious(LeavingScene), "46.52.020", "hit and run"),
            sec(
                Serious(SuspendedRevoked),
                "46.20.342",
                "driving while licence suspended or revoked",
            ),
            sec(Serious(Eluding), "46.61.024", "attempting to elude"),
            sec(
                Serious(VehicularHomicideAssault),
                "46.61.520",
                "vehicular homicide",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "46.61.522",
                "vehicular assault",
            ),
            sec(
                NotRoad,
                "79A.60.040",
                "operating a vessel under the influence (Title 79A)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "46.61.502",
            "RCW 46.20.342(1)(c)",
            "46.61.400",
            "46.30.020",
            "46.61.024",
        ],
        #[cfg(test)]
        not_vehicle: &["9A.56.020", "69.50.4013", "79A.60.040"],
        #[cfg(test)]
        sources: &[
            "local samples reference/xml/samples (46.61.400, 46.30.020)",
            "public GitHub Washington eligibility tooling citing RCW 46.61.502 and 46.61.504 (find_string '46.61.502')",
            "RCW Title 46 (general knowledge; app.leg.wa.gov/rcw)",
        ],
    },
    VehicleCode {
        state: "WV",
        name: "West Virginia",
        code_name: "West Virginia Code Chapters 17A-17E (motor vehicles), chiefly 17C (Traffic Regulations and Laws of the Road)",
        confidence: High,
        labels: &["W VA CODE", "WV CODE"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#?-#?-#?"],
        vehicle_code: &["17[A-E]-#?-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "17C-5-2",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "17C-5-3", "reckless driving"),
            sec(
                Serious(LeavingScene),
                "17C-4-1",
                "accident involving injury or death",
            ),
            sec(
                Serious(LeavingScene),
                "17C-4-2",
                "accident involving damage",
            ),
            sec(
                Serious(SuspendedRevoked),
                "17B-4-3",
                "driving while suspended or revoked",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "17C-5-1",
                "negligent homicide",
            ),
            sec(
                NotRoad,
                "20-7-18",
                "boating under the influence (chapter 20)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "17C-5-2",
            "W. Va. Code § 17B-4-3(a)",
            "17C-6-1(a)",
            "61-5-17(f)",
        ],
        #[cfg(test)]
        not_vehicle: &["61-3-13", "60A-4-401", "17-4-1"],
        #[cfg(test)]
        sources: &[
            "code.wvlegislature.gov chapter 17C article 5",
            "dui.attorney West Virginia (17C-5-1, 17C-5-2)",
            "legalclarity.org and drivinglaws.org West Virginia reckless driving (17C-5-3)",
            "codelibrary.amlegal.com Eleanor, Nutter Fort and Philippi WV codified ordinances (333.01, 333.02)",
        ],
    },
    VehicleCode {
        state: "WI",
        name: "Wisconsin",
        code_name: "Wisconsin Statutes chapters 340-351 (Vehicles)",
        confidence: High,
        labels: &["WIS STAT", "WIS STAT ANN", "WIS STATS"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#"],
        vehicle_code: &["{340-351}.#"],
        sections: &[
            sec(NotRoad, "350.", "snowmobiles (chapter 350)"),
            sec(
                Serious(ImpairedDriving),
                "346.63",
                "operating while intoxicated",
            ),
            sec(Serious(RecklessDriving), "346.62", "reckless driving"),
            sec(Serious(LeavingScene), "346.67", "hit and run"),
            sec(
                Serious(SuspendedRevoked),
                "343.44",
                "operating while suspended or revoked",
            ),
            sec(Serious(Eluding), "346.04(3)", "eluding an officer"),
            sec(
                Serious(VehicularHomicideAssault),
                "940.09",
                "homicide by intoxicated use of a vehicle (chapter 940)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "940.10",
                "homicide by negligent operation (chapter 940)",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "940.25",
                "injury by intoxicated use (chapter 940)",
            ),
            sec(NotRoad, "30.681", "boating while intoxicated (chapter 30)"),
            sec(NotRoad, "23.33", "all-terrain vehicles (chapter 23)"),
        ],
        #[cfg(test)]
        formats: &[
            "346.63(1)(a)",
            "Wis. Stat. § 346.57(5)",
            "343.44(1)(a)",
            "346.04(3)",
            "940.09(1)(a)",
        ],
        #[cfg(test)]
        not_vehicle: &["943.20", "961.41", "30.681"],
        #[cfg(test)]
        sources: &["docs.legis.wisconsin.gov 346.62 and 346.63 (1995, 2013, 2021 versions)"],
    },
    VehicleCode {
        state: "WY",
        name: "Wyoming",
        code_name: "Wyoming Statutes Title 31 (Motor Vehicles)",
        confidence: High,
        labels: &["WS", "W S"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#-#-#"],
        vehicle_code: &["31-#-#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "31-5-233",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "31-5-229", "reckless driving"),
            sec(NotSerious, "31-5-236", "careless driving"),
            sec(
                Serious(LeavingScene),
                "31-5-{1101-1105}",
                "duties after an accident",
            ),
            sec(
                Serious(SuspendedRevoked),
                "31-7-134",
                "driving under suspension or revocation",
            ),
            sec(
                Serious(Eluding),
                "31-5-225",
                "fleeing or attempting to elude",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "6-2-106",
                "homicide by vehicle (Title 6)",
            ),
            sec(NotRoad, "41-13-211", "boating under the influence"),
        ],
        #[cfg(test)]
        formats: &[
            "31-5-233(b)(iii)(A)",
            "W.S. 31-5-301",
            "31-7-134(a)",
            "6-2-106(b)",
        ],
        #[cfg(test)]
        not_vehicle: &["6-3-402", "35-7-1031", "6-2-502"],
        #[cfg(test)]
        sources: &[
            "ncdd.com Wyoming DUI laws (31-5-233, 31-6-102)",
            "law.justia.com 2019 W.S. 31-5-225 and 2021 W.S. 31-5-233",
            "wygcid.org DUI basics (31-5-233)",
        ],
    },
    VehicleCode {
        state: "DC",
        name: "District of Columbia",
        code_name: "D.C. Code Title 50 (Motor and Non-Motor Vehicles and Traffic); traffic regulations in Title 18 DCMR",
        confidence: High,
        labels: &["DC CODE", "D C CODE", "DC"],
        code_labels: &[("DCMR", "DCMR")],
        decimal_sections: true,
        statutes: &["#-#", "DCMR", "18 DCMR"],
        vehicle_code: &["50-#", "DCMR", "18 DCMR"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "50-2206.11",
                "driving under the influence",
            ),
            sec(
                Serious(ImpairedDriving),
                "50-2206.12",
                "commercial vehicle DUI",
            ),
            sec(
                Serious(ImpairedDriving),
                "50-2206.14",
                "operating while impaired",
            ),
            sec(Serious(ImpairedDriving), "50-2206.13", "DUI penalties"),
            sec(Serious(ImpairedDriving), "50-2206.15", "DUI penalties"),
            sec(
                Serious(ImpairedDriving),
                "50-2201.05(B)",
                "driving under the influence (before 2013)",
            ),
            sec(
                Serious(RecklessDriving),
                "50-2201.04",
                "reckless and aggravated reckless driving",
            ),
            sec(
                Serious(LeavingScene),
                "50-2201.05C",
                "leaving after colliding",
            ),
            sec(
                Serious(LeavingScene),
                "50-2201.05(A)",
                "leaving after colliding (before 2013)",
            ),
            sec(
                Serious(SuspendedRevoked),
                "50-1403.01",
                "operating after suspension or revocation",
            ),
            sec(
                Serious(SuspendedRevoked),
                "50-1401.01(D)",
                "operating without a permit",
            ),
            sec(
                Serious(Eluding),
                "50-2201.05B",
                "fleeing a law enforcement officer",
            ),
            sec(
                Serious(VehicularHomicideAssault),
                "50-2203.01",
                "negligent homicide",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "50-2206.11",
            "D.C. Code § 50-2201.04(b)",
            "50-1403.01(e)",
            "50-2201.05c",
        ],
        #[cfg(test)]
        not_vehicle: &["22-3215", "22-3211", "48-904.01"],
        #[cfg(test)]
        sources: &[
            "code.dccouncil.us Title 50 Chapter 22 Subchapter III-A Parts B and D",
            "development.code.dccouncil.gov 50-2201.04",
            "dui.co (former 50-2201.05 text)",
            "counsel.cua.edu DC criminal traffic offences summary (50-1403.01, 50-2201.05c, 50-2201.04, 50-1401.01)",
            "instalawyer.io 50-2206.15; thebestdwidefense.com DC (50-1301.37, formerly 40-437)",
        ],
    },
    VehicleCode {
        state: "PR",
        name: "Puerto Rico",
        code_name: "Ley de Vehículos y Tránsito de Puerto Rico, Ley Núm. 22 de 7 de enero de 2000 (Ley 22-2000), codified in 9 L.P.R.A. § 5001 et seq.",
        confidence: Medium,
        labels: &["NUM", "SEC"],
        code_labels: &[
            ("LEY", "LEY"),
            ("ART", "ART"),
            ("LPRA", "LPRA"),
            ("L P R A", "LPRA"),
        ],
        decimal_sections: true,
        statutes: &["LEY #", "ART #", "# LPRA #"],
        vehicle_code: &["LEY 22", "ART # LEY 22", "9 LPRA 5#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "ART 7.0[1-4] LEY 22",
                "driving under the influence (Ley 22-2000 arts. 7.01-7.04)",
            ),
            sec(
                Serious(ImpairedDriving),
                "LEY 22 ART 7.0[1-4]",
                "driving under the influence (Ley 22-2000 arts. 7.01-7.04)",
            ),
            sec(
                Serious(ImpairedDriving),
                "9 LPRA 520[1-4]",
                "driving under the influence (9 L.P.R.A. 5201-5204)",
            ),
            sec(
                Serious(RecklessDriving),
                "ART 5.0[67] LEY 22",
                "racing; negligent or reckless driving causing injury",
            ),
            sec(
                Serious(RecklessDriving),
                "LEY 22 ART 5.0[67]",
                "racing; negligent or reckless driving causing injury",
            ),
            sec(
                Serious(LeavingScene),
                "ART 4.0[12] LEY 22",
                "accidents (leaving the scene)",
            ),
            sec(
                Serious(LeavingScene),
                "LEY 22 ART 4.0[12]",
                "accidents (leaving the scene)",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "Art. 7.02 Ley 22-2000",
            "Ley 22 Art. 5.07",
            "9 L.P.R.A. § 5202",
            "Art. 4.02 Ley 22",
        ],
        #[cfg(test)]
        not_vehicle: &[
            "Art. 182 Código Penal",
            "Art. 401 Ley 4 (Sustancias Controladas)",
            "Ley 8-1987",
        ],
        #[cfg(test)]
        sources: &[
            "carreterasegurapr.com (Ley 22-2000 Cap. VII)",
            "instalawyer.io 2020 Laws of Puerto Rico § 5204 (refers to §§ 5201-5203)",
            "vlex.com.pr and codexpr.ai Ley 192-2009 (Arts. 7.02, 7.04)",
            "lexjuris.com Ley 144-2014 (Arts. 7.01-7.04), Ley 130-2013, Ley 218-2014 (Art. 5.06), Ley 100-2022 (Art. 5.02)",
            "vlex.com.pr Ley 17-2015 (Arts. 4.01, 5.07); codexpr.ai Ley 127-2014 (Art. 4.02)",
            "lexjuris.com Pueblo v. Agostini, 2000 TSPR 091 (Ley 141-1960 Sec. 5-201, 9 L.P.R.A. § 871)",
        ],
    },
    VehicleCode {
        state: "GU",
        name: "Guam",
        code_name: "Guam Code Annotated Title 16 (Vehicles); impaired-driving offences moved in 2018 to 9 GCA Chapter 92 (Safe Streets Act of 2018)",
        confidence: Medium,
        labels: &["GCA", "G C A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #"],
        vehicle_code: &["16 #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "9 92[12]#",
                "impaired driving (9 GCA chapter 92)",
            ),
            sec(Serious(RecklessDriving), "16 9107", "reckless driving"),
        ],
        #[cfg(test)]
        formats: &[
            "9 GCA § 92102",
            "16 GCA § 9107(a)",
            "16 GCA § 3101",
            "9 GCA § 92111",
        ],
        #[cfg(test)]
        not_vehicle: &["9 GCA § 43.30", "9 GCA § 67.401.1", "10 GCA § 69201"],
        #[cfg(test)]
        sources: &[
            "law.justia.com 2019 Guam Title 9 Chapter 92 (Safe Streets Act of 2018; transferred from 16 GCA ch. 18 by P.L. 34-107)",
            "lawserver.com 9 GCA §§ 92108, 92203; 16 GCA §§ 9107, 3109, 3111; 10 GCA § 69202",
            "studylib.net 16 GCA Chapter 3 (articles and §§ 3101-3117)",
            "pdfslide.us P.L. 22-20 (Vehicle Code § 23405)",
        ],
    },
    VehicleCode {
        state: "VI",
        name: "U.S. Virgin Islands",
        code_name: "Virgin Islands Code Title 20 (motor vehicle and traffic chapters) [title name 'Roads, Bridges and Traffic' from memory]",
        confidence: Medium,
        labels: &["VIC", "V I C", "VIRGIN ISLANDS CODE", "TITLE", "SECTION"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #"],
        vehicle_code: &["20 #"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "20 493",
                "driving under the influence",
            ),
            sec(Serious(RecklessDriving), "20 492", "reckless driving"),
            sec(
                Serious(Eluding),
                "20 491(B)",
                "failure to obey police direction",
            ),
        ],
        #[cfg(test)]
        formats: &[
            "20 V.I.C. § 493(a)(1)",
            "Title 20, Section 492, Virgin Islands Code",
            "20 VIC 494",
        ],
        #[cfg(test)]
        not_vehicle: &["14 V.I.C. § 1083", "19 V.I.C. § 604", "23 V.I.C. § 451"],
        #[cfg(test)]
        sources: &[
            "law.uslawyerdatabase.com and getpocketlaw.com § 803 schedule of points (20 V.I.C. §§ 465, 466, 491(b), 492, 493, 494, 494a, 495)",
            "getpocketlaw.com 20 V.I.C. § 493 text",
            "viupdate.com (Title 20 § 493)",
        ],
    },
    VehicleCode {
        state: "MP",
        name: "Northern Mariana Islands",
        code_name: "Commonwealth Code (CMC) Title 9 [title name 'Vehicles and Traffic' not confirmed]",
        confidence: Unverified,
        labels: &["CMC", "N CMC"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["# #"],
        vehicle_code: &["9 #"],
        sections: &[sec(
            Serious(ImpairedDriving),
            "9 7105",
            "driving under the influence",
        )],
        #[cfg(test)]
        formats: &["9 CMC § 7105(a)(1)", "9 CMC § 5251(a)"],
        #[cfg(test)]
        not_vehicle: &["6 CMC § 1601"],
        #[cfg(test)]
        sources: &[
            "orgsites.com/hi/trafficsectionsaipan (P.L. 9-44 amending 9 CMC §§ 7105, 7108, 7109; P.L. 10-54 open container)",
            "casetext Commonwealth v. Babauta, 6 N. Mar. I. 283 (2001) (9 CMC § 5251)",
            "paperzz.com P.L. 19-5 (boating while under the influence); CNMI Superior Court Rules Governing Procedure in Traffic Cases",
            "ghsa.org Northern Mariana Islands page",
        ],
    },
    VehicleCode {
        state: "AS",
        name: "American Samoa",
        code_name: "American Samoa Code Annotated (A.S.C.A.) Title 22 (Highways and Motor Vehicles)",
        confidence: Medium,
        labels: &["ASCA", "A S C A"],
        code_labels: &[],
        decimal_sections: true,
        statutes: &["#.#"],
        vehicle_code: &["22.#"],
        sections: &[
            sec(
                Serious(ImpairedDriving),
                "22.0707",
                "driving under the influence (also boats)",
            ),
            sec(Serious(ImpairedDriving), "22.0601", "implied consent"),
        ],
        #[cfg(test)]
        formats: &["A.S.C.A. § 22.0707(a)", "22.0707", "ASCA 22.0601"],
        #[cfg(test)]
        not_vehicle: &["46.4806", "20.0330", "27.0532"],
        #[cfg(test)]
        sources: &[
            "new.asbar.org code-annotated 22.0707, 22.0601, 22.0101",
            "paclii.org ASCA Title 22 index (Highways and Motor Vehicles) and Title 46 index",
            "osas.as ASAC Title 22 rules (22.0101-22.0115)",
        ],
    },
];
