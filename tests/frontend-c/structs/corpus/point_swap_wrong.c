// Swapping the coordinates through a temporary that is read too late.
// expect: swap_xy.ensures1 non_compliance
typedef struct { int x; int y; } Point;

/*@ requires \valid(p);
    assigns p->x, p->y;
    ensures p->x == \old(p->y) && p->y == \old(p->x); */
void swap_xy(Point *p) {
  p->x = p->y;
  int t = p->x;
  p->y = t;
}
