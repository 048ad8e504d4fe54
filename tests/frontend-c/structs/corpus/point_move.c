// A point moved by a vector: both coordinates change, nothing else.
// expect: move.ensures1 proved
// expect: move.ensures2 proved
typedef struct { int x; int y; } Point;

/*@ requires \valid(p) && -1000 <= p->x <= 1000 && -1000 <= p->y <= 1000;
    requires -1000 <= dx <= 1000 && -1000 <= dy <= 1000;
    assigns p->x, p->y;
    ensures p->x == \old(p->x) + dx;
    ensures p->y == \old(p->y) + dy; */
void move(Point *p, int dx, int dy) {
  p->x += dx;
  p->y += dy;
}
