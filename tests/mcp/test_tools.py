"""Every tool on the bundled example solution: answers, paging, scopes, path styles and every error code."""

import base64

import pytest

from conftest import EXAMPLES, call, connect, fails, key_of, ok

pytestmark = pytest.mark.anyio

DATA = EXAMPLES / "src" / "Bookstore.Data"


async def test_server_status_lists_the_projects():
    async with connect(EXAMPLES / "Bookstore.sln") as client:
        await ok(client, "search_symbols", {"query": "Book"})  # waits until indexed
        status = await ok(client, "server_status", {"responseDetail": "full"})
        assert status["workspaceRoot"] == str(EXAMPLES.resolve())
        assert status["workspaceKind"] == "solution"
        assert status["indexState"] == "ready"
        names = [p["name"] for p in status["projects"]]
        assert names == ["Bookstore.Domain", "Bookstore.Data", "Bookstore.App"]
        assert all(p["fileCount"] > 0 for p in status["projects"])
        assert status["fileCount"] == sum(p["fileCount"] for p in status["projects"])
        assert status["watcher"]["state"] == "watching"
        assert status["responseDiagnostics"]["revision"] == status["revision"]
        # Every project's framework comes from somewhere: found on this machine, else a built-in
        # surface chosen by its target framework; what is missing says why.
        for project in status["projects"]:
            refs = project["references"]
            assert refs["frameworks"] or refs["builtinSurface"]
            assert all(m["reason"] and m["kind"] in ("framework", "package", "assembly") for m in refs["missing"])
            assert project["missingReferences"] == len(refs["missing"])
        by_name = {p["name"]: p["references"] for p in status["projects"]}
        if not by_name["Bookstore.Data"]["frameworks"]:
            assert "Core" in by_name["Bookstore.Data"]["builtinSurface"]
        if not by_name["Bookstore.Domain"]["frameworks"]:
            assert "Framework" in by_name["Bookstore.Domain"]["builtinSurface"]
        page = await ok(client, "server_status", {"skip": 1, "take": 1, "pathStyle": "relative", "responseDetail": "full"})
        assert [p["name"] for p in page["projects"]] == ["Bookstore.Data"]
        assert page["projects"][0]["path"] == "src/Bookstore.Data/Bookstore.Data.csproj"
        # By default a project is its name, framework and counts: a hundred projects stay a short answer.
        compact = await ok(client, "server_status", {"skip": 1, "take": 1})
        assert compact["projects"] == [{key: page["projects"][0][key] for key in ("name", "targetFramework", "fileCount", "missingReferences")}]
        assert page["projectPaging"] == {"skip": 1, "take": 1, "returned": 1, "total": 3, "nextSkip": 2}


async def test_search_symbols_ranks_and_pages():
    async with connect(EXAMPLES) as client:
        found = await ok(client, "search_symbols", {"query": "BookRepository"})
        first = found["symbols"][0]
        assert first["name"] == "BookRepository"
        assert first["fullName"] == "Bookstore.Data.BookRepository"
        assert first["kind"] == "class"
        assert first["symbolKey"].startswith("csn1.")
        assert first["filePath"] == str(DATA / "BookRepository.cs")
        assert (first["lineNumber"], first["column"]) == (6, 14)
        assert "documentationId" not in first
        names = [s["name"] for s in found["symbols"]]
        assert "CachedBookRepository" in names

        page = await ok(client, "search_symbols", {"query": "Book", "take": 2})
        assert page["paging"]["returned"] == 2 and page["paging"]["nextSkip"] == 2
        rest = await ok(client, "search_symbols", {"query": "Book", "skip": 2, "take": 500})
        assert rest["paging"]["total"] == page["paging"]["total"]
        assert not {s["symbolKey"] for s in page["symbols"]} & {s["symbolKey"] for s in rest["symbols"]}

        only = await ok(client, "search_symbols", {"query": "Repository", "kinds": ["interface"]})
        assert only["symbols"] and all(s["kind"] == "interface" for s in only["symbols"])


