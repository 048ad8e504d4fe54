/* Three cells rotated by two swaps through pointers. */

/*@ requires \valid(a) && \valid(b) && \separated(a, b);
    assigns *a, *b;
    ensures *a == \old(*b) && *b == \old(*a);
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
