// error: 6:5: taking the address of a variable (&) is not supported
void g(int *p) { *p = 0; }
void f(void)
{
  int x;
  g(&x);
}
