//! A deterministic synthetic C# solution for `cargo xtask bench`: dozens of SDK-style projects in a
//! `.slnx`, each referencing the core project and one or two earlier ones, with a few thousand files of
//! realistic code — namespaces, classes deriving from classes of the same or a referenced project,
//! interfaces, generics with constraints, overloads, properties, extension methods, lambdas, LINQ,
//! `foreach`, and calls across files and projects. The same size and seed always give the same bytes,
//! so figures from two runs measure the same code.

use std::{
    collections::BTreeSet,
    fmt::Write as _,
    path::{Path, PathBuf},
};

use anyhow::{Context, Result};

pub(crate) const DEFAULT_LINES: usize = 1_000_000;
pub(crate) const DEFAULT_SEED: u64 = 10;
/// The average file, in lines: about what real C# repositories have.
const AVERAGE_FILE_LINES: usize = 330;
const FILES_PER_PROJECT: usize = 75;
const MAX_PROJECTS: usize = 60;
/// Namespaces per project (`Synthetic.P03.Area5`).
const AREAS: usize = 8;
/// Lines of a widget file besides its step methods, and lines of each step method.
const FIXED_LINES: usize = 62;
const STEP_LINES: usize = 17;

/// A generated solution: files relative to its root, in a stable order.
pub(crate) struct Synthetic {
    pub(crate) files: Vec<(PathBuf, String)>,
    pub(crate) projects: usize,
    pub(crate) widgets: Vec<Widget>,
}

/// One generated class `Widget{project}_{index}` and what the bench may edit or ask of it.
#[derive(Clone)]
pub(crate) struct Widget {
    pub(crate) project: usize,
    pub(crate) index: usize,
    /// Its step methods `int Name(int a)`: the first is always `Run` (its interface's method, called
    /// from everywhere, as `Execute` or `Handle` are in real code); the others are verb-noun names
    /// that a few dozen classes share, as real method names are. At least three.
    pub(crate) steps: Vec<String>,
    base: Base,
    /// The file declaring it, relative to the root.
    pub(crate) path: PathBuf,
}

#[derive(Clone, Copy)]
enum Base {
    Entity,
    /// Another widget, by its position in `widgets`.
    Widget(usize),
}

impl Widget {
    pub(crate) fn name(&self) -> String {
        format!("Widget{}_{}", self.project, self.index)
    }

    pub(crate) fn namespace(&self) -> String {
        format!("{}.Area{}", project_name(self.project), self.index % AREAS)
    }

    pub(crate) fn full_name(&self) -> String {
        format!("{}.{}", self.namespace(), self.name())
    }

    pub(crate) fn step_documentation_id(&self, step: usize, parameters: &str) -> String {
        format!("M:{}.{}({parameters})", self.full_name(), self.steps[step])
    }
}

pub(crate) fn project_name(project: usize) -> String {
    if project == 0 {
        "Synthetic.Core".to_owned()
    } else {
        format!("Synthetic.P{project:02}")
    }
}

/// The projects `project` references: the core, the one before it and the one half-way down.
fn references(project: usize) -> Vec<usize> {
    let mut refs: Vec<usize> = [0, project.saturating_sub(1), project / 2]
        .into_iter()
        .filter(|&r| r < project)
        .collect();
    refs.sort_unstable();
    refs.dedup();
    refs
}

/// SplitMix64: a tiny, well-mixed, seedable generator; the output must never depend on a crate's
/// version.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    }

    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

