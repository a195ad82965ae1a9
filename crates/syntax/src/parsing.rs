//! `parse`: preprocess, run tree-sitter over the blanked text, convert its tree to a rowan green
//! tree that holds every byte of the original text.

mod convert;

use std::{cell::RefCell, sync::Arc};

use rowan::GreenNode;

use crate::{
    Defines, Preprocessed, SyntaxError, SyntaxKind, SyntaxNode, TextRange, TextSize, ast,
    preprocess, syntax_node::debug_dump,
};

/// A parsed file: the lossless green tree and what went wrong. Cheap to clone, comparable (so a
/// query returning it can be backdated), and free of any tree-sitter state.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Parse {
    green: GreenNode,
    errors: Arc<[SyntaxError]>,
    too_large: bool,
}

impl Parse {
    pub fn syntax_node(&self) -> SyntaxNode {
        SyntaxNode::new_root(self.green.clone())
    }

    /// The root: always a `COMPILATION_UNIT`, whatever the input.
    pub fn tree(&self) -> ast::CompilationUnit {
        ast::CompilationUnit {
            syntax: self.syntax_node(),
        }
    }

    pub fn green(&self) -> &GreenNode {
        &self.green
    }

    /// Preprocessor errors, then parse errors (`unexpected `)``, `expected `;``), by position.
    pub fn errors(&self) -> &[SyntaxError] {
        &self.errors
    }

    /// Whether the text was parsed: `false` for a text over [`MAX_PARSED_LEN`], whose tree holds no
    /// code.
    pub fn is_analysed(&self) -> bool {
        !self.too_large
    }

    fn not_analysed(text: &str) -> Parse {
        let mut builder = rowan::GreenNodeBuilder::new();
        builder.start_node(SyntaxKind::COMPILATION_UNIT.into());
        builder.token(SyntaxKind::INACTIVE_CODE.into(), text);
        builder.finish_node();
        let message = format!(
            "the file is {} bytes long, more than the {} MiB analysed: it is skipped",
            text.len(),
            MAX_PARSED_LEN >> 20
        );
        Parse {
            green: builder.finish(),
            errors: Arc::new([SyntaxError {
                range: TextRange::up_to(TextSize::of(text)),
                message,
            }]),
            too_large: true,
        }
    }

    /// [`debug_dump`] of the tree, then one `error start..end: message` line per error.
    pub fn debug_dump(&self) -> String {
        let mut dump = debug_dump(&self.syntax_node());
        for error in self.errors.iter() {
            dump.push_str(&format!("error {:?}: {}\n", error.range, error.message));
        }
        dump
    }
}

/// Texts longer than this (16 MiB) are not parsed: [`parse`] gives a tree holding the text as one
/// `INACTIVE_CODE` token and an error saying so. Three times the largest generated C# files seen in
/// real solutions; beyond it one file's tree and bindings would take gigabytes and seconds per edit.
pub const MAX_PARSED_LEN: usize = 16 << 20;

/// Parses a C# file with `defines` as the symbols defined before its first line.
///
/// `parse(text, _).syntax_node().text() == text` for every input.
pub fn parse(text: &str, defines: &Defines) -> Parse {
    if text.len() > MAX_PARSED_LEN {
        return Parse::not_analysed(text);
    }
    let preprocessed = preprocess(text, defines);
    parse_preprocessed(text, &preprocessed, Bodies::Converted)
}

/// Parses `text` for its declarations alone: each block and `=>` body (of a member, an accessor,
/// a lambda) is one `BODY_TEXT` token in its `BLOCK` or `ARROW_EXPRESSION_CLAUSE` node. Every
/// other node, every offset and the text are [`parse`]'s: tree-sitter still parses the whole file,
/// so its error recovery, and with it every declaration, is the same. Parse errors are not
/// reported (those inside bodies would be missed), hence no [`Parse`].
///
/// For a file's declarations when its tree is not kept (priming's first pass builds every item
/// tree and drops the trees): converting the bodies is most of the conversion's cost.
pub fn parse_declarations(text: &str, defines: &Defines) -> ast::CompilationUnit {
    if text.len() > MAX_PARSED_LEN {
        return Parse::not_analysed(text).tree();
    }
    let preprocessed = preprocess(text, defines);
    parse_preprocessed(text, &preprocessed, Bodies::Skipped).tree()
}

/// Whether the conversion walks into bodies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Bodies {
    Converted,
    Skipped,
}

