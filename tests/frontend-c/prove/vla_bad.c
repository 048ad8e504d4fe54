/* Variable-length arrays with a length that is not positive on some run (rte_memory at the
   declaration, line 8), and a read past the end (line 18). */

/*@ requires -2 <= n <= 2;
    assigns \nothing;
*/
int sized(int n) {
  int t[n];
  t[0] = 1;
  return t[0];
}

/*@ requires 0 < n <= 4;
    assigns \nothing;
*/
int past_end(int n) {
  int t[n];
  return t[n];
}
