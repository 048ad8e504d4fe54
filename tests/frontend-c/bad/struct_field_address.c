// error: 3:20: taking the address of a field of a structure the code never takes an address in (a structure value, not in memory) is not supported
struct s { int a; };
/*@ ensures \valid(&v.a); */
int f(struct s v) { return v.a; }
