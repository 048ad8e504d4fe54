/* A for loop whose body uses continue and break. */
/*@ requires n >= 0 && n <= 1000;
    assigns \nothing;
    ensures 0 <= \result <= n;
 */
int count_even(int n)
{
  int c = 0;
  /*@ loop invariant 0 <= i <= n;
      loop invariant 0 <= c <= i;
      loop assigns i, c;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (i % 2 != 0)
      continue;
    if (c > 10000)
      break;
    c++;
  }
  return c;
}
