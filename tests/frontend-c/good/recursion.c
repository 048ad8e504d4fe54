/* A recursive C function. */
/*@ logic integer sum(integer n) = n <= 0 ? 0 : n + sum(n - 1); */

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == sum(n);
 */
int rsum(int n)
{
  if (n == 0)
    return 0;
  return n + rsum(n - 1);
}
