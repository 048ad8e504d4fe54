// error: 5:3: expected ';', found 'return'
int f(int x)
{
  int y = x
  return y;
}
