// error: 4:9: an array length must be an integer, not 'int *'
int f(int *p)
{
  int a[p];
  return a[0];
}
