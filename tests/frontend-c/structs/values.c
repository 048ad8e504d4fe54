// Structures with an array field passed by value: the callee works on a copy, its
// postconditions read the value it was given. Each `expect` line names a goal and its diagnosis.
// expect: peek_plus.ensures1 proved
// expect: peek_plus.writes1 proved
// expect: caller.ensures1 proved
// expect: caller.ensures2 proved
// expect: peek_plus.requires1 proved
// expect: top_two.ensures1 non_compliance
// expect: local_caller.ensures1 proved
#define CAP 4
typedef struct {
  int data[CAP];
  int top;
} Stack;

// A copy: writing it leaves the caller's structure as it was.
/*@ requires 0 <= s.top < CAP;
    requires \forall integer k; 0 <= k < CAP ==> -100 <= s.data[k] <= 100;
    assigns \nothing;
    ensures \result == s.data[s.top] + 1; */
int peek_plus(Stack s) {
  s.data[s.top] = s.data[s.top] + 1;
  return s.data[s.top];
}

/*@ requires \valid(p) && 0 <= p->top < CAP;
    requires \forall integer k; 0 <= k < CAP ==> -100 <= p->data[k] <= 100;
    assigns \nothing;
    ensures \result == p->data[p->top] + 1;
    ensures p->data[p->top] == \old(p->data[p->top]); */
int caller(Stack *p) {
  return peek_plus(*p);
}

// Wrong: the sum of the first two cells, not of the top two.
/*@ requires 2 <= s.top <= CAP;
    requires \forall integer k; 0 <= k < CAP ==> -100 <= s.data[k] <= 100;
    assigns \nothing;
    ensures \result == s.data[s.top - 1] + s.data[s.top - 2]; */
int top_two(Stack s) {
  return s.data[0] + s.data[1];
}

/*@ assigns \nothing;
    ensures \result == 3; */
int local_caller(void) {
  Stack s = {{1, 2, 3, 4}, 1};
  return peek_plus(s) + s.data[1] - 2;
}
