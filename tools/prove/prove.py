#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Machine-checked field arithmetic: reads src/field/bounds.toml,
compiles each routine's C unit with clang 14 to LLVM IR (the build's flags),
executes the IR symbolically (engine.py) and prints a table routine x property.

  prove.py [--root DIR] [--bounds FILE] [--only NAME,...] [--json FILE]

Exit status 0 iff every property of every selected routine is proved.
Nothing is cached: every run recompiles every unit from the sources given.
"""
import argparse
import json
import os
import re
import subprocess
import sys
import tempfile
import time
import tomllib

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import z3  # noqa: E402
import sympy  # noqa: E402
from engine import P, Poly, S, Machine, Interp, Memory, Unsupported  # noqa: E402,F401
from llir import Module  # noqa: E402
import asm_loop  # noqa: E402
import asm_ladder  # noqa: E402
import loops  # noqa: E402
import signed  # noqa: E402

# The build's flags (CMakeLists.txt: C11 with GNU extensions, Release = -O2, PIC,
# hidden visibility, the src/ include path); vector code gets its ISA from the
# per-function target attributes, as in the build.
CFLAGS = ['-std=gnu11', '-O2', '-fPIC', '-fvisibility=hidden', '-Wall', '-Wextra', '-Wno-unused-function',
          '-Wno-unused-parameter', '-DF25519_HAVE_IFMA=1']

ELEM = {  # type: (limbs, lanes, radix bits, cell bytes)
    'fe51': (5, 1, 51, 8), 'fe51x8': (5, 8, 51, 8), 'fe51x4': (5, 4, 51, 8),
    'fe64': (4, 1, 64, 8), 'fe64x8': (4, 8, 64, 8), 'bytes32': (32, 1, 8, 1),
    'fe25x4': (10, 4, 25.5, 8),   # radix 2^25.5: limb i at bit ceil(25.5 i)
    # arrays of 4 one-lane elements (fe51 out[4], uint8_t s[4][32]): "lane" l = element l
    'fe51_4': (5, 4, 51, 8), 'bytes32_4': (32, 4, 8, 1), 'bytes32_8': (32, 8, 8, 1),
    # two fe51x8 elements (fe51x8 h[2], the lock-step helpers): lane l = lane l % 8 of h[l / 8]
    'fe51x8_2': (5, 16, 51, 8),
}
AOS = {'fe51_4', 'bytes32_4', 'bytes32_8'}   # element after element, not limb after limb
ARRAY = {'fe51x8_2': ('fe51x8', 2)}   # arrays of vector elements: (element type, count)


def cell_off(ty, i, l):
    """Byte offset of limb i of lane (or array element) l."""
    limbs, lanes, radix, cb = ELEM[ty]
    if ty in ARRAY:
        k = ELEM[ARRAY[ty][0]][1]
        return ((l // k) * limbs * k + i * k + l % k) * cb
    return ((l * limbs + i) if ty in AOS else (i * lanes + l)) * cb


def cell_il(ty, off):
    """(limb, lane) of a byte offset (inverse of cell_off)."""
    limbs, lanes, radix, cb = ELEM[ty]
    idx = off // cb
    if ty in ARRAY:
        k = ELEM[ARRAY[ty][0]][1]
        e, r = divmod(idx, limbs * k)
        return r // k, e * k + r % k
    return (idx % limbs, idx // limbs) if ty in AOS else (idx // lanes, idx % lanes)


def weight(ty, i):
    """Bit position of limb i of an element of type ty."""
    radix = ELEM[ty][2]
    return (51 * i + 1) // 2 if radix == 25.5 else radix * i


def find_clang():
    for c in ('clang-14', 'clang'):
        try:
            out = subprocess.run([c, '--version'], capture_output=True, text=True).stdout
            if 'version 14' in out:
                return c
        except FileNotFoundError:
            pass
    sys.exit('prove: clang 14 not found (Debian 12: apt-get install clang)')


def bexpr(s, defs):
    """Evaluate a bound expression: integers, names from [defs], ^ * / + - ( )."""
    s = s.strip()
    for _ in range(5):
        s2 = re.sub(r'\b([A-Za-z_]\w*)\b', lambda m: '(%s)' % defs[m.group(1)] if m.group(1) in defs else m.group(1), s)
        if s2 == s:
            break
        s = s2
    if not re.fullmatch(r'[\d\s^*/+\-()p]*', s):
        raise ValueError('bad bound expression: ' + s)
    s = s.replace('^', '**').replace('/', '//')
    return eval(s, {'__builtins__': {}}, {'p': P})


def parse_bound(s, defs, limbs):
    """'< X' | '<= X' | '< [X0, ...]' -> list of exclusive upper bounds per limb."""
    m = re.match(r'\s*(?:\w+\s*)?(<=|<)\s*(.*)$', s)
    op, rest = m.group(1), m.group(2).strip()
    if rest in defs and defs[rest].strip().startswith('['):
        rest = defs[rest].strip()
    if rest.startswith('['):
        vals = [bexpr(x, defs) for x in rest[1:-1].split(',')]
        assert len(vals) == limbs, s
    else:
        vals = [bexpr(rest, defs)] * limbs
    return [v + 1 if op == '<=' else v for v in vals]


def parse_arg(a, defs):
    m = re.match(r'\s*(\w+)\s*:\s*(in|out)?\s*(\w+)\s*(.*)$', a)
    name, io, ty, rest = m.group(1), m.group(2), m.group(3), m.group(4).strip()
    d = {'name': name, 'io': io, 'ty': ty}
    if ty in ELEM:
        d['bound'] = parse_bound(rest, defs, ELEM[ty][0]) if rest else [1 << (8 * ELEM[ty][3])] * ELEM[ty][0]
    elif ty in ('u32', 'u64'):
        d['bound'] = parse_bound(rest, defs, 1)[0]
    elif ty == 'mask8':
        d['value'] = bexpr(rest.lstrip('='), defs)
    else:
        raise ValueError('arg type ' + ty)
    return d


def route_args(r, defs):
    """The routine's arguments; an output's bound is the routine's `out` (when given)."""
    args = [parse_arg(a, defs) for a in r['args']]
    for a in args:
        if a['io'] == 'out' and a['ty'] in ELEM and 'out' in r:
            a['bound'] = parse_bound(r['out'], defs, ELEM[a['ty']][0])
    return args


class Compiler:
    def __init__(self, root, tmp):
        self.root, self.tmp, self.cc = root, tmp, find_clang()
        self.mods = {}

    def module(self, unit):
        if unit not in self.mods:
            out = os.path.join(self.tmp, unit.replace('/', '_') + '.ll')
            cmd = [self.cc] + CFLAGS + ['-I', os.path.join(self.root, 'src'), '-S', '-emit-llvm',
                                        os.path.join(self.root, unit), '-o', out]
            r = subprocess.run(cmd, capture_output=True, text=True)
            if r.returncode:
                raise RuntimeError('compile %s failed:\n%s' % (unit, r.stderr))
            self.mods[unit] = Module(open(out).read())
        return self.mods[unit]


