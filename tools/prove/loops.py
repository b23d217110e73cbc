# SPDX-License-Identifier: Apache-2.0 OR MIT
"""Squaring loops read from the IR (fe51_sqr_n, the 8-lane sqr_n of fe51x8_ifma.c):
`t = f; for (i = 0; i < n; i++) sqr(&t, &t); h = t` as clang compiles it: one
self-loop block L whose phis carry the element (the data phis) and a counter.
Also on arrays of elements (sqr2_n: h[k] = f[k]^(2^n) for both k in one loop):
the lanes then run over the elements, each phi tied to the offsets it is loaded
from and stored to.

Proved, on the IR (engine.py for every instruction):
  * control: the branch conditions depend only on the counter and n (the backward
    slice of every `br` condition contains no data phi and no load): the trip count
    does not depend on the element; the counter starts at a constant c0, steps by
    +1, and the loop exits when it reaches n (read from the IR: count = n - c0);
  * the body: with the data phis fresh values within the sqr's documented input
    bound, every instruction of L (but the counter's) executed: (a) no overflow,
    IFMA multiplicands < 2^52; (b) the values fed back to the phis within the sqr's
    output bound, which lies within its input bound (the induction invariant);
    (c) fed-back value = phi value^2 (mod p), per lane;
  * the plumbing: each data phi starts from the input limb it stands for (a load of
    f at that limb's offset), and the function stores, at each limb offset of h,
    the phi of the exit block that takes that limb's initial value (n <= 0) or its
    last fed-back value (after the loop).
Hence h = f^(2^max(n - c0, 0)) within the sqr's output bound (f within its input
bound; for n = 0: h = f).
"""
import time

import z3
from engine import Machine, Interp, Memory, Poly, S, Unsupported


def _regs_of(ins):
    """Registers an instruction reads."""
    out = []
    for k in ('a', 'b', 'c', 'ptr', 'cond'):
        v = getattr(ins, k, None)
        if isinstance(v, tuple) and v and v[0] == 'reg':
            out.append(v[1])
    for (_, v) in getattr(ins, 'args', []) or []:
        if isinstance(v, tuple) and v and v[0] == 'reg':
            out.append(v[1])
    for it in getattr(ins, 'idx', []) if isinstance(getattr(ins, 'idx', None), list) else []:
        if it[1][0] == 'reg':
            out.append(it[1][1])
    for (v, _) in getattr(ins, 'incoming', []) or []:
        if v[0] == 'reg':
            out.append(v[1])
    return out


