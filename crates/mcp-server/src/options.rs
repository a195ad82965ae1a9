//! The arguments every tool takes: `pathStyle` and `responseDetail`.

use crate::{args::Args, error::ToolError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum PathStyle {
    Absolute,
    /// Relative to the workspace root, always with `/` separators.
    Relative,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ResponseDetail {
    Compact,
    /// Adds `responseDiagnostics` (timings, revision, coverage) and per-symbol `documentationId` and
    /// `projectName`.
    Full,
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct OutputOptions {
    pub(crate) path_style: PathStyle,
    pub(crate) detail: ResponseDetail,
}

impl OutputOptions {
    pub(crate) fn parse(args: &Args<'_>) -> Result<OutputOptions, ToolError> {
        Ok(OutputOptions {
            path_style: args.choice(
                "pathStyle",
                &[
                    ("absolute", PathStyle::Absolute),
                    ("relative", PathStyle::Relative),
                ],
                PathStyle::Absolute,
            )?,
            detail: args.choice(
                "responseDetail",
                &[
                    ("compact", ResponseDetail::Compact),
                    ("full", ResponseDetail::Full),
                ],
                ResponseDetail::Compact,
            )?,
        })
    }

    pub(crate) fn full(&self) -> bool {
        self.detail == ResponseDetail::Full
    }
}
