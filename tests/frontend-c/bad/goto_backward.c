// error: 8:5: goto is only supported to a label on 'return;' or 'return variable;' (Frama-C's 'goto return_label')
int f(int n)
{
  int i = 0;
again:
  i++;
  if (i < n)
    goto again;
  return i;
}
