// Translating every point of an array.
// expect: translate.ensures1 proved
typedef struct { int x; int y; } Point;

/*@ requires 0 <= n && \valid(ps + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> -1000 <= ps[k].x <= 1000;
    assigns ps[0 .. n - 1].x;
    ensures \forall integer k; 0 <= k < n ==> ps[k].x == \old(ps[k].x) + 1; */
void translate(Point *ps, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> ps[k].x == \at(ps[k].x, Pre) + 1;
      loop invariant \forall integer k; i <= k < n ==> ps[k].x == \at(ps[k].x, Pre);
      loop assigns i, ps[0 .. n - 1].x;
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    ps[i].x = ps[i].x + 1;
}
