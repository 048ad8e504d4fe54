// Structures inside structures, and addresses of fields (docs/c-frontend.md, "Structures").
// Each `expect` line names a goal and its diagnosis.
// expect: widen.ensures1 proved
// expect: widen.ensures2 proved
// expect: move_box.ensures1 proved
// expect: move_box.ensures2 proved
// expect: move_box.ensures3 proved
// expect: shift.requires1 proved
// expect: reset_min.ensures1 non_compliance
// expect: corners.ensures1 proved
// expect: corners_wrong.ensures1 non_compliance
// expect: via_field.ensures1 proved
// expect: tag_box.ensures1 proved
// expect: tag_box.ensures2 proved
typedef struct {
  int x;
  int y;
} Point;

typedef struct {
  Point min;
  Point max;
  int id;
} Box;

/*@ requires \valid(b) && 0 <= d <= 100 && 0 <= b->max.x <= 1000;
    assigns b->max.x;
    ensures b->max.x == \old(b->max.x) + d;
    ensures b->min.x == \old(b->min.x); */
void widen(Box *b, int d) { b->max.x += d; }

/*@ requires \valid(p) && -1000 <= p->x <= 1000 && 0 <= d <= 1000;
    assigns p->x;
    ensures p->x == \old(p->x) + d; */
void shift(Point *p, int d) { p->x += d; }

// A pointer to the structure inside a structure: the callee writes that field's cells only.
/*@ requires \valid(b) && -1000 <= b->min.x <= 1000 && -1000 <= b->max.x <= 1000;
    assigns b->min.x, b->max.x;
    ensures b->min.x == \old(b->min.x) + 1;
    ensures b->max.x == \old(b->max.x) + 1;
    ensures b->id == \old(b->id); */
void move_box(Box *b) {
  shift(&b->min, 1);
  shift(&b->max, 1);
}

// A real bug: nothing says the box was not empty on the left of 0.
/*@ requires \valid(b);
    assigns b->min;
    ensures b->min.x <= b->max.x; */
void reset_min(Box *b) {
  b->min.x = 0;
  b->min.y = 0;
}

// Nested initialisers, and a structure field copied out.
/*@ assigns \nothing;
    ensures \result == 7; */
int corners(void) {
  Box b = {{1, 2}, {3, 4}, 5};
  Point q = b.max;
  return q.x + q.y;
}

/*@ assigns \nothing;
    ensures \result == 8; */
int corners_wrong(void) {
  Box b = {{1, 2}, {3, 4}};
  Point q = b.max;
  return q.x + q.y + b.id;
}

/*@ requires \valid(p);
    assigns *p;
    ensures *p == 5; */
void set5(int *p) { *p = 5; }

// The address of a field of a local structure, and of a field through a pointer.
/*@ assigns \nothing;
    ensures \result == 5; */
int via_field(void) {
  Point pt = {0, 0};
  set5(&pt.y);
  return pt.y + pt.x;
}

/*@ requires \valid(b);
    assigns b->id;
    ensures b->id == 5;
    ensures b->max.y == \old(b->max.y); */
void tag_box(Box *b) { set5(&b->id); }
