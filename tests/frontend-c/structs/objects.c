// The structure pointers a function receives are objects C can have (docs/c-frontend.md,
// "Structures"): each is valid or invalid as a whole, and two are the same object or share no
// cell. Each `expect` line names a goal and its diagnosis.
// expect: set_value.rte_memory non_compliance
// expect: set_value.ensures1 proved
// expect: set_value.ensures2 proved
// expect: set_valid.ensures1 proved
// expect: set_valid.ensures2 proved
// expect: set_valid.rte_memory proved
// expect: other_kept.ensures1 proved
// expect: same_node.ensures1 proved
// expect: off_by_one.ensures1 non_compliance
typedef struct {
  int id;
  int value;
} Node;

/*@ requires node != \null;
    assigns node->value;
    ensures node->id == \old(node->id);
    ensures node->value == v; */
void set_value(Node *node, int v) { node->value = v; }

/*@ requires \valid(node);
    assigns node->value;
    ensures node->id == \old(node->id);
    ensures node->value == v; */
void set_valid(Node *node, int v) { node->value = v; }

// Two nodes: writing a field of one never changes another field of the other.
/*@ requires \valid(a) && \valid(b);
    assigns a->value;
    ensures b->id == \old(b->id); */
void other_kept(Node *a, Node *b) { a->value = 1; }

// The same node seen twice: its fields are the same cells.
/*@ requires \valid(a) && \valid(b);
    assigns a->value;
    ensures a == b ==> b->value == 1; */
void same_node(Node *a, Node *b) { a->value = 1; }

// A real bug: the counterexample is a whole node.
/*@ requires \valid(n) && n->value < 100;
    assigns n->value;
    ensures n->value == \old(n->value) + n->id; */
void off_by_one(Node *n) { n->value = n->value + 1; }
