/* Local arrays and initialiser lists. */
/*@ assigns \nothing;
    ensures \result == 6;
 */
int local_sum(void)
{
  int a[4] = {1, 2, 3};
  int s = 0;
  int i;
  /*@ loop invariant 0 <= i <= 4;
      loop assigns i, s;
      loop variant 4 - i;
  */
  for (i = 0; i < 4; i++)
    s += a[i];
  return s;
}
