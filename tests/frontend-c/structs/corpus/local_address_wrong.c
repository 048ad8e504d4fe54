// The callee writes through the address of one field, not the other.
// expect: both.ensures1 non_compliance
typedef struct { int x; int y; } Point;

/*@ requires \valid(p);
    assigns *p;
    ensures *p == 0; */
void zero(int *p) { *p = 0; }

/*@ assigns \nothing;
    ensures \result == 0; */
int both(int a, int b) {
  Point q = {a, b};
  zero(&q.x);
  return q.x + q.y;
}
