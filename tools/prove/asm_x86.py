# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Semantics of the x86-64 inline assembly of the mulx field (backend/mulx/fe64_mulx.h) as it
appears in clang's IR: the asm template with its operand constraints, executed on
the symbolic values of engine.py.

Instructions: mov{q,l} (register, memory, immediate), xorl r,r, mulx, add/adc/adcx/
adox/sub/sbb (q), sbbq r,r (the borrow mask), andq $imm, shrq $imm, leaq (b,i,s),
btrq $imm, imulq $imm. Flags: CF and OF, each either a known constant, a carry
(a fresh 0/1 atom), or unknown (what the manual leaves undefined or what is not a
carry: the signed overflow of add/adc/sub/sbb, the CF of imul/shr); reading an
unknown flag is an error, never a guess.

Every result is exact: r = a + b + cin - 2^64 cout (cout a fresh atom unless the
interval shows no carry), mulx lo = a b - 2^64 H and hi = H, and so on, both as a
polynomial (the congruence, property (c)) and as a linear integer term (z3, linear
integer arithmetic) for the bounds. Property (a) for assembly: every carry or
borrow that is dropped (its flag overwritten or clobbered before an instruction
reads it) is proved 0 by z3 from the linear equations of all instructions before it
(partial products bounded by the products of their factors' bounds, as CryptoLine's
range checks do); so are lea/imul results < 2^64.
"""
import re
import z3
from engine import S, Poly, Unsupported, z3_timeout

M64 = (1 << 64) - 1


class AsmState:
    def __init__(self, it, ins):
        self.it, self.m, self.ins = it, it.m, ins
        self.regs = {}
        self.cf = ('const', 0)   # ('const', v) | ('carry', S, consumed list) | ('unknown', why)
        self.of = ('const', 0)
        m = self.m
        if not hasattr(m, 'lia'):
            m.lia, m.lia_int, m.lia_split = [], {}, {}

    # -- linear-integer view
    def atom_int(self, a):
        m = self.m
        if a not in m.lia_int:
            name, lo, hi, _ = m.atoms[a]
            v = z3.Int('i%d' % a)
            m.lia_int[a] = v
            m.lia += [v >= lo, v <= hi]
        return m.lia_int[a]

    def li(self, s):
        """The value as a linear integer term (fresh bounded Int if its polynomial is not linear)."""
        if getattr(s, 'li', None) is not None:
            return s.li
        if all(len(mono) <= 1 for mono in s.poly.t):
            t = z3.IntVal(0)
            for mono, c in s.poly.t.items():
                t = t + (c if not mono else c * self.atom_int(mono[0]))
            s.li = t
            return t
        if all(len(mono) <= 2 for mono in s.poly.t):
            # products of two atoms: one bounded Int per product
            t = z3.IntVal(0)
            for mono, c in s.poly.t.items():
                if len(mono) < 2:
                    t = t + (c if not mono else c * self.atom_int(mono[0]))
                else:
                    key = ('prod',) + mono
                    if key not in self.m.lia_int:
                        a, b = mono
                        lo = self.m.atoms[a][1] * self.m.atoms[b][1]
                        hi = self.m.atoms[a][2] * self.m.atoms[b][2]
                        v = z3.Int('p%d_%d' % (a, b))
                        self.m.lia_int[key] = v
                        self.m.lia += [v >= lo, v <= hi]
                    t = t + c * self.m.lia_int[key]
            s.li = t
            return t
        v = z3.Int('v%d' % len(self.m.lia))
        self.m.lia += [v >= s.lo, v <= s.hi]
        s.li = v
        return v

    def new(self, lo, hi, poly, li):
        # no bit-vector view for asm values: an unconstrained bit-vector, so that any
        # z3 query that meets one must hold for every value (sound, never used to prove)
        s = S(64, lo, hi, poly, z3.FreshConst(z3.BitVecSort(64), 'asm'))
        s.li = li
        return s

    def const(self, c):
        return self.new(c, c, Poly.const(c), z3.IntVal(c))

    def fresh01(self, what):
        a = self.m.new_atom(what, 0, 1, z3.FreshConst(z3.BitVecSort(64), 'asmc'))
        return a, self.atom_int(a)

    def prove_lia(self, claim, what):
        m = self.m
        m.z3_queries += 1
        s = z3.Solver()
        s.set('timeout', z3_timeout(30000))
        s.add(*m.lia)
        s.add(z3.Not(claim))
        r = s.check()
        if r != z3.unsat:
            m.fail('%s (%s)' % (what, 'z3: %s' % r))
            return False
        return True

    # -- flags
    def set_flag(self, which, val):
        old = self.cf if which == 'cf' else self.of
        self.drop(old, which)
        if which == 'cf':
            self.cf = val
        else:
            self.of = val

    def drop(self, flag, which):
        """A carry flag overwritten before it was read: it must be 0."""
        if flag[0] == 'carry' and not flag[2][0]:
            atom, li = flag[1]
            if self.prove_lia(li == 0, 'dropped %s carry may be 1 after "%s"' % (which.upper(), flag[3])):
                # substitute 0 for the proved-zero carry in every later polynomial
                self.m.zero_atoms.add(atom)

    def read_flag(self, which):
        f = self.cf if which == 'cf' else self.of
        if f[0] == 'unknown':
            raise Unsupported('asm reads %s, undefined here (%s)' % (which.upper(), f[1]))
        if f[0] == 'const':
            return self.const(f[1])
        f[2][0] = True
        atom, li = f[1]
        return self.new(0, 1, Poly.atom(atom), li)

    # -- arithmetic with carry
    def addc(self, a, b, cin, text, flag):
        lo, hi = a.lo + b.lo + cin.lo, a.hi + b.hi + cin.hi
        poly = a.poly + b.poly + cin.poly
        li = self.li(a) + self.li(b) + self.li(cin)
        if hi <= M64:
            self.set_flag(flag, ('const', 0))
            return self.new(lo, hi, poly, li)
        atom, c = self.fresh01('carry(%s)' % text)
        r = self.new(max(0, lo - (1 << 64)), M64, poly - Poly.atom(atom).scale(1 << 64), li - (1 << 64) * c)
        self.m.lia += [r.li >= 0, r.li <= M64]
        self.set_flag(flag, ('carry', (atom, c), [False], text))
        return r

    def subb(self, a, b, bin_, text):
        lo, hi = a.lo - b.hi - bin_.hi, a.hi - b.lo - bin_.lo
        poly = a.poly - b.poly - bin_.poly
        li = self.li(a) - self.li(b) - self.li(bin_)
        if lo >= 0:
            self.set_flag('cf', ('const', 0))
            return self.new(lo, hi, poly, li)
        atom, c = self.fresh01('borrow(%s)' % text)
        r = self.new(0, min(M64, hi + (1 << 64)), poly + Poly.atom(atom).scale(1 << 64), li + (1 << 64) * c)
        self.m.lia += [r.li >= 0, r.li <= M64]
        self.set_flag('cf', ('carry', (atom, c), [False], text))
        return r

    def split(self, x, k):
        """x = 2^k q + r, 0 <= r < 2^k: (q, r) with one atom q per (x, k)."""
        key = (x.poly.key(), k)
        m = self.m
        if x.hi < (1 << k):
            return self.const(0), x
        if key not in m.lia_split:
            a = m.new_atom('floor(asm/2^%d)' % k, x.lo >> k, x.hi >> k, z3.FreshConst(z3.BitVecSort(64), 'asmq'))
            q = self.atom_int(a)
            m.lia += [self.li(x) - (1 << k) * q >= 0, self.li(x) - (1 << k) * q <= (1 << k) - 1]
            m.lia_split[key] = a
        a = m.lia_split[key]
        q = self.new(x.lo >> k, x.hi >> k, Poly.atom(a), self.atom_int(a))
        r = self.new(0, min(x.hi, (1 << k) - 1), x.poly - Poly.atom(a).scale(1 << k),
                     self.li(x) - (1 << k) * self.atom_int(a))
        return q, r

    def checked(self, lo, hi, poly, li, text):
        r = self.new(lo, min(hi, M64), poly, li)
        if hi > M64:
            self.prove_lia(li <= M64, '%s may overflow 64 bits' % text)
        return r


def run_asm(it, ins, operands_in):
    """Execute the asm call ins; returns the list of output values (the struct)."""
    st = AsmState(it, ins)
    m = it.m
    if not hasattr(m, 'zero_atoms'):
        m.zero_atoms = set()
    cons = [c.strip() for c in ins.constraints.split(',')]
    outs = [c for c in cons if c.startswith('=')]
    ins_c = [c for c in cons if not c.startswith('=') and not c.startswith('~')]
    nout = len(outs)
    ops = {}   # operand number -> ('reg', name) | ('val', S|ptr)
    for k in range(nout):
        ops[k] = ('reg', 'op%d' % k)
    for j, c in enumerate(ins_c):
        k = nout + j
        v = operands_in[j]
        if c.isdigit():  # tied to output operand c: its initial value
            st.regs['op%s' % c] = v
            ops[k] = ('reg', 'op%s' % c)
        elif c.startswith('*m'):
            ops[k] = ('mem', v)
        elif c in ('r', 'rm', 'q', 'x'):
            st.regs['in%d' % k] = v
            ops[k] = ('reg', 'in%d' % k)
        else:
            raise Unsupported('asm constraint %r' % c)
    text = ins.template.replace('\\0A', '\n').replace('\\09', '\t')
    for line in text.split('\n'):
        line = line.strip()
        if not line:
            continue
        step(st, ops, line)
    # the flags are clobbered at the end ("cc"): pending carries are dropped
    st.drop(st.cf, 'cf')
    st.drop(st.of, 'of')
    out = []
    for k in range(nout):
        v = st.regs.get('op%d' % k)
        if v is None:
            raise Unsupported('asm output %d never written' % k)
        out.append(v)
    return out


HWREG = {'rax': 'rax', 'eax': 'rax', 'rdx': 'rdx', 'edx': 'rdx'}
# every general-purpose register by name (file-scope assembly, asm_loop.py): 64-bit
# names and their 32-bit halves (a 32-bit write zero-extends, as on the CPU)
for _r in ('rax', 'rbx', 'rcx', 'rdx', 'rsi', 'rdi', 'rbp'):
    HWREG[_r] = _r
    HWREG['e' + _r[1:]] = _r
for _k in range(8, 16):
    HWREG['r%d' % _k] = 'r%d' % _k
    HWREG['r%dd' % _k] = 'r%d' % _k


def parse_operand(st, ops, s):
    """-> ('imm', n) | ('reg', name, bits) | ('mem', ptr, off)"""
    s = s.strip()
    s = s.replace('$$', '#')   # '$$' in the IR template is a literal '$'
    m = re.fullmatch(r'#(-?\d+)', s)
    if m:
        return ('imm', int(m.group(1)))
    m = re.fullmatch(r'%(\w+)', s)
    if m:
        r = m.group(1)
        if r not in HWREG:
            raise Unsupported('register %' + r)
        return ('reg', HWREG[r], 32 if (r.startswith('e') or r.endswith('d')) else 64)
    m = re.fullmatch(r'\$\{(\d+):k\}', s)
    if m:
        k = int(m.group(1))
        return ('reg', ops[k][1], 32)
    m = re.fullmatch(r'\$(\d+)', s)
    if m:
        k = int(m.group(1))
        if ops[k][0] == 'mem':  # an "m" operand (one word the compiler addresses)
            return ('mem', ops[k][1], 0)
        return ('reg', ops[k][1], 64)
    m = re.fullmatch(r'(-?\d*)\(\$(\d+)\)', s)
    if m:
        off = int(m.group(1) or 0)
        base = st.regs[ops[int(m.group(2))][1]]
        return ('mem', base, off)
    m = re.fullmatch(r'\(%(\w+),\$(\d+),(\d+)\)', s)
    if m:
        return ('lea', HWREG[m.group(1)], ops[int(m.group(2))][1], int(m.group(3)))
    m = re.fullmatch(r'\(%(\w+),%(\w+),(\d+)\)', s)
    if m and m.group(1) in HWREG and m.group(2) in HWREG:
        return ('lea', HWREG[m.group(1)], HWREG[m.group(2)], int(m.group(3)))
    m = re.fullmatch(r'(-?\d*)\(%(\w+)\)', s)
    if m:  # memory through a named register: only the prologue/epilogue of asm_loop.py
        raise Unsupported('memory operand %r in straight-line asm' % s)
    raise Unsupported('asm operand %r' % s)


def read(st, o):
    if o[0] == 'imm':
        return st.const(o[1] & M64)
    if o[0] == 'reg':
        v = st.regs.get(o[1])
        if v is None:
            raise Unsupported('asm reads unset register %s' % o[1])
        if o[2] == 32:
            if v.hi > 0xffffffff:
                raise Unsupported('32-bit read of a wide value')
        return v
    if o[0] == 'mem':
        p = o[1]
        if not (isinstance(p, tuple) and p[0] == 'ptr'):
            raise Unsupported('asm memory operand through a non-pointer')
        if p[1].kind == 'in' and getattr(p[1], 'inplace', True) and (p[2] + o[2]) in (getattr(st.it, 'stored_out', None) or ()):
            st.m.fail('asm reads input %s after the output store to the same offset: not correct in place'
                      % p[1].name)
        return p[1].cell(st.it, p[2] + o[2])
    raise Unsupported(repr(o))


def write(st, o, v):
    if o[0] != 'reg':
        raise Unsupported('asm writes memory')
    st.regs[o[1]] = v


def step(st, ops, line):
    mnem, _, rest = line.partition(' ')
    from llir import split_top
    args = [parse_operand(st, ops, a) for a in split_top(rest)] if rest.strip() else []
    txt = line
    if mnem in ('movq', 'movl'):
        src, dst = args
        write(st, dst, read(st, src))
        return
    if mnem == 'xorl':
        a, b = args
        if a[:2] != b[:2]:
            raise Unsupported('xorl of two registers')
        write(st, b, st.const(0))
        st.set_flag('cf', ('const', 0))
        st.set_flag('of', ('const', 0))
        return
    if mnem == 'mulx':
        src, lo_o, hi_o = args
        a, b = read(st, ('reg', 'rdx', 64)), read(st, src)
        hi_b = a.hi * b.hi
        if hi_b <= M64:
            lo = st.new(a.lo * b.lo, hi_b, a.poly * b.poly, None)
            lo.li = st.li(lo)
            write(st, lo_o, lo)
            write(st, hi_o, st.const(0))
            return
        prod = S(128, a.lo * b.lo, hi_b, a.poly * b.poly, z3.FreshConst(z3.BitVecSort(128), 'asmp'))
        prod.li = None
        if a.lo == a.hi or b.lo == b.hi:  # by a constant: linear
            c, x = (a, b) if a.lo == a.hi else (b, a)
            prod.li = c.lo * st.li(x)
        q, r = st.split(prod, 64)
        write(st, lo_o, r)
        write(st, hi_o, q)
        return
    if mnem in ('addq', 'adcq', 'adcx', 'adox'):
        src, dst = args
        a, b = read(st, dst), read(st, src)
        if mnem == 'addq':
            cin, flag = st.const(0), 'cf'
        elif mnem in ('adcq', 'adcx'):
            cin, flag = st.read_flag('cf'), 'cf'
        else:
            cin, flag = st.read_flag('of'), 'of'
        r = st.addc(a, b, cin, txt, flag)
        if mnem in ('addq', 'adcq'):
            st.set_flag('of', ('unknown', 'signed overflow of ' + txt))
        write(st, dst, r)
        return
    if mnem in ('subq', 'sbbq'):
        src, dst = args
        if mnem == 'sbbq' and src[:2] == dst[:2] and src[0] == 'reg':
            # sbb r, r: r = -CF (all ones or 0), CF unchanged in value (read here)
            f = st.cf
            cin = st.read_flag('cf')
            v = st.new(0, M64 if cin.hi else 0, cin.poly.scale(M64), cin.li * M64)
            v.mask_of = cin
            write(st, dst, v)
            if f[0] == 'carry':  # the same carry stays in CF (read once more by nobody here)
                st.cf = ('carry', f[1], [True], f[3])
            st.of = ('unknown', 'sbb r,r')
            return
        a, b = read(st, dst), read(st, src)
        bin_ = st.const(0) if mnem == 'subq' else st.read_flag('cf')
        r = st.subb(a, b, bin_, txt)
        st.set_flag('of', ('unknown', 'signed overflow of ' + txt))
        write(st, dst, r)
        return
    if mnem == 'andq':
        src, dst = args
        v = read(st, dst)
        if src[0] != 'imm':
            raise Unsupported('andq of two registers')
        f = getattr(v, 'mask_of', None)
        if f is None:
            raise Unsupported('andq $imm of a value that is not a borrow mask')
        imm = src[1]
        write(st, dst, st.new(0, imm * f.hi, f.poly.scale(imm), f.li * imm))
        st.set_flag('cf', ('const', 0))
        st.set_flag('of', ('const', 0))
        return
    if mnem == 'shrq':
        src, dst = args
        k = src[1]
        q, _ = st.split(read(st, dst), k)
        write(st, dst, q)
        st.set_flag('cf', ('unknown', 'shr'))
        st.set_flag('of', ('unknown', 'shr'))
        return
    if mnem == 'btrq':
        src, dst = args
        k = src[1]
        x = read(st, dst)
        q, r = st.split(x, k)
        if q.hi > 1:
            raise Unsupported('btr below the top bit')
        write(st, dst, r)
        st.set_flag('cf', ('unknown', 'btr (a bit, not a carry)'))
        st.set_flag('of', ('unknown', 'btr'))
        return
    if mnem == 'leaq':
        src, dst = args
        _, breg, ireg, scale = src
        b, i = st.regs[breg], st.regs[ireg]
        r = st.checked(b.lo + scale * i.lo, b.hi + scale * i.hi, b.poly + i.poly.scale(scale),
                       st.li(b) + scale * st.li(i), txt)
        write(st, dst, r)
        return
    if mnem == 'imulq':
        imm, src, dst = args
        x = read(st, src)
        c = imm[1]
        r = st.checked(x.lo * c, x.hi * c, x.poly.scale(c), c * st.li(x), txt)
        write(st, dst, r)
        st.set_flag('cf', ('unknown', 'imul'))
        st.set_flag('of', ('unknown', 'imul'))
        return
    raise Unsupported('asm instruction %r' % line)