def elem_value(cells_of, ty, lane):
    limbs, lanes, radix, cb = ELEM[ty]
    v = Poly()
    for i in range(limbs):
        v = v + cells_of(i, lane).poly.scale(1 << weight(ty, i))
    return v


def zval_elem(a, mem, l=0):
    limbs, lanes, radix, cb = ELEM[a['ty']]
    W = 320
    v = z3.BitVecVal(0, W)
    for i in range(limbs):
        c = mem.cells[cell_off(a['ty'], i, l)]
        v = v + (z3.ZeroExt(W - c.w, c.z) << weight(a['ty'], i))
    return v


def residual_mod_p(res):
    """None if res is in the ideal (p); else res with its coefficients reduced mod p
    (symmetric), as a Poly."""
    if not res.t:
        return None
    # the generators: only the atoms that occur (sympy's dense form recurses per generator)
    ids = sorted({a for m in res.t for a in m})
    pos = {a: k for k, a in enumerate(ids)}
    xs = sympy.symbols('x0:%d' % max(len(ids), 1))
    terms = {}
    for m, c in res.t.items():
        e = [0] * len(xs)
        for a in m:
            e[pos[a]] += 1
        terms[tuple(e)] = c
    red = sympy.Poly.from_dict(terms, *xs, domain=sympy.ZZ).trunc(P)
    if red.is_zero:
        return None
    out = {}
    for e, c in red.terms():
        mono = tuple(ids[i] for i, k in enumerate(e) for _ in range(k))
        out[mono] = int(c)
    return Poly(out)


def zero_by_z3(mach, left, W=512):
    """left(atoms) = 0 for every input within bounds (exact: W bits hold every term).
    Only for a linear remainder (a relation between carries/quotients, as in the
    canonical reduction); a remainder with products is reported at once."""
    if any(len(mono) > 1 for mono in left.t):
        return False
    tot = z3.BitVecVal(0, W)
    for mono, c in left.t.items():
        t = z3.BitVecVal(c % (1 << W), W)
        for a in mono:
            z = mach.atoms[a][3]
            t = t * z3.ZeroExt(W - z.size(), z)
        tot = tot + t
    return mach.z3_prove(tot == 0, timeout_ms=10000, fallback=False)


def residual_zero_mod_p(res):
    """Ideal membership res in (p) over Z[atoms]: every coefficient divisible by p
    (sympy does the reduction of the polynomial with the atoms as generators)."""
    if not res.t:
        return True
    nv = 1 + max((a for m in res.t for a in m), default=0)
    xs = sympy.symbols('x0:%d' % max(nv, 1))
    terms = {}
    for m, c in res.t.items():
        e = [0] * len(xs)
        for a in m:
            e[a] += 1
        terms[tuple(e)] = c
    poly = sympy.Poly.from_dict(terms, *xs, domain=sympy.ZZ)
    return poly.trunc(P).is_zero


def layout(ty):
    """(limbs, lanes, cell bytes, bit weight of each limb, offset(limb, lane)) of a type."""
    limbs, lanes, radix, cb = ELEM[ty]
    return limbs, lanes, cb, [weight(ty, i) for i in range(limbs)], lambda i, l: cell_off(ty, i, l)


def callable_spec(r, args):
    """A proved routine that other routines may call (a call is then modelled by its
    proved bounds and congruence, engine.call_proved): a library function (not a
    proof-unit wrapper) with one input and one output and the spec `out = in`."""
    if not r['unit'].startswith('src/') or isinstance(r['spec'], list):
        return None
    mod255 = False
    if r.get('mode') == 'bits':
        # fe51_frombytes: out = in mod 2^255 (proved bit-precisely)
        io = [a for a in args if a['ty'] in ELEM]
        if len(io) != 2 or not re.fullmatch(r'\s*%s\s*=\s*%s\s+mod\s+2\^255\s*' % (io[0]['name'], io[1]['name']),
                                           r['spec']):
            return None
        if ELEM[io[1]['ty']][2] * (ELEM[io[1]['ty']][0] - 1) + 8 * ELEM[io[1]['ty']][3] != 256:
            return None
        return {'args': args, 'layout': layout, 'canonical': False, 'mod255': True}
    io = [a for a in args if a['ty'] in ELEM]
    if len(io) != len(args) or len(io) != 2 or [a['io'] for a in io] != ['out', 'in']:
        return None
    if not re.fullmatch(r'\s*%s\s*=\s*%s\s*' % (io[0]['name'], io[1]['name']), r['spec']):
        return None
    return {'args': args, 'layout': layout, 'canonical': bool(r.get('canonical'))}


