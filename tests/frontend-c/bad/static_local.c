// error: 4:3: static local variables are not supported
int counter(void)
{
  static int n = 0;
  n++;
  return n;
}
