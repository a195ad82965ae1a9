//! Hand-written accessors where the generated ones are awkward: keywords that tell a variant apart
//! and the flat `base_list`.

use crate::{
    SyntaxKind,
    ast::{
        AstElement, AstNode, BaseList, ConstructorInitializer, RecordDeclaration, Type,
        UsingDirective,
        generated::{ArgumentList, PrimaryConstructorBaseType},
        support,
    },
};

impl UsingDirective {
    /// `global using …`
    pub fn is_global(&self) -> bool {
        support::token(self.syntax(), SyntaxKind::GLOBAL_KW).is_some()
    }

    /// `using static …`
    pub fn is_static(&self) -> bool {
        support::token(self.syntax(), SyntaxKind::STATIC_KW).is_some()
    }
}

impl RecordDeclaration {
    /// `record struct` (a value type) rather than `record` or `record class`.
    pub fn is_struct(&self) -> bool {
        support::token(self.syntax(), SyntaxKind::STRUCT_KW).is_some()
    }
}

impl ConstructorInitializer {
    /// `: base(…)`, as opposed to `: this(…)`.
    pub fn is_base(&self) -> bool {
        support::token(self.syntax(), SyntaxKind::BASE_KW).is_some()
    }
}

/// One entry of a base list: `Base(1)` or `IDisposable`.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct BaseType {
    pub ty: Type,
    /// Arguments passed to a primary constructor of the base (`class C(int x) : Base(x)`).
    pub arguments: Option<ArgumentList>,
}

impl BaseList {
    /// The base types in order, each with its arguments. tree-sitter gives `: Base(n), I` flat
    /// (type, argument list, type) for classes and wraps it for records.
    pub fn entries(&self) -> Vec<BaseType> {
        let mut entries: Vec<BaseType> = Vec::new();
        for child in self.syntax().children_with_tokens() {
            if let Some(primary) = PrimaryConstructorBaseType::cast_element(child.clone()) {
                if let Some(ty) = primary.ty() {
                    entries.push(BaseType {
                        ty,
                        arguments: primary.argument_list(),
                    });
                }
            } else if let Some(arguments) = ArgumentList::cast_element(child.clone()) {
                if let Some(last) = entries.last_mut().filter(|last| last.arguments.is_none()) {
                    last.arguments = Some(arguments);
                }
            } else if let Some(ty) = Type::cast_element(child) {
                entries.push(BaseType {
                    ty,
                    arguments: None,
                });
            }
        }
        entries
    }
}
