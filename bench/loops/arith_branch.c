// Loop shape 3: arithmetic with a branch an iteration (a Collatz-like update on a counter).
int main(void) {
  unsigned int s = 0;
  for (unsigned int i = 0; i < 5000000u; i++) {
    if (i % 3u == 0u)
      s = s + i / 2u;
    else
      s = s ^ i;
  }
  return s == 0u;
}
