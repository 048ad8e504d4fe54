// Nested structures: a rectangle of two corners.
// expect: area.ensures1 proved
typedef struct { int x; int y; } Point;
typedef struct { Point lo; Point hi; } Rect;

/*@ requires \valid_read(r);
    requires 0 <= r->lo.x <= r->hi.x <= 1000 && 0 <= r->lo.y <= r->hi.y <= 1000;
    assigns \nothing;
    ensures \result == (r->hi.x - r->lo.x) * (r->hi.y - r->lo.y); */
int area(const Rect *r) {
  int w = r->hi.x - r->lo.x;
  int h = r->hi.y - r->lo.y;
  return w * h;
}
