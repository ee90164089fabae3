"""The deployable web app's files, checked without a browser: the Pages workflow, the web
manifest and its icons, the service worker's build step, the page's CSP-clean markup and the
local server's compression. (The browser side is in e2e/test_offline.py.)"""

from __future__ import annotations

import doctest
import gzip
import json
import re
import struct
import sys
import urllib.error
import urllib.request
from html.parser import HTMLParser
from pathlib import Path

import pytest
import yaml

from mastermind.page.solo import peg_ink
from mastermind.palette import CATALOG

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))
import imports
import serve
import service_worker

# --- .github/workflows/pages.yml -------------------------------------------------------------


@pytest.fixture(scope="module")
def workflow() -> dict:
    return yaml.safe_load((ROOT / ".github" / "workflows" / "pages.yml").read_text())


def steps(job: dict) -> list[dict]:
    return job["steps"]


def test_workflow_tests_every_push_and_pull_request_with_make_test(workflow):
    triggers = workflow.get("on", workflow.get(True))  # YAML 1.1 reads a bare `on` as true
    assert "push" in triggers and "pull_request" in triggers
    assert not (triggers["push"] or {}).get("branches"), "every branch is tested, not only main"
    test = workflow["jobs"]["test"]
    assert "needs" not in test and "if" not in test
    runs = [step["run"] for step in steps(test) if "run" in step]
    assert runs == ["bash .ci/run"], runs
    ci_run = (ROOT / ".ci" / "run").read_text()
    assert re.search(r"^make test </dev/null$", ci_run, re.MULTILINE), ci_run
    # .ci/run installs Chromium with apt-get, which needs a Debian image and root.
    assert re.fullmatch(r"python:3\.\d+-(bookworm|trixie)", test["container"])


def test_make_test_runs_every_kind_of_test():
    makefile = (ROOT / "Makefile").read_text()
    prerequisites = re.search(r"^test:(.*)$", makefile, re.MULTILINE).group(1).split()
    assert {"unit", "unit-pyodide", "e2e"} <= set(prerequisites), prerequisites
    assert prerequisites.index("unit") < prerequisites.index("e2e")


@pytest.mark.parametrize(("job", "target"), [("mutation", "make mutation"), ("mutation-engine", "make mutation-engine")])
def test_workflow_runs_mutation_testing_apart_on_pull_requests_and_a_schedule(workflow, job, target):
    triggers = workflow.get("on", workflow.get(True))
    assert triggers["schedule"] and all("cron" in entry for entry in triggers["schedule"])
    mutation = workflow["jobs"][job]
    assert mutation["if"] == "github.event_name == 'pull_request' || github.event_name == 'schedule'"
    assert "needs" not in mutation
    assert [step["run"] for step in steps(mutation) if "run" in step] == [target]
    # Off the deploy's path: no job waits for it (`needs` is a job's name or a list of them).
    waited_for = [other.get("needs", []) for other in workflow["jobs"].values()]
    assert all(job not in ([needs] if isinstance(needs, str) else needs) for needs in waited_for)
    assert not re.search(r"^test:.*mutation", (ROOT / "Makefile").read_text(), re.MULTILINE), "make test never runs it"


def test_workflow_builds_with_make_site_only_on_main_after_the_tests_pass(workflow):
    build = workflow["jobs"]["build"]
    assert build["needs"] == "test"
    assert build["if"] == "github.event_name == 'push' && github.ref == 'refs/heads/main'"
    runs = [step["run"] for step in steps(build) if "run" in step]
    assert any(re.search(r"^make site$", run, re.MULTILINE) for run in runs), runs


def test_workflow_deploys_the_built_folder_with_the_official_actions(workflow):
    build, deploy = workflow["jobs"]["build"], workflow["jobs"]["deploy"]
    used = [step.get("uses", "").split("@")[0] for step in steps(build)]
    assert used.index("actions/configure-pages") < used.index("actions/upload-pages-artifact")
    upload = next(step for step in steps(build) if step.get("uses", "").startswith("actions/upload-pages-artifact"))
    assert upload["with"]["path"] == "_site"
    assert deploy["needs"] == "build"
    assert [step["uses"].split("@")[0] for step in steps(deploy)] == ["actions/deploy-pages"]
    # Only the deployment may write to Pages; a pull request's run gets a read-only token.
    assert workflow["permissions"] == {"contents": "read"}
    assert deploy["permissions"] == {"pages": "write", "id-token": "write"}


# --- static/manifest.webmanifest and its icons -----------------------------------------------


def png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    return struct.unpack(">II", data[16:24])


