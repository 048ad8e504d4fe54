// error: 3:27: 'log_value' is variadic: calls to variadic functions are not supported
int log_value(const char *fmt, ...);
int f(int x) { return x + log_value(0, x); }
