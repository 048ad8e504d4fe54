// error: 2:12: multi-dimensional arrays are not supported
int grid[3][3];
int f(void) { return 0; }
