// Loop shape 2: nested loops writing and reading an array cell an iteration.
int main(void) {
  int a[100];
  for (int i = 0; i < 100; i++) a[i] = 0;
  for (int k = 0; k < 50000; k++)
    for (int i = 0; i < 100; i++) a[i] = a[i] + (i & 1);
  return a[99] == 50000 ? 0 : 1;
}
