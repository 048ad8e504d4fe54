// error: 6:16: a 'break' inside a nested statement of a switch is not supported: only one that ends a case, at the top level of the switch body
int f(int x)
{
  switch (x) {
  case 1:
    if (x > 0) break;
    return 1;
  }
  return 0;
}
