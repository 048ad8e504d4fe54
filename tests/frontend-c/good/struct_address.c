// A structure whose address is taken lives in memory, one cell per field.
struct S { int a; int b; };
/*@ requires \valid(p); assigns p->a; ensures p->a == v; */
void set(struct S *p, int v) { p->a = v; }
/*@ assigns \nothing; ensures \result == 3; */
int f(void) { struct S s = {1, 2}; set(&s, 3); return s.a; }
/*@ assigns \nothing; ensures \result == 2; */
int g(void) { struct S s = {1, 2}; set(&s, 3); return s.b; }
/*@ assigns \nothing; ensures \result == 5; */
int h(void) { struct S s; struct S *p = &s; s.b = 5; return p->b; }
