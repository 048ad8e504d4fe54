// error: 5:10: 'g' expects 2 arguments, not 1
int g(int a, int b) { return a + b; }
int f(void)
{
  return g(1);
}