def run_routine(comp, r, defs, callees=None):
    """Returns {'a': (ok, msg), 'b': ..., 'c': ..., 'time': s}."""
    t0 = time.time()
    res = {}
    mod = comp.module(r['unit'])
    fname = r.get('function', r['name'])
    if fname not in mod.funcs:
        raise RuntimeError('%s: no function %s in %s' % (r['name'], fname, r['unit']))
    fn = mod.funcs[fname]
    mach = Machine(r['name'])
    bits = r.get('mode') in ('bits', 'pred')
    mach.bits_only = bits
    args = route_args(r, defs)
    if len(args) != len(fn.params):
        raise RuntimeError('%s: %d args in bounds.toml, %d in the IR' % (r['name'], len(args), len(fn.params)))
    models, mems = {}, {}
    for a, (pname, pt) in zip(args, fn.params):
        if a['ty'] in ELEM:
            limbs, lanes, radix, cb = ELEM[a['ty']]

            def make(off, a=a, lanes=lanes, cb=cb):
                i, l = cell_il(a['ty'], off)
                if i >= len(a['bound']) or l >= lanes or off % cb:
                    raise Unsupported('read outside %s at +%d' % (a['name'], off))
                nm = '%s%d' % (a['name'], i) + ('_%d' % l if lanes > 1 else '')
                return mach.input(nm, 8 * cb, 0, a['bound'][i] - 1)
            mem = Memory(a['name'], 'in' if a['io'] == 'in' else 'out', cb, make)
            mems[a['name']] = (a, mem)
            models[pname] = mem
        elif a['ty'] in ('u32', 'u64'):
            w = 32 if a['ty'] == 'u32' else 64
            models[pname] = mach.input(a['name'], w, 0, a['bound'] - 1)
        else:
            models[pname] = mach.const(8, a['value'])
    # the in-place check (an input read after an output store to the same offset)
    # applies to an input of the same type as an output: only then can a caller
    # pass the same pointer for both
    out_tys = {a['ty'] for a, _ in mems.values() if a['io'] == 'out'}
    for a, mem in mems.values():
        mem.inplace = a['ty'] in out_tys
    it = Interp(mach, fn, models, allow_wrap=('shl',) if bits else tuple(r.get('wrap', ())))
    it.callees = {c: callees[c] for c in r.get('calls', []) if c in (callees or {})}
    for c in r.get('calls', []):
        if c not in it.callees:
            msg = 'calls %s, which is not proved (or not callable)' % c
            return {'a': (False, msg), 'b': (False, msg), 'c': (False, msg), 'time': time.time() - t0}
    # instantiate every input limb up front (atoms in a fixed order)
    for name, (a, mem) in mems.items():
        if a['io'] == 'in':
            limbs, lanes, radix, cb = ELEM[a['ty']]
            for i in range(limbs):
                for l in range(lanes):
                    mem.cell(it, cell_off(a['ty'], i, l))
    try:
        it.run()
    except Unsupported as e:
        msg = 'not modelled: %s' % e
        return {'a': (False, msg), 'b': (False, msg), 'c': (False, msg), 'time': time.time() - t0}
    if r.get('mode') == 'pred':
        return pred_spec(mach, it, mems, r, t0)
    res['a'] = (not mach.fail_a, '; '.join(mach.fail_a[:3]))
    outs = [(a, mem) for a, mem in mems.values() if a['io'] == 'out']
    # (b) output bounds
    bad = []
    for a, mem in outs:
        limbs, lanes, radix, cb = ELEM[a['ty']]
        for i in range(limbs):
            for l in range(lanes):
                off = cell_off(a['ty'], i, l)
                if off not in mem.cells or mem.cells[off] is None:
                    bad.append('%s limb %d lane %d not written' % (a['name'], i, l))
                    continue
                c = mem.cells[off]
                if c.hi >= a['bound'][i]:
                    z = z3.ULT(c.z, a['bound'][i]) if a['bound'][i] < (1 << c.w) else z3.BoolVal(True)
                    if not mach.z3_prove(z):
                        bad.append('%s%d lane %d: may reach %s, bound < %s' % (
                            a['name'], i, l, _fmt(c.hi), _fmt(a['bound'][i])))
    res['b'] = (not bad, '; '.join(bad[:3]))
    # (c) congruence (one spec per output: "h = f * g"; a list for several outputs)
    specs = r['spec'] if isinstance(r['spec'], list) else [r['spec']]
    ok, why = True, ''
    zero = getattr(mach, 'zero_atoms', set())
    for spec in specs:
        m = re.match(r'\s*(\w+)\s*=\s*(.*)$', spec)
        oname, rhs = m.group(1), m.group(2).strip()
        oa, omem = mems[oname]
        limbs, lanes, radix, cb = ELEM[oa['ty']]
        if bits:
            ok2, why2 = bits_spec(mach, mems, oa, omem, rhs)
            ok, why = ok and ok2, why or why2
            continue
        for l in range(lanes):
            env = {}
            for name, (a, mem) in mems.items():
                if a['io'] == 'in':
                    env[name] = elem_value(lambda i, l2, a=a, mem=mem: mem.cells[cell_off(a['ty'], i, l2)], a['ty'], l)
            for a in args:
                if a['ty'] in ('u32', 'u64'):
                    env[a['name']] = models[[p for (p, _), b in zip(fn.params, args) if b is a][0]].poly
            try:
                out_v = elem_value(lambda i, l2: omem.cells[cell_off(oa['ty'], i, l2)], oa['ty'], l)
            except (KeyError, AttributeError):
                ok, why = False, 'output not fully written'
                break
            m255 = re.fullmatch(r'(\w+)\s+mod\s+2\^255', rhs)
            if m255:  # the input without its bit 255 (the top bit of its top cell)
                ia, imem = mems[m255.group(1)]
                il, _, _, icb = ELEM[ia['ty']]
                topc = imem.cells[cell_off(ia['ty'], il - 1, l)]
                want = env[m255.group(1)] - mach.floor_div(topc, 8 * icb - 1).poly.scale(1 << 255)
            else:
                want = eval(rhs, {'__builtins__': {}}, env)
            resid = out_v - want
            if zero:  # carries proved 0 (asm: dropped carries)
                resid = Poly({mo: c for mo, c in resid.t.items() if not (set(mo) & zero)})
            left = residual_mod_p(resid)
            if left is not None:
                # not in the ideal (p) by the exact equations alone: the remainder may
                # still vanish by a relation between atoms that only the bit-level
                # semantics knows (e.g. the canonical reduction's q = final carry):
                # ask z3 whether the remainder is 0 for every input within bounds
                if not zero_by_z3(mach, left):
                    ok = False
                    why = '%s lane %d: output - (%s) is not a multiple of p (%d terms left)' % (oname, l, rhs, len(left.t))
                    break
                res['c_note'] = 'remainder %d terms = 0 by z3' % len(left.t)
        if ok and r.get('canonical'):
            for l in range(lanes):
                out_z = zval_elem(oa, omem, l)
                if not mach.z3_prove(z3.ULT(out_z, P), timeout_ms=60000, fallback=False):
                    ok, why = False, 'z3 could not prove the output < p (canonical), lane %d' % l
                    break
    res['c'] = (ok, why)
    res['time'] = time.time() - t0
    res['z3'] = mach.z3_queries
    return res


def pred_spec(mach, it, mems, r, t0):
    """mode = "pred": a truth value of an encoding (fe51_iszero, _isnegative,
    _is_canonical), bit-precise in z3; the calls of proved routines are facts
    (engine.call_proved: fe51_tobytes's canonical output c < p with c = f - p k,
    fe51_frombytes's t = s mod 2^255). (b) the result is 0 or 1; (c) the spec:
      ret = iszero(f):     ret = 1 iff the canonical encoding c of f is 0 (f = 0 mod p)
      ret = isnegative(f): ret = bit 0 of the canonical encoding of f
      ret = canonical(s):  ret = 1 iff s mod 2^255 < p"""
    res = {'a': (not mach.fail_a, '; '.join(mach.fail_a[:3]))}
    rv = getattr(it, 'retval', None)
    if rv is None:
        e = (False, 'no return value')
        return {'a': res['a'], 'b': e, 'c': e, 'time': time.time() - t0}
    W = rv.w
    ok_b = mach.z3_prove(z3.ULE(rv.z, 1), timeout_ms=20000, fallback=False)
    res['b'] = (ok_b, '' if ok_b else 'the result may be other than 0 or 1')
    m = re.fullmatch(r'\s*ret\s*=\s*(iszero|isnegative|canonical)\((\w+)\)\s*', r['spec'])
    a, mem = mems[m.group(2)]
    vin = zval_elem(a, mem)
    calls = [c for c in getattr(it, 'call_outputs', []) if c[1].get('canonical')]
    one, zero = z3.BitVecVal(1, W), z3.BitVecVal(0, W)
    if m.group(1) == 'canonical':
        claim = rv.z == z3.If(z3.ULT(vin & ((1 << 255) - 1), P), one, zero)
    elif len(calls) != 1:
        res['c'] = (False, '%d canonical encodings of the input (want 1)' % len(calls))
        res['time'] = time.time() - t0
        return res
    else:
        _, _, tin, tout = calls[0]
        if m.group(1) == 'iszero':
            claim = z3.And(tin == vin, rv.z == z3.If(tout == 0, one, zero))
        else:
            claim = z3.And(tin == vin, rv.z == z3.ZeroExt(W - 1, z3.Extract(0, 0, tout)))
    ok = ok_b and mach.z3_prove(claim, timeout_ms=60000, fallback=False)
    res['c'] = (ok, '' if ok else 'z3 could not prove ' + r['spec'] if ok_b else 'not a truth value')
    res['time'] = time.time() - t0
    res['z3'] = mach.z3_queries
    return res


