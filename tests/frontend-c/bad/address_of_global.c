// error: 6:5: taking the address of a global that a local or parameter of 'h' hides is not supported
int counter;
void g(int *p) { *p = 0; }
void f(void)
{
  g(&counter);
}
void h(int counter) { g(0); }
