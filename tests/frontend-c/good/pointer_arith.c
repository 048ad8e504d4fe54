/* Pointer arithmetic: p + i, p[i], *(p + i), p - q, p++. */
/*@ requires n >= 0 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
 */
void zero(int *a, int n)
{
  int *p = a;
  int *end = a + n;
  /*@ loop invariant a <= p <= end;
      loop assigns p, a[0 .. n - 1];
      loop variant end - p;
  */
  while (p < end) {
    *p = 0;
    p++;
  }
}

/*@ requires \valid_read(a + (0 .. 2));
    assigns \nothing;
    ensures \result == a[0] + a[1] + a[2];
 */
long sum3(const int *a)
{
  const int *q = a + 1;
  long s = a[0];
  s += *q;
  s += q[1];
  return s;
}
