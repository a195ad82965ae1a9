"""batch: independent calls of any tool on one snapshot, each with its own success or error, within one
bounded answer: successes fill maxDetailChars and later ones are summaries, failures keep a bounded summary,
and what the hard limit cuts from a failure is named by failureDetailsOmitted."""

import json

import pytest

from conftest import EXAMPLES, connect, fails, ok
from test_budget import BUDGET_CHARS, big_workspace

pytestmark = pytest.mark.anyio


async def test_good_and_failing_operations_each_answer_for_themselves_on_one_revision():
    async with connect(EXAMPLES) as client:
        key = (await ok(client, "resolve_symbol", {"fullName": "Bookstore.Data.RepositoryBase<T>"}))["symbolKey"]
        direct = await ok(client, "get_type_hierarchy", {"symbolKey": key, "pathStyle": "relative"})
        answer = await ok(client, "batch", {"pathStyle": "relative", "operations": [
            {"tool": "get_type_hierarchy", "id": "hierarchy", "args": {"symbolKey": key}},
            {"tool": "find_callers", "id": 7, "args": {"symbolKey": "not-a-key"}},
            {"tool": "find_everything", "args": {}},
            {"tool": "batch", "args": {"operations": [{"tool": "server_status"}]}},
            {"tool": "search_symbols", "args": {"query": "Book", "pathStyle": "absolute"}},
            {"tool": "resolve_symbol", "args": {"fullName": "Bookstore.Data.RepositoryBase<T>"}},
        ]})
        ops = answer["operations"]
        assert [(op["index"], op.get("id"), op["tool"], op["success"]) for op in ops] == [
            (0, "hierarchy", "get_type_hierarchy", True), (1, 7, "find_callers", False),
            (2, None, "find_everything", False), (3, None, "batch", False),
            (4, None, "search_symbols", True), (5, None, "resolve_symbol", True)]
        # A result is the direct call's answer; the batch's pathStyle applies unless an operation sets its own.
        assert ops[0]["result"] == direct
        assert ops[4]["result"]["symbols"][0]["filePath"].startswith("/")
        assert ops[5]["result"]["symbolKey"] == key
        # Failures carry the tools' error shape.
        assert ops[1]["errorCode"] == "invalid_symbol_key" and ops[1]["parameter"] == "symbolKey"
        assert ops[2]["errorCode"] == "invalid_arguments" and ops[2]["parameter"] == "operations[2].tool"
        assert "unknown tool 'find_everything'" in ops[2]["error"] and "find_callers" in ops[2]["suggestions"][0]
        assert "batch cannot run inside a batch" in ops[3]["error"]
        assert all(op["suggestions"] for op in ops if not op["success"])
        assert (answer["succeeded"], answer["failed"], answer["sizeLimited"]) == (3, 3, False)
        status = await ok(client, "server_status")
        assert answer["revision"] == status["revision"]


async def test_a_malformed_batch_is_one_error():
    async with connect(EXAMPLES) as client:
        await fails(client, "batch", {"operations": []}, "invalid_arguments")
        await fails(client, "batch", {"operations": [{"tool": "server_status"}] * 51}, "invalid_arguments")
        await fails(client, "batch", {"operations": "server_status"}, "invalid_arguments")


async def test_past_the_detail_budget_later_results_are_summaries_and_failures_stay(tmp_path):
    async with connect(big_workspace(tmp_path)) as client:
        run = (await ok(client, "resolve_symbol", {"fullName": "Big.Target.Run()"}))["symbolKey"]
        answer = await ok(client, "batch", {"operations": [
            {"tool": "resolve_symbol", "args": {"fullName": "Big.Target"}},
            {"tool": "find_callers", "args": {"symbolKey": run}},
            {"tool": "get_type_hierarchy", "args": {"symbolKey": run}},
            {"tool": "search_symbols", "args": {"query": "Target"}},
        ]})
        assert len(json.dumps(answer)) < BUDGET_CHARS
        first, callers, wrong_kind, search = answer["operations"]
        assert first["result"]["resolved"] is True
        # find_callers' own answer (about 60,000 characters) does not fit what is left of the 60,000 default.
        assert callers["resultOmitted"] is True and callers["resultChars"] > 50_000
        assert callers["summary"]["callerCount"] == 300 and callers["summary"]["callers"] > 0
        assert callers["summary"]["sizeLimited"] is True and "nextSkip" in callers["summary"]["paging"]
        assert wrong_kind["success"] is False and wrong_kind["errorCode"] == "wrong_symbol_kind"
        assert wrong_kind["error"] and wrong_kind["suggestions"] and "failureDetailsOmitted" not in wrong_kind
        # Once one result is summarized, the later ones are too, even small ones.
        assert search["resultOmitted"] is True and search["summary"]["symbols"] == 1
        assert answer["sizeLimited"] is True and (answer["succeeded"], answer["failed"]) == (3, 1)

        small = await ok(client, "batch", {"maxDetailChars": 0, "operations": [
            {"tool": "resolve_symbol", "args": {"fullName": "Big.Target"}}]})
        assert small["operations"][0]["resultOmitted"] is True
        assert small["operations"][0]["summary"]["resolved"] is True


async def test_the_hard_limit_omits_failure_details_and_names_them():
    # Each unknown argument is echoed in the error and its suggestion: 50 failures of about 1,500
    # characters each, bounded, are more than the hard limit holds.
    long_name = "x" * 3_000
    async with connect(EXAMPLES) as client:
        answer = await ok(client, "batch", {"operations": [
            {"tool": "server_status", "args": {long_name: 1}} for _ in range(50)]})
        assert len(json.dumps(answer)) < BUDGET_CHARS
        ops = answer["operations"]
        assert all(op["errorCode"] == "invalid_arguments" and len(op["parameter"]) <= 101 for op in ops)
        # Shortened messages still come first, then only errorCode and parameter.
        assert ops[0]["failureDetailsOmitted"] == ["error", "suggestions"] and ops[0]["error"].endswith("…")
        assert "error" not in ops[-1] and "suggestions" not in ops[-1]
        assert ops[-1]["failureDetailsOmitted"] == ["error", "suggestions"]
        assert answer["failed"] == 50 and answer["sizeLimited"] is True
