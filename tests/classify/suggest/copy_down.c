/* Copies a into b from the last cell down: what it has done is the cells from i up. */

/*@ requires 0 <= n <= 100;
    requires \valid_read(a + (0 .. n - 1));
    requires \valid(b + (0 .. n - 1));
    requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
    assigns b[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> b[k] == a[k];
*/
void copy_down(const int *a, int n, int *b)
{
  /*@ loop assigns i, b[0 .. n - 1]; */
  for (int i = n; i > 0; --i)
    b[i - 1] = a[i - 1];
}
