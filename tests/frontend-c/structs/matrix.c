// Multi-dimensional arrays (docs/c-frontend.md): flattened, row after row, read through
// `m[i][j]`, a pointer to rows `int (*p)[N]`, and rows passed as pointers. Each `expect` line
// names a goal and its diagnosis.
// expect: trace3.ensures1 proved
// expect: set_cell.ensures1 proved
// expect: set_cell.ensures2 proved
// expect: identity.ensures1 proved
// expect: identity_wrong.ensures1 non_compliance
// expect: zero_row.ensures1 proved
// expect: past_row.rte_memory non_compliance
#define N 3

/*@ requires \valid_read(m + (0 .. N - 1));
    requires \forall integer i, j; 0 <= i < N && 0 <= j < N ==> -1000 <= m[i][j] <= 1000;
    assigns \nothing;
    ensures \result == m[0][0] + m[1][1] + m[2][2]; */
int trace3(int (*m)[N]) { return m[0][0] + m[1][1] + m[2][2]; }

/*@ requires \valid(m + (0 .. N - 1)) && 0 <= i < N && 0 <= j < N;
    assigns m[i][j];
    ensures m[i][j] == v;
    ensures \forall integer k; 0 <= k < N && k != j ==> m[i][k] == \old(m[i][k]); */
void set_cell(int m[][N], int i, int j, int v) { m[i][j] = v; }

/*@ assigns \nothing;
    ensures \result == 3; */
int identity(void) {
  int id[N][N] = {{1, 0, 0}, {0, 1}, {0, 0, 1}};
  return trace3(id);
}

/*@ assigns \nothing;
    ensures \result == 2; */
int identity_wrong(void) {
  int id[N][N] = {{1}, {0, 1}, {0, 0, 1}};
  return id[0][0] + id[1][1] + id[2][2] + id[1][0];
}

/*@ requires \valid(row + (0 .. N - 1));
    assigns row[0 .. N - 1];
    ensures \forall integer k; 0 <= k < N ==> row[k] == 0; */
void zero(int *row) {
  /*@ loop invariant 0 <= k <= N;
      loop invariant \forall integer q; 0 <= q < k ==> row[q] == 0;
      loop assigns k, row[0 .. N - 1];
      loop variant N - k; */
  for (int k = 0; k < N; k++)
    row[k] = 0;
}

int grid[N][N];

/*@ assigns grid[1][0 .. N - 1];
    ensures \forall integer k; 0 <= k < N ==> grid[1][k] == 0; */
void zero_row(void) { zero(grid[1]); }

// A real bug: the last row has no row after it.
/*@ requires 0 <= i < N;
    assigns \nothing; */
int past_row(int i) { return grid[i + 1][0]; }
