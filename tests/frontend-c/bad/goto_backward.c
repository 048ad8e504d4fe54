// error: 8:5: goto is only supported forward to a return (Frama-C's 'goto return_label') or to the tail of the enclosing loop body (Frama-C's 'goto __Cont')
int f(int n)
{
  int i = 0;
again:
  i++;
  if (i < n)
    goto again;
  return i;
}
