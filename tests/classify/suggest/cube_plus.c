/* cube promises only a result at least its input; cube_plus's postcondition needs the cube.
   The postcondition, its result read as what cube_plus returns (`r + 1`) and carried to cube,
   is cube's missing clause (`ensures (\result + 1) == n * n * n + 1;`). */

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result >= n;
*/
int cube(int n) { return n * n * n; }

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures \result == n * n * n + 1;
*/
int cube_plus(int n)
{
  int r = cube(n);
  return r + 1;
}
