"""Comments and docstrings explain the code without citing a tracker's numbers.

The tracker is not in the repository, so citing one of its numbers tells a reader nothing: a comment
says why in its own words (docs/ may keep a decision's history). Python and kv files under
companion/, kv/ and tests/ are read as text.
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("companion", "kv", "tests")
# The word "issue" (or "issues") with a number, "#" and a number optional between them; or "#"
# and a number of up to four digits standing alone (not a colour like "#a0c4ff" nor "#,##0").
# The word is spelt in two parts and the examples below are built, so this file passes itself.
CITATION = re.compile(r"\b" + "iss" + r"ues?\s*#?\d+|(?<![\w&#\"'])#\d{1,4}\b", re.I)


def citations(text: str) -> list[tuple[int, str]]:
    return [(number, match.group(0)) for number, line in enumerate(text.splitlines(), 1)
            for match in CITATION.finditer(line)]


def test_no_comment_or_docstring_cites_a_tracker_number():
    found = [f"{path.relative_to(ROOT)}:{number}: {cited}"
             for folder in FOLDERS for path in sorted((ROOT / folder).rglob("*"))
             if path.suffix in (".py", ".kv") and path.is_file()
             for number, cited in citations(path.read_text(encoding="utf-8"))]
    assert not found, "\n".join(found)


def test_the_check_finds_what_it_should():
    word, hash_number = "iss" + "ue", "#" + "12"
    assert [c for _, c in citations(f"x = 1  # see {word} 23\n# {hash_number} and {word}s 4")] \
        == [f"{word} 23", hash_number, f"{word}s 4"]
    assert citations('colour = "#a0c4ff"  # the 2nd of #,##0; 100% sure; id: #tag') == []
