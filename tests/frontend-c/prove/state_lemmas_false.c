// The other false lemma over two states (see state_lemmas.c): alone in its file.
//@ lemma false_any_two_states_agree{K,L}: \forall int *a; \at(a[0], K) == \at(a[0], L);
