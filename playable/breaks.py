"""Where an identifier set as code may break across lines: after a dot, a colon or an underscore
that a letter follows (`veldiv.<wbr>individuelle`, `veldiv:<wbr>art-7`, `red_<wbr>line`), as after
its hyphens, never inside a word. Pure text work on a finished page (playable/hooks.py on each page,
scripts/build_zensical.py on each page Zensical wrote): a <wbr> is invisible, and a copied
identifier is the same text. Code blocks (<pre>) are left as they are. In a table's cells the
stylesheet (parcours.css) then lets code break only there, not between any two letters as Material's
`word-break: break-word` does when a narrow column shrinks ("veldiv.individuell|e" on a phone)."""

from __future__ import annotations

import re

PRE = re.compile(r"(<pre\b.*?</pre>)", re.DOTALL)
CODE = re.compile(r"(<code(?:\s[^>]*)?>)([^<]*)(</code>)")
BREAK = re.compile(r"(?<=[.:_])(?=[A-Za-z])")


def code_breaks(html: str) -> str:
    """`html` with a <wbr> after each dot, colon and underscore of its inline code that a letter follows."""
    parts = PRE.split(html)
    for i in range(0, len(parts), 2):  # the odd parts are the code blocks
        parts[i] = CODE.sub(lambda m: m[1] + BREAK.sub("<wbr>", m[2]) + m[3], parts[i])
    return "".join(parts)
