#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Backends are named only in their folders (DEVELOPERS.md, "Adding a backend").

  check_backends.py names ROOT
      The registry is every folder ROOT/src/backend/<name>/ holding a backend.cmake. Fails (exit 1)
      when a shared file names one of them in code (comments do not count):
        - C (.c/.h of src/ outside src/backend/ and src/tables/, of provider/): a string literal
          "<name>" or "<name>-emu", an identifier f25519_ops_<name>, F25519_HAVE_<NAME> or
          F25519_ENABLE_<NAME>; a line naming a CPU feature bit (F25519_CPU_...) may hold that
          feature's name, which can equal a backend's;
        - CMake (CMakeLists.txt, cmake/*.cmake, src/*.cmake, src/cli/ and provider/): the word
          <name> or <name>-emu, F25519_HAVE_<NAME> or F25519_ENABLE_<NAME>.
      src/arch/ (instruction-set helpers, named after the instructions), the generated tables of
      src/tables/ (one backend's data each) and tests/ (which test backends by name) are not read.
  check_backends.py selfcheck
      Runs the check on a planted tree: it must report exactly the planted names.
"""
import os
import re
import sys
import tempfile

sys.dont_write_bytecode = True
C_COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*', re.S)
CMAKE_COMMENT = re.compile(r'#[^\n]*')


def registry(root):
    d = os.path.join(root, 'src', 'backend')
    if not os.path.isdir(d):
        return []
    return sorted(n for n in os.listdir(d) if os.path.isfile(os.path.join(d, n, 'backend.cmake')))


def shared_files(root):
    for top in ('src', 'provider'):
        for d, dirs, names in os.walk(os.path.join(root, top)):
            rel = os.path.relpath(d, root).replace(os.sep, '/')
            if rel in ('src/backend', 'src/tables', 'src/arch') or rel.startswith(('src/backend/', 'src/tables/', 'src/arch/')):
                dirs[:] = []
                continue
            for n in sorted(names):
                if n.endswith(('.c', '.h')):
                    yield os.path.join(d, n), 'c'
                elif n == 'CMakeLists.txt' or n.endswith('.cmake'):
                    yield os.path.join(d, n), 'cmake'
    top = os.path.join(root, 'CMakeLists.txt')
    if os.path.isfile(top):
        yield top, 'cmake'
    cm = os.path.join(root, 'cmake')
    if os.path.isdir(cm):
        for n in sorted(os.listdir(cm)):
            if n.endswith('.cmake'):
                yield os.path.join(cm, n), 'cmake'


def keep_lines(text, comment):
    """text with comments blanked, line numbers kept."""
    return comment.sub(lambda m: '\n' * m.group(0).count('\n'), text)


def violations(root):
    names = registry(root)
    if not names:
        return None, []
    alt = '|'.join(re.escape(n) for n in names)
    ALT = '|'.join(re.escape(n.upper()) for n in names)
    macro = re.compile(r'\bF25519_(?:HAVE|ENABLE)_(?:' + ALT + r')\b')
    c_pat = re.compile(r'"(?:' + alt + r')(?:-emu)?"|\bf25519_ops_(?:' + alt + r')\b')
    cm_pat = re.compile(r'(?<![\w./-])(?:' + alt + r')(?:-emu)?(?![\w.-])')
    out = []
    for path, kind in shared_files(root):
        with open(path, encoding='utf-8', errors='replace') as f:
            text = f.read()
        code = keep_lines(text, C_COMMENT if kind == 'c' else CMAKE_COMMENT)
        for i, line in enumerate(code.split('\n'), 1):
            hits = macro.findall(line)
            if kind == 'c':
                if 'F25519_CPU_' not in line:
                    hits += c_pat.findall(line)
            else:
                hits += cm_pat.findall(line)
            for h in hits:
                out.append((os.path.relpath(path, root), i, h))
    return names, out


def check(root):
    names, bad = violations(root)
    if names is None:
        print(f'check_backends: no src/backend/*/backend.cmake under {root}')
        return 2
    for p, i, h in bad:
        print(f'NAMES A BACKEND: {p}:{i}: {h}')
    if bad:
        print(f'check_backends: FAIL: {len(bad)} place(s) outside src/backend/<name>/ name a backend '
              f'(registry: {" ".join(names)}); enumerate the registry (backends.h, F25519_ALL_BACKENDS) instead')
        return 1
    print(f'check_backends: OK (registry: {" ".join(names)}; no shared file names one)')
    return 0


def selfcheck():
    with tempfile.TemporaryDirectory() as t:
        def put(rel, s):
            p = os.path.join(t, rel)
            os.makedirs(os.path.dirname(p), exist_ok=True)
            with open(p, 'w') as f:
                f.write(s)
        put('src/backend/foo/backend.cmake', 'f25519_backend(foo PRIORITY 1 SOURCES ops_foo.c)\n')
        put('src/backend/foo/ops_foo.c', 'const char *n = "foo";\n')
        put('src/dispatch.c', '/* "foo" in a comment */\nstatic const char *a = "foo-emu";\n'
            '#if F25519_HAVE_FOO\nint x = f25519_ops_foo.n;\n#endif\nint y = F25519_CPU_FOO; /* "foo" */\n')
        put('CMakeLists.txt', '# foo in a comment\nforeach(b foo bar)\nendforeach()\n')
        names, bad = violations(t)
        got = sorted((p, i) for p, i, _ in bad)
        want = [('CMakeLists.txt', 2), ('src/dispatch.c', 2), ('src/dispatch.c', 3), ('src/dispatch.c', 4)]
        if got != want:
            print(f'check_backends selfcheck: FAIL: found {got}, planted {want}')
            return 1
    print('check_backends selfcheck: OK (the planted names found, comments and CPU feature names left)')
    return 0


def main(argv):
    if argv[:1] == ['names'] and len(argv) == 2:
        return check(argv[1])
    if argv == ['selfcheck']:
        return selfcheck()
    print(__doc__)
    return 2


if __name__ == '__main__':
    sys.exit(main(sys.argv[1:]))
