"""find_callers and get_outgoing_calls on the bundled example and on fixture workspaces: call sites, isDirect,
coverage and unresolved sites, depth with reachedFrom, scopes, paging, every error code, edits on disk."""

import base64
import time

import pytest

from conftest import EXAMPLES, SDK_PROJECT, call, connect, fails, ok, write_workspace

pytestmark = pytest.mark.anyio

# The watcher reports within milliseconds; this only absorbs scheduling noise on a loaded machine.
WATCH_SETTLE = 0.5

APP_PROJECT = """
    <Project Sdk="Microsoft.NET.Sdk">
      <PropertyGroup>
        <TargetFramework>net8.0</TargetFramework>
      </PropertyGroup>
      <ItemGroup>
        <ProjectReference Include="../Core/Core.csproj" />
      </ItemGroup>
    </Project>
"""

ITEM = """
    namespace Shop.Core;

    public interface IStore
    {
        void Save(Item item);
    }

    public class Item
    {
        public Item(string name) { Name = name; }

        public string Name { get; set; }

        public event System.EventHandler? Changed;

        public void Rename(string name)
        {
            Name = name;
            Changed?.Invoke(this, System.EventArgs.Empty);
        }
    }

    public class SpecialItem : Item
    {
        public SpecialItem() : base("special") { }
    }

    public class Store : IStore
    {
        public void Save(Item item) => Audit(item.Name);

        private void Audit(string text) { }

        public void Put(int value) { }

        public void Put(string value) { }
    }

    public static class ItemExtensions
    {
        public static string Label(this Item item) => item.Name;
    }
"""

CHECKOUT = """
    using Shop.Core;

    namespace Shop.App;

    public class Checkout
    {
        private readonly IStore _store;
        private readonly Store _concrete = new Store();

        public Checkout(IStore store) { _store = store; }

        public void Run(Item item)
        {
            _store.Save(item);
            _concrete.Save(item);
            item.Changed += OnChanged;
            item.Changed -= OnChanged;
            var a = item.Label();
            var b = ItemExtensions.Label(item);
            item.Name = a + b;
            var items = new System.Collections.Generic.List<Item>();
            items.ForEach(Print);
            var special = new SpecialItem();
            Helper();
        }

        private void Helper() => _concrete.Save(new Item("x"));

        private static void Print(Item item) { }

        private void OnChanged(object? sender, System.EventArgs e) { }

        public void Dynamic(Item item)
        {
            var made = Missing.Factory.Create<Store>();
            made.Save(item);
            _concrete.Put(made.Value);
        }
    }
"""


def shop(root):
    return write_workspace(root, {
        "Core/Core.csproj": SDK_PROJECT,
        "Core/Item.cs": ITEM,
        "App/App.csproj": APP_PROJECT,
        "App/Checkout.cs": CHECKOUT,
    })


async def key_of_id(client, documentation_id: str) -> str:
    resolved = await ok(client, "resolve_symbol", {"documentationId": documentation_id})
    assert resolved["resolved"], resolved
    return resolved["symbolKey"]


def sites_by_caller(answer):
    return {c["caller"]["fullName"]: [(s["lineNumber"], s["kind"], s["isDirect"]) for s in c["callSites"]]
            for c in answer["callers"]}


def calls_by_callee(answer):
    return {(c["callee"]["fullName"], c["depth"]): c for c in answer["calls"]}


def key_for(project: str, documentation_id: str) -> str:
    raw = f"{project}\0{documentation_id}".encode()
    return "csn1." + base64.urlsafe_b64encode(raw).decode().rstrip("=")


