// error: 5:7: function pointers and parenthesised declarators are not supported (but (*p)[N] is)
int g(int x) { return x; }
int f(void)
{
  int (*h)(int) = g;
  return h(1);
}
