//! Every input comes back byte for byte, and nothing panics: real code, hostile code, garbage.

use std::path::{Path, PathBuf};

use super::check_lossless;

/// Valid C# covering the syntax the sample solution may not: each must parse without errors.
const VALID: &[&str] = &[
    "\u{feff}namespace N { class C { } }",
    "class C\r\n{\r\n    int x = 1;\r\n}\r\n",
    "class Größe { int café = 1; string 名前 = \"値\"; }",
    "class @class { int @int; void M(int @event) => @event.ToString(); }",
    "class C { string s = \"\"\"\n    raw \"quoted\" text\n    \"\"\"; }",
    "class C { string s = $\"a {b} {c:N2} {{ }} {d,5}\"; string t = $@\"{x}\\\"; string r = $$\"\"\"{{x}}\"\"\"; }",
    "class C { char c = '\\''; string v = @\"a \"\"b\"\"\"; }",
    "record struct P(int X, int Y); file sealed class F; public readonly ref struct S { }",
    "class C { void M() { var q = from x in xs where x > 1 orderby x select x * 2; } }",
    "class C { int M(object o) => o switch { int i when i > 0 => i, string { Length: var n } => n, _ => 0 }; }",
    "class C { void M() { int L(int a) => a; var f = (int a, int b) => a + b; f(L(1), 2); } }",
    "unsafe class C { delegate* unmanaged[Cdecl]<int, void> f; int* p; }",
    "#!/usr/bin/env dotnet\n#:package Humanizer@2.14.1\n#:property LangVersion=preview\nConsole.WriteLine(1);\n",
    // Syntax the grammar lacks, hidden from it by `grammar_gaps`.
    "static class E { extension(string s) { public bool IsBlank() => s.Length == 0; public int Len => s.Length; } extension<T>(List<T> list) where T : class { public T First() => list[0]; } extension(string) { public static string Make() => \"\"; } }",
    "static class E {\n    /// <summary>Doc.</summary>\n    extension /* c */ (ref int i)\n    { public void Inc() => i++; }\n}",
    "class C { object M(Type type) { M([type, other]); var f = [field]; return [type]; } }",
    "unsafe class C { void M() { ulong a = *(ulong*)&x, b = *(ulong*)&y; Vector128<byte> and = Sse2.And(a, b); F($\"\", $@\"\"\"{f}\"\" \"\"{g}\"\"\"); } }",
    "struct S { void M() { Unsafe.AsRef(in this) = default; GetRef(ref x) = 5; GetRef() += 1; (Get(x)) = 2; Get<int>(y) ??= 3; } }",
];

#[test]
fn valid_code_has_no_errors() {
    for text in VALID {
        let parse = check_lossless(text);
        assert_eq!(
            parse.errors(),
            &[],
            "errors in {text:?}\n{}",
            parse.debug_dump()
        );
    }
}

#[test]
fn sample_solution_and_corpus_files() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut files = Vec::new();
    for dir in ["examples", "tests/fixtures"] {
        collect_cs_files(&root.join(dir), &mut files);
    }
    for file in &files {
        let text = std::fs::read(file).expect("readable file");
        check_lossless(&String::from_utf8_lossy(&text));
    }
    // Without the sample solution, the inline corpus above still runs.
    eprintln!("{} .cs files checked", files.len());
}

fn collect_cs_files(dir: &Path, files: &mut Vec<PathBuf>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            collect_cs_files(&path, files);
        } else if path.extension().is_some_and(|ext| ext == "cs") {
            files.push(path);
        }
    }
}

#[test]
fn hostile_inputs() {
    let inputs = [
        String::new(),
        "\u{feff}".to_owned(),
        "\r\n\r\n".to_owned(),
        "class C { string s = \"unterminated".to_owned(),
        "class C { string s = @\"unterminated\n\n".to_owned(),
        "class C { string s = \"\"\"unterminated raw".to_owned(),
        "class C { string s = $\"{unterminated".to_owned(),
        "class C { /* unterminated comment".to_owned(),
        "class C { char c = 'x".to_owned(),
        "#endif\nclass C {}\n#else\n#elif X\n".to_owned(),
        "#if A\nclass C {\n".to_owned(),
        "class C { void M() { if (a) #if X\n } }".to_owned(),
        "allows ref struct extension(int x) { } ) ) } } ; ;".to_owned(),
        "class C { void M() { a\0b; } }".to_owned(),
        "\u{2028}\u{a0}\u{3000}class\u{a0}C{}".to_owned(),
        "static class E { extension(".to_owned(),
        "static class E { extension<T>(x) where { } extension() { } extension(,) {".to_owned(),
        "; extension(string s) { extension(int) { } }".to_owned(),
        "class C { void M() { F() = ; G(] = 1; (H(x) = ; x = [type".to_owned(),
    ];
    for input in &inputs {
        check_lossless(input);
    }
}

