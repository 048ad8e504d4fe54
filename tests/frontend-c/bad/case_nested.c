// error: 6:5: 'case' is only supported at the top level of a switch body
int f(int x)
{
  switch (x) {
  case 1: {
    case 2: return 2;
  }
  }
  return 0;
}
