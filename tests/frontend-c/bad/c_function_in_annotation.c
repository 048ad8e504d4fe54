// error: 3:24: the C function 'g' cannot be called in an annotation
int g(int x) { return x; }
/*@ ensures \result == g(x); */
int f(int x) { return x; }
