// error: 3:23: macro 'SQR' takes 1 argument(s), not 2
#define SQR(x) ((x) * (x))
int f(int y) { return SQR(y, y); }
