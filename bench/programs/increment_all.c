/* Increment all: adds 1 to every element of t[0..n-1]; the elements
   are below INT_MAX so no addition overflows. */

/*@ requires 0 <= n <= 1000 && \valid(t + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> t[k] < 2147483647;
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> t[k] == \old(t[k]) + 1;
*/
void increment_all(int *t, int n)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == \at(t[k], Pre) + 1;
      loop invariant \forall integer k; i <= k < n ==> t[k] == \at(t[k], Pre);
      loop assigns i, t[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    t[i] = t[i] + 1;
  }
}
