/* Absolute values: replaces every element of t[0..n-1] by its absolute
   value; INT_MIN is excluded so that negation cannot overflow. */

/*@ requires 0 <= n <= 1000 && \valid(t + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> t[k] > -2147483647 - 1;
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> t[k] >= 0;
    ensures \forall integer k; 0 <= k < n ==> t[k] == \old(t[k]) || t[k] == -\old(t[k]);
*/
void abs_all(int *t, int n)
{
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] >= 0;
      loop invariant \forall integer k; 0 <= k < i ==>
        t[k] == \at(t[k], Pre) || t[k] == -\at(t[k], Pre);
      loop invariant \forall integer k; i <= k < n ==> t[k] == \at(t[k], Pre);
      loop assigns i, t[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++) {
    if (t[i] < 0)
      t[i] = -t[i];
  }
}
