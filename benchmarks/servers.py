"""JupyterLab and Voila servers for the browser tests and ``python -m benchmarks latency``.

Each server runs on 127.0.0.1 on a free port, with its own temporary config, data,
runtime and settings directories, serving a temporary copy of ``tests/browser/notebooks``.
It is started and stopped through its own ``Popen`` handle (never by name); its kernels
are shut down with it. If the process dies while starting, the error carries its log.

Used by the benchmarks and by the browser tests (``tests/browser/servers.py`` re-exports
it)::

    with lab_server() as lab:
        page.goto(lab.lab_url("terrace.ipynb"))
"""

from __future__ import annotations

import contextlib
import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

NOTEBOOKS = Path(__file__).resolve().parent.parent / "tests" / "browser" / "notebooks"
"""The small notebooks the servers serve (the game, the counter floor, ...)."""

#: Chromium from Debian (``apt-get install chromium``): Playwright's own download is never used.
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]

#: Experiment only (python -m benchmarks latency --nodelay): turn Nagle's algorithm off on the
#: kernel websockets. tornado leaves it on and jupyter_server never calls set_nodelay.
NODELAY_CONFIG = """\
from jupyter_server.services.kernels.websocket import KernelWebsocketHandler as _H

_open = _H.open


async def _open_nodelay(self, *args, **kwargs):
    self.set_nodelay(True)
    return await _open(self, *args, **kwargs)


if not getattr(_H.open, "_terrace_nodelay", False):
    _open_nodelay._terrace_nodelay = True
    _H.open = _open_nodelay
    print("terrace-widget: TCP_NODELAY on kernel websockets", flush=True)
"""

START_TIMEOUT = 60.0


def chromium_path() -> str:
    return shutil.which("chromium") or "/usr/bin/chromium"


def launch_args() -> dict[str, Any]:
    """Keyword arguments for ``playwright.chromium.launch``."""
    return {"executable_path": chromium_path(), "args": list(CHROMIUM_ARGS)}


def kernel_id_from_ws(url: str) -> str | None:
    """The kernel id in a kernel websocket URL (``/api/kernels/<id>/channels``)."""
    parts = url.split("?")[0].split("/")
    if "kernels" in parts and parts[-1] == "channels":
        return parts[parts.index("kernels") + 1]
    return None


def free_port() -> int:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class ServerError(RuntimeError):
    """A server did not come up (the message includes its log)."""


@dataclass
class Server:
    kind: str  # "lab" or "voila"
    port: int
    token: str
    home: Path  # the temporary directory holding everything below
    root_dir: Path  # the notebooks it serves (a copy)
    runtime_dir: Path  # kernel connection files (Lab)
    log_path: Path
    proc: subprocess.Popen[bytes] | None = field(default=None, repr=False)

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def lab_url(self, notebook: str) -> str:
        return f"{self.url}/lab/tree/{notebook}?reset&token={self.token}"

    def voila_url(self, notebook: str) -> str:
        return f"{self.url}/voila/render/{notebook}"

    def api(self, path: str) -> Any:
        sep = "&" if "?" in path else "?"
        query = f"{sep}token={self.token}" if self.token else ""
        with urllib.request.urlopen(f"{self.url}{path}{query}", timeout=10) as r:
            return json.load(r)

    def check_alive(self) -> None:
        """Raise with the server's log if it has died."""
        code = None if self.proc is None else self.proc.poll()
        if code is not None:
            raise ServerError(f"{self.kind} died (exit code {code}):\n{self.log()}")

    def log(self, tail: int = 6000) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-tail:]
        except OSError:
            return "(no log)"

    def kernel_id(self, notebook: str, timeout: float = 30.0) -> str:
        """The id of the kernel of the Lab session for ``notebook``."""
        deadline = time.monotonic() + timeout
        while True:
            for s in self.api("/api/sessions"):
                if s.get("path", "").endswith(notebook) and s.get("kernel"):
                    return str(s["kernel"]["id"])
            if time.monotonic() > deadline:
                raise ServerError(f"no kernel session for {notebook}\n{self.log()}")
            time.sleep(0.2)

    def connection_file(self, kernel_id: str) -> Path:
        """Lab writes ``runtime/kernel-<id>.json``; Voila a ``runtime/voila_*/`` level lower."""
        name = f"kernel-{kernel_id}.json"
        found = sorted(self.runtime_dir.rglob(name))
        return found[0] if found else self.runtime_dir / name


