// error: 4:10: call to undeclared function 'abs'
int f(int x)
{
  return abs(x);
}
