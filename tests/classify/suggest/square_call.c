/* square promises only a result that is not negative; its caller needs the square itself. No
   linear relation between square's input and output gives it: the caller's assertion, carried
   to square's postcondition, does (`ensures \result == n * n;`). */

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result >= 0;
*/
int square(int n) { return n * n; }

/*@ requires 0 <= m <= 1000;
    assigns \nothing;
*/
void area(int m)
{
  int s = square(m);
  //@ assert s == m * m;
}
