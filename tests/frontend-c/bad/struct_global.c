// error: 3:10: global structures are not supported
struct s { int a; };
struct s g;
int f(void) { return g.a; }
