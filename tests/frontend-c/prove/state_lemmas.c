// Lemmas over several memory states: the true ones are proved, the false one is not (each label
// reads a memory of its own, so nothing ties two states together unless the lemma says so). A
// lemma is assumed by the goals after it, as in WP: a false lemma comes last, one per file.
/*@ predicate Same{K,L}(int *a, integer n) =
      \forall integer i; 0 <= i < n ==> \at(a[i], K) == \at(a[i], L);

    lemma same_symmetric{K,L}:
      \forall int *a, integer n; Same{K,L}(a, n) ==> Same{L,K}(a, n);

    lemma same_transitive{K,L,M}:
      \forall int *a, integer n; Same{K,L}(a, n) ==> Same{L,M}(a, n) ==> Same{K,M}(a, n);

    lemma same_shrinks{K,L}:
      \forall int *a, integer m, n; 0 <= m <= n ==> Same{K,L}(a, n) ==> Same{K,L}(a, m);

*/

/*@ requires n > 0 && \valid(a + (0 .. n - 1));
    assigns \nothing;
    ensures Same{Old,Here}(a, n); */
void keep(int *a, int n)
{
  //@ assert Same{Pre,Here}(a, n);
}

/*@ lemma false_same_grows{K,L}:
      \forall int *a, integer n; Same{K,L}(a, n) ==> Same{K,L}(a, n + 1); */
