// The level is clamped at 5, which the postcondition does not say.
// expect: set_level.ensures1 non_compliance
typedef struct { int enabled; int level; } Config;
Config cfg;

/*@ requires 0 <= l <= 10;
    assigns cfg.level;
    ensures cfg.level == l; */
void set_level(int l) {
  cfg.level = l > 5 ? 5 : l;
}
