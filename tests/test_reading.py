"""Reading files as sites write them: encodings, line endings, NULs, damaged first hands."""

from __future__ import annotations

import io
import itertools
from pathlib import Path

import hhaudit
from hhaudit.reading import BLOCK, MAX_LINE, iter_lines, lines_of_blocks, pieces, split_lines

SAMPLE = (Path(__file__).resolve().parents[1] / "sample_histories" / "pokerstars" / "clean-cash.txt").read_text()


def lines(data: bytes) -> list[str]:
    return list(iter_lines(io.BytesIO(data)))


def test_utf8_bom_utf16_and_cp1252() -> None:
    text = "Seat 1: Zoë (€10 in chips)\nnext"
    assert lines(b"\xef\xbb\xbf" + text.encode("utf-8")) == ["Seat 1: Zoë (€10 in chips)", "next"]
    assert lines(b"\xff\xfe" + text.encode("utf-16-le")) == ["Seat 1: Zoë (€10 in chips)", "next"]
    assert lines(b"\xfe\xff" + text.encode("utf-16-be")) == ["Seat 1: Zoë (€10 in chips)", "next"]
    assert lines(text.encode("cp1252")) == ["Seat 1: Zoë (€10 in chips)", "next"]


def test_line_endings_and_nul_bytes() -> None:
    assert lines(b"a\r\nb\rc\nd\x00e") == ["a", "b", "c", "de"]


def test_crlf_across_a_block_boundary_is_one_line_break() -> None:
    # the CR is the last byte of the first block read, the LF the first of the next
    filler = b"x" * 9 + b"\n"
    k = (BLOCK - 1) // len(filler)
    head = filler * k + b"y" * (BLOCK - 1 - k * len(filler)) + b"\r"
    assert len(head) == BLOCK
    got = lines(head + b"\nnext\r\nlast")
    assert len(got) == k + 3
    assert got[k - 1:] == ["x" * 9, "y" * (BLOCK - 1 - k * len(filler)), "next", "last"]


def test_split_lines_reads_a_text_as_iter_lines_reads_the_file() -> None:
    text = "a\r\nb\rc\n\n" + "y" * (MAX_LINE + 5) + "\nend\n"
    assert split_lines(text) == lines(text.encode()) == ["a", "b", "c", "", "y" * MAX_LINE, "end"]


def test_overlong_line_is_cut_and_the_rest_skipped() -> None:
    got = lines(b"x" * (MAX_LINE + 10) + b"\nnext\n")
    assert got == ["x" * MAX_LINE, "next"]


def test_damaged_first_hand_does_not_hide_the_file() -> None:
    first = SAMPLE.splitlines()
    damaged = "\n".join(["PokerStar Hnd #1: garbled"] + first[1:] + ["junk"] * 60)
    second = SAMPLE.replace("100000000001", "100000000009")
    hands = list(hhaudit.parse(damaged + "\n\n" + SAMPLE + "\n\n" + second))
    assert [(h.hand_id, h.status.value) for h in hands] == [
        ("<text>:1", "parse_error"), ("100000000001", "audited"), ("100000000009", "audited")]


def test_pieces_give_the_same_lines_as_the_whole_blocks() -> None:
    # cut every 3 characters, "a\r" + "\nb" would read as "a", "", "b": the CRLF stays whole
    short = ["a\r\nbb\r\ncc\rdd\n", "ff", "\ngg"]
    long = [short[0], "e" * (MAX_LINE + 5) + "\r\nff", "\ngg"]
    assert list(lines_of_blocks(short)) == ["a", "bb", "cc", "dd", "ff", "gg"]
    assert list(lines_of_blocks(long)) == ["a", "bb", "cc", "dd", "e" * MAX_LINE, "ff", "gg"]
    # tiny pieces on the short lines only (an over-long line is carried piece by piece)
    for blocks, sizes in ((short, (1, 2, 3, 7, 100)), (long, (4096, MAX_LINE - 1, 1 << 20))):
        for size in sizes:
            cut = list(pieces(blocks, size))
            assert "".join(cut) == "".join(blocks)
            assert not any(a.endswith("\r") and b.startswith("\n") for a, b in itertools.pairwise(cut))
            assert list(lines_of_blocks(cut)) == list(lines_of_blocks(blocks))
