// error: 4:12: unexpected character '$'
int f(int x)
{
  return x $ 2;
}
