// error: 4:11: '->' needs a pointer to a structure, not 'int *'
int f(int *p)
{
  return p->x;
}