def test_manifest_is_installable_under_any_sub_path():
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert manifest["name"] and manifest["short_name"]
    assert manifest["display"] == "standalone"
    assert re.fullmatch(r"#[0-9a-f]{6}", manifest["theme_color"])
    # The manifest lives in static/: "../" is the page's folder, wherever the site is served.
    assert manifest["start_url"] == manifest["scope"] == "../"
    icons = {(icon["sizes"], icon["purpose"]): ROOT / "static" / icon["src"] for icon in manifest["icons"]}
    assert set(icons) == {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")}
    for (sizes, _), path in icons.items():
        assert "x".join(map(str, png_size(path))) == sizes, path


def test_page_theme_colour_matches_the_manifest():
    manifest = json.loads((ROOT / "static" / "manifest.webmanifest").read_text())
    assert f'<meta name="theme-color" content="{manifest["theme_color"]}">' in (ROOT / "index.html").read_text()


# --- index.html: what the Content-Security-Policy allows ---------------------------------------


class Markup(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.tags: list[tuple[str, dict[str, str | None]]] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self.tags.append((tag, dict(attrs)))


@pytest.fixture(scope="module")
def page_tags() -> list[tuple[str, dict[str, str | None]]]:
    parser = Markup()
    parser.feed((ROOT / "index.html").read_text())
    return parser.tags


def test_page_has_a_strict_content_security_policy(page_tags):
    metas = [attrs for tag, attrs in page_tags if tag == "meta" and attrs.get("http-equiv") == "Content-Security-Policy"]
    assert len(metas) == 1
    policy = dict(part.strip().split(" ", 1) for part in metas[0]["content"].split(";"))
    assert policy == {
        "default-src": "'none'",
        "script-src": "'self' 'wasm-unsafe-eval'",
        **dict.fromkeys(["style-src", "connect-src", "img-src", "manifest-src", "worker-src"], "'self'"),
        **dict.fromkeys(["object-src", "base-uri", "form-action"], "'none'"),
        "require-trusted-types-for": "'script'",
        "trusted-types": "default",
    }
    security = (ROOT / "docs" / "security.md").read_text()
    assert all(f"`{directive}" in security for directive in policy), "docs/security.md gives each directive's reason"
    first = next(i for i, (tag, _) in enumerate(page_tags) if tag in ("script", "link", "style"))
    assert page_tags.index(("meta", metas[0])) < first, "the policy must come before what it governs"


def test_the_trusted_types_policy_runs_before_any_other_script(page_tags):
    scripts = [attrs for tag, attrs in page_tags if tag == "script"]
    assert scripts[0] == {"src": "static/trusted-types.js"}, "a classic script, run before the page's modules"


def test_page_has_no_inline_script_handler_or_style(page_tags):
    for tag, attrs in page_tags:
        assert not [name for name in attrs if name.startswith("on")], (tag, attrs)
        assert "style" not in attrs, (tag, attrs)
        assert tag != "style"
        if tag == "script":
            assert attrs.get("src"), "an inline script would be refused by the CSP"


def test_page_links_the_manifest_and_registers_the_worker_without_delaying_start(page_tags):
    links = {attrs["rel"]: attrs["href"] for tag, attrs in page_tags if tag == "link"}
    assert links["manifest"] == "static/manifest.webmanifest"
    register = next(attrs for tag, attrs in page_tags if tag == "script" and attrs.get("src") == "static/sw-register.js")
    assert "defer" in register or register.get("type") == "module"
    banner = next(attrs for tag, attrs in page_tags if attrs.get("id") == "update-banner")
    assert "hidden" in banner


def test_pegs_written_in_the_page_have_the_palettes_colours():
    """index.html's pegs take their colours from classes (no style attribute under the CSP): the
    standard colour, unless the Colours setting's look defines its custom property."""
    css = (ROOT / "static" / "style.css").read_text()
    for color in CATALOG[:6]:
        name = color.name.lower()
        rule = re.search(rf"\.peg-{name} \{{ --peg: var\(--colour-{name}, (#\w+)\); --peg-ink: var\(--colour-{name}-ink, (#\w+)\); \}}", css)
        assert rule and rule.groups() == (color.css, peg_ink(color)), color


# --- tools/imports.py ------------------------------------------------------------------------


def test_imports_doctests():
    assert doctest.testmod(imports).failed == 0


def test_imports_are_followed_into_functions_but_not_into_branches_that_never_run():
    library = {
        "page": ("import a\ndef later():\n    from b import thing\n", False),
        "a": ("import sys\nif sys.platform == 'win32':\n    import windows\nelse:\n    import posixy\n", False),
        "b": ("from . import c\nif __name__ == '__main__':\n    import doctest\n", True),
        "b.c": ("", False),
        "posixy": ("", False), "windows": ("", False), "doctest": ("", False), "thing": ("", False),
    }
    assert imports.closure(["page"], library.get) == {"page", "a", "b", "b.c", "posixy"}
    assert imports.imported(library["page"][0], "page", False, eager=True) == {"a"}


# --- tools/service_worker.py -------------------------------------------------------------------


def make_site(folder: Path) -> Path:
    for name, text in {"index.html": "page", "static/app.py": "app", "vendor/x.wasm": "w", ".nojekyll": ""}.items():
        (folder / name).parent.mkdir(parents=True, exist_ok=True)
        (folder / name).write_text(text)
    return folder


def test_service_worker_precaches_every_file_under_its_revision(tmp_path):
    site = make_site(tmp_path)
    version = service_worker.write(site)
    script = (site / "sw.js").read_text()
    assert "__" not in script.split("self.addEventListener")[0], "a placeholder was left"
    listed = json.loads(re.search(r"const FILES = (\{.*?\});", script, re.DOTALL).group(1))
    assert listed == {
        "./": service_worker.revision(b"page"),
        "static/app.py": service_worker.revision(b"app"),
        "vendor/x.wasm": service_worker.revision(b"w"),
    }
    assert re.fullmatch(r"[0-9a-f]{16}", listed["./"])
    assert json.loads((site / "build.json").read_text()) == {"version": version}

    assert service_worker.write(site) == version, "the same files give the same build"
    (site / "static" / "app.py").write_text("app, changed")
    assert service_worker.write(site) != version, "a changed file is a new build"
    changed = json.loads(re.search(r"const FILES = (\{.*?\});", (site / "sw.js").read_text(), re.DOTALL).group(1))
    assert {name for name in listed if changed[name] != listed[name]} == {"static/app.py"}, "only its revision moves"


def test_service_worker_revision_doctests():
    assert doctest.testmod(service_worker).failed == 0


# --- tools/serve.py ----------------------------------------------------------------------------


def test_serve_doctests():
    assert doctest.testmod(serve).failed == 0


@pytest.mark.cpython_only(reason="serves over a socket (the build tools run in CPython only)")
@pytest.mark.parametrize("compress", [True, False])
def test_server_gzips_text_and_wasm_when_allowed(tmp_path, compress):
    site = make_site(tmp_path)
    wasm = bytes(range(256)) * 64
    (site / "vendor" / "x.wasm").write_bytes(wasm)
    (site / "icon.png").write_bytes(b"\x89PNG not compressible")
    server = serve.start(site, compress=compress)
    base = f"http://127.0.0.1:{server.server_port}/"

    def get(path: str, encoding: str) -> tuple[str | None, bytes]:
        request = urllib.request.Request(base + path, headers={"Accept-Encoding": encoding})
        with urllib.request.urlopen(request) as response:
            return response.headers["Content-Encoding"], response.read()

    try:
        assert server.sent == []
        encoding, body = get("vendor/x.wasm", "gzip, deflate")
        assert encoding == ("gzip" if compress else None)
        assert (gzip.decompress(body) if compress else body) == wasm
        encoding, body = get("", "gzip")  # the folder's index.html
        assert (gzip.decompress(body) if compress else body) == b"page"
        assert get("vendor/x.wasm", "identity") == (None, wasm)
        assert get("icon.png", "gzip")[0] is None
        assert [status for _, status, _ in server.sent] == [200] * 4, server.sent
        assert server.sent[0] == ("/vendor/x.wasm", 200, len(gzip.compress(wasm, 6, mtime=0)) if compress else len(wasm))
    finally:
        server.shutdown()


@pytest.mark.cpython_only(reason="serves over a socket (the build tools run in CPython only)")
@pytest.mark.parametrize("compress", [True, False])
def test_server_can_let_browsers_keep_files_as_github_pages_does(tmp_path, compress):
    site = make_site(tmp_path)
    server = serve.start(site, compress=compress, max_age=600)
    url = f"http://127.0.0.1:{server.server_port}/static/app.py"
    try:
        with urllib.request.urlopen(url) as response:
            assert response.headers["Cache-Control"] == "max-age=600"
            etag = response.headers["ETag"]
        with pytest.raises(urllib.error.HTTPError) as unchanged:
            urllib.request.urlopen(urllib.request.Request(url, headers={"If-None-Match": etag}))
        assert unchanged.value.code == 304
        (site / "static" / "app.py").write_text("app, changed")
        with urllib.request.urlopen(urllib.request.Request(url, headers={"If-None-Match": etag})) as response:
            assert response.read() == b"app, changed" and response.headers["ETag"] != etag
        assert [status for _, status, _ in server.sent] == [200, 304, 200]
    finally:
        server.shutdown()
