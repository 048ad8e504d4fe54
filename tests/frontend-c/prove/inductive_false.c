// The cases of an inductive predicate say when it holds, not that it holds only then: a lemma
// that needs the converse is not proved.
/*@ inductive even(integer n) {
      case zero: even(0);
      case step: \forall integer n; even(n) ==> even(n + 2);
    }
    lemma false_one_is_not_even: !even(1);
*/
