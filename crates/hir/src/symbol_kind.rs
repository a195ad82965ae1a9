//! What kind a symbol is, in the vocabulary of the tools: one list for source symbols (`symbols`)
//! and library ones (`library`), which both name their kinds with it.

/// What kind of symbol, in the vocabulary of the tools.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum SymbolKind {
    Class,
    Struct,
    Interface,
    Enum,
    Delegate,
    Record,
    RecordStruct,
    Method,
    Constructor,
    Destructor,
    Property,
    Indexer,
    Event,
    Field,
    Constant,
    EnumMember,
    Operator,
    Conversion,
}

impl SymbolKind {
    /// A type (class, struct, interface, enum, delegate, record), not a member.
    pub fn is_type(self) -> bool {
        matches!(
            self,
            SymbolKind::Class
                | SymbolKind::Struct
                | SymbolKind::Interface
                | SymbolKind::Enum
                | SymbolKind::Delegate
                | SymbolKind::Record
                | SymbolKind::RecordStruct
        )
    }

    /// The letter a documentation id of a symbol of this kind starts with (`T:`, `M:`, `P:`, `E:`,
    /// `F:`): what tells, before any id is computed, which symbols of a name an id may be.
    pub fn documentation_id_prefix(self) -> char {
        match self {
            kind if kind.is_type() => 'T',
            SymbolKind::Property | SymbolKind::Indexer => 'P',
            SymbolKind::Event => 'E',
            SymbolKind::Field | SymbolKind::Constant | SymbolKind::EnumMember => 'F',
            _ => 'M',
        }
    }
}