async def test_callers_through_an_interface_and_a_base_call():
    async with connect(EXAMPLES) as client:
        find_by_id = await key_of_id(client, "M:Bookstore.Data.RepositoryBase`1.FindById(System.Int32)")
        answer = await ok(client, "find_callers", {"symbolKey": find_by_id, "pathStyle": "relative"})
        assert answer["symbolKey"] == find_by_id
        assert answer["symbol"]["fullName"] == "Bookstore.Data.RepositoryBase<T>.FindById(int)"
        callers = {c["caller"]["fullName"]: c for c in answer["callers"]}
        assert answer["callerCount"] == len(callers) == answer["paging"]["total"]
        base_call = callers["Bookstore.Data.CachedBookRepository.FindById(int)"]
        assert base_call["caller"]["kind"] == "method" and base_call["caller"]["symbolKey"].startswith("csn1.")
        assert base_call["callSites"] == [{
            "filePath": "src/Bookstore.Data/CachedBookRepository.cs", "lineNumber": 25, "column": 29,
            "lineText": "var book = base.FindById(id);", "isDirect": True, "kind": "call",
        }]
        # `_books` is an IReadRepository<Book>: the call binds to the interface member and may dispatch here.
        through_interface = callers["Bookstore.App.Services.OrderProcessor.PlaceAsync(Order, CancellationToken)"]
        assert [s["isDirect"] for s in through_interface["callSites"]] == [False]
        assert through_interface["callSites"][0]["lineText"].startswith("var result = _books.FindById(")
        assert answer["coverage"]["resolved"] >= 2
        assert answer["unresolvedCallSites"] == [] and answer["unresolvedCallSiteCount"] == 0


async def test_constructor_and_property_callers_in_the_example():
    async with connect(EXAMPLES) as client:
        ctor = await key_of_id(client, "M:Bookstore.Data.BookRepository.#ctor(System.String)")
        answer = await ok(client, "find_callers", {"symbolKey": ctor})
        assert sites_by_caller(answer) == {
            "Bookstore.Data.BookRepository.BookRepository()": [(9, "constructor", True)],
            "Bookstore.Data.CachedBookRepository.CachedBookRepository()": [(11, "constructor", True)],
        }
        assert [s["lineText"] for c in answer["callers"] for s in c["callSites"]] == [
            ': this("books")', ': base("cached-books")']

        book_id = await key_of_id(client, "P:Bookstore.Domain.Book.Id")
        reads = await ok(client, "find_callers", {"symbolKey": book_id, "scope": {"mode": "project", "projectName": "Bookstore.App"}})
        assert reads["callers"] and all(s["kind"] == "get" for c in reads["callers"] for s in c["callSites"])
        assert "Bookstore.App.Services.CatalogService.StockOf(Book)" in sites_by_caller(reads)


async def test_outgoing_calls_with_depth_in_the_example():
    async with connect(EXAMPLES) as client:
        place_all = await key_of_id(
            client, "M:Bookstore.App.Services.OrderProcessor.PlaceAllAsync(System.Collections.Generic.IEnumerable{Bookstore.App.Services.Order})")
        direct = await ok(client, "get_outgoing_calls", {"symbolKey": place_all})
        assert direct["depth"] == 1 and {c["depth"] for c in direct["calls"]} == {1}
        by_callee = calls_by_callee(direct)
        place = by_callee[("Bookstore.App.Services.OrderProcessor.PlaceAsync(Order, CancellationToken)", 1)]
        assert place["isExternal"] is False and place["isCall"] is True and "reachedFrom" not in place
        assert place["callee"]["symbolKey"].startswith("csn1.") and place["callee"]["kind"] == "method"
        external = [c for c in direct["calls"] if c["isExternal"]]
        assert external and all("symbolKey" not in c["callee"] for c in external)
        assert ("List", "System.Collections.Generic.List.#ctor") in {(c["callee"]["name"], c["callee"]["fullName"]) for c in external}

        deeper = await ok(client, "get_outgoing_calls", {"symbolKey": place_all, "depth": 2, "responseDetail": "full"})
        find = calls_by_callee(deeper)[("Bookstore.Domain.IReadRepository<T>.FindById(int)", 2)]
        assert find["reachedFrom"]["fullName"] == "Bookstore.App.Services.OrderProcessor.PlaceAsync(Order, CancellationToken)"
        assert find["reachedFrom"]["symbolKey"] == place["callee"]["symbolKey"]
        assert find["callSites"][0]["filePath"].endswith("OrderProcessor.cs")
        assert find["callee"]["documentationId"] == "M:Bookstore.Domain.IReadRepository`1.FindById(System.Int32)"
        assert deeper["partial"] is False and "responseDiagnostics" in deeper
        assert deeper["callCount"] > direct["callCount"]


