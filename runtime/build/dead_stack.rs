//! The stack the warm-up left behind: once `lookback_warm` has returned, every byte below the
//! stack pointer is dead (frames of calls that have ended), yet the snapshot would copy whatever
//! they wrote into every fresh instance (two pages of the shipped module). Found here, so the
//! pre-initialiser can zero it before the snapshot.

use std::error::Error;

use wasmparser::{
    ConstExpr, DataKind, KnownCustom, Name, NameSectionReader, Operator, Parser, Payload,
};

/// The global the Rust toolchain's linker keeps the stack pointer in.
const STACK_POINTER: &str = "__stack_pointer";

/// Where the stack lives in a module: its pointer's global and the lowest address any data
/// segment writes, which the stack must stay below for [`dead_len`] to hold.
pub struct StackLayout {
    pub global: u32,
    data_start: usize,
}

impl StackLayout {
    /// Reads `wasm`'s layout; an error when the stack pointer has no name or is not first in
    /// memory (the stack below the data, as `wasm32-unknown-unknown` lays it out): zeroing below
    /// the pointer would then erase data.
    pub fn of(wasm: &[u8]) -> Result<Self, Box<dyn Error>> {
        let mut global = None;
        let mut data_start = usize::MAX;
        for payload in Parser::new(0).parse_all(wasm) {
            match payload? {
                Payload::CustomSection(custom) => {
                    if let KnownCustom::Name(names) = custom.as_known() {
                        global = global.or(stack_pointer_index(names)?);
                    }
                }
                Payload::DataSection(reader) => {
                    for segment in reader {
                        if let DataKind::Active { offset_expr, .. } = segment?.kind {
                            data_start = data_start.min(constant_offset(&offset_expr)?);
                        }
                    }
                }
                _ => {}
            }
        }
        let global = global.ok_or("dead stack: the module names no __stack_pointer global")?;
        Ok(Self { global, data_start })
    }

    /// How many bytes from address 0 are dead stack, given the stack pointer's value between
    /// calls.
    pub fn dead_len(&self, stack_pointer: i32) -> Result<usize, Box<dyn Error>> {
        let top = usize::try_from(stack_pointer)?;
        if top > self.data_start {
            return Err(format!(
                "dead stack: the stack (up to {top:#x}) is not below the data (from {:#x})",
                self.data_start
            )
            .into());
        }
        Ok(top)
    }
}

/// The index of the global the name section calls [`STACK_POINTER`].
fn stack_pointer_index(names: NameSectionReader<'_>) -> Result<Option<u32>, Box<dyn Error>> {
    for name in names {
        if let Name::Global(map) = name? {
            for naming in map {
                let naming = naming?;
                if naming.name == STACK_POINTER {
                    return Ok(Some(naming.index));
                }
            }
        }
    }
    Ok(None)
}

/// A data segment's address (`i32.const N`, as the linker writes them).
fn constant_offset(expr: &ConstExpr<'_>) -> Result<usize, Box<dyn Error>> {
    let Operator::I32Const { value } = expr.get_operators_reader().read()? else {
        return Err("dead stack: a data offset that is not a constant".into());
    };
    Ok(usize::try_from(value)?)
}
