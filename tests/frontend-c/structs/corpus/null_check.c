// A pointer to a structure compared with 0 and NULL, C's null pointer constants.
// expect: id_or.ensures1 proved
// expect: id_or.ensures2 proved
#include <stddef.h>
typedef struct { int id; int value; } Node;

/*@ requires n == 0 || \valid_read(n);
    assigns \nothing;
    ensures n == 0 ==> \result == dflt;
    ensures n != \null ==> \result == n->id; */
int id_or(const Node *n, int dflt) {
  if (n == NULL) return dflt;
  return n->id;
}
