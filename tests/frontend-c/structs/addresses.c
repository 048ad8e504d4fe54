// Addresses of structures and of their fields (docs/c-frontend.md, "Structures"): of a global
// structure, of a parameter passed by value, of a field of either. Each `expect` line names a
// goal and its diagnosis.
// expect: set_global_field.ensures1 proved
// expect: set_global.ensures1 proved
// expect: param_field.ensures1 proved
// expect: param_whole.ensures1 proved
// expect: global_wrong.ensures1 non_compliance
typedef struct {
  int a;
  int b;
} S;

S G;

/*@ requires \valid(p);
    assigns *p;
    ensures *p == 1; */
void one(int *p) { *p = 1; }

/*@ requires \valid(q);
    assigns q->a;
    ensures q->a == 1; */
void one_a(S *q) { q->a = 1; }

/*@ assigns G.a;
    ensures G.a == 1 && G.b == \old(G.b); */
void set_global_field(void) { one(&G.a); }

/*@ assigns G.a;
    ensures G.a == 1; */
void set_global(void) { one_a(&G); }

/*@ assigns \nothing;
    ensures \result == 1; */
int param_field(S v) {
  one(&v.b);
  return v.b;
}

/*@ assigns \nothing;
    ensures \result == v.b; */
int param_whole(S v) {
  S *q = &v;
  return q->b;
}

/*@ assigns G.b;
    ensures G.b == 2; */
void global_wrong(void) {
  int *p = &G.b;
  *p = 1;
}
