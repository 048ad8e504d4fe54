// error: 4:12: string literals are not supported
int f(void)
{
  char c = "abc";
  return c;
}
