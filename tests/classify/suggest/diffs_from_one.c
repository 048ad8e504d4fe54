/* A loop from the second cell: its counter starts at 1, a constant its condition does not
   name. The bound `1 <= i` comes from the runs' value at the loop's entry; without it the loop's
   frame (b from cell 1 on) and the read a[i - 1] cannot be proved. */

/*@ requires 1 <= n <= 100;
    requires \valid_read(a + (0 .. n - 1));
    requires \valid(b + (0 .. n - 1));
    requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> -1000 <= a[k] <= 1000;
    assigns b[0 .. n - 1];
    ensures \forall integer k; 1 <= k < n ==> b[k] == a[k] - a[k - 1];
*/
void diffs(const int *a, int *b, int n)
{
  b[0] = a[0];
  /*@ loop assigns i, b[1 .. n - 1]; */
  for (int i = 1; i < n; ++i)
    b[i] = a[i] - a[i - 1];
}
