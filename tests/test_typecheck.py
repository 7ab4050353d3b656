"""The package type-checks with ``mypy --strict`` (the ``[tool.mypy]`` section of
pyproject.toml: strict, Python 3.10, ``terrace_widget``).

The whole package is held to zero errors: :data:`PENDING`, the modules once allowed
errors while they were being typed, is empty.
"""

from __future__ import annotations

import re
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent

# Modules still being typed, with their error count when this list was last cut down.
PENDING: dict[str, int] = {}


def mypy_errors() -> Counter[str]:
    """Errors of ``mypy --strict`` over the package, counted per module."""
    if subprocess.run([sys.executable, "-m", "mypy", "--version"], capture_output=True).returncode:
        pytest.fail("mypy is not installed: pip install -e '.[test]'")
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--strict", "--no-error-summary", "--no-pretty"],
        cwd=ROOT, capture_output=True, text=True, timeout=600,
    )  # fmt: skip
    assert result.returncode in (0, 1), result.stdout[-3000:] + result.stderr[-3000:]
    errors = re.findall(r"^terrace_widget/(\w+)\.py:\d+: error:", result.stdout, re.M)
    assert result.returncode == 0 or errors, result.stdout[-3000:]
    return Counter(errors)


def test_mypy_strict_finds_no_error_outside_the_pending_modules() -> None:
    errors = mypy_errors()
    unexpected = {module: n for module, n in errors.items() if module not in PENDING}
    assert unexpected == {}, f"mypy --strict errors in {unexpected}: run mypy to see them"
