// A global structure read and written by name.
// expect: enable.ensures1 proved
// expect: enable.ensures2 proved
typedef struct { int enabled; int level; } Config;
Config cfg;

/*@ requires 0 <= l <= 10;
    assigns cfg.enabled, cfg.level;
    ensures cfg.enabled == 1;
    ensures cfg.level == l; */
void enable(int l) {
  cfg.enabled = 1;
  cfg.level = l;
}