async def test_top_level_statements_call_extensions_both_ways_and_subscribe_events():
    async with connect(EXAMPLES) as client:
        expensive = await key_of_id(client, "M:Bookstore.Domain.BookExtensions.IsExpensive(Bookstore.Domain.Book,System.Decimal)")
        answer = await ok(client, "find_callers", {"symbolKey": expensive})
        assert len([s for c in answer["callers"] for s in c["callSites"]]) == 3
        changed = await key_of_id(client, "E:Bookstore.Domain.Book.PriceChanged")
        subscriptions = await ok(client, "find_callers", {"symbolKey": changed})
        assert "eventAdd" in {s["kind"] for c in subscriptions["callers"] for s in c["callSites"]}


async def test_callers_of_every_kind_of_member(tmp_path):
    async with connect(shop(tmp_path)) as client:
        save = await key_of_id(client, "M:Shop.Core.Store.Save(Shop.Core.Item)")
        answer = await ok(client, "find_callers", {"symbolKey": save})
        assert sites_by_caller(answer) == {
            "Shop.App.Checkout.Run(Item)": [(14, "call", False), (15, "call", True)],
            "Shop.App.Checkout.Helper()": [(27, "call", True)],
        }
        assert answer["callSiteCount"] == 3

        cases = {
            "E:Shop.Core.Item.Changed": {"Shop.App.Checkout.Run(Item)": [(16, "eventAdd", True), (17, "eventRemove", True)]},
            "M:Shop.Core.ItemExtensions.Label(Shop.Core.Item)": {"Shop.App.Checkout.Run(Item)": [(18, "call", True), (19, "call", True)]},
            "M:Shop.Core.Item.#ctor(System.String)": {"Shop.App.Checkout.Helper()": [(27, "constructor", True)],
                                                     "Shop.Core.SpecialItem.SpecialItem()": [(25, "constructor", True)]},
            # The implicit constructor of Store, called from a field initializer: the field is the caller.
            "M:Shop.Core.Store.#ctor": {"Shop.App.Checkout._concrete": [(8, "constructor", True)]},
            "M:Shop.App.Checkout.Print(Shop.Core.Item)": {"Shop.App.Checkout.Run(Item)": [(22, "methodGroup", True)]},
        }
        for documentation_id, expected in cases.items():
            key = await key_of_id(client, documentation_id)
            assert sites_by_caller(await ok(client, "find_callers", {"symbolKey": key})) == expected, documentation_id

        name = await key_of_id(client, "P:Shop.Core.Item.Name")
        accesses = sites_by_caller(await ok(client, "find_callers", {"symbolKey": name}))
        assert accesses["Shop.App.Checkout.Run(Item)"] == [(20, "set", True)]
        assert accesses["Shop.Core.Store.Save(Item)"] == [(30, "get", True)]
        assert len(accesses) == 5


async def test_coverage_and_unresolved_sites(tmp_path):
    async with connect(shop(tmp_path)) as client:
        save = await key_of_id(client, "M:Shop.Core.Store.Save(Shop.Core.Item)")
        answer = await ok(client, "find_callers", {"symbolKey": save, "pathStyle": "relative"})
        coverage = answer["coverage"]
        assert coverage["unresolved"] == 1 and coverage["ambiguous"] == 0
        assert coverage["examined"] == coverage["resolved"] + coverage["ambiguous"] + coverage["unresolved"]
        # `made` comes from an assembly that is not there: the call may be ours, and the agent is told so.
        assert answer["unresolvedCallSites"] == [{
            "filePath": "App/Checkout.cs", "lineNumber": 36, "column": 14, "lineText": "made.Save(item);",
            "name": "Save", "reason": "unknownReceiver",
            "caller": {"name": "Dynamic", "fullName": "Shop.App.Checkout.Dynamic(Item)", "kind": "method",
                       "symbolKey": answer["unresolvedCallSites"][0]["caller"]["symbolKey"]},
        }]
        assert answer["unresolvedCallSiteCount"] == 1

        put = await key_of_id(client, "M:Shop.Core.Store.Put(System.Int32)")
        ambiguous = await ok(client, "find_callers", {"symbolKey": put})
        assert ambiguous["callers"] == [] and ambiguous["coverage"]["ambiguous"] == 1
        assert [u["reason"] for u in ambiguous["unresolvedCallSites"]] == ["ambiguous"]

        dynamic = await key_of_id(client, "M:Shop.App.Checkout.Dynamic(Shop.Core.Item)")
        outgoing = await ok(client, "get_outgoing_calls", {"symbolKey": dynamic})
        assert outgoing["coverage"] == {"examined": 4, "resolved": 0, "ambiguous": 1, "unresolved": 3}
        assert {(u["name"], u["reason"]) for u in outgoing["unresolvedCallSites"]} == {
            ("Create", "missingMetadata"), ("Save", "unknownReceiver"), ("Value", "unknownReceiver"),
            ("Put", "ambiguous")}


