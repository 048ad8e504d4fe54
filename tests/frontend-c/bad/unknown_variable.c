// error: 4:14: unknown variable 'y'
int f(int x)
{
  return x + y;
}
