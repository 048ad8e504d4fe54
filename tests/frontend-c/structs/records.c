// Arrays of structures: `a[i].f`, pointer arithmetic over them, `\valid(a + (0 .. n - 1))`,
// `assigns a[0 .. n - 1].f`, local and global arrays of structures, structures with array
// and structure fields in arrays. Each `expect` line names a goal and its diagnosis.
// expect: clear.ensures1 proved
// expect: clear.ensures2 proved
// expect: clear_past.rte_memory non_compliance
// expect: find.ensures1 proved
// expect: find_first_only.ensures1 non_compliance
// expect: last.ensures1 proved
// expect: last_past.rte_memory non_compliance
// expect: distance.ensures1 proved
// expect: walk.ensures1 proved
// expect: fill.ensures1 proved
// expect: fill_wrong.ensures1 non_compliance
// expect: total.ensures1 proved
// expect: row_sum.ensures1 proved
// expect: widest.ensures1 proved
// expect: copy.ensures1 proved
// expect: copy_weak.ensures1 subcontract_weakness
// expect: call_twice.ensures1 subcontract_weakness
typedef struct {
  int id;
  int value;
} Node;

typedef struct {
  int x;
  int y;
} Point;

typedef struct {
  Point min;
  Point max;
} Box;

typedef struct {
  int len;
  int data[3];
} Row;

/*@ requires n >= 0 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1].value;
    ensures \forall integer k; 0 <= k < n ==> a[k].value == 0;
    ensures \forall integer k; 0 <= k < n ==> a[k].id == \old(a[k].id); */
void clear(Node *a, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k].value == 0;
      loop assigns i, a[0 .. n - 1].value;
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    a[i].value = 0;
}

// One past the end: a write outside the array.
/*@ requires 0 <= n < 1000 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n].value; */
void clear_past(Node *a, int n) {
  /*@ loop invariant 0 <= i <= n + 1;
      loop assigns i, a[0 .. n].value;
      loop variant n + 1 - i; */
  for (int i = 0; i <= n; i++)
    a[i].value = 0;
}

/*@ requires n >= 0 && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 1 <==> (\exists integer k; 0 <= k < n && a[k].id == key); */
int find(const Node *a, int n, int key) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> a[k].id != key;
      loop assigns i;
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    if (a[i].id == key)
      return 1;
  return 0;
}

// Looks at the first node only: a key in a later node is missed.
/*@ requires n >= 0 && \valid_read(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == 1 <==> (\exists integer k; 0 <= k < n && a[k].id == key); */
int find_first_only(const Node *a, int n, int key) {
  return n > 0 && a[0].id == key;
}

/*@ requires n > 0 && \valid(a + (0 .. n - 1));
    assigns \nothing;
    ensures \result == a[n - 1].value; */
int last(Node *a, int n) {
  Node *p = a;
  p += n - 1;
  return p->value;
}

/*@ requires n > 0 && \valid(a + (0 .. n - 1));
    assigns \nothing; */
int last_past(Node *a, int n) {
  Node *p = a + n;
  return p->value;
}

/*@ requires \valid(a + (0 .. 2));
    assigns \nothing;
    ensures \result == 2; */
int distance(Node *a) {
  Node *p = &a[2];
  Node *q = a;
  q++;
  return (int)(p - q) + (q < p);
}

// A pointer walks the array.
/*@ requires n >= 0 && \valid(a + (0 .. n - 1));
    assigns a[0 .. n - 1].id;
    ensures \forall integer k; 0 <= k < n ==> a[k].id == k; */
void walk(Node *a, int n) {
  int k = 0;
  /*@ loop invariant 0 <= k <= n && p == a + k;
      loop invariant \forall integer j; 0 <= j < k ==> a[j].id == j;
      loop assigns k, p, a[0 .. n - 1].id;
      loop variant n - k; */
  for (Node *p = a; p < a + n; p++) {
    p->id = k;
    k++;
  }
}

