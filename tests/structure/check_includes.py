#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Include structure of the sources (DEVELOPERS.md, "Layers call only downwards").

  check_includes.py ROOT [ROOT...]
      Reads every `#include "..."` of the .c/.h files under each ROOT (resolved against the
      including file's folder, then the ROOT), and fails (exit 1) when
        - the quoted includes form a cycle (header A includes B includes ... A), or
        - a file includes a file of a higher layer. Layers of the library (src/), low to high:
            common/, arch/                       0
            field/, scalar/, hash/               1
            point/                               2
            scalarmult/, tables/                 3
            ops.h                                4
            dispatch.c, x25519.c, ed25519.c,
            strerror.c                           5
            cli/                                 6
          A backend's folder backend/<name>/ holds files of several layers, ranked by name:
            fe*, sha512* 1; ge* 2; ops_* 4; the others (scalar multiplication) 3.
          Files outside src/ (the provider) are not ranked; only their cycles are checked.
Prints each violation; a cycle is listed by its files.
"""
import os
import re
import sys

sys.dont_write_bytecode = True  # no __pycache__ in the source tree
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from check_objects import sccs  # noqa: E402 (the one Tarjan of tests/structure)

INC = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
RANKS = [("common/", 0), ("arch/", 0), ("field/", 1), ("scalar/", 1), ("hash/", 1),
         ("point/", 2), ("scalarmult/", 3), ("tables/", 3), ("ops.h", 4), ("dispatch.c", 5),
         ("x25519.c", 5), ("ed25519.c", 5), ("strerror.c", 5), ("cli/", 6)]


BACKEND_RANKS = [("fe", 1), ("sha512", 1), ("ge", 2), ("ops_", 4)]


def rank(rel):
    parts = rel.split("/")
    if parts[0] == "backend" and len(parts) == 3:
        for prefix, r in BACKEND_RANKS:
            if parts[2].startswith(prefix):
                return r
        return 3
    for prefix, r in RANKS:
        if rel.startswith(prefix):
            return r
    return None


def scan(root):
    files = {}
    for d, _, names in os.walk(root):
        for n in names:
            if n.endswith((".c", ".h")):
                p = os.path.normpath(os.path.join(d, n))
                with open(p, encoding="utf-8", errors="replace") as f:
                    files[p] = INC.findall(f.read())
    edges = {}
    for p, incs in files.items():
        out = set()
        for inc in incs:
            for base in (os.path.dirname(p), root):
                q = os.path.normpath(os.path.join(base, inc))
                if q in files:
                    out.add(q)
                    break
        edges[p] = out
    return edges


def cycles(edges):
    """Include cycles: strongly connected components (check_objects.sccs) of more than one
    file, and files that include themselves."""
    comps = sccs(sorted(edges), edges)
    return [sorted(c) for c in comps if len(c) > 1 or c[0] in edges[c[0]]]


def main(roots):
    if not roots:
        print(__doc__)
        return 2
    bad = 0
    for root in roots:
        root = os.path.normpath(root)
        edges = scan(root)
        if not edges:
            print(f"check_includes: no sources under {root}")
            return 2
        for comp in cycles(edges):
            bad += 1
            print("INCLUDE CYCLE:", ", ".join(os.path.relpath(p, root) for p in comp))
        if os.path.basename(root) == "src":
            for p, outs in sorted(edges.items()):
                rp = os.path.relpath(p, root)
                for q in sorted(outs):
                    rq = os.path.relpath(q, root)
                    a, b = rank(rp), rank(rq)
                    if a is not None and b is not None and b > a:
                        bad += 1
                        print(f"LAYER: {rp} (layer {a}) includes {rq} (layer {b})")
        print(f"check_includes: {root}: {len(edges)} files")
    if bad:
        print(f"check_includes: FAIL: {bad} violation(s)")
        return 1
    print("check_includes: OK (no include cycle, no upward include)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
