// error: 4:7: ghost code is not supported
int f(int x)
{
  //@ ghost int g = 0;
  return x;
}
