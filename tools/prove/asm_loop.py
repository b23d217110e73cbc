# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The squaring loop of the mulx field written as a plain assembly function
(f25519_fe64_sqr_n_asm in backend/mulx/fe64_mulx.c): read from the `module asm` text of
clang's IR of that file (what the assembler gets), proved in three parts.

1. Structure (the only label is the loop's `1:`, the only branch `decq 8(%rsp);
   jnz 1b` right after the body; no call, no other jump): the prologue and the
   epilogue are executed on symbolic tokens (which register or stack slot holds
   which argument): at the loop entry rbx, rcx, rsi, rdi hold in[0..3], 0(%rsp) the
   output pointer and 8(%rsp) the count n; the epilogue stores rbx, rcx, rsi, rdi to
   out[0..3] through the saved pointer, restores every callee-saved register and
   returns with rsp as on entry. The body names no memory operand and neither rsp
   nor the stack: the two slots keep their values; so the body runs exactly n times
   for n >= 1 (fe64_sqr_n calls it only with n >= 1) and nothing but rbx, rcx, rsi,
   rdi carries a value from one iteration to the next (the body starts with every
   other register and both flags unset: reading one is an error, never a guess).
2. The body: one squaring, executed with the exact semantics of asm_x86.py on the
   element rbx + 2^64 rcx + 2^128 rsi + 2^192 rdi, every word any 64-bit value (the
   fe64 "partially reduced" bound): (a) every dropped carry proved 0 (the carries
   pending at the `decq` are dropped: dec leaves CF, but the next iteration writes CF
   before it reads it, and dec overwrites OF), lea/imul < 2^64; (b) the new words
   are 64-bit words again, i.e. within the same bound (the induction invariant);
   (c) new value = old value^2 (mod p), CryptoLine's algebraic method as for fe64_sqr.
3. Induction: by 1 and 2, out = in^(2^n) (mod p), every word < 2^64, for n >= 1.
"""
import re
import time

import z3
from engine import Machine, Poly, Unsupported
import asm_x86

CALLEE_SAVED = ('rbx', 'rbp', 'r12', 'r13', 'r14', 'r15')
ELEMENT_REGS = ('rbx', 'rcx', 'rsi', 'rdi')


def functions(mod):
    """name -> asm lines (comments and blank lines dropped) of each function of the
    module's file-scope assembly (from its label to its `.size`)."""
    text = '\n'.join(mod.module_asm)
    out, cur, name = {}, None, None
    for ln in text.split('\n'):
        ln = ln.split('#')[0].strip()
        if not ln:
            continue
        m = re.fullmatch(r'([A-Za-z_][\w.]*):', ln)
        if m and cur is None:
            name, cur = m.group(1), []
            continue
        if cur is not None:
            if ln.startswith('.size'):
                out[name] = cur
                cur = None
            else:
                cur.append(ln)
    return out


def _ops(line):
    from llir import split_top
    mnem, _, rest = line.partition(' ')
    return mnem, split_top(rest) if rest.strip() else []


class Tokens:
    """Prologue/epilogue: values are tokens ('init', reg) | ('in', k) | ('res', k) |
    ('sp', off) | ('imm', n) | ('clob',)."""

    def __init__(self):
        self.regs = {r: ('init', r) for r in asm_x86.HWREG.values()}
        self.regs['rsp'] = ('sp', 0)
        self.stack = {}
        self.out = {}
        self.errs = []

    def addr(self, s):
        m = re.fullmatch(r'(-?\d*)\(%(\w+)\)', s)
        if not m:
            return None
        off, base = int(m.group(1) or 0), self.regs.get(m.group(2))
        if base is None:
            raise Unsupported('address through %' + m.group(2))
        if base[0] == 'sp':
            return ('stack', base[1] + off)
        if base == ('init', 'rsi'):
            if off % 8 or not 0 <= off < 32:
                raise Unsupported('read of in+%d' % off)
            return ('in', off // 8)
        if base == ('init', 'rdi'):
            if off % 8 or not 0 <= off < 32:
                raise Unsupported('write of out+%d' % off)
            return ('out', off // 8)
        raise Unsupported('memory through %r' % (base,))

    def get(self, s):
        if s.startswith('$'):
            return ('imm', int(s[1:]))
        a = self.addr(s)
        if a is not None:
            if a[0] == 'stack':
                if a[1] not in self.stack:
                    raise Unsupported('read of an unwritten stack slot %d' % a[1])
                return self.stack[a[1]]
            if a[0] == 'in':
                return ('in', a[1])
            raise Unsupported('read of the output')
        r = s.lstrip('%')
        if r == 'rsp':
            return self.regs['rsp']
        return self.regs[asm_x86.HWREG[r]]

    def put(self, s, v):
        a = self.addr(s)
        if a is not None:
            if a[0] == 'stack':
                self.stack[a[1]] = v
            elif a[0] == 'out':
                self.out[a[1]] = v
            else:
                raise Unsupported('write of the input')
            return
        r = s.lstrip('%')
        self.regs['rsp' if r == 'rsp' else asm_x86.HWREG[r]] = v

    def run(self, lines):
        for ln in lines:
            mnem, args = _ops(ln)
            if mnem == 'pushq':
                sp = self.regs['rsp'][1] - 8
                self.regs['rsp'] = ('sp', sp)
                self.stack[sp] = self.get(args[0])
            elif mnem == 'popq':
                sp = self.regs['rsp'][1]
                self.put(args[0], self.stack[sp])
                self.regs['rsp'] = ('sp', sp + 8)
            elif mnem in ('subq', 'addq') and args[1] == '%rsp':
                k = self.get(args[0])[1]
                self.regs['rsp'] = ('sp', self.regs['rsp'][1] + (k if mnem == 'addq' else -k))
            elif mnem == 'movq':
                self.put(args[1], self.get(args[0]))
            elif mnem == 'ret':
                self.ret = True
            elif mnem.startswith('.'):
                continue
            else:
                raise Unsupported('prologue/epilogue instruction %r' % ln)


def prove_sqr_n(mod, name, residual_mod_p):
    """{'a','b','c': (ok, why), 'time', ...} for the assembly function `name`;
    residual_mod_p(poly): None iff poly is in the ideal (p) (prove.py's)."""
    t0 = time.time()

    def res(a, b, c, **kw):
        d = {'a': a, 'b': b, 'c': c, 'time': time.time() - t0}
        d.update(kw)
        return d
    fns = functions(mod)
    if name not in fns:
        e = (False, 'no assembly function %s in the module asm' % name)
        return res(e, e, e)
    lines = [ln for ln in fns[name] if not ln.startswith('.')]
    try:
        struct = _structure(lines)
    except Unsupported as e:
        e = (False, 'loop structure: %s' % e)
        return res(e, e, e)
    body = struct
    mach = Machine(name)
    mach.zero_atoms = set()
    regs = {}
    for k, r in enumerate(ELEMENT_REGS):
        regs[r] = mach.input('in%d' % k, 64, 0, (1 << 64) - 1)

    class It:  # what asm_x86 needs of an interpreter: the machine; no memory in the body
        m, stored_out = mach, None
    st = asm_x86.AsmState(It(), None)
    st.cf = ('unknown', 'CF at the loop entry (dec leaves the previous iteration\'s CF)')
    st.of = ('unknown', 'OF at the loop entry (dec sets it from the counter)')
    for r, v in regs.items():
        v.li = st.li(v)
        st.regs[r] = v
    try:
        for ln in body:
            if re.search(r'%(rsp|esp|sp)\b', ln) or ('(' in ln and not ln.startswith('leaq ')):
                raise Unsupported('the loop body touches memory or the stack: %r' % ln)
            asm_x86.step(st, {}, ln.replace('$', '$$'))
        # decq 8(%rsp): CF survives but the next iteration writes it before reading
        # (its entry state is 'unknown'); OF is overwritten: both pending carries drop
        st.drop(st.cf, 'cf')
        st.drop(st.of, 'of')
    except Unsupported as e:
        e = (False, 'not modelled: %s' % e)
        return res(e, e, e)
    outs = [st.regs.get(r) for r in ELEMENT_REGS]
    ok_a = not mach.fail_a
    # (b) the words that carry to the next iteration are 64-bit words: in the input bound
    ok_b = all(o is not None and 0 <= o.lo and o.hi <= (1 << 64) - 1 for o in outs)
    # (c) new = old^2 mod p
    vin, vout = Poly(), Poly()
    for k in range(4):
        vin = vin + regs[ELEMENT_REGS[k]].poly.scale(1 << (64 * k))
        vout = vout + outs[k].poly.scale(1 << (64 * k))
    resid = vout - vin * vin
    resid = Poly({mo: c for mo, c in resid.t.items() if not (set(mo) & mach.zero_atoms)})
    left = residual_mod_p(resid)
    ok_c = left is None
    return res((ok_a, '; '.join(mach.fail_a[:3])), (ok_b, '' if ok_b else 'a word of the body output may leave 64 bits'),
               (ok_c, '' if ok_c else 'body output - input^2 is not a multiple of p (%d terms left)' % len(left.t)),
               z3=mach.z3_queries, steps=len(body))


def _structure(lines):
    """Checks the loop shape and the prologue/epilogue; returns the body's lines."""
    labels = [i for i, ln in enumerate(lines) if ln.endswith(':')]
    if len(labels) != 1 or lines[labels[0]] != '1:':
        raise Unsupported('expected exactly one label `1:`, found %r' % [lines[i] for i in labels])
    top = labels[0]
    jumps = [i for i, ln in enumerate(lines) if ln.split()[0].startswith('j') or ln.split()[0] in ('call', 'callq', 'loop')]
    if len(jumps) != 1 or lines[jumps[0]] != 'jnz 1b':
        raise Unsupported('expected exactly one branch `jnz 1b`, found %r' % [lines[i] for i in jumps])
    jnz = jumps[0]
    if lines[jnz - 1] != 'decq 8(%rsp)':
        raise Unsupported('the branch is not preceded by `decq 8(%rsp)`')
    rets = [i for i, ln in enumerate(lines) if ln == 'ret']
    if rets != [len(lines) - 1]:
        raise Unsupported('ret must be the last instruction, once')
    pro, body, epi = lines[:top], lines[top + 1:jnz - 1], lines[jnz + 1:]
    tk = Tokens()
    tk.run(pro)
    sp = tk.regs['rsp'][1]
    want = {r: ('in', k) for k, r in enumerate(ELEMENT_REGS)}
    for r, v in want.items():
        if tk.regs[r] != v:
            raise Unsupported('at the loop entry %s = %r, not %r' % (r, tk.regs[r], v))
    if tk.stack.get(sp + 8) != ('init', 'rdx'):
        raise Unsupported('the counter 8(%%rsp) is %r, not n (rdx)' % (tk.stack.get(sp + 8),))
    if tk.stack.get(sp) != ('init', 'rdi'):
        raise Unsupported('0(%%rsp) is %r, not the output pointer (rdi)' % (tk.stack.get(sp),))
    # after the loop: the element registers hold the result, every other register
    # (but rsp) whatever the body left (never read by a correct epilogue)
    for r in set(asm_x86.HWREG.values()):
        tk.regs[r] = ('clob',)
    for k, r in enumerate(ELEMENT_REGS):
        tk.regs[r] = ('res', k)
    tk.stack[sp + 8] = ('imm', 0)
    tk.ret = False
    tk.run(epi)
    if not tk.ret:
        raise Unsupported('no ret')
    if tk.regs['rsp'] != ('sp', 0):
        raise Unsupported('rsp at ret is %r' % (tk.regs['rsp'],))
    for r in CALLEE_SAVED:
        if tk.regs[r] != ('init', r):
            raise Unsupported('callee-saved %s not restored' % r)
    for k in range(4):
        if tk.out.get(k) != ('res', k):
            raise Unsupported('out[%d] = %r, not the loop result word %d' % (k, tk.out.get(k), k))
    return body
