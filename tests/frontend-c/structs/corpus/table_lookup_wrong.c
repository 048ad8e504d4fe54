// Looking up a key in a global table: the last entry is never looked at.
// expect: lookup.ensures1 non_compliance
typedef struct { int key; int val; } Entry;
Entry table[4];

/*@ assigns \nothing;
    ensures (\exists integer k; 0 <= k < 4 && table[k].key == key) ==> \result >= 0; */
int lookup(int key) {
  for (int i = 0; i < 3; i++)
    if (table[i].key == key) return table[i].val >= 0 ? table[i].val : 0;
  return -1;
}
