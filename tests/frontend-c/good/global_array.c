/* Global scalars and arrays. */
#define N 10
int t[N];
int total;
unsigned char flags[4];

/*@ requires 0 <= i < N;
    requires 0 <= total <= 1000 && 0 <= t[i] <= 1000;
    assigns total;
    ensures total == \old(total) + t[i];
 */
void accumulate(int i)
{
  total += t[i];
}

/*@ assigns flags[0 .. 3];
    ensures \forall integer k; 0 <= k < 4 ==> flags[k] == 1;
 */
void set_flags(void)
{
  for (int k = 0; k < 4; k++)
    flags[k] = 1;
}
