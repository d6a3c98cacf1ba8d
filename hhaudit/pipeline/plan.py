"""Which input files form each unit of work: small files are grouped, a large file is alone.

A site writes one file per table and session, so a history is thousands of files of a few
hands each; a unit per file would cost a worker round trip, five Parquet parts and their
footers per file. Consecutive small files are therefore audited together as one group, whose
hands are cut into units of `BATCH` hands like one file's (`part-<first file>-<unit>`).

Where a group ends depends on its files, never on `--jobs` or on the order files finish:
once a group holds half of `UNIT_BYTES`, it ends after the first file a hash of whose path
picks (its absolute path, so `a.txt` and `./a.txt` are the same file; a file is picked with
a probability of its size over half of `UNIT_BYTES`). Groups then hold about `UNIT_BYTES` of
text (half of it, plus as much again on average), and the files that end groups are the same
whatever came before them: when one file changes (a live log that grew), its own group
changes, and at most the next one or two (until the groups meet a picked file again);
`--incremental` re-audits those and reuses every other group. A group is also closed once it
holds `3 * UNIT_BYTES`.

A group's hands are cut into units of `GROUP_HANDS` (twice `BATCH`), a large file's into
units of `BATCH`: the groups' sizes vary around their mean, and a group of 1.2 units would
otherwise be written as two, one nearly empty. Memory stays bounded by one unit (a unit of
10,000 hands holds a few tens of MB).

A file of `UNIT_BYTES` or more, a stream (standard input) and an archive's member are
groups of their own (a large file is cut across the workers; a stream can be read once).
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence

from ..reading import Source

UNIT_BYTES = 8 << 20
"""A group's expected size in bytes of text: 4,000 to 6,000 hands (1.4 KB a hand in
PokerStars' files, 2 KB on average over the corpus's sites), about one unit of `BATCH` hands."""
GROUP_FACTOR = 2
"""A group of small files is cut into units of `GROUP_FACTOR * BATCH` hands."""

_SCALE = float(1 << 64)


def _picked(key: str, size: int, unit_bytes: int) -> bool:
    """Whether a file may end a group: true for a fraction size/(unit_bytes/2) of keys."""
    h = int.from_bytes(hashlib.blake2b(key.encode("utf-8", "surrogateescape"), digest_size=8).digest(), "big")
    return h / _SCALE < 2 * size / unit_bytes


def file_size(source: Source) -> int | None:
    """A plain file's size in bytes, or None for a source that is never grouped."""
    if source.path is None or source.stream is not None or source.member:
        return None
    try:
        return source.path.stat().st_size
    except OSError:
        return 0  # its reader reports it


def groups(sources: Sequence[Source], todo: Sequence[int], unit_bytes: int | None = None) -> list[list[int]]:
    """The positions in `todo` (in input order) cut into groups of consecutive positions."""
    limit = UNIT_BYTES if unit_bytes is None else unit_bytes
    out: list[list[int]] = []
    current: list[int] = []
    held = 0
    for i in todo:
        src = sources[i]
        size = file_size(src)
        if size is None or size >= limit:
            if current:
                out.append(current)
                current, held = [], 0
            out.append([i])
            continue
        current.append(i)
        held += size
        if (held >= limit / 2 and _picked(key_of(src), size, limit)) or held >= 3 * limit:
            out.append(current)
            current, held = [], 0
    if current:
        out.append(current)
    return out


def key_of(source: Source) -> str:
    assert source.path is not None
    try:
        return str(source.path.resolve())
    except OSError:
        return str(source.path.absolute())
