//! The parts of tree-sitter-c-sharp's `node-types.json` and `grammar.json` the generators read.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use anyhow::{Context, Result};
use serde_json::Value;

/// A node type as tree-sitter names it: `("class", false)` is the keyword, `("identifier", true)` the
/// named node.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub(crate) struct TypeRef {
    pub(crate) name: String,
    pub(crate) named: bool,
}

/// The children a node may have in one field, or without a field.
#[derive(Debug)]
pub(crate) struct Children {
    pub(crate) multiple: bool,
    pub(crate) types: Vec<TypeRef>,
}

#[derive(Debug)]
pub(crate) struct NodeType {
    pub(crate) ty: TypeRef,
    pub(crate) fields: BTreeMap<String, Children>,
    pub(crate) children: Option<Children>,
    /// Non-empty for supertypes (`expression`, `statement`, …).
    pub(crate) subtypes: Vec<TypeRef>,
}

/// What a concrete (non-supertype) node type becomes in the rowan tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Shape {
    /// Keywords, punctuation, and named rules that lex as one token (`identifier`, `modifier`,
    /// `integer_literal`, …): one rowan token covering the whole node.
    Token,
    /// Everything else: a rowan node.
    Node,
}

pub(crate) struct Grammar {
    pub(crate) node_types: Vec<NodeType>,
    pub(crate) fields: BTreeSet<String>,
    rules: serde_json::Map<String, Value>,
    externals: BTreeSet<String>,
    /// For each name a named `alias(…)` gives, the rules aliased to it.
    aliases: BTreeMap<String, Vec<Value>>,
}

impl Grammar {
    pub(crate) fn load(src: &Path) -> Result<Grammar> {
        let read = |name: &str| -> Result<Value> {
            let path = src.join(name);
            let text = std::fs::read_to_string(&path)
                .with_context(|| format!("reading {}", path.display()))?;
            Ok(serde_json::from_str(&text)?)
        };
        let node_types = read("node-types.json")?;
        let grammar = read("grammar.json")?;

        let node_types: Vec<NodeType> = node_types
            .as_array()
            .context("node-types.json is not an array")?
            .iter()
            .map(parse_node_type)
            .collect::<Result<_>>()?;
        let fields = node_types
            .iter()
            .flat_map(|node| node.fields.keys().cloned())
            .collect();
        let rules = grammar["rules"]
            .as_object()
            .context("grammar.json has no rules")?
            .clone();
        let externals = grammar["externals"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|external| external["name"].as_str().map(str::to_owned))
            .collect();
        let mut aliases = BTreeMap::new();
        for rule in rules.values() {
            collect_aliases(rule, &mut aliases);
        }
        Ok(Grammar {
            node_types,
            fields,
            rules,
            externals,
            aliases,
        })
    }

    pub(crate) fn is_supertype(&self, ty: &TypeRef) -> bool {
        self.node_type(ty)
            .is_some_and(|node| !node.subtypes.is_empty())
    }

    /// A supertype that only partitions its parent (`lvalue_expression` of `expression`) stands
    /// for the parent: the AST has one `Expression`.
    pub(crate) fn canonical(&self, ty: &TypeRef) -> TypeRef {
        let parent = self.node_types.iter().find(|node| {
            !node.subtypes.is_empty()
                && node.subtypes.contains(ty)
                && node.subtypes.iter().all(|sub| self.is_supertype(sub))
        });
        parent.map_or_else(|| ty.clone(), |parent| parent.ty.clone())
    }

    pub(crate) fn node_type(&self, ty: &TypeRef) -> Option<&NodeType> {
        self.node_types.iter().find(|node| node.ty == *ty)
    }

    /// The concrete types a type stands for: itself, or a supertype's subtypes, recursively.
    pub(crate) fn concrete(&self, ty: &TypeRef) -> BTreeSet<TypeRef> {
        match self.node_type(ty) {
            Some(node) if !node.subtypes.is_empty() => node
                .subtypes
                .iter()
                .flat_map(|sub| self.concrete(sub))
                .collect(),
            _ => BTreeSet::from([ty.clone()]),
        }
    }

