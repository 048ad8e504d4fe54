#pragma once
#define LIMIT 1000
#define DOUBLE(v) (2 * (v))
#ifndef SCALE
#define SCALE 3
#endif
