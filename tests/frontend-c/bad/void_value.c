// error: 5:11: the void function 'g' has no value
void g(void) { }
int f(void)
{
  int x = g();
  return x;
}
