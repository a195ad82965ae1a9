//! Tool-level failures: results with `isError: true` that tell the agent how to correct its call.
//!
//! Protocol errors (a malformed request, an unknown tool) are JSON-RPC errors and live in `server`.

use serde_json::{Value, json};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum ErrorCode {
    InvalidArguments,
    InvalidSymbolKey,
    SymbolNotFound,
    AmbiguousSymbolKey,
    WrongSymbolKind,
    UnsupportedSymbol,
    SourceUnavailable,
}

impl ErrorCode {
    pub(crate) fn as_str(self) -> &'static str {
        match self {
            ErrorCode::InvalidArguments => "invalid_arguments",
            ErrorCode::InvalidSymbolKey => "invalid_symbol_key",
            ErrorCode::SymbolNotFound => "symbol_not_found",
            ErrorCode::AmbiguousSymbolKey => "ambiguous_symbol_key",
            ErrorCode::WrongSymbolKind => "wrong_symbol_kind",
            ErrorCode::UnsupportedSymbol => "unsupported_symbol",
            ErrorCode::SourceUnavailable => "source_unavailable",
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ToolError {
    pub(crate) code: ErrorCode,
    /// The argument to correct, as the client spelled it (`scope.filePath` for nested ones).
    pub(crate) parameter: Option<String>,
    pub(crate) message: String,
    pub(crate) suggestions: Vec<String>,
}

impl ToolError {
    pub(crate) fn new(code: ErrorCode, parameter: &str, message: impl Into<String>) -> ToolError {
        ToolError {
            code,
            parameter: Some(parameter.to_owned()),
            message: message.into(),
            suggestions: Vec::new(),
        }
    }

    pub(crate) fn invalid_argument(parameter: &str, message: impl Into<String>) -> ToolError {
        ToolError::new(ErrorCode::InvalidArguments, parameter, message)
    }

    pub(crate) fn suggest(mut self, suggestion: impl Into<String>) -> ToolError {
        self.suggestions.push(suggestion.into());
        self
    }

    pub(crate) fn to_json(&self) -> Value {
        json!({
            "success": false,
            "errorCode": self.code.as_str(),
            "parameter": self.parameter,
            "error": self.message,
            "suggestions": self.suggestions,
        })
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    #[test]
    fn error_object_has_the_documented_fields() {
        let error = ToolError::invalid_argument("take", "take must be at most 500, got 9000")
            .suggest("Page with skip/take instead of one large page.");
        expect![[r#"{"success":false,"errorCode":"invalid_arguments","parameter":"take","error":"take must be at most 500, got 9000","suggestions":["Page with skip/take instead of one large page."]}"#]]
            .assert_eq(&error.to_json().to_string());
    }
}
