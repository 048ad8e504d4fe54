/* Reverse: reverses t[0..n-1] in place by swapping symmetric
   elements from both ends towards the middle. */

/*@ requires 0 <= n <= 1000 && \valid(t + (0 .. n - 1));
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> t[k] == \old(t[n - 1 - k]);
*/
void reverse(int *t, int n)
{
  int i = 0;
  int j = n - 1;
  /*@ loop invariant 0 <= i <= n / 2 + 1;
      loop invariant j == n - 1 - i;
      loop invariant i <= j + 1;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == \at(t[n - 1 - k], Pre);
      loop invariant \forall integer k; j < k < n ==> t[k] == \at(t[n - 1 - k], Pre);
      loop invariant \forall integer k; i <= k <= j ==> t[k] == \at(t[k], Pre);
      loop assigns i, j, t[0 .. n - 1];
      loop variant j - i + 1;
  */
  while (i < j) {
    int tmp = t[i];
    t[i] = t[j];
    t[j] = tmp;
    i++;
    j--;
  }
}
