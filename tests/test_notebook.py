"""examples/audit-samples.ipynb runs top to bottom without an error (so it cannot rot)."""

from __future__ import annotations

from pathlib import Path

import pytest

NOTEBOOK = Path(__file__).resolve().parents[1] / "examples" / "audit-samples.ipynb"


def test_example_notebook_executes() -> None:
    nbformat = pytest.importorskip("nbformat", reason="nbformat is in the test extra")
    nbclient = pytest.importorskip("nbclient", reason="nbclient is in the test extra")
    pytest.importorskip("ipykernel", reason="ipykernel is in the test extra")
    nb = nbformat.read(NOTEBOOK, as_version=4)
    client = nbclient.NotebookClient(nb, timeout=180, kernel_name="python3",
                                     resources={"metadata": {"path": str(NOTEBOOK.parent)}})
    client.execute()
    outputs = [o for c in nb.cells if c.cell_type == "code" for o in c.get("outputs", [])]
    assert not [o for o in outputs if o.get("output_type") == "error"]
    html = "".join(str(o.get("data", {}).get("text/html", "")) for o in outputs)
    svgs = [str(o.get("data", {}).get("image/svg+xml", "")) for o in outputs]
    svgs = [x for x in svgs if "<svg" in x]
    assert len(svgs) >= 3 and all("matplotlib" in x for x in svgs)   # the three plots, drawn by matplotlib
    assert "raise-below-minimum" in html or "MR01" in html   # the findings table
