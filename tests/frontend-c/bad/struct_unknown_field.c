// error: 4:30: 'struct s *' has no field 'b'
struct s { int a; };
/*@ requires \valid(p); */
int f(struct s *p) { return p->b; }
