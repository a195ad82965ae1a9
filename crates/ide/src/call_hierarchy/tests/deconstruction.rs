//! Deconstruction and positional patterns: the compiler's implicit `Deconstruct` calls (instance or
//! extension, from the sources or an assembly, chosen by the number of elements) are call sites, and
//! the variables they give take the `out` parameters' types, so calls on them bind.

use expect_test::expect;

use super::{check_incoming, check_outgoing};

#[test]
fn deconstruction_calls_deconstruct_unless_the_value_is_a_tuple() {
    check_outgoing(
        r#"
class Point
{
    public void Deconstruct(out int x, out int y) { x = 0; y = 0; }
    public void Deconstruct(out int x, out int y, out string label) { x = 0; y = 0; label = ""; }
    public void Draw() { }
}
class Pair { public Point Left; public string Right; }
static class PairExtensions
{
    public static void Deconstruct(this Pair p, out Point left, out string right) { left = p.Left; right = p.Right; }
}
class Holder { public int A { get; set; } public int B { get; set; } }
class User
{
    (Point, Pair) Both() => (null, null);
    Pair Split(Point p, out Point rest) { rest = p; return null; }
    void M$0(Point p, Pair pair, Holder h)
    {
        var (a, b) = p;
        (int c, int d, string e) = p;
        e.Trim();
        var (left, right) = pair;
        left.Draw();
        int x = 0, y = 1;
        (x, y) = (y, x);
        (h.A, h.B) = p;
        var (f, (g, _)) = (p, pair);
        g.Draw();
        var ((p1, p2), q) = Both();
        q.Left.Draw();
        string u;
        (_, u) = pair;
        (var (l2, r2), var z) = (pair, 1);
        l2.Draw();
        var (l3, r3) = Split(p, out var rest);
        rest.Draw();
        l3.Draw();
    }
}
"#,
        expect![[r#"
            M:Point.Deconstruct(System.Int32@,System.Int32@) [Call, Call, Call]
            M:Point.Deconstruct(System.Int32@,System.Int32@,System.String@) [Call]
            external System.String.Trim [Call]
            M:PairExtensions.Deconstruct(Pair,Point@,System.String@) [Call, Call, Call, Call, Call]
            M:Point.Draw [Call, Call, Call, Call, Call, Call]
            P:Holder.A [Set]
            P:Holder.B [Set]
            M:User.Both [Call]
            M:User.Split(Point,Point@) [Call]
            coverage 20/20/0/0
        "#]],
    );
}

#[test]
fn foreach_deconstructs_each_element() {
    check_outgoing(
        r#"
using System.Collections.Generic;
class Entry
{
    public void Deconstruct(out string key, out Item value) { key = ""; value = null; }
}
class Item { public void Use() { } }
class User
{
    void M$0(List<Entry> entries, List<(string Name, Item Value)> pairs)
    {
        foreach (var (k, v) in entries) { k.Trim(); v.Use(); }
        foreach ((string k2, var v2) in entries) v2.Use();
        foreach (var (n, i) in pairs) i.Use();
    }
}
"#,
        expect![[r#"
            M:Entry.Deconstruct(System.String@,Item@) [Call, Call]
            external System.String.Trim [Call]
            M:Item.Use [Call, Call, Call]
            coverage 6/6/0/0
        "#]],
    );
}

#[test]
fn framework_deconstruct_methods_bind_from_metadata() {
    check_outgoing(
        r#"
//- /Test.cs framework:netcore
using System;
using System.Collections.Generic;
class Item { public void Use() { } }
class User
{
    void M$0(Dictionary<string, Item> dict, KeyValuePair<int, Item> pair, Tuple<Item, string> tuple)
    {
        foreach (var (key, value) in dict) { key.Trim(); value.Use(); }
        var (n, item) = pair;
        item.Use();
        var (first, text) = tuple;
        first.Use();
    }
}
"#,
        expect![[r#"
            external System.Collections.Generic.KeyValuePair.Deconstruct [Call, Call]
            external System.String.Trim [Call]
            M:Item.Use [Call, Call, Call]
            external System.TupleExtensions.Deconstruct [Call]
            coverage 7/7/0/0
        "#]],
    );
}

#[test]
fn a_deconstruction_without_deconstruct_is_unresolved() {
    check_outgoing(
        r#"
class Point { public void Deconstruct(out int x, out int y) { x = 0; y = 0; } }
class Opaque { }
class User
{
    void M$0(Point p, Opaque o)
    {
        var (a, b, c) = p;
        var (d, e) = o;
        var (f, g) = Unknown();
    }
}
"#,
        expect![[r#"
            unresolved Deconstruct (NotFound)
            unresolved Deconstruct (NotFound)
            unresolved Unknown (UnknownReceiver)
            unresolved Deconstruct (UnknownReceiver)
            coverage 4/0/0/4
        "#]],
    );
}

#[test]
fn positional_patterns_call_deconstruct_and_type_their_variables() {
    check_outgoing(
        r#"
class Point
{
    public int X { get; }
    public void Deconstruct(out int x, out Label label) { x = 0; label = null; }
}
class Label { public string Text { get; } public void Show() { } }
class Line { public void Deconstruct(out Point from, out Point to) { from = null; to = null; } }
class User
{
    void M$0(object o, Point p, Line line, (Point, int) t)
    {
        if (o is Point(var x, var label)) label.Show();
        if (line is (Point(_, var l1), { X: > 0 } to)) l1.Show();
        switch (o)
        {
            case Point(0, var l2): l2.Show(); break;
        }
        if (t is (var q, 1)) q.Deconstruct(out _, out _);
        if (p is { X: var px } && px > 0) { }
        var s = p switch { (1, var l3) => l3.Text, _ => "" };
    }
}
"#,
        expect![[r#"
            M:Point.Deconstruct(System.Int32@,Label@) [Call, Call, Call, Call, Call]
            M:Label.Show [Call, Call, Call]
            M:Line.Deconstruct(Point@,Point@) [Call]
            P:Point.X [Get, Get]
            P:Label.Text [Get]
            coverage 12/12/0/0
        "#]],
    );
}

#[test]
fn tuple_elements_are_read_by_name_and_position() {
    check_outgoing(
        r#"
using System.Threading.Tasks;
class Item { public string Label { get; } public string Tag; public void Use() { } }
class Source
{
    public (int Count, Item Best) Stats() => (0, null);
    public (Item First, Item Second) Pair { get; }
    public Task<(Item Found, bool Ok)> FindAsync() => null;
}
class User
{
    async Task M$0(Source s, (Item Left, string Right) p, Item item, (bool Ok, Item Value)[] all, (Item Seed, int Count)? maybe)
    {
        all[0].Value.Use();
        maybe.Value.Seed.Use();
        var stats = s.Stats();
        stats.Best.Use();
        stats.Item2.Use();
        s.Stats().Best.Use();
        s.Pair.Second.Use();
        (int Count, Item Best) typed = default;
        typed.Best.Use();
        p.Left.Use();
        p.Right.Trim();
        var literal = (Count: 1, Top: item);
        literal.Top.Use();
        var inferred = (item.Tag, item);
        inferred.Tag.Trim();
        var named = (Label: item.Label, 1);
        named.Label.Trim();
        inferred.item.Use();
        var found = await s.FindAsync();
        found.Found.Use();
        stats.Missing.Use();
    }
}
"#,
        expect![[r#"
            M:Item.Use [Call, Call, Call, Call, Call, Call, Call, Call, Call, Call, Call]
            external System.Nullable.Value [Get]
            M:Source.Stats [Call, Call]
            P:Source.Pair [Get]
            external System.String.Trim [Call, Call, Call]
            P:Item.Label [Get]
            M:Source.FindAsync [Call]
            unresolved Missing (NotFound)
            unresolved Use (UnknownReceiver)
            coverage 22/20/0/2
        "#]],
    );
}

#[test]
fn switch_expressions_take_their_arms_type_and_property_patterns_read_getters() {
    check_outgoing(
        r#"
class Money { public decimal Amount { get; } public Money Inner { get; } }
class Label { public void Show() { } }
class User
{
    Label Plain() => null;
    void M$0(object o, Money m)
    {
        var label = o switch { Money { Amount: > 0 } => Plain(), _ => null };
        label.Show();
        (m switch { { Inner: { Amount: 1 } } => Plain(), { Inner.Inner: null } => Plain(), _ => throw null }).Show();
    }
}
"#,
        expect![[r#"
            P:Money.Amount [Get, Get]
            M:User.Plain [Call, Call, Call]
            M:Label.Show [Call, Call]
            P:Money.Inner [Get, Get, Get]
            coverage 10/10/0/0
        "#]],
    );
}

#[test]
fn callers_of_deconstruct_include_files_that_never_name_it() {
    check_incoming(
        r#"
//- /Point.cs
class Point { public void Deconstruct$0(out int x, out int y) { x = 0; y = 0; } }
//- /User.cs
class User
{
    void Declare(Point p) { var (x, y) = p; }
    bool Test(object o) => o is Point(0, _);
    void Loop(Point[] points) { foreach (var (x, y) in points) { } }
}
"#,
        expect![[r#"
            M:User.Declare(Point) [Call@3]
            M:User.Test(System.Object) [Call@4]
            M:User.Loop(Point[]) [Call@5]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn generic_source_extensions_deconstruct_framework_types() {
    check_outgoing(
        r#"
using System.Collections.Generic;
static class KeyValuePairExtensions
{
    public static void Deconstruct<TKey, TValue>(this KeyValuePair<TKey, TValue> pair, out TKey key, out TValue value)
    {
        key = pair.Key;
        value = pair.Value;
    }
}
class Item { public void Use() { } }
class User
{
    void M$0(Dictionary<string, Item> items)
    {
        foreach (var (name, item) in items) { name.Trim(); item.Use(); }
    }
}
"#,
        expect![[r#"
            M:KeyValuePairExtensions.Deconstruct``2(System.Collections.Generic.KeyValuePair{``0,``1},``0@,``1@) [Call]
            external System.String.Trim [Call]
            M:Item.Use [Call]
            coverage 3/3/0/0
        "#]],
    );
}

#[test]
fn a_tuple_element_that_is_a_tuple_has_the_names_its_declaration_nests() {
    check_outgoing(
        r#"
class C
{
    void M$0()
    {
        (bool Ok, (int X, string Name) At) t = (true, (1, ""));
        var length = t.At.Name.Length;
        var x = t.Item2.X.CompareTo(0);
    }
}
"#,
        expect![[r#"
            external System.String.Length [Get]
            external System.Int32.CompareTo [Call]
            coverage 2/2/0/0
        "#]],
    );
}
