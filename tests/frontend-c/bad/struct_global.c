// error: 3:10: global arrays of structures are not supported
struct s { int a; };
struct s g[4];
int f(void) { return g[0].a; }
