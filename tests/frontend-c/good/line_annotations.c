/* Contracts and loop annotations written as //@ lines. */
//@ requires 0 <= n <= 1000;
//@ assigns \nothing;
//@ ensures \result == n;
int identity(int n)
{
  int i = 0;
  //@ loop invariant 0 <= i <= n;
  //@ loop assigns i;
  //@ loop variant n - i;
  while (i < n)
    i++;
  //@ assert i == n;
  return i;
}
