#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Structure checks on compiled objects and libraries.

  check_objects.py cycles PATH...    PATH: object files or directories searched for *.o.
      Builds the graph "object X uses a symbol defined in object Y" from `nm`
      (defined = T/D/B/R/V/W..., undefined = U) and prints every strongly
      connected component with more than one object (a call/reference cycle).
      Exit 1 if there is any.
  check_objects.py exports PREFIX LIB...   LIB: .a or .so.
      Lists the globally visible defined symbols (`nm -g --defined-only`,
      `-D` for shared objects) that do not start with PREFIX. Exit 1 if any.
"""
import os
import subprocess
import sys


def nm_lines(args):
    out = subprocess.run(["nm"] + args, check=True, capture_output=True, text=True).stdout
    return out.splitlines()


def objects_in(paths):
    objs = []
    for p in paths:
        if os.path.isdir(p):
            for root, _, files in os.walk(p):
                objs += [os.path.join(root, f) for f in files if f.endswith(".o")]
        else:
            objs.append(p)
    return sorted(objs)


def symbols(obj):
    defined, undefined = set(), set()
    for line in nm_lines([obj]):
        parts = line.split()
        if len(parts) == 2 and parts[0] in ("U", "w", "v"):
            undefined.add(parts[1])
        elif len(parts) == 3 and parts[1].isupper() and parts[1] != "U":
            defined.add(parts[2])
    return defined, undefined


def sccs(nodes, edges):
    """Tarjan's algorithm, iterative. edges: dict node -> set(node)."""
    index, low, on, stack, out, counter = {}, {}, set(), [], [], [0]
    for root in nodes:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = counter[0]
        counter[0] += 1
        stack.append(root)
        on.add(root)
        while work:
            v, it = work[-1]
            advanced = False
            for w in it:
                if w not in index:
                    index[w] = low[w] = counter[0]
                    counter[0] += 1
                    stack.append(w)
                    on.add(w)
                    work.append((w, iter(sorted(edges[w]))))
                    advanced = True
                    break
                if w in on:
                    low[v] = min(low[v], index[w])
            if advanced:
                continue
            work.pop()
            if work:
                low[work[-1][0]] = min(low[work[-1][0]], low[v])
            if low[v] == index[v]:
                comp = []
                while True:
                    w = stack.pop()
                    on.discard(w)
                    comp.append(w)
                    if w == v:
                        break
                out.append(comp)
    return out


def cmd_cycles(paths):
    objs = objects_in(paths)
    if not objs:
        print("check_objects: no object files found in", " ".join(paths))
        return 2
    owner, uses = {}, {}
    short = {o: os.path.relpath(o, os.path.commonpath(objs)) if len(objs) > 1 else o for o in objs}
    for o in objs:
        d, u = symbols(o)
        uses[o] = u
        for s in d:
            owner.setdefault(s, o)
    edges = {o: {owner[s] for s in uses[o] if s in owner and owner[s] != o} for o in objs}
    bad = [c for c in sccs(objs, edges) if len(c) > 1]
    print(f"check_objects: {len(objs)} objects, {sum(len(e) for e in edges.values())} edges")
    for c in bad:
        members = set(c)
        print("CYCLE between:", ", ".join(sorted(short[o] for o in c)))
        for o in sorted(c):
            for s in sorted(uses[o]):
                if owner.get(s) in members and owner[s] != o:
                    print(f"    {short[o]} -> {short[owner[s]]} ({s})")
    if bad:
        print(f"check_objects: FAIL: {len(bad)} cycle(s)")
        return 1
    print("check_objects: ok: no cycles")
    return 0


def cmd_exports(prefix, libs):
    bad = 0
    for lib in libs:
        args = ["-g", "--defined-only"] + (["-D"] if ".so" in os.path.basename(lib) else []) + [lib]
        names = set()
        for line in nm_lines(args):
            parts = line.split()
            if len(parts) == 3:
                names.add(parts[2])
        others = sorted(n for n in names if not n.startswith(prefix))
        print(f"check_objects: {lib}: {len(names)} global symbols, {len(others)} without '{prefix}'")
        for n in others:
            print("   ", n)
        bad += len(others)
    if bad:
        print("check_objects: FAIL")
        return 1
    print("check_objects: ok")
    return 0


def main(argv):
    if len(argv) >= 2 and argv[0] == "cycles":
        return cmd_cycles(argv[1:])
    if len(argv) >= 3 and argv[0] == "exports":
        return cmd_exports(argv[1], argv[2:])
    print(__doc__)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