    pub(crate) fn shape(&self, node: &NodeType) -> Shape {
        let leaf = node.fields.is_empty() && node.children.is_none();
        if !node.ty.named || (leaf && self.lexes_as_one_token(&node.ty.name)) {
            Shape::Token
        } else {
            Shape::Node
        }
    }

    /// Whether every text the named rule matches is a single lexical token (so the node can have no
    /// trivia inside). `break_statement` (`break ;`) is not; `modifier` (a choice of keywords) is.
    fn lexes_as_one_token(&self, name: &str) -> bool {
        let mut visiting = BTreeSet::new();
        self.symbol_is_one_token(name, &mut visiting)
    }

    fn symbol_is_one_token(&self, name: &str, visiting: &mut BTreeSet<String>) -> bool {
        if self.externals.contains(name) {
            return true;
        }
        if !visiting.insert(name.to_owned()) {
            return false;
        }
        let result = match self.rules.get(name) {
            Some(rule) => self.rule_is_one_token(rule, visiting),
            None => self.aliases.get(name).is_some_and(|rules| {
                rules
                    .iter()
                    .all(|rule| self.rule_is_one_token(rule, visiting))
            }),
        };
        visiting.remove(name);
        result
    }

    fn rule_is_one_token(&self, rule: &Value, visiting: &mut BTreeSet<String>) -> bool {
        match rule["type"].as_str().unwrap_or_default() {
            "STRING" | "PATTERN" | "TOKEN" | "IMMEDIATE_TOKEN" | "BLANK" => true,
            "CHOICE" => rule["members"]
                .as_array()
                .into_iter()
                .flatten()
                .all(|member| self.rule_is_one_token(member, visiting)),
            "PREC" | "PREC_LEFT" | "PREC_RIGHT" | "PREC_DYNAMIC" | "FIELD" | "ALIAS" => {
                self.rule_is_one_token(&rule["content"], visiting)
            }
            "SYMBOL" => rule["name"]
                .as_str()
                .is_some_and(|name| self.symbol_is_one_token(name, visiting)),
            _ => false,
        }
    }
}

fn parse_node_type(value: &Value) -> Result<NodeType> {
    let ty = parse_type_ref(value)?;
    let fields = value["fields"]
        .as_object()
        .into_iter()
        .flatten()
        .map(|(name, children)| Ok((name.clone(), parse_children(children)?)))
        .collect::<Result<_>>()?;
    let children = match &value["children"] {
        Value::Null => None,
        children => Some(parse_children(children)?),
    };
    let subtypes = value["subtypes"]
        .as_array()
        .into_iter()
        .flatten()
        .map(parse_type_ref)
        .collect::<Result<_>>()?;
    Ok(NodeType {
        ty,
        fields,
        children,
        subtypes,
    })
}

fn parse_children(value: &Value) -> Result<Children> {
    Ok(Children {
        multiple: value["multiple"].as_bool().unwrap_or(false),
        types: value["types"]
            .as_array()
            .context("children without types")?
            .iter()
            .map(parse_type_ref)
            .collect::<Result<_>>()?,
    })
}

fn parse_type_ref(value: &Value) -> Result<TypeRef> {
    Ok(TypeRef {
        name: value["type"]
            .as_str()
            .context("node type without a name")?
            .to_owned(),
        named: value["named"]
            .as_bool()
            .context("node type without `named`")?,
    })
}

fn collect_aliases(rule: &Value, aliases: &mut BTreeMap<String, Vec<Value>>) {
    if rule["type"] == "ALIAS"
        && rule["named"] == true
        && let Some(name) = rule["value"].as_str()
    {
        aliases
            .entry(name.to_owned())
            .or_default()
            .push(rule["content"].clone());
    }
    if let Some(content) = rule.get("content") {
        collect_aliases(content, aliases);
    }
    for member in rule["members"].as_array().into_iter().flatten() {
        collect_aliases(member, aliases);
    }
}
