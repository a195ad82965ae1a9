//! The answer budget: an answer with the default arguments stays under 20,000 tokens.
//!
//! Tokens are estimated as 4 characters of JSON each (English text and JSON punctuation tokenize at 3.5
//! to 4.5), so the budget is 80,000 characters. A tool's main list (callers, callees, derived types) may
//! use 60,000 of them and is cut short beyond (`sizeLimited`, continue at `nextSkip`); the unresolved
//! call sites' page 16,000; the subject symbol, coverage and paging fit in the rest.

use serde_json::Value;

use super::Failure;
use crate::paging::{PageRequest, Paging};

/// The whole answer's budget; `batch` stays under it whatever its operations return.
pub(super) const ANSWER_CHARS: usize = 80_000;
/// The share of a tool's main list.
pub(super) const MAIN_PAGE_CHARS: usize = 60_000;
/// The share of the unresolved call sites' page.
pub(super) const UNRESOLVED_PAGE_CHARS: usize = 16_000;

/// The page of `items` as JSON, cut short when it would exceed `budget` characters (at least one item is
/// kept, so paging always advances); the flag says whether it was cut, and `paging.nextSkip` continues
/// after the last item given.
pub(super) fn page<T>(
    items: Vec<T>,
    page: PageRequest,
    budget: usize,
    mut to_json: impl FnMut(&T) -> Result<Value, Failure>,
) -> Result<(Vec<Value>, Paging, bool), Failure> {
    let (items, mut paging) = page.apply(items);
    let mut out = Vec::with_capacity(items.len());
    let mut size = 0;
    for item in &items {
        let value = to_json(item)?;
        size += value.to_string().len();
        if size > budget && !out.is_empty() {
            break;
        }
        out.push(value);
    }
    let cut = out.len() < items.len();
    if cut {
        paging.returned = out.len();
        paging.next_skip = Some(paging.skip + out.len());
    }
    Ok((out, paging, cut))
}

/// The page of a tool's main list within its share.
pub(super) fn main_page<T>(
    items: Vec<T>,
    request: PageRequest,
    to_json: impl FnMut(&T) -> Result<Value, Failure>,
) -> Result<(Vec<Value>, Paging, bool), Failure> {
    page(items, request, MAIN_PAGE_CHARS, to_json)
}

#[cfg(test)]
mod tests {
    use expect_test::expect;
    use serde_json::json;

    use super::*;

    fn cut(skip: usize, take: usize, item_chars: usize) -> String {
        let items: Vec<usize> = (0..100).collect();
        let (values, paging, cut) = main_page(items, PageRequest { skip, take }, |_| {
            Ok(json!("x".repeat(item_chars)))
        })
        .unwrap_or_else(|_| panic!("no failure is raised"));
        format!(
            "{} {} cut={cut}",
            values.len(),
            serde_json::to_string(&paging).unwrap_or_default()
        )
    }

    #[test]
    fn pages_are_cut_at_the_size_budget_and_continue_after_the_last_item() {
        expect![[r#"10 {"skip":0,"take":10,"returned":10,"total":100,"nextSkip":10} cut=false"#]]
            .assert_eq(&cut(0, 10, 1000));
        expect![[r#"29 {"skip":50,"take":50,"returned":29,"total":100,"nextSkip":79} cut=true"#]]
            .assert_eq(&cut(50, 50, 2000));
        // One item larger than the budget is still given, so paging always advances.
        expect![[r#"1 {"skip":0,"take":5,"returned":1,"total":100,"nextSkip":1} cut=true"#]]
            .assert_eq(&cut(0, 5, 100_000));
    }
}
