// A local matrix, initialised row by row.
// expect: diag.ensures1 proved
/*@ assigns \nothing;
    ensures \result == 15; */
int diag(void) {
  int m[3][3] = {{1, 2, 3}, {4, 5, 6}, {7, 8, 9}};
  return m[0][0] + m[1][1] + m[2][2];
}
