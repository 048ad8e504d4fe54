// A structure with an array field passed by value: the callee's writes stay in its copy.
// expect: peak.ensures1 proved
// expect: caller_keeps.ensures1 proved
typedef struct { int w[3]; } Window;

/*@ requires \forall integer k; 0 <= k < 3 ==> 0 <= win.w[k] <= 100;
    assigns \nothing;
    ensures \result >= win.w[0] && \result >= win.w[1] && \result >= win.w[2]; */
int peak(Window win) {
  if (win.w[1] > win.w[0]) win.w[0] = win.w[1];
  if (win.w[2] > win.w[0]) win.w[0] = win.w[2];
  return win.w[0];
}

/*@ requires \valid(p);
    requires \forall integer k; 0 <= k < 3 ==> 0 <= p->w[k] <= 100;
    assigns \nothing;
    ensures p->w[0] == \old(p->w[0]); */
void caller_keeps(Window *p) {
  peak(*p);
}
