//! The per-file passes: the two floors (text scan, raw tree-sitter) and csnav's own syntax stages
//! (preprocessor, `syntax::parse`, word index), then what they produce (errors, losslessness).

use rayon::prelude::*;
use syntax::{
    SyntaxError, SyntaxNode, TextSize,
    ast::{self, AstElement, AstNode, AstToken, FunctionBody, TypeDeclaration},
};

use super::{
    best_of,
    inputs::{Inputs, SourceFile},
    report::{Floor, Report},
};

/// How many files still having errors after the preprocessor are listed by name.
const SHOWN_ERROR_FILES: usize = 5;

/// What the analysis benchmark needs to know of a file, found by parsing it once outside any timing.
pub(crate) struct FileFacts {
    /// The name of each type declared, where `symbol_at` finds the type.
    pub(crate) type_names: Vec<TextSize>,
    /// The name of each method declared, for the call hierarchy sample.
    pub(crate) method_names: Vec<TextSize>,
    /// Just after the `{` of the first method with a block body: where the incremental edit goes.
    pub(crate) method_body: Option<TextSize>,
}

pub(crate) fn measure(inputs: &Inputs, iterations: usize, report: &mut Report) -> Vec<FileFacts> {
    let files = &inputs.files;
    let threads = rayon::current_num_threads();

    let (time, lines) = best_of(iterations, || text_scan(files));
    report.floor(
        Floor::TextScan,
        "floor: read + count lines",
        time,
        format!("{lines} lines"),
    );
    let (time, raw_errors) = best_of(iterations, || raw_parse(files));
    report.floor(
        Floor::TreeSitter,
        "floor: raw tree-sitter parse, 1 thread",
        time,
        String::new(),
    );
    let (time, _) = best_of(iterations, || raw_parse_parallel(files));
    report.floor(
        Floor::TreeSitterParallel,
        &format!("floor: raw tree-sitter parse, {threads} threads"),
        time,
        String::new(),
    );

    let (time, _) = best_of(iterations, || {
        files
            .iter()
            .map(|f| syntax::preprocess(&f.text, &f.defines).text.len())
            .sum::<usize>()
    });
    report.pass(
        "preprocess, 1 thread",
        time,
        Floor::TreeSitter,
        String::new(),
    );
    let (time, _) = best_of(iterations, || {
        files
            .iter()
            .map(|f| syntax::parse(&f.text, &f.defines).errors().len())
            .sum::<usize>()
    });
    report.pass(
        "syntax::parse, 1 thread",
        time,
        Floor::TreeSitter,
        "preprocess + tree-sitter + rowan".to_owned(),
    );
    let (time, _) = best_of(iterations, || {
        files
            .par_iter()
            .map(|f| syntax::parse(&f.text, &f.defines).errors().len())
            .sum::<usize>()
    });
    report.pass(
        &format!("syntax::parse, {threads} threads"),
        time,
        Floor::TreeSitterParallel,
        String::new(),
    );
    let (time, _) = best_of(iterations, || {
        files
            .par_iter()
            .map(|f| {
                let root = syntax::parse_declarations(&f.text, &f.defines);
                usize::from(root.syntax().text_range().len())
            })
            .sum::<usize>()
    });
    report.pass(
        &format!("syntax::parse_declarations, {threads} threads"),
        time,
        Floor::TreeSitterParallel,
        "bodies one token each: priming's first pass".to_owned(),
    );
    let (time, words) = best_of(iterations, || {
        files
            .iter()
            .map(|f| syntax::WordIndex::new(&f.text).len())
            .sum::<usize>()
    });
    report.pass(
        "word index, 1 thread",
        time,
        Floor::TreeSitter,
        format!("{words} distinct words (sum over files)"),
    );

    check(inputs, &raw_errors, report)
}

/// Every file read from disk (the page cache, after the first run) and its lines counted byte by
/// byte: the least any tool must do.
fn text_scan(files: &[SourceFile]) -> usize {
    files
        .iter()
        .filter_map(|f| std::fs::read(&f.path).ok())
        .map(|bytes| bytes.iter().filter(|&&b| b == b'\n').count())
        .sum()
}

fn tree_sitter_parser() -> tree_sitter::Parser {
    let mut parser = tree_sitter::Parser::new();
    parser
        .set_language(&tree_sitter_c_sharp::LANGUAGE.into())
        .expect("tree-sitter-c-sharp is built for a supported tree-sitter ABI");
    parser
}

