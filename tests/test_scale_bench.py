"""The scale suite on a tiny size: every resource column is recorded and both plots are written."""

from __future__ import annotations

import math
from pathlib import Path

from memlab.bench import scale as S
from memlab.config import MemoryConfig


def test_a_small_point_records_memory_reopen_and_maintenance(tmp_path: Path) -> None:
    config = MemoryConfig().replace(embedder={"name": "hashing", "dim": 32})
    settings = S.ScaleSettings(sizes=(300,), queries=3)
    rows = S.run_scale(config, settings, tmp_path / "out", progress=False)
    (row,) = rows
    assert row["size"] == 300 and row["nodes"] >= 300
    assert row["maintain_s"] is not None and row["maintain_s"] >= row["consolidate_step_s"] >= 0
    assert row["sessions"] > 0 and math.isfinite(row["sessions_per_s"])
    assert row["episodes_per_s"] >= row["sessions_per_s"]
    for key in ("ingest_peak_rss_mb", "build_peak_rss_mb", "reopen_peak_rss_mb", "reopen_open_ms",
                "reopen_first_search_ms"):  # fmt: skip
        assert math.isfinite(row[key]) and row[key] > 0, key
    assert row["reopen_first_search_ms"] >= row["reopen_open_ms"]
    path = S.write_scale_report(rows, tmp_path / "out")
    text = path.read_text(encoding="utf-8")
    assert "maintain s" in text and "sessions/s" in text
    assert (tmp_path / "out" / "plots" / "scale_resources.png").is_file()


def test_settings_read_maintain() -> None:
    assert S.settings_from({"sizes": [10], "maintain": False}).maintain is False
    assert S.settings_from({"sizes": [10]}).maintain is True