#[test]
fn deep_nesting() {
    let parens = format!(
        "class C {{ int x = {}1{}; }}",
        "(".repeat(10_000),
        ")".repeat(10_000)
    );
    let parse = check_lossless(&parens);
    assert!(
        parse.errors().iter().any(|e| e.message.contains("nesting")),
        "{:?}",
        parse.errors()
    );
    check_lossless(&"(".repeat(10_000));
    check_lossless(&"{".repeat(10_000));
    check_lossless(&format!(
        "class C {{ void M() {}{} }}",
        "{".repeat(10_000),
        "}".repeat(10_000)
    ));
    let chain = format!("class C {{ string s = {}\"\"; }}", "a + ".repeat(5_000));
    check_lossless(&chain);
}

#[test]
fn hundred_thousand_levels_are_flattened() {
    const DEEP: usize = 100_000;
    let cases = [
        format!(
            "class C {{ int x = {}1{}; }}",
            "(".repeat(DEEP),
            ")".repeat(DEEP)
        ),
        format!(
            "class C {{ void M() {}{} }}",
            "{".repeat(DEEP),
            "}".repeat(DEEP)
        ),
        format!(
            "class C {{ {}int{} f; }}",
            "List<".repeat(DEEP),
            ">".repeat(DEEP)
        ),
        format!("class C {{ object f = {}0; }}", "x => ".repeat(DEEP)),
    ];
    for text in &cases {
        let parse = check_lossless(text);
        assert!(
            parse.errors().iter().any(|e| e.message.contains("nesting")),
            "{:?}",
            parse.errors()
        );
    }
}

#[test]
fn invalid_utf8_as_a_loader_decodes_it() {
    let in_a_literal = b"class C { string s = \"\xff\xfe\"; }";
    let parse = check_lossless(&String::from_utf8_lossy(in_a_literal));
    assert_eq!(parse.errors(), &[]);
    let in_code = b"class C { void \xc3M() { } }\xed\xa0\x80\x00";
    let parse = check_lossless(&String::from_utf8_lossy(in_code));
    assert!(!parse.errors().is_empty());
}

#[test]
fn texts_over_the_limit_are_skipped() {
    let class = "class C { void M() { M(); } }\n";
    let text = class.repeat(50_000_000 / class.len());
    let parse = check_lossless(&text);
    assert!(!parse.is_analysed());
    expect_test::expect![[r#"
        [
            SyntaxError {
                range: 0..49999980,
                message: "the file is 49999980 bytes long, more than the 16 MiB analysed: it is skipped",
            },
        ]
    "#]].assert_debug_eq(&parse.errors());
    let under = class.repeat(1_000);
    assert!(check_lossless(&under).is_analysed());
}

#[test]
fn random_bytes() {
    // xorshift64*: a fixed seed, no dependency.
    let mut state: u64 = 0x2545_f491_4f6c_dd1d;
    let mut next = move || {
        state ^= state >> 12;
        state ^= state << 25;
        state ^= state >> 27;
        state.wrapping_mul(0x2545_f491_4f6c_dd1d)
    };
    let alphabet = b"{}()[];,.<>=+-*/\"'@$#\n\r\t abcclassnamespacevoid0123456789\\";
    for round in 0..200 {
        let len = (next() % 2_000) as usize;
        let bytes: Vec<u8> = (0..len)
            .map(|_| {
                let r = next();
                if round % 2 == 0 {
                    r as u8
                } else {
                    alphabet[(r % alphabet.len() as u64) as usize]
                }
            })
            .collect();
        check_lossless(&String::from_utf8_lossy(&bytes));
    }
}

#[test]
fn five_megabytes() {
    let class = r#"
namespace Sample.Generated
{
    /// <summary>A generated service.</summary>
    public sealed class Service : IService, IDisposable
    {
        private readonly Dictionary<string, List<int>> _cache = new();
        public int Count { get; private set; }
        public Service(ILogger logger) : base() { _logger = logger ?? throw new ArgumentNullException(nameof(logger)); }
        public async Task<int> RunAsync(string name, CancellationToken ct = default)
        {
            foreach (var item in _cache[name].Where(x => x > 0)) { Count += item; await Task.Delay(1, ct); }
            return Count switch { 0 => -1, var n when n > 10 => n * 2, _ => Count };
        }
        public void Dispose() => _cache.Clear();
    }
}
"#;
    let text = class.repeat(5_000_000 / class.len() + 1);
    let parse = check_lossless(&text);
    assert_eq!(parse.errors(), &[]);
}
