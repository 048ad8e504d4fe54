/* Named clauses and several loop annotations of each kind. */
/*@ requires range: 0 <= n <= 100;
    assigns \nothing;
    ensures lower: \result >= n;
    ensures upper: \result <= 2 * n;
 */
int named(int n)
{
  int i = 0, j = 0;
  //@ assert start: i == 0 && j == 0;
  /*@ loop invariant i_range: 0 <= i <= n;
      loop invariant j_twice: j == 2 * i;
      loop assigns i;
      loop assigns j;
      loop variant n - i;
  */
  while (i < n) {
    i = i + 1;
    j = j + 2;
  }
  return j;
}
