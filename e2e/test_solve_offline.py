"""Solve mode offline: after one visit, the service worker serves everything Solve needs, the
engine's worker and what it loads included."""

from __future__ import annotations

import re

from playwright.sync_api import expect

from .test_offline import context, csp_violations, install, served  # noqa: F401 (fixtures)
from .test_solve import Solver


def test_solve_works_offline_after_one_visit(install, context, served):  # noqa: F811 (fixtures)
    _, url, _ = served
    game = install(context, "?mode=solve")
    Solver(game).wait()  # answered: the engine's worker has loaded (going offline mid-load would abort its requests)
    context.set_offline(True)
    served_by = []
    game.page.on("response", lambda response: served_by.append((response.url, response.from_service_worker)))
    game.page.goto(url + "?mode=solve&offline=1")
    solver = Solver(game).wait()
    solver.add("BBGO", 1, 1)
    solver.ready()
    expect(solver.left).to_have_text(re.compile(r"^230 codes left"))
    expect(solver.suggestion).to_contain_text("Use suggestion")
    # answered by the engine's worker, whose Pyodide and package the service worker served too
    assert [worker for worker in game.page.workers if worker.url.endswith("static/engine-worker.mjs")]
    expect(solver.status).not_to_contain_text("could not start")
    assert served_by and all(from_worker for _, from_worker in served_by), served_by
    assert game.problems() == [] and csp_violations(game) == []
