"""find_references, find_implementations, find_overrides, get_structure and get_source through the official
Python SDK, on a fixture workspace with partial types, explicit and inherited implementations, generic members,
nameof and attributes; every answer is validated against the tool's outputSchema."""

import pytest

from conftest import EXAMPLES, SDK_PROJECT, connect, write_workspace
from test_external import checked

pytestmark = pytest.mark.anyio

SHAPES = """
    namespace Geo;

    public interface IShape
    {
        double Area();
        string Name { get; }
    }

    [System.AttributeUsage(System.AttributeTargets.Class)]
    public sealed class TagAttribute : System.Attribute { }

    public abstract class Base
    {
        public double Area() => 0;
        public abstract void Draw();
        public virtual string Name => "base";
    }

    [Tag]
    public partial class Square : Base, IShape
    {
        public int Side;
        public override void Draw() { Side += 1; }
    }

    public class Circle : IShape
    {
        double IShape.Area() => 3.14;
        public string Name => nameof(Circle);
        public override string ToString() => Name;
    }
"""

SQUARE = """
    namespace Geo;

    public partial class Square
    {
        public T Echo<T>(T value) => value;

        public override string Name => nameof(Side);
    }

    public sealed class Tiny : Square
    {
        public override void Draw() { }
    }
"""

USE = """
    using System.Collections.Generic;

    namespace Geo;

    public static class Use
    {
        public static double Total(IShape shape, Square square)
        {
            square.Side = 2;
            var side = square.Side;
            square.Draw();
            var list = new List<Square> { new Square() };
            var echoed = square.Echo<int>(side);
            list.Add(square);
            return shape.Area() + echoed;
        }
    }
"""


@pytest.fixture
def workspace(tmp_path):
    return write_workspace(tmp_path, {
        "Geo/Geo.csproj": SDK_PROJECT,
        "Geo/Shapes.cs": SHAPES,
        "Geo/Square.cs": SQUARE,
        "Geo/Use.cs": USE,
    })


async def key(tools, documentation_id):
    resolved = await tools.ok("resolve_symbol", {"documentationId": documentation_id})
    assert resolved["resolved"], resolved
    return resolved["symbolKey"]


def places(references):
    return [(r["filePath"], r["lineNumber"], r["kind"]) for r in references]


