// error: 4:12: a structure field of type 'struct q[3]' is not supported (fields are integers, pointers to them, arrays of them with a length and structures)
struct q { int v; };
struct point {
  struct q qs[3];
};
int f(void) { return 0; }
