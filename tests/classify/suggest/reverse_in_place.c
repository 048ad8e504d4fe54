/* Reverses a in place from both ends: the cells below i and those from n - i up are the first
   cells mirrored, the cells between as they were. Only the runs show it: the postcondition
   names no counter. */

/*@ requires 0 <= n <= 100;
    requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == \old(a[n - 1 - k]);
*/
void reverse_in_place(int *a, int n)
{
  /*@ loop invariant 0 <= i <= n / 2;
      loop assigns i, a[0 .. n - 1]; */
  for (int i = 0; i < n / 2; ++i) {
    int t = a[i];
    a[i] = a[n - 1 - i];
    a[n - 1 - i] = t;
  }
}
