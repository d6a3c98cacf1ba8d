"""Copies of a hand compared with its first: the same site and hand id, the same text?

A copy is skipped (`dedupe`); whether it says what its first says is read again from both
sources after every part is written, so nothing is kept per hand while auditing. Texts are
compared line by line after the reader's normalisation (encoding, byte-order mark, NUL bytes
and line endings do not count), with trailing spaces and blank lines ignored. Copies in
different formats (a site's file and a tracker's export of it) are not compared.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass

from ..reading import Source, iter_text, lines_of_blocks

Span = tuple[int, int]
"""A hand's first and last line in its source (1-based, inclusive)."""


@dataclass(frozen=True, slots=True)
class Difference:
    """Where a copy first differs from its first: line numbers in each source and the texts
    there ("" past the end of the hand)."""

    first_line: int
    first_text: str
    copy_line: int
    copy_text: str


def _normal(number: int, line: str) -> tuple[int, str] | None:
    text = line.replace("\ufeff", "").rstrip()
    return (number, text) if text else None


def _read(source: Source, wanted: Sequence[Span]) -> Iterator[tuple[int, list[tuple[int, str]]]]:
    """Each span's non-blank lines (number, text), by the span's index in `wanted` (spans in
    order of their first line), reading the source once."""
    if not wanted:
        return
    open_spans: list[tuple[int, int, list[tuple[int, str]]]] = []  # index, last line, lines
    k = 0
    last = max(wanted[i][1] for i in range(len(wanted)))
    with source.open() as stream:
        for number, line in enumerate(lines_of_blocks(iter_text(stream)), 1):
            while k < len(wanted) and wanted[k][0] <= number:
                open_spans.append((k, wanted[k][1], []))
                k += 1
            if open_spans:
                item = _normal(number, line)
                if item is not None:
                    for _, _, kept in open_spans:
                        kept.append(item)
                if any(o[1] <= number for o in open_spans):
                    for o in open_spans:
                        if o[1] <= number:
                            yield o[0], o[2]
                    open_spans = [o for o in open_spans if o[1] > number]
            if number >= last and not open_spans:
                break
    for o in open_spans:  # a file shorter than it was when audited
        yield o[0], o[2]


def _spans(source: Source, spans: Iterable[Span]) -> Iterator[tuple[Span, list[tuple[int, str]]]]:
    """Each span's non-blank lines (number, text), reading the source once."""
    wanted = sorted(set(spans))
    for k, lines in _read(source, wanted):
        yield wanted[k], lines


def _digest(lines: list[tuple[int, str]]) -> bytes:
    h = hashlib.blake2b(digest_size=16)
    for _, text in lines:
        h.update(text.encode("utf-8", "surrogatepass"))
        h.update(b"\n")
    return h.digest()


def digests_in_order(source: Source, spans: Sequence[Span]) -> Iterator[tuple[int, bytes]]:
    """A digest of each span's normalised text, by the span's index in `spans` (in order of
    their first line), as each is read: nothing is kept of a span once its digest is made."""
    for k, lines in _read(source, spans):
        yield k, _digest(lines)


def digests(source: Source, spans: Iterable[Span]) -> dict[Span, bytes]:
    """A digest of each span's normalised text."""
    return {span: _digest(lines) for span, lines in _spans(source, spans)}


FIRSTS_AT_ONCE = 10_000
"""The firsts whose text `differences` holds at once (a few tens of megabytes). The copies'
texts are compared as they are read, never held: 200,000 differing copies of one hand hold
one first's text; copies of more firsts than this read their sources again once a batch."""

Pair = tuple[str, Span, str, Span]
"""A first's source and span, and its copy's."""


def differences(sources: Mapping[str, Source], pairs: Sequence[Pair]) -> Iterator[tuple[int, Difference | None]]:
    """For each pair (by its index in `pairs`), where the copy first differs from its first,
    or None if they agree. A span its source no longer holds reads as no lines (a file
    shorter than it was when audited)."""
    order = sorted(range(len(pairs)), key=lambda k: pairs[k][:2])
    start = 0
    while start < len(order):
        batch: list[int] = []
        held: set[tuple[str, Span]] = set()
        while start < len(order) and (len(held) < FIRSTS_AT_ONCE or pairs[order[start]][:2] in held):
            k = order[start]
            held.add(pairs[k][:2])
            batch.append(k)
            start += 1
        yield from _batch_differences(sources, pairs, batch)


def _batch_differences(sources: Mapping[str, Source], pairs: Sequence[Pair],
                       batch: list[int]) -> Iterator[tuple[int, Difference | None]]:
    firsts: dict[str, set[Span]] = {}
    copies: dict[str, dict[Span, list[int]]] = {}
    for k in batch:
        f_src, f_span, c_src, c_span = pairs[k]
        firsts.setdefault(f_src, set()).add(f_span)
        copies.setdefault(c_src, {}).setdefault(c_span, []).append(k)
    text = {(src, span): lines for src, spans in sorted(firsts.items()) for span, lines in _spans(sources[src], spans)}
    for src, by_span in sorted(copies.items()):
        for span, lines in _spans(sources[src], by_span):
            for k in by_span.pop(span):
                f_src, f_span = pairs[k][:2]
                yield k, first_difference(text.get((f_src, f_span), []), lines, f_span[1], span[1])
        for span, ks in by_span.items():  # past the end of the file
            for k in ks:
                f_src, f_span = pairs[k][:2]
                yield k, first_difference(text.get((f_src, f_span), []), [], f_span[1], span[1])


def first_difference(first: list[tuple[int, str]], copy: list[tuple[int, str]], first_end: int,
                     copy_end: int) -> Difference | None:
    """The first line where two normalised hands differ, or None if they agree."""
    for (fn, ft), (cn, ct) in zip(first, copy):
        if ft != ct:
            return Difference(fn, ft, cn, ct)
    if len(first) == len(copy):
        return None
    if len(first) > len(copy):
        fn, ft = first[len(copy)]
        return Difference(fn, ft, copy_end, "")
    cn, ct = copy[len(first)]
    return Difference(first_end, "", cn, ct)
