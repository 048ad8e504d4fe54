// error: 4:12: a variable-length array cannot be initialised
int f(int n)
{
  int a[n] = {1};
  return a[0];
}
