#!/usr/bin/env python3
"""Every single-mutation variant of an annotated C program (a benchmark tool, not a test).

usage: bench/mutate.py FILE.c -o DIR [--function F]

Writes DIR/<name>.mNNN.c, one per mutant, and DIR/<name>.mutants.json: for each mutant its file,
kind, line and a description. Mutations, each applied alone, in the code and in the annotations:
  - arithmetic operator replacement (+ -, * +, / *), relational (< <=, > >=, == !=, < >),
    logical (&& ||);
  - off-by-one integer constants (n -> n+1, n -> n-1);
  - removal of one clause: a loop invariant, a postcondition, a loop assigns, a loop variant;
  - removal of one conjunct of an invariant, postcondition or assertion (top-level &&);
  - a changed loop assigns (one location dropped from its list).
The precondition (`requires`) of the function under test (--function, default: every function)
is never mutated: a weaker precondition makes other functions' calls the problem, a stronger
one hides bugs; mutants of it say nothing about the diagnosis of the function itself.
Line numbers stay those of the original: mutants replace text, and removed clauses leave blank
space, so a verdict's line points into the original program too.
"""
import argparse, json, os, re, sys

TOKEN = re.compile(r'<==>|==>|\+\+|--|\+=|-=|\*=|/=|->|<=|>=|==|!=|&&|\|\||\.\.|'
                   r'[-+*/<>]|\d+|\\?[A-Za-z_][A-Za-z_0-9]*|\S')
SWAPS = {'+': ['-'], '-': ['+'], '*': ['+'], '/': ['*'], '<': ['<=', '>'], '<=': ['<'],
         '>': ['>='], '>=': ['>'], '==': ['!='], '!=': ['=='], '&&': ['||'], '||': ['&&']}
TYPE_WORDS = {'int', 'char', 'short', 'long', 'unsigned', 'signed', 'const', 'void', 'integer',
              'return'}
CLAUSES = re.compile(r'\b(loop\s+invariant|loop\s+assigns|loop\s+variant|requires|ensures|assigns|'
                     r'assert|typically)\b')


def annotation_spans(text):
    """(start, end) of the ACSL text inside /*@ ... */ and //@ comments."""
    spans = []
    for m in re.finditer(r'/\*@(.*?)\*/|//@([^\n]*)', text, re.S):
        g = 1 if m.group(1) is not None else 2
        spans.append((m.start(g), m.end(g)))
    return spans


def plain_comment_spans(text):
    return [(m.start(), m.end()) for m in re.finditer(r'/\*(?!@).*?\*/|//(?!@)[^\n]*', text, re.S)]


def clauses(text, spans):
    """Clauses of the annotations: (kind, start, end) with end just past the closing `;`."""
    out = []
    for s, e in spans:
        body = text[s:e]
        for h in CLAUSES.finditer(body):
            kind = re.sub(r'\s+', ' ', h.group(1))
            out.append((kind, s + h.start(), s + clause_end(body, h.end())))
    return out


def clause_end(body, start):
    """Just past the `;` that ends the clause starting at `start`: the first one followed by
    another clause or the end of the annotation (`\\forall integer k;` has one inside)."""
    i = body.find(';', start)
    while i >= 0:
        rest = body[i + 1:].lstrip()
        if not rest or CLAUSES.match(rest) or rest.startswith('*/'):
            return i + 1
        i = body.find(';', i + 1)
    return len(body)


def function_of(text, pos):
    """The name of the function whose contract or body holds pos (the next or enclosing one)."""
    for m in re.finditer(r'\b[A-Za-z_][A-Za-z_0-9]*\s*\*?\s*([A-Za-z_][A-Za-z_0-9]*)\s*\([^;{]*\)\s*\{',
                         text[pos:]):
        return m.group(1)
    return None


def line_of(text, pos):
    return text.count('\n', 0, pos) + 1


def blank(s):
    """The same text with everything but newlines made spaces: lines stay where they are."""
    return re.sub(r'[^\n]', ' ', s)


