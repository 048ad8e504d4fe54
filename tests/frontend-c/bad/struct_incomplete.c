// error: 3:17: 'struct t *' is an incomplete structure type
struct t;
int f(struct t *p) { return 0; }
