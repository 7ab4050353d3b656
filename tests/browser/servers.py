"""The JupyterLab and Voila servers of the browser tests, shared with the benchmarks:
they live in :mod:`benchmarks.servers` (``python -m benchmarks latency`` uses them too)."""

from benchmarks.servers import (
    CHROMIUM_ARGS,
    NODELAY_CONFIG,
    NOTEBOOKS,
    KernelHelper,
    Server,
    ServerError,
    chromium_path,
    free_port,
    kernel_id_from_ws,
    lab_server,
    launch_args,
    voila_server,
)

__all__ = [
    "CHROMIUM_ARGS",
    "NODELAY_CONFIG",
    "NOTEBOOKS",
    "KernelHelper",
    "Server",
    "ServerError",
    "chromium_path",
    "free_port",
    "kernel_id_from_ws",
    "lab_server",
    "launch_args",
    "voila_server",
]