async def test_search_scopes():
    async with connect(EXAMPLES) as client:
        by_project = await ok(client, "search_symbols", {"query": "Book", "take": 500, "responseDetail": "full",
                                                         "scope": {"mode": "project", "projectName": "Bookstore.Data"}})
        assert by_project["symbols"] and all(s["projectName"] == "Bookstore.Data" for s in by_project["symbols"])
        by_document = await ok(client, "search_symbols", {"query": "Book", "pathStyle": "relative", "take": 500,
                                                          "scope": {"mode": "document", "filePath": "src/Bookstore.Data/BookRepository.cs"}})
        assert by_document["symbols"]
        assert {s["filePath"] for s in by_document["symbols"]} == {"src/Bookstore.Data/BookRepository.cs"}
        by_prefix = await ok(client, "search_symbols", {"query": "Book", "take": 500,
                                                        "scope": {"mode": "pathPrefix", "pathPrefix": str(DATA)}})
        assert by_prefix["symbols"] and all(s["filePath"].startswith(str(DATA)) for s in by_prefix["symbols"])


async def test_resolve_symbol_selectors():
    async with connect(EXAMPLES) as client:
        by_full = await ok(client, "resolve_symbol", {"fullName": "Bookstore.Data.BookRepository", "responseDetail": "full"})
        assert by_full["resolved"] is True
        assert by_full["symbol"]["documentationId"] == "T:Bookstore.Data.BookRepository"
        assert by_full["symbol"]["projectName"] == "Bookstore.Data"
        by_doc = await ok(client, "resolve_symbol", {"documentationId": "T:Bookstore.Data.BookRepository"})
        assert by_doc["symbolKey"] == by_full["symbolKey"]
        by_name = await ok(client, "resolve_symbol", {"name": "BookRepository", "kind": "class"})
        assert by_name["symbolKey"] == by_full["symbolKey"]
        overloads = await ok(client, "resolve_symbol", {"fullName": "Bookstore.Data.BookRepository.Search"})
        assert overloads["resolved"] is False and overloads["candidateCount"] == 2
        limited = await ok(client, "resolve_symbol", {"name": "Search", "maxCandidates": 1})
        assert limited["resolved"] is False and len(limited["candidates"]) == 1


async def test_symbol_at_position_finds_declarations_and_references():
    async with connect(EXAMPLES) as client:
        # `public class BookRepository : RepositoryBase<Book>, IBookQueries` (line 6)
        at_name = await ok(client, "get_symbol_at_position",
                           {"filePath": "src/Bookstore.Data/BookRepository.cs", "line": 6, "column": 16})
        assert at_name["found"] and at_name["symbol"]["fullName"] == "Bookstore.Data.BookRepository"
        at_base = await ok(client, "get_symbol_at_position",
                           {"filePath": str(DATA / "BookRepository.cs"), "line": 6, "column": 33})
        assert at_base["symbol"]["name"].startswith("RepositoryBase")
        nothing = await ok(client, "get_symbol_at_position",
                           {"filePath": "src/Bookstore.Data/BookRepository.cs", "line": 2, "column": 1})
        assert nothing["found"] is False and nothing["symbol"] is None


async def test_type_hierarchy_of_a_class_and_an_interface():
    async with connect(EXAMPLES) as client:
        cached = await key_of(client, "Bookstore.Data.CachedBookRepository")
        hierarchy = await ok(client, "get_type_hierarchy", {"symbolKey": cached})
        bases = [b["fullName"] for b in hierarchy["baseTypes"]]
        assert bases[0] == "Bookstore.Data.BookRepository"
        assert bases[1].startswith("Bookstore.Data.RepositoryBase")
        assert bases[-1] == "System.Object" and hierarchy["baseTypes"][-1]["isExternal"] is True
        assert hierarchy["baseTypes"][0]["symbolKey"].startswith("csn1.")
        assert any(i["fullName"].startswith("Bookstore.Domain.IRepository") for i in hierarchy["interfaces"])
        assert hierarchy["derivedTypes"] == [] and hierarchy["derivedPaging"]["total"] == 0

        base = await key_of(client, "Bookstore.Data.RepositoryBase<T>")
        derived = await ok(client, "get_type_hierarchy", {"symbolKey": base, "includeBaseTypes": False,
                                                          "includeInterfaces": False})
        assert derived["baseTypes"] == [] and derived["interfaces"] == []
        by_name = {d["name"]: d for d in derived["derivedTypes"]}
        assert by_name["BookRepository"]["isDirect"] is True
        assert by_name["CachedBookRepository"]["isDirect"] is False
        assert by_name["BookRepository"]["relation"] == "subclass"

        paged = await ok(client, "get_type_hierarchy", {"symbolKey": base, "derivedTake": 1})
        assert paged["derivedPaging"] == {"skip": 0, "take": 1, "returned": 1, "total": 2, "nextSkip": 1}

        entity = await key_of(client, "Bookstore.Domain.IEntity")
        implementers = await ok(client, "get_type_hierarchy", {"symbolKey": entity})
        assert [(d["name"], d["relation"]) for d in implementers["derivedTypes"]] == [("Book", "implementation")]

        reads = await key_of(client, "Bookstore.Domain.IReadRepository<T>")
        everywhere = await ok(client, "get_type_hierarchy", {"symbolKey": reads})
        in_data = await ok(client, "get_type_hierarchy", {"symbolKey": reads,
                                                          "scope": {"mode": "project", "projectName": "Bookstore.Data"}})
        assert "derivedInterface" in {d["relation"] for d in everywhere["derivedTypes"]}
        assert 0 < in_data["derivedPaging"]["total"] < everywhere["derivedPaging"]["total"]


