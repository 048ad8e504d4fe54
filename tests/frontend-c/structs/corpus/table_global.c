// A global array of structures, filled and read.
// expect: init_table.ensures1 proved
typedef struct { int key; int val; } Entry;
Entry table[4];

/*@ assigns table[0 .. 3];
    ensures \forall integer k; 0 <= k < 4 ==> table[k].key == k && table[k].val == 0; */
void init_table(void) {
  /*@ loop invariant 0 <= i <= 4;
      loop invariant \forall integer k; 0 <= k < i ==> table[k].key == k && table[k].val == 0;
      loop assigns i, table[0 .. 3];
      loop variant 4 - i; */
  for (int i = 0; i < 4; i++) {
    table[i].key = i;
    table[i].val = 0;
  }
}
