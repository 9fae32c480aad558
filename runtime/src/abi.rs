//! The engine module's ABI as the runtime holds it (docs/abi.md): the exports a module must have,
//! with their signatures, resolved once at load so calls skip string lookups.

use wasmtime::{ExternType, FuncType, Module, ModuleExport, ValType};

/// The ABI version this runtime speaks: the engine's own (docs/abi.md).
pub const ABI_VERSION: u32 = lookback_core::api::ABI_VERSION;

/// The JSON-in/JSON-out exports of ABI v1, and the optional pair that keeps stage 1's record
/// inside the instance for stage 2 (docs/abi.md, "Keeping the record in the instance").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Export {
    /// `lookback_info` (takes no input).
    Info,
    /// `lookback_transform`: stage 1.
    Transform,
    /// `lookback_transform_xml`: stage 1 alone, for `/transform-xml`.
    TransformXml,
    /// `lookback_evaluate`: stages 2-3.
    Evaluate,
    /// `lookback_identity_match`.
    IdentityMatch,
    /// `lookback_transform_keep` (optional): stage 1, its record kept in the instance.
    TransformKeep,
    /// `lookback_evaluate_kept` (optional): stages 2-3 on the kept record.
    EvaluateKept,
    /// `lookback_charge_keys` (optional, takes no input): what of the kept record a tenant's
    /// charge dictionary can match.
    ChargeKeys,
}

/// An ABI export that is absent or has the wrong type.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExportError {
    /// Export name.
    pub name: &'static str,
    /// What is wrong with it.
    pub problem: String,
}

/// Resolved ABI exports of one module.
#[derive(Clone)]
pub(crate) struct ExportIndices {
    pub memory: ModuleExport,
    pub alloc: ModuleExport,
    pub free: ModuleExport,
    pub info: ModuleExport,
    pub transform: ModuleExport,
    pub transform_xml: ModuleExport,
    pub evaluate: ModuleExport,
    pub identity_match: ModuleExport,
    /// The optional pair that keeps stage 1's record in the instance; both or neither.
    pub keep: Option<KeepExports>,
    /// `lookback_answer_spans` (optional): where the parts of a stages 2-3 answer lie.
    pub answer_spans: Option<ModuleExport>,
    /// `lookback_charge_keys` (optional).
    pub charge_keys: Option<ModuleExport>,
}

/// `lookback_transform_keep` and `lookback_evaluate_kept` (docs/abi.md).
#[derive(Clone)]
pub(crate) struct KeepExports {
    pub transform: ModuleExport,
    pub evaluate: ModuleExport,
}

impl ExportIndices {
    /// The export's index; `None` for an optional export the module does not have.
    pub(crate) fn get(&self, export: Export) -> Option<&ModuleExport> {
        Some(match export {
            Export::Info => &self.info,
            Export::Transform => &self.transform,
            Export::TransformXml => &self.transform_xml,
            Export::Evaluate => &self.evaluate,
            Export::IdentityMatch => &self.identity_match,
            Export::TransformKeep => &self.keep.as_ref()?.transform,
            Export::EvaluateKept => &self.keep.as_ref()?.evaluate,
            Export::ChargeKeys => self.charge_keys.as_ref()?,
        })
    }
}

/// The ABI's exports and their signatures (docs/abi.md).
pub(crate) fn check_exports(module: &Module) -> Result<ExportIndices, ExportError> {
    use ValType::{I32, I64};
    let func = |name: &'static str, params: &[ValType], results: &[ValType]| {
        let index = resolve(module, name)?;
        match module.get_export(name) {
            Some(ExternType::Func(ty)) if signature_is(&ty, params, results) => Ok(index),
            Some(ExternType::Func(ty)) => Err(ExportError {
                name,
                problem: format!("has signature {ty:?}, expected {params:?} -> {results:?}"),
            }),
            _ => Err(ExportError {
                name,
                problem: "is not a function".into(),
            }),
        }
    };
    let memory = resolve(module, "memory")?;
    if !matches!(module.get_export("memory"), Some(ExternType::Memory(_))) {
        return Err(ExportError {
            name: "memory",
            problem: "is not a memory".into(),
        });
    }
    // Optional, but never half there: a module with one of the pair and not the other is refused.
    let keep = match (
        module.get_export("lookback_transform_keep"),
        module.get_export("lookback_evaluate_kept"),
    ) {
        (None, None) => None,
        _ => Some(KeepExports {
            transform: func("lookback_transform_keep", &[I32, I32], &[I64])?,
            evaluate: func("lookback_evaluate_kept", &[I32, I32], &[I64])?,
        }),
    };
    let answer_spans = match module.get_export("lookback_answer_spans") {
        None => None,
        Some(_) => Some(func("lookback_answer_spans", &[], &[I32])?),
    };
    // Read only with the kept record: without the pair it is of no use.
    let charge_keys = match module.get_export("lookback_charge_keys") {
        Some(_) if keep.is_some() => Some(func("lookback_charge_keys", &[], &[I64])?),
        _ => None,
    };
    Ok(ExportIndices {
        memory,
        free: func("lookback_free", &[I32, I32], &[])?,
        alloc: func("lookback_alloc", &[I32], &[I32])?,
        info: func("lookback_info", &[], &[I64])?,
        transform: func("lookback_transform", &[I32, I32], &[I64])?,
        transform_xml: func("lookback_transform_xml", &[I32, I32], &[I64])?,
        evaluate: func("lookback_evaluate", &[I32, I32], &[I64])?,
        identity_match: func("lookback_identity_match", &[I32, I32], &[I64])?,
        keep,
        answer_spans,
        charge_keys,
    })
}

fn resolve(module: &Module, name: &'static str) -> Result<ModuleExport, ExportError> {
    module.get_export_index(name).ok_or(ExportError {
        name,
        problem: "is missing".into(),
    })
}

fn signature_is(ty: &FuncType, params: &[ValType], results: &[ValType]) -> bool {
    let same = |a: ValType, b: &ValType| ValType::eq(&a, b);
    ty.params().len() == params.len()
        && ty.results().len() == results.len()
        && ty.params().zip(params).all(|(a, b)| same(a, b))
        && ty.results().zip(results).all(|(a, b)| same(a, b))
}
