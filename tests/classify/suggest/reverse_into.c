/* Writes a reversed into b: cell k of b is cell n - 1 - k of a, a relation between two
   arrays that only the runs show (the postcondition names no counter). */

/*@ requires 0 <= n <= 100;
    requires \valid_read(a + (0 .. n - 1));
    requires \valid(b + (0 .. n - 1));
    requires \separated(a + (0 .. n - 1), b + (0 .. n - 1));
    assigns b[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> b[k] == a[n - 1 - k];
*/
void reverse_into(const int *a, int n, int *b)
{
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, b[0 .. n - 1]; */
  for (int i = 0; i < n; ++i)
    b[i] = a[n - 1 - i];
}
