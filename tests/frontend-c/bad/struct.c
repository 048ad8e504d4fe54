// error: 3:7: a structure field of type 'int[3]' is not supported (fields are integers and pointers to them)
struct point {
  int xs[3];
};
int f(void) { return 0; }
