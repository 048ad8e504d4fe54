// error: 2:9: function-like macro 'SQR' is not supported
#define SQR(x) ((x) * (x))
int f(int y) { return SQR(y); }
