// error: 6:5: taking the address of a global variable (&) is not supported
int counter;
void g(int *p) { *p = 0; }
void f(void)
{
  g(&counter);
}
