/* Rotate left by one: moves t[1..n-1] one place to the left and puts
   the old first element at the end (n >= 1). */

/*@ requires 1 <= n <= 1000 && \valid(t + (0 .. n - 1));
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n - 1 ==> t[k] == \old(t[k + 1]);
    ensures t[n - 1] == \old(t[0]);
*/
void rotate_left_by_one(int *t, int n)
{
  int first = t[0];
  /*@ loop invariant 0 <= i <= n - 1;
      loop invariant first == \at(t[0], Pre);
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == \at(t[k + 1], Pre);
      loop invariant \forall integer k; i <= k < n ==> t[k] == \at(t[k], Pre);
      loop assigns i, t[0 .. n - 2];
      loop variant n - 1 - i;
  */
  for (int i = 0; i < n - 1; i++) {
    t[i] = t[i + 1];
  }
  t[n - 1] = first;
}
