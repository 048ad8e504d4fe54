// The address of a local variable, of a local structure and of its field.
// expect: locals.ensures1 proved
typedef struct { int x; int y; } Point;

/*@ requires \valid(p) && *p < 1000;
    assigns *p;
    ensures *p == \old(*p) + 1; */
void bump(int *p) { *p = *p + 1; }

/*@ assigns \nothing;
    ensures \result == 14; */
int locals(void) {
  int n = 1;
  Point q = {5, 5};
  bump(&n);
  bump(&q.x);
  bump(&q.y);
  return n + q.x + q.y;
}
