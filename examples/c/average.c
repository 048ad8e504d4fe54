/* The average of two ints, written the obvious way: a + b overflows for large inputs, so the
   runtime-error goal of line 9 fails with a real input (a non-compliance). */

/*@ ensures \result == (a + b) / 2;
    assigns \nothing;
*/
int average(int a, int b)
{
  return (a + b) / 2;
}

/*@ requires 0 <= a <= b;
    ensures a <= \result <= b;
    ensures \result == (a + b) / 2;
    assigns \nothing;
*/
int average_safe(int a, int b)
{
  return a + (b - a) / 2;
}
