// error: 2:16: variadic functions are not supported
int sum(int n, ...) { return n; }
