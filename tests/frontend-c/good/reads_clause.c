// A reads clause on an abstract logic function is accepted (and ignored).
/*@ axiomatic A {
  logic integer val(int *p) reads *p;
  axiom val_def: \forall int *p; val(p) >= 0;
} */
/*@ requires \valid(p);
    assigns \nothing;
    ensures val(p) >= 0; */
void f(int *p) {}