def bits_spec(mach, mems, oa, omem, rhs):
    """Bit-precise claims for the encodings (z3 on the bit-vector view)."""
    def zval(a, mem):
        limbs, lanes, radix, cb = ELEM[a['ty']]
        W = 320
        v = z3.BitVecVal(0, W)
        for i in range(limbs):
            c = mem.cells[i * cb]
            v = v + (z3.ZeroExt(W - c.w, c.z) << weight(a['ty'], i))
        return v
    try:
        out = zval(oa, omem)
    except KeyError:
        return (False, 'output not fully written')
    ins = [(a, mem) for a, mem in mems.values() if a['io'] == 'in']
    a, mem = ins[0]
    vin = zval(a, mem)
    if rhs.endswith('canonical'):
        # in mod p without a 320-bit division (z3 times out on URem): fold the
        # bits >= 2^255 twice with 2^255 = 19 (mod p), each fold an identity mod p,
        # leaving v2 < 2^255 + 2^5 < 2p; then subtract p once if v2 >= p.
        def fold(v):
            return (v & ((1 << 255) - 1)) + z3.LShR(v, 255) * 19
        v2 = fold(fold(vin))
        ref = z3.If(z3.UGE(v2, P), v2 - P, v2)
        claim = z3.And(out == ref, z3.ULT(out, P))
        what = 'out = in mod p, canonical (< p)'
    elif rhs.endswith('mod 2^255'):
        claim = out == (vin & ((1 << 255) - 1))
        what = 'out = in mod 2^255'
    else:
        return (False, 'unknown bits spec ' + rhs)
    ok = mach.z3_prove(claim, timeout_ms=20000, fallback=False)
    return (ok, '' if ok else 'z3 could not prove ' + what)


def _fmt(x):
    """x as 2^k + d (or 2^k - d) when that is short."""
    k = max(0, round(_lg(x))) if x > 0 else 0
    d = x - (1 << k)
    return '2^%d' % k + ('' if d == 0 else ' %s %d' % ('+' if d > 0 else '-', abs(d)))


def _lg(x):
    import math
    return math.log2(x) if x > 0 else float('-inf')


