// error: 5:3: expected a loop after the loop annotation, found 'n'
int f(int n)
{
  /*@ loop invariant n >= 0; */
  n = n + 1;
  return n;
}
