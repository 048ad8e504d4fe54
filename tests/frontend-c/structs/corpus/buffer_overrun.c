// The full case is not excluded: the write runs past the array field.
// expect: push_any.index_bound1 non_compliance
#define N 8
typedef struct { int items[N]; int count; } Buffer;

/*@ requires \valid(b) && 0 <= b->count <= N;
    assigns b->items[0 .. N - 1], b->count; */
void push_any(Buffer *b, int v) {
  b->items[b->count] = v;
  if (b->count < N) b->count++;
}
