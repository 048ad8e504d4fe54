// Taking the address of locals and parameters: each lives in a one-cell array (address_taken.cpp).
/*@ requires \valid(p);
    assigns *p;
    ensures *p == 0; */
void zero(int *p) { *p = 0; }

/*@ requires \valid(p) && \valid(q) && \separated(p, q);
    assigns *p, *q;
    ensures *p == \old(*q) && *q == \old(*p); */
void swap(int *p, int *q) { int t = *p; *p = *q; *q = t; }

/*@ requires 0 <= x <= 100;
    assigns \nothing;
    ensures \result == 0; */
int f(int x)
{
  int y = x + 1;
  zero(&y);
  //@ assert y == 0;
  zero(&x);
  return x + y;
}

/*@ assigns \nothing;
    ensures \result == b; */
int g(int a, int b)
{
  swap(&a, &b);
  return a;
}
