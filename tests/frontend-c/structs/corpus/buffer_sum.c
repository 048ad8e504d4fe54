// Summing an array field with a loop.
// expect: sum.ensures1 proved
#define N 4
typedef struct { int items[N]; int count; } Buffer;

/*@ requires \valid_read(b) && 0 <= b->count <= N;
    requires \forall integer k; 0 <= k < N ==> 0 <= b->items[k] <= 1000;
    assigns \nothing;
    ensures 0 <= \result <= 1000 * b->count; */
int sum(const Buffer *b) {
  int s = 0;
  /*@ loop invariant 0 <= i <= b->count && 0 <= s <= 1000 * i;
      loop assigns i, s;
      loop variant b->count - i; */
  for (int i = 0; i < b->count; i++)
    s += b->items[i];
  return s;
}
