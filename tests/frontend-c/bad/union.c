// error: 2:1: union types are not supported
union u { int a; };
int f(void) { return 0; }
