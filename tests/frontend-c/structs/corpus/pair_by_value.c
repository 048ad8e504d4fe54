// Structures by value: passed, returned, compared.
// expect: swap_pair.ensures1 proved
// expect: same.ensures1 proved
typedef struct { int first; int second; } Pair;

/*@ assigns \nothing;
    ensures \result.first == p.second && \result.second == p.first; */
Pair swap_pair(Pair p) {
  Pair q = {p.second, p.first};
  return q;
}

/*@ assigns \nothing;
    ensures \result == 1; */
int same(int a, int b) {
  Pair p = {a, b};
  Pair q = swap_pair(swap_pair(p));
  return q.first == p.first && q.second == p.second;
}
