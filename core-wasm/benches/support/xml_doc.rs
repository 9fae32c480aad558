//! Vendor XML documents for the stage-1 benchmarks, native (`core-wasm/benches/xml.rs`) and wasm
//! (`tests/benches/xml_wasm.rs`): a `ScreeningResults` of `cases` cases with `charges_per_case`
//! charges each, dates in several of the layout's forms.

use serde_json::json;

fn charge(n: usize) -> String {
    format!(
        "<chargeinfo><charge>THEFT BY TAKING &gt;$500 COUNT {n}</charge><statute>16-8-2</statute><charge_number>{n}</charge_number>\
         <crime_type>{}</crime_type><disposition>{}</disposition><arrest_date_freeformat>03/0{}/2021</arrest_date_freeformat>\
         <filing_date_freeformat>2021-03-1{}</filing_date_freeformat><disposition_date_freeformat>June {}, 2022</disposition_date_freeformat>\
         <sentencing><sentence_type>probation</sentence_type><active_amount>12 MONTHS</active_amount></sentencing>\
         <sentencing><sentence_type>fine</sentence_type><active_amount>$250</active_amount></sentencing>\
         <additionalInfo><title>Offense Class</title><value>MISDEMEANOR</value></additionalInfo></chargeinfo>",
        if n.is_multiple_of(3) {
            "Felony"
        } else {
            "Misdemeanor"
        },
        if n.is_multiple_of(2) {
            "GUILTY"
        } else {
            "DISMISSED"
        },
        1 + n % 9,
        n % 10,
        1 + n % 28,
    )
}

pub fn document(cases: usize, charges_per_case: usize) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?><ScreeningResults><postResults order=\"1\" subOrder=\"1.1\" \
         type=\"County_criminal\" filledStatus=\"filled\" filledCode=\"hits\"><time_filled>2025-11-05 10:00:00</time_filled>\
         <county>Cobb</county><state>GA</state>",
    );
    for c in 0..cases {
        xml.push_str(&format!(
            "<case><case_number>21-CR-{c:05}</case_number><filing_date>20210312</filing_date><disposition_date>20220601</disposition_date>\
             <defendant><name_first>BENCH</name_first><name_middle>Q</name_middle><name_last>MARKSON</name_last><dob>19800101</dob>\
             <ssn>900-00-0001</ssn><address><address>1 TEST WAY</address><city>MARIETTA</city><state>GA</state><zip>30060</zip></address>\
             </defendant><jurisdiction_state>GA</jurisdiction_state>"
        ));
        for n in 0..charges_per_case {
            xml.push_str(&charge(c * charges_per_case + n + 1));
        }
        xml.push_str("</case>");
    }
    xml.push_str("</postResults></ScreeningResults>");
    xml
}

pub fn body(xml: &str) -> Vec<u8> {
    json!({"record": {"search_id": "S", "search_date": "2025-11-05", "order_id": "1", "order_number": "1.1",
        "candidate_info": {"first_name": "BENCH", "last_name": "MARKSON", "date_of_birth": "1980-01-01"}, "xml": xml}})
    .to_string()
    .into_bytes()
}

/// The two sizes the issue asks about: a 1-case document and a 200-charge one.
pub fn sizes() -> [(&'static str, String); 2] {
    [
        ("1_case", document(1, 1)),
        ("200_charges", document(20, 10)),
    ]
}
