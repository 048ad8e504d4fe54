// The null case is forgotten: a read through a null pointer.
// expect: value_of.rte_memory non_compliance
typedef struct { int id; int value; } Node;

/*@ assigns \nothing; */
int value_of(const Node *n) {
  if (n != 0 && n->id < 0) return 0;
  return n->value;
}
