/* Percentages: a value brought into [0, 100] by clamp, and the sum of two of them. */

/*@ requires lo <= hi;
    assigns \nothing;
    ensures lo <= \result <= hi;
    ensures \result == x || \result == lo || \result == hi;
*/
int clamp(int x, int lo, int hi)
{
  if (x < lo)
    return lo;
  if (x > hi)
    return hi;
  return x;
}

/*@ assigns \nothing;
    ensures 0 <= \result <= 100;
    ensures \result == x || \result == 0 || \result == 100;
*/
int percent(int x)
{
  return clamp(x, 0, 100);
}

/*@ assigns \nothing;
    ensures 0 <= \result <= 200;
*/
int percent_sum(int a, int b)
{
  int pa = clamp(a, 0, 100);
  int pb = clamp(b, 0, 100);
  return pa + pb;
}
