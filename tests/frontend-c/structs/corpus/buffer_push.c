// An array inside a structure, guarded by its count.
// expect: push.ensures1 proved
// expect: push.ensures2 proved
#define N 8
typedef struct { int items[N]; int count; } Buffer;

/*@ requires \valid(b) && 0 <= b->count < N;
    assigns b->items[0 .. N - 1], b->count;
    ensures b->count == \old(b->count) + 1;
    ensures b->items[\old(b->count)] == v; */
void push(Buffer *b, int v) {
  b->items[b->count] = v;
  b->count++;
}
