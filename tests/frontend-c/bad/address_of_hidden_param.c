// error: 5:18: taking the address of a parameter that a local of the same name hides is not supported
void g(int *p) { *p = 0; }
void f(int x)
{
  { int x = 1; g(&x); }
  g(&x);
}