# ---------------------------------------------------------------- chains
def run_chain(comp, ch, defs, proved, lane=None):
    """The exponentiation chain of ch['name'] as compositions of proved mul/sqr:
    the function body after preprocessing (pow_chain.h expanded), each MUL/SQR/SQRN
    call mapped to the proved routine; exponents tracked symbolically.
    const_lanes = L: L chains written with constant lane indices (fe64's
    FE64X2_MUL_: (mul(&h[0], ..), mul(&h[1], ..))): each lane's calls (every operand
    at that index; a call mixing lanes is an error) checked as one chain; the
    helper lanes_sqrn (sqr2_n) squares every lane n times: its body is checked
    to be exactly sqr(h[l], f[l]) for each l, then n - 1 times sqr(h[l], h[l])."""
    t0 = time.time()
    if ch.get('const_lanes') and lane is None:
        subs = [run_chain(comp, ch, defs, proved, lane=l) for l in range(ch['const_lanes'])]
        herr = _check_lanes_sqrn(comp, ch)
        out = {k: (all(x[k][0] for x in subs) and (k != 'a' or not herr),
                   '; '.join([herr] * (k == 'a' and bool(herr)) + ['lane %d: %s' % (l, x[k][1])
                                                                   for l, x in enumerate(subs) if not x[k][0]]))
               for k in 'abc'}
        out['time'] = time.time() - t0
        out['steps'] = sum(x.get('steps', 0) for x in subs)
        return out
    src = os.path.join(comp.root, ch['unit'])
    r = subprocess.run([comp.cc] + CFLAGS + ['-I', os.path.join(comp.root, 'src'), '-E', '-P', src],
                       capture_output=True, text=True)
    if r.returncode:
        return {'a': (False, r.stderr[:200]), 'b': (False, ''), 'c': (False, ''), 'time': 0}
    text = r.stdout
    m = re.search(r'\b(?:void|int)\s+%s\s*\([^)]*\)\s*\{' % re.escape(ch['name']), text)
    if not m:
        return {'a': (False, 'function not found'), 'b': (False, ''), 'c': (False, ''), 'time': 0}
    depth, i = 1, m.end()
    while depth:
        depth += {'{': 1, '}': -1}.get(text[i], 0)
        i += 1
    body = text[m.end():i - 1]
    lane_mix = []
    if lane is not None:
        body, lane_mix = _lane_body(body, lane, ch)
    params = re.findall(r'\*\s*(\w+)', text[m.start():m.end()])
    out_name = ch['out_var'] if 'out_var' in ch else params[0]
    z_name = ch['in_var'] if 'in_var' in ch else params[-1]
    calls = ch.get('calls', {})
    ops = ch.get('ops', {})
    mul_fns = calls.get('mul', [ch['mul'], ch['mul'].replace('fe51_', 'fe51i_')])
    sqr_fns = calls.get('sqr', [ch['sqr'], ch['sqr'].replace('fe51_', 'fe51i_')])
    sqrn_fns = calls.get('sqrn', ['fe51_sqr_n', 'sqr_n', 'fe4_sqr_n'])

    def norm(x):
        x = re.sub(r'\[\s*\w+\s*\]', '', x)
        return re.sub(r'[&()\s]', '', x)
    # lock-step chains (fe4_invert2, f25519_fe25x4_invert2): N arrays of elements, every
    # MUL/SQR/SQRN of pow_chain.h applied to each index i_ < N. Each lane is the same
    # chain when every call of a mul/sqr sits in `for (i_ = 0; i_ < N; i_++)` and takes
    # every operand at that same index [i_] (no operand of another lane), N read from
    # the `enum { N = .. }` of the body; the lanes' inputs and outputs are the
    # wrapper's (ch['lanes']: in = [...], out = [...]), checked in its text.
    nm = re.search(r'enum\s*\{\s*N\s*=\s*(\d+)\s*\}', body)
    nlanes = int(nm.group(1)) if nm else 1
    lane_errs = []
    lh = ch.get('lane_calls')
    if lh:
        # the lock-step steps as calls of N-lane helpers (fe8_pow22523_2's mul2, sqr2_n)
        mul_fns, sqr_fns, sqrn_fns, lane_errs = _lane_helpers(ch, proved, body, nlanes)
    elif nlanes > 1 or ch.get('lanes'):
        for cm in re.finditer(r'(\w+)\s*\(([^;{}]*?)\)\s*;', body):
            if cm.group(1) not in calls.get('mul', [ch['mul']]) + calls.get('sqr', [ch['sqr']]):
                continue
            pre = body[:cm.start()]
            if not re.search(r'for\s*\(\s*i_\s*=\s*0\s*;\s*i_\s*<\s*N\s*;\s*i_\s*\+\+\s*\)\s*$', pre):
                lane_errs.append('%s(...) not in a loop over the N lanes' % cm.group(1))
            for a in re.split(r',(?![^(]*\))', cm.group(2)):
                if not re.fullmatch(r'\s*&\s*\(\s*\w+\s*\)\s*\[\s*i_\s*\]\s*', a):
                    lane_errs.append('%s operand %r not at the lane index [i_]' % (cm.group(1), a.strip()))
        lanes = ch.get('lanes', {})
        if nlanes != len(lanes.get('in', [])) or nlanes != len(lanes.get('out', [])):
            lane_errs.append('N = %d lanes in the body, %d/%d in bounds.toml' % (
                nlanes, len(lanes.get('in', [])), len(lanes.get('out', []))))
        else:
            head = text[m.start():i]
            init = r'\b%s\s*\[\s*%d\s*\]\s*=\s*\{\s*%s\s*\}' % (
                re.escape(z_name), nlanes, r'\s*,\s*'.join(r'\*\s*%s' % re.escape(x) for x in lanes['in']))
            if not re.search(init, head):
                lane_errs.append('the lanes %s = {%s} not found' % (z_name, ', '.join('*' + x for x in lanes['in'])))
            for k, o in enumerate(lanes['out']):
                if not re.search(r'\*\s*%s\s*=\s*%s\s*\[\s*%d\s*\]\s*;' % (re.escape(o), re.escape(out_name), k), head):
                    lane_errs.append('*%s = %s[%d] not found' % (o, out_name, k))
    # exponents as monomials {input: e} (a composition of several inputs, e.g.
    # fe51_sqrt_ratio_pre: `inputs` and `outputs` in bounds.toml)
    def eadd(a, b):
        if not isinstance(a, dict) or not isinstance(b, dict):
            errs.append('a product of a value that is no monomial')
            return None
        return {k: a.get(k, 0) + b.get(k, 0) for k in set(a) | set(b)}

    def escale(a, k):
        if not isinstance(a, dict):
            errs.append('a square of a value that is no monomial')
            return None
        return {x: e * k for x, e in a.items()}
    multi = 'inputs' in ch
    if multi:
        exp = {x: {x: 1} for x in ch['inputs']}
        bound = {x: bexpr(b, defs) for x, b in ch['inputs'].items()}
    else:
        exp = {z_name: {z_name: 1}}
        bound = {z_name: bexpr(ch['in'], defs)}
    mul_r, sqr_r = (proved[lh['mul']], proved[lh['sqrn']]) if lh else (proved[ch['mul']], proved[ch['sqr']])
    mul_in = min(min(b) for b in mul_r['in_bounds'])
    sqr_in = min(min(b) for b in sqr_r['in_bounds'])
    mul_out = max(mul_r['out_bound'])
    sqr_out = max(sqr_r['out_bound'])
    errs = []
    src_sqrn = []
    nsteps = n_sq = n_mul = 0
    # calls in order: name(args); loops 'for (r_ = 1; r_ < (n); r_++) ... sqr' of the lock-step form
    for cm in re.finditer(r'(\w+)\s*\(([^;{}]*?)\)\s*;|for\s*\(\s*(\w+)\s*=\s*1\s*;\s*\3\s*<\s*\(?\s*(\d+)\s*\)?\s*;', body):
        if cm.group(4):  # lock-step SQRN: the next sqr call runs n-1 more times
            src_sqrn.append(int(cm.group(4)))
            loop_rep[0] = int(cm.group(4)) - 1   # iterations of the loop around the next sqr
            loop_rep[1] = True
            continue
        fname, argstr = cm.group(1), cm.group(2)
        args = [norm(a) for a in re.split(r',(?![^(]*\))', argstr)]
        if fname in mul_fns:
            h, f, g = args
            for x in (f, g):
                if x not in exp:
                    errs.append('%s uses %s before it is set' % (fname, x))
                elif bound[x] > mul_in:
                    errs.append('mul operand %s < 2^%.2f exceeds the mul input bound' % (x, _lg(bound[x])))
            exp[h] = eadd(exp.get(f, {}), exp.get(g, {}))
            bound[h] = mul_out
            nsteps += 1
            n_mul += 1
        elif fname in sqr_fns:
            h, f = args
            if f not in exp:
                errs.append('sqr uses %s before it is set' % f)
            elif bound[f] > sqr_in:
                errs.append('sqr operand %s exceeds the sqr input bound' % f)
            n = loop_rep[0] if loop_rep[1] else 1
            loop_rep[0], loop_rep[1] = 0, False
            exp[h] = escale(exp.get(f, {}), 2 ** n)
            bound[h] = sqr_out
            nsteps += n
            n_sq += n
        elif ops and fname in (ops.get('sub', [None])[0], ops.get('add', [None])[0]):
            # a proved add/sub row (bounds only: the result is no monomial)
            h, f, g = args
            rr = proved.get(ops['sub' if fname == ops.get('sub', [None])[0] else 'add'][1])
            if rr is None:
                errs.append('%s: its row is not proved' % fname)
                continue
            for x, ib in ((f, rr['in_bounds'][0]), (g, rr['in_bounds'][1])):
                if x not in bound or bound[x] > min(ib):
                    errs.append('%s operand %s exceeds its input bound' % (fname, x))
            exp[h], bound[h] = None, max(rr['out_bound'])
        elif ops and fname == ops.get('test', [None])[0]:
            rr = proved.get(ops['test'][1])
            if rr is None or args[0] not in bound or bound[args[0]] > min(rr['in_bounds'][0]):
                errs.append('%s operand %s exceeds its input bound (or its row is not proved)' % (fname, args[0]))
        elif ops and fname == ops.get('select'):
            f, g = args[0], args[1]   # f = b ? g : f
            if f not in exp or g not in exp:
                errs.append('%s of an unset value' % fname)
                continue
            alts = lambda e: list(e) if isinstance(e, tuple) else [e]
            exp[f] = tuple(alts(exp[f]) + alts(exp[g]))
            bound[f] = max(bound[f], bound[g])
        elif fname in sqrn_fns:
            h, f, n = args[0], args[1], int(args[2])
            src_sqrn.append(n)
            if n < 1:
                errs.append('sqr_n with n = %d < 1' % n)
            if f not in bound or bound[f] > sqr_in:
                errs.append('sqr_n operand exceeds the sqr input bound')
            exp[h] = escale(exp.get(f, {}), 2 ** n)
            bound[h] = sqr_out
            nsteps += n
    # `*out = x;` after the last call: the output takes x's value
    last_call = max([cm.end() for cm in re.finditer(r'(\w+)\s*\(([^;{}]*?)\)\s*;', body)] or [0])
    for am in re.finditer(r'\*\s*(\w+)\s*=\s*(\w+)\s*;', body):
        if am.start() > last_call and am.group(2) in exp:
            exp[am.group(1)], bound[am.group(1)] = exp[am.group(2)], bound[am.group(2)]
    if multi:
        ok_c, why_c, outs = True, '', list(ch['outputs'])

        def mono(text):
            want = {}
            for fac in text.split('*'):
                x, _, e = fac.strip().partition('^')
                want[x] = want.get(x, 0) + (int(e) if e else 1)
            return want

        def clean(e):
            return sorted((k, v) for k, v in e.items() if v) if isinstance(e, dict) else e
        for o, spec in ch['outputs'].items():
            me = re.fullmatch(r'\s*either\((.*)\)\s*', spec)
            want = sorted(repr(clean(mono(x))) for x in me.group(1).split(',')) if me else repr(clean(mono(spec)))
            g = exp.get(o)
            if isinstance(g, tuple):
                got = sorted(repr(clean(x)) for x in g)
            else:
                got = repr(clean(g))
            if (g is None or got != want) if not me else (not isinstance(g, tuple) or got != want):
                ok_c, why_c = False, '%s = %s, not %s' % (o, got, spec)
    else:
        want = bexpr(ch['exponent'], defs)
        g = exp.get(out_name)
        got = g.get(z_name) if isinstance(g, dict) and set(g) <= {z_name} else None
        ok_c, why_c, outs = got is not None and got == want, 'exponent %s != %s' % (got, want), [out_name]
    if ch.get('ir_sqr_loops'):
        # the squaring loops clang inlined into the chain function: each checked in
        # the IR (loops.inline_sqr_loops: constant count, body = a squaring with the
        # sqr's bounds, mod p); their counts, in block order, matched to the source's
        # SQRN(.., n) in order (count n, or n - 1, n - 2 with squarings peeled off or
        # done before the loop; one loop for every SQRN with n > 2)
        ty = ch['ir_sqr_loops']
        limbs, lanes, radix, cb = ELEM[ty]
        lps, lerr = loops.inline_sqr_loops(comp.module(ch['unit']), ch.get('ir_function', ch['name']),
                                           (limbs, lanes, lambda i, ty=ty: weight(ty, i)),
                                           sqr_r['in_bounds'][0], sqr_r['out_bound'], residual_mod_p)
        if lerr:
            errs.append('IR loops: ' + lerr)
        # one IR loop per SQRN(.., n > 2) of the source, in order (n <= 2 may be unrolled)
        big = [n for n in src_sqrn if n > 2]
        if not lerr and (len(lps) != len(big) or any(not 0 <= n - c <= 2 for n, (c, _) in zip(big, lps))):
            errs.append('IR loops %s do not match the source SQRN counts %s' % ([c for c, _ in lps], big))
    if ch.get('ir_calls'):
        # the squarings and products as calls in the IR (f25519_fe25x4_sqr/_mul are
        # noinline): per iteration of each counted loop (loops.call_loops: constant
        # trip count, in-place squarings only) and in straight-line blocks; their
        # totals must be the source chain's, times the lanes
        mod = comp.module(ch['unit'])
        sq = calls.get('sqr', [ch['sqr']])
        mu = calls.get('mul', [ch['mul']])
        lps, lerr = loops.call_loops(mod, ch['name'], sq)
        if lerr:
            errs.append('IR loops: ' + lerr)
        fn = mod.funcs.get(ch['name'])
        loop_lbls = {lbl for lbl, insts in fn.bbs if insts and insts[-1].op == 'br' and lbl in insts[-1].targets}
        straight_sq = sum(1 for lbl, insts in fn.bbs if lbl not in loop_lbls for x in insts
                          if x.op == 'call' and x.callee in sq)
        ir_mul = sum(1 for lbl, insts in fn.bbs for x in insts if x.op == 'call' and x.callee in mu)
        ir_sq = straight_sq + sum(c * k for c, k in lps)
        if ir_sq != n_sq * nlanes or ir_mul != n_mul * nlanes or any(k != nlanes for c, k in lps):
            errs.append('IR: %d squarings, %d products (loops %s); the source chain: %d x %d, %d x %d' % (
                ir_sq, ir_mul, lps, n_sq, nlanes, n_mul, nlanes))
    if lh:
        # in the IR: the chain function is straight-line code calling the helpers as
        # often as the source does (they are the functions proved in the IR above)
        fn = comp.module(ch['unit']).funcs.get(ch['name'])
        got = {}
        for lbl, insts in fn.bbs:
            for x in insts:
                if x.op in ('call', 'asm', 'call?') and not getattr(x, 'callee', '').startswith('llvm.'):
                    got[getattr(x, 'callee', '?')] = got.get(getattr(x, 'callee', '?'), 0) + 1
        want = {mul_fns[0]: n_mul, sqrn_fns[0]: len(src_sqrn)}
        if got != want or len(fn.bbs) != 1:
            errs.append('IR: calls %s in %d blocks; the source: %s in one' % (got, len(fn.bbs), want))
    errs = lane_mix + lane_errs + errs
    ok_a = not errs and sqr_out <= sqr_in and mul_out <= mul_in
    return {'a': (ok_a, '; '.join(errs[:2]) if errs else ('' if ok_a else 'sqr/mul output bound exceeds their input bound')),
            'b': (ok_a and all(o in bound and bound[o] <= mul_out for o in outs), ''),
            'c': (ok_c, '' if ok_c else why_c),
            'time': time.time() - t0, 'steps': nsteps * nlanes, 'lanes': nlanes}


