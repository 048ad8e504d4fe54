/* Maximum of three: max3 calls max2 twice; each returns the largest
   of its arguments, which is one of them. */

/*@ assigns \nothing;
    ensures \result >= a && \result >= b;
    ensures \result == a || \result == b;
*/
int max2(int a, int b)
{
  return a >= b ? a : b;
}

/*@ assigns \nothing;
    ensures \result >= a && \result >= b && \result >= c;
    ensures \result == a || \result == b || \result == c;
*/
int max3(int a, int b, int c)
{
  int m = max2(a, b);
  return max2(m, c);
}
