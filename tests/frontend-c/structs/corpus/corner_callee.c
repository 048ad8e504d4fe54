// The address of a structure field given to a callee: only that field changes.
// expect: shift_lo.ensures1 proved
// expect: shift_lo.ensures2 proved
typedef struct { int x; int y; } Point;
typedef struct { Point lo; Point hi; } Rect;

/*@ requires \valid(p) && p->x < 1000;
    assigns p->x;
    ensures p->x == \old(p->x) + 1; */
void inc_x(Point *p) { p->x++; }

/*@ requires \valid(r) && r->lo.x < 1000;
    assigns r->lo.x;
    ensures r->lo.x == \old(r->lo.x) + 1;
    ensures r->hi.x == \old(r->hi.x); */
void shift_lo(Rect *r) { inc_x(&r->lo); }
