// error: 2:5: 'inductive' annotations are not supported
/*@ inductive even(integer n) {
      case zero: even(0);
    }
 */
int f(void) { return 0; }