pub(crate) fn generate(lines: usize, seed: u64) -> Synthetic {
    let mut rng = Rng(seed);
    let file_count = lines.div_ceil(AVERAGE_FILE_LINES).max(4);
    let projects = file_count
        .div_ceil(FILES_PER_PROJECT)
        .clamp(2, MAX_PROJECTS);
    let core_files = CORE.len();

    // Plan every widget first, so any file can call any widget it can see.
    let mut widgets: Vec<Widget> = Vec::new();
    let mut first_of_project = Vec::with_capacity(projects + 1);
    let per_project = (file_count.saturating_sub(core_files))
        .div_ceil(projects)
        .max(2);
    for project in 0..projects {
        first_of_project.push(widgets.len());
        for index in 0..per_project {
            // 150 to 510 lines, 330 on average.
            let size = 150 + rng.below(361);
            let steps = step_names(((size - FIXED_LINES) / STEP_LINES).max(3), &mut rng);
            let base = match rng.below(4) {
                0 => Base::Entity,
                _ if index > 0 && rng.below(3) > 0 => {
                    Base::Widget(first_of_project[project] + rng.below(index))
                }
                _ => {
                    let refs = references(project);
                    match refs.get(rng.below(refs.len().max(1))) {
                        Some(&r) => Base::Widget(first_of_project[r] + rng.below(per_project)),
                        None => Base::Entity,
                    }
                }
            };
            let area = index % AREAS;
            widgets.push(Widget {
                project,
                index,
                steps,
                base,
                path: PathBuf::from(format!(
                    "src/{name}/Area{area}/Widget{project}_{index}.cs",
                    name = project_name(project)
                )),
            });
        }
    }
    first_of_project.push(widgets.len());

    let mut files = vec![(PathBuf::from("Synthetic.slnx"), solution(projects))];
    for project in 0..projects {
        let name = project_name(project);
        files.push((
            PathBuf::from(format!("src/{name}/{name}.csproj")),
            csproj(project),
        ));
    }
    for (name, text) in CORE {
        files.push((
            PathBuf::from(format!("src/Synthetic.Core/{name}")),
            (*text).to_owned(),
        ));
    }
    for (at, widget) in widgets.iter().enumerate() {
        let visible: Vec<usize> = std::iter::once(widget.project)
            .chain(references(widget.project))
            .flat_map(|p| first_of_project[p]..first_of_project[p + 1])
            .filter(|&w| w != at)
            .collect();
        let text = widget_file(&widgets, at, &visible, &mut rng);
        files.push((widget.path.clone(), text));
    }
    Synthetic {
        files,
        projects,
        widgets,
    }
}

impl Synthetic {
    /// Writes the solution under `dir`, replacing whatever was there.
    pub(crate) fn write(&self, dir: &Path) -> Result<()> {
        if dir.exists() {
            std::fs::remove_dir_all(dir).with_context(|| format!("removing {}", dir.display()))?;
        }
        for (path, text) in &self.files {
            let path = dir.join(path);
            if let Some(parent) = path.parent() {
                std::fs::create_dir_all(parent)?;
            }
            std::fs::write(&path, text).with_context(|| format!("writing {}", path.display()))?;
        }
        Ok(())
    }

    pub(crate) fn lines(&self) -> usize {
        self.files
            .iter()
            .filter(|(path, _)| path.extension().is_some_and(|e| e == "cs"))
            .map(|(_, text)| text.lines().count())
            .sum()
    }
}

fn solution(projects: usize) -> String {
    let mut out = String::from("<Solution>\n");
    for project in 0..projects {
        let name = project_name(project);
        let _ = writeln!(out, "  <Project Path=\"src/{name}/{name}.csproj\" />");
    }
    out.push_str("</Solution>\n");
    out
}

fn csproj(project: usize) -> String {
    let mut out = String::from(
        "<Project Sdk=\"Microsoft.NET.Sdk\">\n  <PropertyGroup>\n    <TargetFramework>net8.0</TargetFramework>\n    \
         <Nullable>disable</Nullable>\n  </PropertyGroup>\n",
    );
    let refs = references(project);
    if !refs.is_empty() {
        out.push_str("  <ItemGroup>\n");
        for r in refs {
            let name = project_name(r);
            let _ = writeln!(
                out,
                "    <ProjectReference Include=\"..\\{name}\\{name}.csproj\" />"
            );
        }
        out.push_str("  </ItemGroup>\n");
    }
    out.push_str("</Project>\n");
    out
}

