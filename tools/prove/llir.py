# SPDX-License-Identifier: Apache-2.0 OR MIT
"""A small reader for the textual LLVM IR that clang 14 emits (typed pointers).

Only what the field routines use: one function = one basic block of
instructions (straight-line code; a branch or phi is reported, never guessed),
struct/array/vector/integer types with their byte layout, constants (integers,
vector literals, zeroinitializer, undef/poison), and the instructions
add sub mul shl lshr and or xor zext sext trunc bitcast getelementptr load
store insertelement extractelement shufflevector select icmp call ret.
"""
import re

# ---------------------------------------------------------------- types
class Ty:
    """kind: 'int' (bits), 'vec' (n, elem), 'arr' (n, elem), 'struct' (fields), 'ptr' (elem), 'void'."""
    def __init__(self, kind, **kw):
        self.kind = kind
        self.__dict__.update(kw)

    def __repr__(self):
        k = self.kind
        if k == 'int':
            return 'i%d' % self.bits
        if k == 'vec':
            return '<%d x %r>' % (self.n, self.elem)
        if k == 'arr':
            return '[%d x %r]' % (self.n, self.elem)
        if k == 'ptr':
            return '%r*' % (self.elem,)
        if k == 'struct':
            return '{%s}' % ', '.join(map(repr, self.fields))
        return k


def split_top(s, sep=','):
    """Split at separators outside (), [], {}, <>, and quotes."""
    out, depth, cur, q = [], 0, [], False
    for ch in s:
        if ch == '"':
            q = not q
        if not q:
            if ch in '([{<':
                depth += 1
            elif ch in ')]}>':
                depth -= 1
            elif ch == sep and depth == 0:
                out.append(''.join(cur).strip())
                cur = []
                continue
        cur.append(ch)
    if ''.join(cur).strip():
        out.append(''.join(cur).strip())
    return out


def _unescape(s):
    """An IR string constant: \\XX is the byte with hex code XX."""
    return re.sub(r'\\([0-9A-Fa-f]{2})', lambda m: chr(int(m.group(1), 16)), s)


