// error: 5:5: unknown behavior 'neg'
/*@ behavior pos:
      assumes x > 0;
      ensures \result > 0;
    complete behaviors pos, neg;
 */
int f(int x) { return x; }
