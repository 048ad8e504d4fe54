/* The callee has no assigns clause: a call to it may write anything, so neither the caller's
   frame of b nor its own assigns clause can be proved. Every run through set's contract that
   changes b fails the postcondition at line 16 first, on return, where the assigns goal is
   checked too: no search may call the assigns goal's exploration complete (it would claim that
   no counterexample exists). With --suggest, the fix is set's missing `assigns *p;`. */

/*@ requires \valid(p);
    ensures *p == v;
*/
void set(int *p, int v)
{
  *p = v;
}

/*@ requires \valid(a) && \valid(b) && \separated(a, b);
    assigns *a;
    ensures *a == 1;
    ensures *b == \old(*b);
*/
void caller(int *a, int *b)
{
  set(a, 1);
}
