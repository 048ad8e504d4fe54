// error: 4:12: floating-point constants are not supported
int f(void)
{
  int x = 1.5;
  return x;
}
