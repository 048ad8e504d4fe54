/* The conditional operator in code and annotations. */
/*@ assigns \nothing;
    ensures \result == (a >= b ? a : b);
 */
int max(int a, int b)
{
  return a >= b ? a : b;
}

/*@ assigns \nothing;
    ensures \result >= 0 ==> \result == (x < 0 ? -x : x);
 */
long labs_(long x)
{
  long r = x < 0 ? (x > -1000 ? -x : 0) : x;
  return r;
}
