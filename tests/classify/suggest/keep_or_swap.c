/* order_if exchanges t[i] and t[j] when they are out of order, and says only which cells it
   writes and their order: its caller cannot show that the pair still holds the values it had.
   The runs of order_if show the pair on return as it was on some runs and exchanged on others:
   `ensures (t[i] == \old(t[i]) && t[j] == \old(t[j])) ||
            (t[i] == \old(t[j]) && t[j] == \old(t[i]));`. */

/*@ requires \valid(t + i) && \valid(t + j) && i != j;
    assigns t[i], t[j];
    ensures t[i] <= t[j];
*/
void order_if(int *t, int i, int j)
{
  if (t[i] > t[j]) {
    int tmp = t[i];
    t[i] = t[j];
    t[j] = tmp;
  }
}

/*@ requires \valid(t + (0 .. 1));
    assigns t[0 .. 1];
*/
void sort2(int *t)
{
  int a = t[0];
  int b = t[1];
  order_if(t, 0, 1);
  //@ assert (t[0] == a && t[1] == b) || (t[0] == b && t[1] == a);
}
