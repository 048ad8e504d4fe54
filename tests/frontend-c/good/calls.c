/* Calls inside expressions: hoisted in order, short-circuit kept. */
/*@ requires x < 1000;
    assigns \nothing;
    ensures \result == x + 1;
 */
int inc(int x) { return x + 1; }

/*@ assigns \nothing;
    ensures \result <==> x > 0;
 */
int positive(int x) { return x > 0; }

/*@ requires 0 <= x < 100;
    assigns \nothing;
 */
int use(int x)
{
  int a = inc(x) + inc(x + 1);
  if (positive(x) && inc(x) > 1)
    a = a + 1;
  if (x == 0 || positive(inc(x)))
    a = a - 1;
  a = positive(a) ? inc(a) : 0;
  inc(a);
  return inc(inc(a - 500));
}
