/* The sum of 2 over n steps is 2n, except at n = 1000, far beyond every small scope (1000 is no
   constant of the program: 999 + 1). The loop's bound comes from the input, up to 100000: no
   search of the whole domain ends within its budget. */
/*@ requires 0 <= n <= 100000;
    assigns \nothing;
    ensures \result == 2 * n;
*/
int twice(int n)
{
  int s = 0;
  /*@ loop invariant 0 <= i <= n && s == 2 * i;
      loop assigns i, s;
      loop variant n - i;
  */
  for (int i = 0; i < n; i++)
    s += 2;
  if (n == 999 + 1)
    s = s + 1;
  return s;
}