/// One widget: its interface, the class, its extension class.
fn widget_file(widgets: &[Widget], at: usize, visible: &[usize], rng: &mut Rng) -> String {
    let widget = &widgets[at];
    let name = widget.name();
    let mut namespaces = BTreeSet::new();
    let base = match widget.base {
        Base::Entity => "EntityBase".to_owned(),
        Base::Widget(w) => {
            namespaces.insert(widgets[w].namespace());
            widgets[w].name()
        }
    };
    let mut pick = |rng: &mut Rng| {
        let other = &widgets[visible[rng.below(visible.len())]];
        namespaces.insert(other.namespace());
        other
    };
    let mut body = String::new();
    for k in 0..widget.steps.len() {
        step(&mut body, widget, k, &mut pick, rng);
    }
    namespaces.remove(&widget.namespace());
    let usings: String = namespaces.iter().map(|n| format!("using {n};\n")).collect();
    let (p, i) = (widget.project, widget.index);
    format!(
        r#"using System;
using System.Collections.Generic;
using System.Linq;
using Synthetic.Core;
{usings}
namespace {namespace}
{{
    /// <summary>What callers of <see cref="{name}"/> rely on.</summary>
    public interface I{name} : IEntity
    {{
        int Run(int a);

        string Label {{ get; }}
    }}

    public class {name} : {base}, I{name}
    {{
        private readonly List<int> _values = new List<int>();
        private readonly Repository<{name}> _peers = new Repository<{name}>();

        public {name}(int id) : base(id)
        {{
            _values.Add(id);
            _values.Add(id * {p} + {i});
        }}

        public new string Label {{ get; set; }} = "{name}";

        public int Count => _values.Count;

        public override int Score() => base.Score() + Count;

        public new int Compute(int x) => Mix(x, Id);

        public new int Compute(int x, int y) => Compute(x) + Compute(y);

        public new string Compute(string s) => s + Label;

        public new IEnumerable<int> Evens() => from v in _values where v % 2 == 0 select v * 2;

        public {name} WithPeer(int id)
        {{
            _peers.Add(new {name}(id));
            return this;
        }}
{body}    }}

    public static class {name}Extensions
    {{
        public static int Twice(this {name} widget, int a) => widget.Run(a) * 2;

        public static IEnumerable<string> Labels(this IEnumerable<{name}> widgets) =>
            widgets.Where(w => w.Count > 0).Select(w => w.Label);
    }}
}}
"#,
        namespace = widget.namespace(),
    )
}

/// The `k`-th step method: a few statements, each calling something another file (or project)
/// declares.
fn step<'a>(
    out: &mut String,
    widget: &Widget,
    k: usize,
    pick: &mut dyn FnMut(&mut Rng) -> &'a Widget,
    rng: &mut Rng,
) {
    let _ = writeln!(
        out,
        "\n        public int {}(int a)\n        {{",
        widget.steps[k]
    );
    let _ = writeln!(out, "            var total = a + {k};");
    // Eight statements; each kind of call an agent asks about.
    for _ in 0..8 {
        let other = pick(rng);
        let o = other.name();
        let line = match rng.below(9) {
            0 => format!(
                "total += new {o}(a).{}(total);",
                other.steps[rng.below(other.steps.len())]
            ),
            1 => format!("total += new {o}(total).Compute(a, {k});"),
            2 => "total += _values.Where(v => v > a).Select(v => v + 1).Sum();".to_owned(),
            3 => format!("total += new Box<{o}>(new {o}(a)).Score();"),
            4 => "total += this.Doubled() + total.Clamp(0, 1000);".to_owned(),
            5 => format!("I{o} item = new {o}(a);\n            total += item.Run(a);"),
            6 if k > 0 => format!(
                "Func<int, int> f{k} = x => Compute(x) + {}(x);\n            total += f{k}(a);",
                widget.steps[rng.below(k)]
            ),
            7 => "foreach (var peer in _peers.All())\n            {\n                total += peer.Score();\n            }"
                .to_owned(),
            _ => format!("total += new {o}(a).Twice(total) + Compute(\"{}\").Length;", widget.index),
        };
        let _ = writeln!(out, "            {line}");
    }
    let _ = writeln!(out, "            return total;\n        }}");
}

const VERBS: &[&str] = &[
    "Load",
    "Save",
    "Apply",
    "Build",
    "Check",
    "Merge",
    "Parse",
    "Render",
    "Resolve",
    "Schedule",
    "Send",
    "Sort",
    "Split",
    "Track",
    "Update",
    "Validate",
    "Collect",
    "Convert",
    "Dispatch",
    "Filter",
    "Format",
    "Index",
    "Measure",
    "Normalize",
    "Publish",
    "Queue",
    "Reconcile",
    "Refresh",
    "Reserve",
    "Scan",
    "Select",
    "Sync",
    "Tally",
    "Trim",
    "Verify",
    "Weigh",
    "Archive",
    "Balance",
    "Cache",
    "Drain",
];
const NOUNS: &[&str] = &[
    "Order", "Invoice", "Customer", "Account", "Batch", "Cart", "Channel", "Claim", "Coupon",
    "Delivery", "Device", "Document", "Entry", "Event", "Grade", "Group", "Item", "Job", "Ledger",
    "Line", "Lot", "Message", "Meter", "Note", "Offer", "Packet", "Payment", "Plan", "Policy",
    "Price", "Quota", "Rate", "Record", "Report", "Route", "Rule", "Slot", "Stock", "Ticket",
    "Window",
];

