// The address of a global structure given to a callee.
// expect: reset_cfg.ensures1 proved
typedef struct { int enabled; int level; } Config;
Config cfg;

/*@ requires \valid(c);
    assigns c->enabled, c->level;
    ensures c->enabled == 0 && c->level == 0; */
void clear(Config *c) {
  c->enabled = 0;
  c->level = 0;
}

/*@ assigns cfg.enabled, cfg.level;
    ensures cfg.level == 0; */
void reset_cfg(void) { clear(&cfg); }
