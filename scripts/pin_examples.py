"""Pin each worked example's final position: the `expect:` of docs/<game>/examples/*.yml, every field of
the position that the replay changes from the set-up, as "before → after" (playable/freshness.py).

The build replays every example and fails while one ends elsewhere than its `expect:` says: after a
change to the engine, read the example's explanation again (does it still tell what the board shows?),
then pin the new position:

    .venv/bin/python scripts/pin_examples.py                                    # every example
    .venv/bin/python scripts/pin_examples.py docs/veldiv/examples/art-4-six.yml  # these

The block is written just before the example's `scenario:`, the rest of the file left as it is.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path

import yaml

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))  # playable, the repository's

from parcours import ScenarioError
from playable.freshness import final_position
from playable.sources import DataError, Located

HEAD = "expect:  # the final position: each field the replay changes from the set-up, before → after\n"
BLOCK = re.compile(r"^expect:.*\n(?:[ #].*\n|\n)*", re.MULTILINE)


def plain(text: str) -> str:
    """A key or value as YAML writes it: bare where it reads back the same, else in single quotes."""
    try:
        if yaml.safe_load(f"k: {text}") == {"k": text}:
            return text
    except yaml.YAMLError:
        pass
    return "'" + text.replace("'", "''") + "'"


def block(position: dict[str, str]) -> str:
    if not position:  # a set-up the replay leaves as it is
        return HEAD.replace("expect:", "expect: {}", 1)
    return HEAD + "".join(f"  {plain(k)}: {plain(v)}\n" for k, v in position.items())


def pin(path: Path) -> bool:
    """Write the example's `expect:`; True if it changed."""
    text = path.read_text(encoding="utf-8")
    data = Located(path).data
    try:
        position = final_position(data["scenario"])
    except ScenarioError as err:  # the build's data check gives its line
        raise SystemExit(f"{path}: scenario: {err}") from None
    new = block(position)
    if BLOCK.search(text):
        pinned = BLOCK.sub(lambda m: new, text, count=1)
    else:
        at = re.search(r"^scenario:", text, re.MULTILINE)
        if at is None:
            raise SystemExit(f"{path}: no top-level scenario: to pin")
        pinned = text[:at.start()] + new + text[at.start():]
    if pinned == text:
        return False
    path.write_text(pinned, encoding="utf-8")
    if Located(path).data.get("expect") != position:  # read back as the build reads it
        raise SystemExit(f"{path}: the pinned position does not read back the same")
    return True


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("examples", nargs="*", type=Path, help="example files (default: every game's)")
    args = parser.parse_args()
    paths = args.examples or sorted((REPO / "docs").glob("*/examples/*.yml"))
    try:
        changed = [path for path in paths if pin(path)]
    except DataError as err:
        print(f"pin_examples: {err}", file=sys.stderr)
        return 1
    for path in changed:
        print(f"pinned {path}", file=sys.stderr)
    print(f"{len(changed)} of {len(paths)} examples pinned anew", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