/// `Run`, then `count - 1` distinct verb-noun names.
fn step_names(count: usize, rng: &mut Rng) -> Vec<String> {
    let mut names = vec!["Run".to_owned()];
    while names.len() < count {
        let name = format!(
            "{}{}",
            VERBS[rng.below(VERBS.len())],
            NOUNS[rng.below(NOUNS.len())]
        );
        if !names.contains(&name) {
            names.push(name);
        }
    }
    names
}

/// The core project's hand-written files: what every widget builds on.
const CORE: &[(&str, &str)] = &[
    (
        "IEntity.cs",
        r#"namespace Synthetic.Core
{
    public interface IEntity
    {
        int Id { get; }

        int Score();
    }
}
"#,
    ),
    (
        "EntityBase.cs",
        r#"using System;
using System.Collections.Generic;
using System.Linq;

namespace Synthetic.Core
{
    public abstract class EntityBase : IEntity
    {
        protected EntityBase(int id)
        {
            Id = id;
        }

        public int Id { get; }

        public string Label { get; set; } = "entity";

        public virtual int Score() => Id;

        public int Compute(int x) => x + Id;

        public int Compute(int x, int y) => x * y + Id;

        public string Compute(string s) => s;

        public IEnumerable<int> Evens() => Enumerable.Range(0, Id).Where(i => i % 2 == 0);

        protected int Mix(int a, int b) => a * 31 + b;

        protected int Mix(string s) => s.Length;

        public override string ToString() => GetType().Name + ":" + Id;
    }
}
"#,
    ),
    (
        "Box.cs",
        r#"using System;

namespace Synthetic.Core
{
    public class Box<T> where T : IEntity
    {
        public Box(T value)
        {
            Value = value;
        }

        public T Value { get; }

        public int Score() => Value.Score();

        public Box<TOut> Map<TOut>(Func<T, TOut> map) where TOut : IEntity => new Box<TOut>(map(Value));
    }
}
"#,
    ),
    (
        "IRepository.cs",
        r#"using System.Collections.Generic;

namespace Synthetic.Core
{
    public interface IRepository<T> where T : IEntity
    {
        T Find(int id);

        IEnumerable<T> All();

        void Add(T item);
    }
}
"#,
    ),
    (
        "Repository.cs",
        r#"using System.Collections.Generic;
using System.Linq;

namespace Synthetic.Core
{
    public class Repository<T> : IRepository<T> where T : IEntity
    {
        private readonly List<T> _items = new List<T>();

        public T Find(int id) => _items.FirstOrDefault(item => item.Id == id);

        public IEnumerable<T> All() => _items.OrderBy(item => item.Score());

        public void Add(T item) => _items.Add(item);

        public int Total() => _items.Sum(item => item.Score());
    }
}
"#,
    ),
    (
        "EntityExtensions.cs",
        r#"using System;
using System.Collections.Generic;
using System.Linq;

namespace Synthetic.Core
{
    public static class EntityExtensions
    {
        public static int Doubled(this IEntity entity) => entity.Score() * 2;

        public static int Clamp(this int value, int low, int high) => Math.Max(low, Math.Min(high, value));

        public static T Pick<T>(this IEnumerable<T> items, Func<T, bool> predicate) => items.FirstOrDefault(predicate);
    }
}
"#,
    ),
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn same_seed_same_bytes_other_seed_other_code() {
        let a = generate(20_000, 7);
        let b = generate(20_000, 7);
        assert!(a.files == b.files);
        let c = generate(20_000, 8);
        assert!(a.files != c.files);
    }

    #[test]
    fn parses_without_errors_and_has_the_size_asked() {
        let solution = generate(40_000, DEFAULT_SEED);
        for (path, text) in &solution.files {
            if path.extension().is_some_and(|e| e == "cs") {
                let parse = syntax::parse(text, &syntax::Defines::default());
                assert_eq!(parse.errors(), &[], "{}", path.display());
            }
        }
        let lines = solution.lines();
        assert!((36_000..=44_000).contains(&lines), "{lines} lines");
        let cs = solution
            .files
            .iter()
            .filter(|(p, _)| p.extension().is_some_and(|e| e == "cs"))
            .count();
        assert_eq!(cs, CORE.len() + solution.widgets.len());
        assert_eq!(solution.projects, 2);
        assert_eq!((cs, solution.widgets.len()), (122, 116));
        // The default size: dozens of projects, a few thousand files.
        let files = DEFAULT_LINES.div_ceil(AVERAGE_FILE_LINES);
        assert_eq!(files.div_ceil(FILES_PER_PROJECT).clamp(2, MAX_PROJECTS), 41);
    }
}
