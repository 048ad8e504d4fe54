// error: 3:11: global arrays of pointers to structures are not supported
struct s { int a; };
struct s *g[4];
int f(void) { return g[0]->a; }