def _environment(home: Path) -> dict[str, str]:
    env = dict(os.environ)
    dirs = {
        "JUPYTER_CONFIG_DIR": home / "config",
        "JUPYTER_DATA_DIR": home / "data",
        "JUPYTER_RUNTIME_DIR": home / "runtime",
        "JUPYTERLAB_SETTINGS_DIR": home / "lab-settings",
        "JUPYTERLAB_WORKSPACES_DIR": home / "lab-workspaces",
        "IPYTHONDIR": home / "ipython",
    }
    for key, path in dirs.items():
        path.mkdir(parents=True, exist_ok=True)
        env[key] = str(path)
    env.pop("JUPYTER_TOKEN", None)
    env["PYTHONUNBUFFERED"] = "1"
    env.setdefault("PYDEVD_DISABLE_FILE_VALIDATION", "1")
    # No "Jupyter news?" toast or update check over the table.
    notes = home / "lab-settings" / "@jupyterlab" / "apputils-extension"
    notes.mkdir(parents=True, exist_ok=True)
    (notes / "notification.jupyterlab-settings").write_text(
        json.dumps({"fetchNews": "false", "checkForUpdates": False})
    )
    # Every cell stays rendered: with JupyterLab's default windowing, the output of a cell
    # scrolled out of view leaves the DOM, and a table the test already found goes stale.
    tracker = home / "lab-settings" / "@jupyterlab" / "notebook-extension"
    tracker.mkdir(parents=True, exist_ok=True)
    (tracker / "tracker.jupyterlab-settings").write_text(json.dumps({"windowingMode": "none"}))
    return env


