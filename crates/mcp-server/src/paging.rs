//! `skip`/`take` paging with hard caps, so no answer comes near a client's ~25,000-token limit.

use serde::Serialize;

use crate::{args::Args, error::ToolError};

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct PageRequest {
    pub(crate) skip: usize,
    pub(crate) take: usize,
}

/// What a paged list reports: `nextSkip` is `null` on the last page.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub(crate) struct Paging {
    pub(crate) skip: usize,
    pub(crate) take: usize,
    pub(crate) returned: usize,
    pub(crate) total: usize,
    pub(crate) next_skip: Option<usize>,
}

/// Beyond this an agent should narrow its query, not page: no list is that long usefully.
const MAX_SKIP: usize = 1_000_000;

impl PageRequest {
    /// `take = 0` is allowed and returns only the total.
    pub(crate) fn parse(
        args: &Args<'_>,
        skip_name: &str,
        take_name: &str,
        default_take: usize,
        max_take: usize,
    ) -> Result<PageRequest, ToolError> {
        Ok(PageRequest {
            skip: args.count(skip_name, 0, 0, MAX_SKIP)?,
            take: args.count(take_name, default_take, 0, max_take)?,
        })
    }

    pub(crate) fn apply<T>(&self, items: Vec<T>) -> (Vec<T>, Paging) {
        let total = items.len();
        let page: Vec<T> = items.into_iter().skip(self.skip).take(self.take).collect();
        let end = self.skip.saturating_add(page.len());
        let paging = Paging {
            skip: self.skip,
            take: self.take,
            returned: page.len(),
            total,
            next_skip: (end < total && self.take > 0).then_some(end),
        };
        (page, paging)
    }
}

#[cfg(test)]
mod tests {
    use expect_test::expect;

    use super::*;

    fn page(skip: usize, take: usize, total: usize) -> String {
        let (items, paging) = PageRequest { skip, take }.apply((0..total).collect());
        format!("{items:?} {}", serde_json::to_string(&paging).unwrap())
    }

    #[test]
    fn pages_report_where_the_next_one_starts() {
        expect![[r#"[0, 1] {"skip":0,"take":2,"returned":2,"total":5,"nextSkip":2}"#]]
            .assert_eq(&page(0, 2, 5));
        expect![[r#"[4] {"skip":4,"take":2,"returned":1,"total":5,"nextSkip":null}"#]]
            .assert_eq(&page(4, 2, 5));
        expect![[r#"[] {"skip":9,"take":2,"returned":0,"total":5,"nextSkip":null}"#]]
            .assert_eq(&page(9, 2, 5));
        expect![[r#"[] {"skip":0,"take":0,"returned":0,"total":5,"nextSkip":null}"#]]
            .assert_eq(&page(0, 0, 5));
    }
}
