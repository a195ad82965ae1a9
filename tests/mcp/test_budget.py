"""Bounded answers: a default answer stays within the budget (20,000 tokens, estimated as 80,000
characters of JSON), says what it left out and how to page, and unresolved call sites are paged."""

import json

import pytest

from conftest import SDK_PROJECT, connect, ok, write_workspace

pytestmark = pytest.mark.anyio

CALLERS = 300
SITES_PER_CALLER = 60
UNRESOLVED = 240
BUDGET_CHARS = 80_000


def big_workspace(root):
    resolved = "\n".join(
        f"    public void Caller{i}(Target t) {{ {' '.join(['t.Run();'] * SITES_PER_CALLER)} }}" for i in range(CALLERS))
    # `Missing` is declared nowhere: each `m.Run()` is an unresolved candidate site of Target.Run.
    unresolved = "\n".join(f"    public void Guess{i}(Missing m) {{ m.Run(); }}" for i in range(UNRESOLVED))
    return write_workspace(root, {
        "Big/Big.csproj": SDK_PROJECT,
        "Big/Target.cs": "namespace Big;\npublic class Target { public void Run() { } public void Run(int times) { } }\n",
        "Big/Callers.cs": f"namespace Big;\npublic class Callers\n{{\n{resolved}\n}}\n",
        "Big/Guesses.cs": f"namespace Big;\npublic class Guesses\n{{\n{unresolved}\n}}\n",
    })


async def test_a_default_answer_stays_within_the_budget_and_says_how_to_page(tmp_path):
    async with connect(big_workspace(tmp_path)) as client:
        run = (await ok(client, "resolve_symbol", {"fullName": "Big.Target.Run()"}))["symbolKey"]
        answer = await ok(client, "find_callers", {"symbolKey": run})
        assert len(json.dumps(answer)) < BUDGET_CHARS
        assert answer["callerCount"] == CALLERS and answer["sizeLimited"] is True
        assert answer["paging"]["nextSkip"] == answer["paging"]["returned"] < CALLERS
        assert all(len(c["callSites"]) == 50 and c["callSiteCount"] == SITES_PER_CALLER for c in answer["callers"])
        assert answer["unresolvedCallSiteCount"] == UNRESOLVED
        unresolved = answer["unresolvedPaging"]
        # 50 by default, fewer when the sites' share of the budget (16,000 characters) is used up first.
        assert 0 < unresolved["returned"] == len(answer["unresolvedCallSites"]) <= 50
        assert unresolved["nextSkip"] == unresolved["returned"]
        # The unresolved `m.Run()` sites are candidates for both overloads: the answer names the other one.
        assert [o["fullName"] for o in answer["unresolvedSharedWith"]] == ["Big.Target.Run(int)"]
        omitted = answer["omitted"]
        assert any(f"skip {answer['paging']['nextSkip']}" in note for note in omitted), omitted
        assert any("first 50 call sites" in note for note in omitted), omitted
        assert any(f"unresolvedSkip {unresolved['nextSkip']}" in note for note in omitted), omitted


async def test_unresolved_call_sites_are_paged_to_the_end(tmp_path):
    async with connect(big_workspace(tmp_path)) as client:
        run = (await ok(client, "resolve_symbol", {"fullName": "Big.Target.Run()"}))["symbolKey"]
        seen, skip = [], 0
        while skip is not None:
            page = await ok(client, "find_callers", {"symbolKey": run, "take": 0, "unresolvedSkip": skip,
                                                     "unresolvedTake": 100})
            assert page["callers"] == [] and len(json.dumps(page)) < BUDGET_CHARS
            seen += [(u["lineNumber"], u["caller"]["name"]) for u in page["unresolvedCallSites"]]
            skip = page["unresolvedPaging"]["nextSkip"]
        assert len(seen) == len(set(seen)) == UNRESOLVED
        assert "omitted" not in page
        outgoing_key = (await ok(client, "resolve_symbol", {"fullName": "Big.Guesses.Guess0(Missing)"}))["symbolKey"]
        outgoing = await ok(client, "get_outgoing_calls", {"symbolKey": outgoing_key, "unresolvedTake": 0})
        assert outgoing["unresolvedCallSites"] == [] and outgoing["unresolvedCallSiteCount"] == 1
        assert any("unresolvedSkip 0" in note for note in outgoing["omitted"])


async def test_many_derived_types_are_cut_at_the_budget(tmp_path):
    long = "VeryLongDerivedTypeNameThatKeepsGoingForTheSakeOfTheBudget" * 2
    derived = "\n".join(f"public class {long}{i} : Base {{ }}" for i in range(400))
    root = write_workspace(tmp_path, {"H/H.csproj": SDK_PROJECT,
                                      "H/Types.cs": f"namespace H;\npublic class Base {{ }}\n{derived}\n"})
    async with connect(root) as client:
        base = (await ok(client, "resolve_symbol", {"fullName": "H.Base"}))["symbolKey"]
        answer = await ok(client, "get_type_hierarchy", {"symbolKey": base})
        assert len(json.dumps(answer)) < BUDGET_CHARS
        paging = answer["derivedPaging"]
        assert answer["sizeLimited"] is True and paging["total"] == 400
        assert paging["nextSkip"] == paging["returned"] == len(answer["derivedTypes"]) < 200
