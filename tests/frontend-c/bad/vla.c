// error: 4:9: variable-length arrays are not supported: an array length must be an integer constant expression
int f(int n)
{
  int a[n];
  a[0] = 1;
  return a[0];
}
