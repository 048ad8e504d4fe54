// error: 2:13: only the first dimension of an array may be left out
int grid[3][];
int f(void) { return 0; }
