//! A request answered in steps (`call_index/steps.rs`: call sites gathered a few files per
//! snapshot, the query asked again on the next) gives exactly the answer of one snapshot without
//! steps (salsa's bucket), also when files are edited between the steps.

use std::sync::Arc;

use hir::Change;

use crate::{Analysis, AnalysisHost, Cancellable, FileId, SiteSteps, StepBudget, fixture::Fixture};

/// Calls of a method named in three files and mentioned in a fourth, an operator (whose sites are
/// read from every file), a type used across files, a property and an unresolved site.
const FIXTURE: &str = r#"
//- /Lib/Counter.cs project:Lib
namespace Lib
{
    public class Counter
    {
        public int Total { get; set; }
        public void Add(int x) { Total = Total + x; }
        public static Counter operator +(Counter a, Counter b) { return a; }
    }
}
//- /App/First.cs project:App references:Lib
using Lib;
namespace App
{
    class First
    {
        void Run() { var c = new Counter(); c.Add(1); var d = c + c; missing.Add(2); }
    }
}
//- /App/Second.cs project:App references:Lib
using Lib;
namespace App
{
    class Second
    {
        void Run(Counter c) { c.Add(2); c.Total = 4; var e = c + c; }
    }
}
//- /App/Third.cs project:App references:Lib
namespace App
{
    class Third
    {
        void Run(Lib.Counter c) { c.Add(5); }
        // Add is only named here
    }
}
"#;

/// Everything asked whose answer reads many files' call sites: the callers and references of
/// `Add(int)`, the callers of the operator, the references of the type.
fn answers(analysis: &Analysis) -> Cancellable<String> {
    let key = |doc_id: &str| {
        let found = analysis.symbols_by_documentation_id(doc_id)?;
        Ok::<_, hir::Cancelled>(found.into_iter().next().expect(doc_id).key)
    };
    let add = key("M:Lib.Counter.Add(System.Int32)")?;
    let plus = key("M:Lib.Counter.op_Addition(Lib.Counter,Lib.Counter)")?;
    let counter = key("T:Lib.Counter")?;
    Ok(format!(
        "{:#?}\n{:#?}\n{:#?}\n{:#?}",
        analysis.incoming_calls(&add)?,
        analysis.find_references(&add)?,
        analysis.incoming_calls(&plus)?,
        analysis.find_references(&counter)?,
    ))
}

/// The edits applied after the given step.
type Edits = Vec<(usize, &'static str, fn(&str) -> String)>;

/// The answers gathered one file per step, with `edits` applied between steps, and how many steps
/// were taken.
fn in_steps(host: &mut AnalysisHost, fixture: &Fixture, mut edits: Edits) -> (String, usize) {
    let steps = SiteSteps::new(StepBudget::files(1));
    let mut taken = 0;
    loop {
        let analysis = host.analysis().with_site_steps(steps.clone());
        match answers(&analysis) {
            Ok(answer) => {
                assert!(edits.is_empty(), "every edit was applied");
                return (answer, taken);
            }
            Err(_) => assert!(steps.take_stepped(), "only a step stops the query"),
        }
        drop(analysis);
        taken += 1;
        while let Some(at) = edits.iter().position(|(after, ..)| *after == taken) {
            let (_, path, edit) = edits.remove(at);
            let file = fixture.file(path);
            let text = host.analysis().file_text(FileId(file.id)).unwrap();
            host.apply_change(Change {
                files: vec![(FileId(file.id), Some(Arc::from(edit(&text))))],
                project_graph: None,
                libraries: None,
            });
        }
    }
}

#[test]
fn a_request_answered_in_steps_answers_as_one_snapshot() {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let (answer, steps) = in_steps(&mut host, &fixture, Vec::new());
    assert_eq!(answer, answers(&host.analysis()).unwrap());
    // One file a step, the last one gathered on the answering snapshot: the four files once each
    // (every query after the first reads the parts gathered for it).
    assert_eq!(steps, 3);
}

/// A body edit of a file already gathered (its part gathered anew: the new call is in the answer),
/// then an item edit (the fingerprint changed: every part is gathered anew), between steps.
#[test]
fn a_request_answered_in_steps_across_edits_answers_as_one_snapshot() {
    let (mut host, fixture) = AnalysisHost::from_fixture(FIXTURE);
    let before = answers(&host.analysis()).unwrap();
    let edits: Edits = vec![
        (2, "/Lib/Counter.cs", |t| {
            t.replace(
                "public int Total",
                "public void Sub() { }\n public int Total",
            )
        }),
        (4, "/App/First.cs", |t| {
            t.replace("c.Add(1);", "c.Add(1); c.Add(10);")
        }),
    ];
    let (answer, steps) = in_steps(&mut host, &fixture, edits);
    assert_eq!(answer, answers(&host.analysis()).unwrap());
    assert_ne!(answer, before, "the edits changed the answer");
    // Two files, then the four after the item edit and the body-edited one again, the last on the
    // answering snapshot.
    assert_eq!(steps, 6);
}
