#ifndef GUARDED_H
#define GUARDED_H
#define LIMIT 42
#endif
