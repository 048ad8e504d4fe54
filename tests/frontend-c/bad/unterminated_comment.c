// error: 3:1: unterminated comment
int f(void) { return 0; }
/* a comment
   that never ends
