//! Hand-written accessors where the generated ones are awkward: keywords that tell a variant apart,
//! the flat `base_list`, the `params` parameter tree-sitter leaves unwrapped, identifier values.

use smol_str::SmolStr;

use crate::{
    SyntaxElement, SyntaxKind,
    ast::{
        AstElement, AstNode, AstToken, BaseList, ConstructorInitializer,
        FileScopedNamespaceDeclaration, Identifier, ParameterList, RecordDeclaration, Type,
        TypeDeclaration, UsingDirective,
        generated::{ArgumentList, PrimaryConstructorBaseType},
        support,
    },
};

impl Identifier {
    /// The name the identifier stands for: `@class` → `class`, `\u0041bc` → `Abc`.
    pub fn name(&self) -> SmolStr {
        let text = self.text();
        let text = text.strip_prefix('@').unwrap_or(text);
        if !text.contains('\\') {
            return SmolStr::new(text);
        }
        let mut name = String::with_capacity(text.len());
        let mut rest = text;
        while let Some(escape) = rest.find('\\') {
            name.push_str(&rest[..escape]);
            rest = &rest[escape..];
            let digits = match rest.as_bytes().get(1) {
                Some(b'u') => 4,
                Some(b'U') => 8,
                _ => 0,
            };
            let decoded = rest
                .get(2..2 + digits)
                .and_then(|hex| u32::from_str_radix(hex, 16).ok())
                .and_then(char::from_u32);
            match decoded {
                Some(c) if digits > 0 => {
                    name.push(c);
                    rest = &rest[2 + digits..];
                }
                _ => {
                    name.push('\\');
                    rest = &rest[1..];
                }
            }
        }
        name.push_str(rest);
        SmolStr::new(name)
    }
}

impl UsingDirective {
    /// `global using …`
    pub fn is_global(&self) -> bool {
        support::token(self.syntax(), SyntaxKind::GLOBAL_KW).is_some()
    }

    /// `using static …`
    pub fn is_static(&self) -> bool {
        support::token(self.syntax(), SyntaxKind::STATIC_KW).is_some()
    }

    /// `A` in `using A = B.C;`
    pub fn alias(&self) -> Option<Identifier> {
        self.name()
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

/// `params int[] rest`: tree-sitter puts its parts straight into the parameter list.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ParamsParameter {
    pub ty: Option<Type>,
    pub name: Option<Identifier>,
}

impl ParameterList {
    pub fn params_parameter(&self) -> Option<ParamsParameter> {
        support::token(self.syntax(), SyntaxKind::PARAMS_KW)?;
        Some(ParamsParameter {
            ty: self.types().next(),
            name: self.names().next(),
        })
    }
}

impl FileScopedNamespaceDeclaration {
    /// The type declarations after `namespace N;`: they are its siblings, not its children.
    pub fn type_declarations(&self) -> impl Iterator<Item = TypeDeclaration> + use<> {
        self.syntax()
            .siblings_with_tokens(rowan::Direction::Next)
            .skip(1)
            .filter_map(|sibling: SyntaxElement| TypeDeclaration::cast_element(sibling))
    }
}
