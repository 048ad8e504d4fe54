// error: 4:13: cast from 'int *' to 'char *' is not supported
int f(int *p)
{
  char *c = (char *)p;
  return *c;
}
