#ifndef INKPATH_LIBPQ_SHIM_H
#define INKPATH_LIBPQ_SHIM_H
#include <libpq-fe.h>
#endif
