/* A do-while loop: its test is the last statement of its body, where the bound the loop counts
   to is read (the invariant carried from the postcondition replaces n by the counter). */

/*@ logic integer total(int *t, integer n) = n <= 0 ? 0 : total(t, n - 1) + t[n - 1]; */

/*@ requires 1 <= n <= 100 && \valid_read(t + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> 0 <= t[k] <= 1000;
    assigns \nothing;
    ensures \result == total(t, n);
*/
int sum(const int *t, int n)
{
  int s = 0;
  int i = 0;
  /*@ loop invariant 0 <= i < n;
      loop invariant 0 <= s <= 1000 * i;
      loop assigns i, s; */
  do {
    s += t[i];
    i++;
  } while (i < n);
  return s;
}
