/* Distance of two integers through an absolute value. */

/*@ requires x > -2147483647;
    assigns \nothing;
    ensures \result >= 0;
    ensures \result == x || \result == -x;
*/
int abs_val(int x)
{
  if (x < 0)
    return -x;
  return x;
}

/*@ requires -1000000 <= a <= 1000000 && -1000000 <= b <= 1000000;
    assigns \nothing;
    ensures \result >= 0;
    ensures \result == a - b || \result == b - a;
*/
int dist(int a, int b)
{
  int d = a - b;
  return abs_val(d);
}
