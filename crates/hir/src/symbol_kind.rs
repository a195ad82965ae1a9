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
