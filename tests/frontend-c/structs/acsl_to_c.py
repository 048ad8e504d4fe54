"""ACSL postconditions as C, for the native replay's independent check (native_replay_test.py).

A small translator of the ACSL the structure corpus writes in its postconditions: C
expressions, `\\result`, `\\old(e)`, `\\null`, `==>`, `<==>`, chained comparisons, and
`\\forall` / `\\exists` over one integer with a range guard (`lo <= k < hi ==> P`, `lo <= k <
hi && P`), which become loops (GNU statement expressions). Arithmetic is done in `long long`
(ACSL's integers are mathematical; the corpus' values fit). `\\old(e)` reads e in copies of the
inputs made before the call: an identifier `x` there is `old_x`. Anything else raises
Unsupported, and the caller says the check was not made."""
import re


class Unsupported(Exception):
    pass


TOKEN = re.compile(r"\s*(<==>|==>|==|!=|<=|>=|&&|\|\||->|\\?[A-Za-z_]\w*|\d+|[-+*/%!<>()\[\].,;&])")


def tokens(text):
    out, pos = [], 0
    text = text.strip()
    while pos < len(text):
        m = TOKEN.match(text, pos)
        if not m:
            raise Unsupported("cannot read %r" % text[pos:])
        out.append(m.group(1))
        pos = m.end()
    return out


class Parser:
    def __init__(self, text):
        self.t, self.i = tokens(text), 0

    def peek(self):
        return self.t[self.i] if self.i < len(self.t) else None

    def take(self, want=None):
        tok = self.peek()
        if tok is None or (want is not None and tok != want):
            raise Unsupported("expected %r, got %r" % (want, tok))
        self.i += 1
        return tok

    def whole(self):
        e = self.expr()
        if self.peek() is not None:
            raise Unsupported("trailing %r" % self.peek())
        return e

    def expr(self):
        if self.peek() in ("\\forall", "\\exists"):
            return self.quant()
        left = self.implies()
        while self.peek() == "<==>":
            self.take()
            left = ("iff", left, self.implies())
        return left

    def quant(self):
        q = self.take()[1:]
        self.take("integer")
        var = self.take()
        self.take(";")
        return (q, var, self.expr())

    def implies(self):
        left = self.binary(0)
        if self.peek() == "==>":
            self.take()
            right = self.quant() if self.peek() in ("\\forall", "\\exists") else self.implies()
            return ("implies", left, right)
        return left

    LEVELS = [["||"], ["&&"], ["==", "!=", "<", "<=", ">", ">="], ["+", "-"], ["*", "/", "%"]]

    def binary(self, level):
        if level == len(self.LEVELS):
            return self.unary()
        ops = self.LEVELS[level]
        first = self.binary(level + 1)
        if level == 2:  # comparisons chain: a <= b < c is a <= b && b < c
            items, rels = [first], []
            while self.peek() in ops:
                rels.append(self.take())
                items.append(self.binary(level + 1))
            return first if not rels else ("chain", items, rels)
        while self.peek() in ops:
            op = self.take()
            if op == "&&" and self.peek() in ("\\forall", "\\exists"):
                first = ("bin", op, first, self.quant())
            else:
                first = ("bin", op, first, self.binary(level + 1))
        return first

    def unary(self):
        if self.peek() in ("!", "-", "*", "&"):
            op = self.take()
            return ("un", op, self.unary())
        return self.postfix()

    def postfix(self):
        e = self.primary()
        while self.peek() in ("[", ".", "->"):
            op = self.take()
            if op == "[":
                e = ("index", e, self.expr())
                self.take("]")
            else:
                e = ("field", op, e, self.take())
        return e

    def primary(self):
        tok = self.take()
        if tok == "(":
            e = self.expr()
            self.take(")")
            return e
        if tok == "\\old":
            self.take("(")
            e = self.expr()
            self.take(")")
            return ("old", e)
        if tok in ("\\forall", "\\exists"):
            self.i -= 1
            return self.quant()
        if tok[0].isdigit():
            return ("num", tok)
        if tok in ("\\result", "\\null", "\\true", "\\false") or re.fullmatch(r"[A-Za-z_]\w*", tok):
            return ("id", tok)
        raise Unsupported("unexpected %r" % tok)


