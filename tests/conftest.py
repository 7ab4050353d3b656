"""Shared fixtures (the test tiers are given in the repository's root conftest.py)."""

from __future__ import annotations

import os

import pytest

# The tests expect the table in English whatever the machine's language: a table's default
# locale comes from these variables (docs/translating.md), and so do the notebooks' kernels.
os.environ["LANGUAGE"] = "en"


@pytest.fixture(scope="session")
def oracle():
    """Aisleriot's own rules behind JSON lines (../shared/oracle), one process per session.

    Skipped when guile, Aisleriot or the oracle are missing, unless
    TERRACE_REQUIRE_ORACLE=1 (CI), which makes that a failure.
    """
    import oracle_support

    try:
        client = oracle_support.start_oracle()
    except RuntimeError as exc:
        if oracle_support.oracle_required():
            pytest.fail(f"TERRACE_REQUIRE_ORACLE is set but the oracle cannot run: {exc}")
        pytest.skip(str(exc))
    yield client
    client.close()