def prove_sqr_loop(mod, fname, ty_info, in_bound, out_bound, residual_mod_p):
    """ty_info = (limbs, lanes, weight(i)[, il(offset) -> (limb, lane), off(limb, lane)]: the
    layout, limb after limb by default; an array of elements (sqr2_n's h[2]) passes its own,
    its lanes running over the elements); in_bound/out_bound: per-limb exclusive bounds."""
    t0 = time.time()
    limbs, lanes, weight = ty_info[:3]
    il, cell = ty_info[3:] or ((lambda off: divmod(off // 8, lanes)), (lambda i, l: (i * lanes + l) * 8))

    def fail(why):
        e = (False, why)
        return {'a': e, 'b': e, 'c': e, 'time': time.time() - t0}
    if fname not in mod.funcs:
        return fail('no function %s in the IR' % fname)
    fn = mod.funcs[fname]
    bbs = fn.bbs
    defs = {}
    for lbl, insts in bbs:
        for ins in insts:
            if ins.res:
                defs[ins.res] = (lbl, ins)
    loops = [(lbl, insts) for lbl, insts in bbs
             if insts and insts[-1].op == 'br' and lbl in insts[-1].targets]
    if len(loops) != 1:
        return fail('%d self-loop blocks (expected the one squaring loop)' % len(loops))
    L, body = loops[0]
    if any(ins.op in ('call', 'asm', 'label', 'call?') and not getattr(ins, 'callee', '').startswith('llvm.')
           for _, insts in bbs for ins in insts):
        return fail('a call in the function')
    # control slice: everything a branch condition depends on
    ctrl = set()
    work = [ins.cond[1] for _, insts in bbs for ins in insts
            if ins.op == 'br' and ins.cond is not None and ins.cond[0] == 'reg']
    while work:
        r = work.pop()
        if r in ctrl:
            continue
        ctrl.add(r)
        if r in defs:
            work += _regs_of(defs[r][1])
    phis = [ins for ins in body if ins.op == 'phi']
    data = [ph for ph in phis if ph.res not in ctrl]
    counters = [ph for ph in phis if ph.res in ctrl]
    for r in ctrl:
        if r in defs and defs[r][1].op in ('load', 'phi') and defs[r][1] in data:
            return fail('a branch depends on the element')
        if r in defs and defs[r][1].op == 'load':
            return fail('a branch depends on memory')
    if len(counters) != 1:
        return fail('%d counter phis in the loop' % len(counters))
    cnt = counters[0]
    inc = [(v, b) for v, b in cnt.incoming]
    nxt = [v for v, b in inc if b == L]
    init = [v for v, b in inc if b != L]
    if len(nxt) != 1 or len(init) != 1 or init[0][0] != 'const' or nxt[0][0] != 'reg':
        return fail('counter phi %s not [const, outside], [next, loop]' % cnt.text)
    step = defs.get(nxt[0][1], (None, None))[1]
    if not (step and step.op == 'add' and step.a == ('reg', cnt.res) and step.b == ('const', 1)):
        return fail('the counter does not step by +1')
    br = body[-1]
    cond = defs.get(br.cond[1], (None, None))[1] if br.cond else None
    exit_on_eq = None
    if cond is not None and cond.op == 'icmp' and cond.a == ('reg', step.res) and cond.pred in ('eq', 'ne'):
        # eq: exit (leave L) when next == n
        leave = br.targets[0] != L if cond.pred == 'eq' else br.targets[1] != L
        exit_on_eq = leave
        bound_v = cond.b
    if not exit_on_eq:
        return fail('the loop does not exit when the counter reaches its bound')
    # the count is the function's last parameter n: counter from 0 to n
    nparam = fn.params[-1][0]
    bv = bound_v
    if bv[0] == 'reg' and bv[1] in defs and defs[bv[1]][1].op in ('zext', 'sext'):
        bv = defs[bv[1]][1].a
    if init[0][1] != 0 or bv != ('reg', nparam):
        return fail('the trip count is not n: the counter runs from %d to %r' % (init[0][1], bound_v))
    count = 'n'
    # execute everything but the control slice; the loop body with fresh data phis
    mach = Machine(fname)
    params = fn.params
    if len(params) < 2:
        return fail('expected (h, f, n)')
    mh = Memory('h', 'out', 8)

    def make(off):
        i, l = il(off)
        if i >= limbs or l >= lanes or off % 8:
            raise Unsupported('read outside f at +%d' % off)
        return mach.input('f%d_%d' % (i, l), 64, 0, in_bound[i] - 1)
    mf = Memory('f', 'in', 8, make)
    models = {params[0][0]: mh, params[1][0]: mf}
    for pname, pt in params[2:]:
        models[pname] = mach.input(pname, pt.bits, 0, (1 << pt.bits) - 1)
    it = Interp(mach, fn, models)
    phi_in = {}
    try:
        for lbl, insts in bbs:
            if lbl == L:
                # fresh inputs for the data phis, limb/lane from the initial value
                for ph in data:
                    v0 = [v for v, b in ph.incoming if b != L]
                    if len(v0) != 1 or v0[0][0] != 'reg':
                        return fail('data phi %s: initial value not a register' % ph.text)
                    iv = it.env[v0[0][1]]
                    ivs = iv if isinstance(iv, list) else [iv]
                    xs = []
                    for x in ivs:
                        a = x.poly.single_atom()
                        nm = mach.atoms[a][0] if a is not None else ''
                        if not nm.startswith('f'):
                            return fail('data phi %s does not start from a limb of f' % ph.text)
                        i, l = map(int, nm[1:].split('_'))
                        xs.append((i, l, mach.input('x%d_%d' % (i, l), 64, 0, in_bound[i] - 1)))
                    phi_in[ph.res] = xs
                    it.env[ph.res] = [x for _, _, x in xs] if isinstance(iv, list) else xs[0][2]
            for ins in insts:
                if ins.op in ('br', 'ret') or (ins.res and ins.res in ctrl) or (ins.op == 'phi' and lbl == L):
                    continue
                if ins.op == 'phi':
                    # the exit block's phis: kept symbolic as (initial, fed back)
                    it.env[ins.res] = ('exitphi', ins)
                    continue
                if ins.op == 'store' and ins.a[0] == 'reg' and isinstance(it.env.get(ins.a[1]), tuple):
                    it.cur = ins
                    p = it.val(None, ins.ptr)
                    it.env.setdefault('__stores', []).append((p, it.env[ins.a[1]][1]))
                    continue
                it.cur = ins
                it.step(ins)
            if lbl == L:
                fed = {}
                for ph in data:
                    v1 = [v for v, b in ph.incoming if b == L][0]
                    fed[ph.res] = it.env[v1[1]]
                it.env['__fed'] = fed
    except Unsupported as e:
        return fail('not modelled: %s' % e)
    fed = it.env.get('__fed', {})
    res = {'a': (not mach.fail_a, '; '.join(mach.fail_a[:3]))}
    bad = []
    vals_in = {}
    vals_out = {}
    for ph in data:
        outs = fed[ph.res] if isinstance(fed[ph.res], list) else [fed[ph.res]]
        for (i, l, x), o in zip(phi_in[ph.res], outs):
            if o.hi >= out_bound[i] and not mach.z3_prove(z3.ULT(o.z, out_bound[i])):
                bad.append('limb %d lane %d fed back may reach %d' % (i, l, o.hi))
            vals_in.setdefault(l, Poly())
            vals_out.setdefault(l, Poly())
            vals_in[l] = vals_in[l] + x.poly.scale(1 << weight(i))
            vals_out[l] = vals_out[l] + o.poly.scale(1 << weight(i))
    seen = sorted((i, l) for ph in data for (i, l, _) in phi_in[ph.res])
    if seen != [(i, l) for i in range(limbs) for l in range(lanes)]:
        bad.append('the data phis are not the %d x %d limbs of the element' % (limbs, lanes))
    if any(out_bound[i] > in_bound[i] for i in range(limbs)):
        bad.append('the sqr output bound exceeds its input bound: no induction')
    res['b'] = (not bad, '; '.join(bad[:3]))
    ok_c, why = True, ''
    for l in vals_in:
        if residual_mod_p(vals_out[l] - vals_in[l] * vals_in[l]) is not None:
            ok_c, why = False, 'lane %d: fed back - phi^2 is not a multiple of p' % l
            break
    # plumbing: the stores of h take the exit phis of the right limbs
    stores = it.env.get('__stores', [])
    by_res = {ph.res: ph for ph in data}
    nxt_of = {}
    for ph in data:
        v1 = [v for v, b in ph.incoming if b == L][0][1]
        v0 = [v for v, b in ph.incoming if b != L][0][1]
        nxt_of[v1] = (ph.res, v0)
    got = set()
    for (p, eph) in stores:
        if p[1] is not mh:
            ok_c, why = False, 'a store outside h'
            continue
        inc = dict((b, v) for v, b in eph.incoming)
        if L not in inc or inc[L][0] != 'reg' or inc[L][1] not in nxt_of:
            ok_c, why = False, 'h+%d does not take a fed-back value' % p[2]
            continue
        pres, v0 = nxt_of[inc[L][1]]
        others = [v for b, v in inc.items() if b != L]
        if any(v != ('reg', v0) for v in others):
            ok_c, why = False, 'h+%d: for n <= 0 not the initial limb' % p[2]
            continue
        limb_lanes = phi_in[pres]
        # the offset of h written = the offset of f the phi started from
        # (lane j of the stored vector at offset + 8 j: the offsets its lanes started from)
        if any(cell(i, l) != p[2] + 8 * j for j, (i, l, _) in enumerate(limb_lanes)):
            ok_c, why = False, 'h+%d takes limb %d' % (p[2], limb_lanes[0][0])
            continue
        got.update((i, l) for i, l, _ in limb_lanes)
    if got != set((i, l) for i in range(limbs) for l in range(lanes)):
        ok_c, why = False, why or 'h not fully written from the loop'
    res['c'] = (ok_c, why)
    res['time'] = time.time() - t0
    res['count'] = count
    return res


def call_loops(mod, fname, sqr_fns):
    """The squaring loops of a chain whose squarings are calls (f25519_fe25x4_sqr,
    noinline): every self-loop block of fname's IR, checked to be
      * a counter loop: phi [c0, outside], [c + 1, loop]; exit when c + 1 == C
        (constants: count = C - c0); the branch depends on nothing else;
      * a body of calls sqr(x, x) only (in place: the same pointer twice), one per
        lane, nothing else but address arithmetic (getelementptr, bitcast).
    Returns ([(count, calls per iteration)], error or '')."""
    if fname not in mod.funcs:
        return [], 'no function %s in the IR' % fname
    fn = mod.funcs[fname]
    defs = {}
    for lbl, insts in fn.bbs:
        for ins in insts:
            if ins.res:
                defs[ins.res] = ins
    out = []
    for lbl, insts in fn.bbs:
        if not (insts and insts[-1].op == 'br' and lbl in insts[-1].targets):
            continue
        br = insts[-1]
        if br.cond is None or br.cond[0] != 'reg':
            return out, 'loop %s: unconditional self-branch' % lbl
        cond = defs.get(br.cond[1])
        if not (cond is not None and cond.op == 'icmp' and cond.pred in ('eq', 'ne') and cond.b[0] == 'const'):
            return out, 'loop %s: exit condition %s' % (lbl, cond.text if cond else '?')
        if (br.targets[0] == lbl) == (cond.pred == 'eq'):
            return out, 'loop %s: exits on the wrong outcome' % lbl
        step = defs.get(cond.a[1]) if cond.a[0] == 'reg' else None
        if not (step is not None and step.op == 'add' and step.b == ('const', 1) and step.a[0] == 'reg'):
            return out, 'loop %s: the counter does not step by +1' % lbl
        ph = defs.get(step.a[1])
        if not (ph is not None and ph.op == 'phi' and ph in insts):
            return out, 'loop %s: no counter phi' % lbl
        inc = dict((b, v) for v, b in ph.incoming)
        if inc.get(lbl) != ('reg', step.res) or len(inc) != 2:
            return out, 'loop %s: counter phi %s' % (lbl, ph.text)
        c0 = [v for b, v in inc.items() if b != lbl][0]
        if c0[0] != 'const':
            return out, 'loop %s: the counter does not start at a constant' % lbl
        ncalls = 0
        for ins in insts[:-1]:
            if ins in (ph, step, cond):
                continue
            if ins.op in ('getelementptr', 'bitcast'):
                continue
            if ins.op == 'call' and ins.callee in sqr_fns:
                a = [v for _, v in ins.args]
                if len(a) != 2 or a[0] != a[1]:
                    return out, 'loop %s: %s not in place (h == f)' % (lbl, ins.text.strip())
                ncalls += 1
                continue
            if ins.op == 'call' and ins.callee.startswith('llvm.lifetime'):
                continue
            return out, 'loop %s: %s in the loop body' % (lbl, ins.text.strip()[:60])
        if not ncalls:
            return out, 'loop %s: no squaring in the loop' % lbl
        out.append((cond.b[1] - c0[1], ncalls))
    return out, ''


def inline_sqr_loops(mod, fname, ty_info, in_bound, out_bound, residual_mod_p, samples=2):
    """The squaring loops that clang inlined into a chain function (the 8-lane sqr_n
    of fe51x8_ifma.c in fe8_invert, the FE4N_SQRN loops of fe51x4_ifma.c): every
    self-loop block of fname. Each must be a counter loop of constant trip count
    (phi [c0, outside], [c + 1, loop], exit when c + 1 == C) and otherwise pure SSA
    arithmetic on its data phis (no load, store or call). Which phi is which limb is
    found by evaluating the block on random inputs (z3, exact) and trying the
    limb orders: the one order under which value(fed back) = value(phis)^2 (mod p)
    on every sample; then, symbolically, with the phis fresh values within the sqr's
    input bound: (a) no overflow / IFMA multiplicands < 2^52, (b) the fed-back
    values within the sqr's output bound (within its input bound: the induction),
    (c) fed back = phis^2 (mod p) lane by lane (CryptoLine's method).
    Returns ([(count, label)], error or '')."""
    import itertools
    import random
    limbs, lanes, weight = ty_info
    if fname not in mod.funcs:
        return [], 'no function %s in the IR' % fname
    fn = mod.funcs[fname]
    defs = {}
    for lbl, insts in fn.bbs:
        for ins in insts:
            if ins.res:
                defs[ins.res] = ins
    out = []
    rng = random.Random(13)
    for lbl, insts in fn.bbs:
        if not (insts and insts[-1].op == 'br' and lbl in insts[-1].targets):
            continue
        br = insts[-1]
        cond = defs.get(br.cond[1]) if br.cond and br.cond[0] == 'reg' else None
        if not (cond is not None and cond.op == 'icmp' and cond.pred in ('eq', 'ne') and cond.b[0] == 'const'
                and cond.a[0] == 'reg'):
            return out, 'loop %s: exit condition not counter == constant' % lbl
        if (br.targets[0] == lbl) == (cond.pred == 'eq'):
            return out, 'loop %s: exits on the wrong outcome' % lbl
        step = defs.get(cond.a[1])
        if not (step is not None and step.op == 'add' and step.b == ('const', 1) and step.a[0] == 'reg'):
            return out, 'loop %s: the counter does not step by +1' % lbl
        cph = defs.get(step.a[1])
        inc = dict((b, v) for v, b in cph.incoming) if cph is not None and cph.op == 'phi' else {}
        if cph not in insts or inc.get(lbl) != ('reg', step.res) or len(inc) != 2:
            return out, 'loop %s: no counter phi' % lbl
        c0 = [v for b, v in inc.items() if b != lbl][0]
        if c0[0] != 'const':
            return out, 'loop %s: the counter does not start at a constant' % lbl
        data = [ins for ins in insts if ins.op == 'phi' and ins is not cph]
        if len(data) != limbs:
            return out, 'loop %s: %d data phis, not %d limbs' % (lbl, len(data), limbs)
        for ins in insts:
            if ins.op in ('load', 'store', 'call', 'asm', 'alloca', 'call?') and not \
                    (ins.op == 'call' and ins.callee.startswith('llvm.x86.avx512.vpmadd52')):
                return out, 'loop %s: %s in the body' % (lbl, ins.op)
        mach = Machine('%s:%s' % (fname, lbl))
        it = Interp(mach, fn, {p: mach.const(1, 0) if t.kind == 'int' else ('ptr', None, 0)
                               for p, t in fn.params})
        xs = []
        for k, ph in enumerate(data):
            v = [mach.input('x%d_%d' % (k, l), 64, 0, min(in_bound) - 1) for l in range(lanes)]
            xs.append(v)
            it.env[ph.res] = v if lanes > 1 else v[0]
        try:
            for ins in insts:
                if ins.op in ('phi', 'br') or ins is step or ins is cond:
                    continue
                it.cur = ins
                it.step(ins)
        except (Unsupported, KeyError) as e:
            return out, 'loop %s: not modelled: %r' % (lbl, e)
        fed = []
        for ph in data:
            v = it.env[[v for v, b in ph.incoming if b == lbl][0][1]]
            fed.append(v if lanes > 1 else [v])
        # the limb order: exact evaluation on random inputs (lane 0), every order tried
        P_ = (1 << 255) - 19
        cands = list(itertools.permutations(range(limbs)))
        for _ in range(samples):
            subst = []
            vin = {}
            for k in range(limbs):
                for l in range(lanes):
                    x = rng.randrange(min(in_bound))
                    subst.append((xs[k][l].z, z3.BitVecVal(x, 64)))
                    if l == 0:
                        vin[k] = x
            vout = {k: z3.simplify(z3.substitute(fed[k][0].z, *subst)).as_long() for k in range(limbs)}
            cands = [pi for pi in cands
                     if (sum(vout[k] << weight(pi[k]) for k in range(limbs)) -
                         sum(vin[k] << weight(pi[k]) for k in range(limbs)) ** 2) % P_ == 0]
        if len(cands) != 1:
            return out, 'loop %s: %d limb orders make it a squaring (want exactly 1)' % (lbl, len(cands))
        pi = cands[0]
        if mach.fail_a:
            return out, 'loop %s: %s' % (lbl, mach.fail_a[0])
        # the inputs were made with min(in_bound): the per-limb bounds of the sqr
        for k in range(limbs):
            if in_bound[pi[k]] < min(in_bound):
                return out, 'loop %s: input bounds' % lbl
        for k in range(limbs):
            for l in range(lanes):
                o = fed[k][l]
                b = out_bound[pi[k]]
                if o.hi >= b and not mach.z3_prove(z3.ULT(o.z, b)):
                    return out, 'loop %s: limb %d lane %d fed back may reach 2^%.2f' % (lbl, pi[k], l, o.hi.bit_length())
                if b > in_bound[pi[k]]:
                    return out, 'loop %s: sqr output bound exceeds its input bound' % lbl
        for l in range(lanes):
            vi, vo = Poly(), Poly()
            for k in range(limbs):
                vi = vi + xs[k][l].poly.scale(1 << weight(pi[k]))
                vo = vo + fed[k][l].poly.scale(1 << weight(pi[k]))
            if residual_mod_p(vo - vi * vi) is not None:
                return out, 'loop %s lane %d: fed back - phis^2 is not a multiple of p' % (lbl, l)
        out.append((cond.b[1] - c0[1], lbl))
    return out, ''
