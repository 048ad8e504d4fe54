// error: 5:13: arrays of pointers to structures are not supported
struct s { int a; };
int f(void)
{
  struct s *ps[3];
  return 0;
}
