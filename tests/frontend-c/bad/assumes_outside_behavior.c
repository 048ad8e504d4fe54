// error: 2:5: 'assumes' is only allowed in a behavior
/*@ assumes x > 0;
    ensures \result > 0; */
int f(int x) { return x; }