def top_level_conjuncts(body):
    """(start, end) of each top-level conjunct of body, split at && outside parentheses; one part
    when body is no plain conjunction: a binder (`\\forall k; A && B` binds k in both), an
    implication or a disjunction at the top level."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(body):
        c = body[i]
        if c in '([{':
            depth += 1
        elif c in ')]}':
            depth -= 1
        elif depth == 0 and (re.match(r'\\(forall|exists|let)\b|==>|<==>|\|\||\?', body[i:])):
            return [(0, len(body))]
        elif body.startswith('&&', i) and depth == 0:
            parts.append((start, i))
            start = i + 2
            i += 2
            continue
        i += 1
    parts.append((start, len(body)))
    return parts


RELATIONS = {'<', '<=', '>', '>=', '==', '!='}
CHAIN_ENDS = {'&&', '||', '==>', '<==>', '^^', '?', ':', ';', ',', '{', '}'}


def chain_neighbours(text, span, pos):
    """The relational operators chained with the one at `pos` in the annotation `span` (ACSL
    reads `a < b <= c` as one chain): those at the same parenthesis depth, up to a connective."""
    toks = [(m.group(0), span[0] + m.start())
            for m in TOKEN.finditer(text[span[0]:span[1]])]
    at = next((i for i, (_, p) in enumerate(toks) if p == pos), None)
    out = []
    if at is None:
        return out
    for step, opens, closes in ((-1, '([', ')]'), (1, ')]', '([')):
        depth, i = 0, at + step
        while 0 <= i < len(toks):
            tok = toks[i][0]
            if tok in closes:
                depth += 1
            elif tok in opens:
                if depth == 0:
                    break
                depth -= 1
            elif depth == 0 and tok in CHAIN_ENDS:
                break
            elif depth == 0 and tok in RELATIONS:
                out.append(tok)
            i += step
    return out


def consistent_chain(ops):
    """ACSL's rule (Frama-C: "inconsistent relation chain"): a chain is all of <, <=, == or all
    of >, >=, ==, and != stands alone."""
    if len(ops) < 2:
        return True
    return '!=' not in ops and not ({'<', '<='} & set(ops) and {'>', '>='} & set(ops))


def mutants(text, function=None):
    annots = annotation_spans(text)
    comments = plain_comment_spans(text)
    all_clauses = clauses(text, annots)
    # The precondition of the function under test is left alone.
    frozen = [(s, e) for kind, s, e in all_clauses
              if kind in ('requires', 'typically') and (function is None or function_of(text, e) == function)]
    def free(pos):
        return not any(s <= pos < e for s, e in frozen + comments)
    def in_annot(pos):
        return any(s <= pos < e for s, e in annots)

    out = []
    prev = None
    for m in TOKEN.finditer(text):
        tok, pos = m.group(0), m.start()
        if not free(pos):
            prev = tok
            continue
        # Binary when after an operand; `int *t` is a declarator, not a product.
        binary = (prev is not None and re.match(r'[A-Za-z_0-9)\]]', prev[-1]) is not None
                  and prev not in TYPE_WORDS)
        # `p + (lo .. hi)` is a set of locations, not a sum: minus has no meaning there.
        ranged = tok == '+' and re.match(r'\s*\([^()]*\.\.', text[pos + 1:]) is not None
        if tok in SWAPS and (tok not in '+-*/' or binary) and not ranged:
            span = next((sp for sp in annots if sp[0] <= pos < sp[1]), None)
            chained = chain_neighbours(text, span, pos) if span and tok in RELATIONS else []
            for new in SWAPS[tok]:
                where = 'annotation' if in_annot(pos) else 'code'
                if not consistent_chain(chained + [new]):
                    continue  # not ACSL: `0 <= i > n` is rejected, as Frama-C rejects it
                out.append(('operator', pos, text[:pos] + new + text[pos + len(tok):],
                            f'{tok} -> {new} ({where})'))
        elif re.fullmatch(r'\d+', tok) and not re.match(r'[A-Za-z_]', text[pos - 1:pos] or ' '):
            n = int(tok)
            for new in (n + 1, n - 1):
                if new < 0:
                    continue
                out.append(('constant', pos, text[:pos] + str(new) + text[pos + len(tok):],
                            f'{tok} -> {new}'))
        prev = tok
    for kind, s, e in all_clauses:
        if not free(s):
            continue
        if kind in ('loop invariant', 'ensures', 'loop assigns', 'loop variant'):
            out.append(('clause', s, text[:s] + blank(text[s:e]) + text[e:], f'{kind} removed'))
        if kind in ('loop invariant', 'ensures', 'assert'):
            head = CLAUSES.match(text, s)
            body_start = head.end()
            body = text[body_start:e - 1]
            parts = top_level_conjuncts(body)
            if len(parts) > 1:
                for i, (ps, pe) in enumerate(parts):
                    # Drop the conjunct and one of the && next to it.
                    a = body_start + (ps - 2 if i > 0 else ps)
                    b = body_start + (pe if i > 0 else parts[1][0])
                    out.append(('conjunct', a, text[:a] + blank(text[a:b]) + text[b:],
                                f'{kind}: conjunct {i + 1} of {len(parts)} removed'))
        if kind == 'loop assigns':
            head = CLAUSES.match(text, s)
            locs = [(x.start(), x.end()) for x in re.finditer(r'[^,;]+', text[head.end():e - 1])]
            if len(locs) > 1:
                for i, (ls, le) in enumerate(locs):
                    a = head.end() + (ls - 1 if i > 0 else ls)
                    b = head.end() + (le if i > 0 else locs[1][0])
                    out.append(('assigns', a, text[:a] + blank(text[a:b]) + text[b:],
                                f'loop assigns: {text[head.end() + ls:head.end() + le].strip()} dropped'))
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('file')
    ap.add_argument('-o', '--out', required=True)
    ap.add_argument('--function')
    a = ap.parse_args()
    text = open(a.file).read()
    name = os.path.splitext(os.path.basename(a.file))[0]
    os.makedirs(a.out, exist_ok=True)
    index = []
    seen = set()
    for kind, pos, mutated, what in mutants(text, a.function):
        if mutated in seen or mutated == text:
            continue
        seen.add(mutated)
        path = os.path.join(a.out, f'{name}.m{len(index) + 1:03d}.c')
        open(path, 'w').write(mutated)
        index.append({'file': path, 'original': a.file, 'kind': kind, 'line': line_of(text, pos),
                      'mutation': what})
    json.dump(index, open(os.path.join(a.out, f'{name}.mutants.json'), 'w'), indent=1)
    print(f'{a.file}: {len(index)} mutants in {a.out}')


if __name__ == '__main__':
    main()
