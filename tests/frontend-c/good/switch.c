// switch: fall-through, grouped labels, default, and continue of the enclosing loop.
/*@ assigns \nothing;
    ensures x == 1 ==> \result == 30;
    ensures x == 2 ==> \result == 20;
    ensures x == 3 || x == 4 ==> \result == 5;
    ensures x < 1 || x > 4 ==> \result == -1; */
int classify(int x)
{
  int r = 0;
  switch (x) {
  case 1:
    r = 10;
  case 2:
    r = r + 20;
    break;
  case 3:
  case 4:
    r = 5;
    break;
  default:
    r = -1;
  }
  return r;
}

/*@ requires 0 <= n <= 100;
    assigns \nothing;
    ensures \result == n; */
int count(int n)
{
  int c = 0;
  /*@ loop invariant 0 <= i <= n && c == i;
      loop assigns i, c;
      loop variant n - i; */
  for (int i = 0; i < n; i++) {
    switch (i % 2) {
    case 0: c++; continue;
    default: c++;
    }
  }
  return c;
}
