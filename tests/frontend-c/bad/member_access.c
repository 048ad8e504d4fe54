// error: 4:11: struct member access ('->') is not supported
int f(int *p)
{
  return p->x;
}
