// The structures of stack.c and bugs.c: a stack over an array, and a pair returned by value.
#ifndef STACK_H
#define STACK_H

typedef unsigned int size_type;

struct Stack {
  int *data;
  size_type cap;
  size_type sz;
};
typedef struct Stack Stack;

typedef struct {
  size_type first;
  size_type second;
} pair;

/*@
  predicate Valid(Stack *s) =
    \valid(s) && 0 < s->cap && s->sz <= s->cap &&
    \valid(s->data + (0 .. s->cap - 1)) && \separated(s, s->data + (0 .. s->cap - 1));
*/

#endif
