// error: 8:36: the local variable 's' does not exist at the function's entry (label Pre or \old)
/*@ requires n >= 0; */
int f(int n)
{
  int s = 0;
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, s;
      loop invariant s == 0 || \at(s + i, Pre) == 0; */
  for (int i = 0; i < n; ++i)
    s += 1;
  return s;
}
