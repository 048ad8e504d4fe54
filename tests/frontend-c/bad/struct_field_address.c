// error: 5:12: taking the address of a structure field (&s.f, &p->f) is not supported
struct s { int a; };
int f(struct s *p)
{
  int *q = &p->a;
  return *q;
}
