// Normalising a rectangle swaps x only: y stays reversed.
// expect: normalize.ensures1 non_compliance
typedef struct { int x; int y; } Point;
typedef struct { Point lo; Point hi; } Rect;

/*@ requires \valid(r);
    assigns r->lo, r->hi;
    ensures r->lo.x <= r->hi.x && r->lo.y <= r->hi.y; */
void normalize(Rect *r) {
  if (r->lo.x > r->hi.x) {
    int t = r->lo.x;
    r->lo.x = r->hi.x;
    r->hi.x = t;
  }
}
