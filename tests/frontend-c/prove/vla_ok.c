/* Variable-length arrays whose every goal is proved: the length is positive where the array is
   declared, every access is in bounds, loop assigns name the array's cells. */

/*@ requires 0 < n <= 16;
    requires \valid_read(src + (0 .. n - 1));
    assigns \nothing;
    ensures \result == src[n - 1];
*/
int last_of_copy(const int *src, int n) {
  int tmp[n];
  //@ assert \valid(tmp + (0 .. n - 1));
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> tmp[k] == src[k];
      loop assigns i, tmp[0 .. n - 1];
      loop variant n - i;
  */
  for (int i = 0; i < n; i++)
    tmp[i] = src[i];
  return tmp[n - 1];
}

/*@ requires 0 <= n <= 100;
    assigns \nothing;
    ensures \result == n;
*/
int counted(int n) {
  int seen[n + 1]; // n + 1 cells: n = 0 gives one
  int m = n;
  m = m + 1; // the block keeps the length read at the declaration
  seen[m - 1] = n;
  return seen[n];
}

/*@ requires 0 < n <= 8;
    assigns \nothing;
*/
void per_iteration(int n) {
  /*@ loop invariant 1 <= k <= n + 1;
      loop assigns k;
      loop variant n - k;
  */
  for (int k = 1; k <= n; k++) {
    int row[k]; // a fresh block of k cells at each iteration
    row[k - 1] = k;
    //@ assert row[k - 1] == k;
  }
}
