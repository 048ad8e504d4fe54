/* clamp says only what it writes, and two callers need its bounds: each caller's search
   suggests them, and the fixed copy has each clause once. */

/*@ requires lo <= hi;
    assigns \nothing;
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
