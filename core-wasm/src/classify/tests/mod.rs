//! The classifier's tests, one file per matcher or table.

mod disposition;
mod doc;
mod phrases;
mod properties;
mod reader;
mod record_states;
mod samples;
mod severity;
mod statute;
mod text;
mod traffic;
mod vehicle_codes;
