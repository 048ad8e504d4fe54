/* Nested loops, each with its own contract. */
/*@ requires 0 <= n <= 100;
    assigns \nothing;
    ensures \result == n * n;
 */
int square(int n)
{
  int s = 0;
  int i = 0;
  /*@ loop invariant 0 <= i <= n && s == i * n;
      loop assigns i, s;
      loop variant n - i;
  */
  while (i < n) {
    int j = 0;
    /*@ loop invariant 0 <= j <= n && s == i * n + j;
        loop assigns j, s;
        loop variant n - j;
    */
    while (j < n) {
      s++;
      j++;
    }
    i++;
  }
  return s;
}