async def test_outgoing_calls_depth_method_groups_and_fields(tmp_path):
    async with connect(shop(tmp_path)) as client:
        run = await key_of_id(client, "M:Shop.App.Checkout.Run(Shop.Core.Item)")
        answer = await ok(client, "get_outgoing_calls", {"symbolKey": run, "depth": 2})
        by_callee = calls_by_callee(answer)
        print_ = by_callee[("Shop.App.Checkout.Print(Item)", 1)]
        assert print_["isCall"] is False and [s["kind"] for s in print_["callSites"]] == ["methodGroup"]
        assert answer["callCount"] == len([c for c in answer["calls"] if c["isCall"]]) < answer["paging"]["total"]
        event = by_callee[("Shop.Core.Item.Changed", 1)]
        assert [s["kind"] for s in event["callSites"]] == ["eventAdd", "eventRemove"]
        assert by_callee[("Shop.Core.IStore.Save(Item)", 1)]["callee"]["kind"] == "method"
        audit = by_callee[("Shop.Core.Store.Audit(string)", 2)]
        assert audit["reachedFrom"]["fullName"] == "Shop.Core.Store.Save(Item)"
        base_ctor = by_callee[("Shop.Core.Item.Item(string)", 2)]
        assert base_ctor["reachedFrom"]["fullName"] in ("Shop.Core.SpecialItem.SpecialItem()", "Shop.App.Checkout.Helper()")
        assert all(c["depth"] in (1, 2) for c in answer["calls"])
        # Method groups are references: their bodies are not expanded.
        assert not [c for c in answer["calls"] if c.get("reachedFrom", {}).get("name") == "Print"]

        field = await key_of_id(client, "F:Shop.App.Checkout._concrete")
        initializer = await ok(client, "get_outgoing_calls", {"symbolKey": field})
        assert [(c["callee"]["fullName"], c["callSites"][0]["kind"]) for c in initializer["calls"]] == [
            ("Shop.Core.Store.Store()", "constructor")]


async def test_scopes(tmp_path):
    async with connect(shop(tmp_path)) as client:
        name = await key_of_id(client, "P:Shop.Core.Item.Name")
        everywhere = await ok(client, "find_callers", {"symbolKey": name})
        in_core = await ok(client, "find_callers", {"symbolKey": name, "scope": {"mode": "project", "projectName": "Core"}})
        in_app = await ok(client, "find_callers", {"symbolKey": name, "scope": {"mode": "document", "filePath": "App/Checkout.cs"}})
        by_prefix = await ok(client, "find_callers", {"symbolKey": name, "scope": {"mode": "pathPrefix", "pathPrefix": str(tmp_path / "Core")}})
        assert in_core["callerCount"] + in_app["callerCount"] == everywhere["callerCount"] == 5
        assert list(sites_by_caller(in_app)) == ["Shop.App.Checkout.Run(Item)"]
        assert sites_by_caller(by_prefix) == sites_by_caller(in_core)

        save = await key_of_id(client, "M:Shop.Core.Store.Save(Shop.Core.Item)")
        core_only = await ok(client, "find_callers", {"symbolKey": save, "scope": {"mode": "project", "projectName": "Core"}})
        assert core_only["callers"] == [] and core_only["unresolvedCallSites"] == []

        run = await key_of_id(client, "M:Shop.App.Checkout.Run(Shop.Core.Item)")
        all_calls = await ok(client, "get_outgoing_calls", {"symbolKey": run})
        into_core = await ok(client, "get_outgoing_calls", {"symbolKey": run, "scope": {"mode": "project", "projectName": "Core"}})
        assert any(c["isExternal"] for c in all_calls["calls"])
        assert into_core["calls"] and not any(c["isExternal"] for c in into_core["calls"])
        assert all(c["callee"]["filePath"].endswith("Item.cs") for c in into_core["calls"])


