/* square_into writes its result through a pointer and promises only that it is not negative;
   its caller needs the square. The caller's assertion, its `s` the cell `out` points to and its
   `m` the parameter `n`, is square_into's missing clause (`ensures *out == n * n;`). */

/*@ requires 0 <= n <= 1000;
    requires \valid(out);
    assigns *out;
    ensures *out >= 0;
*/
void square_into(int n, int *out) { *out = n * n; }

/*@ requires 0 <= m <= 1000;
    assigns \nothing;
*/
int area(int m)
{
  int s;
  square_into(m, &s);
  //@ assert s == m * m;
  return s;
}
