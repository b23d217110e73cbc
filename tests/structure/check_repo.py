#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Repository checks that need no build.

usage: check_repo.py spdx ROOT       every source file under src/, provider/, include/, tests/,
                                     scripts/, tools/, bench/, bindings/, examples/, packaging/,
                                     cmake/ carries an SPDX-License-Identifier line in its first
                                     lines (data files excepted: the external vectors, fuzz
                                     regression inputs, lock and checksum files, marker files, images)
       check_repo.py wording ROOT    README.md, DEVELOPERS.md, CHANGELOG.md and docs/ describe the
                                     software, not its development: no numbered work periods
                                     ("Eleventh session"), no issue numbers, no path into ../shared;
                                     source comments neither reference issues nor ../shared
       check_repo.py selfcheck       both checks flag planted violations in a temporary tree
Exit status 0 when clean, 1 with one line per finding."""
import os
import re
import subprocess
import sys
import tempfile

SOURCE_DIRS = ("src", "provider", "include", "tests", "scripts", "tools", "bench", "bindings", "examples", "packaging", "cmake")
DATA = re.compile(r"(^|/)tests/vectors/(rfc|wycheproof|speccheck|zip215|supercop)/|(^|/)tests/fuzz/regress/"
                  r"|Cargo\.lock$|go\.sum$|py\.typed$|\.(png|jpg|svg|dat|json|bin|der|pem|gz)$|(^|/)LICENSE[^/]*$")
SKIP_DIRS = {".git", "target", "__pycache__", "node_modules", ".pytest_cache"}
SPDX = "SPDX-License-Identifier:"

ORDINALS = ("first|second|third|fourth|fifth|sixth|seventh|eighth|ninth|tenth|eleventh|twelfth|"
            "thirteenth|fourteenth|fifteenth|sixteenth|seventeenth|eighteenth|nineteenth|twentieth")
JOURNAL = [
    (re.compile(r"\b(%s|\d+(st|nd|rd|th))\s+session\b" % ORDINALS, re.I), "a numbered work period"),
    (re.compile(r"\bsession\s+\d+\b", re.I), "a numbered work period"),
    (re.compile(r"\bissues?\s+#?\d+\b", re.I), "an issue number"),
    (re.compile(r"\.\./shared\b|\bshared/(testvectors|papers)\b"), "a path outside the repository"),
]
CODE_JOURNAL = JOURNAL[1:]  # comments may say "session" (a TLS session), never an issue or ../shared


def tracked_files(root, dirs):
    """The files of dirs under root: git's list when root is a checkout, else a walk."""
    if os.path.isdir(os.path.join(root, ".git")):
        try:
            out = subprocess.run(["git", "-C", root, "ls-files", "-z", "--", *dirs],
                                 capture_output=True, check=True).stdout
            return [f for f in out.decode().split("\0") if f and os.path.isfile(os.path.join(root, f))]
        except (OSError, subprocess.CalledProcessError):
            pass
    files = []
    for d in dirs:
        top = os.path.join(root, d)
        if os.path.isfile(top):
            files.append(d)
            continue
        for base, subdirs, names in os.walk(top):
            subdirs[:] = [s for s in subdirs if s not in SKIP_DIRS and not s.startswith("build")]
            files += [os.path.relpath(os.path.join(base, n), root) for n in names]
    return sorted(files)


def check_spdx(root):
    bad = []
    for f in tracked_files(root, SOURCE_DIRS):
        if DATA.search(f):
            continue
        try:
            with open(os.path.join(root, f), encoding="utf-8") as fh:
                head = "".join(fh.readline() for _ in range(3))
        except UnicodeDecodeError:
            continue  # binary data
        if SPDX not in head:
            bad.append(f"{f}: no {SPDX} line in its first three lines")
    return bad


def scan(path, rel, patterns):
    bad = []
    with open(path, encoding="utf-8", errors="replace") as fh:
        for n, line in enumerate(fh, 1):
            for rx, what in patterns:
                m = rx.search(line)
                if m:
                    bad.append(f"{rel}:{n}: {what}: '{m.group(0)}'")
    return bad


def check_wording(root):
    bad = []
    docs = [f for f in ("README.md", "DEVELOPERS.md", "CHANGELOG.md") if os.path.isfile(os.path.join(root, f))]
    docs += [f for f in tracked_files(root, ("docs",)) if f.endswith(".md")]
    for f in docs:
        bad += scan(os.path.join(root, f), f, JOURNAL)
    for f in tracked_files(root, SOURCE_DIRS):
        if DATA.search(f) or f.startswith("tests/structure/"):
            continue
        try:
            bad += scan(os.path.join(root, f), f, CODE_JOURNAL)
        except UnicodeDecodeError:
            pass
    return bad


def selfcheck():
    with tempfile.TemporaryDirectory() as t:
        os.makedirs(os.path.join(t, "src"))
        os.makedirs(os.path.join(t, "docs"))
        with open(os.path.join(t, "src", "ok.c"), "w") as fh:
            fh.write("/* %s Apache-2.0 OR MIT */\nint x;\n" % SPDX)
        with open(os.path.join(t, "src", "bad.c"), "w") as fh:
            fh.write("int y;\n")
        with open(os.path.join(t, "README.md"), "w") as fh:
            fh.write("# x\nIn the Eleventh session we measured this.\n")
        with open(os.path.join(t, "docs", "a.md"), "w") as fh:
            fh.write("See issue 12 and ../shared/testvectors.\n")
        spdx, wording = check_spdx(t), check_wording(t)
        ok = (len(spdx) == 1 and "bad.c" in spdx[0] and len(wording) == 3)
        for line in spdx + wording:
            print("planted:", line)
        print("selfcheck:", "the planted violations are found" if ok else "MISSED a planted violation")
        return 0 if ok else 1


def main():
    if len(sys.argv) == 2 and sys.argv[1] == "selfcheck":
        sys.exit(selfcheck())
    if len(sys.argv) != 3 or sys.argv[1] not in ("spdx", "wording"):
        sys.exit(__doc__)
    root = os.path.abspath(sys.argv[2])
    bad = check_spdx(root) if sys.argv[1] == "spdx" else check_wording(root)
    for line in bad:
        print(line)
    print(f"check_repo {sys.argv[1]}: {len(bad)} finding(s)")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