def _lane_helpers(ch, proved, body, nlanes):
    """A lock-step chain on N-lane helpers (ch['lane_calls'] = {mul: row, sqrn: row}:
    proved rows of its unit on arrays of N elements, mul2's h[k] = f[k] g[k] and
    sqr2_n's h[k] = f[k]^(2^n), each lane within the per-lane mul/sqr's bounds). The
    body must be only: the declarations of the lane arrays (N elements of the element
    type), calls of the helpers whose operands are whole lane arrays, and the output
    assignments. Returns (mul names, sqr names, sqrn names, errors)."""
    lh, errs = ch['lane_calls'], []
    fmul, fsqrn = proved[lh['mul']]['function'], proved[lh['sqrn']]['function']
    for role, row, per in (('mul', lh['mul'], ch['mul']), ('sqrn', lh['sqrn'], ch['sqr'])):
        r = proved[row]
        arr = {ARRAY.get(t) for t in r['ty']}
        if r['unit'] != ch['unit'] or arr != {(proved[per]['ty'][0], nlanes)}:
            errs.append('%s: %s is not proved on %d-element arrays of %s in %s' % (
                role, row, nlanes, proved[per]['ty'][0], ch['unit']))
    ety = proved[ch['mul']]['ty'][0]
    arrays = {}
    for dm in re.finditer(r'\b%s\s+([^;]*);' % re.escape(ety), body):
        for am in re.finditer(r'(?:^|,)\s*(\w+)\s*\[\s*(\w+)\s*\]', re.sub(r'=\s*\{[^}]*\}', '', dm.group(1))):
            arrays[am.group(1)] = nlanes if am.group(2) == 'N' else int(am.group(2)) if am.group(2).isdigit() else -1
    rest = body
    for cm in re.finditer(r'(\w+)\s*\(([^;{}]*?)\)\s*;', body):
        fname, args = cm.group(1), [a.strip() for a in cm.group(2).split(',')]
        if fname == 'while' and args == ['0']:   # do { } while (0) of the chain's macros
            continue
        if fname not in (fmul, fsqrn):
            errs.append('%s(...) in the lock-step body: only %s and %s' % (fname, fmul, fsqrn))
            continue
        ops = args if fname == fmul else args[:2]
        if len(args) != 3 or (fname == fsqrn and not re.fullmatch(r'\d+', args[2])):
            errs.append('%s(%s): not (h, f, g) / (h, f, n constant)' % (fname, ', '.join(args)))
        for a in ops:
            if arrays.get(a) != nlanes:
                errs.append('%s operand %r is not a lane array (%s %s[%d])' % (fname, a, ety, a, nlanes))
        rest = rest.replace(cm.group(0), '', 1)
    # nothing else: the enum, the declarations, do { } while (0), *out = x[k];
    rest = re.sub(r'enum\s*\{\s*N\s*=\s*\d+\s*\}\s*;', '', rest)
    rest = re.sub(r'\b%s\s+[^;]*;' % re.escape(ety), '', rest)
    rest = re.sub(r'\*\s*\w+\s*=\s*\w+\s*\[\s*\d+\s*\]\s*;', '', rest)
    rest = re.sub(r'\bdo\s*\{|\}\s*while\s*\(\s*0\s*\)\s*;', '', rest)
    if rest.strip():
        errs.append('statements other than the helpers in the lock-step body: %r' % rest.strip()[:60])
    return [fmul], [], [fsqrn], errs


