"""Splitting a text into hands without a per-line loop gives what the line splitter gives."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from hhaudit import formats
from hhaudit.reading import iter_text, lines_of_blocks
from hhaudit.splitting import split_hands, text_starter

SAMPLES = Path(__file__).resolve().parents[1] / "sample_histories"
HAND = (SAMPLES / "pokerstars" / "clean-cash.txt").read_text(encoding="utf-8").strip("\n")


def blocks_of(text: str, sizes: list[int]) -> list[str]:
    out, i, k = [], 0, 0
    while i < len(text):
        n = sizes[k % len(sizes)]
        out.append(text[i:i + n])
        i += n
        k += 1
    return out


def same_as_lines(fmt_name: str, text: str,
                  block_sizes: tuple[list[int], ...] = ([1], [2, 3, 5], [97, 1], [4096])) -> list[tuple[int, list[str]]]:
    fmt = formats.get(fmt_name)
    want = [(first, list(chunk)) for first, chunk in fmt.split(lines_of_blocks([text]))]
    for sizes in ([len(text) + 1], *block_sizes):
        got = [(first, list(chunk)) for first, chunk in split_hands(fmt, blocks_of(text, sizes))]
        assert got == want, sizes
    return want


def test_the_text_splitter_is_used_for_pokerstars() -> None:
    assert text_starter(formats.get("pokerstars")) is not None
    assert text_starter(formats.get("everleaf")) is None  # its start pattern uses $


@pytest.mark.parametrize("newline", ["\n", "\r\n", "\r"])
def test_hands_lines_and_numbers(newline: str) -> None:
    second = HAND.replace("Hand #", "Hand #9", 1)
    text = newline.join(["junk before", "", HAND, "", "", second, "*** # 2 ***", "  " + second, ""])
    hands = same_as_lines("pokerstars", text)
    n = HAND.count("\n") + 1
    assert [first for first, _ in hands] == [1, 3, 3 + n + 2, 3 + n + 2 + n + 1]
    assert hands[0][1] == ["junk before", ""]


def test_line_endings_that_change_within_a_file() -> None:
    # LF only at first (searched for LF breaks), then CR LF and CR: from the first block with a
    # CR on, every kind of break is searched for
    second = HAND.replace("Hand #", "Hand #9", 1)
    third = HAND.replace("Hand #", "Hand #8", 1)
    text = "\n".join([HAND, "", second, "", ""]) + "\r\n".join([third, "", HAND, "", ""]) + "\r".join([second, "", third])
    hands = same_as_lines("pokerstars", text, ([1], [2, 3, 5], [97, 1], [len(text) // 2]))
    n = HAND.count("\n") + 1
    assert [first for first, _ in hands] == [1 + k * (n + 1) for k in range(6)]
    assert [chunk[0][:20] for _, chunk in hands] == [line.split("\n")[0][:20] for line in
                                                      (HAND, second, third, HAND, second, third)]


def test_blank_leading_lines_and_a_last_line_without_a_break() -> None:
    hands = same_as_lines("pokerstars", "\n\n\n" + HAND)
    assert [first for first, _ in hands] == [4]
    assert same_as_lines("pokerstars", "only junk\nno hand") == [(1, ["only junk", "no hand"])]
    assert same_as_lines("pokerstars", "") == []


def test_every_corpus_file_splits_as_its_lines_do() -> None:
    from conftest_corpus import corpus

    rng = random.Random(7)
    checked = 0
    for path in sorted(corpus().rglob("*")):
        if not path.is_file() or path.suffix.lower() not in (".txt", ".log", ".hh", ".xml"):
            continue
        with open(path, "rb") as fh:
            text = "".join(iter_text(fh))
        fmt = formats.detect(list(lines_of_blocks([text[:20000]]))[:40])
        if fmt is None or text_starter(fmt) is None:
            continue
        want = list(fmt.split(lines_of_blocks([text])))
        got = list(split_hands(fmt, blocks_of(text, [rng.randint(1, 5000) for _ in range(50)])))
        assert got == want, path
        checked += 1
    assert checked > 300


def test_over_long_lines_are_cut_as_the_line_reader_cuts_them() -> None:
    from hhaudit.reading import MAX_LINE

    long = "x" * (MAX_LINE + 123)
    text = "\n".join([long, HAND, long + " in a hand", HAND.replace("Hand #", "Hand #7", 1), long])
    hands = same_as_lines("pokerstars", text, ([4096], [1000, 7], [MAX_LINE - 1]))
    assert hands[0][1] == ["x" * MAX_LINE]
    assert ["x" * MAX_LINE] == [line for line in hands[1][1] if line.startswith("x")]


def test_text_starter_is_worked_out_once_per_start_pattern() -> None:
    fmt = formats.get("pokerstars")
    first = text_starter(fmt)
    assert first is not None
    assert text_starter(fmt) is first  # the same searches, not the pattern parsed again
    assert text_starter(formats.get("ipoker")) is None  # its own split: never cut as text
