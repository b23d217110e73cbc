# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The README's example runs as written and prints what its comments say."""
import contextlib
import io
import re
from pathlib import Path

import fast25519


def test_readme_example():
    text = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    example = blocks[0]
    assert len(example.strip().splitlines()) <= 10
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})
    lines = out.getvalue().splitlines()
    assert lines[0] == "[True, False]"
    assert lines[1] == f"{fast25519.backend()} {fast25519.__version__}"
