#!/usr/bin/env bash
# terrace_widget: one entry point for a fresh clone.
#
#   bash run.sh setup   # .venv with the package and its test tools; as root, also the
#                       # Debian packages the tests need (aisleriot, guile-3.0, chromium, a
#                       # font, nodejs and npm) and the front end's pinned tools (npm ci);
#                       # with a C compiler, the compiled engine and search (build/compiled,
#                       # used by default; TERRACE_WIDGET_PURE=1 for pure Python)
#   bash run.sh test    # setup, then the whole test suite: python -m pytest [ARGS...]
#   bash run.sh fast    # setup, then the fast tier (under a minute) [ARGS...]: the same as
#                       # bash run.sh test -m "not slow and not browser and not oracle"
#   bash run.sh play [ARGS...]
#                       # setup with the [play] extra, then JupyterLab on play/01-play.ipynb,
#                       # a copy of notebooks/ made once in the ignored play/ folder (your
#                       # saved games stay out of git); ARGS go on to jupyter-lab, e.g.
#                       # --no-browser --port=8899 (the printed URL opens the Play notebook)
#   bash run.sh lite [--serve [PORT]]
#                       # the zero-install site: JupyterLite on a Pyodide it serves itself,
#                       # built from this checkout into _site/ (needs npm; tools and downloads
#                       # cached in build/lite/); --serve then serves it on 127.0.0.1:PORT
#
# Environment: PYTHON (default python3, 3.10 or newer), VENV (default ./.venv).
# Idempotent: a second run only checks that everything is in place.
set -euo pipefail

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
cd "$ROOT"
VENV=${VENV:-$ROOT/.venv}
PYTHON=${PYTHON:-python3}
APT_PACKAGES=(aisleriot guile-3.0 chromium fonts-dejavu-core)
# Debian's Node.js runs the front end's tests, tsc and the bundle check; only when no npm is
# on the PATH (a Node installed another way is used as it is).
command -v npm >/dev/null 2>&1 || APT_PACKAGES+=(nodejs npm)
FAST_TIER="not slow and not browser and not oracle"

say() { printf '[run.sh] %s\n' "$*" >&2; }
die() { say "error: $*"; exit 1; }

usage() {
  sed -n '2,23p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 2
}

# Run a command up to 5 times (apt mirrors and the dpkg lock can be briefly unavailable).
retry() {
  local attempt
  for attempt in 1 2 3 4 5; do
    "$@" && return 0
    say "attempt $attempt of 5 failed: $*; retrying in $((attempt * 5)) s"
    sleep $((attempt * 5))
  done
  die "giving up: $*"
}

apt_packages_present() {
  command -v guile-3.0 >/dev/null 2>&1 &&
    compgen -G '/usr/lib/*/aisleriot/guile/3.0/aisleriot/api.go' >/dev/null &&
    command -v chromium >/dev/null 2>&1 &&
    command -v npm >/dev/null 2>&1 &&
    [ -d /usr/share/fonts/truetype/dejavu ]
}

setup_apt() {
  if apt_packages_present; then
    say "Aisleriot, guile-3.0 (oracle tests), chromium (browser tests) and npm are installed."
    return
  fi
  if [ "$(id -u)" != 0 ] || ! command -v apt-get >/dev/null 2>&1; then
    say "Aisleriot/guile-3.0/chromium/npm missing and not root with apt-get: the oracle,"
    say "browser and front-end tests will be skipped (outside CI). To run them:"
    say "  sudo apt-get install -y ${APT_PACKAGES[*]}"
    return
  fi
  say "Installing ${APT_PACKAGES[*]} with apt-get (oracle, browser, front-end tests)..."
  export DEBIAN_FRONTEND=noninteractive
  local apt=(apt-get -o DPkg::Lock::Timeout=300 -o Acquire::Retries=3 -q)
  retry "${apt[@]}" update
  retry "${apt[@]}" install -y --no-install-recommends "${APT_PACKAGES[@]}"
}

setup_venv() {
  "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 10))' 2>/dev/null ||
    die "$PYTHON is missing or older than 3.10 (set PYTHON=/path/to/python3.10+)"
  if [ ! -x "$VENV/bin/python" ]; then
    say "Creating the virtual environment $VENV ..."
    if ! "$PYTHON" -m venv "$VENV" 2>/dev/null; then
      rm -rf "$VENV"
      if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
        say "python3 -m venv needs Debian's python3-venv; installing it..."
        export DEBIAN_FRONTEND=noninteractive
        retry apt-get -o DPkg::Lock::Timeout=300 -q install -y --no-install-recommends python3-venv
        "$PYTHON" -m venv "$VENV"
      else
        die "'$PYTHON -m venv' failed; install python3-venv (Debian/Ubuntu) and try again"
      fi
    fi
  fi
}

# pip install -e '.[EXTRAS]' unless the same pyproject.toml and extras are already installed.
setup_pip() {
  local extras=$1 stamp="$VENV/.terrace-widget-$1" want
  want=$(cksum <pyproject.toml)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    say "Package and [$extras] dependencies already installed in $VENV."
    return
  fi
  say "Installing terrace_widget (editable) with the [$extras] extra into $VENV ..."
  export PIP_DISABLE_PIP_VERSION_CHECK=1 PIP_NO_INPUT=1
  retry "$VENV/bin/python" -m pip install -q -e ".[$extras]"
  printf '%s\n' "$want" >"$stamp"
}

