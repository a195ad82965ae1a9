//! Generates `SyntaxKind` (one per concrete tree-sitter node type, plus trivia) and `Field`.

use std::collections::BTreeSet;
use std::fmt::Write;

use anyhow::{Result, bail, ensure};

use super::grammar::{Grammar, NodeType, Shape, TypeRef};

/// Bits of a raw rowan kind that hold the `SyntaxKind`; the field id sits above them.
pub(crate) const KIND_BITS: u32 = 9;

/// Kinds tree-sitter does not produce from the grammar: its error nodes and the trivia the converter
/// makes from the byte gaps between tokens.
const HAND_KINDS: &[(&str, &str)] = &[
    (
        "ERROR",
        "A tree-sitter `ERROR` node, or text between tokens that no rule accepted.",
    ),
    ("WHITESPACE", "Spaces, tabs and line breaks between tokens."),
    (
        "PREPROCESSOR_DIRECTIVE",
        "A directive line, `#` up to the line break.",
    ),
    ("INACTIVE_CODE", "Lines skipped by `#if`."),
    (
        "TEXT",
        "Text of a token the grammar leaves unnamed (the `N2` of `{x:N2}`).",
    ),
    (
        "BODY_TEXT",
        "A body's whole text as one token, in a tree parsed for its declarations alone \
         (`syntax::parse_declarations`).",
    ),
];

/// Syntax newer than the grammar, which `syntax/src/grammar_gaps.rs` makes tree-sitter parse as
/// something else and the converter names back: kind, spelling (`tree_sitter_name`), whether it is a
/// node, doc.
const GAP_KINDS: &[(&str, &str, bool, &str)] = &[
    (
        "EXTENSION_DECLARATION",
        "extension_declaration",
        true,
        "A C# 14 extension block, `extension(string s) { … }`.",
    ),
    (
        "EXTENSION_KW",
        "extension",
        false,
        "The `extension` keyword of an extension block.",
    ),
];

const PUNCTUATION: &[(&str, &str)] = &[
    ("!", "BANG"),
    ("!=", "NEQ"),
    ("\"", "DOUBLE_QUOTE"),
    ("%", "PERCENT"),
    ("%=", "PERCENT_EQ"),
    ("&", "AMP"),
    ("&&", "AMP2"),
    ("&=", "AMP_EQ"),
    ("'", "SINGLE_QUOTE"),
    ("(", "L_PAREN"),
    (")", "R_PAREN"),
    ("*", "STAR"),
    ("*=", "STAR_EQ"),
    ("+", "PLUS"),
    ("++", "PLUS2"),
    ("+=", "PLUS_EQ"),
    (",", "COMMA"),
    ("-", "MINUS"),
    ("--", "MINUS2"),
    ("-=", "MINUS_EQ"),
    ("->", "THIN_ARROW"),
    (".", "DOT"),
    ("..", "DOT2"),
    ("/", "SLASH"),
    ("/=", "SLASH_EQ"),
    (":", "COLON"),
    ("::", "COLON2"),
    (";", "SEMICOLON"),
    ("<", "L_ANGLE"),
    ("<<", "SHL"),
    ("<<=", "SHL_EQ"),
    ("<=", "LTEQ"),
    ("=", "EQ"),
    ("==", "EQ2"),
    ("=>", "FAT_ARROW"),
    (">", "R_ANGLE"),
    (">=", "GTEQ"),
    (">>", "SHR"),
    (">>=", "SHR_EQ"),
    (">>>", "USHR"),
    (">>>=", "USHR_EQ"),
    ("?", "QUESTION"),
    ("??", "QUESTION2"),
    ("??=", "QUESTION2_EQ"),
    ("[", "L_BRACK"),
    ("]", "R_BRACK"),
    ("^", "CARET"),
    ("^=", "CARET_EQ"),
    ("{", "L_CURLY"),
    ("|", "PIPE"),
    ("|=", "PIPE_EQ"),
    ("||", "PIPE2"),
    ("}", "R_CURLY"),
    ("~", "TILDE"),
];

/// One generated kind.
pub(crate) struct Kind<'a> {
    pub(crate) name: String,
    pub(crate) node: &'a NodeType,
    pub(crate) shape: Shape,
}