def _lane_body(body, lane, ch):
    """The calls of one lane of a const_lanes chain, lane indices removed."""
    calls = ch.get('calls', {})
    fns = calls.get('mul', [ch['mul']]) + calls.get('sqr', [ch['sqr']])
    helper = ch.get('lanes_sqrn')
    body2 = re.sub(r'\)\s*,\s*(?=\w+\s*\()', '); ', body)   # (a(..), b(..)); -> a(..); b(..);
    out, errs = [], []
    for cm in re.finditer(r'(\w+)\s*\(([^;{}]*?)\)\s*;', body2):
        fname, argstr = cm.group(1), cm.group(2)
        if fname == helper:
            out.append('%s(%s);' % (fname, argstr))
            continue
        if fname not in fns:
            continue
        idx = set(re.findall(r'\[\s*(\d+)\s*\]', argstr))
        nargs = len(re.split(r',(?![^(]*\))', argstr))
        if len(re.findall(r'\[\s*\d+\s*\]', argstr)) != nargs or len(idx) != 1:
            errs.append('%s(%s): operands not all of one lane' % (fname, argstr.strip()[:60]))
            continue
        if idx == {str(lane)}:
            out.append('%s(%s);' % (fname, re.sub(r'\[\s*\d+\s*\]', '', argstr)))
    return '\n'.join(out), errs


def _check_lanes_sqrn(comp, ch):
    """The helper of a const_lanes chain, from the preprocessed source: '' if its body
    is exactly the lane-by-lane squaring loop, else what differs."""
    helper = ch.get('lanes_sqrn')
    if not helper:
        return ''
    r = subprocess.run([comp.cc] + CFLAGS + ['-I', os.path.join(comp.root, 'src'), '-E', '-P',
                        os.path.join(comp.root, ch['unit'])], capture_output=True, text=True)
    m = re.search(r'\bvoid\s+%s\s*\(\s*\w+\s+(\w+)\s*\[\s*(\d+)\s*\]\s*,\s*const\s+\w+\s+(\w+)\s*\[\s*\d+\s*\]'
                  r'\s*,\s*int\s+(\w+)\s*\)\s*\{' % re.escape(helper), r.stdout)
    if not m:
        return 'helper %s not found' % helper
    h, nl, f, n = m.group(1), int(m.group(2)), m.group(3), m.group(4)
    depth, i = 1, m.end()
    while depth:
        depth += {'{': 1, '}': -1}.get(r.stdout[i], 0)
        i += 1
    got = re.sub(r'\s+', '', r.stdout[m.end():i - 1])
    sq = ch.get('calls', {}).get('sqr', [ch['sqr']])[0]
    want = ''.join('%s(&%s[%d],&%s[%d]);' % (sq, h, l, f, l) for l in range(nl))
    want += 'for(inti=1;i<%s;i++){' % n + ''.join('%s(&%s[%d],&%s[%d]);' % (sq, h, l, h, l) for l in range(nl)) + '}'
    return '' if got == want else 'helper %s is not the lane-by-lane squaring loop' % helper


