# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Signed straight-line IR (the safegcd's batch matrix application update_fg of
field/invert_safegcd.c, read through the proof unit tools/prove/units/
invert_safegcd.c): every value a signed interval and an exact integer
polynomial (engine.Poly), every instruction with its exact semantics:

  sext (same value), mul/add/sub (exact; the result must lie in the signed range
  of its type: C's signed i128 arithmetic, no overflow), ashr k (floor(x / 2^k):
  one fresh atom q per (x, k) with x = 2^k q + r, 0 <= r < 2^k), lshr k then trunc
  to w' with k + w' <= w (= floor(x / 2^k) when that lies in the signed range of w'),
  trunc then `and` with 2^j - 1 (= x mod 2^j = x - 2^j floor(x / 2^j)), loads and
  stores of the pointer arguments.

Proved for all inputs within the given intervals: (a) no signed overflow and no
lossy truncation (a truncation whose value may not fit is allowed only under a
mask that keeps its low bits); (b) every output limb within its bound; (c) the
identity of the spec as a polynomial identity over the integers (exact, not mod p):
for update_fg, 2^62 f' = u f + v g - (u f0 + v g0 mod 2^62), the same for g', i.e. the
division by 2^62 is exact iff those low bits are 0 (which the divsteps ensure).
"""
import time

from engine import Poly, Unsupported


def srange(w):
    return -(1 << (w - 1)), (1 << (w - 1)) - 1


class V:
    __slots__ = ('w', 'lo', 'hi', 'poly', 'lshr')

    def __init__(self, w, lo, hi, poly, lshr=None):
        self.w, self.lo, self.hi, self.poly, self.lshr = w, lo, hi, poly, lshr


def prove_signed(mod, fname, mems, outs, identities, scalars=None):
    """mems: {param: [(name, lo, hi)] per 8-byte cell} (inputs); outs: {param:
    [(lo, hi)] per cell} (output bounds, stores); identities: callable(cells_in,
    cells_out, floors) -> list of (what, Poly that must be 0)."""
    t0 = time.time()
    fails = []
    fn = mod.funcs.get(fname)
    if fn is None:
        e = (False, 'no function %s' % fname)
        return {'a': e, 'b': e, 'c': e, 'time': 0}
    if fn.blocks != 1:
        e = (False, 'not straight-line')
        return {'a': e, 'b': e, 'c': e, 'time': 0}
    atoms = []

    def atom(name):
        atoms.append(name)
        return Poly.atom(len(atoms) - 1)
    cells_in = {}
    for p, cells in mems.items():
        for k, (nm, lo, hi) in enumerate(cells):
            cells_in[(p, 8 * k)] = V(64, lo, hi, atom(nm))
    cells_out = {}
    floors = {}
    env = {}
    for p, (nm, lo, hi) in (scalars or {}).items():
        env[p] = V(64, lo, hi, atom(nm))
        cells_in[('scalar', nm)] = env[p]

    def val(t, v):
        if v[0] == 'reg':
            return env[v[1]]
        if v[0] == 'const':
            c = v[1]
            return V(t.bits, c, c, Poly.const(c))
        raise Unsupported('operand %r' % (v,))

    def floor_div(x, k):
        key = (x.poly.key(), k)
        if key not in floors:
            floors[key] = (atom('floor(x/2^%d)' % k), x.poly)
        return floors[key][0]

    def check(r, what, ins):
        lo, hi = srange(r.w)
        if r.lo < lo or r.hi > hi:
            fails.append('%s may overflow i%d: %s' % (what, r.w, ins.text.strip()[:80]))
        return r
    def lanes(x):
        return x if isinstance(x, list) else [x]

    def const_of(x):
        return x.lo if x.poly is not None and x.lo == x.hi else None
    try:
        for ins in fn.insts:
            op = ins.op
            if op == 'ret':
                break
            if getattr(ins, 'ty', None) is not None and ins.ty.kind == 'vec' and op in ('trunc', 'and'):
                A = lanes(val(ins.ty.elem, ins.a))
                if op == 'trunc':
                    w2 = ins.to.elem.bits
                    out = []
                    for a in A:
                        lo2, hi2 = srange(w2)
                        out.append(V(w2, a.lo, a.hi, a.poly) if lo2 <= a.lo and a.hi <= hi2 else
                                   V(w2, lo2, hi2, None, lshr=('wrapped', a)))
                    env[ins.res] = out
                    continue
                B = ins.b[1] if ins.b[0] == 'vconst' else None
                if B is None or len(set(B)) != 1:
                    raise Unsupported('vector and: ' + ins.text)
                mk = B[0]
                out = []
                for a in A:
                    src = a.lshr[1] if a.lshr is not None and a.lshr[0] == 'wrapped' else a
                    j = mk.bit_length()
                    out.append(V(a.w, 0, mk, src.poly - floor_div(src, j).scale(1 << j)))
                env[ins.res] = out
                continue
            if op == 'insertelement':
                v = env[ins.a[1]] if ins.a[0] == 'reg' else [None] * ins.ty.n
                v = list(v)
                v[ins.idx[1]] = val(ins.ty.elem, ins.b)
                env[ins.res] = v
                continue
            if op == 'bitcast':
                env[ins.res] = env[ins.a[1]] if ins.a[1] in env else (ins.a[1], 0)
                continue
            if op == 'zext':
                a = val(ins.ty, ins.a)
                if a.lo < 0:
                    fails.append('zext of a possibly negative value: ' + ins.text.strip()[:80])
                env[ins.res] = V(ins.to.bits, a.lo, a.hi, a.poly)
                continue
            if op == 'xor':
                a, b = val(ins.ty, ins.a), val(ins.ty, ins.b)
                if const_of(a) is not None and const_of(b) is None:
                    a, b = b, a
                cb_ = const_of(b)
                if cb_ == 0:
                    env[ins.res] = a
                elif cb_ == -1 or cb_ == (1 << a.w) - 1:   # ~x = -x - 1
                    env[ins.res] = V(a.w, -a.hi - 1, -a.lo - 1, a.poly.scale(-1) - Poly.const(1))
                elif cb_ is None and a.lshr is not None and a.lshr[0] == 'xor' and b in a.lshr[1:]:
                    env[ins.res] = a.lshr[2] if b is a.lshr[1] else a.lshr[1]   # (x ^ y) ^ y = x
                elif cb_ is None:
                    env[ins.res] = V(a.w, *srange(a.w), None, lshr=('xor', a, b))
                else:
                    raise Unsupported('xor with a constant: ' + ins.text)
                continue
            if op == 'getelementptr':
                base = env[ins.ptr[1]] if ins.ptr[1] in env else (ins.ptr[1], 0)
                off = base[1]
                t = ins.src
                i0 = ins.idx[0][1]
                if i0[0] != 'const':
                    raise Unsupported('variable index')
                off += i0[1] * mod.size(t)
                for it, iv in ins.idx[1:]:
                    if iv[0] != 'const':
                        raise Unsupported('variable index')
                    o, t = mod.field_offset(t, iv[1])
                    off += o
                env[ins.res] = (base[0], off)
                continue
            if op == 'load':
                p = env[ins.ptr[1]] if ins.ptr[1] in env else (ins.ptr[1], 0)
                if p in cells_out:
                    env[ins.res] = cells_out[p]
                elif p in cells_in:
                    env[ins.res] = cells_in[p]
                else:
                    raise Unsupported('load of %r' % (p,))
                continue
            if op == 'store':
                p = env[ins.ptr[1]] if ins.ptr[1] in env else (ins.ptr[1], 0)
                v = val(ins.ty, ins.a) if ins.ty.kind != 'vec' else env[ins.a[1]]
                for k, x in enumerate(lanes(v)):
                    cells_out[(p[0], p[1] + 8 * k)] = x
                continue
            if op == 'sext':
                a = val(ins.ty, ins.a)
                env[ins.res] = V(ins.to.bits, a.lo, a.hi, a.poly)
                continue
            if op in ('mul', 'add', 'sub'):
                a, b = val(ins.ty, ins.a), val(ins.ty, ins.b)
                if a.poly is None or b.poly is None:
                    raise Unsupported('arithmetic on an inexact value: ' + ins.text.strip()[:80])
                if op == 'mul':
                    cs = [a.lo * b.lo, a.lo * b.hi, a.hi * b.lo, a.hi * b.hi]
                    r = V(a.w, min(cs), max(cs), a.poly * b.poly)
                elif op == 'add':
                    r = V(a.w, a.lo + b.lo, a.hi + b.hi, a.poly + b.poly)
                else:
                    r = V(a.w, a.lo - b.hi, a.hi - b.lo, a.poly - b.poly)
                env[ins.res] = check(r, op, ins)
                continue
            if op == 'ashr':
                a, k = val(ins.ty, ins.a), val(ins.ty, ins.b)
                lo, hi = a.lo >> k.lo, a.hi >> k.lo
                env[ins.res] = V(a.w, lo, hi, Poly.const(lo) if lo == hi else floor_div(a, k.lo))
                continue
            if op == 'lshr' and val(ins.ty, ins.a).lo >= 0 and val(ins.ty, ins.a).poly is not None:
                a, k = val(ins.ty, ins.a), val(ins.ty, ins.b)   # of a value >= 0: floor
                env[ins.res] = V(a.w, a.lo >> k.lo, a.hi >> k.lo, floor_div(a, k.lo))
                continue
            if op == 'lshr':
                a, k = val(ins.ty, ins.a), val(ins.ty, ins.b)
                # exact only through a following truncation (below)
                env[ins.res] = V(a.w, 0, (1 << a.w) - 1, None, lshr=(a, k.lo))
                continue
            if op == 'trunc':
                a = val(ins.ty, ins.a)
                w2 = ins.to.bits
                lo2, hi2 = srange(w2)
                if a.lshr is not None:
                    x, k = a.lshr
                    if k + w2 <= x.w and lo2 <= x.lo >> k and x.hi >> k <= hi2:
                        env[ins.res] = V(w2, x.lo >> k, x.hi >> k, floor_div(x, k))
                        continue
                    fails.append('lossy truncation of a shifted value: ' + ins.text.strip()[:80])
                    env[ins.res] = V(w2, lo2, hi2, None)
                    continue
                if lo2 <= a.lo and a.hi <= hi2:
                    env[ins.res] = V(w2, a.lo, a.hi, a.poly)
                else:   # wraps: only its low bits may be used (a mask below)
                    env[ins.res] = V(w2, lo2, hi2, None, lshr=('wrapped', a))
                continue
            if op == 'and':
                a, b = val(ins.ty, ins.a), val(ins.ty, ins.b)
                if const_of(a) is not None and const_of(b) is None:
                    a, b = b, a
                if const_of(b) == 0:
                    env[ins.res] = V(a.w, 0, 0, Poly())
                    continue
                if const_of(b) == -1:
                    env[ins.res] = a
                    continue
                if b.lo != b.hi or b.lo < 0 or (b.lo + 1) & b.lo:
                    raise Unsupported('and with other than 2^j - 1: ' + ins.text)
                j = b.lo.bit_length()
                src = a.lshr[1] if a.lshr is not None and a.lshr[0] == 'wrapped' else a
                if src.poly is None:
                    raise Unsupported('mask of an inexact value')
                if j >= a.w and a.lshr is None:
                    env[ins.res] = a
                    continue
                env[ins.res] = V(a.w, 0, b.lo, src.poly - floor_div(src, j).scale(1 << j))
                continue
            if op == 'call' and ins.callee.startswith('llvm.lifetime'):
                continue
            raise Unsupported('instruction: ' + ins.text.strip()[:80])
    except Unsupported as e:
        m = (False, 'not modelled: %s' % e)
        return {'a': m, 'b': m, 'c': m, 'time': time.time() - t0}
    res = {'a': (not fails, '; '.join(fails[:2]))}
    bad = []
    for p, bounds in outs.items():
        for k, (lo, hi) in enumerate(bounds):
            c = cells_out.get((p, 8 * k))
            if c is None:
                bad.append('%s+%d not written' % (p, 8 * k))
            elif c.poly is None or c.lo < lo or c.hi > hi:
                bad.append('%s limb %d in [%d, %d], bound [%d, %d]' % (p, k, c.lo, c.hi, lo, hi))
    res['b'] = (not bad, '; '.join(bad[:2]))
    ok, why = True, ''
    try:
        for what, zero in identities(cells_in, cells_out, floors):
            if zero.t:
                ok, why = False, '%s: %d terms left' % (what, len(zero.t))
                break
    except (KeyError, AttributeError, TypeError) as e:
        ok, why = False, 'identity: %r' % e
    res['c'] = (ok, why)
    res['time'] = time.time() - t0
    return res


def update_fg_spec(fparam, gparam, tparam, top):
    """The cells of update_fg(f, g, t) and its identity. top: the bound of the
    signed top limbs f[4], g[4] (|.| < top); |u|, |v|, |q|, |r| <= 2^62."""
    L = (1 << 62) - 1

    def limbs(n):
        return [('%s%d' % (n, k), 0, L) for k in range(4)] + [('%s4' % n, -top, top - 1)]
    mems = {fparam: limbs('f'), gparam: limbs('g'),
            tparam: [(n, -(1 << 62), 1 << 62) for n in ('u', 'v', 'q', 'r')]}
    # outputs: limbs 0..3 in [0, 2^62); the top limb within what the sums allow
    # (intervals: |u f + v g| <= 2^63 * top, divided by 2^62, plus the carry)
    otop = 2 * top + 2
    outs = {fparam: [(0, L)] * 4 + [(-otop, otop)], gparam: [(0, L)] * 4 + [(-otop, otop)]}

    def identities(cin, cout, floors):
        def value(p, cells):
            v = Poly()
            for k in range(5):
                v = v + cells[(p, 8 * k)].poly.scale(1 << (62 * k))
            return v
        F, G = value(fparam, cin), value(gparam, cin)
        u, v, q, r = (cin[(tparam, 8 * k)].poly for k in range(4))
        out = []
        for nm, p, a, b in (("f' = (u f + v g) / 2^62", fparam, u, v), ("g' = (q f + r g) / 2^62", gparam, q, r)):
            low = a * cin[(fparam, 0)].poly + b * cin[(gparam, 0)].poly
            key = (low.key(), 62)
            if key not in floors:
                raise KeyError('the low sum %s is never divided by 2^62' % nm)
            low_mod = low - floors[key][0].scale(1 << 62)
            out.append((nm, value(p, cout).scale(1 << 62) - (a * F + b * G) + low_mod))
        return out
    return mems, outs, identities


def lincomb_spec(hp, ap, dp, bp, ep, in_limb, sign_a, sign_b, out_bound, residual_mod_p):
    """lincomb(h, a, d, b, e) = a d + b e mod p for one sign case of a and b (the
    sign masks are then constants; 4 cases cover all): |a|, |b| <= 2^62, d, e limbs
    < in_limb; h limbs < out_bound; value(h) - (a d + b e) in the ideal (p)."""
    L = 1 << 62
    mems = {dp: [('d%d' % k, 0, in_limb - 1) for k in range(5)], ep: [('e%d' % k, 0, in_limb - 1) for k in range(5)]}
    scal = {ap: ('a', 0, L) if sign_a >= 0 else ('a', -L, -1), bp: ('b', 0, L) if sign_b >= 0 else ('b', -L, -1)}
    outs = {hp: [(0, out_bound - 1)] * 5}

    def identities(cin, cout, floors):
        def value(p, cells):
            v = Poly()
            for k in range(5):
                v = v + cells[(p, 8 * k)].poly.scale(1 << (51 * k))
            return v
        a, b = cin[('scalar', 'a')].poly, cin[('scalar', 'b')].poly
        res = value(hp, cout) - (a * value(dp, cin) + b * value(ep, cin))
        left = residual_mod_p(res)
        return [('h = a d + b e (mod p)', Poly() if left is None else left)]
    return mems, outs, identities, scal