/// The concrete node types in `node-types.json` order, with their `SyntaxKind` names.
pub(crate) fn kinds(grammar: &Grammar) -> Result<Vec<Kind<'_>>> {
    let mut seen: BTreeSet<String> = HAND_KINDS
        .iter()
        .map(|(name, _)| name.to_string())
        .chain(GAP_KINDS.iter().map(|(name, ..)| name.to_string()))
        .collect();
    let mut kinds = Vec::new();
    for node in grammar
        .node_types
        .iter()
        .filter(|node| node.subtypes.is_empty())
    {
        let name = kind_name(&node.ty);
        if !seen.insert(name.clone()) {
            bail!("two node types are both named {name}");
        }
        kinds.push(Kind {
            name,
            node,
            shape: grammar.shape(node),
        });
    }
    ensure!(
        HAND_KINDS.len() + GAP_KINDS.len() + kinds.len() <= 1 << KIND_BITS,
        "{} kinds do not fit in {KIND_BITS} bits",
        kinds.len()
    );
    ensure!(
        grammar.fields.len() < 1 << (16 - KIND_BITS),
        "too many fields"
    );
    Ok(kinds)
}

pub(crate) fn kind_name(ty: &TypeRef) -> String {
    if ty.named {
        return ty.name.to_ascii_uppercase();
    }
    if let Some((_, name)) = PUNCTUATION.iter().find(|(text, _)| *text == ty.name) {
        return name.to_string();
    }
    let word = ty.name.trim_start_matches('_');
    if let Some(directive) = word.strip_prefix('#') {
        if directive.chars().all(|c| c.is_ascii_alphanumeric()) {
            return format!("PP_{}_KW", directive.to_ascii_uppercase());
        }
    } else if !word.is_empty() && word.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') {
        return format!("{}_KW", word.to_ascii_uppercase());
    }
    // Punctuation a new grammar version adds: still a stable, unique name.
    let codes: Vec<String> = ty.name.chars().map(|c| format!("{:X}", c as u32)).collect();
    format!("PUNCT_{}", codes.join("_"))
}

pub(crate) fn generate(grammar: &Grammar) -> Result<String> {
    let kinds = kinds(grammar)?;
    let count = HAND_KINDS.len() + GAP_KINDS.len() + kinds.len();
    let mut out = String::new();

    writeln!(out, "/// The kind of a node or token in the rowan tree.")?;
    writeln!(out, "///")?;
    writeln!(
        out,
        "/// One kind per concrete tree-sitter node type: named types in UPPER_SNAKE_CASE,"
    )?;
    writeln!(
        out,
        "/// keywords as `CLASS_KW`, punctuation by name (`L_CURLY`, `PLUS_EQ`)."
    )?;
    writeln!(
        out,
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]"
    )?;
    writeln!(out, "#[repr(u16)]")?;
    writeln!(
        out,
        "#[allow(non_camel_case_types, clippy::upper_case_acronyms)]"
    )?;
    writeln!(out, "pub enum SyntaxKind {{")?;
    for (name, doc) in HAND_KINDS {
        writeln!(out, "/// {doc}\n{name},")?;
    }
    for (name, _, _, doc) in GAP_KINDS {
        writeln!(out, "/// {doc}\n{name},")?;
    }
    for kind in &kinds {
        let what = if kind.node.ty.named {
            "Node type"
        } else {
            "Token"
        };
        let shape = match kind.shape {
            Shape::Token => "a token",
            Shape::Node => "a node",
        };
        writeln!(
            out,
            "/// {what} `{}`: {shape}.\n{},",
            kind.node.ty.name.escape_default(),
            kind.name
        )?;
    }
    writeln!(out, "}}\n")?;

    writeln!(out, "use SyntaxKind::*;\n")?;
    writeln!(out, "impl SyntaxKind {{")?;
    writeln!(out, "/// Every kind, indexed by its discriminant.")?;
    writeln!(out, "pub(crate) const ALL: [SyntaxKind; {count}] = [")?;
    for (name, _) in HAND_KINDS {
        writeln!(out, "{name},")?;
    }
    for (name, ..) in GAP_KINDS {
        writeln!(out, "{name},")?;
    }
    for kind in &kinds {
        writeln!(out, "{},", kind.name)?;
    }
    writeln!(out, "];\n")?;

    writeln!(
        out,
        "/// The kind tree-sitter calls `name` (`named` tells `this` the keyword from a named node)."
    )?;
    writeln!(
        out,
        "pub(crate) fn from_tree_sitter(name: &str, named: bool) -> Option<SyntaxKind> {{"
    )?;
    writeln!(out, "let kind = match (name, named) {{")?;
    for kind in &kinds {
        writeln!(
            out,
            "({:?}, {}) => {},",
            kind.node.ty.name, kind.node.ty.named, kind.name
        )?;
    }
    writeln!(out, "_ => return None,\n}};\nSome(kind)\n}}\n")?;

    writeln!(
        out,
        "/// The tree-sitter name of the kind: the text of a keyword or punctuation, the rule name"
    )?;
    writeln!(out, "/// of a named node.")?;
    writeln!(
        out,
        "pub fn tree_sitter_name(self) -> &'static str {{\nmatch self {{"
    )?;
    for (name, _) in HAND_KINDS {
        writeln!(out, "{name} => {:?},", name.to_ascii_lowercase())?;
    }
    for (name, spelling, ..) in GAP_KINDS {
        writeln!(out, "{name} => {spelling:?},")?;
    }
    for kind in &kinds {
        writeln!(out, "{} => {:?},", kind.name, kind.node.ty.name)?;
    }
    writeln!(out, "}}\n}}\n")?;

    writeln!(
        out,
        "/// Whether tree-sitter names the kind (`identifier`) rather than spelling it (`class`)."
    )?;
    writeln!(out, "pub fn is_named(self) -> bool {{")?;
    let named: Vec<&str> = kinds
        .iter()
        .filter(|k| k.node.ty.named)
        .map(|k| k.name.as_str())
        .collect();
    writeln!(out, "matches!(self, {})\n}}\n", named.join(" | "))?;

    writeln!(
        out,
        "/// Whether the kind is always a token in the tree (never a node)."
    )?;
    writeln!(out, "pub fn is_token(self) -> bool {{")?;
    let nodes: Vec<&str> = std::iter::once("ERROR")
        .chain(
            GAP_KINDS
                .iter()
                .filter(|(_, _, node, _)| *node)
                .map(|(name, ..)| *name),
        )
        .chain(
            kinds
                .iter()
                .filter(|k| k.shape == Shape::Node)
                .map(|k| k.name.as_str()),
        )
        .collect();
    writeln!(out, "!matches!(self, {})\n}}", nodes.join(" | "))?;
    writeln!(out, "}}\n")?;

    generate_fields(grammar, &mut out)?;
    Ok(out)
}

