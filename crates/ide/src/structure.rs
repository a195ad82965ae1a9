//! `get_structure`: a file's outline — its namespaces, types and members in document order, each
//! with its declaration's header as written (the signature), its range and its symbol key.

use hir::{
    Db, FileId, ItemRef, ItemTree, MemberOrigin, RootDatabase, Symbol, SymbolKind, TypeDecl,
    TypeIdx,
};
use syntax::{SyntaxKind, SyntaxNode, TextRange};

use crate::SymbolKey;

/// Longer headers (attributes excluded) are cut here, with `…`.
const MAX_SIGNATURE: usize = 300;

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct StructureItem {
    pub name: String,
    /// `None` for a namespace.
    pub kind: Option<SymbolKind>,
    /// The declaration up to its body, whitespace collapsed: `public static int Parse(string s)`.
    pub signature: String,
    pub full_range: TextRange,
    pub focus_range: TextRange,
    /// `None` for a namespace, which has no key.
    pub key: Option<SymbolKey>,
    /// 0 for the file's top level; a type's members are one deeper than it.
    pub depth: u32,
}

pub(crate) fn file_structure(db: &RootDatabase, file: FileId) -> Vec<StructureItem> {
    let Some(source) = db.source_file(file) else {
        return Vec::new();
    };
    let Some(project) = hir::file_project(db, source) else {
        return Vec::new();
    };
    let tree = hir::file_item_tree(db, source);
    let root = hir::parse(db, source).syntax_node();
    let mut walk = Walk {
        db,
        file,
        project,
        tree,
        map: hir::item_source_map(db, source),
        root,
        out: Vec::new(),
    };
    for item in walk.tree.top_items.clone() {
        walk.item(item, 0);
    }
    walk.out
}

struct Walk<'a> {
    db: &'a RootDatabase,
    file: FileId,
    project: hir::ProjectId,
    tree: std::sync::Arc<ItemTree>,
    map: std::sync::Arc<hir::ItemSourceMap>,
    root: SyntaxNode,
    out: Vec<StructureItem>,
}

impl Walk<'_> {
    fn item(&mut self, item: ItemRef, depth: u32) {
        match item {
            ItemRef::Namespace(idx) => {
                let tree = self.tree.clone();
                let namespace = &tree.namespaces[idx];
                let range = self
                    .map
                    .namespaces
                    .get(idx.into_raw().into_u32() as usize)
                    .copied();
                if let Some(range) = range {
                    self.out.push(StructureItem {
                        name: namespace.name.join("."),
                        kind: None,
                        signature: self.signature(range.full),
                        full_range: range.full,
                        focus_range: range.name,
                        key: None,
                        depth,
                    });
                }
                for &child in &namespace.items {
                    self.item(child, depth + 1);
                }
            }
            ItemRef::Type(idx) => self.ty(idx, depth),
        }
    }

    fn ty(&mut self, idx: TypeIdx, depth: u32) {
        let Some(range) = self.map.type_range(idx) else {
            return;
        };
        let def = hir::def_map(self.db, self.project).type_of_decl(TypeDecl {
            file: self.file,
            item: idx,
        });
        let ty = def;
        let tree = self.tree.clone();
        let item = &tree.types[idx];
        self.out.push(StructureItem {
            name: item.name.to_string(),
            kind: ty.map(|t| hir::symbol_kind(self.db, Symbol::Type(t))),
            signature: self.signature(range.full),
            full_range: range.full,
            focus_range: range.name,
            key: ty.map(|t| SymbolKey::of(self.db, Symbol::Type(t))),
            depth,
        });
        // Members and nested types in the order they are written.
        let mut children: Vec<(TextRange, Result<hir::MemberIdx, TypeIdx>)> = Vec::new();
        for &m in &item.members {
            let declared = self.tree.members[m].origin == MemberOrigin::Declared;
            if let (true, Some(r)) = (declared, self.map.member_range(m)) {
                children.push((r.full, Ok(m)));
            }
        }
        for &n in &item.nested {
            if let Some(r) = self.map.type_range(n) {
                children.push((r.full, Err(n)));
            }
        }
        children.sort_by_key(|(r, _)| r.start());
        for (range, child) in children {
            match child {
                Err(nested) => self.ty(nested, depth + 1),
                Ok(m) => {
                    let Some(member) = ty.and_then(|ty| hir::member_at(self.db, ty, self.file, m))
                    else {
                        continue;
                    };
                    let focus = self.map.member_range(m).map_or(range, |r| r.name);
                    let symbol = Symbol::Member(member);
                    self.out.push(StructureItem {
                        name: hir::display_name(self.db, symbol),
                        kind: Some(hir::symbol_kind(self.db, symbol)),
                        signature: self.signature(range),
                        full_range: range,
                        focus_range: focus,
                        key: Some(SymbolKey::of(self.db, symbol)),
                        depth: depth + 1,
                    });
                }
            }
        }
    }

    /// The declaration's text from its first token after the attributes up to its body, members,
    /// accessors or `;`.
    fn signature(&self, range: TextRange) -> String {
        let node = match self.root.covering_element(range) {
            syntax::SyntaxElement::Node(n) => n,
            syntax::SyntaxElement::Token(t) => match t.parent() {
                Some(p) => p,
                None => return String::new(),
            },
        };
        let mut text = String::new();
        for child in node.children_with_tokens() {
            match child.kind() {
                SyntaxKind::ATTRIBUTE_LIST | SyntaxKind::COMMENT => continue,
                SyntaxKind::BLOCK
                | SyntaxKind::ARROW_EXPRESSION_CLAUSE
                | SyntaxKind::ACCESSOR_LIST
                | SyntaxKind::DECLARATION_LIST
                | SyntaxKind::ENUM_MEMBER_DECLARATION_LIST
                | SyntaxKind::SEMICOLON => break,
                _ => text.push_str(&child.to_string()),
            }
        }
        let collapsed = text.split_whitespace().collect::<Vec<_>>().join(" ");
        match collapsed.char_indices().nth(MAX_SIGNATURE) {
            Some((cut, _)) => format!("{}…", &collapsed[..cut]),
            None => collapsed,
        }
    }
}

#[cfg(test)]
mod tests;
