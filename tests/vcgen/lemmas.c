/* Lemmas as the ACSL by Example corpus writes them: a recursive definition, lemmas that need
   induction (proved by induction on n: docs/prove.md, "Lemmas by induction"; assumed by what
   follows in any case, as under Frama-C WP), and lemmas and function goals that follow from
   them. tests/vcgen/cli.py checks which are proved. */

/*@
  predicate NoneEqual(int* a, integer m, integer n, int v) =
    \forall integer i; m <= i < n ==> a[i] != v;

  logic integer Find(int* a, integer m, integer n, int v) =
    (n <= m) ? 0 : ((0 <= Find(a, m, n-1, v) < n-m-1) ?
       Find(a, m, n-1, v) : ((a[n-1] == v) ? n-m-1 : n-m));

  // Needs induction.
  lemma Find_Increasing:
    \forall int *a, v, integer k, m, n;
      m <= k <= n  ==>  Find(a, m, k, v) <= Find(a, m, n, v);

  // Needs induction.
  lemma Find_Limit:
    \forall int *a, v, integer k, m, n;
      m <= k < n  ==>  a[k] == v  ==>  Find(a, m, n, v) <= k-m;

  // Needs induction.
  lemma Find_NoneEqual:
    \forall int *a, v, integer m, n;
      m <= n  ==>  NoneEqual(a, m, n, v)  ==>  Find(a, m, n, v) == n-m;

  // From Find_Limit, once the quantifier of NoneEqual is a constant to refute (it was a
  // bound variable, which the instances of Find_Limit never reached).
  lemma Find_ResultNoneEqual:
    \forall int *a, v, integer m, n;
      m <= n  ==>  NoneEqual(a, m, m + Find(a, m, n, v), v);

  logic integer Sum{L}(int* a, integer n) = n <= 0 ? 0 : Sum(a, n-1) + a[n-1];

  predicate Unchanged{K,L}(int* a, integer n) =
    \forall integer i; 0 <= i < n ==> \at(a[i],K) == \at(a[i],L);

  // Needs induction.
  lemma Sum_Unchanged{K,L}:
    \forall int* a, integer n;  Unchanged{K,L}(a, n)  ==>  Sum{K}(a, n) == Sum{L}(a, n);

  // From Sum_Unchanged, a lemma over two states.
  lemma Sum_Unchanged_Shrink{K,L}:
    \forall int* a, integer m, n;
      0 <= m <= n  ==>  Unchanged{K,L}(a, n)  ==>  Sum{K}(a, m) == Sum{L}(a, m);
*/

/*@
  requires \valid(a + (0..n));
  requires 0 <= n;
  assigns  a[n];
  ensures  same_sum: Sum(a, n) == Sum{Pre}(a, n);
*/
void clear_after(int* a, int n)
{
  a[n] = 0;
}

/*@
  // False: a hit before n makes Find smaller. Last, since what follows a lemma assumes it.
  lemma Find_Wrong:
    \forall int *a, v, integer m, n;
      m <= n  ==>  Find(a, m, n, v) == n-m;
*/
