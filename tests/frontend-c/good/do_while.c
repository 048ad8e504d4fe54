/* do ... while, with continue. */
/*@ requires 1 <= n <= 1000;
    assigns \nothing;
    ensures \result == 0;
 */
int countdown(int n)
{
  int k = n;
  /*@ loop invariant 0 <= k <= n;
      loop assigns k;
      loop variant k;
  */
  do {
    k--;
    if (k % 3 == 0)
      continue;
  } while (k > 0);
  return k;
}