/// Whether tree-sitter, given the text as it is (directives and all), leaves an error in each file.
pub(crate) fn raw_parse(files: &[SourceFile]) -> Vec<bool> {
    let mut parser = tree_sitter_parser();
    files
        .iter()
        .map(|f| raw_has_error(&mut parser, f))
        .collect()
}

fn raw_parse_parallel(files: &[SourceFile]) -> Vec<bool> {
    files
        .par_iter()
        .map_init(tree_sitter_parser, raw_has_error)
        .collect()
}

fn raw_has_error(parser: &mut tree_sitter::Parser, file: &SourceFile) -> bool {
    parser
        .parse(&*file.text, None)
        .is_none_or(|tree| tree.root_node().has_error())
}

/// Parses every file once more, untimed: errors before and after the preprocessor, losslessness,
/// and the facts the analysis benchmark needs.
fn check(inputs: &Inputs, raw_errors: &[bool], report: &mut Report) -> Vec<FileFacts> {
    struct Checked {
        facts: FileFacts,
        errors: Vec<SyntaxError>,
        lossless: bool,
    }
    let checked: Vec<Checked> = inputs
        .files
        .par_iter()
        .map(|file| {
            let parse = syntax::parse(&file.text, &file.defines);
            let root = parse.syntax_node();
            Checked {
                facts: FileFacts {
                    type_names: type_names(&root),
                    method_names: method_names(&root),
                    method_body: method_body(&root),
                },
                errors: parse.errors().to_vec(),
                lossless: root.to_string() == *file.text,
            }
        })
        .collect();

    let files = inputs.files.len();
    let raw = raw_errors.iter().filter(|&&e| e).count();
    let after = checked.iter().filter(|c| !c.errors.is_empty()).count();
    report.fact(format!(
        "files with syntax errors: raw tree-sitter {raw} of {files}; syntax::parse (after the preprocessor) {after} of {files}"
    ));
    let lossless = checked.iter().filter(|c| c.lossless).count();
    report.fact(format!(
        "lossless (`parse(text).syntax_node().to_string() == text`): {lossless} of {files}"
    ));
    for (file, c) in inputs
        .files
        .iter()
        .zip(&checked)
        .filter(|(_, c)| !c.errors.is_empty())
        .take(SHOWN_ERROR_FILES)
    {
        let first = &c.errors[0];
        let offset = usize::from(first.range.start()).min(file.text.len());
        let line = file
            .text
            .get(..offset)
            .map_or(0, |before| before.matches('\n').count())
            + 1;
        let path = file
            .path
            .strip_prefix(&inputs.workspace.root)
            .unwrap_or(&file.path);
        report.fact(format!(
            "  still erroneous: {}:{line}: {} ({} errors)",
            path.display(),
            first.message,
            c.errors.len()
        ));
    }
    checked.into_iter().map(|c| c.facts).collect()
}

fn type_names(root: &SyntaxNode) -> Vec<TextSize> {
    root.descendants()
        .filter_map(|node| TypeDeclaration::cast_element(node.into()))
        .filter_map(|decl| match decl {
            TypeDeclaration::ClassDeclaration(it) => it.name(),
            TypeDeclaration::DelegateDeclaration(it) => it.name(),
            TypeDeclaration::EnumDeclaration(it) => it.name(),
            TypeDeclaration::InterfaceDeclaration(it) => it.name(),
            TypeDeclaration::RecordDeclaration(it) => it.name(),
            TypeDeclaration::StructDeclaration(it) => it.name(),
        })
        .map(|name| name.syntax().text_range().start())
        .collect()
}

fn method_names(root: &SyntaxNode) -> Vec<TextSize> {
    root.descendants()
        .filter_map(ast::MethodDeclaration::cast)
        .filter_map(|method| method.name())
        .map(|name| name.syntax().text_range().start())
        .collect()
}

fn method_body(root: &SyntaxNode) -> Option<TextSize> {
    root.descendants()
        .filter_map(ast::MethodDeclaration::cast)
        .find_map(|method| match method.body()? {
            FunctionBody::Block(block) => {
                let open = block.syntax().first_token()?;
                (open.text() == "{").then(|| open.text_range().end())
            }
            FunctionBody::ArrowExpressionClause(_) => None,
        })
}
