/* bump adds one to what its parameter points to, but promises only not to make it smaller.
   Its runs, each value moved a little, give the cell on return as a linear function of the cell
   on entry (`ensures *p == \old(*p) + 1;`), what its caller's assertion needs. */

/*@ requires \valid(p);
    requires 0 <= *p <= 1000;
    assigns *p;
    ensures *p >= \old(*p);
*/
void bump(int *p) { *p = *p + 1; }

/*@ requires 0 <= x <= 1000;
    assigns \nothing;
*/
void use(int x)
{
  int y = x;
  bump(&y);
  //@ assert y == x + 1;
}