loop_rep = [0, False]


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--root', default=os.path.abspath(os.path.join(os.path.dirname(__file__), '..', '..')))
    ap.add_argument('--bounds', default=None)
    ap.add_argument('--only', default=None)
    ap.add_argument('--json', default=None)
    ap.add_argument('--quiet', action='store_true')
    o = ap.parse_args()
    bounds = o.bounds or os.path.join(o.root, 'src', 'field', 'bounds.toml')
    with open(bounds, 'rb') as f:
        tab = tomllib.load(f)
    defs = tab.get('defs', {})
    only = set(o.only.split(',')) if o.only else None
    rows, proved, callees = [], {}, {}
    all_ok = True
    t_start = time.time()
    with tempfile.TemporaryDirectory(prefix='f25519-prove-') as tmp:
        comp = Compiler(o.root, tmp)
        for r in tab.get('routine', []):
            if only and r['name'] not in only:
                continue
            try:
                res = run_routine(comp, r, defs, callees)
            except Exception as e:  # a crash of the checker is a failure, never a pass
                res = {'a': (False, 'checker error: %r' % e), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            args = route_args(r, defs)
            ok = res['a'][0] and res['b'][0] and res['c'][0]
            if ok:
                proved[r['name']] = {
                    'in_bounds': [a['bound'] for a in args if a['io'] == 'in' and a['ty'] in ELEM],
                    'out_bound': [b for a in args if a['io'] == 'out' and a['ty'] in ELEM for b in a['bound']],
                    'ty': [a['ty'] for a in args if a['ty'] in ELEM], 'unit': r['unit'],
                    'function': r.get('function', r['name'])}
                cs = callable_spec(r, args)
                if cs:
                    callees[r.get('function', r['name'])] = cs
            res['open'] = r.get('open')
            rows.append((r['name'], res, r.get('mode', 'alg')))
        for sl in tab.get('sqr_loop', []):
            if only and sl['name'] not in only:
                continue
            ty = sl['type']
            if sl['sqr'] not in proved:
                res = {'a': (False, '%s not proved' % sl['sqr']), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            elif proved[sl['sqr']]['ty'][0] != ARRAY.get(ty, (ty,))[0]:
                res = {'a': (False, '%s squares a %s, not a %s' % (sl['sqr'], proved[sl['sqr']]['ty'][0], ty)),
                       'b': (False, ''), 'c': (False, ''), 'time': 0}
            else:
                limbs, lanes, radix, cb = ELEM[ty]
                try:
                    # an array type (sqr2_n's h[2]): every element squared in place, in one loop
                    res = loops.prove_sqr_loop(comp.module(sl['unit']), sl.get('function', sl['name']),
                                               (limbs, lanes, lambda i, ty=ty: weight(ty, i),
                                                lambda off, ty=ty: cell_il(ty, off),
                                                lambda i, l, ty=ty: cell_off(ty, i, l)),
                                               proved[sl['sqr']]['in_bounds'][0], proved[sl['sqr']]['out_bound'],
                                               residual_mod_p)
                except Exception as e:  # a crash of the checker is a failure, never a pass
                    res = {'a': (False, 'checker error: %r' % e), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            if all(res[k][0] for k in 'abc'):
                proved[sl['name']] = dict(proved[sl['sqr']], ty=[ty, ty], unit=sl['unit'],
                                          function=sl.get('function', sl['name']))
            rows.append((sl['name'], res, 'loop'))
        for sg in tab.get('signed', []):
            if only and sg['name'] not in only:
                continue
            try:
                mod = comp.module(sg['unit'])
                fn = mod.funcs[sg['function']]
                if sg.get('kind') == 'lincomb':
                    # one run per sign case of a and b (the sign masks are then constants)
                    ph, pa, pd, pb, pe = [pn for pn, _ in fn.params]
                    runs = []
                    for sa in (1, -1):
                        for sb in (1, -1):
                            mems, outs, idents, scal = signed.lincomb_spec(
                                ph, pa, pd, pb, pe, bexpr(sg['in'], defs), sa, sb, bexpr(sg['out'], defs),
                                residual_mod_p)
                            runs.append(signed.prove_signed(mod, sg['function'], mems, outs, idents, scal))
                    res = {k: (all(x[k][0] for x in runs), '; '.join(x[k][1] for x in runs if not x[k][0])[:200])
                           for k in 'abc'}
                    res['time'] = sum(x['time'] for x in runs)
                else:
                    pf, pg, pt = [pn for pn, _ in fn.params]
                    mems, outs, idents = signed.update_fg_spec(pf, pg, pt, bexpr(sg['top'], defs))
                    res = signed.prove_signed(mod, sg['function'], mems, outs, idents)
            except Exception as e:  # a crash of the checker is a failure, never a pass
                res = {'a': (False, 'checker error: %r' % e), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            rows.append((sg['name'], res, 'signed'))
        for al in tab.get('asm_loop', []):
            if only and al['name'] not in only:
                continue
            try:
                res = asm_loop.prove_sqr_n(comp.module(al['unit']), al.get('function', al['name']),
                                           residual_mod_p)
            except Exception as e:  # a crash of the checker is a failure, never a pass
                res = {'a': (False, 'checker error: %r' % e), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            if all(res[k][0] for k in 'abc'):
                proved[al['name']] = {'in_bounds': [[1 << 64] * 4], 'out_bound': [1 << 64] * 4}
            rows.append((al['name'], res, 'asm-loop'))
        for al in tab.get('asm_ladder', []):
            if only and al['name'] not in only:
                continue
            try:
                res = asm_ladder.prove_ladder(comp.module(al['unit']), al.get('function', al['name']),
                                              residual_mod_p)
            except Exception as e:  # a crash of the checker is a failure, never a pass
                res = {'a': (False, 'checker error: %r' % e), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            rows.append((al['name'], res, 'asm-ladder'))
        for ch in tab.get('chain', []):
            if only and ch['name'] not in only:
                continue
            if ch.get('sqrn_proof') and ch['sqrn_proof'] not in proved:
                res = {'a': (False, 'its sqr_n (%s) not proved' % ch['sqrn_proof']), 'b': (False, ''),
                       'c': (False, ''), 'time': 0}
            elif ch['mul'] not in proved or ch['sqr'] not in proved:
                res = {'a': (False, 'mul/sqr not proved'), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            elif any(x not in proved for x in ch.get('lane_calls', {}).values()):
                res = {'a': (False, 'its lane helpers (%s) not proved' % ', '.join(ch['lane_calls'].values())),
                       'b': (False, ''), 'c': (False, ''), 'time': 0}
            else:
                loop_rep[0], loop_rep[1] = 0, False
                try:
                    res = run_chain(comp, ch, defs, proved)
                except Exception as e:  # a crash of the checker is a failure, never a pass
                    res = {'a': (False, 'checker error: %r' % e), 'b': (False, ''), 'c': (False, ''), 'time': 0}
            rows.append((ch['name'], res, 'chain*' if ch.get('assumes') else 'chain'))
    # table
    print('%-30s %-8s %-10s %-10s %-10s %7s' % ('routine', 'method', '(a) ovfl', '(b) out', '(c) mod p', 'time'))
    print('-' * 82)
    fails, opens = [], []
    for name, res, method in rows:
        cells = []
        for k in 'abc':
            ok, why = res[k]
            if ok:
                cells.append('proved')
            elif res.get('open'):
                cells.append('open')
                opens.append('%s (%s): %s [%s]' % (name, k, why, res['open']))
            else:
                cells.append('FAILED')
                fails.append('%s (%s): %s' % (name, k, why))
        if not res.get('open'):
            all_ok &= all(res[k][0] for k in 'abc')
        print('%-30s %-8s %-10s %-10s %-10s %6.2fs' % (name, method, cells[0], cells[1], cells[2], res['time']))
    print('-' * 82)
    n_ok = sum(all(r[1][k][0] for k in 'abc') for r in rows)
    n_open = sum(1 for r in rows if r[1].get('open') and not all(r[1][k][0] for k in 'abc'))
    print('%d routines: %d proved, %d open (not covered, listed in bounds.toml), %d FAILED; %.1f s' % (
        len(rows), n_ok, n_open, len(rows) - n_ok - n_open, time.time() - t_start))
    for f in opens:
        print('  open   ' + f)
    assumed = [(c['name'], c['assumes']) for c in tab.get('chain', []) if c.get('assumes')
               and (not only or c['name'] in only)]
    if assumed:
        print('assumed (chains):')
        for n, a in assumed:
            print('  %s: %s' % (n, a))
    if not only:
        print('not covered (src/field/bounds.toml [coverage]):')
        for n in tab.get('coverage', {}).get('not_covered', []):
            print('  - ' + n)
    for f in fails:
        print('  FAILED ' + f)
    if o.json:
        with open(o.json, 'w') as f:
            json.dump([{'routine': n, 'method': m, **{k: {'ok': r[k][0], 'why': r[k][1]} for k in 'abc'},
                        'time': r['time']} for n, r, m in rows], f, indent=1)
    return 0 if all_ok else 1


if __name__ == '__main__':
    sys.exit(main())
