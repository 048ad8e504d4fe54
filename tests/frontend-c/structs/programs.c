// Small programs over C memory as written in practice: records with arrays, records inside
// records, matrices, addresses of fields. Each `expect` line names a goal and its diagnosis.
// expect: deposit.ensures1 proved
// expect: deposit.ensures2 proved
// expect: withdraw_wrong.ensures1 non_compliance
// expect: area.ensures1 proved
// expect: grow.ensures1 proved
// expect: enqueue.ensures1 proved
// expect: enqueue.ensures2 proved
// expect: queue_sum.ensures1 proved
// expect: row_sum.ensures1 proved
// expect: swap_ends.ensures1 proved
// expect: swap_ends.ensures2 proved
// expect: max_field_wrong.ensures1 non_compliance
// expect: clear_history.ensures1 proved
#define LEN 4

typedef struct {
  int id;
  int balance;
} Account;

/*@ requires \valid(a) && 0 <= amount <= 1000 && 0 <= a->balance <= 1000000;
    assigns a->balance;
    ensures a->balance == \old(a->balance) + amount;
    ensures a->id == \old(a->id); */
void deposit(Account *a, int amount) { a->balance += amount; }

// A real bug: the balance may go below zero.
/*@ requires \valid(a) && 0 <= amount <= 1000 && 0 <= a->balance <= 1000000;
    assigns a->balance;
    ensures a->balance >= 0; */
void withdraw_wrong(Account *a, int amount) { a->balance -= amount; }

typedef struct {
  int x, y;
} Point;
typedef struct {
  Point low, high;
} Rect;

/*@ requires \valid_read(r) && 0 <= r->low.x <= r->high.x <= 1000 &&
             0 <= r->low.y <= r->high.y <= 1000;
    assigns \nothing;
    ensures \result == (r->high.x - r->low.x) * (r->high.y - r->low.y); */
int area(const Rect *r) { return (r->high.x - r->low.x) * (r->high.y - r->low.y); }

/*@ requires \valid(p) && 0 <= p->x <= 1000 && 0 <= p->y <= 1000;
    assigns p->x, p->y;
    ensures p->x == \old(p->x) + 1 && p->y == \old(p->y) + 1; */
void bump(Point *p) {
  p->x++;
  p->y++;
}

/*@ requires \valid(r) && 0 <= r->high.x <= 1000 && 0 <= r->high.y <= 1000;
    assigns r->high;
    ensures r->high.x == \old(r->high.x) + 1; */
void grow(Rect *r) { bump(&r->high); }

typedef struct {
  int items[LEN];
  int count;
} Queue;

/*@ requires \valid(q) && 0 <= q->count < LEN;
    assigns q->items[q->count], q->count;
    ensures q->count == \old(q->count) + 1;
    ensures q->items[\old(q->count)] == v; */
void enqueue(Queue *q, int v) {
  q->items[q->count] = v;
  q->count = q->count + 1;
}

/*@ requires \valid_read(q) && 0 <= q->count <= LEN;
    requires \forall integer k; 0 <= k < LEN ==> 0 <= q->items[k] <= 1000;
    assigns \nothing;
    ensures \result >= 0; */
int queue_sum(const Queue *q) {
  int s = 0;
  /*@ loop invariant 0 <= i <= q->count && 0 <= s <= 1000 * i;
      loop assigns i, s;
      loop variant q->count - i; */
  for (int i = 0; i < q->count; i++)
    s += q->items[i];
  return s;
}

/*@ requires \valid_read(m + (0 .. 1)) && 0 <= r < 2;
    requires \forall integer i, j; 0 <= i < 2 && 0 <= j < LEN ==> 0 <= m[i][j] <= 1000;
    assigns \nothing;
    ensures \result == m[r][0] + m[r][1] + m[r][2] + m[r][3]; */
int row_sum(int (*m)[LEN], int r) { return m[r][0] + m[r][1] + m[r][2] + m[r][3]; }

/*@ requires \valid(a) && \valid(b) && \separated(a, b);
    assigns *a, *b;
    ensures *a == \old(*b);
    ensures *b == \old(*a); */
void swap(int *a, int *b) {
  int t = *a;
  *a = *b;
  *b = t;
}

/*@ requires \valid(q);
    assigns q->items[0], q->items[LEN - 1];
    ensures q->items[0] == \old(q->items[LEN - 1]);
    ensures q->items[LEN - 1] == \old(q->items[0]); */
void swap_ends(Queue *q) { swap(&q->items[0], &q->items[LEN - 1]); }

// A real bug: the larger field is not always the first.
/*@ requires \valid_read(p);
    assigns \nothing;
    ensures \result >= p->x && \result >= p->y; */
int max_field_wrong(const Point *p) { return p->x; }

typedef struct {
  Account owner;
  int history[LEN];
} Ledger;

/*@ requires \valid(l);
    assigns l->history[0 .. LEN - 1];
    ensures l->owner.balance == \old(l->owner.balance); */
void clear_history(Ledger *l) {
  /*@ loop invariant 0 <= k <= LEN;
      loop assigns k, l->history[0 .. LEN - 1];
      loop variant LEN - k; */
  for (int k = 0; k < LEN; k++)
    l->history[k] = 0;
}
