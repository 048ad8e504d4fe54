/* Sort three: sorts t[0..2] in place with three calls to swap_if,
   which exchanges t[i] and t[j] when t[i] > t[j]. */

/*@ requires \valid(t + i) && \valid(t + j) && i != j;
    assigns t[i], t[j];
    ensures t[i] <= t[j];
    ensures (t[i] == \old(t[i]) && t[j] == \old(t[j])) ||
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
