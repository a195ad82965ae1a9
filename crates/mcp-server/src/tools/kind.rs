//! Symbol kinds as tools spell them (camelCase, like the `kind` of every symbol object).

use ide::SymbolKind;

use crate::error::ToolError;

const KINDS: [(&str, SymbolKind); 18] = [
    ("class", SymbolKind::Class),
    ("struct", SymbolKind::Struct),
    ("interface", SymbolKind::Interface),
    ("enum", SymbolKind::Enum),
    ("delegate", SymbolKind::Delegate),
    ("record", SymbolKind::Record),
    ("recordStruct", SymbolKind::RecordStruct),
    ("method", SymbolKind::Method),
    ("constructor", SymbolKind::Constructor),
    ("destructor", SymbolKind::Destructor),
    ("property", SymbolKind::Property),
    ("indexer", SymbolKind::Indexer),
    ("event", SymbolKind::Event),
    ("field", SymbolKind::Field),
    ("constant", SymbolKind::Constant),
    ("enumMember", SymbolKind::EnumMember),
    ("operator", SymbolKind::Operator),
    ("conversion", SymbolKind::Conversion),
];

pub(crate) fn names() -> Vec<&'static str> {
    KINDS.iter().map(|(name, _)| *name).collect()
}

pub(crate) fn name(kind: SymbolKind) -> &'static str {
    KINDS
        .iter()
        .find(|(_, k)| *k == kind)
        .map_or("unknown", |(name, _)| name)
}

pub(crate) fn parse(parameter: &str, text: &str) -> Result<SymbolKind, ToolError> {
    KINDS
        .iter()
        .find(|(name, _)| *name == text)
        .map(|&(_, kind)| kind)
        .ok_or_else(|| {
            ToolError::invalid_argument(
                parameter,
                format!("unknown kind '{text}'; accepted: {}", names().join(", ")),
            )
            .suggest("Use one of the accepted kinds, spelt in lower case as listed.")
        })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn names_round_trip() {
        for (text, kind) in KINDS {
            assert_eq!(parse("kinds", text), Ok(kind));
            assert_eq!(name(kind), text);
        }
        assert!(parse("kinds", "klass").is_err());
    }
}
