"""Every notebook runs top to bottom (nbclient), on this interpreter, in a temp copy.

The kernel is this test's own Python (a kernelspec written to tmp_path), so the notebooks see
the same memlab and venv as the tests, whatever kernels the machine has registered.
"""

from __future__ import annotations

import json
import shutil
import sys
import time
from pathlib import Path

import pytest

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"
NAMES = sorted(p.name for p in NOTEBOOKS.glob("*.ipynb"))
CELL_TIMEOUT_S = 240


def _kernel_manager(tmp_path: Path):  # type: ignore[no-untyped-def]
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_client.manager import KernelManager

    spec_dir = tmp_path / "kernels" / "memlab-test"
    spec_dir.mkdir(parents=True)
    argv = [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"]
    (spec_dir / "kernel.json").write_text(
        json.dumps({"argv": argv, "display_name": "memlab", "language": "python"})
    )
    ksm = KernelSpecManager(kernel_dirs=[str(tmp_path / "kernels")], ensure_native_kernel=False)
    return KernelManager(kernel_name="memlab-test", kernel_spec_manager=ksm)


def test_the_eight_notebooks_exist() -> None:
    expected = ["01_quickstart", "02_replay", "03_ablation_retrieval", "04_decay_curves", "05_graph_explorer",
                "06_embedding_dims", "07_locomo", "08_locomo_walkthrough"]  # fmt: skip
    assert [n.removesuffix(".ipynb") for n in NAMES] == expected


@pytest.mark.parametrize("name", NAMES)
def test_committed_notebook_has_no_outputs(name: str) -> None:
    import nbformat

    nb = nbformat.read(NOTEBOOKS / name, as_version=4)
    dirty = [i for i, c in enumerate(nb.cells) if c.cell_type == "code" and (c.outputs or c.execution_count)]
    assert not dirty, f"{name}: strip outputs before committing (cells {dirty})"


@pytest.mark.slow
@pytest.mark.parametrize("name", NAMES)
def test_notebook_runs(name: str, tmp_path: Path) -> None:
    import nbformat
    from nbclient import NotebookClient

    work = tmp_path / "notebooks"
    work.mkdir()
    shutil.copy(NOTEBOOKS / name, work / name)
    nb = nbformat.read(work / name, as_version=4)
    client = NotebookClient(nb, km=_kernel_manager(tmp_path), timeout=CELL_TIMEOUT_S, allow_errors=False,
                            resources={"metadata": {"path": str(work)}})  # fmt: skip
    start = time.perf_counter()
    client.execute()  # raises CellExecutionError on the first failing cell
    elapsed = time.perf_counter() - start
    errors = [
        o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.get("output_type") == "error"
    ]
    assert not errors
    assert all(c.execution_count for c in nb.cells if c.cell_type == "code")
    print(f"{name}: {elapsed:.1f} s")
