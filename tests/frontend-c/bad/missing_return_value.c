// error: 5:5: the function must return a value
int f(int x)
{
  if (x > 0)
    return;
  return x;
}
