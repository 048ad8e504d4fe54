// An inductive predicate: an abstract predicate with one axiom per case.
/*@ inductive even(integer n) {
      case zero: even(0);
      case step: \forall integer n; even(n) ==> even(n + 2);
    }
*/

/*@ requires 0 <= n <= 1000;
    assigns \nothing;
    ensures even(2 * n) ==> even(2 * n + 2); */
int twice_plus_one(int n) { return 2 * n + 2; }

//@ lemma four: even(4);
