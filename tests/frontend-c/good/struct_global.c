// Global structures and global pointers to structures: a global per field.
typedef struct {
  int id;
  int value;
} Node;
Node g;
Node *gp;

/*@ requires \valid(gp);
    assigns g.value, gp->id;
    ensures g.value == v && gp->id == g.id;
    ensures g.id == \old(g.id);
*/
void set(int v)
{
  g.value = v;
  gp->id = g.id;
}
