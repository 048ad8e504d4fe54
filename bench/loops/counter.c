// Loop shape 1: a counter stepping by two (one comparison, one addition an iteration).
int main(void) {
  unsigned int x = 0;
  unsigned int n = 0;
  while (x < 40000000u) {
    x += 2u;
    n++;
  }
  return n == 20000000u ? 0 : 1;
}
