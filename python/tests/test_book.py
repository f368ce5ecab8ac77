"""The book's Python chapter (docs/src/python.md) run as doctests: every example in it
is checked, output included."""
import doctest
from pathlib import Path

CHAPTER = Path(__file__).resolve().parents[2] / "docs" / "src" / "python.md"


def test_the_python_chapter_runs():
    result = doctest.testfile(str(CHAPTER), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted > 20
    assert result.failed == 0
