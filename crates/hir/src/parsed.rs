//! The syntax tree `parse` memoizes, freed on a thread of its own.
//!
//! Salsa enforces `parse`'s LRU bound only when a new revision starts, and then drops every evicted
//! tree on the writer: after a priming pass has built every file's tree in one revision, the first
//! edit frees thousands of trees (~100 µs each, 195 ms at a million lines) while every request waits
//! for that edit to be applied. A tree dropped here is handed to a dropper thread instead, so that a
//! change costs what it changes. The dropper only frees memory: nothing waits for it, and a tree still
//! shared elsewhere (a clone a query holds) is freed by its last owner as usual.

use std::{
    ops::Deref,
    sync::{
        OnceLock,
        mpsc::{Sender, channel},
    },
};

use syntax::Parse;

/// A [`Parse`] whose drop frees the tree off the dropping thread.
#[derive(Debug, PartialEq, Eq)]
pub struct ParsedFile(Option<Parse>);

impl ParsedFile {
    pub(crate) fn new(parse: Parse) -> ParsedFile {
        ParsedFile(Some(parse))
    }
}

impl Deref for ParsedFile {
    type Target = Parse;

    fn deref(&self) -> &Parse {
        // Empty only while it is dropped.
        self.0
            .as_ref()
            .expect("a ParsedFile holds its tree until dropped")
    }
}

impl Drop for ParsedFile {
    fn drop(&mut self) {
        if let Some(parse) = self.0.take() {
            match dropper() {
                // A dropper that is gone hands the tree back: freed here.
                Some(sender) => drop(sender.send(parse)),
                None => drop(parse),
            }
        }
    }
}

/// The dropper thread's queue, started on the first drop; `None` if no thread could be started.
fn dropper() -> Option<&'static Sender<Parse>> {
    static DROPPER: OnceLock<Option<Sender<Parse>>> = OnceLock::new();
    DROPPER
        .get_or_init(|| {
            let (sender, trees) = channel::<Parse>();
            std::thread::Builder::new()
                .name("csnav-tree-drop".to_owned())
                .spawn(move || trees.into_iter().for_each(drop))
                .ok()
                .map(|_| sender)
        })
        .as_ref()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_parsed_file_reads_and_compares_as_its_tree() {
        let text = "class A { void M() { } }";
        let parsed = ParsedFile::new(syntax::parse(text, &Default::default()));
        assert_eq!(parsed.syntax_node().to_string(), text);
        assert_eq!(
            parsed,
            ParsedFile::new(syntax::parse(text, &Default::default()))
        );
        // Dropped on the dropper thread; many at once (as an LRU eviction drops them) neither
        // block nor lose a tree still shared.
        let shared = parsed.syntax_node();
        drop(parsed);
        let many: Vec<ParsedFile> = (0..1000)
            .map(|_| ParsedFile::new(syntax::parse(text, &Default::default())))
            .collect();
        drop(many);
        assert_eq!(shared.to_string(), text);
    }
}
