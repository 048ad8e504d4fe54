/* swap says only what it writes: rotate3 cannot show where the values went. The concolic
   search's first inputs for swap are near INT_MIN; moved toward zero, they give each output as
   the other cell's value on entry (`ensures *a == \old(*b); ensures *b == \old(*a);`), not the
   two bounds of each equality, which every run satisfies too. */

/*@ requires \valid(a) && \valid(b) && \separated(a, b);
    assigns *a, *b;
*/
void swap(int *a, int *b)
{
  int t = *a;
  *a = *b;
  *b = t;
}

/*@ requires \valid(x) && \valid(y) && \valid(z);
    requires \separated(x, y) && \separated(y, z) && \separated(x, z);
    assigns *x, *y, *z;
    ensures *x == \old(*y) && *y == \old(*z) && *z == \old(*x);
*/
void rotate3(int *x, int *y, int *z)
{
  swap(x, y);
  swap(y, z);
}
