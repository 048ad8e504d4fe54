// Arrays inside structures (docs/c-frontend.md, "Structures"): through a pointer, in a local
// and a global structure, initialised, copied, written by a callee. Each `expect` line names a
// goal and its diagnosis.
// expect: push.ensures1 proved
// expect: push.ensures2 proved
// expect: push.ensures3 proved
// expect: push_unchecked.index_bound1 non_compliance
// expect: sum3.ensures1 proved
// expect: fill.ensures1 proved
// expect: local_stack.ensures1 proved
// expect: copy_is_deep.ensures1 proved
// expect: global_stack.ensures1 proved
#define CAP 4

typedef struct {
  int data[CAP];
  int top;
} Stack;

/*@ requires \valid(s) && 0 <= s->top < CAP;
    assigns s->data[s->top], s->top;
    ensures s->top == \old(s->top) + 1;
    ensures s->data[\old(s->top)] == v;
    ensures \forall integer k; 0 <= k < \old(s->top) ==> s->data[k] == \old(s->data[k]); */
void push(Stack *s, int v) {
  s->data[s->top] = v;
  s->top++;
}

// A real bug: a full stack is written past its array.
/*@ requires \valid(s) && 0 <= s->top <= CAP;
    assigns s->data[0 .. CAP - 1], s->top; */
void push_unchecked(Stack *s, int v) {
  s->data[s->top] = v;
  s->top = s->top + 1 - (s->top == CAP);
}

/*@ requires \valid_read(s) && \forall integer k; 0 <= k < CAP ==> -1000 <= s->data[k] <= 1000;
    assigns \nothing;
    ensures \result == s->data[0] + s->data[1] + s->data[2]; */
int sum3(const Stack *s) { return s->data[0] + s->data[1] + s->data[2]; }

/*@ requires \valid(t + (0 .. n - 1)) && 0 <= n <= 100;
    assigns t[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> t[k] == 7; */
void fill(int *t, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> t[k] == 7;
      loop assigns i, t[0 .. n - 1];
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    t[i] = 7;
}

/*@ assigns \nothing;
    ensures \result == 7 + 7 + 2; */
int local_stack(void) {
  Stack s = {{1, 2}, 2};
  fill(s.data, CAP);
  return s.data[0] + s.data[3] + s.top;
}

// A structure copy copies its array: writing the copy leaves the original as it was.
/*@ assigns \nothing;
    ensures \result == 3; */
int copy_is_deep(void) {
  Stack a = {{1, 2, 3}, 3};
  Stack b = a;
  b.data[2] = 0;
  return a.data[2] + b.data[2] + b.data[3];
}

Stack G;

/*@ requires 0 <= G.top < CAP;
    assigns G.data[0 .. CAP - 1], G.top;
    ensures G.data[\old(G.top)] == 5; */
void global_stack(void) { push(&G, 5); }
