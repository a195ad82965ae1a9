//! The checks the fuzz targets (`fuzz/fuzz_targets/syntax.rs`) run on arbitrary bytes, here so that the
//! committed corpus and every crash the fuzzer found replay on stable in `cargo test`
//! (`src/tests/fuzz_corpus.rs`). The corpus and regression files live in the repository's `fuzz/` crate.

use crate::{
    Defines, SyntaxKind, SyntaxNode, TextRange, WordIndex, ast::AstNode, parse, parse_declarations,
};

/// Everything the syntax layer promises for any input: preprocessing, parsing and the word index never
/// panic, the tree is a `COMPILATION_UNIT` holding every byte of the text, and errors lie inside it.
/// Bytes that are not UTF-8 are decoded as a loader does (replacement characters).
pub fn check_parser(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    // Half the inputs see `DEBUG` defined, so both branches of `#if DEBUG` are reached.
    let defines = match data.first() {
        Some(byte) if byte % 2 == 0 => Defines::new(["DEBUG"]),
        _ => Defines::default(),
    };
    let parse = parse(&text, &defines);
    let root = parse.syntax_node();
    assert_eq!(root.kind(), SyntaxKind::COMPILATION_UNIT);
    assert_eq!(root.text().to_string(), text, "the tree lost text");
    for error in parse.errors() {
        assert!(
            error.range.end() <= root.text_range().end(),
            "error {error:?} outside the text"
        );
    }
    WordIndex::new(&text);
    let declarations = parse_declarations(&text, &defines);
    assert_eq!(
        declarations.syntax().text().to_string(),
        text,
        "a body lost text"
    );
    assert_eq!(
        outside_bodies(declarations.syntax()),
        outside_bodies(&root),
        "parse_declarations changed a declaration"
    );
}

/// Every element of the tree but those inside a block or `=>` body, with its range: what
/// [`parse_declarations`] promises to keep of [`parse`]'s tree.
fn outside_bodies(root: &SyntaxNode) -> Vec<(SyntaxKind, TextRange)> {
    let mut elements = Vec::new();
    let mut walk = root.preorder_with_tokens();
    while let Some(event) = walk.next() {
        let rowan::WalkEvent::Enter(element) = event else {
            continue;
        };
        elements.push((element.kind(), element.text_range()));
        if matches!(
            element.kind(),
            SyntaxKind::BLOCK | SyntaxKind::ARROW_EXPRESSION_CLAUSE
        ) {
            walk.skip_subtree();
        }
    }
    elements
}

/// Runs `check` on every file of the fuzz target's committed corpus and crash inputs
/// (`fuzz/corpus/<target>`, `fuzz/regressions/<target>`) and fails naming each input that panicked.
/// For the replay tests of the crates the targets exercise; returns how many inputs ran. The inputs run
/// on a thread with the stack the server gives analysis (16 MiB): a test thread's 2 MiB do not hold a
/// debug build's lowering of the deepest (1000-level) trees.
pub fn replay_corpus(
    target: &str,
    check: impl Fn(&[u8]) + std::panic::RefUnwindSafe + Send + 'static,
) -> usize {
    let fuzz = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz");
    let dirs = ["corpus", "regressions"].map(|dir| fuzz.join(dir).join(target));
    let replay = move || {
        let mut replayed = 0;
        let mut failed = Vec::new();
        for dir in &dirs {
            let Ok(entries) = std::fs::read_dir(dir) else {
                continue;
            };
            for entry in entries.flatten() {
                let data = std::fs::read(entry.path()).expect("readable corpus file");
                if std::panic::catch_unwind(|| check(&data)).is_err() {
                    failed.push(entry.path());
                }
                replayed += 1;
            }
        }
        (replayed, failed)
    };
    let (replayed, failed) = std::thread::Builder::new()
        .stack_size(16 << 20)
        .spawn(replay)
        .expect("a replay thread")
        .join()
        .expect("the replay catches panics");
    assert_eq!(
        failed,
        Vec::<std::path::PathBuf>::new(),
        "inputs that panicked"
    );
    assert!(
        replayed > 0,
        "no corpus for `{target}` under {}",
        fuzz.display()
    );
    replayed
}
