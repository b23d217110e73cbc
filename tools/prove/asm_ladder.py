# SPDX-License-Identifier: Apache-2.0 OR MIT
"""The mulx ladder loop written as a plain assembly function (f25519_x25519_ladder_asm in
backend/mulx/ladder_asm_mulx.c): read from the `module asm` text of clang's IR of that file,
its loop body (one ladder step) proved for both values of the swap bit.

1. Structure: the only labels are the loop's `1:` and the frame wipe's `2:`; the loop ends
   `subq $1, %rcx; cmpq $2, %rcx; jne 1b`; the body starts with the bit extraction (its exact
   text: bit = (k >> rcx) & 1 from the word rcx / 64 of k in rsi, kept in the frame slot
   PREV; rdi = -(bit XOR PREV)), then writes neither rcx, rsi nor rsp, and names memory only
   as fixed frame slots N(%rsp) (8-byte aligned, below PREV): those are exact 64-bit cells,
   modelled like registers. The prologue and epilogue on tokens: at the loop entry the frame
   holds the caller's x1, xn, zn, xm, zm, PREV = 1 (bit 254's), rcx = 253; after the loop xn,
   zn, xm, zm are stored back, the whole frame is zeroed, rsp and the callee-saved registers
   restored.
2. The body, for mask rdi = 0 and rdi = 2^64 - 1: executed with asm_x86.py's semantics, every
   value stored to the frame (4 words; DA and CB 5) checked against the step's specification (SPEC, in order:
   the step of scalarmult/ladder.h, the doubling's inputs selected: by masks, or by cmovzq under
   the flags of `testq %rdi, %rdi` with only movq in between): (a) every dropped carry
   proved 0 (z3), lea/imul < 2^64; (c) the stored value = its specification of the values the
   operation read (mod p, CryptoLine's algebraic method as for fe64_mul); each stored value is
   then replaced by fresh atoms within its words' proved intervals (and so is a register still
   holding a stored word), so every check involves one operation's inputs only. The frame's
   inputs: x1 with word 3 < 2^63 (bit 255 of u cleared), xn, zn, xm, zm with word 3 <= 2^63 (the
   fold at bit 255 of fe64_mul/fe64_sqr, and the initial values); (b) the new xn, zn, xm, zm
   keep word 3 <= 2^63 (the invariant) and x1 is not written.
3. The composition: SPEC's expressions, composed, equal RFC 7748's ladder step (sympy, mod p)
   for both swap values. By induction over the steps, the loop computes the ladder of bits
   253..3.
"""
import re
import sys
import time

import sympy
from engine import Machine, Poly, Unsupported
import asm_x86
import asm_loop

P = 2 ** 255 - 19
FRAME = {'x1': 0, 'xn': 32, 'zn': 64, 'xm': 96, 'zm': 128, 'sn': 160, 'dn': 192, 'sm': 224, 'dm': 256,
         's': 288, 'd': 320, 'aa': 352, 'bb': 384, 'da': 416, 'cb': 456, 'e': 496, 't': 528}
WORDS = {'da': 5, 'cb': 5}   # DA and CB: 5 words, folded at bit 255 only in their sum and difference
PREV = 560
INPUTS = ('x1', 'xn', 'zn', 'xm', 'zm')
# (destination, expression over the slots' values): the stores of one step, in order
SPEC = [('sn', 'xn + zn'), ('dn', 'xn - zn'), ('sm', 'xm + zm'), ('dm', 'xm - zm'),
        ('s', 'SEL(sn, sm)'), ('d', 'SEL(dn, dm)'),
        ('cb', 'sm * dn'), ('da', 'dm * sn'), ('bb', 'd**2'), ('xm', 'da + cb'), ('zm', 'da - cb'),
        ('aa', 's**2'), ('zm', 'zm**2'), ('e', 'aa - bb'), ('xm', 'xm**2'), ('t', '121666 * e + bb'),
        ('xn', 'aa * bb'), ('zn', 'e * t'), ('zm', 'zm * x1')]
