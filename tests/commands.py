"""`hhaudit ARGS` for a test, run in the test's own process.

`in_process` calls `hhaudit.cli.main`, what `python -m hhaudit` runs (`sys.exit(main())`):
`main` returns the command's exit status and turns every error, a usage error included, into
its one-sentence message and status, so the status, stdout and stderr are the command's. A
process for each command costs its start-up (about 1.5 s of CPU: the interpreter, pyarrow
and pandas, the grammars' lexers) and proves nothing more where the test is about what the
command does; the tests of the entry point itself, of standard input, of `python -OO`, of
the environment a command starts with, and of signals keep a process of their own.
"""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
from pathlib import Path


def in_process(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """`hhaudit ARGS` in this process, in `cwd`: its status, stdout and stderr."""
    from hhaudit.cli import main

    out, err = io.StringIO(), io.StringIO()
    here = os.getcwd()
    try:
        os.chdir(cwd or here)
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(list(args))
    finally:
        os.chdir(here)
    return subprocess.CompletedProcess(list(args), status, out.getvalue(), err.getvalue())