async def test_error_codes():
    async with connect(EXAMPLES) as client:
        await fails(client, "get_type_hierarchy", {"symbolKey": "Bookstore.Data.BookRepository"}, "invalid_symbol_key")
        gone = "csn1." + base64.urlsafe_b64encode(b"Bookstore.Data\0T:Bookstore.Data.BookRepositoryV2").decode().rstrip("=")
        not_found = await fails(client, "get_type_hierarchy", {"symbolKey": gone}, "symbol_not_found")
        assert any("BookRepository" in s for s in not_found["suggestions"])
        method = (await ok(client, "search_symbols", {"query": "ByGenre", "kinds": ["method"]}))["symbols"][0]["symbolKey"]
        wrong = await fails(client, "get_type_hierarchy", {"symbolKey": method}, "wrong_symbol_kind")
        assert any("Bookstore.Data.BookRepository" in s for s in wrong["suggestions"])
        namespace = "csn1." + base64.urlsafe_b64encode(b"Bookstore.Data\0N:Bookstore.Data").decode().rstrip("=")
        await fails(client, "get_type_hierarchy", {"symbolKey": namespace}, "unsupported_symbol")
        await fails(client, "get_symbol_at_position", {"filePath": "README.md", "line": 1, "column": 1}, "source_unavailable")
        await fails(client, "resolve_symbol", {"fullName": "No.Such.Type"}, "symbol_not_found")


async def test_invalid_arguments_name_the_argument():
    async with connect(EXAMPLES) as client:
        cases = [
            ("search_symbols", {}, "query"),
            ("search_symbols", {"query": "Book", "take": 100000}, "take"),
            ("search_symbols", {"query": "Book", "kinds": ["klass"]}, "kinds"),
            ("search_symbols", {"query": "Book", "pathStyle": "dos"}, "pathStyle"),
            ("search_symbols", {"query": "Book", "responseDetail": "verbose"}, "responseDetail"),
            ("search_symbols", {"query": "Book", "scope": {"mode": "project"}}, "scope.projectName"),
            ("search_symbols", {"query": "Book", "scope": {"mode": "document"}}, "scope.filePath"),
            ("search_symbols", {"query": "Book", "scope": {"mode": "pathPrefix"}}, "scope.pathPrefix"),
            ("search_symbols", {"query": "Book", "scope": {"mode": "project", "projectName": "Nope"}}, "scope.projectName"),
            ("search_symbols", {"query": "Book", "symbolkey": "x"}, "symbolkey"),
            ("resolve_symbol", {}, "fullName"),
            ("resolve_symbol", {"fullName": "A", "name": "B"}, "name"),
            ("get_type_hierarchy", {}, "symbolKey"),
            ("get_type_hierarchy", {"symbolKey": "csn1.x", "derivedTake": -1}, "symbolKey"),
            ("get_symbol_at_position", {"filePath": "src/Bookstore.Data/BookRepository.cs", "line": 9999, "column": 1}, "line"),
            ("get_symbol_at_position", {"filePath": "src/Bookstore.Data/BookRepository.cs", "line": 1, "column": 999}, "column"),
        ]
        for tool, arguments, parameter in cases:
            result, is_error = await call(client, tool, arguments)
            assert is_error, (tool, arguments, result)
            assert result["parameter"] == parameter, (tool, arguments, result)
            assert result["errorCode"] in ("invalid_arguments", "invalid_symbol_key"), result


async def test_paths_outside_the_workspace_are_rejected():
    async with connect(EXAMPLES) as client:
        for path in ["../../etc/passwd", "/etc/passwd", "src/../../README.md"]:
            await fails(client, "get_symbol_at_position", {"filePath": path, "line": 1, "column": 1}, "invalid_arguments")
            await fails(client, "search_symbols", {"query": "x", "scope": {"mode": "pathPrefix", "pathPrefix": path}},
                        "invalid_arguments")
