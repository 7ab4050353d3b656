"""The project's measurements: one package, one command.

    python -m benchmarks                      # the subcommands, one line each
    python -m benchmarks playout --help
    python -m benchmarks before-after --base f98d24a

Each subcommand is a module here with ``main(argv) -> int`` (``python -m
benchmarks.<module>`` runs it too); :data:`benchmarks.__main__.SUBCOMMANDS` lists them.
What they share (paths, game lists, seeds, workers, records, version stamps) is in
:mod:`benchmarks.common`; which command made which shipped data file is in
``benchmarks/manifest.json``, checked by ``python -m benchmarks manifest --check``.
"""
