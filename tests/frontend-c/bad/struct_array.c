// error: 5:11: arithmetic on a pointer to a structure is not supported (arrays of structures are not)
struct s { int a; };
int f(struct s *p)
{
  return p[1].a + (p + 1)->a;
}
