/* ++ and -- as statements and inside expressions. */
/*@ requires 0 <= n <= 100;
    assigns \nothing;
    ensures \result == 2 * n + 1;
 */
int incdec(int n)
{
  int a = n;
  int b = a++;
  int c = ++a;
  --c;
  c--;
  return b + c + 1;
}

/*@ requires \valid(p + (0 .. 1));
    requires *p < 1000;
    assigns *p, *(p + 1);
 */
void bump(int *p)
{
  (*p)++;
  p[1] = (*p)--;
}
