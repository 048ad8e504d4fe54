"""A small DOM of an HTML page (html.parser, no dependency): elements with their tag,
attributes, classes, children and text, for tests that read a page as a browser left it; and
the checks those tests count."""
from html.parser import HTMLParser

VOID = {'area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source',
        'track', 'wbr'}


class Element:
    def __init__(self, tag, attrs, parent=None):
        self.tag, self.attrs, self.parent = tag, dict(attrs), parent
        self.children, self.parts = [], []

    @property
    def classes(self):
        return set((self.attrs.get('class') or '').split())

    def text(self):
        return ''.join(p if isinstance(p, str) else p.text() for p in self.parts)

    def all(self, tag=None, cls=None, **attrs):
        """Every descendant with that tag, class and attribute values."""
        out = []
        for c in self.children:
            if (tag is None or c.tag == tag) and (cls is None or cls in c.classes) and \
                    all(c.attrs.get(k.replace('_', '-')) == v for k, v in attrs.items()):
                out.append(c)
            out.extend(c.all(tag, cls, **attrs))
        return out

    def one(self, tag=None, cls=None, **attrs):
        found = self.all(tag, cls, **attrs)
        if len(found) != 1:
            raise AssertionError(f'{len(found)} elements <{tag} class={cls} {attrs}>, expected one')
        return found[0]


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Element('#document', [])
        self.cur = self.root

    def handle_starttag(self, tag, attrs):
        e = Element(tag, attrs, self.cur)
        self.cur.children.append(e)
        self.cur.parts.append(e)
        if tag not in VOID:
            self.cur = e

    def handle_startendtag(self, tag, attrs):
        e = Element(tag, attrs, self.cur)
        self.cur.children.append(e)
        self.cur.parts.append(e)

    def handle_endtag(self, tag):
        e = self.cur
        while e is not self.root and e.tag != tag:
            e = e.parent
        if e is not self.root:
            self.cur = e.parent

    def handle_data(self, data):
        self.cur.parts.append(data)


failures = []


def check(ok, what):
    """A test's check: a failure is printed and counted, and the test goes on."""
    if not ok:
        failures.append(what)
        print('FAIL:', what)


def parse(html):
    b = _Builder()
    b.feed(html)
    b.close()
    return b.root