def _wait_ready(server: Server, path: str, timeout: float) -> None:
    assert server.proc is not None
    deadline = time.monotonic() + timeout
    url = f"{server.url}{path}"
    while True:
        code = server.proc.poll()
        if code is not None:
            raise ServerError(f"{server.kind} exited ({code}) while starting:\n{server.log()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as r:
                if r.status == 200:
                    return
        except (urllib.error.URLError, ConnectionError, TimeoutError, OSError):
            pass
        if time.monotonic() > deadline:
            raise ServerError(f"{server.kind} not ready after {timeout:.0f} s:\n{server.log()}")
        time.sleep(0.15)


def _stop(proc: subprocess.Popen[bytes]) -> None:
    """SIGTERM by our own handle (the server shuts its kernels down), then SIGKILL."""
    if proc.poll() is not None:
        return
    proc.send_signal(signal.SIGTERM)
    try:
        proc.wait(20)
    except subprocess.TimeoutExpired:
        proc.kill()
        proc.wait(10)


@contextlib.contextmanager
def _server(kind: str, notebooks: Path, nodelay: bool, keep: bool) -> Iterator[Server]:
    home = Path(tempfile.mkdtemp(prefix=f"terrace-{kind}-"))
    root = home / "root"
    shutil.copytree(notebooks, root, ignore=shutil.ignore_patterns(".ipynb_checkpoints"))
    env = _environment(home)
    if nodelay:
        # Lab reads jupyter_server_config.py and Voila reads voila.py from JUPYTER_CONFIG_DIR.
        # (Never in the working directory: `python -m voila` would import voila.py itself.)
        for name in ("jupyter_server_config.py", "voila.py"):
            (home / "config" / name).write_text(NODELAY_CONFIG)
    port = free_port()
    token = secrets.token_hex(16) if kind == "lab" else ""
    common = [
        "--no-browser",
        f"--port={port}",
        "--ServerApp.port_retries=0",
        "--ServerApp.allow_root=True",
    ]
    if kind == "lab":
        cmd = [
            sys.executable, "-m", "jupyterlab", *common,
            "--ServerApp.ip=127.0.0.1",
            f"--ServerApp.root_dir={root}",
            f"--IdentityProvider.token={token}",
            "--LabApp.expose_app_in_browser=True",
            "--JupyterNotebookApp.expose_app_in_browser=True",  # Notebook 7 pages too
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.news_url=",
            "--ServerApp.terminals_enabled=False",
        ]  # fmt: skip
        ready = f"/api/status?token={token}"
    else:
        cmd = [
            sys.executable, "-m", "voila", *common,
            "--Voila.ip=127.0.0.1",
            f"--Voila.connection_dir_root={home / 'runtime'}",
            str(root),
        ]  # fmt: skip
        ready = "/"
    log_path = home / f"{kind}.log"
    server = Server(kind, port, token, home, root, home / "runtime", log_path)
    with open(log_path, "wb") as log:
        server.proc = subprocess.Popen(
            cmd, cwd=home, env=env, stdout=log, stderr=subprocess.STDOUT,
            stdin=subprocess.DEVNULL,
        )  # fmt: skip
    try:
        _wait_ready(server, ready, START_TIMEOUT)
        yield server
    finally:
        _stop(server.proc)
        if not keep:
            shutil.rmtree(home, ignore_errors=True)


def lab_server(
    notebooks: Path = NOTEBOOKS, *, nodelay: bool = False, keep: bool = False
) -> contextlib.AbstractContextManager[Server]:
    """JupyterLab serving a copy of ``notebooks``; ``nodelay`` sets TCP_NODELAY (experiment)."""
    return _server("lab", notebooks, nodelay, keep)


def voila_server(
    notebooks: Path = NOTEBOOKS, *, nodelay: bool = False, keep: bool = False
) -> contextlib.AbstractContextManager[Server]:
    """Voila serving a copy of ``notebooks`` at ``/voila/render/<name>.ipynb``."""
    return _server("voila", notebooks, nodelay, keep)


# ---------------------------------------------------------------- the notebook's own kernel


class KernelHelper:
    """A second client on the kernel of a notebook open in Lab (through its connection file).

    Its outputs go to this client only in effect: Lab ignores IOPub messages whose parent
    is not one of its own requests.
    """

    def __init__(self, connection_file: Path) -> None:
        from jupyter_client import BlockingKernelClient

        self.client = BlockingKernelClient(connection_file=str(connection_file))
        self.client.load_connection_file()
        self.client.start_channels()
        self.client.wait_for_ready(timeout=30)

    @classmethod
    def for_notebook(cls, server: Server, notebook: str) -> KernelHelper:
        """The kernel of ``notebook``'s session in Lab."""
        return cls.for_kernel(server, server.kernel_id(notebook))

    @classmethod
    def for_kernel(cls, server: Server, kernel_id: str) -> KernelHelper:
        """Any kernel of ``server`` by id (for Voila: the id in the page's websocket URL)."""
        deadline = time.monotonic() + 15
        while not (path := server.connection_file(kernel_id)).exists():
            if time.monotonic() > deadline:
                raise ServerError(f"no connection file {path}\n{server.log()}")
            time.sleep(0.1)
        return cls(path)

    def run(self, code: str, timeout: float = 30.0) -> str:
        """Execute ``code``; return its stdout; raise with the traceback on error."""
        out: list[str] = []
        errors: list[str] = []

        def hook(msg: dict[str, Any]) -> None:
            kind = msg["header"]["msg_type"]
            content = msg["content"]
            if kind == "stream" and content.get("name") == "stdout":
                out.append(content["text"])
            elif kind == "error":
                errors.append("\n".join(content.get("traceback", [])) or content.get("evalue", ""))

        reply = self.client.execute_interactive(
            code, store_history=False, output_hook=hook, timeout=timeout
        )
        if reply["content"]["status"] != "ok" or errors:
            raise RuntimeError(f"kernel error running {code!r}:\n" + "\n".join(errors))
        return "".join(out)

    def json(self, expression: str) -> Any:
        """The value of a JSON-able Python ``expression`` evaluated in the kernel."""
        text = self.run(f"import json as _j; print(_j.dumps({expression}))")
        return json.loads(text)

    def close(self) -> None:
        with contextlib.suppress(Exception):
            self.client.stop_channels()
