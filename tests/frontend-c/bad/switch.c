// error: 4:3: switch statements are not supported
int f(int x)
{
  switch (x) {
  case 1:
    return 1;
  }
  return 0;
}
