# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Symbolic execution of one straight-line LLVM IR function, instruction by
instruction, every value carrying three views:

  * an interval [lo, hi] (unsigned; vectors lane by lane): bounds propagation.
    Every add/sub/mul/shl whose exact result could leave [0, 2^w) is an
    overflow (property (a)); where the interval is too coarse the exact
    question is put to z3 on the bit-vector view before it is reported.
    A subtraction whose interval reaches below 0 first gets the range of its
    exact polynomial when that polynomial is a sum of non-negative terms in
    non-negative atoms (Machine.poly_range: Karatsuba's K - EE - OO).
    Every vpmadd52 multiplicand must be < 2^52 (the instruction ignores bits
    52..63), every pmuludq multiplicand < 2^32.
  * an exact integer polynomial in atoms (CryptoLine's algebraic view): the
    inputs' limbs, and one fresh atom per discarded part, floor(x / 2^k) for a
    right shift or a mask, floor(a b / 2^52) for the high half of an IFMA
    product. Each atom is linked to the values it came from by an exact
    equation (x = 2^k floor(x/2^k) + (x mod 2^k)), substituted at once, so the
    output polynomial equals the output for every input within bounds.
    Property (c) holds when output - intended lies in the ideal (p), i.e.
    every coefficient is divisible by p (checked with sympy).
  * a z3 bit-vector term with the instruction's exact semantics (for the
    fallback queries above and for the bit-precise encode/decode proofs).
"""
import os
import re

import z3

# z3's timeouts are wall-clock: on a loaded 2-core host a proof that takes 10 s
# alone can take several times that, and a timeout reads as "not proved" (a
# spurious failure). Every timeout is scaled by F25519_PROVE_TIMEOUT_SCALE
# (default 4); a broken copy is refuted (sat) long before any of them.
TIMEOUT_SCALE = float(os.environ.get('F25519_PROVE_TIMEOUT_SCALE', '4'))


def z3_timeout(ms):
    """The z3 'timeout' setting for a nominal ms on an idle host."""
    return max(1, int(ms * TIMEOUT_SCALE))

P = 2**255 - 19


# ---------------------------------------------------------------- polynomials
class Poly:
    """Sparse integer polynomial: {monomial (sorted tuple of atom ids): coeff}."""
    __slots__ = ('t',)

    def __init__(self, t=None):
        self.t = t or {}

    @staticmethod
    def const(c):
        return Poly({(): c} if c else {})

    @staticmethod
    def atom(i):
        return Poly({(i,): 1})

    def __add__(self, o):
        t = dict(self.t)
        for m, c in o.t.items():
            v = t.get(m, 0) + c
            if v:
                t[m] = v
            else:
                t.pop(m, None)
        return Poly(t)

    def scale(self, k):
        if k == 0:
            return Poly()
        return Poly({m: c * k for m, c in self.t.items()})

    def __sub__(self, o):
        return self + o.scale(-1)

    def __mul__(self, o):
        t = {}
        for m1, c1 in self.t.items():
            for m2, c2 in o.t.items():
                m = tuple(sorted(m1 + m2))
                v = t.get(m, 0) + c1 * c2
                if v:
                    t[m] = v
                else:
                    t.pop(m, None)
        return Poly(t)

    def key(self):
        return frozenset(self.t.items())

    def is_const(self):
        return all(m == () for m in self.t)

    def cval(self):
        return self.t.get((), 0)

    def single_atom(self):
        if len(self.t) == 1:
            (m, c), = self.t.items()
            if c == 1 and len(m) == 1:
                return m[0]
        return None

    def divisible(self, k):
        return all(c % k == 0 for c in self.t.values())


# ---------------------------------------------------------------- values
class S:
    """One scalar (or one lane): width w, interval [lo, hi], polynomial, z3 term.
    base = (S x, w') when this value is x mod 2^w' (a truncation), so that masks
    and shifts of it are expressed in x's atoms."""
    __slots__ = ('w', 'lo', 'hi', 'poly', 'z', 'base', 'sl', 'li', 'mask_of')

    def __init__(self, w, lo, hi, poly, z, base=None, sl=None):
        self.w, self.lo, self.hi, self.poly, self.z, self.base = w, lo, hi, poly, z, base
        # sl: the value as bit slices of earlier values, [(d, x, a, b)]: sum of
        # 2^d * (bits a..b-1 of x), for values made by shifts, masks, truncations
        # and disjoint ors; None for a value of its own (an arithmetic result).
        self.sl = sl
        self.li = None        # linear integer view (asm_x86.py)
        self.mask_of = None   # for sbb r,r: the flag whose all-ones mask this is


class ProofError(Exception):
    pass


class Unsupported(Exception):
    pass


class Machine:
    """State of one analysis: atoms, facts, failures."""

    def __init__(self, name, z3_timeout_ms=10000):
        self.name = name
        self.atoms = []          # (name, lo, hi, z3 term)
        self.floor_atoms = {}    # (poly key, k) -> atom id
        self.hi52_atoms = {}     # (poly key a, poly key b) -> atom id
        self.inputs_z3 = []      # constraints on the input atoms
        self.fail_a = []         # overflow / multiplier-input failures
        self.notes = []
        self.z3_timeout_ms = z3_timeout_ms
        self.z3_queries = 0
        self.bits_only = False
        self.z3_gave_up = False

    # -- atoms
    def new_atom(self, name, lo, hi, z):
        self.atoms.append((name, lo, hi, z))
        return len(self.atoms) - 1

    def poly_range(self, poly):
        """[lo, hi] of the exact value poly when every coefficient is >= 0 and every
        atom in it is >= 0 (then each monomial is non-negative and monotone in each
        atom: its minimum at the atoms' lower bounds, its maximum at their upper
        bounds); None otherwise. Used where the interval of a subtraction a - b is
        too coarse although a - b is, as a polynomial, a sum of non-negative terms."""
        lo = hi = 0
        for mono, c in poly.t.items():
            if c < 0:
                return None
            mlo = mhi = c
            for i in mono:
                alo, ahi = self.atoms[i][1], self.atoms[i][2]
                if alo < 0:
                    return None
                mlo, mhi = mlo * alo, mhi * ahi
            lo, hi = lo + mlo, hi + mhi
        return lo, hi

    def input(self, name, w, lo, hi):
        z = z3.BitVec(name, w)
        self.inputs_z3.append(z3.ULE(z, hi))
        self.inputs_z3.append(z3.UGE(z, lo))
        return S(w, lo, hi, Poly.atom(self.new_atom(name, lo, hi, z)), z)

    def const(self, w, c):
        c &= (1 << w) - 1
        return S(w, c, c, Poly.const(c), z3.BitVecVal(c, w))

    def floor_div(self, x, k):
        """floor(x / 2^k) as an S of x's width (exact)."""
        if k == 0:
            return x
        if k >= x.w or x.hi < (1 << k):
            if x.lo >> k == x.hi >> k == 0:
                return self.const(x.w, 0)
        lo, hi = x.lo >> k, x.hi >> k
        z = z3.LShR(x.z, k) if k < x.w else z3.BitVecVal(0, x.w)
        if x.poly.is_const():
            return self.const(x.w, x.poly.cval() >> k)
        if x.poly.divisible(1 << k):
            return S(x.w, lo, hi, x.poly.scale(0) + Poly({m: c >> k for m, c in x.poly.t.items()}), z)
        a = x.poly.single_atom()
        if a is not None and self.atoms[a][0].startswith('floor('):
            pass  # nested floors keep their own atom; keyed on the polynomial below
        key = (x.poly.key(), k)
        if key not in self.floor_atoms:
            self.floor_atoms[key] = self.new_atom('floor(v%d/2^%d)' % (len(self.atoms), k), lo, hi, z)
        return S(x.w, lo, hi, Poly.atom(self.floor_atoms[key]), z)

    def low_bits(self, x, k):
        """x mod 2^k (exact), with x's truncation base used when there is one."""
        if x.base is not None and k <= x.base[1]:
            src = x.base[0]
            r = self.low_bits(src, k)
            return S(x.w, r.lo, r.hi, r.poly, z3.Extract(x.w - 1, 0, r.z) if r.w > x.w else
                     (z3.ZeroExt(x.w - r.w, r.z) if r.w < x.w else r.z))
        if x.hi < (1 << k):
            return x
        q = self.floor_div(x, k)
        z = x.z & ((1 << k) - 1) if k < x.w else x.z
        return S(x.w, 0, (1 << k) - 1, x.poly - q.poly.scale(1 << k), z)

    # -- z3 fallback
    def z3_prove(self, claim, timeout_ms=None, fallback=True):
        """claim holds for every input within bounds (unsat of its negation).
        Fallback queries (intervals too coarse) stop after the first one that
        is not proved: the routine fails anyway, and z3 may need long to say so."""
        if fallback and self.z3_gave_up:
            return False
        self.z3_queries += 1
        s = z3.Solver()
        s.set('timeout', z3_timeout(timeout_ms or self.z3_timeout_ms))
        s.add(*self.inputs_z3)
        s.add(z3.Not(claim))
        r = s.check()
        if r != z3.unsat and fallback:
            self.z3_gave_up = True
        return r == z3.unsat

    def fail(self, what):
        self.fail_a.append(what)


def bits_runs(mask, w):
    """The runs [a, b) of one bits of mask within w bits."""
    runs, a = [], None
    for i in range(w + 1):
        bit = (mask >> i) & 1 if i < w else 0
        if bit and a is None:
            a = i
        if not bit and a is not None:
            runs.append((a, i))
            a = None
    return runs


# ---------------------------------------------------------------- interpreter
class Interp:
    """Executes fn on the symbolic state. args: {param name: model} where a model is
    ('mem', Memory) for a pointer argument or an S for an integer argument."""

    def __init__(self, mach, fn, args, allow_wrap=()):
        self.m, self.fn, self.mod = mach, fn, fn.mod
        self.env = {}
        self.allow_wrap = set(allow_wrap)
        for (pname, t) in fn.params:
            a = args[pname]
            if t.kind == 'ptr':
                self.env[pname] = ('ptr', a, 0)
            else:
                self.env[pname] = a
        self.cur = None

    def run(self):
        if self.fn.blocks != 1:
            return self.run_cfg()
        for ins in self.fn.insts:
            self.cur = ins
            self.step(ins)

    def run_cfg(self, max_blocks=20000):
        """Several basic blocks: followed as the CPU would, which needs every branch
        condition to be a constant (counted loops of fixed trip count, e.g. the
        per-element loops of the conversions): a condition that depends on the data
        is reported, never guessed. Loops are thus executed iteration by iteration."""
        bbs = dict(self.fn.bbs)
        named = set(bbs)
        refs = set()
        for _, insts in self.fn.bbs:
            for ins in insts:
                refs.update(b for _, b in getattr(ins, 'incoming', []) or [])
                refs.update(getattr(ins, 'targets', []) or [])
        entry = refs - named
        if len(entry) > 1:
            raise Unsupported('%s: cannot name the entry block' % self.fn.name)
        ename = entry.pop() if entry else '__entry'
        bbs[ename] = bbs.pop('')
        cur, prev = ename, None
        for _ in range(max_blocks):
            insts = bbs[cur]
            phis = [ins for ins in insts if ins.op == 'phi']
            vals = {}
            for ph in phis:
                v = [val for val, b in ph.incoming if b == prev]
                if len(v) != 1:
                    raise Unsupported('phi %s: no value from %s' % (ph.text, prev))
                vals[ph.res] = self.val(ph.ty, v[0])
            self.env.update(vals)
            for ins in insts:
                if ins.op == 'phi':
                    continue
                self.cur = ins
                if ins.op == 'br':
                    if ins.cond is None:
                        nxt = ins.targets[0]
                    else:
                        c = self.val(None, ins.cond) if ins.cond[0] == 'reg' else self.m.const(1, ins.cond[1])
                        if not isinstance(c, S) or c.lo != c.hi:
                            raise Unsupported('a branch that depends on the data: ' + ins.text.strip())
                        nxt = ins.targets[0] if c.lo else ins.targets[1]
                    prev, cur = cur, nxt
                    break
                if ins.op == 'ret':
                    return
                if ins.op == 'br?':
                    raise Unsupported('branch form ' + ins.text.strip())
                self.step(ins)
            else:
                raise Unsupported('block %s without a terminator' % cur)
        raise Unsupported('more than %d blocks executed' % max_blocks)

    # -- operands
    def val(self, t, v):
        kind = v[0]
        if kind == 'reg':
            return self.env[v[1]]
        if kind == 'const':
            if t.kind == 'vec':
                return [self.m.const(t.elem.bits, v[1])] * t.n
            return self.m.const(t.bits, v[1])
        if kind == 'vconst':
            return [None if c is None else self.m.const(t.elem.bits, c) for c in v[1]]
        if kind == 'undef':
            if t.kind == 'vec':
                return [None] * t.n
            return None
        raise Unsupported('operand %r in %r' % (v, self.cur))

    def lanes(self, t, x):
        return x if t.kind == 'vec' else [x]

    def pack(self, t, xs):
        return xs if t.kind == 'vec' else xs[0]

    # -- instructions
    def step(self, ins):
        op = ins.op
        m = self.m
        if op == 'ret':
            mr = re.match(r'\s*ret\s+(\S+)\s+(\S+)\s*$', ins.text)
            if mr and mr.group(1) != 'void':
                t = self.mod.parse_type(mr.group(1))[0]
                self.retval = self.val(t, self.fn._value(t, mr.group(2)))
            return
        if op == 'label':
            raise Unsupported('branch target %r' % ins.text)
        if op in ('add', 'sub', 'mul', 'shl', 'lshr', 'and', 'or', 'xor'):
            A = self.lanes(ins.ty, self.val(ins.ty, ins.a))
            B = self.lanes(ins.ty, self.val(ins.ty, ins.b))
            out = [None if (a is None or b is None) else self.binop(op, a, b, ins) for a, b in zip(A, B)]
            self.env[ins.res] = self.pack(ins.ty, out)
            return
        if op in ('zext', 'trunc', 'sext'):
            A = self.lanes(ins.ty, self.val(ins.ty, ins.a))
            to = ins.to.elem.bits if ins.to.kind == 'vec' else ins.to.bits
            out = [None if a is None else self.conv(op, a, to) for a in A]
            self.env[ins.res] = self.pack(ins.to, out)
            return
        if op == 'bitcast':
            x = self.val(ins.ty, ins.a)
            if ins.ty.kind == 'ptr':
                self.env[ins.res] = x
                return
            if ins.ty.kind == 'int' and ins.to.kind == 'vec' and ins.to.elem.bits == 1:
                if x.lo != x.hi:
                    raise Unsupported('bitcast of a non-constant mask %r' % ins.text)
                self.env[ins.res] = [m.const(1, (x.lo >> i) & 1) for i in range(ins.to.n)]
                return
            if ins.ty.kind == 'vec' and ins.to.kind == 'vec' and ins.ty.elem.bits == ins.to.elem.bits:
                self.env[ins.res] = x
                return
            raise Unsupported(ins.text)
        if op == 'getelementptr':
            base = self.val(None, ins.ptr)
            assert base[0] == 'ptr'
            t = ins.src
            idx = ins.idx
            off = base[2]
            i0 = self.val(idx[0][0], idx[0][1])
            if not (isinstance(i0, S) and i0.lo == i0.hi):
                raise Unsupported('variable index ' + ins.text)
            off += self.signed(i0) * self.mod.size(t)
            for it, iv in idx[1:]:
                k = self.val(it, iv)
                if not (isinstance(k, S) and k.lo == k.hi):
                    raise Unsupported('variable index ' + ins.text)
                o, t = self.mod.field_offset(t, self.signed(k))
                off += o
            self.env[ins.res] = ('ptr', base[1], off)
            return
        if op == 'load':
            p = self.val(None, ins.ptr)
            self.env[ins.res] = p[1].load(self, p[2], ins.ty)
            return
        if op == 'store':
            p = self.val(None, ins.ptr)
            p[1].store(self, p[2], ins.ty, self.val(ins.ty, ins.a))
            return
        if op == 'insertelement':
            v = list(self.val(ins.ty, ins.a))
            i = self.val(None, ins.idx) if ins.idx[0] == 'reg' else ins.idx[1]
            v[i] = self.val(ins.ty.elem, ins.b)
            self.env[ins.res] = v
            return
        if op == 'extractelement':
            v = self.val(ins.ty, ins.a)
            self.env[ins.res] = v[ins.idx[1]]
            return
        if op == 'shufflevector':
            a = self.val(ins.ty, ins.a)
            b = self.val(ins.ty, ins.b)
            both = list(a) + list(b)
            self.env[ins.res] = [None if k is None else both[k] for k in ins.mask]
            return
        if op == 'select':
            C = self.lanes(ins.cty, self.val(ins.cty, ins.c))
            A = self.lanes(ins.ty, self.val(ins.ty, ins.a))
            B = self.lanes(ins.ty, self.val(ins.ty, ins.b))
            out = []
            if ins.cty.kind != 'vec':
                C = C * len(A)
            for c, a, b in zip(C, A, B):
                if c is None:
                    raise Unsupported('select on an undefined condition: ' + ins.text)
                if c.lo == c.hi:
                    out.append(a if c.lo else b)
                    continue
                # c in {0, 1}: b + c (a - b), exactly
                poly = b.poly + c.poly * (a.poly - b.poly)
                out.append(S(a.w, min(a.lo, b.lo), max(a.hi, b.hi), poly, z3.If(c.z == 1, a.z, b.z)))
            self.env[ins.res] = self.pack(ins.ty, out)
            return
        if op == 'icmp':
            A = self.lanes(ins.ty, self.val(ins.ty, ins.a))
            B = self.lanes(ins.ty, self.val(ins.ty, ins.b))
            out = []
            for a, b in zip(A, B):
                w = a.w
                if a.lo == a.hi and b.lo == b.hi:   # constants (loop counters): computed
                    x, y = a.lo, b.lo
                    sx, sy = (x - (1 << w) if x >> (w - 1) else x), (y - (1 << w) if y >> (w - 1) else y)
                    r = {'eq': x == y, 'ne': x != y, 'ult': x < y, 'ule': x <= y, 'ugt': x > y, 'uge': x >= y,
                         'slt': sx < sy, 'sle': sx <= sy, 'sgt': sx > sy, 'sge': sx >= sy}[ins.pred]
                    out.append(m.const(1, int(r)))
                    continue
                if ins.pred == 'slt' and b.lo == b.hi == 0:      # x < 0: the sign bit
                    r = self.from_slices(1, self.sl_shift(self.slices(a), w - 1, w), z3.Extract(w - 1, w - 1, a.z))
                elif ins.pred == 'sgt' and b.lo == b.hi == (1 << w) - 1:  # x > -1: not the sign bit
                    bit = self.from_slices(1, self.sl_shift(self.slices(a), w - 1, w), z3.Extract(w - 1, w - 1, a.z))
                    r = S(1, 1 - bit.hi, 1 - bit.lo, Poly.const(1) - bit.poly, 1 - bit.z)
                else:
                    raise Unsupported('comparison not modelled: ' + ins.text)
                out.append(r)
            self.env[ins.res] = self.pack(ins.ty, out)
            return
        if op == 'call':
            return self.call(ins)
        if op == 'asm':
            from asm_x86 import run_asm
            vals = [self.val(t, v) if v[0] != 'reg' or not isinstance(self.env.get(v[1]), tuple)
                    else self.env[v[1]] for (t, v) in ins.args]
            out = run_asm(self, ins, vals)
            # one output: the asm's value itself (an empty-template barrier is the identity), not a struct
            self.env[ins.res] = out[0] if len(out) == 1 and not str(ins.ty).lstrip().startswith('{') else out
            return
        if op == 'extractvalue':
            self.env[ins.res] = self.env[ins.a[1]][ins.idx]
            return
        if op == 'alloca':
            t = ins.ty   # cells of the scalar element size (bytes for uint8_t[32])
            while t.kind in ('arr', 'vec', 'struct'):
                t = t.fields[0] if t.kind == 'struct' else t.elem
            cb = self.mod.size(t) if t.kind in ('int', 'ptr') else 8
            self.env[ins.res] = ('ptr', Memory('alloca_' + ins.res, 'scratch', cb), 0)
            return
        raise Unsupported('instruction not modelled: ' + ins.text)

    def signed(self, s):
        v = s.lo
        return v - (1 << s.w) if v >> (s.w - 1) else v

    def conv(self, op, a, to):
        m = self.m
        if op == 'zext':
            return S(to, a.lo, a.hi, a.poly, z3.ZeroExt(to - a.w, a.z), sl=a.sl)
        if op == 'sext':
            if a.hi >> (a.w - 1):
                raise Unsupported('sext of a possibly negative value')
            return S(to, a.lo, a.hi, a.poly, z3.SignExt(to - a.w, a.z), a.base)
        # trunc: exact as x mod 2^to, kept as bit slices of x
        z = z3.Extract(to - 1, 0, a.z)
        if a.hi < (1 << to):
            return S(to, a.lo, a.hi, a.poly, z, sl=a.sl)
        return self.from_slices(to, self.sl_mask(self.slices(a), (1 << to) - 1, a.w), z)

    def binop(self, op, a, b, ins):
        m, w = self.m, a.w
        top = (1 << w) - 1
        if op == 'add':
            lo, hi = a.lo + b.lo, a.hi + b.hi
            r = S(w, lo, hi, a.poly + b.poly, a.z + b.z)
            if hi > top:
                self.overflow(r, z3.ULE(z3.ZeroExt(1, a.z) + z3.ZeroExt(1, b.z), top), 'add', a, b)
            return r
        if op == 'sub':
            lo, hi = a.lo - b.hi, a.hi - b.lo
            if lo < 0:   # e.g. Karatsuba's K - EE - OO: the difference's polynomial may be >= 0 termwise
                pr = self.m.poly_range(a.poly - b.poly)
                if pr is not None:
                    lo, hi = max(lo, pr[0]), min(hi, pr[1])
            r = S(w, lo, hi, a.poly - b.poly, a.z - b.z)
            if lo < 0:
                self.overflow(r, z3.UGE(a.z, b.z), 'sub', a, b)
            return r
        if op == 'mul':
            lo, hi = a.lo * b.lo, a.hi * b.hi
            r = S(w, lo, hi, a.poly * b.poly, a.z * b.z)
            if hi > top:
                self.overflow(r, z3.ULE(z3.ZeroExt(w, a.z) * z3.ZeroExt(w, b.z), top), 'mul', a, b)
            return r
        if op == 'shl':
            if b.lo != b.hi:
                raise Unsupported('variable shift')
            k = b.lo
            if a.hi << k <= top:
                r = self.from_slices(w, self.sl_shift(self.slices(a), -k, w), a.z << k)
                r.lo, r.hi = a.lo << k, a.hi << k
                return r
            if 'shl' not in self.allow_wrap:
                self.overflow(None, z3.ULE(z3.ZeroExt(k, a.z) << k, top) if k else z3.BoolVal(True),
                              'shl', a, b)
            return self.from_slices(w, self.sl_mask(self.sl_shift(self.slices(a), -k, w), top, w), a.z << k)
        if op == 'lshr':
            if b.lo != b.hi:
                raise Unsupported('variable shift')
            k = b.lo
            if k >= w:   # poison (a lane the code discards, e.g. after a shuffle)
                return None
            return self.from_slices(w, self.sl_shift(self.slices(a), k, w), z3.LShR(a.z, k))
        if op == 'and':
            if a.lo == a.hi and b.lo != b.hi:
                a, b = b, a
            if b.lo != b.hi and self.m.bits_only:
                return S(w, 0, min(a.hi, b.hi), Poly(), a.z & b.z)
            if b.lo != b.hi:
                raise Unsupported('and of two variables: ' + ins.text)
            mask = b.lo
            if a.lo == a.hi:
                return m.const(w, a.lo & mask)
            if mask == 0xffffffff and w == 64 and self.cur.ty.kind == 'vec' and a.hi > mask:
                # clang writes _mm256_mul_epu32 (vpmuludq) as mul(and(x, 2^32-1), ...):
                # a multiplicand that may have bits above 32 is a lost product
                m.fail('vpmuludq multiplicand may be >= 2^32 (< 2^%.2f): %s' % (_log2(a.hi), self.cur.text.strip()[:80]))
            return self.from_slices(w, self.sl_mask(self.slices(a), mask, w), a.z & mask)
        if op == 'or':
            if a.lo == a.hi == 0:
                return b
            if b.lo == b.hi == 0:
                return a
            sa, sb = self.slices(a), self.slices(b)
            ranges = sorted((d, d + bb - aa) for (d, x, aa, bb) in sa + sb)
            if all(ranges[i][1] <= ranges[i + 1][0] for i in range(len(ranges) - 1)):
                return self.from_slices(w, sa + sb, a.z | b.z)
            if self.m.bits_only:
                return S(w, max(a.lo, b.lo), min(top, a.hi + b.hi), Poly(), a.z | b.z)
            if m.z3_prove((a.z & b.z) == 0):
                return S(w, max(a.lo, b.lo), a.hi + b.hi, a.poly + b.poly, a.z | b.z)
            raise Unsupported('or of possibly overlapping bits: ' + ins.text)
        if op == 'xor':
            if a.lo == a.hi and b.lo == b.hi:
                return m.const(w, a.lo ^ b.lo)
            if self.m.bits_only:   # truth values of encodings: bit-precise only (z3)
                return S(w, 0, top, Poly(), a.z ^ b.z)
            raise Unsupported('xor: ' + ins.text)
        raise Unsupported(op)

    # -- bit slices: shifts, masks, truncations and disjoint ors stay exact and in
    #    the atoms floor(x / 2^k) of the arithmetic values x they take bits from
    def slices(self, v):
        if v.sl is not None:
            return v.sl
        return [(0, v, 0, min(v.w, max(1, v.hi.bit_length())))]

    def from_slices(self, w, sl, z):
        out = []
        for (d, x, a, b) in sl:
            b = min(b, x.hi.bit_length())
            if b <= a or d >= w:
                continue
            if d + (b - a) > w:
                b = a + (w - d)
            out.append((d, x, a, b))
        if len(out) == 1 and out[0][0] == 0 and out[0][2] == 0 and out[0][1].hi < (1 << out[0][3]):
            x = out[0][1]
            return S(w, x.lo, x.hi, x.poly, z, sl=None if x.w == w else out)
        poly, hi = Poly(), 0
        for (d, x, a, b) in out:
            poly = poly + self.bitfield_x(x, a, b).scale(1 << d)
            hi += min((1 << (b - a)) - 1, x.hi >> a) << d
        return S(w, 0, min(hi, (1 << w) - 1), poly, z, sl=out)

    def bitfield_x(self, x, a, b):
        """floor(x / 2^a) mod 2^(b-a) for x a value of its own (exact polynomial)."""
        fa = x.poly if a == 0 else self.m.floor_div(x, a).poly
        fb = self.m.floor_div(x, b).poly if x.hi >= (1 << b) else Poly()
        return fa - fb.scale(1 << (b - a))

    def sl_shift(self, sl, k, w):
        """value >> k (k >= 0) or << -k, within w bits."""
        out = []
        for (d, x, a, b) in sl:
            nd = d - k
            if nd < 0:
                a2 = a - nd
                if a2 >= b:
                    continue
                out.append((0, x, a2, b))
            else:
                out.append((nd, x, a, b))
        return out

    def sl_mask(self, sl, mask, w):
        out = []
        for (d, x, a, b) in sl:
            for (r0, r1) in bits_runs(mask, w):
                st, en = max(d, r0), min(d + b - a, r1)
                if st < en:
                    out.append((st, x, a + st - d, a + en - d))
        return out

    def bitfield(self, src, a, b):
        """floor(src / 2^a) mod 2^(b-a) as a polynomial, in the atoms of src's truncation base."""
        x = src
        if src.base is not None and b <= src.base[1]:
            x = src.base[0]
        if a == 0:
            return self.m.low_bits(x, b).poly
        q = self.m.floor_div(x, a)
        q2 = self.m.floor_div(x, b) if b < x.w else self.m.const(x.w, 0)
        return q.poly - q2.poly.scale(1 << (b - a))

    def overflow(self, r, claim, what, a, b):
        """The interval says the result may leave [0, 2^w): ask z3 (exact), else fail."""
        if self.m.z3_prove(claim):
            if r is not None:
                top = (1 << r.w) - 1
                r.lo, r.hi = max(r.lo, 0), min(r.hi, top)
            return
        self.m.fail('%s may overflow i%d: [%s] (operands < 2^%.2f, 2^%.2f)' % (
            what, a.w, self.cur.text.strip()[:90], _log2(a.hi), _log2(b.hi)))
        if r is not None:
            r.lo, r.hi = max(r.lo, 0), min(r.hi, (1 << r.w) - 1)

    def call(self, ins):
        name = ins.callee
        m = self.m
        if name.startswith('llvm.lifetime') or name.startswith('llvm.dbg'):
            return
        if name in getattr(self, 'callees', {}):
            return self.call_proved(ins, self.callees[name])
        if name.startswith('llvm.vector.reduce.') and m.bits_only:
            (t, v), = ins.args
            xs = self.val(t, v)
            kind = name.split('.')[3]
            f = {'or': lambda x, y: x | y, 'and': lambda x, y: x & y, 'xor': lambda x, y: x ^ y,
                 'add': lambda x, y: x + y}.get(kind)
            if f is None:
                raise Unsupported('call to ' + name)
            z = xs[0].z
            for x in xs[1:]:
                z = f(z, x.z)
            w = xs[0].w
            self.env[ins.res] = S(w, 0, (1 << w) - 1, Poly(), z)
            return
        if name.startswith('llvm.memcpy.'):
            (_, d), (_, sv), (tn, n) = ins.args[:3]
            dst, src, cnt = self.val(None, d), self.val(None, sv), self.val(tn, n)
            if not (cnt.lo == cnt.hi and dst[1].cb == src[1].cb and dst[1].kind != 'in'):
                raise Unsupported('memcpy: ' + ins.text)
            cb = dst[1].cb
            if (dst[2] | src[2] | cnt.lo) % cb:
                raise Unsupported('memcpy not of whole cells: ' + ins.text)
            for off in range(0, cnt.lo, cb):
                dst[1].store(self, dst[2] + off, self.mod.parse_type('i%d' % (8 * cb))[0],
                             src[1].load(self, src[2] + off, self.mod.parse_type('i%d' % (8 * cb))[0]))
            return
        if name.startswith('llvm.memset.'):
            (_, p), (tv, v), (tn, n) = ins.args[:3]
            ptr, val, cnt = self.val(None, p), self.val(tv, v), self.val(tn, n)
            if not (val.lo == val.hi == 0 and cnt.lo == cnt.hi and ptr[1].kind == 'scratch'):
                raise Unsupported('memset other than a wipe of a local: ' + ins.text)
            mem = ptr[1]
            for off in range(ptr[2], ptr[2] + cnt.lo, mem.cb):
                mem.cells[off] = m.const(8 * mem.cb, 0)
            return
        if name.startswith('llvm.x86.avx512.vpmadd52'):
            hi = name.startswith('llvm.x86.avx512.vpmadd52h')
            (ta, acc), (_, x), (_, y) = ins.args
            ACC, X, Y = (self.val(ta, v) for v in (acc, x, y))
            self.env[ins.res] = [self.ifma(hi, c, a, b) for c, a, b in zip(ACC, X, Y)]
            return
        if name.startswith('llvm.fshl.') or name.startswith('llvm.fshr.'):
            (t, a), (_, b), (_, c) = ins.args
            A, B, C = (self.lanes(t, self.val(t, v)) for v in (a, b, c))
            out = []
            for x, y, k in zip(A, B, C):
                if k.lo != k.hi:
                    raise Unsupported('funnel shift by a variable')
                w = x.w
                k = k.lo % w
                if name.startswith('llvm.fshr.'):
                    k = (w - k) % w
                # fshl(x, y, k) = (x << k) | (y >> (w - k)) within w bits
                if k == 0:
                    out.append(x)
                    continue
                hi_part = m.low_bits(x, w - k)
                lo_part = m.floor_div(y, w - k)
                poly = hi_part.poly.scale(1 << k) + lo_part.poly
                z = z3.Extract(2 * w - 1 - k, w - k, z3.Concat(x.z, y.z))
                out.append(S(w, lo_part.lo, min((1 << w) - 1, (hi_part.hi << k) + lo_part.hi), poly, z))
            self.env[ins.res] = self.pack(t, out)
            return
        if name.startswith('llvm.x86.avx2.pmulu.dq') or name.startswith('llvm.x86.sse2.pmulu.dq'):
            raise Unsupported('pmuludq intrinsic (clang emits mul of zext/and instead)')
        raise Unsupported('call to ' + name)

    def call_proved(self, ins, spec):
        """A call of a routine proved on its own (its row of the table): its inputs
        must be within its proved input bounds (else (a) fails); its outputs become
        fresh values within its proved output bounds, linked to the inputs by its
        proved congruence, per lane: limb 0 = value(in) + p k - sum_{i>0} 2^(w_i) limb_i
        with k a fresh atom (an exact integer identity, limb 0 having weight 1), so the
        caller's congruence check goes through it. canonical: also value(out) < p
        (a z3 fact on the fresh limbs); mod255: value(in) without its bit 255."""
        m = self.m
        ptrs = [self.val(t, v) for t, v in ins.args]
        if len(ptrs) != len(spec['args']):
            raise Unsupported('call of %s with %d arguments' % (ins.callee, len(ptrs)))
        ina = [(a, p) for a, p in zip(spec['args'], ptrs) if a['io'] == 'in']
        outa = [(a, p) for a, p in zip(spec['args'], ptrs) if a['io'] == 'out']
        if len(ina) != 1 or len(outa) != 1:
            raise Unsupported('call of %s: one input, one output expected' % ins.callee)
        (a, p), (oa, op) = ina[0], outa[0]
        limbs, lanes, cb, wts, off = spec['layout'](a['ty'])
        olimbs, olanes, ocb, owts, ooff = spec['layout'](oa['ty'])
        vins = []
        for l in range(lanes):
            vin = Poly()
            for i in range(limbs):
                o = p[2] + off(i, l)
                c = p[1].cell(self, o)
                b = a['bound'][i]
                if c.hi >= b and not m.z3_prove(z3.ULT(c.z, b) if b < (1 << c.w) else z3.BoolVal(True)):
                    m.fail('%s: argument %s limb %d may reach 2^%.2f, its proved input bound is < 2^%.2f' % (
                        ins.callee, a['name'], i, _log2(c.hi), _log2(b)))
                if p[1].kind == 'in' and getattr(p[1], 'inplace', True) and o in (getattr(self, 'stored_out', None) or ()):
                    m.fail('%s reads input %s after the output store to the same offset' % (ins.callee, p[1].name))
                vin = vin + c.poly.scale(1 << wts[i])
                if spec.get('mod255') and i == limbs - 1:
                    # value mod 2^255: bit 255 = the top bit of the top cell (its floor atom)
                    vin = vin - m.floor_div(c, 8 * cb - 1).poly.scale(1 << 255)
            vins.append(vin)
        newcells = {}
        for l in range(olanes):
            cells, rest, zs = [], Poly(), []
            for i in range(olimbs):
                b = oa['bound'][i]
                z = z3.FreshConst(z3.BitVecSort(8 * ocb), 'ret')
                m.inputs_z3.append(z3.ULT(z, b) if b < (1 << (8 * ocb)) else z3.BoolVal(True))
                zs.append(z)
                if i == 0:
                    cells.append(None)
                    continue
                at = m.new_atom('%s.%s%d_%d' % (ins.callee, oa['name'], i, l), 0, b - 1, z)
                cells.append(S(8 * ocb, 0, b - 1, Poly.atom(at), z))
                rest = rest + Poly.atom(at).scale(1 << owts[i])
            k = m.new_atom('%s.k%d' % (ins.callee, l), -(1 << 600), 1 << 600, z3.FreshConst(z3.BitVecSort(64), 'k'))
            cells[0] = S(8 * ocb, 0, oa['bound'][0] - 1, vins[l] + Poly.atom(k).scale(P) - rest, zs[0])
            if spec.get('canonical'):
                W = 8 * ocb * olimbs + 8
                tot = z3.BitVecVal(0, W)
                for i, z in enumerate(zs):
                    tot = tot + (z3.ZeroExt(W - z.size(), z) << owts[i])
                m.inputs_z3.append(z3.ULT(tot, P))
            for i in range(olimbs):
                newcells[op[2] + ooff(i, l)] = cells[i]
            if m.bits_only:
                # bit-precise callers (truth values of encodings): the callee's proved
                # relation as a z3 fact on the bit-vectors too: out = in mod 2^255
                # (frombytes), else in - out = p k for a small integer k
                W = 320
                tin = z3.BitVecVal(0, W)
                for i in range(limbs):
                    c = p[1].cell(self, p[2] + off(i, l))
                    tin = tin + (z3.ZeroExt(W - c.w, c.z) << wts[i])
                tout = z3.BitVecVal(0, W)
                for i, z in enumerate(zs):
                    tout = tout + (z3.ZeroExt(W - z.size(), z) << owts[i])
                if spec.get('mod255'):
                    m.inputs_z3.append(tout == (tin & ((1 << 255) - 1)))
                else:
                    kz = z3.FreshConst(z3.BitVecSort(24), 'kz')
                    m.inputs_z3.append(tin - tout == P * z3.SignExt(W - 24, kz))
                if not hasattr(self, 'call_outputs'):
                    self.call_outputs = []
                self.call_outputs.append((ins.callee, spec, tin, tout))
        mem = op[1]
        mem.cells.update(newcells)
        if mem.kind == 'out':
            if not getattr(self, 'stored_out', None):
                self.stored_out = set()
            self.stored_out.update(o + d for o in newcells for d in range(ocb))

    def ifma(self, hi, acc, a, b):
        """vpmadd52luq/huq: acc + lo52/hi52(a[51:0] * b[51:0]) mod 2^64."""
        m = self.m
        for x in (a, b):
            if x.hi >= 1 << 52:
                m.fail('IFMA multiplicand may be >= 2^52 (< 2^%.2f): %s' % (_log2(x.hi), self.cur.text.strip()[:80]))
        prod_hi = a.hi * b.hi
        M52 = (1 << 52) - 1
        za = z3.ZeroExt(64, a.z & M52)
        zb = z3.ZeroExt(64, b.z & M52)
        zp = za * zb
        if prod_hi <= M52:
            part = S(64, 0 if hi else a.lo * b.lo, 0 if hi else prod_hi,
                     Poly() if hi else a.poly * b.poly, z3.BitVecVal(0, 64) if hi else z3.Extract(63, 0, zp))
        else:
            ka, kb = a.poly.key(), b.poly.key()
            key = (ka, kb) if repr(sorted(ka)) <= repr(sorted(kb)) else (kb, ka)
            if key not in m.hi52_atoms:
                m.hi52_atoms[key] = m.new_atom('hi52(v%d)' % len(m.atoms), (a.lo * b.lo) >> 52, prod_hi >> 52,
                                               z3.Extract(63, 0, z3.LShR(zp, 52)))
            H = m.hi52_atoms[key]
            if hi:
                part = S(64, (a.lo * b.lo) >> 52, prod_hi >> 52, Poly.atom(H), z3.Extract(63, 0, z3.LShR(zp, 52)))
            else:
                part = S(64, 0, M52, a.poly * b.poly - Poly.atom(H).scale(1 << 52),
                         z3.Extract(63, 0, zp) & M52)
        r = S(64, acc.lo + part.lo, acc.hi + part.hi, acc.poly + part.poly, acc.z + part.z)
        if r.hi > (1 << 64) - 1:
            self.overflow(r, z3.ULE(z3.ZeroExt(1, acc.z) + z3.ZeroExt(1, part.z), (1 << 64) - 1),
                          'vpmadd52 accumulate', acc, part)
        return r


def _log2(x):
    import math
    return math.log2(x) if x > 0 else float('-inf')


class Memory:
    """One pointer argument: cells of cell_bytes bytes. kind 'in' (reads create the
    input atoms through make(offset)), 'out' (written), 'scratch'."""

    def __init__(self, name, kind, cell_bytes=8, make=None):
        self.name, self.kind, self.cb, self.make = name, kind, cell_bytes, make
        self.cells = {}

    def cell(self, it, off):
        if off not in self.cells:
            if self.kind == 'in' and self.make is not None:
                self.cells[off] = self.make(off)
            else:
                raise Unsupported('read of unwritten %s+%d' % (self.name, off))
        return self.cells[off]

    def load(self, it, off, t):
        cb = self.cb
        if self.kind == 'in' and getattr(self, 'inplace', True) and getattr(it, 'stored_out', None):
            # no input byte is read after an output store to the same offset: then the
            # result is the same when the caller passes h == f (in-place calls), which
            # the disjoint model of the pointer arguments would not show otherwise
            size = it.mod.size(t)
            if any(o in it.stored_out for o in range(off, off + size)):
                it.m.fail('input %s+%d read after the output store to the same offset: '
                          'not correct in place (h == %s)' % (self.name, off, self.name))
        if t.kind == 'vec':
            eb = it.mod.size(t.elem)
            if eb != cb:
                raise Unsupported('vector load with lanes of %d bytes from cells of %d' % (eb, cb))
            return [self.cell(it, off + i * cb) for i in range(t.n)]
        size = it.mod.size(t)
        if size == cb:
            return self.cell(it, off)
        if size > cb and size % cb == 0:  # little-endian concatenation
            parts = [self.cell(it, off + i * cb) for i in range(size // cb)]
            w = 8 * size
            poly, lo, hi = Poly(), 0, 0
            for i, p in enumerate(parts):
                poly = poly + p.poly.scale(1 << (8 * cb * i))
                lo += p.lo << (8 * cb * i)
                hi += p.hi << (8 * cb * i)
            z = z3.Concat(*[p.z for p in reversed(parts)])
            return S(w, lo, hi, poly, z)
        raise Unsupported('load of %d bytes from cells of %d' % (size, cb))

    def store(self, it, off, t, v):
        cb = self.cb
        if self.kind == 'out':
            if not getattr(it, 'stored_out', None):
                it.stored_out = set()
            it.stored_out.update(range(off, off + it.mod.size(t)))
        if t.kind == 'vec':
            for i, x in enumerate(v):
                self.cells[off + i * cb] = x
            return
        size = it.mod.size(t)
        if size == cb:
            self.cells[off] = v
            return
        if size > cb and size % cb == 0:
            for i in range(size // cb):
                part = it.m.floor_div(v, 8 * cb * i)
                low = it.m.low_bits(part, 8 * cb)
                self.cells[off + i * cb] = S(8 * cb, low.lo, low.hi, low.poly,
                                             z3.Extract(8 * cb * (i + 1) - 1, 8 * cb * i, v.z))
            return
        raise Unsupported('store of %d bytes into cells of %d' % (size, cb))


def _poly_neg(self):
    return self.scale(-1)


def _poly_mul(self, o):
    if isinstance(o, int):
        return self.scale(o)
    return Poly.__mul_poly__(self, o)


def _poly_radd(self, o):
    return self + Poly.const(o) if isinstance(o, int) else self + o


Poly.__mul_poly__ = Poly.__mul__
Poly.__mul__ = _poly_mul
Poly.__rmul__ = lambda self, o: _poly_mul(self, o)
Poly.__neg__ = _poly_neg
_add = Poly.__add__
Poly.__add__ = lambda self, o: _add(self, Poly.const(o) if isinstance(o, int) else o)
Poly.__radd__ = _poly_radd
Poly.__rsub__ = lambda self, o: Poly.const(o) - self
