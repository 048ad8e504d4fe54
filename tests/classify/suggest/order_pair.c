/* order_if exchanges t[i] and t[j] when they are out of order, but says only which cells it
   writes: its caller cannot show the pair sorted. The runs of order_if, its cells t[i] and t[j]
   read on return, give their order (`ensures t[i] <= t[j];`). */

/*@ requires \valid(t + i) && \valid(t + j) && i != j;
    assigns t[i], t[j];
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
  order_if(t, 0, 1);
  //@ assert t[0] <= t[1];
}
