/* Variable-length arrays: the length is any integer expression, lowered where the array is
   declared (before its name is in scope); an array parameter with a variable length is a
   pointer, as in C. */
#include <stddef.h>

/*@ requires 0 < n <= 8 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1];
*/
void fill(int n, int a[n]) {
  size_t len = (size_t)n * 2;
  short twice[len];
  long shadow[n + 1];
  {
    int n = 3; // the array below has 3 cells, the one above n + 1 of the outer n
    char inner[n];
    inner[2] = 'x';
  }
  twice[len - 1] = 0;
  shadow[n] = 0;
  for (int i = 0; i < n; i++) {
    unsigned char row[i + 1];
    row[i] = 1;
    a[i] = row[i];
  }
}
