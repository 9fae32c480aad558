//! Scratch (not committed): every labelled row's reading, one line each, for diffing engines.
#[path = "classify_report/read.rs"]
mod read;
#[path = "classify_report/rows.rs"]
mod rows;
#[path = "classify_report/split.rs"]
mod split;
fn main() {
    let dir = std::path::PathBuf::from(
        std::env::args()
            .nth(1)
            .unwrap_or("../shared/reference/charges".into()),
    );
    let rows = rows::all(&dir).unwrap();
    for row in &rows {
        let class_name = row.class.map_or("-", |c| c.name());
        let part = if split::part_of(&row.text_alone) == split::Part::HeldBack {
            "H"
        } else {
            "T"
        };
        for (mode, level, statute, text) in [
            ("S", row.level, Some(row.statute.as_str()), &row.charge),
            ("L", row.level, None, &row.text_alone),
            ("T", None, None, &row.text_alone),
        ] {
            let r = read::read_charge(text, statute, level, Some(row.state));
            println!(
                "{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}\t{}",
                row.state,
                part,
                mode,
                class_name,
                r.traffic.label(),
                row.level.unwrap_or("-"),
                row.statute,
                text,
                r.evidence
            );
        }
    }
}