fn generate_fields(grammar: &Grammar, out: &mut String) -> Result<()> {
    writeln!(
        out,
        "/// A tree-sitter field: the role a child plays in its parent (`name`, `body`, `type`, …)."
    )?;
    writeln!(
        out,
        "#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]"
    )?;
    writeln!(out, "#[repr(u16)]")?;
    writeln!(out, "pub enum Field {{")?;
    for (i, field) in grammar.fields.iter().enumerate() {
        writeln!(out, "{} = {},", super::camel_case(field), i + 1)?;
    }
    writeln!(out, "}}\n")?;
    writeln!(out, "impl Field {{")?;
    writeln!(
        out,
        "/// Every field, indexed by its discriminant minus one."
    )?;
    writeln!(
        out,
        "pub(crate) const ALL: [Field; {}] = [",
        grammar.fields.len()
    )?;
    for field in &grammar.fields {
        writeln!(out, "Field::{},", super::camel_case(field))?;
    }
    writeln!(out, "];\n")?;
    writeln!(out, "/// The field's name in the grammar.")?;
    writeln!(out, "pub fn name(self) -> &'static str {{\nmatch self {{")?;
    for field in &grammar.fields {
        writeln!(out, "Field::{} => {field:?},", super::camel_case(field))?;
    }
    writeln!(out, "}}\n}}\n")?;
    writeln!(
        out,
        "pub(crate) fn from_name(name: &str) -> Option<Field> {{\nmatch name {{"
    )?;
    for field in &grammar.fields {
        writeln!(
            out,
            "{field:?} => Some(Field::{}),",
            super::camel_case(field)
        )?;
    }
    writeln!(out, "_ => None,\n}}\n}}\n}}\n")?;
    writeln!(
        out,
        "/// Bits of a raw rowan kind that hold the `SyntaxKind`; the field sits above them."
    )?;
    writeln!(out, "pub(crate) const KIND_BITS: u32 = {KIND_BITS};")?;
    Ok(())
}
