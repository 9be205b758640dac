#!/usr/bin/env bash
# Download the pure wheels (*-none-any.whl) that run the engine's tests inside Pyodide
# (tests/node/pyodide_run.mjs --pytest) into .cache/wheels/ (or the directory given
# as first argument). Idempotent: wheels already there are kept, strays are removed, and when every
# pinned wheel is there nothing is downloaded (make setup runs this each time: no stamp file to trust,
# which could outlive the wheels it stands for).
#
# The list is explicit and pinned, with --no-deps, so no resolver picks anything else:
# it is pytest and hypothesis with their dependencies on Python 3.14 (Pyodide 314).
#   - hypothesis is pinned to 6.155.7, the last release that ships a pure wheel:
#     later ones (6.156+) ship only compiled CPython wheels, unusable in Pyodide.
#   - exceptiongroup and tomli are only needed on Python < 3.11; colorama only on Windows.
# To upgrade: change a pin, run this script, run `pytest -m pyodide`.
set -euo pipefail

cd "$(dirname "$0")/.."
dest="${1:-.cache/wheels}"
python="${PYTHON:-}"
if [ -z "$python" ]; then
  if [ -x .venv/bin/python ]; then python=.venv/bin/python; else python=python3; fi
fi

wheels=(
  pytest==9.2.0
  pluggy==1.7.0
  iniconfig==2.3.1
  packaging==26.4
  pygments==2.21.0
  hypothesis==6.155.7
  sortedcontainers==2.4.0
)

mkdir -p "$dest"
pinned() {  # the file name of spec's pure wheel in $dest, or nothing
  local name="${1%%==*}" version="${1##*==}"
  ls "$dest" | grep -iE "^${name}-${version}-[^-]+-none-any\.whl$" || true
}
missing=0
for spec in "${wheels[@]}"; do [ -n "$(pinned "$spec")" ] || missing=1; done
[ "$missing" = 0 ] || "$python" -m pip download --quiet --disable-pip-version-check --no-deps \
  --only-binary=:all: --platform any --python-version 3.14 --implementation py --abi none \
  -d "$dest" "${wheels[@]}"

# Keep exactly the pinned wheels (a previous pin's wheel would also be unpacked).
keep=()
for spec in "${wheels[@]}"; do
  match=$(pinned "$spec")
  if [ -z "$match" ]; then echo "fetch_test_wheels: no pure wheel for $spec in $dest" >&2; exit 1; fi
  keep+=("$match")
done
for f in "$dest"/*; do
  base=$(basename "$f")
  if ! printf '%s\n' "${keep[@]}" | grep -qxF "$base"; then rm -f -- "$f"; echo "fetch_test_wheels: removed stray $base"; fi
done
[ "$missing" = 0 ] || echo "fetch_test_wheels: ${#keep[@]} pure wheels in $dest: ${keep[*]}"
