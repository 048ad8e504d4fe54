// The trace of a square matrix, a two-dimensional array.
// expect: trace.ensures1 proved
/*@ requires \valid_read(m + (0 .. 2));
    requires \forall integer i, j; 0 <= i < 3 && 0 <= j < 3 ==> -100 <= m[i][j] <= 100;
    assigns \nothing;
    ensures \result == m[0][0] + m[1][1] + m[2][2]; */
int trace(int m[3][3]) {
  return m[0][0] + m[1][1] + m[2][2];
}
