//! The fixture syntax: headers, metas, the cursor, indentation, and how files group into projects.

use expect_test::expect;

use crate::Fixture;

#[test]
fn a_fixture_without_headers_is_one_file_of_project_test() {
    let fixture = Fixture::parse(
        r#"
        class C
        {
            void M() { $0 }
        }
        "#,
    );
    expect![[r#"
        Fixture {
            files: [
                FixtureFile {
                    id: 0,
                    path: "/Test.cs",
                    project: "Test",
                    references: [],
                    defines: [],
                    framework: None,
                    assemblies: [],
                    text: "class C\n{\n    void M() {  }\n}\n\n",
                },
            ],
            framework: NetFx,
            cursor: Some(
                (
                    0,
                    25,
                ),
            ),
        }
    "#]]
    .assert_debug_eq(&fixture);
}

#[test]
fn headers_name_projects_references_defines_and_frameworks() {
    let fixture = Fixture::parse(
        r#"
//- /Domain/Book.cs project:Domain framework:netcore
namespace Shop { public class Book {} }
//- /App/Program.cs project:App references:Domain defines:DEBUG,TRACE
class P { Shop.Book$0 b; }
//- /App/More.cs project:App assemblies:Members
class Q { }
"#,
    );
    let (projects, libraries) = fixture.projects();
    let surface = builtin_surface::assemblies(crate::Flavor::NetCore).len();
    let rendered: Vec<String> = projects
        .iter()
        .map(|p| {
            format!(
                "{} files={:?} references={:?} defines={:?} own assemblies={}",
                p.name,
                p.files,
                p.references,
                p.defines,
                p.assemblies.len() - surface
            )
        })
        .collect();
    expect![[r#"
        [
            "Domain files=[0] references=[] defines=[] own assemblies=0",
            "App files=[1, 2] references=[0] defines=[\"DEBUG\", \"TRACE\"] own assemblies=1",
        ]
    "#]]
    .assert_debug_eq(&rendered);
    // Both projects get the one framework named (netcore), read once; `App` adds `Members.dll`.
    assert_eq!(
        projects[0].assemblies[..],
        projects[1].assemblies[..surface]
    );
    assert_eq!(libraries.assemblies.len(), surface + 1);
    assert_eq!(fixture.cursor, Some((1, 19.into())));
    assert_eq!(fixture.file("/App/More.cs").text, "class Q { }\n");
}

#[test]
fn projects_on_different_frameworks_get_their_own_surfaces() {
    let fixture = Fixture::parse(
        r#"
//- /Old.cs project:Old framework:netfx
class A { }
//- /New.cs project:New framework:netcore
class B { }
"#,
    );
    let (projects, libraries) = fixture.projects();
    let shared = projects[0]
        .assemblies
        .iter()
        .filter(|a| projects[1].assemblies.contains(a))
        .count();
    assert_eq!(shared, 0);
    assert_eq!(
        libraries.assemblies.len(),
        projects[0].assemblies.len() + projects[1].assemblies.len()
    );
}

#[test]
#[should_panic(expected = "unknown fixture meta `frob:1`")]
fn an_unknown_meta_is_an_error() {
    Fixture::parse("//- /A.cs frob:1\nclass A { }\n");
}
