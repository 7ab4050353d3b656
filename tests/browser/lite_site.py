"""The JupyterLite site of the browser tests (build, serve, drive), shared with the
benchmarks: it lives in :mod:`benchmarks.lite_site` (``python -m benchmarks lite``)."""

from benchmarks.lite_site import (
    BUILD_SCRIPT,
    CODE_CELL,
    KERNEL_BOOT_TIMEOUT,
    REPO,
    Offline,
    StaticServer,
    add_cell,
    build_module,
    build_site,
    cell_outputs,
    offline_context,
    open_notebook,
    run_all,
    run_cell,
    show_collapsed_cells,
    static_server,
    wait_until_run,
)

__all__ = [
    "BUILD_SCRIPT",
    "CODE_CELL",
    "KERNEL_BOOT_TIMEOUT",
    "REPO",
    "Offline",
    "StaticServer",
    "add_cell",
    "build_module",
    "build_site",
    "cell_outputs",
    "offline_context",
    "open_notebook",
    "run_all",
    "run_cell",
    "show_collapsed_cells",
    "static_server",
    "wait_until_run",
]