async def test_paging_and_the_node_cap(tmp_path):
    fan = ["namespace Fan;", "public class Tree", "{", "    public void Root()", "    {"]
    fan += [f"        A{i}();" for i in range(50)]
    fan += ["    }"]
    for i in range(50):
        fan += [f"    public void A{i}()", "    {"] + [f"        B{i}_{j}();" for j in range(50)] + ["    }"]
        fan += [f"    public void B{i}_{j}() {{ }}" for j in range(50)]
    fan += ["}"]
    root = write_workspace(tmp_path, {"Fan/Fan.csproj": SDK_PROJECT, "Fan/Tree.cs": "\n".join(fan) + "\n"})
    async with connect(root) as client:
        key = await key_of_id(client, "M:Fan.Tree.Root")
        first = await ok(client, "get_outgoing_calls", {"symbolKey": key, "take": 20})
        assert first["paging"] == {"skip": 0, "take": 20, "returned": 20, "total": 50, "nextSkip": 20}
        rest = await ok(client, "get_outgoing_calls", {"symbolKey": key, "skip": 20, "take": 200})
        assert rest["paging"]["nextSkip"] is None and rest["paging"]["returned"] == 30
        assert {c["callee"]["name"] for c in first["calls"] + rest["calls"]} == {f"A{i}" for i in range(50)}
        assert first["partial"] is False and first["sizeLimited"] is False

        # 50 + 2,500 callees at depth 2: the node cap stops the expansion, and the page stays small.
        wide = await ok(client, "get_outgoing_calls", {"symbolKey": key, "depth": 2, "take": 500})
        assert wide["partial"] is True
        assert wide["paging"]["total"] == 2000
        assert wide["sizeLimited"] is True and 0 < wide["paging"]["returned"] < 500
        assert wide["paging"]["nextSkip"] == wide["paging"]["returned"]

        leaf = await key_of_id(client, "M:Fan.Tree.B7_7")
        callers = await ok(client, "find_callers", {"symbolKey": leaf, "take": 0})
        assert callers["callers"] == [] and callers["callerCount"] == 1 and callers["paging"]["nextSkip"] is None


async def test_error_codes(tmp_path):
    write_workspace(tmp_path, {
        "Core/Core.csproj": SDK_PROJECT,
        "Core/Item.cs": ITEM,
        "Core/Twice.cs": "namespace Shop.Core;\npublic class Twice { public void Go() { } }\n",
        "Core/TwiceAgain.cs": "namespace Shop.Core;\npublic class Twice { public void Go() { } }\n",
    })
    async with connect(tmp_path) as client:
        for tool in ("find_callers", "get_outgoing_calls"):
            await fails(client, tool, {"symbolKey": "Shop.Core.Store.Save"}, "invalid_symbol_key")
            missing = await fails(client, tool, {"symbolKey": key_for("Core", "M:Shop.Core.Store.SaveAll(Shop.Core.Item)")},
                                  "symbol_not_found")
            assert any("Shop.Core.Store.Save(Item)" in s for s in missing["suggestions"])
            store = await key_of_id(client, "T:Shop.Core.Store")
            wrong = await fails(client, tool, {"symbolKey": store}, "wrong_symbol_kind")
            assert "accepted kinds: method, constructor" in wrong["error"]
            assert any("Shop.Core.Store.Store()" in s and "csn1." in s for s in wrong["suggestions"])
            await fails(client, tool, {"symbolKey": key_for("Core", "N:Shop.Core")}, "unsupported_symbol")
            twice = key_for("Core", "M:Shop.Core.Twice.Go")
            duplicate = await fails(client, tool, {"symbolKey": twice}, "ambiguous_symbol_key")
            assert any("Twice.cs" in s and "TwiceAgain.cs" in s for s in duplicate["suggestions"])
        # Events and properties are accepted: their accessors are what is called.
        event = await ok(client, "find_callers", {"symbolKey": key_for("Core", "E:Shop.Core.Item.Changed")})
        assert event["symbol"]["kind"] == "event"
        await ok(client, "get_outgoing_calls", {"symbolKey": key_for("Core", "P:Shop.Core.Item.Name")})


