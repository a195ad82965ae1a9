//! `get_source` over C# fixtures: the parts of partial types and the paging by lines and characters.

use expect_test::{Expect, expect};

use crate::{AnalysisHost, FileId, SourceRequest, fixture::FixtureExt};

/// Renders the page of the source of the symbol at `$0`.
fn check(fixture: &str, skip_lines: usize, max_lines: usize, max_chars: usize, expect: Expect) {
    let (host, fixture) = AnalysisHost::from_fixture(fixture);
    let analysis = host.analysis();
    let symbol = fixture.cursor_symbol(&analysis);
    let request = SourceRequest {
        skip_lines,
        max_lines,
        max_chars,
    };
    let source = analysis
        .symbol_source(&symbol.key, request)
        .unwrap()
        .expect("no source");
    let mut out = String::new();
    for part in &source.parts {
        let path = &fixture
            .files
            .iter()
            .find(|f| FileId(f.id) == part.file)
            .expect("file")
            .path;
        out.push_str(&format!(
            "-- {path} {}-{} (declaration {}){}\n{}\n",
            part.start_line,
            part.end_line,
            part.declaration,
            if part.truncated_line { " cut" } else { "" },
            part.text
        ));
    }
    out.push_str(&format!(
        "total {} next {:?}\n",
        source.total_lines, source.next_skip_lines
    ));
    expect.assert_eq(&out);
}

const PARTIAL: &str = r#"
//- /A.cs
namespace N
{
    public partial class Wide$0
    {
        int a;
        int b;
    }
}
//- /B.cs
namespace N
{
    partial class Wide
    {
        void M() { }
    }
}
"#;

#[test]
fn every_part_of_a_partial_type() {
    check(
        PARTIAL,
        0,
        100,
        10_000,
        expect![[r#"
        -- /A.cs 3-7 (declaration 0)
            public partial class Wide
            {
                int a;
                int b;
            }
        -- /B.cs 3-6 (declaration 1)
            partial class Wide
            {
                void M() { }
            }
        total 9 next None
    "#]],
    );
}

#[test]
fn pages_by_lines_across_parts_and_continues() {
    check(
        PARTIAL,
        0,
        4,
        10_000,
        expect![[r#"
        -- /A.cs 3-6 (declaration 0)
            public partial class Wide
            {
                int a;
                int b;
        total 9 next Some(4)
    "#]],
    );
    check(
        PARTIAL,
        4,
        4,
        10_000,
        expect![[r#"
        -- /A.cs 7-7 (declaration 0)
            }
        -- /B.cs 3-5 (declaration 1)
            partial class Wide
            {
                void M() { }
        total 9 next Some(8)
    "#]],
    );
}

#[test]
fn pages_by_characters_and_cuts_a_line_longer_than_the_budget() {
    check(
        PARTIAL,
        0,
        100,
        40,
        expect![[r#"
        -- /A.cs 3-4 (declaration 0)
            public partial class Wide
            {
        total 9 next Some(2)
    "#]],
    );
    check(
        r#"
//- /C.cs
class C { void M$0() { var s = "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"; } }
"#,
        0,
        100,
        20,
        expect![[r#"
            -- /C.cs 1-1 (declaration 0) cut
            void M() { var s = "…
            total 1 next None
        "#]],
    );
}

#[test]
fn documentation_comments_and_attributes_of_every_part() {
    check(
        r#"
//- /A.cs
namespace N
{
    // A plain comment is not the type's.

    /// <summary>The first part.</summary>
    /// <remarks>Two lines.</remarks>
    [System.Serializable]
    public partial class Doc$0
    {
        /// <summary>Not the type's either.</summary>
        int a;
    }
}
//- /B.cs
namespace N
{
    /* a plain block */
    /**
     * <summary>The second part.</summary>
     */
    [System.Obsolete]
    partial class Doc { }
}
"#,
        0,
        100,
        10_000,
        expect![[r#"
            -- /A.cs 5-12 (declaration 0)
                /// <summary>The first part.</summary>
                /// <remarks>Two lines.</remarks>
                [System.Serializable]
                public partial class Doc
                {
                    /// <summary>Not the type's either.</summary>
                    int a;
                }
            -- /B.cs 4-8 (declaration 1)
                /**
                 * <summary>The second part.</summary>
                 */
                [System.Obsolete]
                partial class Doc { }
            total 13 next None
        "#]],
    );
    check(
        r#"
//- /C.cs
class C
{
    int x; /** not a line of its own */
    /** <summary>One line.</summary> */ [System.Obsolete]
    void M$0() { }
}
"#,
        0,
        100,
        10_000,
        expect![[r#"
            -- /C.cs 4-5 (declaration 0)
                /** <summary>One line.</summary> */ [System.Obsolete]
                void M() { }
            total 2 next None
        "#]],
    );
}
