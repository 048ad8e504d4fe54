/* Annotations written with '@' margins. */
/*@
  @ requires \valid(p);
  @ requires *p < 10000;
  @ assigns *p;
  @ ensures *p == \old(*p) + 1;
  @*/
void incr(int *p)
{
  *p = *p + 1;
}