# Guile compiles the oracle's Scheme into $XDG_CACHE_HOME/guile (default ~/.cache) on
# first start; point it at a writable place when the home directory is read-only.
writable_cache() {
  local cache=${XDG_CACHE_HOME:-${HOME:-/nonexistent}/.cache}
  mkdir -p "$cache" 2>/dev/null && [ -w "$cache" ] && return
  export XDG_CACHE_HOME="$ROOT/.cache"
  mkdir -p "$XDG_CACHE_HOME"
  say "Home directory not writable: using XDG_CACHE_HOME=$XDG_CACHE_HOME"
}

# The front end's build tools (esbuild and typescript, pinned in js/package-lock.json) for
# its tests; the bundle itself is committed, so playing needs no Node.
setup_js() {
  if ! command -v npm >/dev/null 2>&1; then
    say "npm not found: the front-end tests will be skipped, or fail in CI (install Node.js 18+)."
    return
  fi
  local stamp="$ROOT/js/node_modules/.terrace-widget-lock" want
  want=$(cksum <js/package-lock.json)
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$want" ]; then
    return
  fi
  say "Installing the front end's pinned build tools (npm ci in js/)..."
  retry npm --prefix js ci --no-audit --no-fund --loglevel=error
  printf '%s\n' "$want" >"$stamp"
}

# The compiled engine and search (tools/compile.py: mypyc) where a C compiler exists; the
# package imports them while they match its sources (terrace_widget/compiled.py), and runs
# pure Python otherwise: the same results, about half the speed. Skipped when up to date.
setup_compiled() {
  if [ -n "${TERRACE_WIDGET_PURE:-}" ] && [ "$TERRACE_WIDGET_PURE" != 0 ]; then
    say "TERRACE_WIDGET_PURE is set: no compiled build, pure Python."
    return
  fi
  if ! command -v "${CC:-cc}" >/dev/null 2>&1; then
    say "No C compiler (${CC:-cc}): the engine and search run pure Python."
    return
  fi
  if ! "$VENV/bin/python" -c 'import mypyc, setuptools' >/dev/null 2>&1; then
    say "mypyc or setuptools missing (the [test] extra brings them): pure Python."
    return
  fi
  "$VENV/bin/python" tools/compile.py --if-stale >&2 ||
    say "The compiled build failed: the package runs pure Python (the same results, slower)."
}

setup() {
  local extras=${1:-test}
  if [ "$extras" = test ]; then
    setup_apt
    setup_js
  fi
  setup_venv
  setup_pip "$extras"
  setup_compiled
}

cmd=${1:-}
[ $# -gt 0 ] && shift
case "$cmd" in
  setup)
    setup test
    say "Ready. Tests: bash run.sh test (all) or bash run.sh fast    Play: bash run.sh play"
    ;;
  test)
    setup test
    writable_cache
    say "Running the test suite: python -m pytest $*"
    exec "$VENV/bin/python" -m pytest "$@"
    ;;
  fast)
    setup test
    writable_cache
    say "Running the fast tier: python -m pytest -m \"$FAST_TIER\" $*"
    exec "$VENV/bin/python" -m pytest -m "$FAST_TIER" "$@"
    ;;
  play)
    setup play
    if [ ! -x "$VENV/bin/jupyter-lab" ]; then
      say "The [play] extra did not bring JupyterLab; installing jupyterlab..."
      retry "$VENV/bin/python" -m pip install -q jupyterlab
    fi
    # Play in a copy: saving the widget's state into a tracked notebook would dirty the
    # repository. Files already in play/ are kept (they hold your games).
    mkdir -p play
    # The lessons, and their translations in play/<language>/ (they read ../data).
    for source in notebooks/*.ipynb notebooks/*/*.ipynb; do
      copy="play/${source#notebooks/}"
      [ -e "$copy" ] && continue
      mkdir -p "$(dirname "$copy")"
      cp "$source" "$copy"
    done
    [ -e play/data ] || [ ! -d notebooks/data ] || cp -r notebooks/data play/data
    notebook=play/01-play.ipynb
    if [ ! -f "$notebook" ]; then
      say "$notebook not found; opening JupyterLab on play/ instead."
      notebook=play
    fi
    extra=()
    [ "$(id -u)" = 0 ] && extra+=(--allow-root)  # JupyterLab refuses root without it
    # Save widget state with the notebook, so a saved game still shows without a kernel.
    overrides="$VENV/share/jupyter/lab/settings/overrides.json"
    if [ ! -f "$overrides" ]; then
      mkdir -p "$(dirname "$overrides")"
      printf '%s\n' '{"@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": true}}' >"$overrides"
    fi
    say "Starting JupyterLab on $notebook (Ctrl+C to stop); extra arguments go to jupyter-lab: $*"
    # default_url: the URL JupyterLab prints (and opens) shows the Play notebook itself,
    # also with --no-browser on a headless machine.
    exec "$VENV/bin/jupyter-lab" "${extra[@]}" "--LabApp.default_url=/lab/tree/$notebook" "$@"
    ;;
  lite)
    setup_venv  # a Python 3.10+ that can make virtual environments (the build makes its own)
    command -v npm >/dev/null 2>&1 || die "npm not found: the site's Pyodide comes from npm (apt-get install nodejs npm)"
    exec "$VENV/bin/python" tools/build_lite.py "$@"
    ;;
  *)
    usage
    ;;
esac