async def test_fields_are_not_called_and_arguments_are_checked(tmp_path):
    async with connect(shop(tmp_path)) as client:
        field = await key_of_id(client, "F:Shop.App.Checkout._store")
        wrong = await fails(client, "find_callers", {"symbolKey": field}, "wrong_symbol_kind")
        assert "field" in wrong["error"] and wrong["suggestions"]
        run = await key_of_id(client, "M:Shop.App.Checkout.Run(Shop.Core.Item)")
        cases = [
            ("find_callers", {}, "symbolKey"),
            ("find_callers", {"symbolKey": run, "take": 501}, "take"),
            ("find_callers", {"symbolKey": run, "skip": -1}, "skip"),
            ("find_callers", {"symbolKey": run, "depth": 2}, "depth"),
            ("find_callers", {"symbolKey": run, "scope": {"mode": "project", "projectName": "Nope"}}, "scope.projectName"),
            ("find_callers", {"symbolKey": run, "scope": {"mode": "pathPrefix", "pathPrefix": "../.."}}, "scope.pathPrefix"),
            ("find_callers", {"symbolKey": run, "scope": {"mode": "document", "filePath": "App/App.csproj"}}, "scope.filePath"),
            ("get_outgoing_calls", {"symbolKey": run, "depth": 0}, "depth"),
            ("get_outgoing_calls", {"symbolKey": run, "depth": 6}, "depth"),
            ("get_outgoing_calls", {"symbolKey": run, "depth": "2"}, "depth"),
            ("get_outgoing_calls", {"symbolKey": run, "take": 100000}, "take"),
            ("get_outgoing_calls", {"symbolKey": run, "pathStyle": "dos"}, "pathStyle"),
            ("get_outgoing_calls", {"symbolKey": run, "responseDetail": "verbose"}, "responseDetail"),
        ]
        for tool, arguments, parameter in cases:
            result, is_error = await call(client, tool, arguments)
            assert is_error, (tool, arguments, result)
            assert result["errorCode"] == "invalid_arguments", result
            assert result["parameter"] == parameter, (tool, arguments, result)
        depth = (await call(client, "get_outgoing_calls", {"symbolKey": run, "depth": 6}))[0]
        assert "from 1 to 5" in depth["error"]


async def test_an_edit_on_disk_is_seen_by_find_callers(tmp_path):
    root = shop(tmp_path)
    async with connect(root) as client:
        audit = await key_of_id(client, "M:Shop.Core.Store.Audit(System.String)")
        before = await ok(client, "find_callers", {"symbolKey": audit})
        assert list(sites_by_caller(before)) == ["Shop.Core.Store.Save(Item)"]

        item = root / "Core" / "Item.cs"
        item.write_text(item.read_text().replace(
            "public void Put(int value) { }", 'public void Put(int value) { Audit("put"); }'))
        time.sleep(WATCH_SETTLE)
        after = await ok(client, "find_callers", {"symbolKey": audit, "responseDetail": "full"})
        assert sites_by_caller(after) == {
            "Shop.Core.Store.Save(Item)": [(30, "call", True)],
            "Shop.Core.Store.Put(int)": [(34, "call", True)],
        }
        assert after["responseDiagnostics"]["revision"] > 0
        # The key taken before the edit still names the same method.
        assert after["symbolKey"] == audit