def range_guard(guard, var):
    """(lo, hi) C strings of `lo <= var < hi` (or <= hi), else None."""
    if guard[0] == "chain" and len(guard[2]) == 2 and guard[1][1] == ("id", var):
        lo, hi = guard[1][0], guard[1][2]
        if guard[2][0] == "<=" and guard[2][1] in ("<", "<="):
            return lo, hi, guard[2][1]
    return None


def to_c(e, old=False, bound=()):
    kind = e[0]
    if kind == "num":
        return "%sLL" % e[1]
    if kind == "id":
        name = e[1]
        if name == "\\result":
            return "result"
        if name == "\\null":
            return "NULL"
        if name in ("\\true", "\\false"):
            return "1" if name == "\\true" else "0"
        if old and name not in bound and not name.isupper():
            return "old_" + name
        return name
    if kind == "old":
        return to_c(e[1], True, bound)
    if kind == "un":
        return "(%s%s)" % (e[1], to_c(e[2], old, bound))
    if kind == "index":
        return "%s[%s]" % (to_c(e[1], old, bound), to_c(e[2], old, bound))
    if kind == "field":
        return "%s%s%s" % (to_c(e[2], old, bound), e[1], e[3])
    if kind == "bin":
        a, b = to_c(e[2], old, bound), to_c(e[3], old, bound)
        if e[1] in "+-*/%":
            return "((long long)%s %s (long long)%s)" % (a, e[1], b)
        return "(%s %s %s)" % (a, e[1], b)
    if kind == "chain":
        items = [to_c(x, old, bound) for x in e[1]]
        return "(" + " && ".join("%s %s %s" % (items[k], r, items[k + 1])
                                 for k, r in enumerate(e[2])) + ")"
    if kind == "implies":
        return "(!%s || %s)" % (to_c(e[1], old, bound), to_c(e[2], old, bound))
    if kind == "iff":
        return "(!%s == !%s)" % (to_c(e[1], old, bound), to_c(e[2], old, bound))
    if kind in ("forall", "exists"):
        var, body = e[1], e[2]
        split = "implies" if kind == "forall" else "bin"
        if body[0] != split or (kind == "exists" and body[1] != "&&"):
            raise Unsupported("a quantifier without a range guard")
        guard, prop = (body[1], body[2]) if kind == "forall" else (body[2], body[3])
        r = range_guard(guard, var)
        if not r:
            raise Unsupported("a quantifier guard other than lo <= k < hi")
        inner = bound + (var,)
        lo, hi, rel = to_c(r[0], old, inner), to_c(r[1], old, inner), r[2]
        test = to_c(prop, old, inner)
        if kind == "forall":
            return ("({ int ok_ = 1; for (long long %s = %s; %s %s %s; %s++) if (!%s) { ok_ = 0; "
                    "break; } ok_; })" % (var, lo, var, rel, hi, var, test))
        return ("({ int ok_ = 0; for (long long %s = %s; %s %s %s; %s++) if (%s) { ok_ = 1; "
                "break; } ok_; })" % (var, lo, var, rel, hi, var, test))
    raise Unsupported(kind)


CLAUSE = re.compile(r"\b(requires|ensures|assigns|typically|behavior|assumes|terminates|"
                    r"decreases|complete|disjoint)\b")


def postconditions(contract):
    """The `ensures` clauses of an ACSL contract's text, in order, without their names."""
    text = re.sub(r"^\s*@?", "", contract.replace("/*@", "").replace("*/", ""), flags=re.M)
    parts = CLAUSE.split(text)
    out = []
    for k in range(1, len(parts), 2):
        if parts[k] == "ensures":
            body = parts[k + 1].strip()
            body = body[:-1] if body.endswith(";") else body
            body = re.sub(r"^[A-Za-z_]\w*\s*:(?!:)", "", body).strip()  # a clause name
            out.append(body)
    return out


def contract_of(source, function):
    """The text of the contract just before the definition of `function`, or None."""
    m = re.search(r"/\*@((?:(?!\*/).)*)\*/\s*[^;{}]*\b%s\(" % re.escape(function), source, re.S)
    return m.group(1) if m else None


def postcondition_c(source, function, index):
    """The C expression of the index-th (from 1) postcondition of `function`."""
    contract = contract_of(source, function)
    if contract is None:
        raise Unsupported("no contract found")
    posts = postconditions(contract)
    if index > len(posts):
        raise Unsupported("no ensures%d" % index)
    return to_c(Parser(posts[index - 1]).whole())