Node table[3];

/*@ assigns table[0 .. 2].id;
    ensures table[1].id == 5 && table[0].id == 2; */
void fill(void) {
  Node local[2] = {{1, 2}, {3, 4}};
  table[0].id = local[0].value;
  table[1].id = local[1].id + 2;
  table[2].id = local[1].value;
}

// The third node keeps its old id, which the postcondition does not allow for.
/*@ assigns table[0 .. 1].id;
    ensures \forall integer k; 0 <= k < 3 ==> table[k].id >= 0; */
void fill_wrong(void) {
  table[0].id = 0;
  table[1].id = 1;
}

// Structures with an array field, in an array, one at a time to a callee.
/*@ requires \valid_read(r) && 0 <= r->len <= 3;
    requires \forall integer j; 0 <= j < 3 ==> 0 <= r->data[j] <= 100;
    assigns \nothing;
    ensures 0 <= \result <= 300; */
int row_sum(const Row *r) {
  int s = 0;
  /*@ loop invariant 0 <= j <= r->len && 0 <= s <= 100 * j;
      loop assigns j, s;
      loop variant r->len - j; */
  for (int j = 0; j < r->len; j++)
    s += r->data[j];
  return s;
}

/*@ requires 0 <= n <= 1000 && \valid_read(rows + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> 0 <= rows[k].len <= 3;
    requires \forall integer k, j; 0 <= k < n && 0 <= j < 3 ==> 0 <= rows[k].data[j] <= 100;
    assigns \nothing;
    ensures \result >= 0; */
int total(const Row *rows, int n) {
  int s = 0;
  /*@ loop invariant 0 <= i <= n && 0 <= s <= 300 * i;
      loop assigns i, s;
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    s += row_sum(&rows[i]);
  return s;
}

// Structures with structure fields, in an array.
/*@ requires n > 0 && \valid_read(b + (0 .. n - 1));
    requires \forall integer k; 0 <= k < n ==> 0 <= b[k].min.x <= b[k].max.x <= 1000;
    assigns \nothing;
    ensures \forall integer k; 0 <= k < n ==> \result >= b[k].max.x - b[k].min.x; */
int widest(const Box *b, int n) {
  int w = b[0].max.x - b[0].min.x;
  /*@ loop invariant 1 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> w >= b[k].max.x - b[k].min.x;
      loop assigns i, w;
      loop variant n - i; */
  for (int i = 1; i < n; i++)
    if (b[i].max.x - b[i].min.x > w)
      w = b[i].max.x - b[i].min.x;
  return w;
}

/*@ requires n >= 0 && \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> dst[k].id == src[k].id; */
void copy(Node *dst, const Node *src, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop invariant \forall integer k; 0 <= k < i ==> dst[k].id == src[k].id;
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

// The loop's invariant forgets what it copied: the contract is too weak, not the code.
/*@ requires n >= 0 && \valid(dst + (0 .. n - 1)) && \valid_read(src + (0 .. n - 1));
    requires \separated(dst + (0 .. n - 1), src + (0 .. n - 1));
    assigns dst[0 .. n - 1];
    ensures \forall integer k; 0 <= k < n ==> dst[k].id == src[k].id; */
void copy_weak(Node *dst, const Node *src, int n) {
  /*@ loop invariant 0 <= i <= n;
      loop assigns i, dst[0 .. n - 1];
      loop variant n - i; */
  for (int i = 0; i < n; i++)
    dst[i] = src[i];
}

/*@ requires \valid(p);
    assigns p->value;
    ensures p->value >= 0; */
void reset(Node *p) { p->value = 0; }

// The callee's postcondition says too little for the caller.
/*@ requires \valid(a + (0 .. 1));
    assigns a[0 .. 1].value;
    ensures a[0].value == 0 && a[1].value == 0; */
void call_twice(Node *a) {
  reset(a);
  reset(a + 1);
}
