/* A mutant of bench/programs/swap_calls.c (swap_if's second postcondition says t[j] != \old(t[j])
   when nothing is swapped) whose Z3 model for sort3.ensures2 grows without bound when read. */

/*@ requires \valid(t + i) && \valid(t + j) && i != j;
    assigns t[i], t[j];
    ensures t[i] <= t[j];
    ensures (t[i] == \old(t[i]) && t[j] != \old(t[j])) ||
            (t[i] == \old(t[j]) && t[j] == \old(t[i]));
*/
void swap_if(int *t, int i, int j)
{
  if (t[i] > t[j]) {
    int tmp = t[i];
    t[i] = t[j];
    t[j] = tmp;
  }
}

/*@ requires \valid(t + (0 .. 2));
    assigns t[0 .. 2];
    ensures t[0] <= t[1] <= t[2];
    ensures (t[0] == \old(t[0]) && t[1] == \old(t[1]) && t[2] == \old(t[2])) ||
            (t[0] == \old(t[0]) && t[1] == \old(t[2]) && t[2] == \old(t[1])) ||
            (t[0] == \old(t[1]) && t[1] == \old(t[0]) && t[2] == \old(t[2])) ||
            (t[0] == \old(t[1]) && t[1] == \old(t[2]) && t[2] == \old(t[0])) ||
            (t[0] == \old(t[2]) && t[1] == \old(t[0]) && t[2] == \old(t[1])) ||
            (t[0] == \old(t[2]) && t[1] == \old(t[1]) && t[2] == \old(t[0]));
*/
void sort3(int *t)
{
  swap_if(t, 0, 1);
  swap_if(t, 1, 2);
  swap_if(t, 0, 1);
}