PREFIX = ['movq %rcx, %rax', 'shrq $6, %rax', 'movq (%rsi,%rax,8), %rax', 'shrxq %rcx, %rax, %rax',
          'andl $1, %eax', 'movq %d(%%rsp), %%rdi' % PREV, 'movq %%rax, %d(%%rsp)' % PREV,
          'xorq %rax, %rdi', 'negq %rdi']
TAIL = ['subq $1, %rcx', 'cmpq $2, %rcx', 'jne 1b']
W3_BOUND = 1 << 63


def _norm(line):
    """`a+b(%rsp)` -> a frame cell name `%fNNN` (asm_x86 registers), checked."""
    def cell(m):
        off = sum(int(x) for x in m.group(1).split('+'))
        if off % 8 or not 0 <= off < PREV:
            raise Unsupported('frame operand at %d in the body' % off)
        name = 'f%d' % off
        asm_x86.HWREG.setdefault(name, name)
        return '%' + name
    return re.sub(r'([\d+]+)\(%rsp\)', cell, line)


def _frame_tokens(lines, regs, stack, st_mem):
    """Prologue/epilogue on tokens: movq/movl between registers, frame cells N(%rsp), the
    caller's elements N(%rdi) (st_mem) and immediates; push/pop; rsp moves by add/sub."""
    def addr(a):
        m = re.fullmatch(r'(-?\d*)\(%(\w+)\)', a)
        if not m:
            return None
        off, base = int(m.group(1) or 0), regs.get(m.group(2))
        if base and base[0] == 'sp':
            return ('stack', base[1] + off)
        if base == ('init', 'rdi') and off % 8 == 0 and 0 <= off < 160:
            return ('st', off // 8)
        raise Unsupported('memory %r through %r' % (a, base))

    def get(a):
        if a.startswith('$'):
            return ('imm', int(a[1:]))
        ad = addr(a)
        if ad:
            v = stack.get(ad[1]) if ad[0] == 'stack' else st_mem.get(ad[1])
            if v is None:
                raise Unsupported('read of unset %r' % (ad,))
            return v
        return regs[asm_x86.HWREG.get(a.lstrip('%'), a.lstrip('%'))]

    def put(a, v):
        ad = addr(a)
        if ad:
            (stack if ad[0] == 'stack' else st_mem)[ad[1]] = v
        else:
            regs[asm_x86.HWREG.get(a.lstrip('%'), a.lstrip('%'))] = v
    for ln in lines:
        mnem, args = asm_loop._ops(ln)
        args = [a.strip() for a in args]
        if mnem == 'pushq':
            regs['rsp'] = ('sp', regs['rsp'][1] - 8)
            stack[regs['rsp'][1]] = get(args[0])
        elif mnem == 'popq':
            put(args[0], stack[regs['rsp'][1]])
            regs['rsp'] = ('sp', regs['rsp'][1] + 8)
        elif mnem in ('subq', 'addq') and args[1] == '%rsp':
            k = get(args[0])[1]
            regs['rsp'] = ('sp', regs['rsp'][1] + (k if mnem == 'addq' else -k))
        elif mnem in ('movq', 'movl'):
            put(args[1], get(args[0]))
        elif mnem == 'ret':
            regs['ret'] = True
        else:
            raise Unsupported('prologue/epilogue instruction %r' % ln)


def _structure(lines):
    labels = [ln for ln in lines if ln.endswith(':')]
    if labels != ['1:', '2:']:
        raise Unsupported('expected the labels 1: and 2:, found %r' % labels)
    top = lines.index('1:')
    jne = lines.index('jne 1b')
    if lines[jne - 2:jne + 1] != TAIL:
        raise Unsupported('the loop does not end %r' % TAIL)
    # prologue: at the loop entry the frame holds the caller's five elements, PREV = 1
    # (bit 254), rcx = 253, rsi = k; the epilogue stores xn, zn, xm, zm back, wipes the
    # frame (WIPE) and restores rsp and the callee-saved registers
    regs = {r: ('init', r) for r in set(asm_x86.HWREG.values()) if not r.startswith('f')}
    regs['rsp'] = ('sp', 0)
    stack, st_mem = {}, {k: ('st', k) for k in range(20)}
    _frame_tokens(lines[:top], regs, stack, st_mem)
    sp = regs['rsp'][1]
    for k in range(20):
        if stack.get(sp + 8 * k) != ('st', k):
            raise Unsupported('frame word %d at the loop entry is %r, not st[%d]' % (k, stack.get(sp + 8 * k), k))
    if stack.get(sp + PREV) != ('imm', 1) or regs['rcx'] != ('imm', 253) or regs['rsi'] != ('init', 'rsi'):
        raise Unsupported('PREV, rcx, rsi at the loop entry: %r %r %r' % (stack.get(sp + PREV), regs['rcx'], regs['rsi']))
    if stack.get(sp + PREV + 8) != ('init', 'rdi'):
        raise Unsupported('the frame does not keep st (rdi)')
    epi = lines[jne + 1:]
    w = epi.index('2:')
    wipe = ['xorl %ebp, %ebp', 'movl $%d, %%eax' % (PREV + 16), '2:', 'subq $8, %rax', 'movq %rbp, (%rsp,%rax)',
            'jnz 2b', 'addq $%d, %%rsp' % (PREV + 16)]
    if epi[w - 2:w + 5] != wipe or -sp != 8 * len(asm_loop.CALLEE_SAVED) + PREV + 16:
        raise Unsupported('the frame wipe is not %r over the whole frame' % wipe)
    for r in list(regs):   # after the loop: whatever the body left (it writes neither rsp nor rsi)
        if r not in ('rsp', 'rsi'):
            regs[r] = ('clob',)
    for k in range(4, 20):
        stack[sp + 8 * k] = ('res', k)
    _frame_tokens(epi[:w - 2], regs, stack, st_mem)
    for k in range(4, 20):
        if st_mem.get(k) != ('res', k):
            raise Unsupported('st[%d] after the loop is %r' % (k, st_mem.get(k)))
    _frame_tokens(epi[w + 4:], regs, stack, st_mem)
    if regs.get('ret') is not True or regs['rsp'] != ('sp', 0):
        raise Unsupported('no ret, or rsp not restored')
    for r in asm_loop.CALLEE_SAVED:
        if regs[r] != ('init', r):
            raise Unsupported('callee-saved %s not restored' % r)
    body = lines[top + 1:jne - 2]
    if body[:len(PREFIX)] != PREFIX:
        raise Unsupported('the body does not start with the bit extraction %r' % PREFIX)
    rest = body[len(PREFIX):]
    for ln in rest:
        mnem, args = asm_loop._ops(ln)
        if mnem.startswith('j') or mnem in ('call', 'callq', 'ret') or ln.endswith(':'):
            raise Unsupported('control flow in the body: %r' % ln)
        if args and re.fullmatch(r'%(rcx|ecx|rsi|esi|rsp|esp)', args[-1].strip()):
            raise Unsupported('the body writes a loop register: %r' % ln)
        for a in args:
            if '(' in a and not re.fullmatch(r'[\d+]+\(%rsp\)', a.strip()) and mnem != 'leaq':
                raise Unsupported('memory other than the frame in the body: %r' % ln)
    return rest


def _value(words):
    v = Poly()
    for k, w in enumerate(words):
        v = v + w.poly.scale(1 << (64 * k))
    return v


def _step(mask, body, residual_mod_p, name):
    mach = Machine(name)
    mach.zero_atoms = set()

    class It:
        m, stored_out = mach, None
    st = asm_x86.AsmState(It(), None)
    st.cf = ('unknown', 'CF at the loop entry')
    st.of = ('unknown', 'OF at the loop entry')
    sym = {}        # slot -> its value as a sympy expression of the step's inputs
    atoms = {}      # slot -> the Poly of its current (fresh) words
    X = {s: sympy.Symbol(s) for s in INPUTS}

    def fresh(slot, his):
        words = []
        for k, hi in enumerate(his):
            v = mach.input('%s.%d' % (slot, k), 64, 0, hi)
            v.li = st.li(v)
            words.append(v)
            st.regs['f%d' % (FRAME[slot] + 8 * k)] = v
            asm_x86.HWREG.setdefault('f%d' % (FRAME[slot] + 8 * k), 'f%d' % (FRAME[slot] + 8 * k))
        atoms[slot] = _value(words)
    for s in INPUTS:
        fresh(s, [(1 << 64) - 1] * 3 + [W3_BOUND - 1 if s == 'x1' else W3_BOUND])
        sym[s] = X[s]
    nwords = {s: WORDS.get(s, 4) for s in FRAME}
    st.regs['rdi'] = st.const(mask)
    spec = list(SPEC)
    written = {}    # slot -> set of word offsets stored since the slot's last check
    fails_c, checks = [], []
    zsel = False    # the flags are those of "testq %rdi, %rdi" (only movq since)
    i = 0
    while i < len(body):
        ln = body[i]
        g = body[i:i + 5]
        m0 = re.fullmatch(r'movq ([\d+]+\(%rsp\)), %rax', g[0]) if len(g) == 5 else None
        mc = re.fullmatch(r'cmovzq ([\d+]+\(%rsp\)), (%r\d+)', ln)
        if ln == 'testq %rdi, %rdi':
            # the select by flags: ZF = (mask == 0); CF and OF cleared
            zsel = True
            st.set_flag('cf', ('const', 0))
            st.set_flag('of', ('const', 0))
            i += 1
            continue
        if mc:
            # r = n (ZF set: mask 0) or r kept (mask all ones), only under the flags of the test
            if not zsel:
                raise Unsupported('cmovzq without the flags of testq %%rdi, %%rdi: %r' % ln)
            if mask == 0:
                asm_x86.step(st, {}, _norm('movq %s, %s' % mc.groups()).replace('$', '$$'))
            i += 1
            continue
        if not ln.startswith('movq '):
            zsel = False
        if m0 and g[1].startswith('xorq ') and g[2] == 'andq %rdi, %rax' and g[3] == 'xorq %s, %%rax' % m0.group(1) \
                and g[4].startswith('movq %rax, '):
            # the select by mask: out = n ^ (mask & (n ^ m)) = n (mask 0) or m (mask all ones)
            src = m0.group(1) if mask == 0 else g[1][5:].split(',')[0].strip()
            ln2 = [_norm('movq %s, %%rax' % src), _norm(g[4])]
            for x in ln2:
                asm_x86.step(st, {}, x.replace('$', '$$'))
            st.set_flag('cf', ('const', 0))
            st.set_flag('of', ('const', 0))
            lines_done = [g[4]]
            i += 5
        else:
            asm_x86.step(st, {}, _norm(ln).replace('$', '$$'))
            lines_done = [ln]
            i += 1
        for x in lines_done:
            mm = re.fullmatch(r'movq %\w+, ([\d+]+)\(%rsp\)', x)
            if not mm:
                continue
            off = sum(int(y) for y in mm.group(1).split('+'))
            slot = [s for s, o in FRAME.items() if o <= off < o + 8 * nwords[s]][0]
            if slot == 'x1':
                fails_c.append('x1 written')
            written.setdefault(slot, set()).add(off - FRAME[slot])
            if written[slot] != set(range(0, 8 * nwords[slot], 8)):
                continue
            del written[slot]
            if not spec or spec[0][0] != slot:
                raise Unsupported('store of %s where the specification expects %r' % (slot, spec[:1]))
            dst, expr = spec.pop(0)
            words = [st.regs['f%d' % (FRAME[slot] + 8 * k)] for k in range(nwords[slot])]
            # (c): stored value - expr(the slots read) in the ideal (p)
            if expr.startswith('SEL('):
                a, b = expr[4:-1].split(', ')
                src = a if mask == 0 else b
                want, wsym = atoms[src], sym[src]
            else:
                loc = {s: sympy.Symbol('v_' + s) for s in FRAME}
                e = sympy.expand(sympy.sympify(expr, locals=loc))
                want = Poly()
                for mono, c in sympy.Poly(e, *loc.values()).terms():
                    t = Poly.const(int(c))
                    for s, k in zip(loc, mono):
                        for _ in range(k):
                            t = t * atoms[s]
                    want = want + t
                wsym = e.subs({loc[s]: sym.get(s, 0) for s in loc})
            # checked at the end: a carry still pending here is proved 0 when it is dropped
            checks.append((dst, expr, _value(words) - want))
            sym[dst] = wsym
            his = [w.hi for w in words]
            # replace the slot (and registers holding its words) by fresh atoms
            olds = {id(w): k for k, w in enumerate(words)}
            fresh(dst, his)
            for r, v in list(st.regs.items()):
                if id(v) in olds and not r.startswith('f'):
                    st.regs[r] = st.regs['f%d' % (FRAME[dst] + 8 * olds[id(v)])]
    if spec:
        raise Unsupported('the body ends before %r' % (spec[0],))
    st.drop(st.cf, 'cf')
    st.drop(st.of, 'of')
    for dst, expr, resid in checks:
        resid = Poly({mo: c for mo, c in resid.t.items() if not (set(mo) & mach.zero_atoms)})
        if residual_mod_p(resid) is not None:
            fails_c.append('%s != %s (mod p)' % (dst, expr))
    outs_ok = all(st.regs['f%d' % (FRAME[s] + 24)].hi <= W3_BOUND for s in ('xn', 'zn', 'xm', 'zm'))
    return mach, sym, fails_c, outs_ok


def _rfc_step(swap):
    x1, xn, zn, xm, zm = [sympy.Symbol(s) for s in INPUTS]
    if swap:
        x2, z2, x3, z3 = xm, zm, xn, zn
    else:
        x2, z2, x3, z3 = xn, zn, xm, zm
    A, B = x2 + z2, x2 - z2
    AA, BB = A ** 2, B ** 2
    E = AA - BB
    C, D = x3 + z3, x3 - z3
    DA, CB = D * A, C * B
    nx3, nz3 = (DA + CB) ** 2, x1 * (DA - CB) ** 2
    nx2, nz2 = AA * BB, E * (AA + 121665 * E)
    # slots after the step: n the doubled point, m the sum
    return {'xn': nx2, 'zn': nz2, 'xm': nx3, 'zm': nz3}


def prove_ladder(mod, name, residual_mod_p):
    """{'a','b','c': (ok, why), 'time', ...} for the assembly function `name`."""
    t0 = time.time()
    # the linear terms of 900 instructions nest deeper than Python's default limit
    sys.setrecursionlimit(max(sys.getrecursionlimit(), 20000))

    def res(a, b, c, **kw):
        d = {'a': a, 'b': b, 'c': c, 'time': time.time() - t0}
        d.update(kw)
        return d
    fns = asm_loop.functions(mod)
    if name not in fns:
        e = (False, 'no assembly function %s in the module asm' % name)
        return res(e, e, e)
    lines = [re.sub(r'(\d+)\+(\d+)\(', lambda m: '%d(' % (int(m.group(1)) + int(m.group(2))), ln)
             for ln in fns[name] if not ln.startswith('.')]
    try:
        body = _structure(lines)
    except Unsupported as e:
        e = (False, 'loop structure: %s' % e)
        return res(e, e, e)
    fa, fb, fc, q = [], [], [], 0
    for swap in (0, 1):
        try:
            mach, sym, fails_c, outs_ok = _step((1 << 64) - 1 if swap else 0, body, residual_mod_p,
                                                '%s[swap=%d]' % (name, swap))
        except Unsupported as e:
            e = (False, 'not modelled (swap=%d): %s' % (swap, e))
            return res(e, e, e)
        q += mach.z3_queries
        fa += mach.fail_a[:2]
        if not outs_ok:
            fb.append('swap=%d: a word 3 of xn, zn, xm, zm may exceed 2^63' % swap)
        fc += ['swap=%d: %s' % (swap, f) for f in fails_c]
        want = _rfc_step(swap)
        for s, e in want.items():
            d = sympy.Poly(sympy.expand(sym[s] - e), *[sympy.Symbol(x) for x in INPUTS])
            if any(int(c) % P for c in d.coeffs()):
                fc.append('swap=%d: the composed %s is not the ladder step\'s' % (swap, s))
    return res((not fa, '; '.join(fa)), (not fb, '; '.join(fb)), (not fc, '; '.join(fc[:3])),
               z3=q, steps=len(body))
