/* abs_val says only that its result is not negative: dist cannot show which difference it is.
   No input of abs_val equals its result on every run, but each run's result is its input or its
   input negated: `ensures \result == x || \result == -x;`. */

/*@ requires x > -2147483647;
    assigns \nothing;
    ensures \result >= 0;
*/
int abs_val(int x)
{
  if (x < 0)
    return -x;
  return x;
}

/*@ requires -1000000 <= a <= 1000000 && -1000000 <= b <= 1000000;
    assigns \nothing;
    ensures \result == a - b || \result == b - a;
*/
int dist(int a, int b)
{
  int d = a - b;
  return abs_val(d);
}
