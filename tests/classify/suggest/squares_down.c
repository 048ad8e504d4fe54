/* The loop fills the array from the front while its counter goes down: what it has done is
   the cells below n - j, a range no goal names and no run's relation between cells and
   scalars says (each cell is its index squared). */

/*@ requires 0 <= n <= 50;
    requires \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> a[k] == k * k;
*/
void squares(int *a, int n)
{
  int j = n;
  /*@ loop invariant 0 <= j <= n;
      loop assigns j, a[0 .. n - 1]; */
  while (j > 0) {
    j--;
    a[n - 1 - j] = (n - 1 - j) * (n - 1 - j);
  }
}
