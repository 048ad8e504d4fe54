// Ghost code: a ghost label names a state for later assertions, a ghost variable keeps a value.
/*@ requires \valid(p) && *p < 1000;
    assigns *p;
    ensures *p == \old(*p) + 1; */
void bump(int *p)
{
  //@ ghost int before = *p;
  //@ ghost Start: ;
  *p = *p + 1;
  //@ assert *p == \at(*p, Start) + 1;
  //@ assert *p == before + 1;
}