async def test_references_of_a_type_by_kind_and_grouped(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        square = await key(tools, "T:Geo.Square")
        answer = await tools.ok("find_references", {"symbolKey": square, "pathStyle": "relative"})
        assert places(answer["references"]) == [
            ("Geo/Square.cs", 10, "inheritance"),
            ("Geo/Use.cs", 7, "typeReference"),
            ("Geo/Use.cs", 12, "typeArgument"),
            ("Geo/Use.cs", 12, "objectCreation"),
        ]
        assert answer["referenceCount"] == 4 and answer["paging"]["total"] == 4
        first = answer["references"][1]
        assert first["lineText"] == "public static double Total(IShape shape, Square square)"
        assert first["column"] == 46 and first["containingSymbol"]["fullName"] == "Geo.Use.Total(IShape, Square)"
        assert answer["unboundReferences"] == [] and answer["coverage"]["unresolved"] == 0

        by_file = await tools.ok("find_references", {"symbolKey": square, "groupBy": "file", "pathStyle": "relative"})
        assert [(g["group"], g["referenceCount"]) for g in by_file["groups"]] == [("Geo/Square.cs", 1), ("Geo/Use.cs", 3)]
        by_symbol = await tools.ok("find_references", {"symbolKey": square, "groupBy": "containingSymbol"})
        assert [g["group"] for g in by_symbol["groups"]] == ["Geo.Tiny", "Geo.Use.Total(IShape, Square)"]
        paged = await tools.ok("find_references", {"symbolKey": square, "take": 1, "skip": 1})
        assert paged["paging"]["nextSkip"] == 2 and len(paged["references"]) == 1 and paged["omitted"]
        scoped = await tools.ok("find_references", {"symbolKey": square, "scope": {"mode": "document", "filePath": "Geo/Use.cs"}})
        assert scoped["referenceCount"] == 3

        tag = await key(tools, "T:Geo.TagAttribute")
        tagged = await tools.ok("find_references", {"symbolKey": tag, "pathStyle": "relative"})
        assert places(tagged["references"]) == [("Geo/Shapes.cs", 19, "attribute")]


async def test_references_of_members_reads_writes_nameof_and_generic_calls(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        side = await key(tools, "F:Geo.Square.Side")
        answer = await tools.ok("find_references", {"symbolKey": side, "pathStyle": "relative"})
        assert places(answer["references"]) == [
            ("Geo/Shapes.cs", 23, "write"),
            ("Geo/Square.cs", 7, "nameof"),
            ("Geo/Use.cs", 9, "write"),
            ("Geo/Use.cs", 10, "read"),
        ]
        # A framework virtual: its source overrides.
        to_string = await key(tools, "M:System.Object.ToString")
        framework = await tools.ok("find_overrides", {"symbolKey": to_string})
        assert [(m["symbol"]["fullName"], m["isDirect"]) for m in framework["implementations"]] == [
            ("Geo.Circle.ToString()", True)]

        echo = await key(tools, "M:Geo.Square.Echo``1(``0)")
        calls = await tools.ok("find_references", {"symbolKey": echo, "pathStyle": "relative"})
        assert places(calls["references"]) == [("Geo/Use.cs", 13, "invocation")]

        await tools.fails("find_references", {"symbolKey": "csn1.bm9wZQ"}, "invalid_symbol_key")


async def test_references_of_framework_members_and_types(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        add = await key(tools, "M:System.Collections.Generic.List`1.Add(`0)")
        answer = await tools.ok("find_references", {"symbolKey": add, "pathStyle": "relative"})
        assert answer["symbol"]["isExternal"] and answer["symbol"]["fullName"].startswith("System.Collections.Generic.List")
        # The collection initializer's element is an `Add` call too.
        assert places(answer["references"]) == [("Geo/Use.cs", 12, "invocation"), ("Geo/Use.cs", 14, "invocation")]
        assert answer["references"][1]["containingSymbol"]["fullName"] == "Geo.Use.Total(IShape, Square)"
        assert answer["coverage"]["resolved"] >= 1 and answer["unboundReferences"] == []

        attribute = await key(tools, "T:System.Attribute")
        bases = await tools.ok("find_references", {"symbolKey": attribute, "pathStyle": "relative"})
        assert places(bases["references"]) == [("Geo/Shapes.cs", 10, "inheritance")]
        usage = await key(tools, "T:System.AttributeUsageAttribute")
        tagged = await tools.ok("find_references", {"symbolKey": usage, "groupBy": "file", "pathStyle": "relative"})
        assert [(g["group"], g["referenceCount"]) for g in tagged["groups"]] == [("Geo/Shapes.cs", 1)]
        listed = await key(tools, "T:System.Collections.Generic.List`1")
        lists = await tools.ok("find_references", {"symbolKey": listed, "pathStyle": "relative"})
        assert places(lists["references"]) == [("Geo/Use.cs", 12, "objectCreation")]


async def test_implementations_explicit_inherited_and_overrides(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        shape = await key(tools, "T:Geo.IShape")
        types = await tools.ok("find_implementations", {"symbolKey": shape})
        assert types["resultKind"] == "types"
        assert {(t["symbol"]["fullName"], t["kind"], t["isDirect"]) for t in types["implementations"]} == {
            ("Geo.Circle", "implementation", True),
            ("Geo.Square", "implementation", True),
            ("Geo.Tiny", "implementation", False),
        }

        area = await key(tools, "M:Geo.IShape.Area")
        members = await tools.ok("find_implementations", {"symbolKey": area})
        assert members["resultKind"] == "members"
        found = {m["symbol"]["fullName"]: (m["kind"], [t["fullName"] for t in m["forTypes"]])
                 for m in members["implementations"]}
        assert found == {
            "Geo.Base.Area()": ("inherited", ["Geo.Square", "Geo.Tiny"]),
            "Geo.Circle.Area()": ("explicit", ["Geo.Circle"]),
        }, found

        draw = await key(tools, "M:Geo.Base.Draw")
        overrides = await tools.ok("find_overrides", {"symbolKey": draw})
        assert [(m["symbol"]["fullName"], m["isDirect"]) for m in overrides["implementations"]] == [
            ("Geo.Square.Draw()", True), ("Geo.Tiny.Draw()", False)]
        name = await key(tools, "P:Geo.Base.Name")
        name_overrides = await tools.ok("find_overrides", {"symbolKey": name})
        assert [m["symbol"]["fullName"] for m in name_overrides["implementations"]] == ["Geo.Square.Name"]

        echo = await key(tools, "M:Geo.Square.Echo``1(``0)")
        await tools.fails("find_overrides", {"symbolKey": echo}, "wrong_symbol_kind")
        await tools.fails("find_overrides", {"symbolKey": await key(tools, "M:Geo.IShape.Area")}, "wrong_symbol_kind")


async def test_structure_of_a_file_with_keys_other_tools_take(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        outline = await tools.ok("get_structure", {"filePath": "Geo/Square.cs", "pathStyle": "relative"})
        assert outline["filePath"] == "Geo/Square.cs"
        assert [(i["depth"], i["kind"], i["name"], i["startLine"], i["endLine"]) for i in outline["items"]] == [
            (0, "namespace", "Geo", 1, 13),
            (1, "class", "Square", 3, 8),
            (2, "method", "Echo<T>", 5, 5),
            (2, "property", "Name", 7, 7),
            (1, "class", "Tiny", 10, 13),
            (2, "method", "Draw", 12, 12),
        ]
        assert outline["items"][2]["signature"] == "public T Echo<T>(T value)"
        echo_key = outline["items"][2]["symbolKey"]
        source = await tools.ok("get_source", {"symbolKey": echo_key})
        assert source["parts"][0]["text"] == "    public T Echo<T>(T value) => value;"
        paged = await tools.ok("get_structure", {"filePath": "Geo/Square.cs", "take": 2})
        assert paged["itemCount"] == 6 and paged["paging"]["nextSkip"] == 2

        await tools.fails("get_structure", {"filePath": "Geo/Geo.csproj"}, "source_unavailable")
        await tools.fails("get_structure", {"filePath": "../../etc/passwd"}, "invalid_arguments")


async def test_source_of_a_partial_type_in_pages(workspace):
    async with connect(workspace) as client:
        tools = await checked(client)
        square = await key(tools, "T:Geo.Square")
        whole = await tools.ok("get_source", {"symbolKey": square, "pathStyle": "relative"})
        assert whole["declarationCount"] == 2 and whole["truncated"] is False and whole["nextSkipLines"] is None
        assert [(p["filePath"], p["startLine"], p["endLine"]) for p in whole["parts"]] == [
            ("Geo/Shapes.cs", 19, 24), ("Geo/Square.cs", 3, 8)]
        assert whole["parts"][0]["text"].startswith("[Tag]\npublic partial class Square : Base, IShape")
        assert whole["totalLines"] == 12

        first = await tools.ok("get_source", {"symbolKey": square, "maxLines": 7})
        assert first["truncated"] is True and first["nextSkipLines"] == 7
        rest = await tools.ok("get_source", {"symbolKey": square, "skipLines": 7})
        assert [(p["declaration"], p["startLine"]) for p in rest["parts"]] == [(1, 4)]
        assert rest["truncated"] is False

        cut = await tools.ok("get_source", {"symbolKey": square, "maxChars": 10})
        # The first line fits; the second is longer than the budget and is cut.
        assert cut["parts"][0]["text"] == "[Tag]" and cut["nextSkipLines"] == 1
        tiny = await tools.ok("get_source", {"symbolKey": square, "skipLines": 1, "maxChars": 10})
        assert tiny["parts"][0]["lineCut"] is True and tiny["parts"][0]["text"] == "public par…"

        await tools.fails("get_source", {"symbolKey": square, "maxLines": 0}, "invalid_arguments")


async def test_the_example_implementations_and_sources():
    async with connect(EXAMPLES) as client:
        tools = await checked(client)
        repository = await key(tools, "T:Bookstore.Data.RepositoryBase`1")
        derived = await tools.ok("find_implementations", {"symbolKey": repository})
        assert "Bookstore.Data.BookRepository" in {t["symbol"]["fullName"] for t in derived["implementations"]}
        references = await tools.ok("find_references", {"symbolKey": repository})
        assert references["referenceCount"] >= 1
        assert "inheritance" in {r["kind"] for r in references["references"]}


ALIASES = """
    using B = Shop.Book;
    using Books = System.Collections.Generic.List<Shop.Book>;
    using static Shop.Book;

    namespace Shop
    {
        /// <summary>A book.</summary>
        /// <remarks>Sold by the shop.</remarks>
        [System.Serializable]
        public class Book
        {
            public static int Parse(string text) => int.Parse(text);
        }

        public static class Till
        {
            public static B Make(string title) => new B();
            public static Books Shelf() => new Books { (B)null };
            public static string Label(int count) => string.Join(",", typeof(string).Name, count.ToString());
        }
    }
"""


SHOP_PROJECT = SDK_PROJECT.replace("</Project>", """  <ItemGroup>
        <Using Include="Shop.Book" Alias="Volume" />
      </ItemGroup>
    </Project>""")

VOLUMES = """
    namespace Shop;

    public static class Library
    {
        public static Volume First() => new Volume();
    }
"""


@pytest.fixture
def alias_workspace(tmp_path):
    return write_workspace(tmp_path, {
        "Shop/Shop.csproj": SHOP_PROJECT,
        "Shop/Book.cs": ALIASES,
        "Shop/Library.cs": VOLUMES,
    })


async def test_references_through_using_aliases_and_type_keywords(alias_workspace):
    async with connect(alias_workspace) as client:
        tools = await checked(client)
        book = await key(tools, "T:Shop.Book")
        answer = await tools.ok("find_references", {"symbolKey": book, "pathStyle": "relative"})
        assert places(answer["references"]) == [
            ("Shop/Book.cs", 1, "usingDirective"),
            ("Shop/Book.cs", 2, "typeArgument"),
            ("Shop/Book.cs", 3, "usingDirective"),
            ("Shop/Book.cs", 17, "typeReference"),
            ("Shop/Book.cs", 17, "objectCreation"),
            ("Shop/Book.cs", 18, "cast"),
            # The project file's `<Using Include="Shop.Book" Alias="Volume" />`.
            ("Shop/Library.cs", 5, "typeReference"),
            ("Shop/Library.cs", 5, "objectCreation"),
        ], answer["references"]
        assert answer["references"][0]["containingSymbol"] is None
        by_symbol = await tools.ok("find_references", {"symbolKey": book, "groupBy": "containingSymbol"})
        assert [(g["group"], g["referenceCount"]) for g in by_symbol["groups"]] == [
            ("", 3), ("Shop.Till.Make(string)", 2), ("Shop.Till.Shelf()", 1), ("Shop.Library.First()", 2)], by_symbol["groups"]
        assert answer["unboundReferences"] == [] and answer["coverage"]["unresolved"] == 0

        string = await key(tools, "T:System.String")
        # `public static int Parse(string text)` (line 12): the keyword is System.String.
        at_keyword = await tools.ok("get_symbol_at_position", {"filePath": "Shop/Book.cs", "line": 12, "column": 34})
        assert at_keyword["symbol"]["fullName"] == "System.String" and at_keyword["symbolKey"] == string
        in_alias = await tools.ok("get_symbol_at_position", {"filePath": "Shop/Book.cs", "line": 1, "column": 17})
        assert in_alias["symbol"]["fullName"] == "Shop.Book"
        strings = await tools.ok("find_references", {"symbolKey": string, "pathStyle": "relative"})
        assert places(strings["references"]) == [
            ("Shop/Book.cs", 12, "typeReference"),
            ("Shop/Book.cs", 17, "typeReference"),
            ("Shop/Book.cs", 19, "typeReference"),
            ("Shop/Book.cs", 19, "staticAccess"),
            ("Shop/Book.cs", 19, "typeof"),
        ], strings["references"]
        assert strings["coverage"]["examined"] == strings["coverage"]["resolved"] == 5

        parse = await key(tools, "M:System.Int32.Parse(System.String)")
        parses = await tools.ok("find_references", {"symbolKey": parse, "pathStyle": "relative"})
        assert places(parses["references"]) == [("Shop/Book.cs", 12, "invocation")]


async def test_source_with_its_documentation_comment_and_attributes(alias_workspace):
    async with connect(alias_workspace) as client:
        tools = await checked(client)
        book = await key(tools, "T:Shop.Book")
        source = await tools.ok("get_source", {"symbolKey": book, "pathStyle": "relative"})
        [part] = source["parts"]
        assert (part["filePath"], part["startLine"], part["endLine"]) == ("Shop/Book.cs", 7, 13)
        assert part["text"].startswith(
            "    /// <summary>A book.</summary>\n    /// <remarks>Sold by the shop.</remarks>\n    [System.Serializable]\n"
            "    public class Book\n"), part["text"]
        first = await tools.ok("get_source", {"symbolKey": book, "maxLines": 2})
        assert first["truncated"] is True and first["nextSkipLines"] == 2
        assert first["parts"][0]["endLine"] == 8
