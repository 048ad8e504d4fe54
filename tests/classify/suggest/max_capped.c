/* max2 promises a result at least each argument, not that it is one of them: under its contract
   the maximum of two values at most 100 may be above 100. On every run of max2 the result is one
   of its arguments, not always the same one: the disjunction is the missing clause
   (`ensures \result == a || \result == b;`), which no linear fit and no goal of the caller says. */

/*@ assigns \nothing;
    ensures \result >= a && \result >= b;
*/
int max2(int a, int b) { return a >= b ? a : b; }

/*@ requires 0 <= x <= 100 && 0 <= y <= 100;
    assigns \nothing;
    ensures \result <= 100;
*/
int max_capped(int x, int y)
{
  int m = max2(x, y);
  return m;
}
