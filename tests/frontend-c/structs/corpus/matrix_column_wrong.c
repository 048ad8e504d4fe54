// A column index runs one past its row.
// expect: row_sum.index_bound1 non_compliance
/*@ requires \valid_read(m + (0 .. 2)) && 0 <= r < 3;
    requires \forall integer i, j; 0 <= i < 3 && 0 <= j < 3 ==> -100 <= m[i][j] <= 100;
    assigns \nothing; */
int row_sum(int m[3][3], int r) {
  int s = 0;
  for (int j = 0; j <= 3; j++)
    s += m[r][j];
  return s;
}
