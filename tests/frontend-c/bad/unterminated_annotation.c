// error: 2:1: unterminated annotation comment
/*@ requires x > 0;
int f(int x) { return x; }
