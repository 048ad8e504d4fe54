// Structure assignment copies every field, nested and array fields too.
// expect: copy_box.ensures1 proved
// expect: copy_box.ensures2 proved
typedef struct { int x; int y; } Point;
typedef struct { Point at; int tag[2]; } Box;

/*@ requires \valid(dst) && \valid_read(src) && \separated(dst, src);
    assigns *dst;
    ensures dst->at.x == src->at.x && dst->at.y == src->at.y;
    ensures dst->tag[0] == src->tag[0] && dst->tag[1] == src->tag[1]; */
void copy_box(Box *dst, const Box *src) {
  *dst = *src;
}
