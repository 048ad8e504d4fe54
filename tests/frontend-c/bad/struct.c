// error: 2:1: struct types are not supported
struct point { int x; };
int f(void) { return 0; }
