// error: 5:5: 'break' outside a loop
int f(int x)
{
  if (x > 0)
    break;
  return x;
}