pub(crate) fn parse_preprocessed(text: &str, preprocessed: &Preprocessed, bodies: Bodies) -> Parse {
    // A blanked text of another length would shift every offset: parse the original instead.
    let blanked = if preprocessed.text.len() == text.len() {
        &preprocessed.text
    } else {
        text
    };
    let hidden = crate::grammar_gaps::hide_grammar_gaps(blanked);
    let tree = with_parser(|parser| parser.parse(hidden.text.as_bytes(), None));
    let (green, mut errors) =
        convert::convert(text, tree.as_ref(), preprocessed, &hidden.marks, bodies);
    errors.extend(preprocessed.errors.iter().cloned());
    errors.sort_by_key(|error| (error.range.start(), error.range.end()));
    Parse {
        green,
        errors: errors.into(),
        too_large: false,
    }
}

/// Parses `text` as if it had no directives: the conversion alone, for tests.
#[cfg(test)]
pub(crate) fn parse_without_preprocessing(text: &str) -> Parse {
    let preprocessed = Preprocessed {
        text: text.to_owned(),
        directives: Vec::new(),
        inactive: Vec::new(),
        errors: Vec::new(),
        defines: crate::Defines::default(),
    };
    parse_preprocessed(text, &preprocessed, Bodies::Converted)
}

/// Makes tree-sitter allocate with mimalloc (its nodes: every parse allocates and frees thousands),
/// in a heap of their own. In a process whose heap also holds the analysis, glibc's `malloc` and
/// `free` of tree-sitter's nodes were a tenth of priming's first pass; mimalloc's thread-local free
/// lists keep them apart. The heap of their own keeps their pages apart too: sharing mimalloc's
/// default heap with the process's Rust allocations (the server's global allocator), a parse's
/// short-lived nodes landed in pages that long-lived trees and memos fill, and mimalloc's search
/// for a page with room was a tenth of the server's first pass.
///
/// # Safety
///
/// Call before any tree-sitter object exists (first thing in `main`), at most once: a node
/// allocated by one allocator must not be freed by the other.
#[allow(unsafe_code)]
pub unsafe fn use_mimalloc_for_tree_sitter() {
    use libmimalloc_sys::{mi_free, mi_heap_new};
    // SAFETY: creates a heap, which any thread may allocate from (mimalloc v3's first-class
    // heaps); it lives as long as the process.
    let heap = unsafe { mi_heap_new() };
    TREE_SITTER_HEAP.store(heap, std::sync::atomic::Ordering::Release);
    let allocator = tree_sitter::Allocator {
        malloc: tree_sitter_malloc,
        calloc: tree_sitter_calloc,
        realloc: tree_sitter_realloc,
        free: mi_free,
    };
    // SAFETY: one allocator family (`mi_free` frees a block of any heap), none returns null for a
    // non-zero size (mimalloc aborts when out of memory, as tree-sitter's default does), libc's
    // alignment; the caller vouches that no tree-sitter object exists yet.
    unsafe { tree_sitter::set_allocator(Some(allocator)) };
}

/// tree-sitter's heap, set once before any parse (`use_mimalloc_for_tree_sitter`).
static TREE_SITTER_HEAP: std::sync::atomic::AtomicPtr<libmimalloc_sys::mi_heap_t> =
    std::sync::atomic::AtomicPtr::new(std::ptr::null_mut());

fn tree_sitter_heap() -> *mut libmimalloc_sys::mi_heap_t {
    TREE_SITTER_HEAP.load(std::sync::atomic::Ordering::Acquire)
}

#[allow(unsafe_code)]
unsafe extern "C" fn tree_sitter_malloc(size: usize) -> *mut std::ffi::c_void {
    // SAFETY: the heap was made before tree-sitter could call this.
    unsafe { libmimalloc_sys::mi_heap_malloc(tree_sitter_heap(), size) }
}

#[allow(unsafe_code)]
unsafe extern "C" fn tree_sitter_calloc(count: usize, size: usize) -> *mut std::ffi::c_void {
    // SAFETY: as `tree_sitter_malloc`.
    unsafe { libmimalloc_sys::mi_heap_calloc(tree_sitter_heap(), count, size) }
}

#[allow(unsafe_code)]
unsafe extern "C" fn tree_sitter_realloc(
    block: *mut std::ffi::c_void,
    size: usize,
) -> *mut std::ffi::c_void {
    // SAFETY: as `tree_sitter_malloc`; `block` is tree-sitter's, so this heap's (or null).
    unsafe { libmimalloc_sys::mi_heap_realloc(tree_sitter_heap(), block, size) }
}

fn with_parser<T>(f: impl FnOnce(&mut tree_sitter::Parser) -> T) -> T {
    thread_local! {
        static PARSER: RefCell<tree_sitter::Parser> = RefCell::new({
            let mut parser = tree_sitter::Parser::new();
            parser
                .set_language(&tree_sitter_c_sharp::LANGUAGE.into())
                .expect("tree-sitter-c-sharp is built for a supported tree-sitter ABI");
            parser
        });
    }
    PARSER.with_borrow_mut(f)
}
