// error: 4:7: statement contracts are not supported
int f(int x)
{
  /*@ requires x > 0;
      ensures x > 0; */
  {
    x = x + 1;
  }
  return x;
}