class Module:
    def __init__(self, text):
        self.structs = {}
        self.funcs = {}
        # file-scope assembly (`module asm "..."`, one line each): the text the
        # assembler gets, as clang passes it on (tools/prove/asm_loop.py reads it)
        self.module_asm = [_unescape(m.group(1)) for m in
                           re.finditer(r'^module asm "((?:[^"\\]|\\.)*)"\s*$', text, re.M)]
        self._parse(text)

    # -- types
    def parse_type(self, s):
        """Parse a type at the start of s; returns (Ty, rest)."""
        s = s.lstrip()
        if s.startswith('<'):
            m = re.match(r'<\s*(\d+)\s+x\s+', s)
            if m:
                elem, rest = self.parse_type(s[m.end():])
                rest = rest.lstrip()
                assert rest.startswith('>'), s
                t, rest = Ty('vec', n=int(m.group(1)), elem=elem), rest[1:]
                return self._ptrs(t, rest)
        if s.startswith('['):
            m = re.match(r'\[\s*(\d+)\s+x\s+', s)
            elem, rest = self.parse_type(s[m.end():])
            rest = rest.lstrip()
            assert rest.startswith(']'), s
            return self._ptrs(Ty('arr', n=int(m.group(1)), elem=elem), rest[1:])
        if s.startswith('{'):
            depth = 0
            for i, ch in enumerate(s):
                depth += ch in '{'
                depth -= ch in '}'
                if depth == 0:
                    break
            body = s[1:i]
            fields = [self.parse_type(f)[0] for f in split_top(body)] if body.strip() else []
            return self._ptrs(Ty('struct', fields=fields), s[i + 1:])
        m = re.match(r'i(\d+)', s)
        if m:
            return self._ptrs(Ty('int', bits=int(m.group(1))), s[m.end():])
        m = re.match(r'void', s)
        if m:
            return self._ptrs(Ty('void'), s[m.end():])
        m = re.match(r'%([\w.]+)', s)
        if m and m.group(1) in self.structs:
            return self._ptrs(self.structs[m.group(1)], s[m.end():])
        m = re.match(r'(float|double)', s)
        if m:
            return self._ptrs(Ty('float'), s[m.end():])
        raise ValueError('type: ' + s[:60])

    def _ptrs(self, t, rest):
        rest = rest.lstrip()
        while True:
            if rest.startswith('*'):
                t, rest = Ty('ptr', elem=t), rest[1:].lstrip()
            elif rest.startswith('('):  # function type: skip the parameter list
                depth = 0
                for i, ch in enumerate(rest):
                    depth += ch == '('
                    depth -= ch == ')'
                    if depth == 0:
                        break
                t, rest = Ty('fn', ret=t), rest[i + 1:].lstrip()
            else:
                return t, rest

    def size(self, t):
        if t.kind == 'int':
            return max(1, t.bits // 8)
        if t.kind == 'vec':
            return t.n * self.size(t.elem)
        if t.kind == 'arr':
            return t.n * self.size(t.elem)
        if t.kind == 'struct':
            off = 0
            for f in t.fields:
                a = self.align(f)
                off = (off + a - 1) // a * a + self.size(f)
            a = self.align(t)
            return (off + a - 1) // a * a
        if t.kind == 'ptr':
            return 8
        raise ValueError('size of %r' % t)

    def align(self, t):
        if t.kind in ('int', 'ptr'):
            return min(16, self.size(t))
        if t.kind == 'vec':
            return self.size(t)
        if t.kind == 'arr':
            return self.align(t.elem)
        if t.kind == 'struct':
            return max([self.align(f) for f in t.fields] or [1])
        raise ValueError('align of %r' % t)

    def field_offset(self, t, i):
        if t.kind == 'struct':
            off = 0
            for k, f in enumerate(t.fields):
                a = self.align(f)
                off = (off + a - 1) // a * a
                if k == i:
                    return off, f
                off += self.size(f)
        if t.kind in ('arr', 'vec'):
            return i * self.size(t.elem), t.elem
        raise ValueError('field of %r' % t)

    # -- module
    def _parse(self, text):
        lines = text.split('\n')
        for ln in lines:  # struct types first (they may be used before definition)
            m = re.match(r'%([\w.]+) = type (.*)$', ln)
            if m:
                self.structs[m.group(1)] = None
        for ln in lines:
            m = re.match(r'%([\w.]+) = type (.*)$', ln)
            if m:
                self.structs[m.group(1)] = self.parse_type(m.group(2))[0]
        i = 0
        while i < len(lines):
            ln = lines[i]
            if ln.startswith('define '):
                m = re.match(r'define [^@]*?(\S+) @([\w.]+)\((.*)\)[^{]*\{', ln)
                name, params = m.group(2), m.group(3)
                plist = []
                for p in split_top(params):
                    t, rest = self.parse_type(p)
                    pname = re.search(r'%([\w.]+)\s*$', rest).group(1)
                    plist.append((pname, t))
                body = []
                i += 1
                while not lines[i].startswith('}'):
                    body.append(lines[i])
                    i += 1
                self.funcs[name] = Function(self, name, plist, body)
            i += 1


class Inst:
    def __init__(self, res, op, text, **kw):
        self.res, self.op, self.text = res, op, text
        self.__dict__.update(kw)

    def __repr__(self):
        return self.text.strip()


class Function:
    def __init__(self, mod, name, params, body):
        self.mod, self.name, self.params = mod, name, params
        self.insts = []
        # the basic blocks in order: [(label, [Inst])], the first one unlabelled ('')
        self.bbs = [('', [])]
        blocks = 0
        for ln in body:
            s = ln.split(';')[0].rstrip() if not re.search(r'asm\s+"', ln) else ln.rstrip()
            if not s.strip():
                continue
            if re.match(r'^\S.*:', s):  # a label: a second basic block
                blocks += 1
                self.insts.append(Inst(None, 'label', s))
                self.bbs.append((s.split(':')[0].strip().strip('"'), []))
                continue
            self.insts.append(self._inst(s.strip()))
            self.bbs[-1][1].append(self.insts[-1])
        self.blocks = blocks + 1

    def _operand(self, s):
        """'<type> <value>' -> (Ty, value) with value: ('reg', name) | ('const', int)
        | ('vconst', [int|None]) | ('undef',) | ('global', name)."""
        t, rest = self.mod.parse_type(s)
        return t, self._value(t, rest.strip())

    def _value(self, t, v):
        v = v.strip()
        if v.startswith('%'):
            return ('reg', v[1:])
        if v.startswith('@'):
            return ('global', v[1:])
        if v in ('undef', 'poison'):
            return ('undef',)
        if v == 'zeroinitializer':
            if t.kind == 'vec':
                return ('vconst', [0] * t.n)
            return ('const', 0)
        if v in ('true', 'false'):
            return ('const', int(v == 'true'))
        if v == 'null':
            return ('const', 0)
        if v.startswith('<'):
            elems = split_top(v[1:-1])
            out = []
            for e in elems:
                et, ev = self._operand(e)
                out.append(ev[1] if ev[0] == 'const' else None)
            return ('vconst', out)
        if re.match(r'-?\d+$', v):
            return ('const', int(v))
        raise ValueError('value: %r' % v)

    def _inst(self, s):
        res = None
        m = re.match(r'%([\w.]+) = (.*)$', s)
        body = s
        if m:
            res, body = m.group(1), m.group(2)
        op = body.split()[0]
        if op == 'tail' or op == 'call' or op == 'notail' or op == 'musttail':
            return self._call(res, s, body)
        rest = body[len(op):].strip()
        binops = ('add', 'sub', 'mul', 'shl', 'lshr', 'ashr', 'and', 'or', 'xor', 'udiv', 'urem')
        if op in binops:
            flags = []
            while True:
                w = rest.split()[0]
                if w in ('nuw', 'nsw', 'exact'):
                    flags.append(w)
                    rest = rest[len(w):].strip()
                else:
                    break
            t, rest2 = self.mod.parse_type(rest)
            a, b = split_top(rest2)
            return Inst(res, op, s, ty=t, a=self._value(t, a), b=self._value(t, b), flags=flags)
        if op in ('zext', 'sext', 'trunc', 'bitcast', 'ptrtoint', 'inttoptr'):
            m2 = re.match(r'(.*)\s+to\s+(.*)$', rest)
            t, v = self._operand(m2.group(1))
            t2 = self.mod.parse_type(m2.group(2))[0]
            return Inst(res, op, s, ty=t, a=v, to=t2)
        if op == 'getelementptr':
            rest = re.sub(r'^inbounds\s+', '', rest)
            parts = split_top(rest)
            src = self.mod.parse_type(parts[0])[0]
            pt, pv = self._operand(parts[1])
            idx = [self._operand(p) for p in parts[2:]]
            return Inst(res, op, s, src=src, ptr=pv, idx=idx)
        if op == 'load':
            rest = re.sub(r'^volatile\s+', '', rest)
            parts = split_top(rest)
            t = self.mod.parse_type(parts[0])[0]
            pt, pv = self._operand(parts[1])
            return Inst(res, op, s, ty=t, ptr=pv)
        if op == 'store':
            rest = re.sub(r'^volatile\s+', '', rest)
            parts = split_top(rest)
            t, v = self._operand(parts[0])
            pt, pv = self._operand(parts[1])
            return Inst(res, op, s, ty=t, a=v, ptr=pv)
        if op == 'insertelement':
            p = split_top(rest)
            t, v = self._operand(p[0])
            return Inst(res, op, s, ty=t, a=v, b=self._operand(p[1])[1], idx=self._operand(p[2])[1])
        if op == 'extractelement':
            p = split_top(rest)
            t, v = self._operand(p[0])
            return Inst(res, op, s, ty=t, a=v, idx=self._operand(p[1])[1])
        if op == 'shufflevector':
            p = split_top(rest)
            t, a = self._operand(p[0])
            _, b = self._operand(p[1])
            mt, mask = self._operand(p[2])
            if mask[0] == 'undef':
                mask = ('vconst', [None] * mt.n)
            return Inst(res, op, s, ty=t, a=a, b=b, mask=mask[1], n=mt.n)
        if op == 'select':
            p = split_top(rest)
            ct, c = self._operand(p[0])
            t, a = self._operand(p[1])
            _, b = self._operand(p[2])
            return Inst(res, op, s, ty=t, cty=ct, c=c, a=a, b=b)
        if op == 'icmp':
            pred, rest2 = rest.split(None, 1)
            t, rest3 = self.mod.parse_type(rest2)
            a, b = split_top(rest3)
            return Inst(res, op, s, ty=t, pred=pred, a=self._value(t, a), b=self._value(t, b))
        if op == 'extractvalue':
            p = split_top(rest)
            t, v = self._operand(p[0])
            return Inst(res, op, s, ty=t, a=v, idx=int(p[1]))
        if op == 'ret':
            return Inst(res, op, s)
        if op == 'phi':
            t, rest2 = self.mod.parse_type(rest)
            inc = re.findall(r'\[\s*([^,\]]+?)\s*,\s*%([\w.]+)\s*\]', rest2)
            return Inst(res, op, s, ty=t, incoming=[(self._value(t, v), b) for v, b in inc])
        if op == 'br':
            rest = re.sub(r',\s*!.*$', '', rest)   # metadata (!llvm.loop)
            m2 = re.fullmatch(r'i1\s+(\S+),\s*label\s+%([\w.]+),\s*label\s+%([\w.]+)', rest)
            if m2:
                return Inst(res, op, s, cond=self._value(Ty('int', bits=1), m2.group(1)),
                            targets=[m2.group(2), m2.group(3)])
            m2 = re.fullmatch(r'label\s+%([\w.]+)', rest)
            if not m2:
                return Inst(res, 'br?', s)   # a switch-like form: reported, never guessed
            return Inst(res, op, s, cond=None, targets=[m2.group(1)])
        if op == 'alloca':
            t = self.mod.parse_type(split_top(rest)[0])[0]
            return Inst(res, op, s, ty=t)
        return Inst(res, op, s)  # anything else: reported as unsupported by the interpreter

    def _call(self, res, s, body):
        b = re.sub(r'^(tail|notail|musttail)\s+', '', body)
        b = b[len('call'):].strip()
        b = re.sub(r'^((fast|nnan|ninf|nsz|arcp|contract|afn|reassoc|noundef|zeroext|signext|fastcc|coldcc|ccc)\s+)*', '', b)
        t, rest = self.mod.parse_type(b)
        rest = rest.strip()
        if rest.startswith('asm'):
            m = re.match(r'asm\s+(sideeffect\s+)?(alignstack\s+)?(inteldialect\s+)?"((?:[^"\\]|\\.)*)",\s*"((?:[^"\\]|\\.)*)"\((.*)\)', rest)
            args = [self._operand(re.sub(r'\s(elementtype\([^)]*\)|noundef|nonnull)', '', a))
                    for a in split_top(m.group(6))] if m.group(6).strip() else []
            return Inst(res, 'asm', s, ty=t, template=m.group(4), constraints=m.group(5), args=args)
        m = re.match(r'@([\w.]+)\((.*)\)', rest)
        if not m:
            return Inst(res, 'call?', s)
        args = []
        for a in split_top(m.group(2)):
            a = re.sub(r'\s(noundef|nonnull|readonly|writeonly|nocapture|align \d+|dereferenceable\(\d+\))(?=\s)', '', ' ' + a + ' ').strip()
            args.append(self._operand(a))
        return Inst(res, 'call', s, ty=t, callee=m.group(1), args=args)
